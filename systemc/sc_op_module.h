// ScOpModule: one op of a network as an sc_module, for every op kind alike.
//
// One generic class, shaped by the op's row of the op table (ops/op_table.h): its
// sc_ports are named after the row's ports, an input an sc_port<ScPopIf> and an output
// an sc_port<ScPushIf>, so direction is in the types. A port the row lists once is one
// sc_port ("before_cond", "select", "addr"); a group that repeats (a fork's outputs, a
// mux's data inputs, a memory's per-load and per-store ports) is an sc_vector of ports
// named after the row's pattern ("out" for "out%u": out_0, out_1, ...; "ld_addr" for
// "ld%u.addr"); an output named like an input gets "_out" (a load's "addr_out", a
// return's "ctrl_out"). ScNetwork binds every port to the ScChannel of the op's channel.
//
// Behaviour: the op's model (models/*.h), the one definition of it. The module's
// process runs once per cycle in which the engine wakes the op (ScEngine: the event
// engine's wake rules), on the rising edge, and evaluates the model. The model pushes
// and pops the timing model's FIFOs through its own InPort/OutPort; at the end of
// elaboration the module checks that each of those is the FIFO behind the ScChannel
// its sc_port is bound to, so the SystemC netlist and the model's wiring are one
// netlist (a mismatch is an error report naming the port).
//
// An extmemory's module also has a TLM-2.0 initiator socket "mem" (sc_memory_socket.h)
// through which its model's requests go. Bind it to a target of your own before the end
// of elaboration; left unbound, it is bound then to the shipped ScMemoryTarget
// ("mem_target", the timing's extmemory latency: the event engine's cycles).
#pragma once

#include "models/model.h"
#include "systemc/sc_channel.h"
#include "systemc/sc_memory_socket.h"

#include <memory>
#include <set>
#include <string>
#include <systemc>
#include <vector>

namespace loom::systemc {

class ScCycle;

class ScOpModule : public sc_core::sc_module {
public:
  using InPort = sc_core::sc_port<ScPopIf>;
  using OutPort = sc_core::sc_port<ScPushIf>;

  // `engine` null: the module has ports but no process (a netlist only).
  ScOpModule(sc_core::sc_module_name name, models::Model& op, uint32_t index, ScCycle* engine);
  const char* kind() const override { return "loom_op"; }
  models::Model& op() const { return op_; }
  uint32_t index() const { return index_; }

  // The sc_port of the model's input / output `port` (model numbering).
  InPort& in(int port) { return *in_[static_cast<size_t>(port)]; }
  OutPort& out(int port) { return *out_[static_cast<size_t>(port)]; }
  int numInputs() const { return static_cast<int>(in_.size()); }
  int numOutputs() const { return static_cast<int>(out_.size()); }

  // An extmemory's TLM port (null for every other op, and without an engine).
  ScMemoryPort* memoryPort() { return memPort_.get(); }
  // The shipped target bound to it at the end of elaboration (null if the socket was
  // bound to another target).
  ScMemoryTarget* defaultMemoryTarget() { return defaultTarget_.get(); }

  // The engine woke the op for this cycle (immediate notification: same evaluate phase).
  void wake() { wake_.notify(); }
  // The phase for sc_trace (ops with phases); sampled after each evaluation.
  void samplePhase() { phase_ = op_.phase(); }
  const int& tracedPhase() const { return phase_; }

private:
  template <class Port> struct Side {
    std::vector<std::unique_ptr<Port>> single;
    std::vector<std::unique_ptr<sc_core::sc_vector<Port>>> vectors;
    std::vector<Port*> byIndex; // model port -> its sc_port
  };
  template <class Port>
  void makePorts(Side<Port>& side, bool input, int count, std::set<std::string>& taken);
  void run();
  void before_end_of_elaboration() override;
  void end_of_elaboration() override;

  models::Model& op_;
  uint32_t index_;
  ScCycle* engine_;
  Side<InPort> inSide_;
  Side<OutPort> outSide_;
  std::vector<InPort*>& in_ = inSide_.byIndex;
  std::vector<OutPort*>& out_ = outSide_.byIndex;
  sc_core::sc_event wake_;
  int phase_ = 0;
  std::unique_ptr<ScMemoryPort> memPort_;
  std::unique_ptr<ScMemoryTarget> defaultTarget_;
};

} // namespace loom::systemc
