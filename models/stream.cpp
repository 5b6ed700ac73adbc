#include "models/stream.h"

#include "eval/arith.h"

namespace loom::models {

// The index is unsigned to its update, as LOOM's simulators compute it (its legacy
// branch's SimPE and its main's FunctionalBackend: 64-bit unsigned `/` and `>>`): a
// `>>=` shifts zeros in, a `/=` divides unsigned (docs/timing.md, dataflow.stream).
static OpKind arithOf(StepOp s) {
  switch (s) {
  case StepOp::Add: return OpKind::AddI;
  case StepOp::Sub: return OpKind::SubI;
  case StepOp::Mul: return OpKind::MulI;
  case StepOp::Div: return OpKind::DivUI;
  case StepOp::Shl: return OpKind::ShLI;
  case StepOp::Shr: return OpKind::ShRUI;
  }
  return OpKind::AddI;
}

static CmpIPred predOf(ContCond c) {
  switch (c) {
  case ContCond::Lt: return CmpIPred::slt;
  case ContCond::Le: return CmpIPred::sle;
  case ContCond::Gt: return CmpIPred::sgt;
  case ContCond::Ge: return CmpIPred::sge;
  case ContCond::Ne: return CmpIPred::ne;
  }
  return CmpIPred::slt;
}

Stream::Stream(std::string name, StepOp stepOp, ContCond contCond, Type indexType)
    : Model(std::move(name), 3, 2), stepOp_(stepOp), contCond_(contCond), type_(indexType) {}

bool Stream::step() {
  switch (phase_) {
  case Phase::A: return activate();
  case Phase::B: return emit();
  }
  return false;
}

bool Stream::activate() {
  if (!in(kStart).valid() || !in(kStep).valid() || !in(kBound).valid()) return false;
  // The loop's control is decided from all three (docs/design.md "Poison").
  if (!defined(kStart, "the start") || !defined(kStep, "the step") || !defined(kBound, "the bound"))
    return false;
  next_ = in(kStart).front();
  step_ = in(kStep).front();
  bound_ = in(kBound).front();
  if (neverEnds()) {
    fail("the step is " + std::to_string(signExtend(step_, type_.width)) + ": with '" +
         stepOpText(stepOp_) + "' and '" + contCondText(contCond_) +
         "' the index never reaches the bound " + std::to_string(signExtend(bound_, type_.width)) +
         " from " + std::to_string(signExtend(next_, type_.width)) +
         " (a loop's step must be positive)");
    return false;
  }
  in(kStart).pop();
  in(kStep).pop();
  in(kBound).pop();
  phase_ = Phase::B;
  fired();
  return true;
}

bool streamNeverEnds(StepOp op, ContCond cond, int64_t start, int64_t step, int64_t bound) {
  bool up = op == StepOp::Add, down = op == StepOp::Sub;
  if (!up && !down) return false;
  switch (cond) {
  case ContCond::Lt: return start < bound && (up ? step <= 0 : step >= 0);
  case ContCond::Le: return start <= bound && (up ? step <= 0 : step >= 0);
  case ContCond::Gt: return start > bound && (up ? step >= 0 : step <= 0);
  case ContCond::Ge: return start >= bound && (up ? step >= 0 : step <= 0);
  case ContCond::Ne: return start != bound && step == 0;
  }
  return false;
}

bool Stream::neverEnds() const {
  return streamNeverEnds(stepOp_, contCond_, signExtend(next_, type_.width),
                         signExtend(step_, type_.width), signExtend(bound_, type_.width));
}

bool Stream::emit() {
  if (!room({kIdx, kCont})) return false;
  ArithAttrs cmp;
  cmp.cmpi = predOf(contCond_);
  Bits cmpOperands[2] = {next_, bound_};
  Bits cont = 0;
  EvalError e = evalArith(OpKind::CmpI, cmp, type_, Type::i1(), cmpOperands, cont);
  if (e != EvalError::None) {
    fail(std::string("comparison failed: ") + evalErrorMessage(e));
    return false;
  }
  out(kIdx).push(next_);
  out(kCont).push(cont);
  fired();
  if (!cont) {
    phase_ = Phase::A;
    return true;
  }
  Bits updOperands[2] = {next_, step_};
  Bits updated = 0;
  e = evalArith(arithOf(stepOp_), ArithAttrs{}, type_, type_, updOperands, updated);
  if (e != EvalError::None) {
    fail(std::string("index update ") + std::to_string(signExtend(next_, type_.width)) + " " +
         stepOpText(stepOp_) + " " + std::to_string(signExtend(step_, type_.width)) + ": " +
         evalErrorMessage(e));
    return true;
  }
  next_ = updated;
  return true;
}

} // namespace loom::models
