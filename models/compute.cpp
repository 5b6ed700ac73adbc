#include "models/compute.h"

#include <algorithm>

namespace loom::models {

Compute::Compute(std::string name, OpKind kind, ArithAttrs attrs, Type operandType, Type resultType,
                 int latency, int numOperands)
    : Model(std::move(name),
            std::min(numOperands < 0 ? computeArity(kind) : numOperands, kMaxOperands), 1),
      kind_(kind), attrs_(attrs), operandType_(std::move(operandType)),
      resultType_(std::move(resultType)), latency_(std::max(latency, 1)),
      inline_(inlineOf(kind, operandType_)), mask_(widthMask(operandType_.width)),
      kindName_(opName(kind)), pipe_(static_cast<size_t>(latency_)) {
  // With latency 1 a result leaves in the cycle it is computed: never busy.
  if (latency_ > 1) setCanAdvanceAlone();
}

bool Compute::step() {
  const uint64_t t = now();
  // Stalled as a whole: the finished result in stage L-1 cannot leave.
  const bool done = headDone(t);
  if (done && !room(kResult)) {
    if (stalledFrom_ == kNotStalled) stalledFrom_ = t;
    return false;
  }
  if (stalledFrom_ != kNotStalled) endStall(t);
  bool any = false;
  if (done) {
    out(kResult).push(pipe_.front().result, pipe_.front().poison);
    pipe_.pop_front();
    fired();
    any = true;
  }
  // Accept into stage 0. With L = 1 stage 0 is the last stage: the result leaves in
  // this cycle (accept() checked the output; nothing older can be in the pipeline).
  if (accept()) {
    any = true;
    if (latency_ == 1) {
      out(kResult).push(pipe_.back().result, pipe_.back().poison);
      pipe_.pop_back();
    }
  }
  return any;
}

void Compute::endStall(uint64_t t) {
  const uint64_t held = t - stalledFrom_;
  for (size_t i = 0; i < pipe_.size(); ++i)
    pipe_[i].due += held;
  stalledFrom_ = kNotStalled;
}

Compute::Inline Compute::inlineOf(OpKind kind, const Type& operandType) {
  if (!operandType.isIntLike() || computeArity(kind) != 2) return Inline::None;
  switch (kind) {
  case OpKind::AddI: return Inline::Add;
  case OpKind::SubI: return Inline::Sub;
  case OpKind::MulI: return Inline::Mul;
  case OpKind::AndI: return Inline::And;
  case OpKind::OrI: return Inline::Or;
  case OpKind::XOrI: return Inline::Xor;
  default: return Inline::None;
  }
}

bool Compute::acceptInline() {
  const Bits a = in(0).front() & mask_, b = in(1).front() & mask_;
  Bits r = 0;
  switch (inline_) {
  case Inline::Add: r = a + b; break;
  case Inline::Sub: r = a - b; break;
  case Inline::Mul: r = a * b; break;
  case Inline::And: r = a & b; break;
  case Inline::Or: r = a | b; break;
  case Inline::Xor: r = a ^ b; break;
  case Inline::None: assert(false); break;
  }
  in(0).pop();
  in(1).pop();
  pipe_.push_back({r & mask_, nullptr, now() + static_cast<uint64_t>(latency_) - 1});
  fired();
  return true;
}

bool Compute::accept() {
  if (uint32_t waiting = missingInputs()) {
    awaitOnly(waiting);
    return false;
  }
  if (latency_ == 1 && !room(kResult)) return false;
  if (inline_ != Inline::None && !in(0).poison() && !in(1).poison()) return acceptInline();
  Bits operands[kMaxOperands] = {};
  PoisonMask poisoned = 0;
  for (int i = 0; i < numInputs(); ++i) {
    operands[i] = in(i).front();
    if (in(i).poison()) poisoned |= 1u << i;
  }
  Bits result = 0;
  ArithOutcome o =
      evalArithPoison(kind_, attrs_, operandType_, resultType_, operands, poisoned, result);
  EvalError e = o.error;
  if (e == EvalError::PoisonDivisor) {
    defined(1, "the divisor");
    return false;
  }
  if (e != EvalError::None) {
    std::string msg = std::string(evalErrorMessage(e)) + " (operands";
    for (int i = 0; i < numInputs(); ++i)
      msg += " " + (operandType_.isIntLike()
                        ? std::to_string(signExtend(operands[i], operandType_.width))
                        : std::to_string(operands[i]));
    fail(msg + ")");
    return false;
  }
  const Model* poison = !o.poison ? nullptr : o.from < 0 ? this : in(o.from).poison();
  for (int i = 0; i < numInputs(); ++i)
    in(i).pop();
  pipe_.push_back({result, poison, now() + static_cast<uint64_t>(latency_) - 1});
  fired();
  return true;
}

bool Compute::advancesNextCycle() const {
  if (pipe_.empty()) return false;
  // Advancing entries need no channel activity; a finished one waits for output space.
  return (stalledFrom_ == kNotStalled && pipe_.front().due > now() + 1) ||
         outputChannel(kResult)->ready();
}

Wake Compute::nextWake() const {
  // A failed unit does nothing any more; a stalled one is woken by the slot its
  // consumer frees (its first stall cycle was counted by the evaluation that found it).
  if (pipe_.empty() || failed() || stalledFrom_ != kNotStalled) return {};
  const uint64_t due = pipe_.front().due;
  if (outputChannel(kResult)->ready()) return {due, true};
  // The output is full, and only this unit pushes into it: the cycle before the due
  // one is the last that advances (advancesNextCycle() turns false in it), and the due
  // cycle is an output stall unless the consumer frees a slot, which wakes the unit.
  return due > now() + 1 ? Wake{due - 1, true} : Wake{due, false};
}

} // namespace loom::models
