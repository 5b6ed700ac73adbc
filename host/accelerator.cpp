#include "host/accelerator.h"

#include "harness/checks.h"
#include "harness/shapes.h"
#include "host/host_memory.h"
#include "host/static_finding.h"
#include "lowering/infer_rates.h"
#include "lowering/static_verify.h"
#include "rtl/twin.h"
#include "sim/waits.h"
#include "support/numbers.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <spdlog/spdlog.h>

namespace loom {

namespace {

std::string bitsText(Bits b, const Type& t) {
  return formatVectorPrint(b, t);
}

// Adds the CPU seconds since `start` to `total` and restarts the clock. CPU time, not
// wall time: the figures stay meaningful on a machine busy with other work.
void lap(std::clock_t& start, double& total) {
  std::clock_t now = std::clock();
  total += static_cast<double>(now - start) / CLOCKS_PER_SEC;
  start = now;
}

std::string signature(const std::vector<Type>& args, const std::vector<Type>& results) {
  auto list = [](const std::vector<Type>& ts) {
    std::string s = "(";
    for (size_t i = 0; i < ts.size(); ++i)
      s += (i ? ", " : "") + ts[i].str();
    return s + ")";
  };
  return list(args) + " -> " + list(results);
}

// The entry tokens the host hands a network of `f` (host/host_memory.h): each scalar
// argument, each dynamic descriptor field of a memref argument, then the start token.
size_t entryTokens(const Function& f) {
  size_t n = 1;
  for (const Type& t : f.argTypes) {
    if (!t.isMemRef()) {
      ++n;
      continue;
    }
    const MemRefInfo& m = *t.mem; // as descriptorTokens hands them
    std::vector<int64_t> strides = m.identity ? identityStrides(m.shape) : m.strides;
    if (!m.identity && m.offset == kDynamic) ++n;
    for (int64_t d : m.shape)
      n += d == kDynamic;
    for (int64_t s : strides)
      n += s == kDynamic;
  }
  return n;
}

// Whether the network `g` (from --dfg) can stand for `f`: a located error at the
// network, with a note at the function, if not.
std::optional<Diag> checkSignature(const Function& f, const dfg::Graph& g) {
  Loc at = g.node(g.entry).origin.loc;
  std::string theirs = signature(g.argTypes, g.resultTypes);
  std::string ours = signature(f.argTypes, f.resultTypes);
  std::vector<Diag> note{Diag{f.loc, "'@" + f.name + "' " + ours + " is defined here"}};
  std::string head = "--dfg " + f.name + ": the network '@" + g.function + "' ";
  if (g.argTypes != f.argTypes || g.resultTypes != f.resultTypes)
    return Diag{at, head + "is " + theirs + ", but '@" + f.name + "' is " + ours, note};
  size_t want = entryTokens(f), have = g.node(g.entry).outTypes.size();
  if (have != want)
    return Diag{at,
                head + "takes " + std::to_string(have) + " entry token(s), but the host hands '@" +
                    f.name + "' " + std::to_string(want) +
                    " (its scalar arguments, dynamic memref fields and start token)",
                note};
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    if (n.kind != dfg::NodeKind::ExtMemory) continue;
    if (n.argIndex < 0 || static_cast<size_t>(n.argIndex) >= f.argTypes.size() ||
        f.argTypes[n.argIndex] != n.memType)
      return Diag{n.origin.loc,
                  head + "has an extmemory '" + n.name + "' for argument " +
                      std::to_string(n.argIndex) + " of type " + n.memType.str() +
                      ", which is not a memref argument of '@" + f.name + "' " + ours,
                  note};
  }
  return std::nullopt;
}

// Whether every load and store of `memory` knows the SCF op it came from: the access
// order check compares the memory's log with the golden trace by those ops.
bool accessesHaveOrigins(const dfg::Graph& g, dfg::Vertex memory) {
  for (dfg::EdgeId ch : g.inEdges(memory))
    if (g.node(g.src(ch)).origin.opId == dfg::Origin::kNoOp) return false;
  return true;
}

// A network given without rates (--dfg, or LOOM's own in a program it compiled): its
// rates inferred from its loop control, bound to the loops of `f` (the function it stands
// for, or LOOM's CPU version), so the ledger checks its channels too.
RateInference inferGivenRates(const Function& f, dfg::Graph& g) {
  RateInference r = inferRates(g, f);
  size_t marked = r.boundToWhile, plain = r.boundCarries, fors = r.bound - marked - plain;
  std::vector<std::pair<size_t, std::string>> kinds = {
      {fors, "scf.for"}, {marked, "scf.while marked loom.stream"}, {plain, "scf.while"}};
  std::string to, each;
  size_t nonzero = 0;
  for (auto& [count, kind] : kinds) {
    if (!count) continue;
    ++nonzero;
    to = "an " + kind;
    each += (each.empty() ? "" : ", ") + std::to_string(count) + " " + kind;
  }
  if (nonzero != 1) to = nonzero ? "a loop (" + each + ")" : "an scf.for";
  spdlog::info("@{}: rates inferred for {} of {} channel(s); {} of {} loop(s) bound to {} of "
               "'@{}'",
               g.function, r.known, r.channels, r.bound, r.loops, to, f.name);
  for (const std::string& n : r.notes)
    spdlog::info("@{}: {}", g.function, n);
  return r;
}

} // namespace

struct Accelerator::Accel {
  // What runs: a function of the program, or a handshake.func of a program LOOM compiled
  // (then `func` is the function it is checked against, LOOM's CPU version).
  std::string name;
  Loc loc;
  const Function* func = nullptr;
  dfg::Graph graph;
  sim::Elaboration elab;
  uint64_t calls = 0;
  std::vector<dfg::Vertex> memories;      // Memory / ExtMemory vertices
  std::vector<harness::ShapeTap> taps;    // loop-control channels
  std::unique_ptr<systemc::ScNetwork> sc; // --systemc: the network as SystemC
  bool given = false;                     // the graph is AccelOptions::graphs' (--dfg)
  bool ratesInferred = false;             // given without rates: inferred from the network
  std::unique_ptr<rtl::Twin> twin;        // --engine verilator, from the first call on
  uint32_t tokenBase = 0;                 // its first channel's number in the token log
  int twinLoads = 0;                      // twins loaded (a deeper one: a reload)
};

