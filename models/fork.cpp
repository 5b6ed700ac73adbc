#include "models/fork.h"

#include <algorithm>

namespace loom::models {

bool Fork::step() {
  if (!in(kIn).valid()) return false;
  Bits v = in(kIn).front();
  const Model* poison = in(kIn).poison();
  bool any = false;
  const int n = numOutputs();
  for (int i = 0; i < n; ++i) {
    if (sent_[i] || !room(i)) continue;
    out(i).push(v, poison);
    sent_[i] = 1;
    ++numSent_;
    fired();
    any = true;
  }
  if (numSent_ == n) {
    in(kIn).pop();
    std::fill(sent_.begin(), sent_.end(), 0);
    numSent_ = 0;
  }
  return any;
}

} // namespace loom::models
