#include "models/control_merge.h"

#include "models/merge.h"

namespace loom::models {

bool ControlMerge::step() {
  int i = firstValidInput(*this);
  if (i < 0 || !room({kResult, kIndex})) return false;
  forward(i, kResult);
  out(kIndex).push(static_cast<Bits>(i));
  in(i).pop();
  fired();
  return true;
}

} // namespace loom::models