Accelerator::Accelerator(const Module& m, Interpreter& interp, AccelOptions opts)
    : mod_(m), interp_(interp), opts_(std::move(opts)) {}
Accelerator::~Accelerator() {
  closeScTrace();
}

// SystemC names its file <base>.vcd and writes it with plain stdio: it goes to a
// directory of our own, and the close copies it to the user's file like any other
// output (a device, a pipe, a file that must not be replaced by a rename).
std::optional<std::string> Accelerator::openScTrace() {
  std::string error;
  scTraceOut_ = traces::TraceOut::create(opts_.scTrace, error);
  if (!scTraceOut_) return "cannot create the SystemC trace file '" + opts_.scTrace + "': " + error;
  std::string dir = (std::filesystem::temp_directory_path() / "loom-sc-trace-XXXXXX").string();
  if (!mkdtemp(dir.data())) return "cannot make a temporary directory for --sc-trace: " + dir;
  scTraceDir_ = dir;
  scTrace_ = sc_core::sc_create_vcd_trace_file((dir + "/trace").c_str());
  scTrace_->set_time_unit(1, sc_core::SC_NS);
  for (auto& [name, a] : accels_)
    a->sc->trace(scTrace_);
  return std::nullopt;
}

std::optional<std::string> Accelerator::closeScTrace() {
  if (!scTrace_) return std::nullopt;
  sc_core::sc_close_vcd_trace_file(scTrace_);
  scTrace_ = nullptr;
  std::ifstream in(scTraceDir_ + "/trace.vcd", std::ios::binary);
  std::vector<char> block(traces::TraceOut::kBlock);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    scTraceOut_->append(std::string_view(block.data(), static_cast<size_t>(in.gcount())));
    scTraceOut_->poll();
  }
  auto err = scTraceOut_->close();
  scTraceOut_.reset();
  std::error_code ec;
  std::filesystem::remove_all(scTraceDir_, ec);
  if (err) return "--sc-trace " + opts_.scTrace + ": " + *err;
  return std::nullopt;
}

