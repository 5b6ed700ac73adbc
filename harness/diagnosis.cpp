// Diagnosis: for a channel whose count is off (or whose tokens stayed behind), name the
// channel, op, port, SCF source and rate domain, walk back to the loop-control stream
// its rate derives from, and name the likely mistake:
//   - one extra token per activation on a body channel fed by raw_will_continue: the
//     raw-vs-gated miswire (use after_cond);
//   - one token short per activation on a loop-boundary channel fed by after_cond: an
//     iter_arg carry or split on the gated stream (use raw_will_continue);
//   - body tokens in activations with N = 0: a missing zero-trip guard;
//   - a token left on a mux data input: a yielded outside value not split by the
//     branch's cond_br (missing branch gate).

#include "harness/checks.h"

#include <functional>
#include <map>
#include <set>

namespace loom::harness {

using dfg::EdgeId;
using dfg::NodeKind;
using dfg::Role;
using dfg::Vertex;

void locate(const dfg::Graph& g, Vertex v, Finding& f) {
  const dfg::Node& n = g.node(v);
  f.op = n.opName() + " '" + n.name + "'";
  f.opAdded = n.added;
  f.vertex = v;
  f.loc = n.origin.loc;
  if (n.origin.op)
    f.scfOp = std::string(n.origin.op->name());
  else if (n.origin.loc.line && g.scfOrigins)
    f.scfOp = "func.func";
}

dfg::Rewire rewireOf(const dfg::Graph& g, const Upstream& up, dfg::Rewire::Kind kind) {
  if (!up.reached || !up.walked) return {};
  return {kind, g.dst(up.last), g.edge(up.last).dstPort};
}

void diagnoseZeroTrip(const InvocationContext& c, Finding& stop) {
  const dfg::Graph& g = c.graph;
  const ExecutionRecord& r = c.golden;
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    uint32_t loop = n.origin.opId;
    if (!n.origin.op || !isLoop(n.origin.op->kind) || loop >= r.activations.size()) continue;
    uint64_t zeroTrip = r.activations[loop] - r.nonEmpty[loop];
    if (zeroTrip == 0) continue;
    // Its loop-boundary stream (a for's will-continue, a while's carries): one token per
    // activation beside the iterations, counted from every activation or, behind a
    // guard, from the non-empty ones.
    for (const dfg::Rate& rate : n.outRates) {
      if (rate.domain != dfg::Rate::Domain::LoopBoundary || rate.op != loop) continue;
      bool guarded = false;
      for (const dfg::RateTerm& t : rate.terms)
        guarded |= t.count == dfg::Count::LoopNonEmpty && t.op == loop;
      if (guarded) continue;
      locate(g, v, stop);
      stop.cause = "the " + std::string(n.origin.op->name()) + " ran zero times in " +
                   std::to_string(zeroTrip) + " of its " + std::to_string(r.activations[loop]) +
                   " activation(s), and its loop control starts in every one (" + rate.words() +
                   "): without a zero-trip guard, the body's invariants and memory control "
                   "take their seeds in an activation that gives them nothing";
      stop.rule = dfg::RuleId::ZeroTripGuard;
      return;
    }
  }
}

namespace {

// Whether the mux's data input `port` comes (through ops that pass tokens on) from a
// cond_br: a value already split by a branch, so a token there on the untaken side is
// the condition's (data that differ from the program's), not a missing split.
bool splitBeforeMux(const dfg::Graph& g, Vertex mux, unsigned port) {
  return g.node(dfg::producerOf(g, mux, port).first).kind == NodeKind::CondBr;
}

} // namespace

