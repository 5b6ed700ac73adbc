// handshake.control_merge: a merge that also says which input won.
//
//   needs: some input valid, result and index outputs ready
//   does:  pop the first valid input (lowest index wins), push its value on result and
//          its input number on index
#pragma once

#include "models/model.h"

namespace loom::models {

class ControlMerge : public Model {
public:
  enum Output : int { kResult, kIndex };

  ControlMerge(std::string name, int numInputs) : Model(std::move(name), numInputs, 2) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::ControlMerge; }

protected:
  bool step() override;
};

} // namespace loom::models
