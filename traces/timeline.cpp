#include "traces/timeline.h"

namespace loom::traces {

uint32_t Timeline::addNetwork() {
  offsets_.push_back(0);
  return static_cast<uint32_t>(offsets_.size() - 1);
}

void Timeline::anchor(uint32_t net, uint64_t local) {
  offsets_[net] = static_cast<int64_t>(end_) - static_cast<int64_t>(local);
  current_ = net;
}

void NetworkTap::channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                                sim::ChannelChange change) {
  uint64_t g = timeline_.toGlobal(net_, cycle);
  for (sim::CycleObserver* o : sinks_)
    o->channelChanged(g, index, ch, change);
}

void NetworkTap::channelsChanged(uint64_t cycle, const sim::ChannelReport* reports, size_t n,
                                 const models::Channel* channels) {
  uint64_t g = timeline_.toGlobal(net_, cycle);
  for (sim::CycleObserver* o : sinks_)
    o->channelsChanged(g, reports, n, channels);
}

void NetworkTap::phaseChanged(uint64_t cycle, uint32_t index, const models::Model& op, int oldPhase,
                              int newPhase) {
  uint64_t g = timeline_.toGlobal(net_, cycle);
  for (sim::CycleObserver* o : sinks_)
    o->phaseChanged(g, index, op, oldPhase, newPhase);
}

void NetworkTap::cycleEnd(uint64_t cycle) {
  uint64_t g = timeline_.toGlobal(net_, cycle);
  for (sim::CycleObserver* o : sinks_)
    o->cycleEnd(g);
  timeline_.endCycle(g);
}

} // namespace loom::traces
