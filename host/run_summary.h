// The summary line `run` and `sim` end with (and put in their reports), in one wording:
// "3 accelerated call(s), 889 cycles, 3,838 transfers, all checks passed (0 finding(s)),
// 3 ms" (docs/counters.md defines the cycles and transfers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace loom {

struct RunTally {
  std::string calls;                  // "3 accelerated call(s)", "1 call"
  uint64_t cycles = 0, transfers = 0; // the calls' spans and pushes, summed
  std::string verdict;                // "all checks passed", "FAILED", ...
  size_t findings = 0, roots = 0;     // roots: the findings' root causes (harness/causes.h)
};

// The line without "loom-sim: "; `ms` is the caller's wall-clock time.
std::string summaryLine(const RunTally& t, double ms);

} // namespace loom
