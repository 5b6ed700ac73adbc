// The SystemC shell: a Network shown as a tree of sc_modules and stepped by a clock.
//
//   ScNetwork "accel"                      the top; one SC_METHOD on clk's rising edge
//     ScScopeModule "gemm"                 one per DFG scope (function, loop, branch),
//       ScScopeModule "for0"               taken from the op names' '/' hierarchy
//         ScOpModule "gate"                one per op, named after its node
//
// The modules are thin: no ports, no signals, no behaviour. Each ScOpModule only names
// its op (models::Op, a plain C++ class) in the SystemC hierarchy, so tools that walk
// the hierarchy (and a trace writer) see the program's structure. The whole network is
// stepped by one process: every rising clock edge runs Network::tick(), i.e. exactly
// one engine cycle, so sc_start(n clock periods) advances the network n cycles and the
// engine's cycle counter equals the number of rising edges seen: cycle c is the edge
// at time c * period. When a tick settles an invocation the process calls sc_pause(),
// so the host's sc_start() returns right there (ScNetwork::invoke); the next
// sc_start() continues on the same time axis.
//
// SystemC names cannot contain '.' (its hierarchy separator) and should not contain
// other punctuation, so each name component is sanitized ([A-Za-z0-9_] kept, anything
// else becomes '_'; "if1.then" -> "if1_then") and made unique among its siblings by
// a numeric suffix.
//
// SystemC elaborates once per process: build every ScNetwork (and bind its clock)
// before the first sc_start. The engines and Network do not need any of this.
#pragma once

#include "sim/network.h"

#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace loom::sim {

// "if1.then" -> "if1_then"; never empty.
std::string scSafeName(const std::string& component);

class ScOpModule : public sc_core::sc_module {
public:
  ScOpModule(sc_core::sc_module_name name, models::Op& op, uint32_t index)
      : sc_core::sc_module(name), op_(op), index_(index) {}
  const char* kind() const override { return "loom_op"; }
  models::Op& op() const { return op_; }
  uint32_t index() const { return index_; }

private:
  models::Op& op_;
  uint32_t index_;
};

// The scope tree the modules are built from (plain data, built before any module).
struct ScopeTree {
  std::string name;                                  // sanitized, unique among siblings
  std::vector<std::unique_ptr<ScopeTree>> scopes;    // child scopes, in first-seen order
  std::vector<std::pair<std::string, uint32_t>> ops; // (sanitized leaf name, op index)
};
// Splits every op name at '/' into scopes and a leaf.
std::unique_ptr<ScopeTree> buildScopeTree(const Circuit& circuit);

class ScScopeModule;

// The modules under one scope. They are created inside the parent module's
// constructor, which is how SystemC knows whose children they are.
struct ScChildren {
  std::vector<std::unique_ptr<ScScopeModule>> scopes;
  std::vector<std::unique_ptr<ScOpModule>> ops;
  void build(const ScopeTree& tree, Network& net, std::vector<ScOpModule*>& opModules);
};

class ScScopeModule : public sc_core::sc_module {
public:
  ScScopeModule(sc_core::sc_module_name name, const ScopeTree& tree, Network& net,
                std::vector<ScOpModule*>& opModules);
  const char* kind() const override { return "loom_scope"; }

private:
  ScChildren children_;
};

class ScNetwork : public sc_core::sc_module {
public:
  sc_core::sc_in<bool> clk;

  ScNetwork(sc_core::sc_module_name name, Network& net);
  const char* kind() const override { return "loom_network"; }

  Network& network() { return net_; }
  // The module of op `index` (its name() is the full hierarchical name).
  const ScOpModule& opModule(uint32_t index) const { return *opModules_[index]; }

  // One invocation on the clock: begin, sc_start() until the invocation settles (the
  // shell pauses the simulation at that rising edge), then one more clock period, in
  // which nothing happens, so that the time sits at the next cycle's edge, not yet
  // processed: invocations and sc_start(n periods) then always advance whole cycles,
  // and after an invocation sc_time_stamp() == endCycle * period. clk must be bound
  // to an sc_clock.
  InvocationResult invoke(const Invocation& inv);

private:
  void onRisingEdge();

  Network& net_;
  std::unique_ptr<ScopeTree> tree_;
  std::vector<ScOpModule*> opModules_;
  ScChildren children_;
};

} // namespace loom::sim