void explainLatch(const dfg::Graph& g, Vertex consumer, unsigned port, const Upstream& up,
                  Finding& f) {
  bool raw = up.reached && up.rootRole == Role::RawWillContinue;
  // A path that reaches the raw stream through a gate's before_cond finds it where it
  // belongs (spec-dataflow, dataflow.gate): no miswire of raw_will_continue there.
  if (raw && up.walked && g.node(g.dst(up.last)).kind == NodeKind::Gate &&
      g.edge(up.last).dstPort == 1)
    raw = false;
  // Nor does a token held at the input of a fork or a buffer the raw stream feeds: it
  // waits for space downstream, and which of the fork's consumers is miswired (if one
  // is) that consumer's own finding says; moving the fork would move the gate's
  // before_cond with it.
  Vertex target = up.walked ? g.dst(up.last) : consumer;
  if (raw && ops::spec(g.node(target).kind).passesTokens) raw = false;
  const dfg::Node& n = g.node(consumer);
  bool access = n.kind == NodeKind::Load || n.kind == NodeKind::Store;
  bool mux = n.kind == NodeKind::Mux && port > 0 && !splitBeforeMux(g, consumer, port);
  if (raw && !mux) f.rewire = rewireOf(g, up, dfg::Rewire::Kind::ToAfterCond);
  if (access && port == 2) {
    f.cause = std::string("control token(s) in the access's ctrl with no address to pair with") +
              (raw ? ", on a path from raw_will_continue (N + 1 tokens per activation): a loop "
                     "body's memory control must be driven by after_cond (N), not "
                     "raw_will_continue (the raw-vs-gated miswire)"
                   : ": the memory-control chain gives the access more ctrl tokens than addresses");
    f.rule = raw ? dfg::RuleId::MemCtrlOnRaw : dfg::RuleId::None;
  } else if (mux) {
    f.cause = "a token reached the mux on a branch that was not taken: a value yielded from "
              "outside the branch must be split by the branch's cond_br (branch gate)";
    f.rule = dfg::RuleId::UnsplitBranchValue;
  } else if (raw) {
    f.cause = "a token left on a path from raw_will_continue (N + 1 tokens per activation): if "
              "this op belongs to the loop body (N), it must be driven by after_cond (the "
              "raw-vs-gated miswire)";
    f.rule = f.rewire.any() ? dfg::ruleOfRewire(g, f.rewire) : dfg::RuleId::BodyCtrlOnRaw;
  }
}

namespace {

// The input whose stream decides how often a node fires (the op table's pacing input);
// -1 stops the walk (stream, entry, memory).
int pacingInput(const dfg::Node& n) {
  return ops::spec(n.kind).pacingInput;
}

std::string hop(const dfg::Graph& g, EdgeId e) {
  const dfg::Edge& ed = g.edge(e);
  Vertex src = g.src(e);
  const dfg::Node& s = g.node(src);
  return std::string(dfg::roleName(ed.role)) + " from " + s.opName() + " '" + s.name +
         "' output '" + s.portName(false, ed.srcPort) + "'" +
         (s.origin.loc.line ? " (" + s.origin.loc.where() + ")" : "");
}

} // namespace

Upstream upstreamOf(const dfg::Graph& g, Vertex v) {
  Upstream u;
  std::set<Vertex> seen;
  for (int steps = 0; steps < 64 && seen.insert(v).second; ++steps) {
    u.stop = v;
    int p = pacingInput(g.node(v));
    if (p < 0) break;
    EdgeId e;
    if (!g.inEdge(v, static_cast<unsigned>(p), e)) break;
    u.last = e;
    u.walked = true;
    u.edges.push_back(e);
    const dfg::Edge& ed = g.edge(e);
    u.lines.push_back("'" + g.node(v).portName(true, static_cast<unsigned>(p)) + "' <- " +
                      hop(g, e));
    if (ed.role == Role::RawWillContinue || ed.role == Role::AfterCond) {
      u.rootRole = ed.role;
      u.root = u.stop = g.src(e);
      u.reached = true;
      break;
    }
    v = g.src(e);
  }
  return u;
}

