#include "sim/loop_counter.h"

namespace loom::sim {

std::optional<double> LoopCounts::ii() const {
  if (spans == 0) return std::nullopt;
  return static_cast<double>(spanCycles) / static_cast<double>(spans);
}

void LoopCounter::count(bool cont, bool timed, uint64_t cycle) {
  if (cont) ++openTrues_;
  if (cont || everyTokenIterates_) {
    ++counts_.iterations;
    ++openIterations_;
    if (timed) {
      if (timedAny_) {
        counts_.spanCycles += cycle - last_;
        ++counts_.spans;
      }
      timedAny_ = true;
      last_ = cycle;
    }
  }
  if (!cont) {
    ++counts_.activations;
    if (keepTrips_) trips_.push_back(openIterations_);
    openTrues_ = openIterations_ = 0;
    timedAny_ = false;
  }
}

void LoopCounter::reset() {
  counts_ = LoopCounts{};
  trips_.clear();
  openTrues_ = openIterations_ = last_ = 0;
  timedAny_ = false;
}

} // namespace loom::sim
