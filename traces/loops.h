// The loops of a network and what they did: activations, iterations, measured II.
//
// Every loop of the lowered DFG has a raw_will_continue value (Role::RawWillContinue,
// its rate naming the loop's scf op): one boolean per decision whether to run the body
// again. Its sequence per activation is what the loop did:
//   for loops (and the spec-literal while)  N trues then a false: rate = loop boundary;
//                                           each true is an iteration;
//   while loops (rotated do-while)          N-1 trues then a false: rate = loop body;
//                                           every token is an iteration.
// So, watching one copy of it (fan-out copies carry the same sequence):
//   activations = false tokens (activations that reached the loop: a zero-trip
//                 activation that the zero-trip guard skipped is not counted);
//   iterations  = the iteration tokens above;
//   II          = the average distance, in cycles, between consecutive iterations of
//                 the same activation, an iteration being timed by the cycle its
//                 raw_will_continue token was produced (the stream's emission, or the
//                 condition's computation). sum(last - first) / sum(iterations - 1)
//                 over the activations; undefined without two iterations in one.
// A loop is named by its loop-body scope ("gemm/for0.guard/for0").
#pragma once

#include "sim/observer.h"
#include "traces/traced_network.h"

#include <optional>
#include <string>
#include <vector>

namespace loom::traces {

struct LoopInfo {
  std::string name;
  uint32_t channel = 0;            // the raw_will_continue channel watched
  bool everyTokenIterates = false; // while loops: see above
};

// The loops of `n`, sorted by name (empty without a DFG).
std::vector<LoopInfo> findLoops(const TracedNetwork& n);

struct LoopCounts {
  uint64_t activations = 0;
  uint64_t iterations = 0;
  uint64_t spanCycles = 0; // sum over activations of (last iteration - first iteration)
  uint64_t spans = 0;      // sum over activations of (iterations - 1)
  std::optional<double> ii() const;
};

class LoopProbe : public sim::CycleObserver {
public:
  explicit LoopProbe(const TracedNetwork& n);

  const std::vector<LoopInfo>& loops() const { return loops_; }
  const std::vector<LoopCounts>& counts() const { return counts_; }

  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override {
    if (change.pushed && slot_[index] >= 0) token(cycle, static_cast<size_t>(slot_[index]), ch);
  }
  void phaseChanged(uint64_t, uint32_t, const models::Op&, int, int) override {}

private:
  struct Open {
    bool any = false;  // an iteration of the current activation was seen
    uint64_t last = 0; // its cycle
  };
  void token(uint64_t cycle, size_t loop, const models::Channel& ch);

  std::vector<LoopInfo> loops_;
  std::vector<LoopCounts> counts_;
  std::vector<Open> open_;
  std::vector<int32_t> slot_; // channel index -> loop, -1 if not watched
};

} // namespace loom::traces
