#include "traces/phase_names.h"

#include <cstring>

namespace loom::traces {

namespace {

struct KindPhases {
  const char* kind;
  std::vector<const char*> names;
};

// In the order of each model's Phase enum.
const std::vector<KindPhases>& table() {
  static const std::vector<KindPhases> t = {
      {"dataflow.stream", {"A", "B"}},
      {"dataflow.gate", {"NeedHead", "NeedNext"}},
      {"dataflow.carry", {"NeedInit", "NeedCond", "NeedLoop"}},
      {"dataflow.invariant", {"NeedInit", "NeedCond"}},
      {"loom.entry", {"Idle", "Sending"}},
  };
  return t;
}

} // namespace

std::vector<std::string> phaseNames(const models::Op& op) {
  int n = op.phaseCount();
  std::vector<std::string> out;
  for (const KindPhases& k : table())
    if (std::strcmp(k.kind, op.kindName()) == 0 && static_cast<int>(k.names.size()) == n) {
      out.assign(k.names.begin(), k.names.end());
      return out;
    }
  for (int i = 0; i < n; ++i)
    out.push_back("p" + std::to_string(i));
  return out;
}

} // namespace loom::traces
