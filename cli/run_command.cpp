// `loom-sim run FILE`: the program's entry function in the reference interpreter, every
// accelerated call on its dataflow network (host/program_run.h does the work).
#include "cli/accel_arguments.h"
#include "cli/command.h"
#include "cli/graph_files.h"
#include "dfg/loom/loom_form.h"
#include "dfg/print_dot.h"
#include "host/html_report.h"
#include "host/run_graph.h"
#include "host/try_fix.h"
#include "host/wave_view.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

namespace loom::cli {
namespace {
struct RunArgs {
  std::string file, timingFile, engine = "event", reportFile;
  std::vector<std::string> inject, dfgSpecs;
  bool brief = false, expand = false, tryFix = false;
  std::string fixedDfg, dot, svg, gtkw;
  std::string html; // --html PAGE
  RunSettings s;
};

// What --try-fix did, after the summary line: each rewiring, the rerun, the verdict.
void printFixAttempt(const FixAttempt& fix) {
  for (const std::string& r : fix.applied)
    std::cerr << "loom-sim: try-fix: " << r << "\n";
  for (const std::string& r : fix.refused)
    std::cerr << "loom-sim: try-fix: cannot apply: " << r << "\n";
  if (fix.rerun) {
    std::cerr << "loom-sim: try-fix: rerun: " << fix.summary << "\n";
    for (const std::string& f : fix.remaining)
      std::cerr << "loom-sim: try-fix: remains: " << f << "\n";
    if (!fix.lastOutput.empty())
      std::cerr << "loom-sim: try-fix: the program printed: " << fix.lastOutput << "\n";
  }
  std::cerr << "loom-sim: try-fix: " << fix.verdict() << "\n";
}

// --fixed-dfg: the repaired networks in LOOM's form (nothing repaired: an error).
bool writeFixed(const FixAttempt& fix, const std::string& path) {
  if (fix.fixed.empty())
    return printError("--fixed-dfg: no network was repaired, nothing is written"), false;
  std::vector<dfg::Graph> graphs;
  for (auto& [name, g] : fix.fixed)
    graphs.push_back(g);
  std::ostringstream text;
  if (auto err = dfg::printDfg(graphs, dfg::DfgFormat::Loom, text))
    return printError("--fixed-dfg: " + *err), false;
  return writeOutput(path, [&](std::ostream& os) { os << text.str(); });
}

// --dot / --svg after a run: each accelerated function's network with the tokens every
// channel carried against its rate's count, and the findings' ops and channels in red.
bool writeRunGraphs(const RunArgs& a, const ProgramRun& run) {
  if (!run.accelerator()) return true;
  return writeGraphFiles(a.dot, a.svg, runGraphDot(runGraphs(run), false));
}

// --gtkw: the GTKWave view of the trace just written (the FST if both were asked for).
bool writeWaveView(const RunArgs& a, const ProgramRun& run) {
  const traces::TraceOptions& t = a.s.traces;
  std::string dump = std::filesystem::absolute(t.fst.empty() ? t.vcd : t.fst).string();
  traces::WaveView v = waveView(dump, run.report(), run.causes(), run.waves());
  return writeOutput(a.gtkw, [&](std::ostream& os) { os << traces::gtkwText(v); });
}

// --html: the run's page (host/html_report.h) with the report it shows. Without Graphviz
// the page has everything but the graph, and says so.
bool writeHtmlPage(const RunArgs& a, const ProgramRun& run, const RunOutcome& o, double cpu,
                   const std::optional<FixAttempt>& fix, const std::string& summary) {
  HtmlInputs in;
  in.file = a.file;
  in.summary = summary;
  in.report = run.reportJson(a.file, a.engine, o, summary, cpu);
  if (fix) in.report["try_fix"] = fix->json();
  in.renderSvg = [](const std::string& dot, std::string& why) {
    std::optional<std::string> svg = svgOfDot(dot, "--html", why);
    if (!svg) print(toolError(why + "; the page shows everything else"), "warning");
    return svg;
  };
  if (auto err = writeHtmlReport(a.html, run, in)) return printError("--html: " + *err), false;
  return true;
}

int run(RunArgs& a) {
  auto t0 = std::chrono::steady_clock::now();
  const traces::TraceOptions& t = a.s.traces;
  std::vector<NamedPath> inputs = runInputs(a.file, a.timingFile, a.dfgSpecs, a.s.accel.accel);
  std::vector<NamedPath> outputs = {{"--report", a.reportFile},
                                    {"--fixed-dfg", a.fixedDfg},
                                    {"--dot", a.dot},
                                    {"--svg", a.svg},
                                    {"--html", a.html},
                                    {"--vcd", t.vcd},
                                    {"--fst", t.fst},
                                    {"--gtkw", a.gtkw},
                                    {"--stats", t.stats},
                                    {"--tokens", t.tokens},
                                    {"--sc-trace", a.s.accel.scTrace},
                                    {"--rtl-trace", a.s.accel.rtlTrace},
                                    stdoutPath()};
  if (refusesOutputs(inputs, outputs)) return kBadInput;
  // A later twin's trace file is named when the twin is loaded: the same check then,
  // against the inputs and every other output (the files of earlier twins are distinct
  // by their names).
  std::vector<NamedPath> others = inputs;
  others.insert(others.end(), outputs.begin(), outputs.end());
  a.s.accel.refusesTrace = [others](const std::string& path) {
    return checkOutputPaths(others, {{"the twin's trace", path}});
  };
  if (!a.fixedDfg.empty() && !a.tryFix)
    return printError("--fixed-dfg writes the network --try-fix repairs: it needs --try-fix"),
           kBadInput;
  if (!a.gtkw.empty() && t.vcd.empty() && t.fst.empty())
    return printError("--gtkw writes a GTKWave view of the trace: it needs --fst FILE (or --vcd "
                      "FILE)"),
           kBadInput;
  if (!a.html.empty() && !a.s.accelerate)
    return printError("--html shows the accelerated calls: it cannot be used with --no-accel"),
           kBadInput;
  if (!a.s.accel.rtlTrace.empty() && a.engine != "verilator")
    return printError("--rtl-trace writes the Verilated twin's waveform: it needs --engine "
                      "verilator (--vcd writes the event and clocked engines' waveform)"),
           kBadInput;
  if (auto err = parseDfgSpecs(a.dfgSpecs, a.s.accel.accel, a.s.dfgFiles))
    return printError(*err), kBadInput;
  LoadedProgram prog = loadProgram(a.file);
  if (!printed(prog)) return kBadInput;
  if (!a.s.accel.scTrace.empty()) a.s.accel.systemc = true;
  a.s.accel.channelTotals = !a.dot.empty() || !a.svg.empty();
  // The page draws every channel's tokens and each call's transfers over its cycles.
  if (!a.html.empty()) a.s.accel.channelTotals = a.s.traces.activity = true;
  if (a.s.accelerate)
    if (auto err = configureAccel(a.s.accel, a.engine, a.inject, a.timingFile))
      return printError(*err), kBadInput;
  ProgramRun run(prog, a.s, std::cout);
  if (auto err = run.prepare()) return print(*err), kBadInput;
  RunOutcome o = run.run();
  std::cout.flush();
  for (const std::string& e : o.traceErrors)
    printError(e);
  if (o.accelerated) {
    harness::Detail detail = a.brief    ? harness::Detail::Brief
                             : a.expand ? harness::Detail::Blocks
                                        : harness::Detail::Lines;
    std::cerr << harness::causesText(run.report().findings, run.causes(), detail);
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0);
    std::string summary = run.summaryLine(o, ms.count()); // the page shows it as printed
    std::cerr << "loom-sim: " << summary << "\n";
    std::optional<FixAttempt> fix;
    if (a.tryFix) {
      fix = tryFix(prog, a.s, run);
      printFixAttempt(*fix);
      if (!a.fixedDfg.empty() && !writeFixed(*fix, a.fixedDfg)) o.passed = false;
    }
    double cpu = static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
    auto report = [&](std::ostream& os) {
      nlohmann::json j = run.reportJson(a.file, a.engine, o, summary, cpu);
      if (fix) j["try_fix"] = fix->json();
      os << j.dump(2) << "\n";
    };
    if (!a.reportFile.empty() && !writeOutput(a.reportFile, report)) o.passed = false;
    if ((!a.dot.empty() || !a.svg.empty()) && !writeRunGraphs(a, run)) o.passed = false;
    if (!a.html.empty() && !writeHtmlPage(a, run, o, cpu, fix, summary)) o.passed = false;
    if (!a.gtkw.empty() && !writeWaveView(a, run)) o.passed = false;
  }
  for (const harness::Finding& f : o.hostFindings) // --no-accel
    std::cerr << f.text();
  if (o.error) print(*o.error);
  return o.exitCode();
}

} // namespace

