// dataflow.carry (spec-dataflow "Operation: dataflow.carry"): one loop-carried value.
//
//   %o = dataflow.carry %d, %a, %b
//
//   phase    | needs              | does                      | next
//   ---------+--------------------+---------------------------+---------
//   NeedInit | a valid, o ready   | pop a, push o = a         | NeedCond
//   NeedCond | d valid            | pop d (no output)         | d ? NeedLoop : NeedInit
//   NeedLoop | b valid, o ready   | pop b, push o = b         | NeedCond
//
// NeedCond and NeedLoop are separate firings (separate cycles).
#pragma once

#include "models/model.h"

namespace loom::models {

class Carry : public Model {
public:
  enum Input : int { kD, kA, kB };
  enum Output : int { kO };
  enum class Phase : uint8_t { NeedInit, NeedCond, NeedLoop };

  explicit Carry(std::string name) : Model(std::move(name), 3, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Carry; }
  int phase() const override { return static_cast<int>(phase_); }
  bool isQuiescent() const override { return phase_ == Phase::NeedInit; }

protected:
  bool step() override;

private:
  bool needInit();
  bool needCond();
  bool needLoop();

  Phase phase_ = Phase::NeedInit;
};

} // namespace loom::models
