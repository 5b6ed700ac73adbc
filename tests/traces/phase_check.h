// PhaseNameCheck: an observer for tests that checks the phase names a run visits.
#pragma once

#include "sim/observer.h"
#include "traces/phase_names.h"

#include <string>
#include <vector>

namespace loom::traces::test {

// An observer that checks every phase a run visits: the model's phaseName() is the
// legend's name for it (phaseNames()).
struct PhaseNameCheck : sim::CycleObserver {
  std::vector<std::string> wrong; // "<kind> <phase>" of each mismatch
  size_t seen = 0;
  void channelChanged(uint64_t, uint32_t, const models::Channel&, sim::ChannelChange) override {}
  void phaseChanged(uint64_t, uint32_t, const models::Model& op, int, int now) override {
    ++seen;
    std::vector<std::string> names = phaseNames(op);
    if (now >= static_cast<int>(names.size()) || names[now] != op.phaseName())
      wrong.push_back(std::string(op.kindName()) + " " + op.phaseName());
  }
};

} // namespace loom::traces::test
