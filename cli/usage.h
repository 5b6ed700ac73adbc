// The command line's own errors, in the one form every loom-sim error has
// ("loom-sim: error: ..."), with a "did you mean" for a misspelt command or option, and
// the validation of counts (limits refuse a negative or too large number rather than
// wrapping it to "no limit").
#pragma once

#include "support/text.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

namespace loom::cli {

// Exit codes (README "Exit codes").
constexpr int kOk = 0, kFailed = 1, kBadInput = 2;

// "loom-sim: error: ..." for errors that are the tool's, not a place in the input.
inline void printError(const std::string& message) {
  std::cerr << "loom-sim: error: " << message << std::endl;
}

// Prints what was wrong with the command line `args` (argv without the program name) as
// CLI11 found it, and returns the exit code of bad usage (2).
int usageError(CLI::App& app, const CLI::ParseError& e, const std::vector<std::string>& args);

// A whole number from 0 to 2^64 - 1, in decimal: --max-cycles, --max-steps.
CLI::Validator countValidator();

} // namespace loom::cli
