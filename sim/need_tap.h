// Two probes of one channel over a run. NeedTap: the capacity a channel needed in a run: at each
// push, the tokens it held at the start of that cycle plus the pushed one (a push needs
// Channel::ready(), count() < capacity). A network whose every channel has at least the capacity it
// needed in a run makes the same pushes in the same cycles when run again on the same inputs: no
// push of that run meets a full channel, and a channel an op does not push never decides its firing
// (docs/timing.md "Firings"). `loom-sim tune` sizes channels from this
// (docs/performance-analysis.md "Buffer sizing").
#pragma once

#include "models/channel.h"
#include "sim/engine.h"

#include <algorithm>

namespace loom::sim {

class NeedTap : public models::ChannelTap {
public:
  // Set over the channel's current tap, which keeps getting every token; disarm in the
  // reverse order of arming.
  void arm(models::Channel& ch) {
    ch_ = &ch;
    next_ = ch.tap();
    ch.setTap(this);
  }
  void disarm() {
    if (ch_) ch_->setTap(next_);
    ch_ = nullptr;
  }
  void pushed(Bits token) override {
    need_ = std::max(need_, ch_->count() + 1);
    if (next_) next_->pushed(token);
  }
  void popped() override {
    if (next_) next_->popped();
  }
  // The most slots any push of the armed calls needed (0: no push).
  int need() const { return need_; }

private:
  models::Channel* ch_ = nullptr;
  models::ChannelTap* next_ = nullptr;
  int need_ = 0;
};

// The cycles a channel was full (its producer could not push into it) while armed: from
// each push and pop it keeps the channel's count as the engine commits it, so a cycle
// that ends with the channel full counts until the cycle that frees a slot.
class FullTap : public models::ChannelTap {
public:
  // Set over the channel's current tap (as NeedTap), timed by `engine`, between cycles.
  void arm(models::Channel& ch, const Engine& engine) {
    ch_ = &ch;
    engine_ = &engine;
    next_ = ch.tap();
    ch.setTap(this);
    count_ = ch.count();
    full_ = 0;
    at_ = engine.cycle();
    pushes_ = pops_ = 0;
    since_ = count_ >= ch.capacity() ? at_ : kNever;
  }
  void disarm() {
    if (!ch_) return;
    ch_->setTap(next_);
    ch_ = nullptr;
  }
  void pushed(Bits token) override {
    settle(engine_->cycle());
    ++pushes_;
    if (next_) next_->pushed(token);
  }
  void popped() override {
    settle(engine_->cycle());
    ++pops_;
    if (next_) next_->popped();
  }
  // The full cycles from arming to the engine's current cycle (armed, between cycles).
  uint64_t fullCycles() {
    const uint64_t now = engine_->cycle();
    settle(now);
    return full_ + (since_ != kNever && now > since_ ? now - since_ : 0);
  }

private:
  static constexpr uint64_t kNever = ~uint64_t(0);
  // The actions of cycle at_ are committed by `now` (a later cycle): the count from at_ + 1.
  void settle(uint64_t now) {
    if (now == at_) return;
    if (pushes_ || pops_) {
      count_ += pushes_ - pops_;
      const uint64_t from = at_ + 1;
      const bool full = count_ >= ch_->capacity();
      if (full && since_ == kNever) since_ = from;
      if (!full && since_ != kNever) full_ += from - since_, since_ = kNever;
    }
    at_ = now;
    pushes_ = pops_ = 0;
  }

  models::Channel* ch_ = nullptr;
  models::ChannelTap* next_ = nullptr;
  const Engine* engine_ = nullptr;
  int count_ = 0, pushes_ = 0, pops_ = 0;
  uint64_t at_ = 0, since_ = kNever, full_ = 0;
};

} // namespace loom::sim