std::optional<Diag> Accelerator::prepare() {
  // What runs on a network: its name, and the function of the program it stands for.
  std::vector<std::pair<std::string, const Function*>> fs;
  auto add = [&](const std::string& n, const Function* f) {
    for (const auto& e : fs)
      if (e.first == n) return;
    fs.emplace_back(n, f);
  };
  // A program LOOM compiled runs its handshake.funcs (the graphs given), not its functions.
  if (opts_.accel.empty() && mod_.networks.empty()) {
    for (auto& f : mod_.functions)
      if (!f->isDeclaration && f->name != opts_.entry) add(f->name, f.get());
  }
  for (const std::string& n : opts_.accel) {
    const Function* f = mod_.lookup(n);
    if (!f || f->isDeclaration)
      return Diag{Loc{mod_.file, 0, 0}, "--accel " + n + ": no function '@" + n + "' with a body"};
    if (n == opts_.entry)
      return Diag{f->loc, "--accel " + n + ": the entry function runs on the host"};
    add(n, f);
  }
  for (auto& [n, g] : opts_.graphs) {
    const NetworkFunction* net = mod_.network(n);
    const Function* f = mod_.lookup(net ? net->reference : n);
    Loc at = g.node(g.entry).origin.loc;
    if (!f || f->isDeclaration)
      return Diag{at, "--dfg " + n + ": no function '@" + n + "' with a body in " + *mod_.file};
    if (n == opts_.entry)
      return Diag{f->loc, "--dfg " + n + ": the entry function runs on the host"};
    add(n, f);
  }
  LowerOptions lo;
  lo.inject = opts_.inject;
  lo.verify = false;
  std::set<Injection> applied;
  lo.applied = &applied;
  std::vector<std::string> lowered;
  for (const auto& [name, f] : fs) {
    auto a = std::make_unique<Accel>();
    a->name = name;
    a->func = f;
    const NetworkFunction* net = mod_.network(name);
    a->loc = net ? net->loc : f->loc;
    std::clock_t clock = std::clock();
    const dfg::Graph* localStatic = nullptr; // the given graph, checked on its own symbols
    auto given = opts_.graphs.find(name);
    if (given != opts_.graphs.end()) {
      if (auto err = checkSignature(*f, given->second)) return err;
      a->graph = given->second;
      a->given = true;
      if (!hasRates(a->graph)) {
        // The static rules compare rates: where a loop stays unbound, or is bound to
        // LOOM's CPU version (whose zero-trip guards the network does not keep, so the
        // guard's sides stay without a count), they run on the network's own loop and
        // condition symbols instead (as `verify` does); the ledger uses the counts.
        RateInference r = inferGivenRates(*f, a->graph);
        if (r.bound < r.loops || r.boundToWhile) localStatic = &given->second;
        a->ratesInferred = true;
      }
    } else if (auto err = lowerFunction(mod_, *f, lo, a->graph)) {
      return err;
    } else {
      lowered.push_back(name);
    }
    if (opts_.transform) opts_.transform(a->graph);
    for (const GraphFinding& gf :
         localStatic ? checkGraphInferring(*localStatic) : checkGraph(a->graph))
      report_.findings.push_back(staticFinding(a->graph, gf, name));
    lap(clock, times_.lower);
    a->elab = sim::elaborate(a->graph, opts_.timing, opts_.engine);
    if (!a->elab.ok()) {
      std::string msg = "cannot elaborate the network of '@" + name + "'";
      if (!a->elab.errors.empty()) msg += ": " + a->elab.errors.front();
      return Diag{a->loc, msg};
    }
    for (dfg::Vertex v = 0; v < a->graph.numNodes(); ++v) {
      dfg::NodeKind k = a->graph.node(v).kind;
      if (k == dfg::NodeKind::Memory || k == dfg::NodeKind::ExtMemory) a->memories.push_back(v);
    }
    a->taps = harness::findShapeTaps(a->graph);
    lap(clock, times_.elaborate);
    spdlog::info("lowered @{}: {} ops, {} channels", name, a->graph.numNodes(),
                 a->graph.numEdges());
    accels_[name] = std::move(a);
  }
  if (opts_.injectionSitesRequired)
    if (auto err = unusedInjections(mod_, opts_.inject, applied, lowered)) return err;
  if (opts_.verilator) {
    static const auto tool = std::make_shared<const std::string>("loom-sim");
    if (auto missing = rtl::missingTwinTools()) return Diag{Loc{tool, 0, 0}, *missing};
    uint32_t base = 0;
    for (auto& [name, a] : accels_) {
      // What the RTL library cannot build yet is bad input, before anything runs.
      rtl::RtlOptions ro;
      ro.timing = opts_.timing;
      ro.extWords = 16;
      ro.extWordsAlways = true;
      std::string text;
      if (auto err = rtl::generateTop(a->graph, ro, text))
        return Diag{a->loc, "--engine verilator: @" + name + ": " + *err};
      a->tokenBase = base;
      base += static_cast<uint32_t>(a->elab.network->circuit().numChannels());
    }
  }
  if (opts_.systemc) {
    // SystemC elaborates once, at the first sc_start: every module exists before.
    if (!opts_.scClock) clock_ = std::make_unique<systemc::ScRisingClock>("clk", opts_.scPeriod);
    // Top-level names: the function's, sanitized, unique beside the clock and each other
    // (SystemC would rename a duplicate with a warning on stdout).
    std::set<std::string> taken{"clk"};
    for (auto& [name, a] : accels_) {
      std::string base = systemc::scSafeName(name), scName = base;
      for (int k = 1; !taken.insert(scName).second; ++k)
        scName = base + "_" + std::to_string(k);
      a->sc =
          std::make_unique<systemc::ScNetwork>(scName.c_str(), *a->elab.network, opts_.scPeriod);
      if (opts_.scClock) {
        a->sc->clk(*opts_.scClock);
        a->sc->setEmbedded(true);
      } else {
        a->sc->clk(*clock_);
      }
    }
    if (!opts_.scTrace.empty())
      if (auto err = openScTrace()) { // an error of the tool: "loom-sim: error: ..."
        static const auto tool = std::make_shared<const std::string>("loom-sim");
        return Diag{Loc{tool, 0, 0}, *err};
      }
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
  return it == accels_.end() ? nullptr : it->second->sc.get();
}

std::vector<std::string> Accelerator::functions() const {
  std::vector<std::string> v;
  for (auto& [n, a] : accels_)
    v.push_back(n);
  return v;
}

namespace {

// What the twin's driver hands back per token: written through the run's token log.
struct TwinTokens {
  traces::TokenLog* log;
  const sim::Circuit* circuit;
  uint64_t start; // the call's first cycle on the run's axis
  uint32_t base;  // the network's first channel in the log
  // The tokens pushed into the return's channels, by channel: what a stopped call's
  // ports hold (the twin's held counts say how many are still there).
  std::map<uint32_t, std::vector<Bits>> atReturn;
  static void token(void* p, uint64_t cycle, uint32_t channel, uint64_t bits) {
    auto& t = *static_cast<TwinTokens*>(p);
    if (t.log)
      t.log->token(t.start + cycle, t.base + channel, bits, t.circuit->channel(channel).type());
    auto it = t.atReturn.find(channel);
    if (it != t.atReturn.end()) it->second.push_back(bits);
  }
};

// Cycles the twin may go without a push or pop while an op is still busy: longer than
// any latency of the timing model or buffer of the graph.
uint64_t quietHorizon(const models::TimingConfig& timing, const dfg::Graph& g) {
  uint64_t h = 0;
  for (const models::TimingField& f : models::timingFields())
    h = std::max<uint64_t>(h, static_cast<uint64_t>(timing.*f.member));
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
    if (g.node(v).kind == dfg::NodeKind::Buffer) h = std::max<uint64_t>(h, g.node(v).bufferSlots);
  return h + 16;
}

} // namespace

// ---- one call ------------------------------------------------------------------------

// The per-call probes of the models: each memory's access log and the loop-control
// shape taps, armed for one call and disarmed however it ends. The twin has neither.
class Accelerator::CallProbes {
public:
  CallProbes(Accel& a, bool armed) : a_(a), armed_(armed) {
    logs.resize(a.memories.size());
    if (!armed_) return;
    for (size_t k = 0; k < a.memories.size(); ++k)
      memory(k).setAccessLog(&logs[k]);
    harness::armShapeTaps(a.taps, a.graph, a.elab, a.elab.network->circuit(),
                          a.elab.network->engine(), true);
  }
  ~CallProbes() {
    stopAccessLogs();
    if (armed_)
      harness::armShapeTaps(a_.taps, a_.graph, a_.elab, a_.elab.network->circuit(),
                            a_.elab.network->engine(), false);
  }
  CallProbes(const CallProbes&) = delete;
  CallProbes& operator=(const CallProbes&) = delete;

  // The accesses of the call itself end with its golden run: what its drain performs
  // later is not in the logs.
  void stopAccessLogs() {
    if (!armed_) return;
    for (size_t k = 0; k < a_.memories.size(); ++k)
      memory(k).setAccessLog(nullptr);
  }

  std::vector<std::vector<models::MemoryAccess>> logs; // per memory of Accel::memories

private:
  Accel& a_;
  bool armed_;
  models::Memory& memory(size_t k) {
    return static_cast<models::Memory&>(
        a_.elab.network->circuit().op(a_.elab.opOfVertex[a_.memories[k]]));
  }
};

// One call as it goes through the pipeline, whichever engine runs it.
struct Accelerator::CallState {
  CallState(Accel& a, const Op& site, const Function& f, std::vector<RtValue>& args,
            uint64_t invocation, bool twin)
      : a(a), site(site), f(f), args(args), invocation(invocation), clock(std::clock()),
        twin(twin) {}
  Accel& a;
  const Op& site;
  const Function& f;
  std::vector<RtValue>& args;
  uint64_t invocation;
  std::clock_t clock;
  bool twin; // --engine verilator

  std::map<const Buffer*, std::shared_ptr<Buffer>> clones; // the golden run's buffers
  sim::InvocationStatus status = sim::InvocationStatus::Done;
  std::vector<Bits> results;
  std::vector<uint64_t> before; // per channel: pushes before the call (the twin: zeros)
  ExecutionRecord golden;
  CallResult goldenResult;
  // The event and clocked engines and SystemC: what the invocation returned.
  sim::InvocationResult res;
  // The twin: its call's figures and probe counts.
  sim::CallSpan twinSpan;
  bool twinDrainCapped = false;
  std::vector<uint64_t> pushes, held;

  bool done() const { return status == sim::InvocationStatus::Done; }
};

// The call's span: the network's record of its last call (which the drain extends), or
// what the twin reported.
sim::CallSpan Accelerator::span(const CallState& s) const {
  return s.twin ? s.twinSpan : s.a.elab.network->lastCall();
}

harness::InvocationContext Accelerator::context(const CallState& s) const {
  harness::InvocationContext ctx{
      s.a.graph, s.a.elab, s.a.elab.network->circuit(), s.golden, s.before, s.a.name, s.invocation};
  if (s.twin) {
    ctx.twinPushes = &s.pushes;
    ctx.twinHeld = &s.held;
  }
  return ctx;
}

std::optional<std::vector<RtValue>> Accelerator::call(const Op& site, const Function& f,
                                                      std::vector<RtValue>& args,
                                                      std::optional<Diag>& error) {
  // An esi_instance runs its handshake.func; `f` is the function it is checked against.
  auto it = accels_.find(site.kind == OpKind::EsiInstance ? site.callee : f.name);
  if (it == accels_.end()) return std::nullopt;
  Accel& a = *it->second;
  if (opts_.adjustArgs) opts_.adjustArgs(f, args);
  // The network takes defined values only (docs/design.md "Poison").
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].poison) continue;
    error = Diag{site.loc, "argument #" + std::to_string(i) + " of the accelerated call of '@" +
                               a.name + "' is a poison value, " + poisonOrigin(*args[i].poison)};
    return std::nullopt;
  }
  CallState s(a, site, f, args, ++a.calls, a.twin || opts_.verilator);

  // 1. Copies of the memref arguments for the golden run (aliases stay aliases).
  std::vector<RtValue> goldenArgs = goldenCopies(args, s.clones);
  checkAliasing(a, site, f, args, s.invocation);

  // 2. The network on the real buffers.
  CallProbes probes(a, opts_.checks && !s.twin);
  lap(s.clock, times_.checks); // setting up the taps and logs
  if (auto err = s.twin ? runTwin(s) : runNetwork(s)) {
    error = err;
    return std::nullopt;
  }

  // 3. The golden run, after the network: a network stopped by --max-cycles needs no
  // golden run (the interpreter would run on, perhaps forever, under --max-steps only).
  std::vector<Race> races;
  if (s.status != sim::InvocationStatus::CycleCap) {
    s.golden.traceAccesses = opts_.checks;
    s.golden.traceTrips = opts_.checks;
    size_t racesBefore = interp_.races().size();
    s.goldenResult = interp_.call(f, goldenArgs, &s.golden);
    races = interp_.takeRaces(racesBefore);
    lap(s.clock, times_.golden);
  }
  probes.stopAccessLogs();
  size_t findingsBefore = report_.findings.size();
  for (const Race& r : races) // the program's, whatever else the call shows
    report_.findings.push_back(harness::raceFinding(r, a.name, s.invocation));
  if (s.goldenResult.error) {
    // The network ran: its cycles are the call's, whatever stopped the program.
    report_.calls.push_back(recordCall(a.name, s.invocation, span(s)));
    report_.calls.back().passed = false;
    error = s.goldenResult.error;
    return std::nullopt;
  }
  if (!s.done()) {
    observe(s);
    error = reportStop(s);
    // An op error (an address out of bounds, a division by zero) is the data's: were the
    // accesses before it the program's? (A deadlock is told by its counts instead: an
    // access a loop without its guard performs is one too many, not one out of order.)
    if (opts_.checks && !s.twin && s.status == sim::InvocationStatus::OpError)
      checkOrders(s, probes, /*stopped=*/true);
    return std::nullopt;
  }

  // 4. Checks.
  compareWithGolden(site, a.name, f, s.invocation, s.results, s.goldenResult, args, s.clones);
  lap(s.clock, times_.checks);
  settle(s);
  lap(s.clock, times_.simulate);
  harness::Report::Call call = recordCall(a.name, s.invocation, span(s));
  observe(s);
  if (opts_.checks) runChecks(s, probes, call);
  call.passed = report_.findings.size() == findingsBefore;
  for (size_t i = 0; i < s.results.size(); ++i)
    call.results.push_back(bitsText(s.results[i], f.resultTypes[i]));
  report_.calls.push_back(call);
  lap(s.clock, times_.checks);

  // 5. The simulated results go back to the program.
  std::vector<RtValue> out;
  for (Bits b : s.results)
    out.push_back(RtValue{b, nullptr});
  return out;
}

