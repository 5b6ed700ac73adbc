#include "models/sync.h"

namespace loom::models {

bool Sync::step() {
  if (!everyInputValid() || !roomOnEveryOutput()) return false;
  for (int i = 0; i < numInputs(); ++i) {
    forward(i, i);
    in(i).pop();
  }
  fired();
  return true;
}

} // namespace loom::models
