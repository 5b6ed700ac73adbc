#include "host/dfg_run.h"

#include "analysis/rates.h"
#include "eval/arith.h"
#include "harness/checks.h"
#include "harness/mistakes.h"
#include "host/run_summary.h"
#include "interp/interpreter.h"
#include "sim/waits.h"

namespace loom {

// Quiescence without a golden run (harness::checkQuiescence with no reference).
void quiescence(const dfg::Graph& g, const sim::Elaboration& elab,
                std::vector<harness::Finding>& out) {
  const sim::Circuit& c = elab.network->circuit();
  ExecutionRecord none;
  std::vector<uint64_t> before(c.numChannels(), 0);
  harness::InvocationContext ctx{g, elab, c, none, before, g.function, 0};
  ctx.reference = false;
  harness::checkQuiescence(ctx, out);
}

// The node an op error belongs to: the producer of the input that caused it, else the
// op's own node.
const dfg::Node* erringNode(const dfg::Graph& g, const sim::Elaboration& elab,
                            const models::OpError& e) {
  uint32_t v =
      traces::TracedNetwork::of(g, elab).vertexOfOp()[elab.network->circuit().indexOf(*e.op)];
  if (v == traces::kNoVertex) return nullptr;
  dfg::EdgeId in;
  if (e.input >= 0 && g.inEdge(v, static_cast<unsigned>(e.input), in)) return &g.node(g.src(in));
  return &g.node(v);
}

// A call that did not finish: why, and the wait-for chain from the return back to the
// op that holds everything up.
harness::Finding stopFinding(const dfg::Graph& g, const sim::Elaboration& elab,
                             const sim::InvocationResult& res) {
  harness::Finding f;
  f.check = harness::stopCheck(res.status);
  f.function = g.function;
  f.loc = g.node(g.ret).origin.loc;
  // An op's error is placed at that op, or at the op whose token caused it (a memory's
  // out-of-bounds address: the load or store that sent it); a stall at the return.
  if (!res.errors.empty())
    if (const dfg::Node* n = erringNode(g, elab, res.errors.front()); n && n->origin.loc.line)
      f.loc = n->origin.loc;
  f.summary = "the network of '@" + g.function + "' stopped: " + res.message;
  for (const models::OpError& e : res.errors)
    if (e.str() != res.message) f.details.push_back(e.str());
  f.upstream = harness::waitChain(g, elab, elab.network->circuit(), res.waits,
                                  res.status == sim::InvocationStatus::CycleCap);
  return f;
}

const dfg::Graph* selectGraph(const std::vector<dfg::Graph>& graphs, const std::string& function,
                              std::string& error) {
  const dfg::Graph* g = nullptr;
  for (const dfg::Graph& x : graphs)
    if (function.empty() || x.function == function) {
      if (g && function.empty()) {
        error = "the file holds several functions; choose one with --func";
        return nullptr;
      }
      g = &x;
    }
  if (!g) error = "no function '@" + function + "' in the file";
  return g;
}

DfgRun::DfgRun(const dfg::Graph& g, const models::TimingConfig& timing, sim::EngineKind engine)
    : g_(g), elab_(sim::elaborate(g, timing, engine)) {}

std::optional<std::string> DfgRun::setArguments(const DfgArguments& args) {
  const auto& types = g_.argTypes;
  if (args.scalars.size() != types.size() || args.memories.size() != types.size())
    return "@" + g_.function + " takes " + std::to_string(types.size()) + " argument(s)";
  mems_.assign(types.size(), nullptr);
  inv_.memories.assign(types.size(), nullptr);
  inv_.scalars.clear();
  backings_.clear();
  for (size_t i = 0; i < types.size(); ++i) {
    const Type& t = types[i];
    if (t.isMemRef()) {
      if (!args.memories[i])
        return "argument " + std::to_string(i) + " (" + t.str() + ") has no memory";
      mems_[i] = args.memories[i];
      descriptorTokens(t, *mems_[i], inv_.scalars);
      backings_.push_back(std::make_unique<BufferBacking>(*mems_[i]->buf));
      inv_.memories[i] = backings_.back().get();
    } else if (t.isNone()) {
      inv_.scalars.push_back(0); // a control input: one token per call, as the start token
    } else {
      inv_.scalars.push_back(args.scalars[i]);
    }
  }
  return std::nullopt;
}

std::vector<GraphFinding> DfgRun::checkStatic() {
  std::vector<GraphFinding> found = checkGraphInferring(g_);
  static_.clear();
  for (const GraphFinding& gf : found)
    static_.push_back(staticFinding(g_, gf, g_.function));
  return found;
}

DfgOutcome DfgRun::run(uint64_t maxCycles, traces::Tracer& tracer, bool checks) {
  DfgOutcome o;
  o.findings = static_;
  o.staticFindings = static_.size();
  tracer.addNetwork(traces::TracedNetwork::of(g_, elab_));
  sim::Network& net = *elab_.network;
  inv_.maxCycles = maxCycles;
  o.result = net.invoke(inv_);
  net.drain(maxCycles); // work the return does not wait for (see Accelerator::runChecks)
  if (auto err = tracer.finish()) o.traceErrors.push_back(*err);

  const sim::InvocationResult& res = o.result;
  o.lines.push_back("@" + g_.function + ": " + sim::invocationStatusName(res.status) + " after " +
                    std::to_string(res.cycles()) + " cycles");
  if (!res.done()) {
    // Why, once, on stderr: the finding (stdout holds the results, and there are none).
    o.findings.push_back(stopFinding(g_, elab_, res));
  } else {
    addOutputs(o);
    if (checks) quiescence(g_, elab_, o.findings);
  }
  dfg::OpNames names = dfg::opNames(g_);
  for (harness::Finding& f : o.findings)
    harness::nameOps(f, names);
  record(o);
  return o;
}

// A completed call's results and memories, as `sim` prints them.
void DfgRun::addOutputs(DfgOutcome& o) const {
  const std::vector<Bits>& results = o.result.results;
  for (size_t i = 0; i < results.size(); ++i)
    o.lines.push_back("result #" + std::to_string(i) + ": " + resultText(i, results[i]));
  for (size_t i = 0; i < mems_.size(); ++i)
    if (mems_[i]) {
      std::string text = formatPrintMemref(*mems_[i], 0x10000000 + i * 0x1000);
      if (!text.empty() && text.back() == '\n') text.pop_back();
      o.lines.push_back("memory #" + std::to_string(i) + ": " + text);
    }
}

std::string DfgRun::resultText(size_t i, Bits b) const {
  const Type& t = g_.resultTypes[i];
  return t.isNone() ? std::string("none") // a control output's token: no value
                    : formatVectorPrint(b, t);
}

// The call's record, as the accelerator keeps one per call (docs/counters.md): the
// network's only call, its span ending with the drain's quiet cycle.
void DfgRun::record(DfgOutcome& o) const {
  sim::CallSpan span = elab_.network->lastCall();
  harness::Report::Call& c = o.call;
  c.function = g_.function;
  c.invocation = span.invocation;
  c.startCycle = span.start;
  c.cycles = span.cycles();
  c.transfers = span.transfers;
  if (span.done) c.latency = span.latency();
  for (size_t i = 0; o.result.done() && i < o.result.results.size(); ++i)
    c.results.push_back(resultText(i, o.result.results[i]));
  c.passed = o.result.done() && o.findings.size() == o.staticFindings;
}

std::vector<harness::CauseGroup> DfgRun::causes(const DfgOutcome& o) const {
  return harness::groupByCause(o.findings, [this](const std::string&) { return &g_; });
}

std::string DfgRun::summaryLine(const DfgOutcome& o, double ms) const {
  size_t roots = o.findings.empty() ? 0 : causes(o).size();
  return loom::summaryLine({"1 call", o.call.cycles, o.call.transfers,
                            o.passed() ? "all checks passed" : "FAILED", o.findings.size(), roots},
                           ms);
}

namespace {

// Op firings and engine evaluations of the network over the call.
std::pair<uint64_t, uint64_t> workDone(sim::Network& net) {
  net.engine().flushStats();
  uint64_t firings = 0;
  for (uint32_t i = 0; i < net.circuit().numOps(); ++i)
    firings += net.circuit().op(i).stats().firings;
  return {firings, net.engine().evaluations()};
}

} // namespace

nlohmann::json DfgRun::reportJson(const std::string& file, const std::string& engine,
                                  const DfgOutcome& o, const std::string& summary) const {
  nlohmann::json j = reportHead("sim", file, engine, o.passed(), summary);
  j["function"] = g_.function;
  // No loop table: its counts are the reference run's, and `sim` has none.
  j["calls"] = nlohmann::json::array({callJson(o.call)});
  addFindings(j, o.findings, causes(o));
  harness::addMistakes(
      j, harness::findMistakes(o.findings, causes(o), [this](const std::string&) { return &g_; }));
  auto [firings, evaluations] = workDone(*elab_.network);
  j["firings"] = firings;
  j["evaluations"] = evaluations;
  return j;
}

} // namespace loom
