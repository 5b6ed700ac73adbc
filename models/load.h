// handshake.load: two independent halves, each firing on its own (both may fire in the
// same cycle).
//
//   load(addr, data_from_mem, ctrl) -> (data_to_comp, addr_to_mem)
//
//   half    | needs                             | does
//   --------+-----------------------------------+-----------------------------------
//   address | addr and ctrl valid, addr_to_mem  | pop addr and ctrl, push addr_to_mem
//           | ready                             |
//   data    | data_from_mem valid, data_to_comp | pop data_from_mem, push data_to_comp
//           | ready                             |
//
// The load holds no state: several addresses may be outstanding; the memory returns
// their data in order.
#pragma once

#include "models/model.h"

namespace loom::models {

class Load : public Model {
public:
  enum Input : int { kAddr, kMemData, kCtrl };
  enum Output : int { kData, kMemAddr };

  explicit Load(std::string name) : Model(std::move(name), 3, 2) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Load; }

protected:
  bool step() override;

private:
  bool addressHalf();
  bool dataHalf();
};

} // namespace loom::models
