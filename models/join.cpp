#include "models/join.h"

namespace loom::models {

bool Join::step() {
  if (uint32_t waiting = missingInputs()) {
    awaitOnly(waiting);
    return false;
  }
  if (!room(kOut)) return false;
  for (int i = 0; i < numInputs(); ++i)
    in(i).pop();
  out(kOut).push(0);
  fired();
  return true;
}

} // namespace loom::models
