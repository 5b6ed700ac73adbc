#include "host/dfg_run.h"

#include "eval/arith.h"
#include "harness/checks.h"
#include "interp/interpreter.h"
#include "sim/waits.h"

namespace loom {

namespace {

std::string text(const harness::Finding& f) {
  std::string t = f.text();
  if (!t.empty() && t.back() == '\n') t.pop_back();
  return t;
}

} // namespace

// Quiescence without a golden run (harness::checkQuiescence with no reference).
void quiescence(const dfg::Graph& g, const sim::Elaboration& elab, std::vector<std::string>& out) {
  const sim::Circuit& c = elab.network->circuit();
  ExecutionRecord none;
  std::vector<uint64_t> before(c.numChannels(), 0);
  harness::InvocationContext ctx{g, elab, c, none, before, g.function, 0};
  ctx.reference = false;
  std::vector<harness::Finding> found;
  harness::checkQuiescence(ctx, found);
  for (const harness::Finding& f : found)
    out.push_back(text(f));
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
std::string stopFinding(const dfg::Graph& g, const sim::Elaboration& elab,
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
  f.upstream = harness::waitChain(g, elab, elab.network->circuit(), res.waits);
  return text(f);
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

DfgOutcome DfgRun::run(uint64_t maxCycles, traces::Tracer& tracer) {
  DfgOutcome o;
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
    return o;
  }
  for (size_t i = 0; i < res.results.size(); ++i)
    o.lines.push_back("result #" + std::to_string(i) + ": " +
                      (g_.resultTypes[i].isNone() // a control output's token: no value
                           ? std::string("none")
                           : formatVectorPrint(res.results[i], g_.resultTypes[i])));
  for (size_t i = 0; i < mems_.size(); ++i)
    if (mems_[i]) {
      std::string text = formatPrintMemref(*mems_[i], 0x10000000 + i * 0x1000);
      if (!text.empty() && text.back() == '\n') text.pop_back();
      o.lines.push_back("memory #" + std::to_string(i) + ": " + text);
    }
  quiescence(g_, elab_, o.findings);
  return o;
}

} // namespace loom
