#include "host/accelerator.h"

#include "host/alias_check.h"
#include "host/call_checks.h"
#include "host/golden_check.h"
#include "host/model_engine.h"

#include <ctime>

namespace loom {

void lap(std::clock_t& start, double& total) {
  std::clock_t now = std::clock();
  total += static_cast<double>(now - start) / CLOCKS_PER_SEC;
  start = now;
}

namespace {

// The network takes defined values only (docs/design.md "Poison").
std::optional<Diag> poisonArgument(const Op& site, const std::string& name,
                                   const std::vector<RtValue>& args) {
  for (size_t i = 0; i < args.size(); ++i)
    if (args[i].poison)
      return Diag{site.loc, "argument #" + std::to_string(i) + " of the accelerated call of '@" +
                                name + "' is a poison value, " + poisonOrigin(*args[i].poison)};
  return std::nullopt;
}

// An error of the tool rather than of a place in the input: "loom-sim: error: ...".
Diag accelToolError(const std::string& message) {
  static const auto tool = std::make_shared<const std::string>("loom-sim");
  return Diag{Loc{tool, 0, 0}, message};
}

} // namespace

Accelerator::Accelerator(const Module& m, Interpreter& interp, AccelOptions opts)
    : mod_(m), interp_(interp), opts_(std::move(opts)) {}
Accelerator::~Accelerator() {
  closeScTrace();
}

std::optional<std::string> Accelerator::closeScTrace() {
  return sc_ ? sc_->closeTrace() : std::nullopt;
}

void Accelerator::setTokenLog(traces::TokenLog* log) {
  tokenLog_ = log;
  if (twins_) twins_->tokenLog = log;
}

std::optional<Diag> Accelerator::prepare() {
  AccelFunctions fs;
  if (auto err = acceleratedFunctions(mod_, opts_, fs)) return err;
  NetworkBuild build(mod_, opts_, report_.findings, times_);
  for (const auto& [name, f] : fs) {
    std::unique_ptr<AccelNetwork> a;
    if (auto err = buildNetwork(build, name, *f, a)) return err;
    accels_[name] = std::move(a);
  }
  if (opts_.injectionSitesRequired)
    if (auto err = unusedInjections(mod_, opts_.inject, build.applied, build.lowered)) return err;
  return makeEngines();
}

std::optional<Diag> Accelerator::makeEngines() {
  switch (opts_.engine) {
  case CallEngineKind::Event:
  case CallEngineKind::Clocked:
    for (auto& [name, a] : accels_)
      a->engine = std::make_unique<ModelEngine>(*a, opts_.maxCycles);
    return std::nullopt;
  case CallEngineKind::Systemc: return makeScEngines();
  case CallEngineKind::Verilator: return makeTwinEngines();
  }
  return std::nullopt;
}

// SystemC elaborates once, at the first sc_start: every module exists before.
std::optional<Diag> Accelerator::makeScEngines() {
  sc_ = std::make_unique<ScSession>(opts_.systemc);
  std::vector<systemc::ScNetwork*> networks;
  for (auto& [name, a] : accels_) {
    auto engine = std::make_unique<SystemcEngine>(*a, opts_.maxCycles, *sc_);
    networks.push_back(&engine->network());
    a->engine = std::move(engine);
  }
  if (!opts_.systemc.trace.empty())
    if (auto err = sc_->openTrace(networks)) return accelToolError(*err);
  return std::nullopt;
}

// What the RTL library cannot build yet is bad input, before anything runs. Each
// network's channels follow the ones before it in the token log.
std::optional<Diag> Accelerator::makeTwinEngines() {
  if (auto missing = rtl::missingTwinTools()) return accelToolError(*missing);
  twins_ = std::make_unique<TwinSession>(
      TwinSession{opts_.verilator, opts_.timing, opts_.maxCycles, tokenLog_});
  uint32_t base = 0;
  for (auto& [name, a] : accels_) {
    std::unique_ptr<TwinEngine> engine;
    if (auto err = TwinEngine::generate(*a, *twins_, base, engine))
      return Diag{a->loc, "--engine verilator: @" + name + ": " + *err};
    a->engine = std::move(engine);
    base += static_cast<uint32_t>(a->elab.network->circuit().numChannels());
  }
  return std::nullopt;
}

const dfg::Graph* Accelerator::graph(const std::string& f) const {
  auto it = accels_.find(f);
  return it == accels_.end() ? nullptr : &it->second->graph;
}

bool Accelerator::ratesInferred(const std::string& f) const {
  auto it = accels_.find(f);
  return it != accels_.end() && it->second->ratesInferred;
}

const std::vector<sim::NeedTap>* Accelerator::channelNeeds(const std::string& f) const {
  auto it = accels_.find(f);
  return it == accels_.end() || !opts_.channelNeeds ? nullptr : &it->second->needs;
}

sim::Network* Accelerator::network(const std::string& f) const {
  auto it = accels_.find(f);
  return it == accels_.end() ? nullptr : it->second->elab.network.get();
}

const sim::Elaboration* Accelerator::elaboration(const std::string& f) const {
  auto it = accels_.find(f);
  return it == accels_.end() ? nullptr : &it->second->elab;
}

systemc::ScNetwork* Accelerator::scNetwork(const std::string& f) const {
  auto it = accels_.find(f);
  if (it == accels_.end()) return nullptr;
  auto* sc = dynamic_cast<SystemcEngine*>(it->second->engine.get());
  return sc ? &sc->network() : nullptr;
}

std::vector<std::string> Accelerator::functions() const {
  std::vector<std::string> v;
  for (auto& [n, a] : accels_)
    v.push_back(n);
  return v;
}

const Accelerator::ChannelTotals* Accelerator::channelTotals(const std::string& function) const {
  return totals_.find(function);
}

// ---- one call ------------------------------------------------------------------------

std::optional<std::vector<RtValue>> Accelerator::call(const Op& site, const Function& f,
                                                      std::vector<RtValue>& args,
                                                      std::optional<Diag>& error) {
  // An esi_instance runs its handshake.func; `f` is the function it is checked against.
  auto it = accels_.find(site.kind == OpKind::EsiInstance ? site.callee : f.name);
  if (it == accels_.end()) return std::nullopt;
  AccelNetwork& a = *it->second;
  if (opts_.adjustArgs) opts_.adjustArgs(f, args);
  if (auto err = poisonArgument(site, a.name, args)) {
    error = err;
    return std::nullopt;
  }
  CallState s(a, site, f, args, ++a.calls, cycles_, times_, a.engine->runsModels());

  // 1. Copies of the memref arguments for the golden run (aliases stay aliases).
  std::vector<RtValue> goldenArgs = goldenCopies(args, s.clones);
  checkAliasing(a, site.loc, args, s.invocation, report_.findings);

  // 2. The network on the real buffers.
  CallProbes probes(a, opts_.checks && s.models);
  s.lap(&PhaseTimes::checks); // setting up the taps and logs
  if (auto err = a.engine->run(s)) {
    error = err;
    return std::nullopt;
  }

  // 3. The golden run, after the network.
  std::vector<Race> races = runGolden(s, goldenArgs);
  probes.stopAccessLogs();
  size_t findingsBefore = report_.findings.size();
  for (const Race& r : races) // the program's, whatever else the call shows
    report_.findings.push_back(harness::raceFinding(r, a.name, s.invocation));
  if (goldenFailed(s, error)) return std::nullopt;
  if (!s.done()) {
    finishStopped(s, probes, error);
    return std::nullopt;
  }

  // 4. Checks.
  checkFinished(s, probes, findingsBefore);

  // 5. The simulated results go back to the program.
  std::vector<RtValue> out;
  for (Bits b : s.results)
    out.push_back(RtValue{b, nullptr});
  return out;
}

// The interpreter runs the callee on the copies; the races it found there. A network
// stopped by --max-cycles needs no golden run (the interpreter would run on, perhaps
// forever, under --max-steps only).
std::vector<Race> Accelerator::runGolden(CallState& s, std::vector<RtValue>& goldenArgs) {
  if (s.status == sim::InvocationStatus::CycleCap) return {};
  s.golden.traceAccesses = opts_.checks;
  s.golden.traceTrips = opts_.checks;
  size_t racesBefore = interp_.races().size();
  s.goldenResult = interp_.call(s.f, goldenArgs, &s.golden);
  std::vector<Race> races = interp_.takeRaces(racesBefore);
  s.lap(&PhaseTimes::golden);
  return races;
}

// A runtime error of the golden run is the call's error. The network ran: its cycles
// are the call's, whatever stopped the program.
bool Accelerator::goldenFailed(CallState& s, std::optional<Diag>& error) {
  if (!s.goldenResult.error) return false;
  report_.calls.push_back(recordCall(s.a.name, s.invocation, s.a.engine->span(s)));
  report_.calls.back().passed = false;
  error = s.goldenResult.error;
  return true;
}

// A call whose network stopped. An op error (an address out of bounds, a division by
// zero) is the data's: were the accesses before it the program's? (A deadlock is told by
// its counts instead: an access a loop without its guard performs is one too many, not
// one out of order.)
void Accelerator::finishStopped(CallState& s, const CallProbes& probes,
                                std::optional<Diag>& error) {
  observe(s);
  error = reportStop(s);
  if (opts_.checks && s.models && s.status == sim::InvocationStatus::OpError)
    checkOrders(s, probes, /*stopped=*/true, report_.findings);
}

// A call whose results reached the host: against the golden run, settled, recorded and
// checked.
void Accelerator::checkFinished(CallState& s, const CallProbes& probes, size_t findingsBefore) {
  AccelNetwork& a = s.a;
  compareWithGolden({s.site.loc, a.name, s.f, s.invocation}, s.results, s.goldenResult, s.args,
                    s.clones, report_.findings);
  s.lap(&PhaseTimes::checks);
  a.engine->settle(s, report_.findings);
  s.lap(&PhaseTimes::simulate);
  harness::Report::Call call = recordCall(a.name, s.invocation, a.engine->span(s));
  observe(s);
  if (opts_.checks) checkCall(s, probes, report_, totals(), call);
  call.passed = report_.findings.size() == findingsBefore;
  for (size_t i = 0; i < s.results.size(); ++i)
    call.results.push_back(valueText(s.results[i], s.f.resultTypes[i]));
  report_.calls.push_back(call);
  s.lap(&PhaseTimes::checks);
}

// A call whose network stopped before its results reached the host: the finding, with
// what the engine can tell of why; the call recorded as failed; the error that ends the
// program.
Diag Accelerator::reportStop(CallState& s) {
  explainStop(s, opts_.checks, report_.findings, totals());
  std::string ports = portsAtStop(s, report_.findings);
  harness::Report::Call call = recordCall(s.a.name, s.invocation, s.a.engine->span(s));
  call.passed = false;
  report_.calls.push_back(call);
  s.lap(&PhaseTimes::checks);
  return Diag{s.site.loc, "accelerated call of '@" + s.a.name + "' did not complete (" +
                              harness::stopCheck(s.status) + ")" + ports +
                              "; see the findings above"};
}

// What the call did, for AccelOptions::observeCalls. The twin drained within its call:
// its models never ran.
void Accelerator::observe(const CallState& s) const {
  if (!opts_.observeCalls || !s.models) return;
  opts_.observeCalls(behaviourOf(s));
}

// The call's figures as its network counted them (docs/counters.md): its span placed on
// the run's axis right after the calls before it (host code takes no time), its latency
// and its transfers.
harness::Report::Call Accelerator::recordCall(const std::string& function, uint64_t invocation,
                                              const sim::CallSpan& span) {
  harness::Report::Call call;
  call.function = function;
  call.invocation = invocation;
  call.startCycle = cycles_;
  call.cycles = span.cycles();
  call.transfers = span.transfers;
  if (span.done) call.latency = span.latency();
  cycles_ += span.cycles();
  return call;
}

} // namespace loom
