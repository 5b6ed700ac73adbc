#include "models/channel.h"

namespace loom::models {

Channel::Channel(std::string name, Type type, int capacity)
    : name_(std::move(name)), type_(std::move(type)), capacity_(capacity < 1 ? 1 : capacity),
      buf_(static_cast<size_t>(capacity_), 0) {}

void Channel::push(Bits v) {
  assert(ready() && !pushedNow_ && "push into a full channel or twice in one cycle");
  // The slot behind the start-of-cycle tail: free, and not the head a pop reads.
  buf_[(head_ + startCount_) % capacity_] = v & widthMask(type_.width);
  if (tap_) tap_->push_back(v & widthMask(type_.width));
  pushedNow_ = true;
  ++pushes_;
  noteActive();
}

void Channel::pop() {
  assert(valid() && !poppedNow_ && "pop from an empty channel or twice in one cycle");
  poppedNow_ = true;
  ++pops_;
  noteActive();
}

void Channel::commit() {
  if (poppedNow_) {
    head_ = (head_ + 1) % capacity_;
    --startCount_;
  }
  if (pushedNow_) ++startCount_;
  pushedNow_ = poppedNow_ = active_ = false;
}

void Channel::preload(Bits v) {
  assert(ready() && !pushedNow_ && !poppedNow_ && "preload needs a free slot, between cycles");
  buf_[(head_ + startCount_) % capacity_] = v & widthMask(type_.width);
  ++startCount_;
}

} // namespace loom::models
