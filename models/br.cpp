#include "models/br.h"

namespace loom::models {

bool Br::step() {
  if (!in(kIn).valid() || !room(kOut)) return false;
  forward(kIn, kOut);
  in(kIn).pop();
  fired();
  return true;
}

} // namespace loom::models
