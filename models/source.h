// handshake.source: pushes a none token in every cycle in which its output has space.
#pragma once

#include "models/model.h"

namespace loom::models {

class Source : public Model {
public:
  enum Output : int { kOut };

  explicit Source(std::string name) : Model(std::move(name), 0, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Source; }

protected:
  bool step() override;
};

} // namespace loom::models
