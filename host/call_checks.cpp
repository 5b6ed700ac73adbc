#include "host/call_checks.h"

#include "host/golden_check.h"
#include "sim/waits.h"

#include <set>

namespace loom {

// ---- the probes ------------------------------------------------------------------------

CallProbes::CallProbes(AccelNetwork& a, bool armed) : a_(a), armed_(armed) {
  logs.resize(a.memories.size());
  if (!armed_) return;
  for (size_t k = 0; k < a.memories.size(); ++k)
    memory(k).setAccessLog(&logs[k]);
  harness::armShapeTaps(a.taps, a.graph, a.elab, a.elab.network->circuit(),
                        a.elab.network->engine(), true);
  harness::armPaceTaps(a.paces, a.graph, a.elab, a.elab.network->circuit(),
                       a.elab.network->engine(), true);
  for (size_t i = 0; i < a.needs.size(); ++i)
    a.needs[i].arm(a.elab.network->circuit().channel(static_cast<uint32_t>(i)));
}

CallProbes::~CallProbes() {
  stopAccessLogs();
  if (!armed_) return;
  for (sim::NeedTap& t : a_.needs)
    t.disarm();
  harness::armPaceTaps(a_.paces, a_.graph, a_.elab, a_.elab.network->circuit(),
                       a_.elab.network->engine(), false);
  harness::armShapeTaps(a_.taps, a_.graph, a_.elab, a_.elab.network->circuit(),
                        a_.elab.network->engine(), false);
}

void CallProbes::stopAccessLogs() {
  if (!armed_) return;
  for (size_t k = 0; k < a_.memories.size(); ++k)
    memory(k).setAccessLog(nullptr);
}

models::Memory& CallProbes::memory(size_t k) {
  return static_cast<models::Memory&>(
      a_.elab.network->circuit().op(a_.elab.opOfVertex[a_.memories[k]]));
}

harness::InvocationContext CallState::context() const {
  harness::InvocationContext ctx{a.graph, a.elab,    a.elab.network->circuit(), golden, before,
                                 a.name,  invocation};
  if (!models) {
    ctx.twinPushes = &pushes;
    ctx.twinHeld = &held;
  }
  return ctx;
}

// ---- a finished call -------------------------------------------------------------------

namespace {

// Whether every load and store of `memory` knows the SCF op it came from: the access
// order check compares the memory's log with the golden trace by those ops.
bool accessesHaveOrigins(const dfg::Graph& g, dfg::Vertex memory) {
  for (dfg::EdgeId ch : g.inEdges(memory))
    if (g.node(g.src(ch)).origin.opId == dfg::Origin::kNoOp) return false;
  return true;
}

// The return fires after every done token of its invocation: no access of the call may
// be performed in or after the cycle the return's done token reaches the host.
void checkReturnAfterDones(const AccelNetwork& a,
                           const std::vector<std::vector<models::MemoryAccess>>& logs,
                           uint64_t invocation, std::vector<harness::Finding>& out) {
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
        out.push_back(std::move(h));
        return;
      }
}

// What bounds a loop: its critical recurrence, op by op with what each did in the call,
// or its stream; and why it ran slower than that (harness::LoopGap).
nlohmann::json bottleneckRecord(const dfg::Graph& g, const harness::LoopSummary& l) {
  nlohmann::json gap = nullptr;
  if (l.gap) gap = {{"cause", l.gap->cause}, {"text", l.gap->text}};
  if (!l.bound || !l.bound->critical)
    return {{"kind", "stream"}, {"latency", 1}, {"gap", std::move(gap)}};
  const analysis::Recurrence& r = *l.bound->critical;
  nlohmann::json cycle = nlohmann::json::array();
  for (size_t i = 0; i < r.steps.size(); ++i) {
    const analysis::RecurrenceStep& s = r.steps[i];
    const dfg::Node& n = g.node(s.op);
    nlohmann::json step = {
        {"op", n.name}, {"kind", n.opName()}, {"cost", s.cost}, {"source", n.origin.loc.where()}};
    if (s.viaInput) step["from"] = g.describe(s.into);
    if (i < l.cycleStalls.size()) {
      step["starved"] = l.cycleStalls[i].starved;
      step["blocked"] = l.cycleStalls[i].blocked;
    }
    cycle.push_back(std::move(step));
  }
  return {{"kind", analysis::isCtrlDone(g, r) ? "ctrl-done" : "recurrence"},
          {"carry", g.node(r.carry).name},
          {"source", g.node(r.carry).origin.loc.where()},
          {"latency", r.ii},
          {"closes_on", r.closed ? (r.throughCond ? "d" : "b") : "none"},
          {"cycle", std::move(cycle)},
          {"gap", std::move(gap)}};
}

nlohmann::json optionalNumber(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// A loop's line of the call's record (docs/report.schema.json).
nlohmann::json loopRecord(const dfg::Graph& g, const harness::LoopSummary& l) {
  nlohmann::json range = nullptr;
  if (l.iiRange) range = {{"min", l.iiRange->first}, {"max", l.iiRange->second}};
  return {{"op", l.loop},
          {"source", l.source},
          {"kind", l.kind},
          {"copy", l.ctx},
          {"activations", l.activations},
          {"non_empty", l.nonEmpty},
          {"iterations", l.iterations},
          {"raw_will_continue", {{"expected", l.rawExpected}, {"observed", l.rawObserved}}},
          {"after_cond", {{"expected", l.bodyExpected}, {"observed", l.bodyObserved}}},
          {"ii", optionalNumber(l.ii)},
          {"ii_bound", l.iiBound},
          {"ii_achieved", optionalNumber(l.iiAchieved)},
          {"ii_steady", optionalNumber(l.iiSteady)},
          {"ii_activations", range},
          {"bottleneck", bottleneckRecord(g, l)}};
}

} // namespace

void checkOrders(const CallState& s, const CallProbes& probes, bool stopped,
                 std::vector<harness::Finding>& out) {
  harness::InvocationContext ctx = s.context();
  // The trace split by memory once: walked per memory, it costs memories x accesses.
  std::vector<std::vector<size_t>> trace = harness::tracePerMemory(ctx, s.a.memories);
  for (size_t k = 0; k < s.a.memories.size(); ++k)
    if (accessesHaveOrigins(s.a.graph, s.a.memories[k]))
      harness::checkOrder(ctx, s.a.memories[k], probes.logs[k], stopped, out, &trace[k]);
}

void checkCall(const CallState& s, const CallProbes& probes, harness::Report& report,
               ChannelTotalsBook* totals, harness::Report::Call& call) {
  const AccelNetwork& a = s.a;
  harness::InvocationContext ctx = s.context();
  std::vector<harness::Finding>& out = report.findings;
  harness::checkLedger(ctx, out);
  harness::checkAccessCounts(ctx, out);
  if (s.models) {
    checkOrders(s, probes, /*stopped=*/false, out);
    checkReturnAfterDones(a, probes.logs, s.invocation, out);
  }
  harness::checkQuiescence(ctx, out);
  if (totals) totals->add(ctx);
  report.channelsChecked += a.graph.numEdges();
  if (!s.models) return;
  harness::checkShapes(ctx, a.taps, out);
  std::vector<harness::LoopSummary> loops =
      harness::summarizeLoops(ctx, a.taps, harness::loopsOf(a.graph, a.paces));
  harness::addPaces(ctx, s.a.paces, s.a.elab.network->circuit(), s.a.elab.network->engine(), loops);
  for (const harness::LoopSummary& l : loops)
    call.loops.push_back(loopRecord(a.graph, l));
}

// ---- a stopped call --------------------------------------------------------------------

namespace {

// A network stopped by the cycle cap: the loops whose control state machines are
// mid-activation (a stream, gate or carry not at rest) have not ended. The finding is
// placed at the innermost of them.
void placeAtRunningLoop(const CallState& s, harness::Finding& h) {
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

// What the models tell of a stop: the op errors, the wait-for chain, the loops still
// running at a cycle cap and, with the checks on, the channels that carried more than
// their domain allows and the tokens they left (what caused the stall).
void explainModelStop(const CallState& s, harness::Finding& h, bool checks,
                      std::vector<harness::Finding>& out, ChannelTotalsBook* totals) {
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
  bool deadlock = checks && res.status == sim::InvocationStatus::Deadlock;
  if (deadlock) harness::diagnoseZeroTrip(s.context(), h);
  out.push_back(std::move(h));
  if (deadlock) {
    harness::InvocationContext ctx = s.context();
    harness::checkLedger(ctx, out, /*stalled=*/true);
    harness::checkQuiescence(ctx, out, /*stalled=*/true);
    if (totals) totals->add(ctx);
  }
}

} // namespace

void explainStop(const CallState& s, bool checks, std::vector<harness::Finding>& out,
                 ChannelTotalsBook* totals) {
  harness::Finding h;
  h.function = s.a.name;
  h.invocation = s.invocation;
  h.loc = s.site.loc;
  h.check = harness::stopCheck(s.status);
  if (s.models) return explainModelStop(s, h, checks, out, totals);
  h.summary =
      "the twin of '@" + s.a.name + "' stopped: " +
      (s.status == sim::InvocationStatus::Deadlock ? "a quiet cycle before the results"
                                                   : "no results after --max-cycles cycles");
  out.push_back(std::move(h));
}

std::string portsAtStop(const CallState& s, std::vector<harness::Finding>& out) {
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
    std::string text = name + " came, " + valueText(*at[i], t);
    if (golden && *at[i] == s.goldenResult.results[i].bits) {
      text += " as the reference gives";
    } else if (golden) {
      text += ", where the reference gives " + valueText(s.goldenResult.results[i].bits, t);
      out.push_back(resultFinding(s.site.loc, s.a.name, s.invocation, i, t, *at[i],
                                  s.goldenResult.results[i].bits,
                                  " (it came, the call did not complete)"));
    }
    came.push_back(text);
  }
  if (came.empty()) return "";
  if (!at.back()) missing.push_back("the done token");
  std::string text;
  for (size_t i = 0; i < came.size(); ++i)
    text += (i ? "; " : ": ") + came[i];
  for (size_t i = 0; i < missing.size(); ++i)
    text += (i ? ", " : "; ") + missing[i];
  return missing.empty() ? text : text + " never came";
}

// ---- what a call did -------------------------------------------------------------------

CallBehaviour behaviourOf(const CallState& s) {
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
  return b;
}

} // namespace loom
