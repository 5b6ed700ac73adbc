// Compute unit: one class for every arith op (integer and float arithmetic,
// comparisons, select, casts) and every supported math op. The arithmetic is
// evalArith's, the one definition the reference interpreter also uses.
//
//   N operands -> 1 result, pipelined with latency L >= 1 (TimingConfig, by the op's
//   latency class):
//
//   part    | needs                                    | does
//   --------+------------------------------------------+-------------------------------
//   accept  | every operand valid, pipeline not stalled | pop all operands, evaluate,
//           |                                           | enter stage 0
//   advance | pipeline not stalled                      | every entry moves one stage
//   emit    | an entry in stage L-1, output ready       | push its result
//
// So operands popped in cycle t give a result pushed in cycle t+L-1, which the
// consumer sees in t+L (L = 1: pop and push in the same cycle). One operation is
// accepted per cycle, so up to L are in flight. The pipeline stalls as a whole: when
// the entry in stage L-1 cannot leave because the output is full, nothing advances
// and nothing is accepted in that cycle.
//
// An entry holds the cycle it reaches stage L-1 (its due cycle) rather than its stage,
// so the pipeline advances without being evaluated: the event engine wakes the unit at
// its oldest entry's due cycle (nextWake), not every cycle. A stall of k cycles delays
// every entry by k; the delay is added when the stall ends. An evaluation error (division by zero,
// INT_MIN / -1, shift out of range, float-to-int out of range) is an op error raised
// in the cycle the operands are popped.
#pragma once

#include "eval/arith.h"
#include "models/model.h"
#include "models/ring.h"

namespace loom::models {

class Compute : public Model {
public:
  enum Output : int { kResult };
  static constexpr int kMaxOperands = 3;

  // `operandType` is evalArith's operandType (the first operand's type; for select the
  // type of the true/false operands). numOperands < 0 means the op's arity
  // (computeArity).
  Compute(std::string name, OpKind kind, ArithAttrs attrs, Type operandType, Type resultType,
          int latency, int numOperands = -1);

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Compute; }
  const char* kindName() const override { return kindName_.c_str(); }
  const char* poisonReason() const override { return loom::poisonReason(kind_); }
  bool advancesNextCycle() const override;
  // The oldest entry's due cycle: the first in which the unit can fire without new
  // operands. A stalled unit: none (the freed slot wakes it).
  Wake nextWake() const override;
  bool isQuiescent() const override { return pipe_.empty(); }
  bool hasWorkInFlight() const override { return !pipe_.empty(); }
  // Only a stalled pipeline waits for output space: the entries behind advance anyway.
  bool freedOutputMatters() const override { return stalledFrom_ != kNotStalled; }

  OpKind kind() const { return kind_; }
  int latency() const { return latency_; }
  size_t inFlightCount() const { return pipe_.size(); }

protected:
  bool step() override;

private:
  struct Entry {
    Bits result;
    const Model* poison; // see Channel::push
    uint64_t due;        // the cycle it reaches stage L-1 (without the running stall)
  };
  static constexpr uint64_t kNotStalled = UINT64_MAX;

  bool accept();
  // The integer ops that cannot fail and whose result is the wrapped C++ operator:
  // accept() computes them inline when no operand is poison (the other ops and poison
  // go through evalArithPoison, the one definition).
  enum class Inline : uint8_t { None, Add, Sub, Mul, And, Or, Xor };
  static Inline inlineOf(OpKind kind, const Type& operandType);
  bool acceptInline();
  // Is the oldest entry in stage L-1 in cycle t (or waiting there since a stall began)?
  bool headDone(uint64_t t) const { return !pipe_.empty() && pipe_.front().due <= t; }
  // Ends the running stall in cycle t: every entry was held for its cycles.
  void endStall(uint64_t t);

  OpKind kind_;
  ArithAttrs attrs_;
  Type operandType_;
  Type resultType_;
  int latency_;
  Inline inline_;
  Bits mask_; // the operand type's width mask
  std::string kindName_;
  Ring<Entry> pipe_; // oldest first; due cycles strictly increasing; at most latency_ entries
  uint64_t stalledFrom_ = kNotStalled; // the first cycle of the running stall
};

} // namespace loom::models
