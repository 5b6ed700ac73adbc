// handshake.join: waits for one token on every input, then emits one none token.
//
//   needs: every input valid, output ready | does: pop every input, push none
#pragma once

#include "models/model.h"

namespace loom::models {

class Join : public Model {
public:
  enum Output : int { kOut };

  Join(std::string name, int numInputs) : Model(std::move(name), numInputs, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Join; }

protected:
  bool step() override;
};

} // namespace loom::models
