// loom-sim: cycle-accurate simulator and verification harness for LOOM's dataflow
// lowering. This file only assembles the command line; each subcommand is its own file.
#include "cli/command.h"
#include "cli/usage.h"
#include "support/big_stack.h"
#include "support/version.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <systemc>

namespace {

// Through std::cerr, as everything loom-sim prints: so a progress line on the terminal is
// erased before a log line (terminal/status_line.h). The pattern has no color range.
void setupLogging(int verbosity) {
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(std::cerr, true);
  auto logger = std::make_shared<spdlog::logger>("loom-sim", sink);
  spdlog::register_logger(logger);
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("[%l] %v");
  spdlog::set_level(verbosity >= 2   ? spdlog::level::debug
                    : verbosity == 1 ? spdlog::level::info
                                     : spdlog::level::warn);
}

// SystemC prints its reports on stdout, into the program's own output (`--sc-trace`
// drew "Info: (I703) tracing timescale unit set" there). loom-sim's go to its log on
// stderr instead: infos at -v, warnings and errors always. What SystemC does besides
// printing (throw, stop, abort) is left to its own handler.
void reportToLog(const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
  sc_core::sc_actions rest = actions;
  if (actions & sc_core::SC_DISPLAY) {
    std::string text = sc_core::sc_report_compose_message(report);
    if (report.get_severity() == sc_core::SC_INFO)
      spdlog::info("SystemC: {}", text);
    else
      spdlog::warn("SystemC: {}", text);
    rest &= ~sc_core::SC_DISPLAY;
  }
  sc_core::sc_report_handler::default_handler(report, rest);
}

// A command that printed to stdout and returned kOk must not exit 0 when the text was
// lost (a full disk): commands that check their own writes have returned non-zero
// already; this covers every other line on stdout, --help and --version included.
int checkedStdout(int rc) {
  std::cout.flush();
  bool lost = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (!lost || rc != loom::cli::kOk) return rc;
  loom::cli::printError("cannot write to stdout");
  return loom::cli::kFailed;
}

} // namespace

// SystemC's library defines main() and calls sc_main; ours replaces it only to silence
// SystemC's banner (it would corrupt the program output) before handing over.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}

extern "C" int sc_main(int argc, char* argv[]) {
  using namespace loom::cli;
  CLI::App app{"loom-sim: run MLIR scf kernels through LOOM's dataflow lowering on a "
               "cycle-accurate network, and check that it behaved as the specs require.\n"
               "Exit codes: 0 success, 1 a run or a check failed, 2 bad input or usage."};
  app.require_subcommand(1);
  const std::string versionLine = loom::versionLine();
  app.set_version_flag("--version", versionLine, "Print the version and exit");
  int verbosity = 0;
  app.add_flag("-v,--verbose", verbosity, "More log output on stderr (-v info, -vv debug)");
  std::vector<Command> commands = {
      addRunCommand(app),    addCheckCommand(app), addUpgradeCommand(app), addLowerCommand(app),
      addVerifyCommand(app), addSimCommand(app),   addTimingCommand(app),  addDiffCommand(app),
      addRtlCommand(app),    addSweepCommand(app), addExplainCommand(app), addMutateCommand(app),
      addTuneCommand(app)};
  CLI::App* versionCommand = app.add_subcommand("version", "Print the version (as --version)");
  commands.push_back(
      {versionCommand, [versionLine] { return std::cout << versionLine << "\n", kOk; }});
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return checkedStdout(app.exit(e));
  } catch (const CLI::CallForAllHelp& e) {
    return checkedStdout(app.exit(e));
  } catch (const CLI::CallForVersion& e) {
    return checkedStdout(app.exit(e));
  } catch (const CLI::ParseError& e) {
    return usageError(app, e, std::vector<std::string>(argv + 1, argv + argc));
  }
  setupLogging(verbosity);
  sc_core::sc_report_handler::set_handler(reportToLog);
  int rc = kBadInput;
  // Every stage recurses once per nesting level of the program (MLIR's parser and
  // verifier, the importer, the verifier, the interpreter, the lowering, the printers, the
  // destruction of the IR): the whole command runs on a 1 GiB stack, far more than the
  // nesting limits need (docs/design.md "Limits"; -vv logs what it used).
  for (const Command& c : commands)
    if (*c.app) loom::runOnLargeStack([&] { rc = c.run(); });
  spdlog::debug("stack high-water mark: {} KiB", loom::largeStackHighWater() / 1024);
  return checkedStdout(rc);
}
