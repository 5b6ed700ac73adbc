#include "models/lazy_fork.h"

namespace loom::models {

bool LazyFork::step() {
  if (!in(kIn).valid() || !roomOnEveryOutput()) return false;
  Bits v = in(kIn).front();
  const Model* poison = in(kIn).poison();
  in(kIn).pop();
  for (int i = 0; i < numOutputs(); ++i)
    out(i).push(v, poison);
  fired();
  return true;
}

} // namespace loom::models
