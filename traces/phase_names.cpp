#include "traces/phase_names.h"

namespace loom::traces {

std::vector<std::string> phaseNames(const models::Model& op) {
  const auto& names = ops::spec(op.nodeKind()).phases;
  return {names.begin(), names.end()};
}

unsigned phaseWidth(const models::Model& op) {
  // Two bits at least: GTKWave draws a one-bit variable as a line and names the values
  // of vectors only, so a two-phase machine would show 0 and 1, not its phase names.
  unsigned w = 2;
  while ((1 << w) < op.phaseCount())
    ++w;
  return w;
}

} // namespace loom::traces
