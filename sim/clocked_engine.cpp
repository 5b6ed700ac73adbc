#include "sim/clocked_engine.h"

namespace loom::sim {

bool ClockedEngine::step() {
  const uint64_t c = cycle_;
  for (Model* op : ops_)
    op->evaluate(c);
  evaluations_ += ops_.size();
  // The activity list is kept only to tell a quiet cycle and to feed the observer;
  // the commit itself visits every channel, as a clocked design would.
  bool moved = !activity_.empty();
  if (observer_) reportChannels(c);
  Channel* channels = circuit_.channelBase();
  for (size_t i = 0, n = circuit_.numChannels(); i < n; ++i)
    channels[i].commit();
  activity_.clear();
  if (observer_) reportAllPhases(c);
  ++cycle_;
  return moved || anyBusy();
}

bool ClockedEngine::anyBusy() const {
  for (const Model* op : ops_)
    if (op->advancesNextCycle()) return true;
  return false;
}

} // namespace loom::sim
