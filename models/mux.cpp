#include "models/mux.h"

namespace loom::models {

bool Mux::step() {
  if (!in(kSelect).valid()) return false;
  if (!defined(kSelect, "the select")) return false;
  Bits sel = in(kSelect).front();
  if (sel >= static_cast<Bits>(numData())) {
    fail("select value " + std::to_string(sel) + " out of range (" + std::to_string(numData()) +
         " data inputs)");
    return false;
  }
  int data = kFirstData + static_cast<int>(sel);
  if (!in(data).valid()) {
    awaitOnly(data < 32 ? 1u << data : kAwaitAll); // only the selected input matters
    return false;
  }
  if (!room(kOut)) return false;
  forward(data, kOut);
  in(kSelect).pop();
  in(data).pop();
  fired();
  return true;
}

} // namespace loom::models
