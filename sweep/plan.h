// A sweep's tasks: the manifest expanded into every program x timing point x engine, in
// a fixed order, and the fingerprint that tells one sweep's results from another's
// (docs/sweeps.md "Tasks and their results").
#pragma once

#include "sweep/manifest.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::sweep {

// One run: a program (a kernel file, or loom-gen's program of a seed) on one engine at
// one point of the grid.
struct Task {
  size_t id = 0;                // its place in the plan, from 0
  std::string kernel;           // the file as the manifest's folder sees it; "" for a seed
  std::optional<uint64_t> seed; // a loom-gen program
  std::string engine;
  size_t point = 0; // index into Plan::points
};

struct Plan {
  std::vector<std::string> parameters;  // the swept timing fields, in the manifest's order
  std::vector<std::vector<int>> points; // each point's values, per parameter
  std::vector<Task> tasks;              // programs slowest, then points, then engines
  std::string generatorSize;            // loom-gen --size of the seeds' programs
  std::string mode = "run";             // the manifest's: "run" or "mutate" (a campaign per task)
  // A hash of everything that decides the tasks' results: the task list, every kernel
  // file's bytes, the base timing, the checks and cycle cap, the mode and its operators.
  // Two plans with the same fingerprint compute the same results.
  std::string fingerprint;
};

// Expands the manifest. Kernel patterns are files, folders (their *.mlir files) and globs,
// from the manifest's folder; a pattern that names nothing is an error at its place.
std::optional<ManifestError> makePlan(const Manifest& m, Plan& out);

// `--chunk I/N`: the tasks [first, end) of chunk I (from 0) of N, consecutive and as equal
// in size as can be (each Slurm array element runs one chunk); all of them for "". The
// problem with `spec` if it is not I/N with 0 <= I < N.
std::optional<std::string> chunkTasks(const std::string& spec, size_t tasks, size_t& first,
                                      size_t& end);

// Batches (docs/sweeps.md "Batches"): the tasks `todo` (ids, in the plan's order, so a
// program's tasks are neighbours) cut into runs of consecutive tasks, each run in one
// process that loads each of its programs once. As few batches of at most `size` tasks
// as can be, their count a multiple of `jobs` (so that every process has a share) but
// no more than there are tasks, as equal in size as can be. Size 1: a process per task.
std::vector<std::vector<size_t>> makeBatches(const std::vector<size_t>& todo, size_t size,
                                             unsigned jobs);

// The name a task's program goes by in tables: the kernel's path, or "seed:S".
std::string programName(const Task& t);
// "channelCapacity=2 memoryLatency=4"
std::string pointText(const Plan& p, size_t point);
// The timing of one point: the manifest's base with the point's values.
models::TimingConfig pointTiming(const Manifest& m, const Plan& p, size_t point);

// sweep.json: the plan as JSON (read back to resume, and by `sweep report`).
nlohmann::json planJson(const Manifest& m, const Plan& p);
// The plan planJson wrote; the first problem if `j` is not one.
std::optional<std::string> planFromJson(const nlohmann::json& j, Plan& out);

} // namespace loom::sweep
