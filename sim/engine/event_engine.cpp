#include "sim/engine/event_engine.h"

namespace loom::sim {

namespace {
// No cycle has this number, so a fresh stamp never reads as "queued".
constexpr uint64_t kNever = UINT64_MAX;
// How far ahead of the op being evaluated its successor in the wake list is fetched:
// the wake list jumps around the heap, and an op's evaluation is short enough for the
// fetch to matter (measured with bench_engine: a few percent).
constexpr size_t kPrefetch = 4;
} // namespace

EventEngine::EventEngine(Circuit& circuit)
    : Engine(circuit), queuedFor_(circuit.numOps(), kNever), ends_(circuit.allEnds().data()),
      base_(circuit.channelBase()) {
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

  const size_t n = current_.size();
  for (size_t k = 0; k < n; ++k) {
    if (k + kPrefetch < n) __builtin_prefetch(ops_[current_[k + kPrefetch]]);
    ops_[current_[k]]->evaluate(c);
  }
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
