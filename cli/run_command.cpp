// `loom-sim run FILE`: the program's entry function in the reference interpreter, every
// accelerated call on its dataflow network (host/program_run.h does the work).
#include "cli/run_command.h"

#include "cli/accel_arguments.h"
#include "cli/batch.h"
#include "cli/command.h"
#include "cli/demangle.h"
#include "cli/graph_files.h"
#include "cli/junit.h"
#include "cli/terminal_text.h"
#include "dfg/loom/loom_form.h"
#include "dfg/print_dot.h"
#include "host/baseline.h"
#include "host/prove.h"
#include "host/try_fix.h"
#include "host/tune.h"
#include "present/html_report.h"
#include "present/run_graph.h"
#include "present/wave_view.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace loom::cli {
namespace {

// What the rerun's program printed: one line as it is, up to 10 indented under the
// heading, more as their last 10 and how many came before.
void printRerunOutput(const std::string& output) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  while (!lines.empty() && lines.back().empty())
    lines.pop_back();
  const std::string head = "loom-sim: try-fix: the program printed";
  if (lines.empty()) return;
  if (lines.size() == 1) {
    std::cerr << head << ": " << lines[0] << "\n";
    return;
  }
  constexpr size_t kShown = 10;
  size_t from = lines.size() > kShown ? lines.size() - kShown : 0;
  if (from)
    std::cerr << head << " " << withCommas(lines.size()) << " lines; the last " << kShown << " ("
              << withCommas(from) << " before them left out):\n";
  else
    std::cerr << head << ":\n";
  for (size_t i = from; i < lines.size(); ++i)
    std::cerr << "    " << lines[i] << "\n";
}

// What --try-fix did, after the summary line: each rewiring, the rerun, the verdict.
void printFixAttempt(const FixAttempt& fix, const TerminalText& shown) {
  for (const std::string& r : fix.applied)
    std::cerr << shown("loom-sim: try-fix: " + r) << "\n";
  for (const std::string& r : fix.refused)
    std::cerr << shown("loom-sim: try-fix: cannot apply: " + r) << "\n";
  if (fix.rerun) {
    std::cerr << shown("loom-sim: try-fix: rerun: " + fix.summary) << "\n";
    for (const std::string& f : fix.remaining)
      std::cerr << shown("loom-sim: try-fix: remains: " + f) << "\n";
    printRerunOutput(fix.output);
  }
  std::cerr << "loom-sim: try-fix: " << fix.verdict() << "\n";
}

// The names a network or a function of `prog` is written with.
std::vector<std::string> functionNames(const LoadedProgram& prog) {
  std::vector<std::string> names;
  for (const auto& f : prog.module->functions)
    names.push_back(f->name);
  for (const auto& [name, g] : prog.networks)
    names.push_back(name);
  return names;
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

// --html: the run's page (present/html_report.h) with the report it shows. Without Graphviz
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
  if (a.html == "-")
    return writeOutput(a.html,
                       [&](std::ostream& os) { os << htmlReportPage(htmlReportData(run, in)); });
  if (auto err = writeHtmlReport(a.html, run, in)) return printError("--html: " + *err), false;
  return true;
}

// One file run writes: the option that names it, where its value lives, the extension
// its directory form gives it, and whether `-` (stdout) may stand for it: only for what
// is written whole at the end of the run, not for a trace written while it runs.
struct OutputSlot {
  const char* role;
  std::string* path;
  const char* extension;
  bool toStdout;
};

std::vector<OutputSlot> outputSlots(RunArgs& a) {
  traces::TraceOptions& t = a.s.traces;
  return {{"-o", &a.programOutput, ".out", true},
          {"--report", &a.reportFile, ".json", true},
          {"--fixed-dfg", &a.fixedDfg, ".loom.mlir", true},
          {"--dot", &a.dot, ".dot", true},
          {"--svg", &a.svg, ".svg", true},
          {"--html", &a.html, ".html", true},
          {"--gtkw", &a.gtkw, ".gtkw", true},
          {"--vcd", &t.vcd, ".vcd", false},
          {"--fst", &t.fst, ".fst", false},
          {"--stats", &t.stats, ".stats.txt", false},
          {"--tokens", &t.tokens, ".tokens.txt", false},
          {"--sc-trace", &a.s.accel.systemc.trace, ".sc.vcd", false},
          {"--rtl-trace", &a.s.accel.verilator.trace, ".rtl.vcd", false}};
}

