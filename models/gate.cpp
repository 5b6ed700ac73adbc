#include "models/gate.h"

namespace loom::models {

bool Gate::step() {
  if (!in(kBeforeValue).valid() || !in(kBeforeCond).valid()) {
    awaitOnly(missingInputs());
    return false;
  }
  if (!defined(kBeforeCond, "the loop condition")) return false;
  bool cond = in(kBeforeCond).front() != 0;
  switch (phase_) {
  case Phase::NeedHead: return needHead(cond);
  case Phase::NeedNext: return needNext(cond);
  }
  return false;
}

bool Gate::needHead(bool cond) {
  if (cond) {
    if (!room(kAfterValue)) return false;
    forward(kBeforeValue, kAfterValue);
    phase_ = Phase::NeedNext;
  }
  in(kBeforeValue).pop();
  in(kBeforeCond).pop();
  fired();
  return true;
}

bool Gate::needNext(bool cond) {
  if (cond) {
    if (!room({kAfterValue, kAfterCond})) return false;
    forward(kBeforeValue, kAfterValue);
    out(kAfterCond).push(1);
  } else {
    if (!room(kAfterCond)) return false;
    out(kAfterCond).push(0);
    phase_ = Phase::NeedHead;
  }
  in(kBeforeValue).pop();
  in(kBeforeCond).pop();
  fired();
  return true;
}

} // namespace loom::models
