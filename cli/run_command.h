// `loom-sim run`: execute a program; accelerated calls go to the dataflow simulator,
// everything else to the reference interpreter. `loom-sim check`: parse and verify.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

struct RunOptions {
  std::string file;
  std::string entry = "main";
  bool noAccel = false;
  std::vector<std::string> accel;  // accelerated functions (empty: all but the entry)
  std::vector<std::string> inject; // lowering bugs to commit on purpose
  std::string timingFile;
  std::string engine = "event";
  uint64_t maxCycles = 50'000'000; // per call; a few seconds of the event engine; docs/design.md "Limits"
  uint64_t maxSteps = 400'000'000; // a few seconds of interpretation; docs/design.md "Limits"
  bool noChecks = false;
  bool systemc = false; // drive the networks through their SystemC shells
  std::string reportFile; // JSON report
  std::string vcdFile;    // change-only VCD of every network
  std::string statsFile;  // per op and per loop statistics (JSON if *.json)
  std::string tokensFile; // one line per token
};

// Returns the process exit code: 0 success, 1 runtime or check failure, 2 bad input.
int runCommand(const RunOptions& opts);

// `loom-sim check`: parse and verify; optionally print the module back.
// Writes FILE in the current MLIR spelling (frontend/upgrade.h) to `out` (stdout if
// empty), after checking that MLIR 22 reads the result; exit 2 if it does not.
int upgradeCommand(const std::string& file, const std::string& out);
int checkCommand(const std::string& file, bool print);

// `loom-sim timing`: print the defaults, or read a file and print it completed.
int timingCommand(bool defaults, const std::string& file);

} // namespace loom
