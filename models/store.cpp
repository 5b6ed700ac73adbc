#include "models/store.h"

namespace loom::models {

bool Store::step() {
  if (!in(kAddr).valid() || !in(kData).valid() || !in(kCtrl).valid()) {
    awaitOnly(missingInputs());
    return false;
  }
  if (!room({kMemData, kMemAddr})) return false;
  // Memory holds defined values only (docs/design.md "Poison").
  if (!defined(kAddr, "the address") || !defined(kData, "the stored value")) return false;
  out(kMemData).push(in(kData).front());
  out(kMemAddr).push(in(kAddr).front());
  in(kAddr).pop();
  in(kData).pop();
  in(kCtrl).pop();
  fired();
  return true;
}

} // namespace loom::models