// Where the program's own output goes: -o FILE, else stdout, unless an output took
// stdout (`--report -`): then stderr.
bool stdoutTaken(RunArgs& a) {
  for (const OutputSlot& o : outputSlots(a))
    if (*o.path == "-" && o.path != &a.programOutput) return true;
  return a.junit == "-";
}

// The --baseline file of this kernel: `{}` in it is the kernel's name.
std::string baselinePath(const RunArgs& a) {
  std::string p = a.baseline;
  for (size_t at; (at = p.find("{}")) != std::string::npos;)
    p.replace(at, 2, kernelStem(a.file));
  return p;
}

// Every file the run of one kernel reads and writes, and what is wrong with them: an
// output naming an input or another output, or two outputs on stdout (`-`).
std::optional<std::string> runPaths(RunArgs& a, std::vector<NamedPath>& inputs,
                                    std::vector<NamedPath>& outputs) {
  inputs = runInputs(a.file, a.timingFile, a.dfgSpecs, a.s.accel.accel);
  inputs.push_back({"the --baseline file", baselinePath(a)});
  outputs.clear();
  std::string dash;
  for (const OutputSlot& o : outputSlots(a)) {
    if (*o.path != "-") {
      outputs.push_back({o.role, *o.path});
      continue;
    }
    if (!dash.empty()) return dash + " - and " + o.role + " - both name stdout";
    dash = o.role;
    outputs.push_back({dash + " -", "", STDOUT_FILENO});
  }
  if (a.junit == "-" && !dash.empty()) return dash + " - and --junit - both name stdout";
  if (!stdoutTaken(a) && a.programOutput.empty()) outputs.push_back(stdoutPath());
  outputs.push_back({"--junit", a.junit == "-" ? "" : a.junit});
  return outputsProblem(inputs, outputs);
}

// Each accelerated call's verdict with the texts of its findings (for JUnit); a finding
// of no call (a static one) is the kernel's.
void fillVerdict(const ProgramRun& run, const std::string& summary, KernelVerdict& k) {
  k.summary = summary;
  const harness::Report& r = run.report();
  std::vector<bool> placed(r.findings.size(), false);
  for (const harness::Report::Call& c : r.calls) {
    CallVerdict v;
    v.name = "@" + c.function + " call " + std::to_string(c.invocation);
    v.passed = c.passed;
    v.detail = withCommas(c.cycles) + " cycles, " + withCommas(c.transfers) + " transfers";
    for (size_t i = 0; i < r.findings.size(); ++i)
      if (r.findings[i].function == c.function && r.findings[i].invocation == c.invocation)
        v.findings.push_back(r.findings[i].text()), placed[i] = true;
    k.calls.push_back(std::move(v));
  }
  for (size_t i = 0; i < r.findings.size(); ++i)
    if (!placed[i]) k.findings.push_back(r.findings[i].text());
}

bool deadlocked(const ProgramRun& run) {
  for (const harness::Finding& f : run.report().findings)
    if (f.check == "deadlock") return true;
  return false;
}

// Whether more slots let a deadlocked run complete, and which (docs/performance-analysis.md
// "Deadlocks that buffering fixes").
void printBuffering(const TuneResult& b, const TerminalText& shown) {
  if (b.error) {
    std::cerr << shown("loom-sim: buffering: the reruns could not be made: " + b.error->message)
              << "\n";
    return;
  }
  if (!b.failure.empty()) {
    std::cerr << shown("loom-sim: buffering: no buffering fixes the deadlock: with every channel "
                       "at 64 slots the run still fails its run-time checks (" +
                       b.failure + ")")
              << "\n";
    return;
  }
  std::cerr << shown("loom-sim: buffering: the deadlock is for lack of buffering: " +
                     std::to_string(b.addedSlots()) + " more slot(s) on " +
                     std::to_string(b.channels.size()) +
                     " channel(s) let the run complete, every run-time check passing (verified "
                     "by a rerun; `loom-sim tune` also sizes for speed):")
            << "\n";
  for (const TunedChannel& c : b.channels)
    std::cerr << shown("  @" + c.function + " " + c.channel + ": " + std::to_string(c.before) +
                       " -> " + std::to_string(c.after) + " slots (" + c.source + ")")
              << "\n";
}

