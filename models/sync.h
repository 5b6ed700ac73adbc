// handshake.sync: N inputs pass to N outputs together (input i to output i).
//
//   needs: every input valid, every output ready | does: pop all, push each to its output
#pragma once

#include "models/model.h"

namespace loom::models {

class Sync : public Model {
public:
  Sync(std::string name, int width) : Model(std::move(name), width, width) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Sync; }

protected:
  bool step() override;
};

} // namespace loom::models
