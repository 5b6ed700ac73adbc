// `run`'s options and its run of one program, which `sweep` runs for each of its tasks.
#pragma once

#include "cli/batch.h"
#include "host/program_run.h"

#include <functional>
#include <string>
#include <vector>

namespace loom::cli {

struct RunArgs {
  std::vector<std::string> files;             // as given: kernels and directories
  std::string file;                           // the one kernel this run is of
  std::string programOutput;                  // -o: the program's output (default: stdout)
  unsigned jobs = 1;                          // -j
  std::string junit;                          // --junit FILE
  KernelVerdict* verdict = nullptr;           // filled by run() for the batch line and JUnit
  std::vector<std::string> outputDirectories; // of the {} and directory forms
  std::string timingFile, engine = "event", reportFile;
  std::vector<std::string> inject, dfgSpecs;
  bool brief = false, expand = false, tryFix = false;
  // The terminal's view of the findings (cli/terminal_text.h): lines of at most this
  // many characters; 0: the full text; -1: the view at 160 where stderr is a terminal.
  int width = -1;
  bool prove = true;      // rerun each mistake's repairs alone (--no-prove: not)
  double rerunLimit = 60; // --rerun-limit: seconds per rerun
  std::string fixedDfg, dot, svg, gtkw;
  std::string html; // --html PAGE
  // --baseline FILE (`{}`: the kernel's name) and --baseline-tolerance PERCENT.
  std::string baseline;
  double baselineTolerance = 0;
  RunSettings s;
  // `file` loaded already: a sweep's batch loads a program once for all its runs (null:
  // runProgram loads it).
  const LoadedProgram* program = nullptr;
  // Called once the program has run on its networks, where --report is written: a sweep's
  // batch reads a task's figures from the run here rather than from files.
  std::function<void(const ProgramRun&)> inspect;
};

// Runs the program a.file as `loom-sim run` does (its outputs, the summary line on
// stderr, the verdict if asked for); returns the exit code.
int runProgram(RunArgs& a);

} // namespace loom::cli
