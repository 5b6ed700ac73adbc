// The loops of a network and what they did: activations, iterations, measured II.
//
// Every loop of the lowered DFG has a raw_will_continue value (Role::RawWillContinue,
// its rate naming the loop's scf op): one boolean per decision whether to run the body
// again, N trues then a false per activation for a for loop (and the spec-literal
// while: rate = loop boundary), N - 1 trues then a false for a rotated do-while (rate =
// loop body, every token an iteration). The probe watches one copy of it per loop
// (fan-out copies carry the same sequence) with a sim::LoopCounter, which defines and
// counts activations, iterations and II (sim/loop_counter.h, docs/counters.md "Loops").
// A loop is named by its loop-body scope ("gemm/for0.guard/for0").
#pragma once

#include "sim/loop_counter.h"
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
  uint32_t loop = 0;               // the scf op (its rate's), and the copy
  std::string ctx;
};

// A loop's static bound (analysis/throughput.h) and its critical carry's channels, whose
// tokens the probe times with a sim::PaceCounter (harness/pace.h measures a call the same
// way): its ii_achieved over the run.
struct LoopPace {
  uint64_t bound = 1;
  std::string bottleneck;               // "stream", "recurrence" or "ctrl-done"
  std::string carry;                    // the critical carry's name ("" for the stream)
  int64_t decisions = -1, outputs = -1; // its d and o channels, -1 without a carry
};

// The loops of `n`, sorted by name (empty without a DFG).
std::vector<LoopInfo> findLoops(const TracedNetwork& n);

class LoopProbe : public sim::CycleObserver {
public:
  explicit LoopProbe(const TracedNetwork& n);

  const std::vector<LoopInfo>& loops() const { return loops_; }
  const std::vector<sim::LoopCounter>& counters() const { return counters_; }
  // Per loop: its bound, and the II achieved at its critical carry (the counter's II for a
  // loop paced by its stream).
  const std::vector<LoopPace>& paces() const { return paces_; }
  std::optional<double> achieved(size_t loop) const {
    return paces_[loop].outputs < 0 ? counters_[loop].counts().ii() : pace_[loop].counts().ii();
  }

  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override {
    if (!change.pushed) return;
    if (slot_[index] >= 0)
      counters_[static_cast<size_t>(slot_[index])].token(cycle, ch.peek(ch.count() - 1) & 1);
    if (paceSlot_[index] >= 0) pushedOnCarry(cycle, index, ch);
  }
  void phaseChanged(uint64_t, uint32_t, const models::Model&, int, int) override {}

private:
  void pushedOnCarry(uint64_t cycle, uint32_t index, const models::Channel& ch);

  std::vector<LoopInfo> loops_;
  std::vector<LoopPace> paces_;            // per loop
  std::vector<sim::PaceCounter> pace_;     // per loop
  std::vector<int32_t> paceSlot_;          // channel index -> loop, -1 if not a carry's d or o
  std::vector<sim::LoopCounter> counters_; // per loop
  std::vector<int32_t> slot_;              // channel index -> loop, -1 if not watched
};

} // namespace loom::traces
