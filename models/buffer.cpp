#include "models/buffer.h"

namespace loom::models {

Buffer::Buffer(std::string name, BufferKind kind, int slots, std::vector<Bits> initValues)
    : Model(std::move(name), 1, 1), kind_(kind), slots_(slots < 1 ? 1 : static_cast<size_t>(slots)),
      minAge_(kind == BufferKind::Seq ? slots_ - 1 : 0) {
  if (initValues.size() > slots_) initValues.resize(slots_);
  initCount_ = initValues.size();
  for (Bits v : initValues)
    held_.push_back({v, nullptr, 0});
  setCanAdvanceAlone();
}

bool Buffer::step() {
  bool any = false;
  // Emit: the oldest held token, if it is old enough.
  bool emitted = false;
  if (!held_.empty() && now() >= held_.front().eligible && room(kOut)) {
    out(kOut).push(held_.front().value, held_.front().poison);
    held_.pop_front();
    emitted = true;
    fired();
    any = true;
  }
  // Accept: one token, if a slot is free after the emit.
  if (in(kIn).valid() && held_.size() < slots_) {
    Bits v = in(kIn).front();
    const Model* poison = in(kIn).poison();
    in(kIn).pop();
    // fifo bypass: nothing older waits and the output is free this cycle.
    if (minAge_ == 0 && held_.empty() && !emitted && out(kOut).ready())
      out(kOut).push(v, poison);
    else
      held_.push_back({v, poison, now() + minAge_});
    fired();
    any = true;
  }
  return any;
}

bool Buffer::advancesNextCycle() const {
  if (held_.empty()) return false;
  // Either the head is still ageing, or it can leave next cycle.
  return now() + 1 < held_.front().eligible || outputChannel(kOut)->ready();
}

Wake Buffer::nextWake() const {
  if (held_.empty()) return {};
  if (advancesNextCycle()) return {now() + 1, true};
  // Old enough to leave from the next cycle on, and the output is full: an output stall
  // from then on, until the consumer frees a slot (a failed buffer stays idle).
  if (failed() || lastStatus() == CycleStatus::OutputStall) return {};
  return {now() + 1, false};
}

bool Buffer::hasWorkInFlight() const {
  for (const Entry& e : held_)
    if (e.eligible > now()) return true;
  return false;
}

} // namespace loom::models
