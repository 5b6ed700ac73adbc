// handshake.cond_br: routes a data token to the true or the false output.
//
//   needs: cond and data valid, the chosen output ready
//   does:  pop cond and data, push data on true (cond != 0) or false
// The other output need not have space.
#pragma once

#include "models/model.h"

namespace loom::models {

class CondBr : public Model {
public:
  enum Input : int { kCond, kData };
  enum Output : int { kTrue, kFalse };

  explicit CondBr(std::string name) : Model(std::move(name), 2, 2) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::CondBr; }

protected:
  bool step() override;
};

} // namespace loom::models