nlohmann::json bufferingJson(const TuneResult& b) {
  nlohmann::json channels = nlohmann::json::array();
  for (const TunedChannel& c : b.channels)
    channels.push_back({{"function", c.function},
                        {"channel", c.channel},
                        {"source", c.source},
                        {"before", c.before},
                        {"after", c.after}});
  bool fixes = !b.error && b.failure.empty();
  return {{"fixes", fixes},
          {"ceiling", 64},
          {"runs", b.runs},
          {"channels", channels},
          {"why_not", fixes     ? ""
                      : b.error ? b.error->message
                                : b.failure}};
}

// The baseline's verdict under the summary: how the cycles compare, what got faster
// (a finding lists what got slower), what could not be compared.
void printBaseline(const BaselineComparison& c, const TerminalText& shown) {
  std::string verdict = c.slower.empty() ? "within" : "beyond";
  char tol[32];
  std::snprintf(tol, sizeof tol, "%g%%", c.tolerance);
  std::cerr << shown("loom-sim: baseline: " + withCommas(c.cycles) + " cycles against " +
                     withCommas(c.baselineCycles) + ", " + verdict + " the " + tol + " tolerance")
            << "\n";
  for (const std::string& l : c.faster)
    std::cerr << shown("  faster: " + l) << "\n";
  for (const std::string& l : c.unpaired)
    std::cerr << shown("  not compared: " + l) << "\n";
}

// What is wrong with the options whatever the kernel: options that need another, the
// --dfg specs, the engine, the injections, the timing file (read into a.s). With several
// kernels it is said once, before any runs.
std::optional<std::string> optionProblem(RunArgs& a) {
  const traces::TraceOptions& t = a.s.traces;
  if (!a.fixedDfg.empty() && !a.tryFix)
    return "--fixed-dfg writes the network --try-fix repairs: it needs --try-fix";
  if (auto w = widthProblem(a.width)) return w;
  if (!a.gtkw.empty() && t.vcd.empty() && t.fst.empty())
    return "--gtkw writes a GTKWave view of the trace: it needs --fst FILE (or --vcd FILE)";
  if (!a.html.empty() && !a.s.accelerate)
    return "--html shows the accelerated calls: it cannot be used with --no-accel";
  if (!a.s.accel.verilator.trace.empty() && a.engine != "verilator")
    return "--rtl-trace writes the Verilated twin's waveform: it needs --engine verilator (--vcd "
           "writes the event and clocked engines' waveform)";
  if (!a.s.accel.verilator.capture.empty() && a.engine != "verilator")
    return "--rtl-capture writes the Verilated twins' inputs: it needs --engine verilator";
  if (auto err = parseDfgSpecs(a.dfgSpecs, a.s.accel.accel, a.s.dfgFiles)) return err;
  if (!a.baseline.empty() && !a.s.accelerate)
    return "--baseline compares the accelerated calls' cycles: it cannot be used with --no-accel";
  if (!(a.baselineTolerance >= 0)) return "--baseline-tolerance must be a percentage >= 0";
  if (a.s.accelerate) return configureAccel(a.s.accel, a.engine, a.inject, a.timingFile);
  return std::nullopt;
}

} // namespace