// The call on the event or clocked engine, or through SystemC.
std::optional<Diag> Accelerator::runNetwork(CallState& s) {
  sim::Network& net = *s.a.elab.network;
  sim::Invocation inv;
  inv.maxCycles = opts_.maxCycles;
  std::vector<std::unique_ptr<BufferBacking>> backings;
  inv.memories.assign(s.args.size(), nullptr);
  for (size_t i = 0; i < s.args.size(); ++i) {
    const Type& t = s.f.argTypes[i];
    if (t.isMemRef()) {
      descriptorTokens(t, *s.args[i].mem, inv.scalars);
      backings.push_back(std::make_unique<BufferBacking>(*s.args[i].mem->buf));
      inv.memories[i] = backings.back().get();
    } else {
      inv.scalars.push_back(s.args[i].bits);
    }
  }
  const sim::Circuit& circuit = net.circuit();
  s.before.resize(circuit.numChannels());
  for (uint32_t c = 0; c < circuit.numChannels(); ++c)
    s.before[c] = circuit.channel(c).pushes();
  s.res = s.a.sc ? s.a.sc->invoke(inv) : net.invoke(inv);
  lap(s.clock, times_.simulate);
  s.status = s.res.status;
  s.results = s.res.results;
  return std::nullopt;
}

// The call on the network's Verilated twin (--engine verilator): the twin is built (or
// found in the cache) as deep as the call's largest buffer, then runs the call and its
// drain; its probes count each channel's pushes and the tokens it holds after the call.
std::optional<Diag> Accelerator::runTwin(CallState& s) {
  Accel& a = s.a;
  const Function& f = s.f;
  // The entry's tokens and the host's buffers (the whole root allocation of a view).
  std::vector<uint64_t> entry, words(s.args.size(), 0);
  std::vector<uint64_t*> memories(s.args.size(), nullptr);
  uint64_t need = 16;
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (f.argTypes[i].isMemRef()) {
      descriptorTokens(f.argTypes[i], *s.args[i].mem, entry);
      memories[i] = s.args[i].mem->buf->data.data();
      words[i] = s.args[i].mem->buf->data.size();
      need = std::max<uint64_t>(need, words[i]);
    } else {
      entry.push_back(s.args[i].bits);
    }
  }
  entry.push_back(0); // the start token (none)
  if (need > rtl::kMaxTwinWords)
    return Diag{s.site.loc, "--engine verilator: @" + s.a.name + " is called with a buffer of " +
                                withCommas(need) + " words; the RTL twin's memory is at most " +
                                withCommas(rtl::kMaxTwinWords) + " words deep"};
  if (!a.twin || a.twin->extWords() < need)
    if (auto err = loadTwin(s, need)) return err;
  const sim::Circuit& circuit = a.elab.network->circuit();
  size_t nch = static_cast<size_t>(a.twin->channels());
  if (nch != circuit.numChannels())
    return Diag{s.site.loc, "--engine verilator: the twin of @" + s.a.name + " has " +
                                std::to_string(nch) + " channels, its network " +
                                std::to_string(circuit.numChannels())};
  s.before.assign(nch, 0);
  s.pushes.assign(nch, 0);
  s.held.assign(nch, 0);
  std::vector<uint64_t> results(a.twin->returnPorts());
  TwinTokens sink{tokenLog_, &circuit, cycles_, a.tokenBase, {}};
  std::vector<uint32_t> intoReturn = a.elab.network->returnChannels();
  for (uint32_t k : intoReturn)
    if (k != sim::Network::kNoChannel) sink.atReturn[k];
  LoomTwinCall c{};
  c.entry = entry.data();
  c.memories = memories.data();
  c.memoryWords = words.data();
  c.maxCycles = opts_.maxCycles;
  c.horizon = quietHorizon(opts_.timing, a.graph);
  c.sink = &sink;
  c.token = &TwinTokens::token;
  c.traceOffset = cycles_;
  c.results = results.data();
  c.pushes = s.pushes.data();
  c.held = s.held.data();
  lap(s.clock, times_.checks);
  a.twin->call(c);
  lap(s.clock, times_.simulate);
  times_.rtlModel += c.modelSeconds;

  s.twinSpan.invocation = s.invocation;
  s.twinSpan.settled = c.settled;
  s.twinSpan.end = c.end;
  s.twinSpan.done = c.status == LOOM_TWIN_DONE || c.status == LOOM_TWIN_DRAIN_CAP;
  for (uint64_t p : s.pushes)
    s.twinSpan.transfers += p;
  s.twinDrainCapped = c.status == LOOM_TWIN_DRAIN_CAP;
  s.status = s.twinSpan.done                  ? sim::InvocationStatus::Done
             : c.status == LOOM_TWIN_DEADLOCK ? sim::InvocationStatus::Deadlock
                                              : sim::InvocationStatus::CycleCap;
  s.results.assign(results.begin(), results.end() - 1); // the last: the done token
  if (!s.twinSpan.done) // what waits at each port of the return, as the event engine says
    for (uint32_t k : intoReturn) {
      const std::vector<Bits>* pushed = k == sim::Network::kNoChannel ? nullptr : &sink.atReturn[k];
      uint64_t held = pushed ? s.held[k] : 0;
      s.res.atReturn.push_back(held && held <= pushed->size()
                                   ? std::optional<Bits>((*pushed)[pushed->size() - held])
                                   : std::nullopt);
    }
  return std::nullopt;
}

