#include "models/stream.h"

#include "eval/arith.h"

namespace loom::models {

const char* stepOpText(StepOp s) {
  switch (s) {
  case StepOp::Add: return "+=";
  case StepOp::Sub: return "-=";
  case StepOp::Mul: return "*=";
  case StepOp::Div: return "/=";
  case StepOp::Shl: return "<<=";
  case StepOp::Shr: return ">>=";
  }
  return "?";
}

const char* contCondText(ContCond c) {
  switch (c) {
  case ContCond::Lt: return "<";
  case ContCond::Le: return "<=";
  case ContCond::Gt: return ">";
  case ContCond::Ge: return ">=";
  case ContCond::Ne: return "!=";
  }
  return "?";
}

bool parseStepOp(std::string_view text, StepOp& out) {
  for (StepOp s : {StepOp::Add, StepOp::Sub, StepOp::Mul, StepOp::Div, StepOp::Shl, StepOp::Shr})
    if (text == stepOpText(s)) {
      out = s;
      return true;
    }
  return false;
}

bool parseContCond(std::string_view text, ContCond& out) {
  for (ContCond c : {ContCond::Lt, ContCond::Le, ContCond::Gt, ContCond::Ge, ContCond::Ne})
    if (text == contCondText(c)) {
      out = c;
      return true;
    }
  return false;
}

static OpKind arithOf(StepOp s) {
  switch (s) {
  case StepOp::Add: return OpKind::AddI;
  case StepOp::Sub: return OpKind::SubI;
  case StepOp::Mul: return OpKind::MulI;
  case StepOp::Div: return OpKind::DivSI;
  case StepOp::Shl: return OpKind::ShLI;
  case StepOp::Shr: return OpKind::ShRSI;
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
    : Op(std::move(name), 3, 2), stepOp_(stepOp), contCond_(contCond), type_(indexType) {}

const char* Stream::phaseName() const {
  switch (phase_) {
  case Phase::A: return "A";
  case Phase::B: return "B";
  }
  return "?";
}

bool Stream::step() {
  switch (phase_) {
  case Phase::A: return activate();
  case Phase::B: return emit();
  }
  return false;
}

bool Stream::activate() {
  if (!in(kStart).valid() || !in(kStep).valid() || !in(kBound).valid()) return false;
  next_ = in(kStart).front();
  step_ = in(kStep).front();
  bound_ = in(kBound).front();
  in(kStart).pop();
  in(kStep).pop();
  in(kBound).pop();
  phase_ = Phase::B;
  fired();
  return true;
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
