// A sweep's merged table (`sweep report`): one row per task, in the plan's order, as CSV
// and as JSON. Both hold the same rows and columns: the task (id, kernel or seed, engine,
// each swept parameter's value), then its result (verdict, exit code, its figures, the
// first error, seconds). A run's figures are calls, cycles, transfers, input and output
// stalls and findings; a mutation campaign's (mode mutate) its mutants, their count per
// class and its false findings. A task without a result has the verdict MISSING and
// empty figures.
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
// The figures' columns of the plan's mode, as TaskResult's JSON names them.
std::vector<std::string> figureColumns(const Plan& plan);
std::string tableCsv(const Plan& plan, const Results& results);
// {"schema_version": 1, "columns": [...], "rows": [{column: value}...], "counts": {...}};
// a mutation sweep's counts also hold "mutants": mutantTotals by name.
nlohmann::json tableJson(const Plan& plan, const Results& results);

// How many tasks have each verdict (MISSING included), in a fixed order.
struct Counts {
  size_t pass = 0, fail = 0, error = 0, crash = 0, missing = 0;
  size_t done() const { return pass + fail + error + crash; }
};
Counts countVerdicts(const Results& results);
// "1026 tasks: 1020 passed, 4 failed, 2 bad input, 0 crashed, 0 missing"
std::string countsLine(const Counts& c);

// A mutation sweep's campaign figures summed over the tasks that have a result, by
// column name (figureColumns' of mode mutate), in that order.
std::vector<std::pair<std::string, uint64_t>> mutantTotals(const Results& results);
// "120 mutants: 40 caught_static, 70 caught_runtime, 0 wrong_uncaught, 8 harmless,
// 2 timeout, 0 mutant_errors; 0 false_findings"
std::string mutantsLine(const Results& results);

} // namespace loom::sweep