int runProgram(RunArgs& a) {
  bool errorPrinted = false;
  auto t0 = std::chrono::steady_clock::now();
  std::vector<NamedPath> inputs, outputs;
  if (auto err = runPaths(a, inputs, outputs)) return printError(*err), kBadInput;
  // A later twin's trace file is named when the twin is loaded: the same check then,
  // against the inputs and every other output (the files of earlier twins are distinct
  // by their names).
  std::vector<NamedPath> others = inputs;
  others.insert(others.end(), outputs.begin(), outputs.end());
  a.s.accel.verilator.refusesTrace = [others](const std::string& path) {
    return checkOutputPaths(others, {{"the twin's trace", path}});
  };
  if (auto err = optionProblem(a)) return printError(*err), kBadInput;
  LoadedProgram loaded;
  if (!a.program) loaded = loadProgram(a.file);
  const LoadedProgram& prog = a.program ? *a.program : loaded;
  if (!printed(prog)) return kBadInput;
  if (!a.s.accel.systemc.trace.empty()) a.s.systemc = true;
  a.s.accel.channelTotals = !a.dot.empty() || !a.svg.empty();
  // The page draws every channel's tokens and each call's transfers over its cycles; the
  // graphs show each channel's full cycles (measured with the activity).
  if (!a.html.empty() || !a.dot.empty() || !a.svg.empty())
    a.s.accel.channelTotals = a.s.traces.activity = true;
  std::ofstream programFile;
  if (!a.programOutput.empty() && a.programOutput != "-") {
    programFile.open(a.programOutput, std::ios::binary);
    if (!programFile) return printError("cannot write '" + a.programOutput + "'"), kBadInput;
  }
  std::ostream& programOut = programFile.is_open() ? programFile
                             : stdoutTaken(a)      ? std::cerr
                                                   : std::cout;
  TerminalText shown = terminalView(a.width, a.expand, functionNames(prog));
  Baseline baseline;
  if (!a.baseline.empty())
    if (auto err = readBaseline(baselinePath(a), baseline)) return printError(*err), kBadInput;
  ProgramRun run(prog, a.s, programOut);
  if (auto err = run.prepare()) return print(*err), kBadInput;
  RunOutcome o = run.run();
  // A deadlock: whether buffering is what the network lacks (host/tune.h, TuneGoal::Progress),
  // a rerun per step as proving makes. The reruns run on the event engine, whose cycles
  // and results every engine's equal (docs/design.md), so every engine says the same.
  std::optional<TuneResult> buffering;
  if (a.prove && o.accelerated && deadlocked(run)) {
    RunSettings rerun = a.s;
    rerun.systemc = false;
    rerun.accel.engine = CallEngineKind::Event;
    rerun.accel.systemc = SystemcOptions{};
    rerun.accel.verilator = VerilatorOptions{};
    TuneOptions opts;
    opts.goal = TuneGoal::Progress;
    opts.maxRuns = 200;
    buffering = tuneCapacities(prog, rerun, opts);
  }
  std::optional<BaselineComparison> against;
  if (!a.baseline.empty() && o.accelerated) {
    against = compareWithBaseline(baseline, run.report(), run.cycles(), a.baselineTolerance);
    if (against->finding) run.addFinding(*against->finding), o.passed = false;
  }
  if (!programOut.flush())
    o.passed = false,
    printError("cannot write the program's output to " +
               (programFile.is_open() ? "'" + a.programOutput + "'" : std::string("stdout")));
  for (const std::string& e : o.traceErrors)
    printError(e);
  if (o.accelerated) {
    harness::Detail detail = a.brief    ? harness::Detail::Brief
                             : a.expand ? harness::Detail::Blocks
                                        : harness::Detail::Lines;
    harness::Mistakes mistakes = run.mistakes();
    if (a.prove && !run.report().findings.empty())
      proveMistakes(prog, a.s, run, mistakes, {a.jobs, a.rerunLimit});
    run.setMistakes(mistakes); // the report and the page show the same

    std::cerr << shown(
        harness::mistakesText(run.report().findings, mistakes, a.expand, shortFunctionName));
    std::cerr << shown(harness::causesText(run.report().findings, run.causes(), detail));
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0);
    std::string summary = run.summaryLine(o, ms.count()); // the page shows it as printed
    std::cerr << shown("loom-sim: " + summary) << "\n";
    if (against) printBaseline(*against, shown);
    if (buffering) printBuffering(*buffering, shown);
    if (a.verdict) fillVerdict(run, summary, *a.verdict);
    std::optional<FixAttempt> fix;
    if (a.tryFix) {
      // The first run's error comes before the repair's lines: a --try-fix run ends on
      // its verdict.
      if (o.error) std::cerr << shown(o.error->str()) << std::endl, errorPrinted = true;
      fix = tryFix(prog, a.s, run);
      printFixAttempt(*fix, shown);
      if (!a.fixedDfg.empty() && !writeFixed(*fix, a.fixedDfg)) o.passed = false;
    }
    double cpu = static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
    auto report = [&](std::ostream& os) {
      nlohmann::json j = run.reportJson(a.file, a.engine, o, summary, cpu);
      if (fix) j["try_fix"] = fix->json();
      if (against) j["baseline"] = against->json(baselinePath(a));
      if (buffering) j["buffering"] = bufferingJson(*buffering);
      os << j.dump(2) << "\n";
    };
    if (a.inspect) a.inspect(run);
    if (!a.reportFile.empty() && !writeOutput(a.reportFile, report)) o.passed = false;
    if ((!a.dot.empty() || !a.svg.empty()) && !writeRunGraphs(a, run)) o.passed = false;
    if (!a.html.empty() && !writeHtmlPage(a, run, o, cpu, fix, summary)) o.passed = false;
    if (!a.gtkw.empty() && !writeWaveView(a, run)) o.passed = false;
  }
  for (const harness::Finding& f : o.hostFindings) { // --no-accel
    std::cerr << f.text();
    if (a.verdict) a.verdict->findings.push_back(f.text());
  }
  if (o.error && !errorPrinted) std::cerr << shown(o.error->str()) << std::endl;
  return o.exitCode();
}