// Builds (or finds in the cache) the twin of the call's function, its extmemories as
// deep as the largest buffer so far (a power of two): a larger buffer later builds a
// deeper twin, which starts from reset.
std::optional<Diag> Accelerator::loadTwin(CallState& s, uint64_t need) {
  Accel& a = s.a;
  rtl::RtlOptions ro;
  ro.timing = opts_.timing;
  ro.extWords = 16;
  while (ro.extWords < need)
    ro.extWords *= 2;
  ro.extWordsAlways = true;
  std::string cache = opts_.rtlCache.empty() ? rtl::defaultTwinCache() : opts_.rtlCache, err;
  lap(s.clock, times_.checks);
  a.twin.reset();
  std::string trace;
  if (!opts_.rtlTrace.empty()) {
    trace = rtlTraces_++ == 0 ? opts_.rtlTrace : opts_.rtlTrace + "." + s.a.name;
    if (rtlTraces_ > 1 && a.twinLoads > 0) trace += "." + std::to_string(a.twinLoads + 1);
    if (rtlTraces_ > 1 && opts_.refusesTrace)
      if (auto why = opts_.refusesTrace(trace)) return Diag{s.site.loc, "--rtl-trace: " + *why};
    spdlog::info("@{}: the twin's waveform goes to {}", s.a.name, trace);
  }
  ++a.twinLoads;
  a.twin = rtl::Twin::load(a.graph, ro, cache, opts_.rtlFastBuild, err, trace);
  lap(s.clock, times_.rtlBuild);
  if (!a.twin) return Diag{s.site.loc, "--engine verilator: " + err};
  return std::nullopt;
}

