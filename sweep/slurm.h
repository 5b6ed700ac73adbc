// A sweep as a Slurm job array (docs/sweeps.md "On a Slurm cluster"): the tasks cut into
// chunks of consecutive tasks, one array element per chunk, each element running
// `loom-sim sweep run M --out DIR --chunk I/N` on a node. What was submitted is kept in
// DIR/slurm/array.json; what is done is what DIR/results holds, so a cancelled, failed or
// lost element shows as a chunk with missing tasks and no element queued for it, whatever
// Slurm's accounting keeps (without slurmdbd, nothing of an element cancelled while
// pending).
#pragma once

#include "sweep/results.h"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::sweep {

// What each array element asks Slurm for (sbatch's options of the same names).
struct SlurmOptions {
  std::string partition; // "" : the cluster's default
  std::string time = "1:00:00";
  std::string mem = "2G";
  unsigned cpusPerTask = 1;            // each element runs its chunk with -j this
  unsigned maxParallel = 0;            // --array=...%K: at most K elements at once (0: no cap)
  std::vector<std::string> sbatchArgs; // more sbatch options, as given
  // Each element's `sweep run --batch`: at most this many tasks per process (1: a process
  // per task; 0, in a state written before batches: run's default).
  size_t batch = 0;
};
void to_json(nlohmann::json& j, const SlurmOptions& o);
void from_json(const nlohmann::json& j, SlurmOptions& o);

struct Submission {
  std::string job;      // the array's job id
  std::string elements; // "0-15" or "3,7": the chunks it runs
};

// DIR/slurm/array.json: the chunk count (fixed for the sweep) and every submission.
struct SlurmState {
  size_t chunks = 0;
  SlurmOptions options;
  std::vector<Submission> submissions;
};
std::string slurmStatePath(const SweepDir& dir);
std::optional<std::string> readSlurmState(const SweepDir& dir, SlurmState& out); // none: chunks 0
std::optional<std::string> writeSlurmState(const SweepDir& dir, const SlurmState& s);

// The chunks holding a task that must run (missing or crashed: sweep/results.h needsRun).
std::vector<size_t> chunksToRun(const Plan& plan, const std::vector<std::optional<TaskResult>>& r,
                                size_t chunks, bool failing);
// "0-3,5,7-8"
std::string elementList(const std::vector<size_t>& chunks);

// The job script: sbatch's directives, then the element's `sweep run`; every path
// absolute, so that the node needs only the shared file system.
struct JobScript {
  std::string loomSim, manifest, out, workDir; // absolute
  size_t chunks = 0;
  SlurmOptions options;
};
std::string jobScriptText(const JobScript& j);

// `squeue -h -r -t all -o "%i %T"` of the sweep's jobs: the state of each chunk that has
// an element Slurm still knows ("PENDING", "RUNNING", "CANCELLED", ...), the latest
// submission winning.
std::map<size_t, std::string> parseSqueue(const std::string& text,
                                          const std::vector<Submission>& submissions);
// Is an element in this state still to run or running?
bool isQueued(const std::string& state);

} // namespace loom::sweep
