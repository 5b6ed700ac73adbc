#include "models/compute.h"

#include <algorithm>

namespace loom::models {

Compute::Compute(std::string name, OpKind kind, ArithAttrs attrs, Type operandType, Type resultType,
                 int latency, int numOperands)
    : Model(std::move(name),
            std::min(numOperands < 0 ? computeArity(kind) : numOperands, kMaxOperands), 1),
      kind_(kind), attrs_(attrs), operandType_(std::move(operandType)),
      resultType_(std::move(resultType)), latency_(std::max(latency, 1)), kindName_(opName(kind)),
      pipe_(static_cast<size_t>(latency_)) {
  // With latency 1 a result leaves in the cycle it is computed: never busy.
  if (latency_ > 1) setCanAdvanceAlone();
}

bool Compute::step() {
  // Stalled as a whole: the finished result in stage L-1 cannot leave.
  bool headDone = !pipe_.empty() && pipe_.front().stage == latency_ - 1;
  if (headDone && !room(kResult)) return false;
  bool any = false;
  if (headDone) {
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
  for (size_t i = 0; i < pipe_.size(); ++i)
    ++pipe_[i].stage;
  return any;
}

bool Compute::accept() {
  if (uint32_t waiting = missingInputs()) {
    awaitOnly(waiting);
    return false;
  }
  if (latency_ == 1 && !room(kResult)) return false;
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
  pipe_.push_back({result, poison, 0});
  fired();
  return true;
}

bool Compute::advancesNextCycle() const {
  if (pipe_.empty()) return false;
  // Advancing entries need no channel activity; a finished one waits for output space.
  return pipe_.front().stage < latency_ - 1 || outputChannel(kResult)->ready();
}

Wake Compute::nextWake() const {
  if (pipe_.empty()) return {};
  if (advancesNextCycle()) return {now() + 1, true};
  // The oldest entry is finished from the next cycle on and the output is full: an
  // output stall from then on, until the consumer frees a slot (a failed unit does
  // nothing any more: idle).
  if (failed() || lastStatus() == CycleStatus::OutputStall) return {};
  return {now() + 1, false};
}

} // namespace loom::models
