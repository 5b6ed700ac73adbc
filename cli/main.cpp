// loom-sim: cycle-accurate simulator and verification harness for LOOM's dataflow
// lowering. This file only defines the command line; each command lives in its own file.

#include "cli/lower_command.h"
#include "cli/run_command.h"
#include "cli/sim_command.h"

#include <CLI/CLI.hpp>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <systemc>

#include <cstdlib>
#include <iostream>

namespace {

// Through std::cerr, as everything loom-sim prints: so a progress line on the terminal is
// erased before a log line (traces/status_line.h). The pattern has no color range.
void setupLogging(int verbosity) {
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(std::cerr, true);
  auto logger = std::make_shared<spdlog::logger>("loom-sim", sink);
  spdlog::register_logger(logger);
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("[%l] %v");
  spdlog::set_level(verbosity >= 2 ? spdlog::level::debug
                    : verbosity == 1 ? spdlog::level::info
                                     : spdlog::level::warn);
}

} // namespace

// SystemC's library defines main() and calls sc_main; ours replaces it only to silence
// SystemC's banner (it would corrupt the program output) before handing over.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}

extern "C" int sc_main(int argc, char* argv[]) {
  CLI::App app{"loom-sim: run MLIR scf kernels through LOOM's dataflow lowering on a "
               "cycle-accurate network, and check that it behaved as the specs require.\n"
               "Exit codes: 0 success, 1 a run or a check failed, 2 bad input or usage."};
  app.require_subcommand(1);
  int verbosity = 0;
  app.add_flag("-v,--verbose", verbosity, "More log output on stderr (-v info, -vv debug)");

  loom::RunOptions run;
  CLI::App* runCmd = app.add_subcommand(
      "run", "Run a program: its entry function in the reference interpreter, accelerated calls on "
             "the dataflow simulator");
  runCmd->add_option("file", run.file, "MLIR file")->required();
  runCmd->add_option("--entry", run.entry, "Function to run (no arguments)")->capture_default_str();
  runCmd->add_flag("--no-accel", run.noAccel,
                   "Run everything in the reference interpreter (no dataflow simulation)");
  runCmd->add_option("--max-steps", run.maxSteps,
                     "Stop with an error after this many interpreted operations (0: no limit)")
      ->capture_default_str();
  runCmd->add_option("--accel", run.accel,
                     "Run calls of this function on the dataflow simulator (repeatable; default: every "
                     "function defined in the file except the entry)");
  runCmd->add_option("--inject", run.inject,
                     "Commit a known lowering bug on purpose (repeatable): body-ctrl-raw, mem-ctrl-raw, "
                     "invariant-raw, iter-carry-gated, no-zero-trip-guard, no-branch-gate, no-mem-order");
  runCmd->add_option("--timing", run.timingFile, "Timing file (JSON; see `loom-sim timing --defaults`)");
  runCmd->add_option("--engine", run.engine, "Simulation engine: event (default) or clocked")
      ->capture_default_str();
  runCmd->add_option("--max-cycles", run.maxCycles,
                     "Fail an accelerated call that has not finished after this many cycles")
      ->capture_default_str();
  runCmd->add_flag("--no-checks", run.noChecks,
                   "Skip the run-time checks (ledger, access order, quiescence); results are still compared");
  runCmd->add_flag("--systemc", run.systemc,
                   "Drive the networks as SystemC modules (one sc_module per op, scoped by function / loop / "
                   "branch) on an sc_clock, instead of stepping the engine directly; same cycles and results");
  runCmd->add_option("--report", run.reportFile, "Write a JSON report (calls, cycles, loops, findings)");
  runCmd->add_option("--vcd", run.vcdFile,
                     "Write a change-only VCD of every channel (valid, ready, data, transfer) and state machine");
  runCmd->add_option("--stats", run.statsFile,
                     "Write per-op (firings, stalls) and per-loop (activations, iterations, II) statistics; "
                     "JSON if the name ends in .json");
  runCmd->add_option("--tokens", run.tokensFile, "Write a token log (cycle, channel, value)");

  std::string checkFile;
  bool checkPrint = false;
  CLI::App* checkCmd = app.add_subcommand("check", "Parse and verify a program; report the first error");
  checkCmd->add_option("file", checkFile, "MLIR file")->required();
  checkCmd->add_flag("--print", checkPrint, "Print the parsed module back as MLIR text");

  std::string upgradeFile, upgradeOut;
  CLI::App* upgradeCmd = app.add_subcommand(
      "upgrade", "Rewrite a program in MLIR 14 spelling (func @f, return, call, select, arith.maxf, "
                 "print_memref_*) into the current one");
  upgradeCmd->add_option("file", upgradeFile, "MLIR file")->required();
  upgradeCmd->add_option("-o,--output", upgradeOut, "Write here (default: stdout); never the input");

  loom::LowerCommandOptions lower;
  CLI::App* lowerCmd = app.add_subcommand(
      "lower", "Lower SCF functions to the handshake + dataflow graph and run the static verifier");
  lowerCmd->add_option("file", lower.file, "MLIR file")->required();
  lowerCmd->add_option("--func", lower.func, "Function to lower (default: every function but main)");
  lowerCmd->add_option("-o,--output", lower.out, "Write the DFG as MLIR generic-op text here (default: stdout)");
  lowerCmd->add_option("--dot", lower.dot, "Also write Graphviz DOT here");
  lowerCmd->add_option("--inject", lower.inject, "Commit a known lowering bug on purpose (repeatable)");

  std::string dfgFile;
  CLI::App* verifyCmd = app.add_subcommand("verify", "Run the static verifier on a DFG file written by `lower`");
  verifyCmd->add_option("file", dfgFile, "DFG file (MLIR generic-op text)")->required();

  loom::SimOptions simo;
  CLI::App* simCmd = app.add_subcommand(
      "sim", "Simulate a DFG file written by `lower` (possibly hand-edited) with arguments from the command line");
  simCmd->add_option("file", simo.file, "DFG file (MLIR generic-op text)")->required();
  simCmd->add_option("--func", simo.func, "Function in the file (default: the only one)");
  simCmd->add_option("--arg", simo.args, "Scalar argument by position: INDEX=VALUE (repeatable)");
  simCmd->add_option("--mem", simo.mems,
                     "Memref argument by position: INDEX=zeros|random:SEED|FILE, with :SHAPE (e.g. :8x8) for "
                     "dynamic sizes (repeatable)");
  simCmd->add_option("--timing", simo.timingFile, "Timing file (JSON)");
  simCmd->add_option("--engine", simo.engine, "event (default) or clocked")->capture_default_str();
  simCmd->add_option("--max-cycles", simo.maxCycles, "Cycle cap")->capture_default_str();
  simCmd->add_option("--vcd", simo.vcdFile, "Write a change-only VCD");

  bool timingDefaults = false;
  std::string timingFile;
  CLI::App* timingCmd = app.add_subcommand("timing", "Print or check a timing file (JSON)");
  timingCmd->add_flag("--defaults", timingDefaults, "Print the default timing file");
  timingCmd->add_option("--check", timingFile, "Read a timing file and print it with defaults filled in");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  setupLogging(verbosity);
  if (*runCmd) return loom::runCommand(run);
  if (*checkCmd) return loom::checkCommand(checkFile, checkPrint);
  if (*upgradeCmd) return loom::upgradeCommand(upgradeFile, upgradeOut);
  if (*lowerCmd) return loom::lowerCommand(lower);
  if (*verifyCmd) return loom::verifyDfgCommand(dfgFile);
  if (*simCmd) return loom::simCommand(simo);
  if (*timingCmd) return loom::timingCommand(timingDefaults, timingFile);
  return 2;
}
