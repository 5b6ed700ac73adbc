// dataflow.invariant (spec-dataflow "Operation: dataflow.invariant"): stores one value
// and replays it while the loop condition stays true.
//
//   %o = dataflow.invariant %d, %a
//
//   phase    | needs                     | does                          | next
//   ---------+---------------------------+-------------------------------+---------
//   NeedInit | a valid, o ready          | pop a, store it, push o = a   | NeedCond
//   NeedCond | d valid (true), o ready   | pop d, push o = stored        | NeedCond
//   NeedCond | d valid (false)           | pop d, forget stored, no push | NeedInit
#pragma once

#include "models/model.h"

namespace loom::models {

class Invariant : public Model {
public:
  enum Input : int { kD, kA };
  enum Output : int { kO };
  enum class Phase : uint8_t { NeedInit, NeedCond };

  explicit Invariant(std::string name) : Model(std::move(name), 2, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Invariant; }
  int phase() const override { return static_cast<int>(phase_); }
  bool isQuiescent() const override { return phase_ == Phase::NeedInit; }
  Bits stored() const { return stored_; }

protected:
  bool step() override;

private:
  bool needInit();
  bool needCond();

  Phase phase_ = Phase::NeedInit;
  Bits stored_ = 0;
  const Model* storedPoison_ = nullptr; // the op that made the stored value poison
};

} // namespace loom::models
