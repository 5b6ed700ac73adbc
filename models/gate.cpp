#include "models/gate.h"

namespace loom::models {

bool Gate::step() {
  if (!in(kBeforeValue).valid() || !in(kBeforeCond).valid()) {
    awaitOnly(missingInputs());
    return false;
  }
  Bits value = in(kBeforeValue).front();
  bool cond = in(kBeforeCond).front() != 0;
  switch (phase_) {
  case Phase::NeedHead: return needHead(value, cond);
  case Phase::NeedNext: return needNext(value, cond);
  }
  return false;
}

bool Gate::needHead(Bits value, bool cond) {
  if (cond) {
    if (!room(kAfterValue)) return false;
    out(kAfterValue).push(value);
    phase_ = Phase::NeedNext;
  }
  in(kBeforeValue).pop();
  in(kBeforeCond).pop();
  fired();
  return true;
}

bool Gate::needNext(Bits value, bool cond) {
  if (cond) {
    if (!room({kAfterValue, kAfterCond})) return false;
    out(kAfterValue).push(value);
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
