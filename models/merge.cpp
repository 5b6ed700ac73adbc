#include "models/merge.h"

namespace loom::models {

int firstValidInput(const Model& op) {
  for (int i = 0; i < op.numInputs(); ++i)
    if (op.inputChannel(i)->valid()) return i;
  return -1;
}

bool Merge::step() {
  int i = firstValidInput(*this);
  if (i < 0 || !room(kOut)) return false;
  forward(i, kOut);
  in(i).pop();
  fired();
  return true;
}

} // namespace loom::models
