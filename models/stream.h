// dataflow.stream (spec-dataflow "Operation: dataflow.stream"): a two-phase index
// generator.
//
//   %idx, %cont = dataflow.stream %start, %step, %bound {step_op, cont_cond}
//
//   phase | needs                      | does                                   | next
//   ------+----------------------------+----------------------------------------+-----
//   A     | start, step, bound valid   | pop all three, latch next_idx = start  | B
//   B     | idx and cont outputs ready | cont = next_idx cont_cond bound;       |
//         |                            | push idx = next_idx, push cont;        |
//         |                            | cont: next_idx = next_idx step_op step | B
//         |                            | !cont:                                 | A
//
// Activation emits nothing; each emitted pair is its own firing. Values are index
// (64-bit two's complement); comparisons are signed; `>>=` is an arithmetic shift.
// Arithmetic is evalArith's (addi/subi/muli/divsi/shli/shrsi, cmpi), so an undefined
// update (`/=` by 0, shift amount outside [0, 63]) becomes an op error.
#pragma once

#include "models/model.h"

#include <string_view>

namespace loom::models {

// The attributes' values and spellings are the op table's (ops/op_table.h).
using ops::ContCond;
using ops::contCondText;
using ops::parseContCond;
using ops::parseStepOp;
using ops::StepOp;
using ops::stepOpText;

// A step that does not move the index towards the bound while the condition holds
// (+= with < and a step <= 0, ...): the stream would run until the cycle cap. The model
// stops it with an op error (the interpreter's, for a loop step <= 0); the RTL twin,
// which reports no op error, runs on.
bool streamNeverEnds(StepOp op, ContCond cond, int64_t start, int64_t step, int64_t bound);

class Stream : public Model {
public:
  explicit Stream(const ModelArgs& a)
      : Stream(a.name, a.stepOp, a.contCond, a.outTypes.empty() ? Type::index() : a.outTypes[0]) {}
  enum Input : int { kStart, kStep, kBound };
  enum Output : int { kIdx, kCont };
  enum class Phase : uint8_t { A, B };

  Stream(std::string name, StepOp stepOp, ContCond contCond, Type indexType = Type::index());

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Stream; }
  int phase() const override { return static_cast<int>(phase_); }
  bool isQuiescent() const override { return phase_ == Phase::A; }

protected:
  bool step() override;

private:
  bool activate(); // phase A
  bool emit();
  bool neverEnds() const; // phase B

  StepOp stepOp_;
  ContCond contCond_;
  Type type_;
  Phase phase_ = Phase::A;
  Bits next_ = 0; // next_idx
  Bits step_ = 0;
  Bits bound_ = 0;
};

} // namespace loom::models
