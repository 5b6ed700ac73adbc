// LoopCounter: what a loop did, read off one of its loop-control channels. The one
// counter of loop activations and iterations (docs/counters.md "Loops"): the stats
// (traces/loops.h) feed it a loop's raw_will_continue with the cycle of every token; the
// harness's shape check (harness/shapes.h) taps a stream's will-continue, a gate's
// after_cond or a while loop's condition with it for one call.
//
// Each of these channels carries, for every activation that reaches it, a run of trues
// closed by one false:
//   a for loop's will-continue (and the spec-literal    N trues, then a false;
//     while's condition)                                 each true is an iteration;
//   a rotated while's condition, a gate's after_cond    N - 1 trues, then a false
//                                                        (nothing for N = 0); every
//                                                        token is an iteration.
// So, with N the activation's iterations (its trip count):
//   activations = the false tokens (activations that reached the channel: a zero-trip
//                 activation that the zero-trip guard skipped is not counted);
//   iterations  = the true tokens, or every token (the second kind: everyTokenIterates);
//   trips       = per activation, its N, in order (kept only when asked for: the shape
//                 check compares them with the program's trip counts);
//   II          = the average distance, in cycles, between consecutive iterations of
//                 the same activation, an iteration timed by the cycle its token was
//                 pushed: sum(last - first) / sum(iterations - 1) over the activations;
//                 undefined without two iterations in one. Only tokens given with their
//                 cycle (token()) are timed; a channel tap (pushed()) counts untimed.
#pragma once

#include "models/channel.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace loom::sim {

struct LoopCounts {
  uint64_t activations = 0;
  uint64_t iterations = 0;
  uint64_t spanCycles = 0; // sum over activations of (last iteration - first iteration)
  uint64_t spans = 0;      // sum over activations of (iterations - 1)
  std::optional<double> ii() const;
};

class LoopCounter : public models::ChannelTap {
public:
  explicit LoopCounter(bool everyTokenIterates = false, bool keepTrips = false)
      : everyTokenIterates_(everyTokenIterates), keepTrips_(keepTrips) {}

  // One token of the channel, pushed in `cycle`: counted and timed.
  void token(uint64_t cycle, bool cont) { count(cont, true, cycle); }
  // One token from the channel's tap (models::Channel::setTap): counted, not timed.
  void pushed(Bits token) override { count(token & 1, false, 0); }

  const LoopCounts& counts() const { return counts_; }
  bool everyTokenIterates() const { return everyTokenIterates_; }
  // The trip count of every activation closed so far, in order (keepTrips only).
  const std::vector<uint64_t>& trips() const { return trips_; }
  // The true tokens of the activation still open (after the last false).
  uint64_t openTrues() const { return openTrues_; }
  // Back to no tokens at all.
  void reset();

private:
  void count(bool cont, bool timed, uint64_t cycle);

  bool everyTokenIterates_;
  bool keepTrips_;
  LoopCounts counts_;
  std::vector<uint64_t> trips_;
  uint64_t openTrues_ = 0;
  uint64_t openIterations_ = 0; // iterations of the open activation
  uint64_t last_ = 0;           // the cycle of its last timed iteration
  bool timedAny_ = false;       // the open activation has a timed iteration
};

// PaceCounter: how fast a loop's critical recurrence went, read off its carry
// (analysis/throughput.h). The carry pushes one token on o per activation (NeedInit) and one
// per true token it takes on d (NeedLoop), so an activation's tokens on o are 1 + its d's
// trues, and the activation closes with d's false. Fed with every token of d and the cycle
// of every token of o, it measures the distance between two consecutive tokens of o within
// one activation: the distance the recurrence's latency bounds from below.
//   ii            = sum(last - first) / sum(tokens - 1) over the activations of o
//   per activation: its own (last - first) / (tokens - 1), the least and the largest
//   steady        = sum(last - second) / sum(tokens - 2) over the activations of three
//                   tokens or more: the laps after the first, which starts from the loop's
//                   entry (its initial value and first decision come from outside) and not
//                   from the recurrence's previous lap
// A d token is always pushed before the carry takes it, so an activation's size is known
// before its last o token comes.
struct PaceCounts {
  uint64_t spanCycles = 0, spans = 0;         // sums over activations with two tokens or more
  double minII = 0, maxII = 0;                // over those activations
  uint64_t steadyCycles = 0, steadySpans = 0; // the same without each activation's first lap
  std::optional<double> ii() const;
  std::optional<double> steady() const;
};

class PaceCounter {
public:
  void decision(bool cont);    // a token of the carry's d
  void output(uint64_t cycle); // a token of the carry's o, pushed in `cycle`
  const PaceCounts& counts() const { return counts_; }
  void reset() { *this = PaceCounter(); }

private:
  void close();

  PaceCounts counts_;
  uint64_t trues_ = 0;          // d's trues since its last false
  std::vector<uint64_t> sizes_; // tokens of o of the activations d closed, oldest first
  size_t nextSize_ = 0;         // the first of sizes_ whose activation o has not closed
  uint64_t tokens_ = 0, first_ = 0, second_ = 0, last_ = 0; // o's open activation
};

} // namespace loom::sim
