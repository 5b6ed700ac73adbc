#include "models/cond_br.h"

namespace loom::models {

bool CondBr::step() {
  if (!in(kCond).valid() || !in(kData).valid()) {
    awaitOnly(missingInputs());
    return false;
  }
  if (!defined(kCond, "the condition")) return false;
  int target = in(kCond).front() != 0 ? kTrue : kFalse;
  if (!room(target)) return false;
  forward(kData, target);
  in(kCond).pop();
  in(kData).pop();
  fired();
  return true;
}

} // namespace loom::models
