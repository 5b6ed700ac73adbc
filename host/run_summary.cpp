#include "host/run_summary.h"

#include "support/numbers.h"

namespace loom {

std::string summaryLine(const RunTally& t, double ms) {
  std::string roots;
  if (t.roots)
    roots = ", " + std::to_string(t.roots) + (t.roots == 1 ? " root cause" : " root causes");
  return t.calls + ", " + withCommas(t.cycles) + " cycles, " + withCommas(t.transfers) +
         " transfers, " + t.verdict + " (" + std::to_string(t.findings) + " finding(s)" + roots +
         "), " + withCommas(static_cast<uint64_t>(ms)) + " ms";
}

} // namespace loom
