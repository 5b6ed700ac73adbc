#include "models/br.h"

namespace loom::models {

bool Br::step() {
  if (!in(kIn).valid() || !room(kOut)) return false;
  out(kOut).push(in(kIn).front());
  in(kIn).pop();
  fired();
  return true;
}

} // namespace loom::models
