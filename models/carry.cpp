#include "models/carry.h"

namespace loom::models {

bool Carry::step() {
  switch (phase_) {
  case Phase::NeedInit: return needInit();
  case Phase::NeedCond: return needCond();
  case Phase::NeedLoop: return needLoop();
  }
  return false;
}

bool Carry::needInit() {
  if (!in(kA).valid()) {
    awaitOnly(1u << kA);
    return false;
  }
  if (!room(kO)) return false;
  forward(kA, kO);
  in(kA).pop();
  phase_ = Phase::NeedCond;
  fired();
  return true;
}

bool Carry::needCond() {
  if (!in(kD).valid()) {
    awaitOnly(1u << kD);
    return false;
  }
  if (!defined(kD, "the loop condition")) return false;
  bool d = in(kD).front() != 0;
  in(kD).pop();
  phase_ = d ? Phase::NeedLoop : Phase::NeedInit;
  fired();
  return true;
}

bool Carry::needLoop() {
  if (!in(kB).valid()) {
    awaitOnly(1u << kB);
    return false;
  }
  if (!room(kO)) return false;
  forward(kB, kO);
  in(kB).pop();
  phase_ = Phase::NeedCond;
  fired();
  return true;
}

} // namespace loom::models
