// The scope tree a waveform viewer shows for one network: the DFG's hierarchy.
//
//   <function>                  the network (top scope)
//     <loop / branch scope>...  one level per component of the op names, which the
//                               lowering writes as scope paths: "gemm/for0.guard/for0/
//                               load.a" is op load.a in loop body for0 of guard
//                               for0.guard of function gemm
//       <op>                    one scope per op
//         <port>                one scope per connected port, named as the spec names
//                               it ("before_value", "after_cond", "d", "st0.addr"),
//                               holding that channel's signals
//
// A channel appears twice, under its producer's output port and its consumer's input
// port (the same signals, as a port of a module and the net it drives are the same in
// an HDL dump). Names are made VCD-safe: every character outside [A-Za-z0-9_] becomes
// '_' ('.' is the viewers' hierarchy separator); a name taken twice in one scope gets
// a suffix "_2", "_3"... (region scopes keep theirs: an op named like a sibling
// scope, e.g. the guard compare "for0.guard" next to scope "for0.guard", becomes
// "for0_guard_2"); an output port named like an input gets "_out" (the return's
// "ctrl" in and "ctrl_out").
#pragma once

#include "traces/traced_network.h"

#include <string>
#include <string_view>
#include <vector>

namespace loom::traces {

struct PortNode {
  std::string name;
  uint32_t channel = 0;
  bool input = true;
};

struct OpNode {
  std::string name;
  uint32_t op = 0;
  std::vector<PortNode> ports; // inputs, then outputs
  // What the op was lowered from, "memref.load at kernel.c:12:3 (k.mlir:20:5)"; empty
  // without a graph or a location.
  std::string source;
};

struct ScopeNode {
  std::string name;
  std::vector<ScopeNode> scopes;
  std::vector<OpNode> ops;
};

ScopeNode buildHierarchy(const TracedNetwork& n);

// The full names a waveform viewer shows for one network's signals, read off its tree
// with '.' between levels ("scale.for0_guard.for0.load_a.ctrl"): how findings, the
// --gtkw view and the HTML page name a signal, so that each name is one the trace has.
struct WavePaths {
  std::vector<std::string> op;      // by op index: the op's scope ("" if not in the tree)
  std::vector<std::string> channel; // by channel index: its port scope under the consumer
                                    // (under the producer if it has none)
  std::vector<std::string> output;  // by channel index: under its producer's output port
  static WavePaths of(const ScopeNode& tree, size_t ops, size_t channels);
};

// `raw` with every character outside [A-Za-z0-9_] replaced by '_' ("_" if empty).
std::string vcdName(std::string_view raw);

} // namespace loom::traces
