// `loom-sim tune FILE -o caps.json`: per-channel capacities that reach the cycles of a run
// with every channel large, with few added slots, written as a timing file `run --timing`
// takes (host/tune.h; docs/performance-analysis.md "Buffer sizing").
#include "cli/accel_arguments.h"
#include "cli/command.h"
#include "host/tune.h"
#include "models/timing_json.h"
#include "support/numbers.h"

#include <algorithm>
#include <unistd.h>

namespace loom::cli {
namespace {

struct TuneArgs {
  std::string file, output, timingFile;
  std::vector<std::string> dfgSpecs;
  RunSettings s;
  TuneOptions o;
};

// One line of the cycles table: "  before     1,203 cycles  as given".
void cyclesRow(const char* what, uint64_t cycles, const std::string& note, size_t width) {
  std::string n = withCommas(cycles);
  std::cout << "  " << what << std::string(9 - std::string(what).size(), ' ')
            << std::string(width - std::min(width, n.size()), ' ') << n << " cycles  " << note
            << "\n";
}

void printResult(const TuneArgs& a, const TuneResult& r) {
  size_t w = std::max(
      {withCommas(r.before).size(), withCommas(r.ceiling).size(), withCommas(r.after).size()});
  std::cout << "tune " << a.file << "\n";
  cyclesRow("before", r.before, r.beforePassed ? "as given" : "as given: " + r.beforeStatus, w);
  cyclesRow("ceiling", r.ceiling, "every channel at " + std::to_string(a.o.ceiling) + " slots", w);
  cyclesRow("after", r.after,
            "+" + std::to_string(r.addedSlots()) + " slot(s) on " +
                std::to_string(r.channels.size()) + " channel(s)" +
                (r.minimal ? "" : " (--max-runs stopped the search: not the fewest)"),
            w);
  std::cout << "  runs     " << r.runs << "\n";
  if (r.channels.empty()) return;
  // Per function, its channels without the function's name in front of each op's.
  auto shortName = [](const TunedChannel& c) {
    std::string s = c.channel, prefix = c.function + "/";
    for (size_t at = 0; (at = s.find(prefix, at)) != std::string::npos;)
      if (at == 0 || s.compare(at - 4, 4, " -> ") == 0)
        s.erase(at, prefix.size());
      else
        at += prefix.size();
    return s;
  };
  size_t nw = 7, sw = 5;
  for (const TunedChannel& c : r.channels) {
    nw = std::max(nw, shortName(c).size());
    sw = std::max(sw, std::to_string(c.before).size() + 4 + std::to_string(c.after).size());
  }
  std::string function;
  for (const TunedChannel& c : r.channels) {
    if (c.function != function) {
      function = c.function;
      std::cout << "  @" << function << "\n    channel" << std::string(nw - 7, ' ') << "  slots"
                << std::string(sw - 5, ' ') << "  at\n";
    }
    std::string name = shortName(c),
                slots = std::to_string(c.before) + " -> " + std::to_string(c.after);
    std::cout << "    " << name << std::string(nw - name.size(), ' ') << "  " << slots
              << std::string(sw - slots.size(), ' ') << "  " << c.source << "\n";
  }
}

int tune(TuneArgs& a) {
  std::vector<NamedPath> inputs = runInputs(a.file, a.timingFile, a.dfgSpecs, a.s.accel.accel);
  if (refusesOutputs(inputs, {{"-o", a.output}, stdoutPath()})) return kBadInput;
  if (auto err = parseDfgSpecs(a.dfgSpecs, a.s.accel.accel, a.s.dfgFiles))
    return printError(*err), kBadInput;
  if (a.o.ceiling < 1) return printError("--ceiling must be at least 1"), kBadInput;
  LoadedProgram prog = loadProgram(a.file);
  if (!printed(prog)) return kBadInput;
  if (auto err = configureAccel(a.s.accel, "event", {}, a.timingFile))
    return printError(*err), kBadInput;
  if (isatty(STDERR_FILENO))
    a.o.progress = [](const std::string& line) {
      std::cerr << "\r\033[K" << line.substr(0, 150) << std::flush;
    };
  TuneResult r = tuneCapacities(prog, a.s, a.o);
  if (a.o.progress) std::cerr << "\r\033[K" << std::flush;
  if (r.error) return print(*r.error), kBadInput;
  if (!r.failure.empty()) {
    printError("the run fails with every channel at " + std::to_string(a.o.ceiling) +
               " slots too, so buffering is not what it lacks and tune sizes nothing: " +
               r.failure + " (`loom-sim run` names the cause)");
    return kFailed;
  }
  if (!r.calls) {
    std::cout << "tune " << a.file << ": the run makes no accelerated call: nothing to size\n";
    return kOk;
  }
  printResult(a, r);
  if (a.output.empty()) return kOk;
  if (!writeOutput(a.output, [&](std::ostream& os) { os << models::writeTimingJson(r.timing); }))
    return kFailed;
  std::cout << "wrote " << a.output << " (run --timing " << a.output << ")\n";
  return kOk;
}

} // namespace

Command addTuneCommand(CLI::App& app) {
  auto a = std::make_shared<TuneArgs>();
  CLI::App* c = app.add_subcommand(
      "tune", "Size channels: per-channel capacities that reach the cycles of a run with every "
              "channel large, with few added slots, written as a timing file");
  c->add_option("file", a->file, "MLIR file (the SCF program, or a program LOOM compiled)")
      ->required();
  c->add_option("-o", a->output, "Write the timing file here (default: print the table only)");
  c->add_option("--timing", a->timingFile,
                "Timing file to start from (its latencies stay; its channels are a start)");
  c->add_option("--dfg", a->dfgSpecs,
                "FUNC=FILE: FUNC runs on the network in FILE, not on its lowering (repeatable); "
                "FILE alone with one --func FUNC");
  c->add_option("--entry", a->s.entry, "Function to run (no arguments)")->capture_default_str();
  addFunctionOption(c, a->s.accel.accel,
                    "Tune the network of this function (default: every function the run "
                    "accelerates)");
  c->add_option("--max-cycles", a->s.accel.maxCycles,
                "Fail an accelerated call that has not finished after this many cycles")
      ->check(countValidator())
      ->capture_default_str();
  c->add_option("--ceiling", a->o.ceiling,
                "Slots of every channel in the run that sets the best cycles buffering can give")
      ->check(CLI::Range(1, 65536))
      ->capture_default_str();
  c->add_option("--max-runs", a->o.maxRuns, "Stop the search for fewer slots after this many runs")
      ->check(CLI::Range(size_t(3), size_t(1000000)))
      ->capture_default_str();
  return {c, [a] { return tune(*a); }};
}

} // namespace loom::cli
