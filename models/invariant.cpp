#include "models/invariant.h"

namespace loom::models {

bool Invariant::step() {
  switch (phase_) {
  case Phase::NeedInit: return needInit();
  case Phase::NeedCond: return needCond();
  }
  return false;
}

bool Invariant::needInit() {
  if (!in(kA).valid()) {
    awaitOnly(1u << kA);
    return false;
  }
  if (!room(kO)) return false;
  stored_ = in(kA).front();
  storedPoison_ = in(kA).poison();
  in(kA).pop();
  out(kO).push(stored_, storedPoison_);
  phase_ = Phase::NeedCond;
  fired();
  return true;
}

bool Invariant::needCond() {
  if (!in(kD).valid()) {
    awaitOnly(1u << kD);
    return false;
  }
  if (!defined(kD, "the loop condition")) return false;
  bool d = in(kD).front() != 0;
  if (d) {
    if (!room(kO)) return false;
    out(kO).push(stored_, storedPoison_);
  } else {
    stored_ = 0;
    storedPoison_ = nullptr;
    phase_ = Phase::NeedInit;
  }
  in(kD).pop();
  fired();
  return true;
}

} // namespace loom::models
