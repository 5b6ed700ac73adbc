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

std::optional<double> PaceCounts::ii() const {
  if (spans == 0) return std::nullopt;
  return static_cast<double>(spanCycles) / static_cast<double>(spans);
}

std::optional<double> PaceCounts::steady() const {
  if (steadySpans == 0) return std::nullopt;
  return static_cast<double>(steadyCycles) / static_cast<double>(steadySpans);
}

void PaceCounter::decision(bool cont) {
  if (cont) {
    ++trues_;
    return;
  }
  sizes_.push_back(trues_ + 1);
  trues_ = 0;
  // o may have sent the whole activation already.
  if (nextSize_ < sizes_.size() && tokens_ == sizes_[nextSize_]) close();
}

void PaceCounter::output(uint64_t cycle) {
  if (tokens_ == 0) first_ = cycle;
  if (tokens_ == 1) second_ = cycle;
  last_ = cycle;
  ++tokens_;
  if (nextSize_ < sizes_.size() && tokens_ == sizes_[nextSize_]) close();
}

void PaceCounter::close() {
  if (tokens_ >= 2) {
    const double ii = static_cast<double>(last_ - first_) / static_cast<double>(tokens_ - 1);
    if (counts_.spans == 0 || ii < counts_.minII) counts_.minII = ii;
    if (counts_.spans == 0 || ii > counts_.maxII) counts_.maxII = ii;
    counts_.spanCycles += last_ - first_;
    counts_.spans += tokens_ - 1;
  }
  if (tokens_ >= 3) {
    counts_.steadyCycles += last_ - second_;
    counts_.steadySpans += tokens_ - 2;
  }
  tokens_ = 0;
  // Closed activations are not kept: the list holds only those o has still to finish.
  if (++nextSize_ == sizes_.size()) {
    sizes_.clear();
    nextSize_ = 0;
  }
}

} // namespace loom::sim
