#include "host/program_run.h"

#include "dfg/loom/file_kind.h"
#include "dfg/loom/loom_form.h"
#include "frontend/parse.h"
#include "host/dfg_run.h"
#include "host/finding_waves.h"
#include "host/run_summary.h"
#include "verify/verifier.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <spdlog/spdlog.h>

namespace loom {

namespace {

// `m` once the subset verifier accepts it; else its error.
LoadedProgram accept(LoadedProgram p, std::unique_ptr<Module> m) {
  if (auto err = verifyModule(*m))
    p.error = std::move(err);
  else
    p.module = std::move(m);
  return p;
}

// A program LOOM compiled: its host code, and the networks its esi_instances run.
LoadedProgram loadLoomProgram(std::string text, const std::string& file) {
  LoadedProgram p;
  dfg::LoomProgram lp = dfg::readLoomProgram(std::move(text), file);
  if (lp.error) {
    p.error = std::move(lp.error);
    return p;
  }
  for (dfg::Graph& g : lp.graphs) {
    std::string name = g.function;
    p.networks.emplace(std::move(name), std::move(g));
  }
  return accept(std::move(p), std::move(lp.module));
}

} // namespace

LoadedProgram loadProgram(const std::string& file) {
  LoadedProgram p;
  std::optional<std::string> text = readSourceFile(file, p.error);
  if (!text) return p;
  dfg::SniffedKind k = dfg::sniffFileKind(*text);
  if (k.kind == dfg::FileKind::LoomSimDfg || k.kind == dfg::FileKind::LoomNetworks) {
    p.error = Diag{Loc{std::make_shared<const std::string>(file), k.line, k.column},
                   dfg::wrongKindMessage(k.kind, file, true)};
    return p;
  }
  if (k.kind == dfg::FileKind::LoomProgram) return loadLoomProgram(std::move(*text), file);
  ParseResult parsed = parseModule(std::move(*text), file);
  p.notes = std::move(parsed.notes);
  if (parsed.error) {
    p.error = std::move(parsed.error);
    return p;
  }
  return accept(std::move(p), std::move(parsed.module));
}

// An error of the tool rather than of a place in the input: "loom-sim: error: ...".
Diag toolError(std::string message) {
  static const auto tool = std::make_shared<const std::string>("loom-sim");
  return Diag{Loc{tool, 0, 0}, std::move(message)};
}

std::optional<Diag> readDfgGraphs(const std::vector<DfgFile>& files, AccelOptions& a) {
  for (const auto& [func, file] : files) {
    if (a.graphs.count(func)) return toolError("--dfg " + func + " is given twice");
    dfg::ReadResult rr = dfg::readDfgFile(file);
    if (rr.error) return rr.error;
    std::string why;
    const dfg::Graph* g = selectGraph(rr.graphs, func, why);
    if (!g && rr.graphs.size() == 1) g = &rr.graphs.front(); // the only one, whatever its name
    if (!g)
      return Diag{Loc{std::make_shared<const std::string>(file), 0, 0},
                  "--dfg " + func + ": " + why};
    a.graphs.emplace(func, *g);
  }
  return std::nullopt;
}

namespace {

std::string canonicalFile(const std::string& f) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(f, ec);
  return ec ? f : p.string();
}
} // namespace

// Each node of a network given with --dfg that stands at an SCF op of the program's
// function of that name (the op its lowering came from, in either DFG form as loom-sim
// prints it) has that op as its origin: findings then name the scf.for or scf.if, and the diagnosis
// reads its counts.
void resolveOrigins(const Module& m, std::map<std::string, dfg::Graph>& graphs) {
  for (auto& [name, g] : graphs) {
    const Function* f = m.lookup(name);
    if (!f || f->isDeclaration || !f->loc.file) continue;
    std::string file = canonicalFile(*f->loc.file);
    std::map<std::pair<uint32_t, uint32_t>, const Op*> at; // by line and column in `file`
    walk(f->body, [&](Op* op) { at.emplace(std::make_pair(op->loc.line, op->loc.col), op); });
    std::map<std::string, bool> inFile; // each file a node names: whether it is `file`
    for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
      dfg::Origin& o = g.node(v).origin;
      if (o.op || !o.loc.file || !o.loc.line) continue;
      auto same = inFile.find(*o.loc.file);
      if (same == inFile.end())
        same = inFile.emplace(*o.loc.file, canonicalFile(*o.loc.file) == file).first;
      auto it = same->second ? at.find({o.loc.line, o.loc.col}) : at.end();
      if (it == at.end()) continue;
      o.op = it->second;
      o.opId = it->second->id;
    }
  }
}

ProgramRun::ProgramRun(const Module& m, RunSettings settings, std::ostream& programOutput)
    : mod_(m), settings_(std::move(settings)),
      interp_(std::make_unique<Interpreter>(m, programOutput)) {
  interp_->setStepLimit(settings_.maxSteps);
}

ProgramRun::ProgramRun(const LoadedProgram& p, RunSettings settings, std::ostream& programOutput)
    : ProgramRun(*p.module, std::move(settings), programOutput) {
  networks_ = &p.networks;
}

