// What `run` and `sim` say of a run in one wording: the summary line they end with,
// "3 accelerated call(s), 889 cycles, 3,838 transfers, all checks passed (0 finding(s)),
// 3 ms" (docs/counters.md defines the cycles and transfers), and the parts their
// --report documents share (docs/report.schema.json).
#pragma once

#include "harness/causes.h"
#include "harness/findings.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace loom {

// The version of the --report document's layout (docs/report.schema.json): raised when
// a field is removed, renamed or changes its meaning, not when one is added.
constexpr int kReportSchemaVersion = 2;

struct RunTally {
  std::string calls;                  // "3 accelerated call(s)", "1 call"
  uint64_t cycles = 0, transfers = 0; // the calls' spans and pushes, summed
  std::string verdict;                // "all checks passed", "FAILED", ...
  size_t findings = 0, roots = 0;     // roots: the findings' root causes (harness/causes.h)
};

// The line without "loom-sim: "; `ms` is the caller's wall-clock time.
std::string summaryLine(const RunTally& t, double ms);

// The fields every report begins with: schema_version, version, command ("run", "sim"),
// file, engine, passed, summary.
nlohmann::json reportHead(const std::string& command, const std::string& file,
                          const std::string& engine, bool passed, const std::string& summary);
// One entry of the report's "calls", without its loop table (only `run` has one).
nlohmann::json callJson(const harness::Report::Call& c);
// The report's "findings" and "causes".
void addFindings(nlohmann::json& j, const std::vector<harness::Finding>& findings,
                 const std::vector<harness::CauseGroup>& causes);

} // namespace loom
