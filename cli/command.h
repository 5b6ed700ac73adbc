// The command line's pieces: each subcommand registers its options on the app and
// returns what runs when it is chosen (one file per subcommand, each a thin driver over
// library calls a user could make from their own program: docs/design.md "Folders").
#pragma once

#include "cli/output_paths.h"
#include "cli/terminal_text.h"
#include "cli/usage.h"
#include "host/program_run.h"
#include "ir/ir.h"

#include <CLI/CLI.hpp>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <unistd.h>

namespace loom::cli {

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
Command addMutateCommand(CLI::App& app);
Command addTuneCommand(CLI::App& app);

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

// --width N, as `run`, `lower`, `verify` and `sim` take it (with --expand): how their
// findings are shown.
inline CLI::Option* addWidthOption(CLI::App* c, int& width) {
  return c
      ->add_option("--width", width,
                   "The findings as a terminal shows them: each op named within its function, "
                   "each function as its C++ source names it, lines of at most this many "
                   "characters (--expand: whole); 0: every name and line as the report has them "
                   "(default: 160 on a terminal, 0 in a pipe or a file)")
      ->check(CLI::Range(0, 100000));
}
inline std::optional<std::string> widthProblem(int width) {
  if (width > 0 && width < 40)
    return "--width " + std::to_string(width) +
           " leaves no room for a finding's place and check: 0, or 40 and more";
  return std::nullopt;
}
// On a terminal (or with --width N): short names and lines of at most N characters
// (--expand: whole lines); in a pipe or a file (or --width 0), every name and line whole.
inline TerminalText terminalView(int width, bool expand,
                                 const std::vector<std::string>& functions) {
  bool view = width < 0 ? ::isatty(STDERR_FILENO) : width > 0;
  size_t w = width > 0 ? static_cast<size_t>(width) : TerminalText::kWidth;
  return TerminalText(view ? functions : std::vector<std::string>{}, view && !expand ? w : 0);
}

inline void print(const Diag& d, const char* severity = "error") {
  std::cerr << d.str(severity) << std::endl;
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
