#include "sim/event_engine.h"

#include <algorithm>
#include <cassert>
#include <functional>

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
    : Engine(circuit), tokenWake_(circuit.numOps(), ~0u), roomWake_(circuit.numOps(), kRoomIgnored),
      queuedFor_(circuit.numOps(), kNever), wakeAt_(circuit.numOps(), models::kNoWake),
      wakeAdvancing_(circuit.numOps(), 0), ends_(circuit.allEnds().data()),
      base_(circuit.channelBase()) {
  // Before its first evaluation an op has the rules of one that never ran (Idle).
  for (uint32_t i = 0; i < ops_.size(); ++i)
    noteWakeRules(i, *ops_[i]);
  // Each op is queued once per cycle and evaluated once per cycle: numOps() slots.
  current_.reset(circuit.numOps());
  next_.reset(circuit.numOps());
  timed_.reserve(2 * circuit.numOps());
  timedNow_.reset(circuit.numOps());
  // The contract: every op is evaluated in the first cycle.
  wakeAll();
}

void EventEngine::wakeAll() {
  for (uint32_t i = 0; i < ops_.size(); ++i)
    enqueue(i, cycle_);
}

void EventEngine::replaceWake(uint32_t op, uint64_t cycle, bool advancing) {
  uint64_t& at = wakeAt_[op];
  uint8_t& wasAdvancing = wakeAdvancing_[op];
  advancingWakes_ += static_cast<size_t>(advancing) - static_cast<size_t>(wasAdvancing);
  wasAdvancing = advancing;
  if (at == cycle) return; // only advancesNextCycle() changed: the heap entry stands
  at = cycle;              // a heap entry for another cycle is stale from now on
  if (cycle == models::kNoWake) return;
  timed_.push_back({cycle, op});
  std::push_heap(timed_.begin(), timed_.end(), std::greater<>());
}

template <bool Observed> void EventEngine::evaluateWoken(uint64_t c) {
  const size_t n = current_.size();
  for (size_t k = 0; k < n; ++k) {
    if (k + kPrefetch < n) __builtin_prefetch(ops_[current_[k + kPrefetch]]);
    evaluateOne<Observed>(current_[k], c);
  }
  evaluations_ += n;
#ifndef NDEBUG
  for (uint32_t i : current_)
    assert((ops_[i]->canAdvanceAlone() || !ops_[i]->advancesNextCycle()) &&
           "an op said advancesNextCycle() without setCanAdvanceAlone()");
#endif
}

template <bool Observed> void EventEngine::commitActivity(uint64_t c) {
  // With an observer, channels are reported each after its commit (in index order if
  // the observer needs it).
  if (Observed) sortActivity();
  ChannelReport* report = reports_.data();
  for (Channel* ch : activity_)
    commitOne<Observed>(ch, report, c);
  if (Observed && report != reports_.data())
    observer_->channelsChanged(c, reports_.data(), static_cast<size_t>(report - reports_.data()),
                               base_);
  activity_.clear();
}

void EventEngine::beginCycle() {
  const uint64_t c = cycle_;
  // Timed wakes of this cycle join the ops woken by the previous one.
  while (!timed_.empty() && timed_.front().first <= c) {
    auto [at, op] = timed_.front();
    std::pop_heap(timed_.begin(), timed_.end(), std::greater<>());
    timed_.pop_back();
    if (wakeAt_[op] != at) continue; // superseded by a later nextWake()
    setWake(op, models::kNoWake, false);
    enqueue(op, c);
  }
  current_.swap(next_);
  next_.clear();
}

bool EventEngine::step() {
  const uint64_t c = cycle_;
  beginCycle();
  // Two instances of the hot loops: without an observer they test nothing for it.
  bool moved;
  if (observer_) {
    evaluateWoken<true>(c);
    moved = !activity_.empty();
    commitActivity<true>(c);
  } else {
    evaluateWoken<false>(c);
    moved = !activity_.empty();
    commitActivity<false>(c);
  }
  return endCycle(c, moved);
}

bool EventEngine::endCycle(uint64_t c, bool moved) {
  // nextWake() is asked after the commit, as the contract says: in-flight work that
  // advances with no channel activity (pipelines, memory latency, buffer stages), or a
  // class of cycle that changes with it. Only self-timed ops have any; the next cycle
  // goes straight on the wake list, a later one into the timed wakes (replacing the
  // op's pending one, which its state superseded).
  bool advancing = false;
  for (uint32_t i : timedNow_) {
    const models::Wake w = ops_[i]->nextWake();
    advancing |= w.advancing;
    if (w.cycle == c + 1) {
      enqueue(i, c + 1);
      setWake(i, models::kNoWake, false);
    } else {
      setWake(i, w.cycle, w.advancing);
    }
  }
  timedNow_.clear();

  if (observer_) reportNotedPhases(c);
  ++cycle_;
  // No channel moved and nothing advances: the cycle was quiet.
  return moved || advancing || advancingWakes_ > 0;
}

} // namespace loom::sim
