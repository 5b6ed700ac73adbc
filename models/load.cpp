#include "models/load.h"

namespace loom::models {

bool Load::step() {
  bool a = addressHalf();
  bool d = dataHalf();
  // Waiting: the address half for its address or ctrl, the data half for memory data
  // (together, every input).
  if (!a && !d) awaitOnly(missingInputs());
  return a || d;
}

bool Load::addressHalf() {
  if (!in(kAddr).valid() || !in(kCtrl).valid() || !room(kMemAddr)) return false;
  if (!defined(kAddr, "the address")) return false;
  out(kMemAddr).push(in(kAddr).front());
  in(kAddr).pop();
  in(kCtrl).pop();
  fired();
  return true;
}

bool Load::dataHalf() {
  if (!in(kMemData).valid() || !room(kData)) return false;
  forward(kMemData, kData);
  in(kMemData).pop();
  fired();
  return true;
}

} // namespace loom::models