namespace {

// The outputs of the run of `kernel`: `{}` in a path becomes the kernel's name, a
// directory (one that exists, or a path ending in '/') gets NAME.EXT in it. With several
// kernels every output needs one of those forms, and none may be stdout.
std::optional<std::string> resolveOutputs(RunArgs& a, const std::string& kernel, size_t kernels) {
  a.file = kernel;
  a.outputDirectories.clear();
  const std::string stem = kernelStem(kernel);
  for (const OutputSlot& o : outputSlots(a)) {
    std::string& p = *o.path;
    const std::string role = o.role;
    if (p.empty()) continue;
    if (p == "-") {
      if (!o.toStdout)
        return role + " -: " + role +
               " is written while the program runs, not to stdout; name a file";
      if (kernels > 1)
        return role + " -: with " + std::to_string(kernels) +
               " kernels each writes its own: use {} or a directory (" + role + " 'out/{}" +
               o.extension + "')";
      continue;
    }
    std::error_code ec;
    if (p.find("{}") != std::string::npos) {
      for (size_t at; (at = p.find("{}")) != std::string::npos;)
        p.replace(at, 2, stem);
    } else if (p.back() == '/' || std::filesystem::is_directory(p, ec)) {
      p = (std::filesystem::path(p) / (stem + o.extension)).string();
    } else {
      if (kernels == 1) continue;
      return role + " " + p + ": with " + std::to_string(kernels) +
             " kernels each needs a file of its own: put {} in the name (" + role + " 'out/{}" +
             o.extension + "') or name a directory (" + role + " out/)";
    }
    // A per-kernel name: its folder is made for it (a plain path's is not).
    std::string dir = std::filesystem::path(p).parent_path().string();
    if (!dir.empty()) a.outputDirectories.push_back(dir);
  }
  return std::nullopt;
}

// The folders of the per-kernel outputs, made before any kernel writes into them.
bool makeOutputDirectories(const RunArgs& a) {
  for (const std::string& dir : a.outputDirectories) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return printError("cannot make the folder '" + dir + "': " + ec.message()), false;
  }
  return true;
}

// Writes --junit FILE (nothing without it); false if it could not be written.
bool writeJUnit(const std::string& path, const std::vector<KernelVerdict>& kernels) {
  return path.empty() || writeOutput(path, [&](std::ostream& os) { os << junitXml(kernels); });
}

// std::cerr as it is, and a copy of everything written to it: the log of a run, for
// --junit when there is one kernel (with several, each child's stderr is a file).
class StderrCopy : public std::streambuf {
public:
  StderrCopy() : real_(std::cerr.rdbuf(this)) {}
  // A static: destroyed at exit, before the library flushes std::cerr for the last time.
  ~StderrCopy() override { std::cerr.rdbuf(real_); }
  const std::string& text() const { return text_; }

private:
  int overflow(int c) override {
    if (c != EOF) text_ += static_cast<char>(c);
    return real_->sputc(static_cast<char>(c));
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    text_.append(s, static_cast<size_t>(n));
    return real_->sputn(s, n);
  }
  int sync() override { return real_->pubsync(); }
  std::streambuf* real_;
  std::string text_;
};

