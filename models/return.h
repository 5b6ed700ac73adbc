// handshake.return: the function's results leave together with its control token.
//
//   return(result_0 .. result_{N-1}, ctrl) -> (result_0 .. result_{N-1}, done)
//
//   needs: every input valid, every output ready
//   does:  pop all, push each result to its output and a none token on done
// With N = 0 it forwards the control token alone. The host collects the outputs.
#pragma once

#include "models/model.h"

namespace loom::models {

class Return : public Model {
public:
  explicit Return(std::string name, int numResults)
      : Model(std::move(name), numResults + 1, numResults + 1) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Return; }
  int numResults() const { return numInputs() - 1; }
  int ctrlInput() const { return numResults(); }
  int doneOutput() const { return numResults(); }

protected:
  bool step() override;
};

} // namespace loom::models
