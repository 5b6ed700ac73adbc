// A sweep's merged table (`sweep report`): one row per task, in the plan's order, as CSV
// and as JSON. Both hold the same rows and columns: the task (id, kernel or seed, engine,
// each swept parameter's value), then its result (verdict, exit code, calls, cycles,
// transfers, input and output stalls, findings, the first error, seconds). A task
// without a result has the verdict MISSING and empty figures.
#pragma once

#include "sweep/results.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::sweep {

using Results = std::vector<std::optional<TaskResult>>;

// The column names, in order.
std::vector<std::string> tableColumns(const Plan& plan);
std::string tableCsv(const Plan& plan, const Results& results);
// {"schema_version": 1, "columns": [...], "rows": [{column: value}...], "counts": {...}}
nlohmann::json tableJson(const Plan& plan, const Results& results);

// How many tasks have each verdict (MISSING included), in a fixed order.
struct Counts {
  size_t pass = 0, fail = 0, error = 0, crash = 0, missing = 0;
  size_t done() const { return pass + fail + error + crash; }
};
Counts countVerdicts(const Results& results);
// "1026 tasks: 1020 passed, 4 failed, 2 bad input, 0 crashed, 0 missing"
std::string countsLine(const Counts& c);

} // namespace loom::sweep
