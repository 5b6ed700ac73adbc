// handshake.merge: forwards one token from any input; when several are valid the
// lowest-numbered input wins (the others wait).
//
//   needs: some input valid, output ready | does: pop the first valid input, push it
#pragma once

#include "models/model.h"

namespace loom::models {

class Merge : public Model {
public:
  enum Output : int { kOut };

  Merge(std::string name, int numInputs) : Model(std::move(name), numInputs, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Merge; }

protected:
  bool step() override;
};

// The first valid input of `op`'s inputs, or -1.
int firstValidInput(const Model& op);

} // namespace loom::models
