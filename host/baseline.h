// `run --baseline FILE` (docs/performance-analysis.md "Performance gating"): the run's
// cycles and each loop's achieved II against those of a stored report (an earlier
// `run --report` of the same program and inputs). Beyond the tolerance, one finding
// (check "performance") lists every figure that grew, so a lowering change that slows a
// kernel fails CI like a wrong result does.
#pragma once

#include "harness/findings.h"

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// The figures of a stored report that a run is held to.
struct Baseline {
  std::string file;
  uint64_t cycles = 0; // every call's span, laid end to end
  struct Call {
    uint64_t cycles = 0;
    std::map<std::string, double> ii; // ii_achieved by "source copy N"
  };
  std::map<std::pair<std::string, uint64_t>, Call> calls; // by function and invocation
};

// Reads a `run --report` file; the problem (bad input) if it is not one.
std::optional<std::string> readBaseline(const std::string& path, Baseline& out);

struct BaselineComparison {
  double tolerance = 0; // percent
  uint64_t cycles = 0, baselineCycles = 0;
  std::vector<std::string> slower;         // each figure beyond the tolerance, one line
  std::vector<std::string> faster;         // each figure below the baseline's (a note)
  std::vector<std::string> unpaired;       // calls or loops in one run only (not compared)
  std::optional<harness::Finding> finding; // when `slower` is not empty
  nlohmann::json json(const std::string& file) const;
};

// The run's figures (its report's calls and their loops, `cycles` in all) against `b`.
BaselineComparison compareWithBaseline(const Baseline& b, const harness::Report& now,
                                       uint64_t cycles, double tolerancePercent);

} // namespace loom
