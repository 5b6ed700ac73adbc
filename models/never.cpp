#include "models/never.h"

namespace loom::models {

bool Never::step() {
  return false;
}

} // namespace loom::models
