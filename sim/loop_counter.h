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

} // namespace loom::sim
