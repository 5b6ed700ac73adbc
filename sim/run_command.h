// `loom-sim run`: execute a program; accelerated calls go to the dataflow simulator,
// everything else to the reference interpreter.
#pragma once

#include <cstdint>
#include <string>

namespace loom {

struct RunOptions {
  std::string file;
  std::string entry = "main";
  bool noAccel = false;
  uint64_t maxSteps = 2'000'000'000ull;
};

// Returns the process exit code: 0 success, 1 runtime failure, 2 bad input.
int runCommand(const RunOptions& opts);

// `loom-sim check`: parse and verify; optionally print the module back.
int checkCommand(const std::string& file, bool print);

} // namespace loom
