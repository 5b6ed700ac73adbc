// handshake.store: sends one (data, address) pair to memory per control token.
//
//   store(addr, data_from_comp, ctrl) -> (data_to_mem, addr_to_mem)
//
//   needs: addr, data and ctrl valid; data_to_mem and addr_to_mem ready
//   does:  pop all three, push data_to_mem and addr_to_mem (one firing)
// The store's completion is signalled by the memory's done token, not by the store.
#pragma once

#include "models/model.h"

namespace loom::models {

class Store : public Model {
public:
  enum Input : int { kAddr, kData, kCtrl };
  enum Output : int { kMemData, kMemAddr };

  explicit Store(std::string name) : Model(std::move(name), 3, 2) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Store; }

protected:
  bool step() override;
};

} // namespace loom::models
