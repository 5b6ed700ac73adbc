#include "models/fork.h"

namespace loom::models {

bool Fork::atRest() const {
  for (bool s : sent_)
    if (s) return false;
  return true;
}

bool Fork::step() {
  if (!in(kIn).valid()) return false;
  Bits v = in(kIn).front();
  bool any = false;
  bool all = true;
  for (int i = 0; i < numOutputs(); ++i) {
    if (sent_[i]) continue;
    if (room(i)) {
      out(i).push(v);
      sent_[i] = true;
      fired();
      any = true;
    } else {
      all = false;
    }
  }
  if (all) {
    in(kIn).pop();
    sent_.assign(sent_.size(), false);
  }
  return any;
}

} // namespace loom::models
