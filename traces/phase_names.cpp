#include "traces/phase_names.h"

namespace loom::traces {

std::vector<std::string> phaseNames(const models::Op& op) {
  const auto& names = ops::spec(op.nodeKind()).phases;
  return {names.begin(), names.end()};
}

unsigned phaseWidth(const models::Op& op) {
  unsigned w = 1;
  while ((1 << w) < op.phaseCount())
    ++w;
  return w;
}

} // namespace loom::traces
