// `loom-sim tune` (docs/performance-analysis.md "Buffer sizing"): per-channel capacities
// that reach the cycles of a run where every channel is large, with few added slots.
//
//   1. the run as given (its timing): the cycles before;
//   2. the ceiling: every channel of every accelerated network at `ceiling` slots, each
//      channel's need measured (sim/need_tap.h): the best cycles buffering can give;
//   3. every channel at max(its capacity, its need): the ceiling's pushes in the ceiling's
//      cycles, so its cycles (the target);
//   4. each raised channel, one at a time, back to its capacity, or else to the fewest
//      slots (a binary search) that keep the target, each step a rerun of only the
//      function whose channel it is, where the program lets the others run on the
//      interpreter;
//   5. the result run once more as a whole: the cycles after.
// Every run is a checked run: a step whose run fails a check is refused, so the sizes
// never change what the program computes.
#pragma once

#include "host/program_run.h"
#include "models/timing.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// What the sizes must reach: the ceiling's cycles (`tune`), or only progress: a run that
// deadlocked completes with every run-time check passing (`run`'s buffering verdict; the
// static checks see the same network whatever its slots).
enum class TuneGoal { Cycles, Progress };

struct TuneOptions {
  TuneGoal goal = TuneGoal::Cycles;
  int ceiling = 64;     // slots per channel in the ceiling run
  size_t maxRuns = 400; // runs at most; step 4 stops there (the sizes still reach the target)
  // Told of each run as it ends: what it tried, in a line.
  std::function<void(const std::string&)> progress;
};

struct TunedChannel {
  std::string function, channel; // the function (no '@') and the channel's network name
  std::string source;            // where its consumer comes from ("file:line:col")
  int before = 0, after = 0;     // slots
};

struct TuneResult {
  std::optional<Diag> error; // bad input: the program or its timing (exit 2)
  // A run that is not a buffering problem: the ceiling run fails too ("" if it passes;
  // Progress: if it completes with the run-time checks passing).
  std::string failure;
  std::string beforeStatus; // the first run's verdict ("passed", or its summary line)
  bool beforePassed = false;
  size_t calls = 0; // accelerated calls of the first run (none: nothing to size)
  uint64_t before = 0, ceiling = 0, target = 0, after = 0; // cycles
  size_t runs = 0;
  bool minimal = true;                // every raised channel was minimized (not stopped by maxRuns)
  std::vector<TunedChannel> channels; // the channels whose slots changed, by name
  models::TimingConfig timing;        // the given timing and the channels: what -o writes
  int addedSlots() const;
};

TuneResult tuneCapacities(const LoadedProgram& prog, const RunSettings& settings,
                          const TuneOptions& options);

} // namespace loom
