#include "models/constant.h"

namespace loom::models {

bool Constant::step() {
  if (!in(kCtrl).valid() || !room(kOut)) return false;
  in(kCtrl).pop();
  out(kOut).push(value_);
  fired();
  return true;
}

} // namespace loom::models
