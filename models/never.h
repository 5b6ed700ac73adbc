// handshake.never: a source that never sends a token (CIRCT's handshake.never, a value
// that no path ever produces: an input of a merge or a join that stays empty).
//
//   needs: nothing | does: nothing, ever
//
// Never fires, never stalls on an output, holds nothing: always at rest.
#pragma once

#include "models/model.h"

namespace loom::models {

class Never : public Model {
public:
  enum Output : int { kOut };

  explicit Never(std::string name) : Model(std::move(name), 0, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Never; }

protected:
  bool step() override;
};

} // namespace loom::models
