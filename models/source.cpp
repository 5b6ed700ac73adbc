#include "models/source.h"

namespace loom::models {

bool Source::step() {
  if (!room(kOut)) return false;
  out(kOut).push(0);
  fired();
  return true;
}

} // namespace loom::models
