// ScNetwork: a Network (sim/network.h) elaborated as a SystemC netlist and run by
// SystemC's scheduler.
//
//   ScNetwork "accel"                  the top: clk, the edge and cycle-end processes
//     ScScopeModule "gemm"             one per DFG scope (function, loop, branch),
//       ScScopeModule "for0"           taken from the op names' '/' hierarchy
//         ScOpModule "gate"            one per op (sc_op_module.h): sc_ports after the
//                                      op table, the op's model as its behaviour
//         ScChannel "gate__after_cond" one per channel (sc_channel.h), beside its
//                                      producer, bound to both ends' ports
//
// The network's engine becomes an ScEngine (sc_engine.h): every cycle the host runs
// (Network::invoke, drain, tick) is one sc_start of a clock period, in which the rising
// edge wakes the op modules the event engine's rules wake, their processes evaluate
// the models, the channels commit in the update phase, and the cycle ends a delta
// later (embedded or with user modules; otherwise once sc_start returns). So the
// cycles, results, counters, token log and phase reports are the event engine's,
// exactly, and SystemC's time is the run's cycle axis: cycle c of the run is the edge
// at c * period, whichever network runs it (an idle network does nothing on an edge;
// every network of a program shares one clock).
//
// SystemC elaborates once per process: build every ScNetwork (and bind its clock, and
// call trace() for a trace file) before the first sc_start, and before the network
// has run any cycle.
#pragma once

#include "sim/network.h"
#include "systemc/sc_channel.h"
#include "systemc/sc_engine.h"
#include "systemc/sc_names.h"
#include "systemc/sc_op_module.h"
#include "systemc/sc_rising_clock.h"
#include "systemc/sc_user_op.h"

#include <memory>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

namespace loom::systemc {

class ScScopeModule;

// The modules and channels under one scope. They are created inside the parent
// module's constructor, which is how SystemC knows whose children they are.
struct ScChildren {
  std::vector<std::unique_ptr<ScScopeModule>> scopes;
  std::vector<std::unique_ptr<ScOpModule>> ops;
  std::vector<std::unique_ptr<ScChannel>> channels;
  std::vector<std::unique_ptr<ScUserOp>> userOps;
  struct Context {
    sim::Network& net;
    ScEngine* engine;
    std::vector<ScOpModule*>& opModules; // null for an op a user module stands in for
    std::vector<ScChannel*>& channels;
    std::vector<std::pair<uint32_t, ScUserOp*>>& userOps; // (op, its user module)
  };
  void build(const ScopeTree& tree, Context& cx);
};

class ScScopeModule : public sc_core::sc_module {
public:
  ScScopeModule(sc_core::sc_module_name name, const ScopeTree& tree, ScChildren::Context& cx);
  const char* kind() const override { return "loom_scope"; }

private:
  ScChildren children_;
};

class ScNetwork : public sc_core::sc_module {
public:
  sc_core::sc_in<bool> clk;

  // `period`: the clock's period (clk must be bound to an sc_clock of that period,
  // rising edges at 0, period, 2 * period, ..., or to an ScRisingClock of it).
  ScNetwork(sc_core::sc_module_name name, sim::Network& net,
            sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS));
  const char* kind() const override { return "loom_network"; }

  sim::Network& network() { return net_; }
  // The module of op `index` / the channel of channel `index` (their name() is the
  // full hierarchical name). An op a user module stands in for (sc_user_op.h) has no
  // ScOpModule: userOp(index) is its module.
  const ScOpModule& opModule(uint32_t index) const { return *opModules_[index]; }
  const ScChannel& channel(uint32_t index) const { return *channels_[index]; }
  ScOpModule& opModule(uint32_t index) { return *opModules_[index]; }
  bool hasOpModule(uint32_t index) const { return opModules_[index] != nullptr; }
  ScUserOp* userOp(uint32_t index) const;
  // The TLM port of the extmemory of function argument `argIndex` (null: none). Bind
  // its socket before the end of elaboration, or leave it to the shipped target.
  ScMemoryPort* memoryPort(int argIndex);

  // One invocation (Network::invoke): every cycle of it one clock period of sc_start.
  // Afterwards sc_time_stamp() sits on the edge of the network's next cycle.
  sim::InvocationResult invoke(const sim::Invocation& inv);

  // Embedded in a running simulation: invoke() (Network::invoke) is called from an
  // SC_THREAD, and each cycle waits for the clock's next rising edge (ScEngine).
  void setEmbedded(bool on) { engine_->setEmbedded(on); }

  // Traces every channel (valid, ready, data, transfer) and every op's phase (ops
  // with phases) to `tf` under the modules' hierarchical names. Before sc_start.
  void trace(sc_core::sc_trace_file* tf);

private:
  // Why clk cannot run this network (null: it can).
  std::optional<std::string> checkClock();
  void onRisingEdge();
  void onCycleEnd();

  sim::Network& net_;
  ScEngine* engine_; // owned by net_
  std::unique_ptr<ScopeTree> tree_;
  std::vector<ScOpModule*> opModules_;
  std::vector<ScChannel*> channels_;
  std::vector<std::pair<uint32_t, ScUserOp*>> userOps_;
  ScChildren children_;
  sc_core::sc_event cycleEnd_;
};

} // namespace loom::systemc
