// `loom-sim sim DFG`: one call of a DFG file written by `lower` (possibly edited by
// hand) or by LOOM (dfg/loom), arguments from the command line (cli/dfg_arguments.h
// reads them); results and final memories on stdout (host/dfg_run.h does the work).
#include "cli/command.h"
#include "cli/dfg_arguments.h"
#include "dfg/loom/loom_form.h"
#include "host/dfg_run.h"
#include "lowering/infer_rates.h"
#include "models/timing_json.h"

namespace loom::cli {

namespace {

struct SimArgs {
  std::string file, func, timingFile, engine = "event", vcdFile, fstFile, tokensFile;
  std::vector<std::string> args, mems;
  uint64_t maxCycles = sim::kDefaultMaxCycles;
};

int simulate(const SimArgs& a) {
  dfg::ReadResult rr = dfg::readDfgFile(a.file);
  if (rr.error) return print(*rr.error), kBadInput;
  std::string why;
  const dfg::Graph* g = selectGraph(rr.graphs, a.func, why);
  if (!g) return print({Loc{std::make_shared<const std::string>(a.file), 0, 0}, why}), kBadInput;
  std::vector<NamedPath> inputs = {{"the input DFG", a.file}, {"the --timing file", a.timingFile}};
  for (auto& [what, path] : memoryFiles(a.mems, *g))
    inputs.push_back({what, path});
  if (refusesOutputs(
          inputs,
          {{"--vcd", a.vcdFile}, {"--fst", a.fstFile}, {"--tokens", a.tokensFile}, stdoutPath()}))
    return kBadInput;
  bool failed = false;
  for (const GraphFinding& f : checkGraphInferring(*g))
    std::cerr << f.diag.str() << " [static: " << f.check << "]\n", failed = true;
  models::TimingConfig timing;
  if (!a.timingFile.empty())
    if (auto err = models::readTimingFile(a.timingFile, timing)) return printError(*err), kBadInput;
  sim::EngineKind engine;
  if (!sim::engineKindFromName(a.engine, engine))
    return printError("unknown --engine '" + a.engine + "' (clocked or event)"), kBadInput;
  DfgRun run(*g, timing, engine);
  for (const std::string& e : run.elaborationErrors())
    std::cerr << a.file << ": error: " << e << "\n";
  if (!run.elaborationErrors().empty()) return kBadInput;
  DfgArguments args;
  std::optional<std::string> err = parseDfgArguments(*g, a.args, a.mems, args);
  if (!err) err = run.setArguments(args);
  if (err) return printError(*err), kBadInput;
  traces::TraceOptions to;
  to.vcd = a.vcdFile;
  to.fst = a.fstFile;
  to.tokens = a.tokensFile;
  traces::Tracer tracer(to);
  if (auto err = tracer.open()) return printError(*err), kBadInput;
  DfgOutcome o = run.run(a.maxCycles, tracer);
  for (const std::string& e : o.traceErrors)
    printError(e);
  for (const std::string& l : o.lines)
    std::cout << l << "\n";
  for (const std::string& f : o.findings)
    std::cerr << f << "\n";
  return failed || !o.passed() ? kFailed : kOk;
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
  c->add_option("--vcd", a->vcdFile, "Write a change-only VCD");
  c->add_option("--fst", a->fstFile, "Write the same trace as FST (GTKWave's compressed format)");
  c->add_option("--tokens", a->tokensFile, "Write a token log (cycle, channel, value)");
  return {c, [a] { return simulate(*a); }};
}

} // namespace loom::cli
