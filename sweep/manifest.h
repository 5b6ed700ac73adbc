// A sweep's manifest (docs/sweeps.md): the kernels, the random programs' seeds, a grid of
// timing-file values and the run's options, in TOML. Every value read keeps its line and
// column, so that each error names the place in the file it is about.
//
//   kernels = ["../../kernels/*.mlir"]   # files, folders and globs, from the manifest's folder
//   engines = ["event", "clocked"]
//   [grid]
//   channelCapacity = [1, 2, 4]
//   memoryLatency = [1, 4, 16]
//   mode = "mutate"                      # each task a mutation campaign, not a run
#pragma once

#include "models/timing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loom::sweep {

// A place in the manifest: "sweep.toml:7:19".
struct Where {
  std::string file;
  uint32_t line = 0, column = 0;
  std::string text() const;
};

// A bad manifest: where, and what is wrong there.
struct ManifestError {
  Where where;
  std::string message;
  std::string text() const; // "sweep.toml:7:19: error: ..."
};

// One swept timing-file field and its values, in the order written.
struct Axis {
  std::string field; // a key of models::timingFields()
  std::vector<int> values;
  Where where;
};

// A kernel entry as written (a file, a folder or a glob) and where.
struct KernelPattern {
  std::string pattern;
  Where where;
};

struct Manifest {
  std::string path;   // as given on the command line
  std::string folder; // where relative paths in it start
  std::vector<KernelPattern> kernels;
  std::vector<uint64_t> seeds; // [generator] seeds: loom-gen programs
  std::string generatorSize;   // [generator] size: small, medium or large
  Where generatorWhere;        // of [generator], for its errors
  std::vector<std::string> engines{"event"};
  bool checks = true;
  uint64_t maxCycles = 50'000'000; // per call, as run's --max-cycles
  std::string timingFile;          // the base timing file, from the manifest's folder; "" defaults
  models::TimingConfig base;       // the defaults, or that file's values
  std::vector<Axis> grid;          // the points are every combination, the first axis slowest
  // "run": each task runs the program, as `loom-sim run`; "mutate": each task is a
  // mutation campaign on it, as `loom-sim mutate` (host/mutation.h).
  std::string mode = "run";
  std::vector<std::string> mutateOperators; // mode mutate: only these (empty: every one)
};

// Reads and validates the manifest at `path`: TOML syntax, known keys only, types, a
// non-empty grid of known timing fields with legal values, known engines, the base timing
// file, the mode and the mutation operators (a campaign runs every check on the event or
// clocked engine). Kernel patterns are checked when the plan is made (sweep/plan.h).
std::optional<ManifestError> readManifest(const std::string& path, Manifest& out);

} // namespace loom::sweep
