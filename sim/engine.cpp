#include "sim/engine.h"

#include <algorithm>
#include <cassert>

namespace loom::sim {

const char* engineKindName(EngineKind k) {
  switch (k) {
  case EngineKind::Event: return "event";
  case EngineKind::Clocked: return "clocked";
  }
  return "?";
}

bool engineKindFromName(std::string_view name, EngineKind& out) {
  for (EngineKind k : {EngineKind::Event, EngineKind::Clocked})
    if (name == engineKindName(k)) {
      out = k;
      return true;
    }
  return false;
}

const char* runStatusName(RunStatus s) {
  switch (s) {
  case RunStatus::Done: return "done";
  case RunStatus::Deadlock: return "deadlock";
  case RunStatus::CycleCap: return "cycle cap";
  case RunStatus::OpError: return "op error";
  }
  return "?";
}

Engine::Engine(Circuit& circuit) : circuit_(circuit) {
  // Every channel has both ends: the event engine wakes them without checking.
  assert(circuit.sound() && "engines drive sealed circuits without wiring errors");
  ops_.reserve(circuit.numOps());
  for (uint32_t i = 0; i < circuit.numOps(); ++i)
    ops_.push_back(&circuit.op(i));
  // At most one entry per channel per cycle: no allocation while running.
  activity_.reset(circuit.numChannels());
  reports_.resize(circuit.numChannels());
  for (uint32_t i = 0; i < circuit.numChannels(); ++i)
    circuit.channel(i).setActivityList(&activity_);
}

RunResult Engine::runUntil(const std::function<bool()>& done, uint64_t maxCycles) {
  if (done()) return {RunStatus::Done, 0};
  if (maxCycles == 0) return {RunStatus::CycleCap, 0};
  RunMonitor monitor(circuit_.errors(), maxCycles);
  for (;;) {
    bool moved = step();
    if (auto status = monitor.afterCycle(moved, done())) return {*status, monitor.cycles()};
  }
}

void Engine::setObserver(CycleObserver* observer) {
  observer_ = observer;
  phases_.clear();
  phased_.clear();
  phasedOps_.clear();
  if (!observer) return;
  orderChannels_ = observer->needsChannelOrder();
  phases_.reserve(ops_.size());
  phased_.reserve(ops_.size());
  for (uint32_t i = 0; i < ops_.size(); ++i) {
    phases_.push_back(ops_[i]->phase());
    bool has = ops_[i]->phaseCount() > 0;
    phased_.push_back(has);
    if (has) phasedOps_.push_back(i);
  }
  changedScratch_.reserve(phasedOps_.size());
}

void Engine::flushStats() {
  for (Model* op : ops_)
    op->flushStats(cycle_);
}

void Engine::reportChannels(uint64_t cycle) {
  sortActivity();
  size_t n = 0;
  for (Channel* ch : activity_) {
    reports_[n++] = {circuit_.indexOf(*ch), {ch->pushedNow(), ch->poppedNow()}};
    ch->commit();
  }
  if (n > 0) observer_->channelsChanged(cycle, reports_.data(), n, circuit_.channelBase());
}

void Engine::sortActivity() {
  if (!orderChannels_) return;
  // Index order = address order (one array), whatever order the ops pushed in.
  std::sort(activity_.begin(), activity_.end());
}

void Engine::reportNotedPhases(uint64_t cycle) {
  // Only ops with phases can change one, and few do in a cycle: just those are put in
  // index order.
  std::sort(changedScratch_.begin(), changedScratch_.end());
  for (uint32_t i : changedScratch_) {
    int now = ops_[i]->phase();
    observer_->phaseChanged(cycle, i, *ops_[i], phases_[i], now);
    phases_[i] = now;
  }
  changedScratch_.clear();
  observer_->cycleEnd(cycle);
}

void Engine::reportAllPhases(uint64_t cycle) {
  for (uint32_t i : phasedOps_) {
    int now = ops_[i]->phase();
    if (now == phases_[i]) continue;
    observer_->phaseChanged(cycle, i, *ops_[i], phases_[i], now);
    phases_[i] = now;
  }
  observer_->cycleEnd(cycle);
}

} // namespace loom::sim