Command addRunCommand(CLI::App& app) {
  auto a = std::make_shared<RunArgs>();
  CLI::App* c =
      app.add_subcommand("run", "Run a program: its entry function in the reference "
                                "interpreter, accelerated calls on the dataflow simulator");
  c->add_option("file", a->file, "MLIR file")->required();
  c->add_option("--entry", a->s.entry, "Function to run (no arguments)")->capture_default_str();
  c->add_flag(
      "--no-accel", [a](int64_t) { a->s.accelerate = false; },
      "Run everything in the reference interpreter (no dataflow simulation)");
  c->add_option("--max-steps", a->s.maxSteps,
                "Stop with an error after this many interpreted operations (0: no limit)")
      ->check(countValidator())
      ->capture_default_str();
  addFunctionOption(c, a->s.accel.accel,
                    "Run calls of this function on the dataflow simulator (default: every "
                    "function defined in the file except the entry)",
                    "--accel");
  c->add_option("--inject", a->inject,
                "Commit a known lowering bug on purpose (repeatable): " + injectionList());
  c->add_option("--dfg", a->dfgSpecs,
                "FUNC=FILE: run FUNC on the network in FILE, not on its lowering (repeatable); "
                "FILE alone with one --func FUNC");
  addNetworkOptions(c, a->timingFile, a->engine, a->s.accel.maxCycles);
  c->add_flag(
      "--no-checks", [a](int64_t) { a->s.accel.checks = false; },
      "Skip the run-time checks (ledger, access order, quiescence); results are still compared");
  c->add_flag(
      "--systemc", a->s.accel.systemc,
      "Run the networks through SystemC's scheduler: one sc_module per op (ports after the op "
      "table, its model as behaviour), one sc_prim_channel per channel, scoped by function / loop "
      "/ branch, on an sc_clock; the event engine's cycles, results, stats and token log");
  c->add_option("--sc-trace", a->s.accel.scTrace,
                "Write a VCD of every channel (valid, ready, data, transfer) and state machine "
                "phase through SystemC's sc_trace (implies --systemc)");
  c->add_option("--rtl-cache", a->s.accel.rtlCache,
                "--engine verilator: where the Verilated twins are built and kept (default: "
                "$XDG_CACHE_HOME/loom-sim/rtl or ~/.cache/loom-sim/rtl)");
  c->add_flag("--rtl-fast-build", a->s.accel.rtlFastBuild,
              "--engine verilator: compile the twins' C++ at -O0 (quicker builds, slower "
              "models; for equivalence runs)");
  c->add_option("--rtl-trace", a->s.accel.rtlTrace,
                "--engine verilator: build the twins with Verilator's tracing and write a VCD of "
                "every signal of the twin, cycle c of the run at c ns as in --vcd (docs/rtl.md "
                "\"Waveform\")");
  c->add_flag("--try-fix", a->tryFix,
              "Apply the rewirings the diagnosis names to a copy of each network and run the "
              "program again: say whether the findings are gone and the results still equal "
              "the reference (the exit code stays the first run's)");
  c->add_option("--fixed-dfg", a->fixedDfg,
                "With --try-fix: write the repaired networks to this file, in LOOM's form");
  auto* brief = c->add_flag("--brief", a->brief,
                            "Print each root cause without the list of findings it explains "
                            "(their count stays)");
  c->add_flag("--expand", a->expand,
              "Print every finding a root cause explains in full, not as one line")
      ->excludes(brief);
  c->add_option("--dot", a->dot,
                "Write the networks as Graphviz DOT: each channel's tokens over the run against "
                "its rate's count, findings in red");
  c->add_option("--svg", a->svg, "The same graph as SVG (rendered by Graphviz's dot)");
  c->add_option("--report", a->reportFile,
                "Write a JSON report (calls, cycles, loops, findings, root causes)");
  c->add_option("--html", a->html,
                "Write one self-contained HTML page of the run: the summary, each root cause "
                "with its source lines, the loop table, each call's activity, and the network "
                "(Graphviz) whose ops and channels show their ports and token counts");
  c->add_option(
      "--vcd", a->s.traces.vcd,
      "Write a change-only VCD of every channel (valid, ready, data, transfer) and state machine");
  c->add_option("--fst", a->s.traces.fst,
                "Write the same trace as FST, GTKWave's compressed format, with each state "
                "machine's phases by name");
  c->add_option("--gtkw", a->gtkw,
                "Write a GTKWave save file for the --fst (or --vcd) trace that opens on the "
                "findings: each root cause's channel, phases and upstream path, the cursor on "
                "it, a marker per call (without findings: each loop's control streams)");
  c->add_option(
      "--stats", a->s.traces.stats,
      "Write per-op (firings, stalls) and per-loop (activations, iterations, II) statistics; "
      "JSON if the name ends in .json");
  c->add_option("--tokens", a->s.traces.tokens, "Write a token log (cycle, channel, value)");
  return {c, [a] { return run(*a); }};
}

} // namespace loom::cli
