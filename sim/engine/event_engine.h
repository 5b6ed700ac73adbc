// EventEngine: the default engine. It visits only the ops that can fire: every op in
// the first cycle, afterwards the producer and consumer of each channel pushed or
// popped in the previous cycle, the ops whose busy() said so after the commit, and the
// ops the host woke. Everything else is skipped; Op's lazy accounting gives skipped
// cycles the counters the clocked engine would have given them.
//
// The hot loop is built to do no bookkeeping it does not need:
//   - the wake list is a dense vector of op indices, and a per-op stamp (the cycle the
//     op is queued for) makes "already queued?" one compare, with nothing to clear;
//   - the channels sit in one array (Circuit), so the Channel* on the ActivityList is
//     turned into its index, and from there into its two op indices, by a subtraction;
//   - all buffers are sized once at construction: no allocation per cycle;
//   - the only virtual calls are the ops' own step() and busy(); the observer check is
//     one branch per cycle.
#pragma once

#include "sim/engine/engine.h"

namespace loom::sim {

class EventEngine final : public Engine {
public:
  explicit EventEngine(Circuit& circuit);

  EngineKind kind() const override { return EngineKind::Event; }
  bool step() override;
  void wake(uint32_t op) override { enqueue(op, cycle_); }
  void wakeAll() override;

  // Ops queued for the next cycle (for tests and statistics).
  size_t pending() const { return next_.size(); }

private:
  void enqueue(uint32_t op, uint64_t forCycle) {
    if (queuedFor_[op] == forCycle) return;
    queuedFor_[op] = forCycle;
    next_.push_back(op);
  }

  std::vector<uint32_t> current_;   // ops evaluated in the running cycle
  std::vector<uint32_t> next_;      // ops queued for cycle cycle_
  std::vector<uint64_t> queuedFor_; // per op: the cycle it is queued for
  const ChannelEnds* ends_;
  const Channel* base_;
};

} // namespace loom::sim