ProgramRun::~ProgramRun() = default;

// The networks the program's esi_instances run (the others are not looked at).
void ProgramRun::addInstantiated(const std::map<std::string, dfg::Graph>& networks) {
  for (const auto& f : mod_.functions)
    walk(f->body, [&](Op* op) {
      if (op->kind != OpKind::EsiInstance) return;
      auto it = networks.find(op->callee);
      if (it != networks.end()) settings_.accel.graphs.emplace(it->first, it->second);
    });
}

std::optional<Diag> ProgramRun::prepare() {
  const std::string& name = settings_.entry;
  entry_ = mod_.lookup(name);
  if (!entry_ || entry_->isDeclaration)
    return Diag{Loc{mod_.file, 0, 0}, "no function '@" + name + "' to run"};
  if (!entry_->argTypes.empty())
    return Diag{entry_->loc, "entry function '@" + name + "' must take no arguments"};
  spdlog::info("parsed {} ({} functions, {} ops)", *mod_.file, mod_.functions.size(), mod_.numOps);
  if (!settings_.accelerate) return std::nullopt;
  settings_.accel.entry = name;
  if (settings_.accel.engine == CallEngineKind::Verilator) {
    // The twin has no op state to trace and no SystemC shell (docs/rtl.md).
    const traces::TraceOptions& t = settings_.traces;
    if (!t.vcd.empty() || !t.stats.empty() || settings_.systemc)
      return toolError("--engine verilator writes the token log (--tokens) and the report, "
                       "not --vcd, --stats, --systemc or --sc-trace (--rtl-trace writes the "
                       "twin's waveform)");
  } else if (settings_.systemc) {
    settings_.accel.engine = CallEngineKind::Systemc;
  }
  if (auto err = readDfgGraphs(settings_.dfgFiles, settings_.accel)) return err;
  resolveOrigins(mod_, settings_.accel.graphs);
  if (networks_) addInstantiated(*networks_);
  accel_ = std::make_unique<Accelerator>(mod_, *interp_, settings_.accel);
  if (auto err = accel_->prepare()) return err;
  if (const std::string& p = settings_.accel.verilator.trace;
      settings_.accel.engine == CallEngineKind::Verilator && !p.empty()) {
    // A later twin writes `<p>.<function>`: each such name is refused now if it is an
    // input or another output (the first twin takes `p` itself, so this may refuse a
    // name no twin would use; a deeper twin's `.<n>` is checked when it is loaded).
    if (const auto& refuses = settings_.accel.verilator.refusesTrace)
      for (const std::string& f : accel_->functions())
        if (auto why = refuses(p + "." + f)) return toolError("--rtl-trace: " + *why);
    // The trace is written by the twin once it is built: a path it cannot write is bad
    // input now, not after the build.
    std::ofstream probe(p, std::ios::binary | std::ios::trunc);
    if (!probe)
      return toolError("cannot create the twin's trace '" + p + "': " + std::strerror(errno));
  }
  interp_->setCallHook(
      [this](const Op& site, const Function& f, std::vector<RtValue>& args,
             std::optional<Diag>& error) { return accel_->call(site, f, args, error); });
  tracer_ = std::make_unique<traces::Tracer>(settings_.traces);
  if (auto err = tracer_->open()) return toolError(*err);
  for (const std::string& f : accel_->functions())
    tracer_->addNetwork(traces::TracedNetwork::of(*accel_->graph(f), *accel_->elaboration(f)));
  accel_->setTokenLog(tracer_->tokenLog());
  return std::nullopt;
}

namespace {
// The function an op is in.
std::string functionOf(const Op& op) {
  const Op* top = &op;
  while (top->parentOp())
    top = top->parentOp();
  const Region* r = top->parent ? top->parent->parent : nullptr;
  return r && r->func ? r->func->name : std::string();
}

// The function whose text holds `loc`: the last one that begins before it in its file.
std::string functionAt(const Module& m, const Loc& loc) {
  const Function* best = nullptr;
  for (const auto& f : m.functions)
    if (!f->isDeclaration && f->loc.file && loc.file && *f->loc.file == *loc.file &&
        f->loc.line <= loc.line && (!best || f->loc.line > best->loc.line))
      best = f.get();
  return best ? best->name : std::string();
}
} // namespace