// A call whose network stopped before its results reached the host: the finding, with
// what the engine can tell of why; the call recorded as failed; the error that ends the
// program.
Diag Accelerator::reportStop(CallState& s) {
  harness::Finding h;
  h.function = s.a.name;
  h.invocation = s.invocation;
  h.loc = s.site.loc;
  h.check = harness::stopCheck(s.status);
  if (s.twin) {
    h.summary =
        "the twin of '@" + s.a.name + "' stopped: " +
        (s.status == sim::InvocationStatus::Deadlock ? "a quiet cycle before the results"
                                                     : "no results after --max-cycles cycles");
    report_.findings.push_back(std::move(h));
  } else {
    explainStop(s, h);
  }
  std::string ports = portsAtStop(s);
  harness::Report::Call call = recordCall(s.a.name, s.invocation, span(s));
  call.passed = false;
  report_.calls.push_back(call);
  lap(s.clock, times_.checks);
  return Diag{s.site.loc, "accelerated call of '@" + s.a.name + "' did not complete (" +
                              harness::stopCheck(s.status) + ")" + ports +
                              "; see the findings above"};
}

// What reached the return of a stopped call, port by port (LOOM's form gives each
// result a port of its own, so a result there has reached the host): each result that
// came, against the reference where the golden run has one (a "results" finding where it
// differs), and what never came. "" where nothing came.
std::string Accelerator::portsAtStop(CallState& s) {
  const std::vector<std::optional<Bits>>& at = s.res.atReturn;
  if (at.empty()) return "";
  size_t results = at.size() - 1;
  bool golden = s.status == sim::InvocationStatus::Deadlock &&
                s.goldenResult.results.size() == results && !s.goldenResult.error;
  std::vector<std::string> came, missing;
  for (size_t i = 0; i < results; ++i) {
    std::string name = "result #" + std::to_string(i);
    if (!at[i]) {
      missing.push_back(name);
      continue;
    }
    const Type& t = s.f.resultTypes.at(i);
    std::string text = name + " came, " + bitsText(*at[i], t);
    if (golden && *at[i] == s.goldenResult.results[i].bits) {
      text += " as the reference gives";
    } else if (golden) {
      text += ", where the reference gives " + bitsText(s.goldenResult.results[i].bits, t);
      addResultFinding(s.site.loc, s.a.name, s.invocation, i, t, *at[i],
                       s.goldenResult.results[i].bits, " (it came, the call did not complete)");
    }
    came.push_back(text);
  }
  if (came.empty()) return "";
  if (!at.back()) missing.push_back("the done token");
  std::string out;
  for (size_t i = 0; i < came.size(); ++i)
    out += (i ? "; " : ": ") + came[i];
  for (size_t i = 0; i < missing.size(); ++i)
    out += (i ? ", " : "; ") + missing[i];
  return missing.empty() ? out : out + " never came";
}

// What the models tell of a stop: the op errors, the wait-for chain, the loops still
// running at a cycle cap and, with the checks on, the channels that carried more than
// their domain allows and the tokens they left (what caused the stall).
void Accelerator::explainStop(CallState& s, harness::Finding& h) {
  const sim::InvocationResult& res = s.res;
  const sim::Circuit& circuit = s.a.elab.network->circuit();
  h.summary = "the network of '@" + s.a.name + "' stopped: " + res.message;
  for (const models::OpError& e : res.errors)
    h.details.push_back(e.str());
  h.upstream = harness::waitChain(s.a.graph, s.a.elab, circuit, res.waits,
                                  res.status == sim::InvocationStatus::CycleCap);
  for (const sim::Wait& w : res.waits)
    h.details.push_back(sim::describeWait(circuit, w));
  if (res.status == sim::InvocationStatus::CycleCap) placeAtRunningLoop(s, h);
  bool deadlock = opts_.checks && res.status == sim::InvocationStatus::Deadlock;
  if (deadlock) harness::diagnoseZeroTrip(context(s), h);
  report_.findings.push_back(std::move(h));
  if (deadlock) {
    harness::InvocationContext ctx = context(s);
    harness::checkLedger(ctx, report_.findings, /*stalled=*/true);
    harness::checkQuiescence(ctx, report_.findings, /*stalled=*/true);
    addTotals(ctx);
  }
}

// A network stopped by the cycle cap: the loops whose control state machines are
// mid-activation (a stream, gate or carry not at rest) have not ended. The finding is
// placed at the innermost of them.
void Accelerator::placeAtRunningLoop(const CallState& s, harness::Finding& h) {
  const dfg::Graph& g = s.a.graph;
  const sim::Circuit& circuit = s.a.elab.network->circuit();
  std::set<const Op*> running;
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    const Op* loop = n.origin.op;
    if (!ops::spec(n.kind).loopControl || !loop || !isLoop(loop->kind)) continue;
    if (!circuit.op(s.a.elab.opOfVertex[v]).isQuiescent()) running.insert(loop);
  }
  auto depth = [](const Op* op) {
    int d = 0;
    for (; op; op = op->parentOp())
      ++d;
    return d;
  };
  int deepest = 0;
  const Op* innermost = nullptr;
  for (const Op* loop : running) {
    h.details.push_back("loop still running: " + std::string(loop->name()) + " at " +
                        loop->loc.where() + " (raise the limit with --max-cycles)");
    if (depth(loop) > deepest) deepest = depth(loop), h.loc = loop->loc, innermost = loop;
  }
  // The limit, not a stall: said first, with where the run was.
  h.summary +=
      ": the limit stopped a run still in progress" +
      (innermost ? ", in the " + std::string(innermost->name()) + " at " + innermost->loc.where()
                 : std::string());
}

