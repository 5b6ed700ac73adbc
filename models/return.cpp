#include "models/return.h"

namespace loom::models {

bool Return::step() {
  if (!everyInputValid() || !roomOnEveryOutput()) return false;
  // The host takes defined values only (docs/design.md "Poison").
  for (int i = 0; i < numResults(); ++i)
    if (!defined(i, "a returned value")) return false;
  for (int i = 0; i < numResults(); ++i)
    out(i).push(in(i).front());
  out(doneOutput()).push(0);
  for (int i = 0; i < numInputs(); ++i)
    in(i).pop();
  fired();
  return true;
}

} // namespace loom::models