int runOne(RunArgs& a, const std::string& kernel) {
  if (auto err = resolveOutputs(a, kernel, 1)) return printError(*err), kBadInput;
  // Refused outputs stop the run before anything is written, the JUnit file too.
  std::vector<NamedPath> inputs, outputs;
  if (auto err = runPaths(a, inputs, outputs)) return printError(*err), kBadInput;
  if (!makeOutputDirectories(a)) return kBadInput;
  if (a.junit.empty()) return runProgram(a);
  static StderrCopy log; // stays in place: output written after it must still reach stderr
  KernelVerdict v;
  v.file = kernel;
  a.verdict = &v;
  auto t0 = std::chrono::steady_clock::now();
  v.exitCode = runProgram(a);
  v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  v.log = log.text();
  return writeJUnit(a.junit, {v}) ? v.exitCode : std::max(v.exitCode, kFailed);
}

int runMany(const RunArgs& given, const std::vector<std::string>& kernels) {
  auto t0 = std::chrono::steady_clock::now();
  std::vector<RunArgs> runs(kernels.size(), given);
  if (given.junit == "-")
    return printError("--junit -: with several kernels stdout holds their lines; name a file"),
           kBadInput;
  if (!given.s.accel.verilator.capture.empty())
    return printError("--rtl-capture writes one kernel's twins: run the kernels one at a time"),
           kBadInput;
  std::vector<NamedPath> inputs, outputs{{"--junit", given.junit}};
  std::map<std::string, std::string> byStem;
  bool templated = false;
  for (size_t i = 0; i < kernels.size(); ++i) {
    auto [it, fresh] = byStem.emplace(kernelStem(kernels[i]), kernels[i]);
    if (auto err = resolveOutputs(runs[i], kernels[i], kernels.size()))
      return printError(*err), kBadInput;
    for (const OutputSlot& o : outputSlots(runs[i]))
      if (!o.path->empty()) outputs.push_back({o.role, *o.path}), templated = true;
    if (!fresh && templated)
      return printError(it->second + " and " + kernels[i] + " have the same name '" + it->first +
                        "': their output files would be one; run them apart"),
             kBadInput;
    for (const NamedPath& in :
         runInputs(kernels[i], given.timingFile, given.dfgSpecs, given.s.accel.accel))
      inputs.push_back(in);
  }
  if (refusesOutputs(inputs, outputs)) return kBadInput;
  RunArgs options = given;
  if (auto err = optionProblem(options)) return printError(*err), kBadInput;
  for (RunArgs& r : runs)
    if (!makeOutputDirectories(r)) return kBadInput;
  size_t width = 0;
  for (const std::string& k : kernels)
    width = std::max(width, k.size());
  std::vector<KernelVerdict> verdicts(kernels.size());
  auto work = [&](size_t i, const std::string& resultPath) {
    KernelVerdict v;
    runs[i].verdict = &v;
    int rc = runProgram(runs[i]);
    std::ofstream(resultPath) << nlohmann::json(v).dump();
    return rc;
  };
  auto done = [&](size_t i, KernelVerdict& v, const std::string& result) {
    if (!result.empty()) from_json(nlohmann::json::parse(result), v);
    v.file = kernels[i];
    std::cout << batchLines(v, width) << std::flush;
    verdicts[i] = std::move(v);
  };
  auto name = [&](size_t i) { return kernels[i]; };
  if (auto err = runInChildren(kernels.size(), given.jobs, work, done, name))
    return printError(*err), kBadInput;
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << batchTotal(verdicts, s) << "\n" << std::flush;
  int rc = worstExitCode(verdicts);
  return writeJUnit(given.junit, verdicts) ? rc : std::max(rc, kFailed);
}

// `run FILE...`: one kernel runs here, as it always has; several (or a directory) each
// in a process of their own, with a line per kernel and a total.
int runCommand(RunArgs& a) {
  std::vector<std::string> kernels;
  if (auto err = expandKernels(a.files, kernels)) return printError(*err), kBadInput;
  bool directory = std::any_of(a.files.begin(), a.files.end(), [](const std::string& f) {
    std::error_code ec;
    return std::filesystem::is_directory(f, ec);
  });
  if (kernels.size() == 1 && !directory) return runOne(a, kernels.front());
  return runMany(a, kernels);
}

} // namespace