void diagnoseMismatch(const InvocationContext& c, EdgeId e, int64_t expected, int64_t observed,
                      Finding& f) {
  const dfg::Graph& g = c.graph;
  const dfg::Edge& ed = g.edge(e);
  Vertex producer = g.src(e);
  Vertex consumer = g.dst(e);
  const dfg::Node& pn = g.node(producer);
  locate(g, producer, f);
  f.producer = producer;
  f.edge = e;
  f.channel = g.describe(e) + "  (" + ed.type.str() + ", " + dfg::roleName(ed.role) + ")";
  if (f.port.empty())
    f.port =
        "output '" + pn.portName(false, ed.srcPort) + "' (port " + std::to_string(ed.srcPort) + ")";
  f.domain = ed.rate.str();
  f.hasCounts = true;
  f.expected = expected;
  f.observed = observed;
  f.formula = ed.rate.formula();
  int64_t delta = observed - expected;
  if (f.summary.empty())
    f.summary = "channel carried " + std::to_string(observed) + " token(s) where its domain has " +
                std::to_string(expected) +
                (delta > 0 ? " (" + std::to_string(delta) + " extra)"
                           : " (" + std::to_string(-delta) + " missing)");

  Upstream up = upstreamOf(g, producer);
  f.upstream = up.lines;
  f.upstreamEdges = up.edges;

  // The loop whose control the rate derives from, and its activation counts.
  uint32_t loop = ed.rate.op;
  const ExecutionRecord& r = c.golden;
  int64_t starts = 0, zeroTrip = 0;
  if (up.reached) {
    const dfg::Node& root = g.node(up.root);
    uint32_t l = root.origin.opId;
    if (l != dfg::Origin::kNoOp && l < r.activations.size()) {
      loop = l;
      starts = static_cast<int64_t>(r.nonEmpty[l]);
    }
  }
  if (loop < r.activations.size())
    zeroTrip = static_cast<int64_t>(r.activations[loop] - r.nonEmpty[loop]);

  const dfg::Node& cn = g.node(consumer);
  bool fromRaw = up.reached && up.rootRole == Role::RawWillContinue;
  bool bodyDomain = ed.rate.domain == dfg::Rate::Domain::LoopBody ||
                    ed.rate.domain == dfg::Rate::Domain::LoopBodyTail;
  if (up.reached && up.rootRole == Role::RawWillContinue && bodyDomain && delta > 0 &&
      (delta == starts || delta == static_cast<int64_t>(r.activations[loop]))) {
    f.cause = "one extra token per loop activation (" + std::to_string(delta) +
              " activations) on a body channel fed by raw_will_continue: the raw-vs-gated miswire. "
              "Body-local control, invariants and memory control must be driven by after_cond (N "
              "tokens), "
              "not raw_will_continue (N + 1).";
    f.rewire = rewireOf(g, up, dfg::Rewire::Kind::ToAfterCond);
    f.rule = f.rewire.any() ? dfg::ruleOfRewire(g, f.rewire) : dfg::RuleId::BodyCtrlOnRaw;
  } else if (up.reached && up.rootRole == Role::AfterCond &&
             ed.rate.domain == dfg::Rate::Domain::LoopBoundary && delta < 0) {
    f.cause = "one token short per loop activation on a loop-boundary channel fed by after_cond: "
              "an iter_arg "
              "carry (or its split) is driven by the gated stream; it must use raw_will_continue "
              "(N + 1 tokens).";
    f.rewire = rewireOf(g, up, dfg::Rewire::Kind::ToRawWillContinue);
    f.rule = f.rewire.any() ? dfg::ruleOfRewire(g, f.rewire) : dfg::RuleId::IterCarryOnGated;
  } else if (bodyDomain && delta > 0 &&
             (delta == zeroTrip ||
              // A call that stopped in a zero-trip activation shows fewer than one token
              // per such activation; from after_cond, not the raw stream, and not at a
              // mux (a branch's value), that is still the missing guard.
              (delta < zeroTrip && !fromRaw && !(cn.kind == NodeKind::Mux && ed.dstPort > 0)))) {
    f.cause =
        "one body token for each of the " + std::to_string(zeroTrip) +
        " activation(s) with N = 0: the loop has no zero-trip guard, so an invariant or "
        "memory-control "
        "carry consumed its seed and emitted while the gate emitted nothing. Guard the loop with "
        "scf.if (lb < ub) (or rotate the while into a guarded do-while).";
    f.rule = dfg::RuleId::ZeroTripGuard;
  } else if (cn.kind == NodeKind::Mux && ed.dstPort > 0 && delta >= 0 &&
             !splitBeforeMux(g, consumer, ed.dstPort)) {
    f.cause =
        "a token reached the mux on a branch that was not taken: a value yielded from outside the "
        "branch "
        "must be split by the branch's cond_br (branch gate) so the untaken side leaves no token.";
    f.rule = dfg::RuleId::UnsplitBranchValue;
  } else if ((cn.kind == NodeKind::Load || cn.kind == NodeKind::Store) && ed.dstPort == 2 &&
             delta > 0) {
    f.cause = "extra control token(s) in the access's ctrl with no address to pair with: the "
              "memory-control "
              "chain of a loop body is wired to raw_will_continue instead of after_cond.";
    if (fromRaw) f.rewire = rewireOf(g, up, dfg::Rewire::Kind::ToAfterCond);
    f.rule = dfg::RuleId::MemCtrlOnRaw;
  } else if (cn.kind == NodeKind::CondBr && ed.dstPort == 0 && delta > 0) {
    f.cause =
        "an extra condition token latched in a cond_br: a body-local control chain is wired to "
        "raw_will_continue instead of after_cond.";
    if (fromRaw) f.rewire = rewireOf(g, up, dfg::Rewire::Kind::ToAfterCond);
    f.rule = f.rewire.any() ? dfg::ruleOfRewire(g, f.rewire) : dfg::RuleId::BodyCondBrOnRaw;
  }
}

} // namespace loom::harness

