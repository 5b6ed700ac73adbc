#include "models/join.h"

namespace loom::models {

bool Join::step() {
  uint32_t waiting = 0;
  for (int i = 0; i < numInputs(); ++i)
    if (!in(i).valid()) waiting |= i < 32 ? 1u << i : kAwaitAll;
  if (waiting) {
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
