// handshake.sink: discards every token; pops its input whenever it is valid.
#pragma once

#include "models/model.h"

namespace loom::models {

class Sink : public Model {
public:
  enum Input : int { kIn };

  explicit Sink(std::string name) : Model(std::move(name), 1, 0) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Sink; }

protected:
  bool step() override;
};

} // namespace loom::models
