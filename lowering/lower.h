// SCF -> handshake + dataflow lowering (spec-dataflow-compilation and
// spec-dataflow-memory, with the decisions of docs/design.md): control lowering
// (lower_region, lower_for, lower_while, lower_if), memory lowering (root-memref
// groups, memory interfaces, the serial-recursive ctrl-done network),
// materialization (forks, sinks) and the static verifier, in that order.
#pragma once

#include "dfg/dfg.h"
#include "ir/ir.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace loom {

// Known lowering bugs committed on purpose, for the harness to catch.
enum class Injection : uint8_t {
  BodyCtrlRaw,     // body control invariant on raw_will_continue
  MemCtrlRaw,      // loop-body memory-control carry and its split on raw_will_continue
  InvariantRaw,    // body-local invariants on raw_will_continue
  IterCarryGated,  // iter-arg carry and its split on after_cond
  NoZeroTripGuard, // the spec-literal, unguarded form
  NoBranchGate,    // yielded outside values reach the mux unsplit
  NoMemOrder,      // every access of a group takes the group's entry token
};
const char* injectionName(Injection i);
bool injectionFromName(std::string_view name, Injection& out);
std::vector<std::string> injectionNames();
// "body-ctrl-raw, mem-ctrl-raw, ...": every name, for help texts and messages.
std::string injectionList();
// Adds the named injections to `out`; the message for the first unknown name, if any.
std::optional<std::string> parseInjections(const std::vector<std::string>& names,
                                           std::set<Injection>& out);

// The deepest nesting of scf.for / scf.while (and scf.if) regions an accelerated function
// may have. Each level adds its loop control and the invariants of every value entering
// it, so the network grows with the square of the depth (1,024 nested loops: 1.9 GB);
// real kernels nest a handful of levels. Deeper functions are refused at the first op
// past the limit (keep them on the host, whose interpreter has no such limit).
constexpr unsigned kMaxAccelNesting = 128;

// The capacities of the channels into an scf.parallel's body (docs/design.md
// "scf.parallel"): iterations overlap only as far as the channels can hold the later
// iterations' tokens. Where an early token (made from the loop control alone) waits for
// one that waits for memory: two chained accesses to an extmemory (10 cycles each by
// default) and the ops between them keep about 25 iterations in flight at one per cycle,
// and 32 slots cover that. Every other channel into the body: 8 slots, so that a
// pipelined op's results stream behind it (an 8-cycle division gives one result per
// cycle with 8 slots after it). Channels elsewhere keep the timing's default.
constexpr unsigned kParallelWaitCapacity = 32;
constexpr unsigned kParallelPipeCapacity = 8;

struct LowerOptions {
  std::set<Injection> inject;
  bool verify = true; // run the static verifier after lowering
  // Filled with the injections that changed the network (a site where the bug can be
  // committed was there), if set.
  std::set<Injection>* applied = nullptr;
};

// An injection asked for that changed none of the functions lowered (named in
// `functions`): the error that says so and where the mode applies (exit 2), or nothing.
std::optional<Diag> unusedInjections(const Module& m, const std::set<Injection>& asked,
                                     const std::set<Injection>& applied,
                                     const std::vector<std::string>& functions);

// The functions `lower` works on: the ones named (--func, each must have a body), or
// every defined function but main (the host's entry). An error at the file when there
// is none.
std::optional<Diag> selectFunctions(const Module& m, const std::vector<std::string>& names,
                                    std::vector<const Function*>& out);

// Lowers one function. Unsupported constructs (calls, printing or dynamic allocation
// inside an accelerated function, ...) are errors at their location.
std::optional<Diag> lowerFunction(const Module& m, const Function& f, const LowerOptions& opts,
                                  dfg::Graph& out);

} // namespace loom
