// dataflow.gate (spec-dataflow "Operation: dataflow.gate"): shifts a one-step-ahead
// before-region stream (N+1 pairs) into a body-region stream (N values, N conds).
//
//   %after_value, %after_cond = dataflow.gate %before_value, %before_cond
//
//   phase    | before_cond | pops         | pushes                        | next
//   ---------+-------------+--------------+-------------------------------+---------
//   NeedHead | true        | value, cond  | after_value = before_value    | NeedNext
//   NeedHead | false       | value, cond  | nothing                       | NeedHead
//   NeedNext | true        | value, cond  | after_value, after_cond = T   | NeedNext
//   NeedNext | false       | value, cond  | after_cond = F                | NeedHead
//
// Each row is one firing; it needs both inputs valid and space on exactly the outputs
// it pushes.
#pragma once

#include "models/model.h"

namespace loom::models {

class Gate : public Model {
public:
  enum Input : int { kBeforeValue, kBeforeCond };
  enum Output : int { kAfterValue, kAfterCond };
  enum class Phase : uint8_t { NeedHead, NeedNext };

  explicit Gate(std::string name) : Model(std::move(name), 2, 2) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Gate; }
  int phase() const override { return static_cast<int>(phase_); }
  bool isQuiescent() const override { return phase_ == Phase::NeedHead; }

protected:
  bool step() override;

private:
  bool needHead(bool cond);
  bool needNext(bool cond);

  Phase phase_ = Phase::NeedHead;
};

} // namespace loom::models
