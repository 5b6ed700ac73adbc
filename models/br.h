// handshake.br: passes each token on unchanged (CIRCT's handshake.br; a branch with one
// way out, what a lowering leaves where a value crosses a region boundary without a
// condition).
//
//   needs: input valid, output ready | does: pop the input, push it on the output
//
// One firing per token. Never holds a token of its own: always at rest.
#pragma once

#include "models/model.h"

namespace loom::models {

class Br : public Model {
public:
  enum Input : int { kIn };
  enum Output : int { kOut };

  explicit Br(std::string name) : Model(std::move(name), 1, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Br; }

protected:
  bool step() override;
};

} // namespace loom::models
