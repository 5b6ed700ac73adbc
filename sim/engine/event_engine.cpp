#include "sim/engine/event_engine.h"

#include <cassert>

namespace loom::sim {

namespace {
// No cycle has this number, so a fresh stamp never reads as "queued".
constexpr uint64_t kNever = UINT64_MAX;
} // namespace

EventEngine::EventEngine(Circuit& circuit)
    : Engine(circuit), queuedFor_(circuit.numOps(), kNever), ends_(circuit.allEnds().data()),
      base_(circuit.channelBase()) {
  for (const ChannelEnds& e : circuit.allEnds()) {
    (void)e;
    assert(e.producer != kNoOp && e.consumer != kNoOp && "engines drive sound circuits");
  }
  current_.reserve(circuit.numOps());
  next_.reserve(circuit.numOps());
  // The contract: every op is evaluated in the first cycle.
  wakeAll();
}

void EventEngine::wakeAll() {
  for (uint32_t i = 0; i < ops_.size(); ++i)
    enqueue(i, cycle_);
}

bool EventEngine::step() {
  const uint64_t c = cycle_;
  current_.swap(next_);
  next_.clear();

  for (uint32_t i : current_)
    ops_[i]->evaluate(c);
  evaluations_ += current_.size();

  if (observer_) reportChannels(c);
  for (Channel* ch : activity_) {
    ch->commit();
    const ChannelEnds& e = ends_[ch - base_];
    enqueue(e.producer, c + 1);
    enqueue(e.consumer, c + 1);
  }
  activity_.clear();

  // busy() is asked after the commit, as the contract says: in-flight work that
  // advances with no channel activity (pipelines, memory latency, buffer stages).
  for (uint32_t i : current_)
    if (ops_[i]->busy()) enqueue(i, c + 1);

  if (observer_) reportPhases(c, current_);
  ++cycle_;
  // Nothing queued: no channel moved and nothing is busy, so the cycle was quiet.
  return !next_.empty();
}

} // namespace loom::sim