// Work still in flight after the return belongs to the call (its span ends with the
// drain's quiet cycle, checks or not: docs/counters.md). The twin drained within its call.
void Accelerator::observe(const CallState& s) const {
  if (!opts_.observeCalls || s.twin) return;
  CallBehaviour b;
  b.function = s.a.name;
  b.invocation = s.invocation;
  b.status = s.done() ? "done" : sim::invocationStatusName(s.status);
  b.results = s.results;
  uint64_t h = 1469598103934665603ull; // FNV-1a over the buffers' words
  for (const RtValue& v : s.args)
    if (v.mem)
      for (Bits w : v.mem->buf->data)
        h = (h ^ w) * 1099511628211ull;
  b.memory = h;
  const dfg::Graph& g = s.a.graph;
  const sim::Circuit& circuit = s.a.elab.network->circuit();
  for (dfg::EdgeId e : g.edges()) {
    if (g.node(g.dst(e)).kind == dfg::NodeKind::Sink) continue; // dropped: no behaviour
    uint32_t ch = s.a.elab.channelOf(g, e);
    std::string key = g.node(g.dst(e)).name + ":" + std::to_string(g.edge(e).dstPort);
    const models::Channel& c = circuit.channel(ch);
    b.inputs[key] = c.pushes() - (ch < s.before.size() ? s.before[ch] : 0);
    if (c.count() > 0) b.held.push_back(key);
  }
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    uint32_t op = s.a.elab.opOfVertex[v];
    if (op != sim::kNoOp && !circuit.op(op).isQuiescent()) b.held.push_back(g.node(v).name);
  }
  opts_.observeCalls(b);
}

void Accelerator::settle(CallState& s) {
  if (!s.twin) return drain(s.a, s.invocation);
  if (!s.twinDrainCapped) return;
  harness::Finding h;
  h.check = "cycle-cap";
  h.function = s.a.name;
  h.invocation = s.invocation;
  h.loc = s.a.loc;
  h.summary = "work of the call still running " +
              std::to_string(s.twinSpan.end - s.twinSpan.settled) +
              " cycle(s) after the return (cycle budget --max-cycles)";
  report_.findings.push_back(std::move(h));
}

std::vector<RtValue>
Accelerator::goldenCopies(const std::vector<RtValue>& args,
                          std::map<const Buffer*, std::shared_ptr<Buffer>>& clones) {
  std::vector<RtValue> goldenArgs = args;
  for (RtValue& v : goldenArgs) {
    if (!v.mem) continue;
    auto& clone = clones[v.mem->buf.get()];
    if (!clone) clone = std::make_shared<Buffer>(*v.mem->buf);
    auto view = std::make_shared<MemRefView>(*v.mem);
    view->buf = clone;
    v.mem = view;
  }
  return goldenArgs;
}

// A result that differs from the golden run's: a "results" finding.
void Accelerator::addResultFinding(const Loc& loc, const std::string& function, uint64_t invocation,
                                   size_t i, const Type& t, Bits got, Bits want,
                                   const std::string& how) {
  harness::Finding h;
  h.check = "results";
  h.function = function;
  h.invocation = invocation;
  h.loc = loc;
  h.summary = "result #" + std::to_string(i) + " is " + bitsText(got, t) + how +
              "; the interpreter gives " + bitsText(want, t);
  report_.findings.push_back(std::move(h));
}

// The call's results and memory against the golden run's.
void Accelerator::compareWithGolden(
    const Op& site, const std::string& name, const Function& f, uint64_t invocation,
    const std::vector<Bits>& results, const CallResult& gr, const std::vector<RtValue>& args,
    const std::map<const Buffer*, std::shared_ptr<Buffer>>& clones) {
  for (size_t i = 0; i < gr.results.size(); ++i) {
    if (results[i] != gr.results[i].bits)
      addResultFinding(site.loc, name, invocation, i, f.resultTypes[i], results[i],
                       gr.results[i].bits, "");
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].mem) continue;
    const Buffer& real = *args[i].mem->buf;
    const Buffer& gold = *clones.at(&real);
    for (size_t e = 0; e < real.data.size(); ++e) {
      if (real.data[e] == gold.data[e]) continue;
      harness::Finding h;
      h.check = "memory";
      h.function = name;
      h.invocation = invocation;
      h.loc = site.loc;
      h.summary = "memref argument #" + std::to_string(i) +
                  " differs from the interpreter at element " + std::to_string(e) + ": " +
                  bitsText(real.data[e], real.elem) + " vs " + bitsText(gold.data[e], real.elem);
      report_.findings.push_back(std::move(h));
      break;
    }
  }
}

// LOOM's memory lowering gives every memref argument its own ctrl-done network: the
// spec's alias-free model (spec-dataflow-memory, "Alias Assumption"). Arguments that
// overlap in one buffer, with a store through either, break that contract.
void Accelerator::checkAliasing(Accel& a, const Op& site, const Function& f,
                                const std::vector<RtValue>& args, uint64_t invocation) {
  auto span = [](const MemRefView& v) {
    int64_t lo = v.offset, hi = v.offset;
    for (size_t d = 0; d < v.sizes.size(); ++d) {
      if (v.sizes[d] == 0) return std::make_pair(int64_t(1), int64_t(0)); // empty
      int64_t ext = (v.sizes[d] - 1) * v.strides[d];
      (ext < 0 ? lo : hi) += ext;
    }
    return std::make_pair(lo, hi);
  };
  auto stores = [&](size_t arg) {
    for (dfg::Vertex v : a.memories)
      if (a.graph.node(v).argIndex == static_cast<int>(arg)) return a.graph.node(v).numStores > 0;
    return false;
  };
  for (size_t i = 0; i < args.size(); ++i)
    for (size_t j = i + 1; j < args.size(); ++j) {
      if (!args[i].mem || !args[j].mem || args[i].mem->buf != args[j].mem->buf) continue;
      if (!stores(i) && !stores(j)) continue; // reading one buffer twice is harmless
      auto [lo1, hi1] = span(*args[i].mem);
      auto [lo2, hi2] = span(*args[j].mem);
      if (hi1 < lo2 || hi2 < lo1) continue;
      harness::Finding h;
      h.check = "alias";
      h.function = a.name;
      h.invocation = invocation;
      h.loc = site.loc;
      h.summary = "memref arguments #" + std::to_string(i) + " and #" + std::to_string(j) +
                  " overlap in one buffer (elements " + std::to_string(std::max(lo1, lo2)) + ".." +
                  std::to_string(std::min(hi1, hi2)) +
                  ") and the function stores through one of them";
      h.cause =
          "LOOM lowers every memref argument to its own extmemory with an independent ctrl-done "
          "network "
          "(the alias-free model of spec-dataflow-memory), so accesses through the two are not "
          "ordered "
          "against each other; pass distinct buffers, or keep this function on the host (--accel)";
      report_.findings.push_back(std::move(h));
    }
}

