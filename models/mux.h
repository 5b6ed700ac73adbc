// handshake.mux: the select token picks one data input.
//
//   needs: select valid, data input `select` valid, output ready
//   does:  pop select and that data input, push its value
// Only the selected input is consumed. A select value >= the number of data inputs is
// an op error.
#pragma once

#include "models/model.h"

namespace loom::models {

class Mux : public Model {
public:
  enum Input : int { kSelect, kFirstData };
  enum Output : int { kOut };

  Mux(std::string name, int numData) : Model(std::move(name), 1 + numData, 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Mux; }
  int numData() const { return numInputs() - 1; }

protected:
  bool step() override;
};

} // namespace loom::models
