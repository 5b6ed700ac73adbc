// Running another program and reading what it prints (sbatch, squeue, gnuplot ...):
// by argument vector, never through a shell, so no path or value is ever re-parsed.
#pragma once

#include <string>
#include <vector>

namespace loom {

struct ProcessResult {
  bool started = false; // false: the program was not found or could not be run
  int exitCode = -1;    // its exit code; 128 + N when signal N ended it
  std::string out, err; // what it wrote to stdout and stderr
  std::string why;      // why it did not start
};

// Runs argv[0] (looked up on PATH) with the arguments argv[1...], waits for it, and
// returns its exit code and output.
ProcessResult runProcess(const std::vector<std::string>& argv);

} // namespace loom