Command addRunCommand(CLI::App& app) {
  auto a = std::make_shared<RunArgs>();
  CLI::App* c =
      app.add_subcommand("run", "Run a program: its entry function in the reference "
                                "interpreter, accelerated calls on the dataflow simulator");
  c->add_option("files", a->files,
                "MLIR files (SCF programs, or programs LOOM compiled), or folders of them (their "
                "*.mlir files). With several, each runs on its own: a line per kernel, a total, "
                "the worst exit code (README \"Many kernels\")")
      ->required();
  c->add_option("-o,--output", a->programOutput,
                "Write the program's own output here (default: stdout, or stderr when another "
                "output is `-`)");
  c->add_option(
       "-j,--jobs", a->jobs,
       "Run this many kernels at once, or with one kernel this many proving reruns (0: one "
       "per core)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c->add_option("--junit", a->junit,
                "Write the verdicts as JUnit XML: a test suite per kernel, a test case for the "
                "program and for each accelerated call, each finding a failure (`-`: stdout)");
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
      "--systemc", a->s.systemc,
      "Run the networks through SystemC's scheduler: one sc_module per op (ports after the op "
      "table, its model as behaviour), one sc_prim_channel per channel, scoped by function / loop "
      "/ branch, on an sc_clock; the event engine's cycles, results, stats and token log");
  c->add_option("--sc-trace", a->s.accel.systemc.trace,
                "Write a VCD of every channel (valid, ready, data, transfer) and state machine "
                "phase through SystemC's sc_trace (implies --systemc)");
  c->add_option("--rtl-cache", a->s.accel.verilator.cache,
                "--engine verilator: where the Verilated twins are built and kept (default: "
                "$XDG_CACHE_HOME/loom-sim/rtl or ~/.cache/loom-sim/rtl)");
  c->add_flag("--rtl-fast-build", a->s.accel.verilator.fastBuild,
              "--engine verilator: compile the twins' C++ at -O0 (quicker builds, slower "
              "models; for equivalence runs)");
  c->add_option("--rtl-trace", a->s.accel.verilator.trace,
                "--engine verilator: build the twins with Verilator's tracing and write a VCD of "
                "every signal of the twin, cycle c of the run at c ns as in --vcd (docs/rtl.md "
                "\"Waveform\")");
  c->add_option("--rtl-capture", a->s.accel.verilator.capture,
                "--engine verilator: write into this folder each twin without probes and each "
                "call's inputs and outcome, for a testbench of your own (docs/rtl.md \"A twin "
                "outside loom-sim\")");
  c->add_flag("--try-fix", a->tryFix,
              "Apply the rewirings the diagnosis names to a copy of each network and run the "
              "program again: say whether the findings are gone and the results still equal "
              "the reference (the exit code stays the first run's)");
  c->add_flag(
      "--no-prove", [a](int64_t) { a->prove = false; },
      "Do not rerun the program with each mistake's repairs alone (the findings a mistake "
      "explains are then the network's paths' guess, not what a rerun shows), nor after a "
      "deadlock with more slots (whether buffering fixes it)");
  c->add_option("--rerun-limit", a->rerunLimit,
                "Seconds each proving rerun may take before it is stopped and its mistake left "
                "unproven (0: no limit); -j reruns run at once")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  c->add_option("--fixed-dfg", a->fixedDfg,
                "With --try-fix: write the repaired networks to this file, in LOOM's form");
  auto* brief = c->add_flag("--brief", a->brief,
                            "Print each root cause without the list of findings it explains "
                            "(their count stays)");
  c->add_flag("--expand", a->expand,
              "Print every finding a root cause explains in full, not as one line, each line "
              "whole (see --width), and each mistake's instances")
      ->excludes(brief);
  addWidthOption(c, a->width);
  c->add_option("--dot", a->dot,
                "Write the networks as Graphviz DOT: each channel's tokens over the run against "
                "its rate's count, findings in red");
  c->add_option("--svg", a->svg, "The same graph as SVG (rendered by Graphviz's dot)");
  c->add_option("--baseline", a->baseline,
                "Hold the run to a stored report (an earlier --report of the same program and "
                "inputs; {} is the kernel's name): cycles or a loop's II beyond it by more than "
                "--baseline-tolerance is a finding (docs/performance-analysis.md)");
  c->add_option("--baseline-tolerance", a->baselineTolerance,
                "Percent a figure may exceed the baseline's before it is a finding")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
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
  return {c, [a] {
            if (a->jobs == 0) a->jobs = std::max(1u, std::thread::hardware_concurrency());
            return runCommand(*a);
          }};
}

} // namespace loom::cli
