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
// and nothing is accepted in that cycle. An evaluation error (division by zero,
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
  // Busy: the next cycle. A finished result meeting a full output: the next cycle too
  // if the cycle just evaluated was not yet an output stall (the stall's first cycle is
  // counted by an evaluation; the freed slot wakes the unit afterwards).
  Wake nextWake() const override;
  bool isQuiescent() const override { return pipe_.empty(); }
  bool hasWorkInFlight() const override { return !pipe_.empty(); }
  bool freedOutputMatters() const override { return hasWorkInFlight(); }

  OpKind kind() const { return kind_; }
  int latency() const { return latency_; }
  size_t inFlightCount() const { return pipe_.size(); }

protected:
  bool step() override;

private:
  struct Entry {
    Bits result;
    const Model* poison; // see Channel::push
    int stage;           // 0 .. latency-1 during the current cycle
  };

  bool accept();

  OpKind kind_;
  ArithAttrs attrs_;
  Type operandType_;
  Type resultType_;
  int latency_;
  std::string kindName_;
  Ring<Entry> pipe_; // oldest first; stages strictly decreasing; at most latency_ entries
};

} // namespace loom::models
