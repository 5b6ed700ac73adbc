// A sweep's folder and its tasks' results (docs/sweeps.md "The output folder"):
//
//   DIR/sweep.json          the plan (sweep/plan.h), written first
//   DIR/points/pN.json      the timing file of point N
//   DIR/programs/seed-S.mlir loom-gen's program of seed S
//   DIR/results/NNNNNN.json one per finished task, written whole or not at all
//   DIR/results/NNNNNN.mutation.json a mutation sweep's task: its campaign (every mutant)
//   DIR/report/             `sweep report`'s table, plots and page
//   DIR/slurm/              `sweep submit`'s job script, its logs and its submissions
//
// A result file is written under a temporary name in the same folder and renamed into
// place, so a sweep that is interrupted loses only the tasks still running.
#pragma once

#include "sweep/plan.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::sweep {

// What one task's run gave. Every field but `seconds` is the same whichever backend,
// machine or -j ran it.
struct TaskResult {
  size_t id = 0;
  std::string verdict; // PASS, FAIL, ERROR (bad input) or CRASH (killed by a signal)
  int exitCode = 0;
  int signal = 0;
  uint64_t calls = 0, cycles = 0, transfers = 0; // over the run's accelerated calls
  uint64_t inputStalls = 0, outputStalls = 0;    // summed over every op (docs/counters.md)
  uint64_t findings = 0;
  // A mutation campaign's mutants (mode mutate; 0 in mode run): how many, and how many of
  // each class (host/mutation.h), which sum to `mutants`; and the false findings among them.
  uint64_t mutants = 0, caughtStatic = 0, caughtRuntime = 0, wrongUncaught = 0, harmless = 0,
           timeout = 0, mutantErrors = 0, falseFindings = 0;
  std::string firstError; // the first line of the run's errors, unless it passed
  double seconds = 0;     // wall-clock time of the run
};
void to_json(nlohmann::json& j, const TaskResult& r);
void from_json(const nlohmann::json& j, TaskResult& r);

// Should `sweep run` run this task again? Missing and crashed tasks always; with
// `failing`, also those that failed or were refused.
bool needsRun(const std::optional<TaskResult>& r, bool failing);

// The paths of a sweep's folder.
struct SweepDir {
  std::string root;
  std::string planFile() const { return root + "/sweep.json"; }
  std::string pointFile(size_t point) const;
  std::string programFile(uint64_t seed) const;
  std::string resultFile(size_t task) const;
  std::string campaignFile(size_t task) const; // a mutation sweep's task's campaign
  std::string resultsDir() const { return root + "/results"; }
};

// Writes `text` to `path` through a temporary file in the same folder and a rename; the
// problem if it could not.
std::optional<std::string> writeAtomically(const std::string& path, const std::string& text);

// The result file of task `id`, if there is one and it is a result of that task.
std::optional<TaskResult> readResult(const SweepDir& dir, size_t id);
// Every task's result found in the folder (nullopt where there is none, or where the
// file is not a result: it is then run again).
std::vector<std::optional<TaskResult>> readResults(const SweepDir& dir, const Plan& plan);

// Prepares `dir` for `plan`: a new or empty folder gets sweep.json and the points' timing
// files; a folder holding this plan's sweep.json is resumed as it is. A folder holding
// another sweep, or files that are not a sweep's, is refused (nothing in it is touched).
std::optional<std::string> openSweepDir(const SweepDir& dir, const Manifest& m, const Plan& plan);

// Reads the plan of the sweep in `dir` (for status and report).
std::optional<std::string> readSweepDir(const SweepDir& dir, Plan& plan);

} // namespace loom::sweep