namespace loom::harness {

namespace {

// The input a stalled op waits on (its phase's input for a state machine, the selected
// one for a mux, else the first empty one); -1 if none is empty.
int awaitedInput(const models::Model& op) {
  std::string kind = op.kindName(), phase = op.phaseName();
  auto empty = [&](int p) {
    return p >= 0 && p < op.numInputs() && op.inputChannel(p) && op.inputChannel(p)->count() == 0;
  };
  int wanted = -1;
  if (kind == "dataflow.carry") wanted = phase == "NeedInit" ? 1 : phase == "NeedCond" ? 0 : 2;
  if (kind == "dataflow.invariant") wanted = phase == "NeedInit" ? 1 : 0;
  if (kind == "handshake.mux" && !empty(0))
    wanted = 1 + static_cast<int>(op.inputChannel(0)->peek(0));
  if (empty(wanted)) return wanted;
  for (int p = 0; p < op.numInputs(); ++p)
    if (empty(p)) return p;
  return -1;
}

// A mux holding tokens it cannot consume: the trace of an unsplit branch value.
std::string muxNote(const models::Model& op, const std::function<std::string(int)>& portName) {
  if (op.nodeKind() != NodeKind::Mux) return "";
  int picked = op.inputChannel(0) && op.inputChannel(0)->count() > 0
                   ? 1 + static_cast<int>(op.inputChannel(0)->peek(0))
                   : -1;
  for (int p = 1; p < op.numInputs(); ++p) {
    const models::Channel* ch = op.inputChannel(p);
    if (!ch || p == picked || ch->count() == 0) continue;
    if (picked < 0 && ch->ready()) continue; // waiting for its select: not (yet) a problem
    return "; it holds " + std::to_string(ch->count()) +
           " token(s) it cannot consume on data input '" + portName(p) +
           "': a value yielded from outside a branch reached the mux without the branch's cond_br "
           "(missing branch gate)";
  }
  return "";
}

} // namespace

std::vector<std::string> waitChain(const dfg::Graph& g, const sim::Elaboration& elab,
                                   const sim::Circuit& circuit, const std::vector<sim::Wait>&,
                                   bool capped) {
  std::map<uint32_t, Vertex> vertexOf;
  for (Vertex v = 0; v < elab.opOfVertex.size(); ++v)
    vertexOf[elab.opOfVertex[v]] = v;
  auto src = [&](uint32_t op) {
    auto it = vertexOf.find(op);
    if (it == vertexOf.end() || !g.node(it->second).origin.loc.line) return std::string();
    return " (" + g.node(it->second).origin.loc.where() + ")";
  };
  // Follow, from the Return, what each stalled op waits for: a token on an empty input
  // (back to its producer) or space on a full output (on to its consumer), until an
  // op that waits for nothing, a finished state machine, or a cycle.
  uint32_t cur = elab.opOfVertex[g.ret];
  std::vector<std::string> lines;
  std::set<uint32_t> seen;
  for (int hops = 0; hops < 64 && cur != sim::kNoOp; ++hops) {
    const models::Model& op = circuit.op(cur);
    auto portName = [&](int p) {
      auto it = vertexOf.find(cur);
      return it == vertexOf.end() ? "in" + std::to_string(p)
                                  : g.node(it->second).portName(true, static_cast<unsigned>(p));
    };
    std::string phase = op.phaseName();
    std::string self = std::string(op.kindName()) + " '" + op.name() + "'" +
                       (phase.empty() ? "" : " [" + phase + "]");
    std::string note = muxNote(op, portName);
    if (!seen.insert(cur).second) {
      lines.push_back(self + ": back where the chain started, a wait-for cycle" + note);
      break;
    }
    if (hops > 0 && op.phaseCount() > 0 && op.isQuiescent()) { // a finished state machine
      lines.push_back(self + " is at rest: it has finished and will produce nothing more" +
                      src(cur));
      break;
    }
    int empty = awaitedInput(op);
    int full = -1;
    for (int p = 0; p < op.numOutputs() && full < 0; ++p)
      if (op.outputChannel(p) && !op.outputChannel(p)->ready()) full = p;
    if (empty >= 0 && op.inputChannel(empty)->producer()) {
      const models::Model* prod = op.inputChannel(empty)->producer();
      lines.push_back(self + " waits for '" + portName(empty) + "' from '" + prod->name() + "'" +
                      src(cur) + note);
      cur = circuit.indexOf(*prod);
    } else if (full >= 0 && op.outputChannel(full)->consumer()) {
      const models::Model* cons = op.outputChannel(full)->consumer();
      lines.push_back(self + " waits for space toward '" + cons->name() + "'" + src(cur) + note);
      cur = circuit.indexOf(*cons);
    } else {
      lines.push_back(self +
                      (capped ? " has what it needs: it was still working when the cycle cap "
                                "stopped the run"
                              : " has nothing to wait for and will produce nothing more") +
                      src(cur) + note);
      break;
    }
  }
  return lines;
}

} // namespace loom::harness