// The return fires after every done token of its invocation: no access of the call may
// be performed in or after the cycle the return's done token reaches the host.
void Accelerator::checkReturnAfterDones(Accel& a,
                                        const std::vector<std::vector<models::MemoryAccess>>& logs,
                                        uint64_t invocation) {
  const auto& sinks = a.elab.network->returnSinks();
  if (sinks.empty() || sinks.back()->log().empty()) return;
  uint64_t returned = sinks.back()->log().back().first;
  for (size_t k = 0; k < logs.size(); ++k)
    for (const models::MemoryAccess& m : logs[k])
      if (m.cycle >= returned) {
        harness::Finding h;
        h.check = "return-order";
        h.function = a.name;
        h.invocation = invocation;
        harness::locate(a.graph, a.memories[k], h);
        h.summary = "the return's control reached the host in cycle " + std::to_string(returned) +
                    " but '" + a.graph.node(a.memories[k]).name +
                    "' performed an access in cycle " + std::to_string(m.cycle);
        h.cause = "the return control must wait for every done token of the invocation (join the "
                  "group dones)";
        h.rule = dfg::RuleId::ReturnOrder;
        report_.findings.push_back(std::move(h));
        return;
      }
}

// Work still in flight after the return belongs to the call: a pipeline finishing a
// value nobody uses, or a whole loop nest whose values reach neither a result nor a
// memory (the return does not wait for it, and it may run for any number of cycles).
// Let it settle, within the run's cycle budget, before counting anything.
void Accelerator::drain(Accel& a, uint64_t invocation) {
  sim::Network& net = *a.elab.network;
  uint64_t drainStart = net.cycles();
  if (net.drain(opts_.maxCycles)) return;
  harness::Finding h;
  h.check = "cycle-cap";
  h.function = a.name;
  h.invocation = invocation;
  h.loc = a.loc;
  h.summary = "work of the call still running " + std::to_string(net.cycles() - drainStart) +
              " cycle(s) after the return (cycle budget --max-cycles, or an op error)";
  h.cause = "the ledger and quiescence findings below count an unfinished invocation";
  report_.findings.push_back(std::move(h));
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

void Accelerator::addTotals(const harness::InvocationContext& c) {
  if (!opts_.channelTotals) return;
  ChannelTotals& t = totals_[c.function];
  size_t n = c.graph.numEdges();
  t.observed.resize(n, 0);
  t.expected.resize(n, 0);
  size_t k = 0;
  for (dfg::EdgeId e : c.graph.edges()) {
    t.observed[k] += c.observed(e);
    const dfg::Rate& r = c.graph.edge(e).rate;
    if (!r.known() || t.expected[k] < 0)
      t.expected[k] = -1;
    else
      t.expected[k] += harness::expectedCount(r, c.golden);
    ++k;
  }
}

const Accelerator::ChannelTotals* Accelerator::channelTotals(const std::string& function) const {
  auto it = totals_.find(function);
  return it == totals_.end() ? nullptr : &it->second;
}

// Each memory's accesses against the golden trace, where they know their source ops (not
// so in a graph read from LOOM's form).
void Accelerator::checkOrders(CallState& s, const CallProbes& probes, bool stopped) {
  harness::InvocationContext ctx = context(s);
  for (size_t k = 0; k < s.a.memories.size(); ++k)
    if (accessesHaveOrigins(s.a.graph, s.a.memories[k]))
      harness::checkOrder(ctx, s.a.memories[k], probes.logs[k], stopped, report_.findings);
}

// The run-time checks of a finished call (docs/design.md "The harness"): the ledger,
// the access counts, and on the models the access order and the return after every
// done; quiescence; and on the models the loop-control shapes, whose per-loop summary
// goes into the call's record.
void Accelerator::runChecks(CallState& s, const CallProbes& probes, harness::Report::Call& call) {
  Accel& a = s.a;
  harness::InvocationContext ctx = context(s);
  std::vector<harness::Finding>& out = report_.findings;
  harness::checkLedger(ctx, out);
  harness::checkAccessCounts(ctx, out);
  if (!s.twin) {
    checkOrders(s, probes, /*stopped=*/false);
    checkReturnAfterDones(a, probes.logs, s.invocation);
  }
  harness::checkQuiescence(ctx, out);
  addTotals(ctx);
  report_.channelsChecked += a.graph.numEdges();
  if (s.twin) return;
  harness::checkShapes(ctx, a.taps, out);
  for (const harness::LoopSummary& l : harness::summarizeLoops(ctx, a.taps))
    call.loops.push_back(
        {{"op", l.loop},
         {"source", l.source},
         {"kind", l.kind},
         {"copy", l.ctx},
         {"activations", l.activations},
         {"non_empty", l.nonEmpty},
         {"iterations", l.iterations},
         {"raw_will_continue", {{"expected", l.rawExpected}, {"observed", l.rawObserved}}},
         {"after_cond", {{"expected", l.bodyExpected}, {"observed", l.bodyObserved}}},
         {"ii", l.ii ? nlohmann::json(*l.ii) : nlohmann::json(nullptr)}});
}

} // namespace loom
