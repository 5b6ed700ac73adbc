#include "traces/phase_names.h"

namespace loom::traces {

std::vector<std::string> phaseNames(const models::Op& op) {
  const auto& names = ops::spec(op.nodeKind()).phases;
  return {names.begin(), names.end()};
}

} // namespace loom::traces
