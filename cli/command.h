// The command line's pieces: each subcommand registers its options on the app and
// returns what runs when it is chosen (one file per subcommand, each a thin driver over
// library calls a user could make from their own program: docs/design.md "Folders").
#pragma once

#include "cli/output_paths.h"
#include "cli/usage.h"
#include "host/program_run.h"
#include "ir/ir.h"

#include <CLI/CLI.hpp>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>

namespace loom::cli {

// Exit codes (README "Exit codes").
constexpr int kOk = 0, kFailed = 1, kBadInput = 2;

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command addRunCommand(CLI::App& app);
Command addCheckCommand(CLI::App& app);
Command addUpgradeCommand(CLI::App& app);
Command addLowerCommand(CLI::App& app);
Command addVerifyCommand(CLI::App& app);
Command addSimCommand(CLI::App& app);
Command addTimingCommand(CLI::App& app);
Command addDiffCommand(CLI::App& app);
Command addRtlCommand(CLI::App& app);
Command addSweepCommand(CLI::App& app);
Command addExplainCommand(CLI::App& app);

// The options of a run's networks that `run` and `diff` share: --timing, --engine and
// --max-cycles.
inline void addNetworkOptions(CLI::App* c, std::string& timingFile, std::string& engine,
                              uint64_t& maxCycles) {
  c->add_option("--timing", timingFile, "Timing file (JSON; see `loom-sim timing --defaults`)");
  c->add_option("--engine", engine,
                "Simulation engine: event (default), clocked, or verilator (the RTL twin, "
                "docs/rtl.md)")
      ->capture_default_str();
  c->add_option("--max-cycles", maxCycles,
                "Fail an accelerated call that has not finished after this many cycles (0: no "
                "limit)")
      ->check(countValidator())
      ->capture_default_str();
}

// --func FUNC, the one way every subcommand chooses its functions (repeatable; each
// command says what it does without one). `alias` is an older spelling kept working.
inline CLI::Option* addFunctionOption(CLI::App* c, std::vector<std::string>& funcs,
                                      const std::string& help, const std::string& alias = "") {
  return c->add_option("--func" + (alias.empty() ? "" : "," + alias), funcs,
                       help + " (repeatable" +
                           (alias.empty() ? "" : "; " + alias + " is its older spelling") + ")");
}

inline void print(const Diag& d, const char* severity = "error") {
  std::cerr << d.str(severity) << std::endl;
}
// "loom-sim: error: ..." for errors that are the tool's, not a place in the input.
inline void printError(const std::string& message) {
  std::cerr << "loom-sim: error: " << message << std::endl;
}

// Prints a loaded program's notes and error; true when it loaded.
inline bool printed(const LoadedProgram& p) {
  for (const Diag& n : p.notes)
    print(n, "note");
  if (p.error) print(*p.error);
  return p.module != nullptr;
}

// Writes through `write` to the file `path`, or to stdout when `path` is empty or `-`;
// false (with a message) when the file cannot be written.
template <typename Write> bool writeOutput(const std::string& path, Write&& write) {
  if (path.empty() || path == "-") {
    write(std::cout);
    if (!std::cout.flush()) printError("cannot write to stdout");
    return static_cast<bool>(std::cout);
  }
  std::ofstream os(path, std::ios::binary);
  if (os) write(os);
  if (!os || !os.flush()) printError("cannot write '" + path + "'");
  return static_cast<bool>(os);
}

} // namespace loom::cli
