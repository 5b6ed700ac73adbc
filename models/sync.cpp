#include "models/sync.h"

namespace loom::models {

bool Sync::step() {
  for (int i = 0; i < numInputs(); ++i)
    if (!in(i).valid()) return false;
  bool ok = true;
  for (int i = 0; i < numOutputs(); ++i)
    ok = room(i) && ok;
  if (!ok) return false;
  for (int i = 0; i < numInputs(); ++i) {
    forward(i, i);
    in(i).pop();
  }
  fired();
  return true;
}

} // namespace loom::models
