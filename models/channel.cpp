#include "models/channel.h"

namespace loom::models {

Channel::Channel(std::string name, Type type, int capacity)
    : capacity_(capacity < 1 ? 1 : capacity), mask_(widthMask(type.width)),
      heap_(capacity_ > kInline ? static_cast<size_t>(capacity_) : 0, 0), name_(std::move(name)),
      type_(std::move(type)) {}

void Channel::preload(Bits v) {
  assert(ready() && !pushedNow_ && !poppedNow_ && "preload needs a free slot, between cycles");
  int s = slot(startCount_);
  slots()[s] = v & mask_;
  if (hasPoison_) setPoison(s, nullptr);
  ++startCount_;
  ++preloads_;
}

} // namespace loom::models
