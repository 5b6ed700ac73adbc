// handshake.join: waits for one token on every input, then emits one none token.
//
//   needs: every input valid, output ready | does: pop every input, push none
#pragma once

#include "models/op.h"

namespace loom::models {

class Join : public Op {
public:
  enum Output : int { kOut };

  Join(std::string name, int numInputs) : Op(std::move(name), numInputs, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Join; }

protected:
  bool step() override;
};

} // namespace loom::models