RunOutcome ProgramRun::run() {
  RunOutcome o;
  CallResult r = interp_->call(*entry_, {});
  o.error = std::move(r.error);
  // Races of the host's own parallel loops (a call's are in its findings already).
  for (const Race& race : interp_->takeRaces())
    o.hostFindings.push_back(harness::raceFinding(race, functionOf(*race.loop), 0));
  if (accel_)
    for (harness::Finding& f : o.hostFindings)
      accel_->report().findings.push_back(std::move(f));
  // The error is a result like any finding: in the report, the page and the counts.
  // (A call that did not complete has its findings already; its error only points there.)
  if (accel_ && o.error && harness::runtimeErrorKind(o.error->message) != "call-failed") {
    harness::Finding f = harness::runtimeErrorFinding(*o.error, functionAt(mod_, o.error->loc));
    // In an accelerated function it is its last call's: the run stopped there.
    for (const harness::Report::Call& c : accel_->report().calls)
      if (c.function == f.function) f.invocation = c.invocation;
    accel_->report().findings.push_back(std::move(f));
  }
  if (tracer_)
    if (auto err = tracer_->finish()) o.traceErrors.push_back(*err);
  if (tracer_ && accel_) nameWaves(accel_->report().findings, tracer_->waves());
  if (accel_) {
    dfg::OpNames names = dfg::opNames(mod_); // the program's loops and branches by place
    for (harness::Finding& f : accel_->report().findings)
      harness::nameOps(f, names);
  }
  if (accel_)
    if (auto err = accel_->closeScTrace()) o.traceErrors.push_back(*err);
  o.accelerated = accel_ != nullptr;
  if (accel_) o.hostFindings.clear();
  o.passed = !o.error && o.traceErrors.empty() && o.hostFindings.empty() &&
             (!accel_ || !accel_->report().failed());
  return o;
}

const harness::Report& ProgramRun::report() const {
  return accel_->report();
}

std::vector<harness::CauseGroup> ProgramRun::causes() const {
  return harness::groupByCause(report().findings,
                               [this](const std::string& f) { return graph(f); });
}

harness::Mistakes ProgramRun::mistakes() const {
  if (mistakes_) return *mistakes_;
  return harness::findMistakes(report().findings, causes(),
                               [this](const std::string& f) { return graph(f); });
}

uint64_t ProgramRun::cycles() const {
  return accel_ ? accel_->totalCycles() : 0;
}

const dfg::Graph* ProgramRun::graph(const std::string& f) const {
  return accel_ ? accel_->graph(f) : nullptr;
}

uint64_t ProgramRun::transfers() const {
  uint64_t t = 0;
  if (accel_)
    for (const auto& c : accel_->report().calls)
      t += c.transfers;
  return t;
}

std::string ProgramRun::summaryLine(const RunOutcome& o, double ms) const {
  const harness::Report& rep = report();
  bool onlyError =
      o.error && std::all_of(rep.findings.begin(), rep.findings.end(),
                             [](const harness::Finding& f) { return f.check == "runtime-error"; });
  const char* verdict = o.passed    ? "all checks passed"
                        : onlyError ? "stopped by a runtime error"
                                    : "FAILED";
  size_t roots = rep.findings.empty() ? 0 : causes().size();
  return loom::summaryLine({std::to_string(rep.calls.size()) + " accelerated call(s)", cycles(),
                            transfers(), verdict, rep.findings.size(), roots},
                           ms);
}

namespace {

// Op firings and engine evaluations of every accelerated network over the run.
std::pair<uint64_t, uint64_t> workDone(const Accelerator& accel) {
  uint64_t firings = 0, evaluations = 0;
  for (const std::string& name : accel.functions()) {
    sim::Network& net = *accel.network(name);
    net.engine().flushStats();
    for (uint32_t i = 0; i < net.circuit().numOps(); ++i)
      firings += net.circuit().op(i).stats().firings;
    evaluations += net.engine().evaluations();
  }
  return {firings, evaluations};
}

} // namespace

void ProgramRun::addFinding(harness::Finding f) {
  if (accel_) accel_->report().findings.push_back(std::move(f));
}

nlohmann::json ProgramRun::reportJson(const std::string& file, const std::string& engine,
                                      const RunOutcome& o, const std::string& summary,
                                      double cpuSeconds) const {
  const harness::Report& r = report();
  nlohmann::json j = reportHead("run", file, engine, o.passed, summary);
  j["entry"] = settings_.entry;
  nlohmann::json calls = nlohmann::json::array();
  for (const auto& c : r.calls)
    calls.push_back(callJson(c)), calls.back()["loops"] = c.loops;
  j["calls"] = calls;
  addFindings(j, r.findings, causes());
  harness::addMistakes(j, mistakes());
  auto [firings, evaluations] = workDone(*accel_);
  j["firings"] = firings;
  j["evaluations"] = evaluations;
  // Where the time went (process CPU time, ms); "host" is the rest: parsing, the entry
  // function in the interpreter, traces.
  const Accelerator::PhaseTimes& t = accel_->times();
  auto ms = [](double s) { return std::round(s * 1e4) / 10; };
  double host = cpuSeconds - t.lower - t.elaborate - t.golden - t.simulate - t.checks;
  j["time"] = {{"total_ms", ms(cpuSeconds)},
               {"lower_ms", ms(t.lower)},
               {"elaborate_ms", ms(t.elaborate)},
               {"golden_ms", ms(t.golden)},
               {"simulate_ms", ms(t.simulate)},
               {"checks_ms", ms(t.checks)},
               {"host_ms", ms(host)}};
  if (settings_.accel.engine == CallEngineKind::Verilator) {
    // The twins: their build (or cache look-up), and the driver's time in the model's
    // evaluation loop alone (CPU time; part of simulate_ms).
    j["time"]["rtl_build_ms"] = ms(t.rtlBuild);
    j["time"]["rtl_model_ms"] = ms(t.rtlModel);
  }
  return j;
}

} // namespace loom
