#include "models/sink.h"

namespace loom::models {

bool Sink::step() {
  if (!in(kIn).valid()) return false;
  in(kIn).pop();
  fired();
  return true;
}

} // namespace loom::models
