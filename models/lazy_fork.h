// handshake.lazy_fork: one input token copied to N outputs in a single firing, only
// when every output has space.
//
//   needs: input valid, every output ready | does: pop input, push a copy on each output
#pragma once

#include "models/model.h"

namespace loom::models {

class LazyFork : public Model {
public:
  enum Input : int { kIn };

  LazyFork(std::string name, int numOutputs) : Model(std::move(name), 1, numOutputs) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::LazyFork; }

protected:
  bool step() override;
};

} // namespace loom::models
