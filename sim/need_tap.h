// The capacity a channel needed in a run: at each push, the tokens it held at the start
// of that cycle plus the pushed one (a push needs Channel::ready(), count() < capacity).
// A network whose every channel has at least the capacity it needed in a run makes the
// same pushes in the same cycles when run again on the same inputs: no push of that run
// meets a full channel, and a channel an op does not push never decides its firing
// (docs/timing.md "Firings"). `loom-sim tune` sizes channels from this
// (docs/performance-analysis.md "Buffer sizing").
#pragma once

#include "models/channel.h"

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
  // The most slots any push of the armed calls needed (0: no push).
  int need() const { return need_; }

private:
  models::Channel* ch_ = nullptr;
  models::ChannelTap* next_ = nullptr;
  int need_ = 0;
};

} // namespace loom::sim
