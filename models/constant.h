// handshake.constant: one constant per control token.
//
//   needs: ctrl (none) valid, output ready | does: pop ctrl, push the constant
#pragma once

#include "models/model.h"

namespace loom::models {

class Constant : public Model {
public:
  explicit Constant(const ModelArgs& a) : Constant(a.name, a.constValue) {}
  enum Input : int { kCtrl };
  enum Output : int { kOut };

  Constant(std::string name, Bits value) : Model(std::move(name), 1, 1), value_(value) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Constant; }
  Bits value() const { return value_; }

protected:
  bool step() override;

private:
  Bits value_;
};

} // namespace loom::models
