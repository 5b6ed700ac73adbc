// The static throughput bound of a network's loops (docs/performance-analysis.md): the
// fewest cycles between two iterations of a loop that the DFG and the timing model allow,
// whatever the inputs and the buffering.
//
// A loop's iterations are paced by its recurrences: each dataflow.carry of the loop (an
// iter_arg, a while loop's value, the memory ctrl-done chain's control carry) emits one
// token per iteration, and the next one only after the token that left it has gone round
// the loop body back into its b input (or, for a while loop, into the condition on its d
// input). Exactly one token is ever on that cycle, so the cycle's latency is a lower bound
// on the distance between two tokens of the carry. The latency is the sum of the costs of
// the ops on the way (docs/timing.md: a plain op 1, a compute unit or a memory its latency,
// a stream 2, a seq buffer its slots), where a join waits for its latest input and a
// choice (a mux's data, a merge) may take its earliest: so it is the longest path of
// required work, taking the shortest of alternatives. The carry adds its own two firings
// (NeedCond, then NeedLoop): its own II is 2 even when nothing feeds b back.
//
//   ii_bound(loop) = max(1 (its stream's one pair per cycle), max over its carries of
//                        max(2, latency round the carry))
//
// A carry belongs to the loop whose control drives its d (raw_will_continue or after_cond,
// its rate's loop). Paths through other state machines count only what each token waits
// for at least: an inner loop's carry the arrival of its a (or of d then b), an invariant
// its a or its d. Buffering cannot beat the bound; port conflicts, back-pressure and the
// memory's queues can only add to it.
#pragma once

#include "dfg/dfg.h"
#include "models/timing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loom::analysis {

// One op on a recurrence, in the order a token goes round it (the carry first).
struct RecurrenceStep {
  dfg::Vertex op = 0;
  int cost = 0;          // cycles from its input being seen to its output being seen
  dfg::EdgeId into{};    // the channel the token arrives on (none for the carry itself)
  bool viaInput = false; // `into` is set
};

// The recurrence through one carry: the longest way round, and its latency.
struct Recurrence {
  dfg::Vertex carry = 0;
  uint64_t ii = 2;     // max(2, latency): cycles between two tokens of the carry's output, at best
  bool closed = false; // the carry's output reaches its b (or d) input at all
  bool throughCond = false;          // the way round closes on d (a while loop's condition)
  std::vector<RecurrenceStep> steps; // the carry, then every op up to the one feeding it
};

// What bounds one loop: ii = the bound, critical = the recurrence that sets it (none: the
// stream's own one pair per cycle).
struct LoopBound {
  uint32_t loop = 0; // the scf op (dfg::Rate::op)
  std::string ctx;   // the copy (dfg::RateTerm::ctx)
  uint64_t ii = 1;
  std::optional<Recurrence> critical;
  size_t carries = 0; // the loop's carries
};

// The recurrence through `carry` (a dataflow.carry of `g`), under timing `t`.
Recurrence recurrenceOf(const dfg::Graph& g, dfg::Vertex carry, const models::TimingConfig& t);

// Every loop of `g` that has a carry, with its bound; loops without one are bounded by
// their stream alone (II 1). Sorted by loop and copy.
std::vector<LoopBound> loopBounds(const dfg::Graph& g, const models::TimingConfig& t);

// The loop and copy a channel of that rate belongs to (the loop-control rates: a stream's,
// a gate's, a carry's or an invariant's d); false for a rate of no loop.
bool loopOfRate(const dfg::Rate& r, uint32_t& loop, std::string& ctx);

// Whether the recurrence is the memory ctrl-done chain's (its carry passes a loop's control
// token from one iteration's accesses to the next's), not a value's.
bool isCtrlDone(const dfg::Graph& g, const Recurrence& r);

// "carry 'dot/for0/carry0' (dot.mlir:6:8) -> cond_br ... : 15 cycles", one line.
std::string describe(const dfg::Graph& g, const Recurrence& r);

} // namespace loom::analysis
