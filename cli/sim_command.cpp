// `loom-sim sim DFG`: one call of a DFG file written by `lower` (possibly edited by
// hand) or by LOOM (dfg/loom), arguments from the command line (cli/dfg_arguments.h
// reads them); results and final memories on stdout, findings and the summary line on
// stderr (host/dfg_run.h does the work).
#include "cli/command.h"
#include "cli/dfg_arguments.h"
#include "dfg/loom/loom_form.h"
#include "dfg/op_names.h"
#include "host/dfg_run.h"
#include "models/timing_json.h"
#include "sim/elaborate.h"

#include <chrono>
#include <unistd.h>

namespace loom::cli {

namespace {

struct SimArgs {
  std::string file, func, timingFile, engine = "event", reportFile;
  std::vector<std::string> args, mems;
  uint64_t maxCycles = sim::kDefaultMaxCycles;
  bool checks = true;
  traces::TraceOptions traces; // --vcd, --fst, --tokens, --stats
  int width = -1;              // --width, --expand: how findings are shown
  bool expand = false;
};

// After the call: what it printed, its findings, the summary line and the report.
int finish(const SimArgs& a, const DfgRun& run, const DfgOutcome& o, const TerminalText& shown,
           double ms) {
  for (const std::string& e : o.traceErrors)
    printError(e);
  // The results on stdout, unless the report is there (`--report -`): then on stderr.
  std::ostream& results = a.reportFile == "-" ? std::cerr : std::cout;
  for (const std::string& l : o.lines)
    results << l << "\n";
  results.flush(); // before stderr, so a terminal or a pipe shows both in order
  for (size_t i = o.staticFindings; i < o.findings.size(); ++i)
    std::cerr << shown(o.findings[i].text());
  std::string summary = run.summaryLine(o, ms);
  std::cerr << shown("loom-sim: " + summary) << "\n";
  bool ok = o.passed();
  auto report = [&](std::ostream& os) {
    os << run.reportJson(a.file, a.engine, o, summary).dump(2) << "\n";
  };
  if (!a.reportFile.empty() && !writeOutput(a.reportFile, report)) ok = false;
  return ok ? kOk : kFailed;
}

int simulate(const SimArgs& a) {
  auto t0 = std::chrono::steady_clock::now();
  if (auto w = widthProblem(a.width)) return printError(*w), kBadInput;
  dfg::ReadResult rr = dfg::readDfgFile(a.file);
  if (rr.error) return print(*rr.error), kBadInput;
  std::string why;
  const dfg::Graph* g = selectGraph(rr.graphs, a.func, why);
  if (!g) return print({Loc{std::make_shared<const std::string>(a.file), 0, 0}, why}), kBadInput;
  std::vector<NamedPath> inputs = {{"the input DFG", a.file}, {"the --timing file", a.timingFile}};
  for (auto& [what, path] : memoryFiles(a.mems, *g))
    inputs.push_back({what, path});
  const traces::TraceOptions& t = a.traces;
  if (refusesOutputs(inputs, {a.reportFile == "-" ? NamedPath{"--report -", "", STDOUT_FILENO}
                                                  : NamedPath{"--report", a.reportFile},
                              {"--vcd", t.vcd},
                              {"--fst", t.fst},
                              {"--stats", t.stats},
                              {"--tokens", t.tokens},
                              a.reportFile == "-" ? NamedPath{} : stdoutPath()}))
    return kBadInput;
  models::TimingConfig timing;
  if (!a.timingFile.empty())
    if (auto err = models::readTimingFile(a.timingFile, timing)) return printError(*err), kBadInput;
  sim::EngineKind engine;
  if (!sim::engineKindFromName(a.engine, engine))
    return printError("unknown --engine '" + a.engine + "' (clocked or event)"), kBadInput;
  dfg::Graph sized = *g; // the timing file's per-channel capacities on a copy
  if (auto err = sim::applyChannelCapacities(timing, sized.function, sized))
    return printError(a.timingFile + ": " + *err), kBadInput;
  DfgRun run(sized, timing, engine);
  dfg::OpNames names = dfg::opNames(*g); // "op 12" by its place
  TerminalText shown = terminalView(a.width, a.expand, {g->function});
  for (const GraphFinding& f : run.checkStatic())
    std::cerr << shown(dfg::nameOps(f.diag.str(), names) + " [static: " + f.check + "]") << "\n";
  for (const std::string& e : run.elaborationErrors())
    std::cerr << a.file << ": error: " << e << "\n";
  if (!run.elaborationErrors().empty()) return kBadInput;
  DfgArguments args;
  std::optional<std::string> err = parseDfgArguments(*g, a.args, a.mems, args);
  if (!err) err = run.setArguments(args);
  if (err) return printError(*err), kBadInput;
  traces::Tracer tracer(t);
  if (auto err = tracer.open()) return printError(*err), kBadInput;
  DfgOutcome o = run.run(a.maxCycles, tracer, a.checks);
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0);
  return finish(a, run, o, shown, ms.count());
}

} // namespace

Command addSimCommand(CLI::App& app) {
  auto a = std::make_shared<SimArgs>();
  CLI::App* c = app.add_subcommand("sim", "Simulate a DFG file written by `lower` (possibly "
                                          "hand-edited) or by LOOM, with arguments from the "
                                          "command line");
  c->add_option("file", a->file, "DFG file (loom.dfg or LOOM's handshake.func)")->required();
  c->add_option("--func", a->func, "Function in the file (default: the only one)");
  c->add_option("--arg", a->args, "Scalar argument by position: INDEX=VALUE (repeatable)");
  c->add_option(
      "--mem", a->mems,
      "Memref argument by position: INDEX=zeros|random:SEED|FILE, with :SHAPE (e.g. :8x8) for "
      "dynamic sizes (repeatable)");
  c->add_option("--timing", a->timingFile, "Timing file (JSON)");
  c->add_option("--engine", a->engine, "event (default) or clocked")->capture_default_str();
  c->add_option("--max-cycles", a->maxCycles, "Cycle cap (0: no limit)")
      ->check(countValidator())
      ->capture_default_str();
  c->add_flag(
      "--no-checks", [a](int64_t) { a->checks = false; },
      "Skip the run-time checks (quiescence after the call); the static verifier still runs");
  c->add_option("--report", a->reportFile,
                "Write a JSON report (the call, its findings, root causes; "
                "docs/report.schema.json)");
  c->add_option("--vcd", a->traces.vcd, "Write a change-only VCD");
  c->add_option("--fst", a->traces.fst,
                "Write the same trace as FST (GTKWave's compressed format)");
  c->add_option(
      "--stats", a->traces.stats,
      "Write per-op (firings, stalls) and per-loop (activations, iterations, II) statistics; "
      "JSON if the name ends in .json");
  c->add_option("--tokens", a->traces.tokens, "Write a token log (cycle, channel, value)");
  addWidthOption(c, a->width);
  c->add_flag("--expand", a->expand, "Print each finding's lines whole (see --width)");
  return {c, [a] { return simulate(*a); }};
}

} // namespace loom::cli
