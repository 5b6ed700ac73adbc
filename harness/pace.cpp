#include "harness/pace.h"

#include "models/memory.h"
#include "support/numbers.h"

#include <algorithm>
#include <cstdio>

namespace loom::harness {

namespace {

// Whether loop `inner` sits in the body of loop `outer` (ops are scf ops' ids): one of its
// scopes has a scope of `outer` above it.
bool nestedIn(const dfg::Graph& g, uint32_t inner, uint32_t outer) {
  for (const dfg::Scope& s : g.scopes) {
    if (s.opId != inner || inner == outer) continue;
    for (int p = s.parent; p >= 0; p = g.scopes[static_cast<size_t>(p)].parent)
      if (g.scopes[static_cast<size_t>(p)].opId == outer) return true;
  }
  return false;
}

// The loops nested directly in `l` (no loop of `loops` between them).
std::vector<const LoopSummary*> innerLoops(const dfg::Graph& g, const LoopSummary& l,
                                           const std::vector<LoopSummary>& loops) {
  std::vector<const LoopSummary*> in;
  for (const LoopSummary& m : loops) {
    if (!nestedIn(g, m.loop, l.loop)) continue;
    bool direct = true;
    for (const LoopSummary& k : loops)
      if (&k != &m && nestedIn(g, m.loop, k.loop) && nestedIn(g, k.loop, l.loop)) direct = false;
    if (direct) in.push_back(&m);
  }
  return in;
}

// The input edges of the recurrence's step `i` that the recurrence does not feed. The
// carry's way round closes on b (or d): its other inputs are off it.
std::vector<dfg::EdgeId> edgesOffRecurrence(const dfg::Graph& g,
                                            const std::vector<analysis::RecurrenceStep>& steps,
                                            size_t i) {
  const dfg::Vertex v = steps[i].op;
  std::vector<dfg::EdgeId> off;
  for (dfg::EdgeId e : g.inEdges(v)) {
    const bool onIt = (steps[i].viaInput && e == steps[i].into) ||
                      (i == 0 && steps.size() > 1 && g.src(e) == steps.back().op);
    if (onIt || (g.node(v).kind == dfg::NodeKind::Carry && g.edge(e).dstPort == 1)) continue;
    off.push_back(e);
  }
  return off;
}

// Those inputs as "d from 'x', cond from 'y'" ("" when it has none).
std::string inputsOffRecurrence(const dfg::Graph& g,
                                const std::vector<analysis::RecurrenceStep>& steps, size_t i) {
  const dfg::Node& n = g.node(steps[i].op);
  std::string text;
  for (dfg::EdgeId e : edgesOffRecurrence(g, steps, i))
    text += (text.empty() ? "" : ", ") + n.portName(true, g.edge(e).dstPort) + " from '" +
            g.node(g.src(e)).name + "'";
  return text;
}

// The output channel of `v` that was full the longest in the call, as " (its output to 'c'
// was full in N cycles)"; "" if none was.
std::string fullestOutput(const dfg::Graph& g, const LoopSummary& l, dfg::Vertex v) {
  const std::pair<dfg::EdgeId, uint64_t>* best = nullptr;
  for (const auto& f : l.fullChannels)
    if (g.src(f.first) == v && f.second && (!best || f.second > best->second)) best = &f;
  if (!best) return "";
  const dfg::Edge& e = g.edge(best->first);
  return ": its output '" + g.node(v).portName(false, e.srcPort) + "' to '" +
         g.node(g.dst(best->first)).name + "' was full in " + withCommas(best->second) + " cycles";
}

// The cause of a loop's gap to its bound (LoopGap's order).
std::optional<LoopGap> gapOf(const dfg::Graph& g, const LoopSummary& l,
                             const std::vector<LoopSummary>& loops) {
  if (!l.iiAchieved || *l.iiAchieved <= static_cast<double>(l.iiBound) + kGapSlack)
    return std::nullopt;
  LoopGap gap;
  // The inner loop that takes the longest, by its iterations and their II.
  const LoopSummary* slowest = nullptr;
  double slowestCycles = -1;
  for (const LoopSummary* m : innerLoops(g, l, loops)) {
    double cycles = static_cast<double>(m->iterations) * m->iiAchieved.value_or(1.0);
    if (cycles > slowestCycles) slowest = m, slowestCycles = cycles;
  }
  if (slowest) {
    gap.cause = "inner-loop";
    gap.innerLoop = slowest->loop;
    double per = l.iterations
                     ? static_cast<double>(slowest->iterations) / static_cast<double>(l.iterations)
                     : 0.0;
    gap.text = "each iteration runs the loop at " + slowest->source + " (" + twoDecimals(per) +
               " iterations per iteration of this loop" +
               (slowest->iiAchieved ? ", at II " + twoDecimals(*slowest->iiAchieved) : "") + ")";
    return gap;
  }
  // A nested loop the report does not list (its control is not tapped): named by its scope.
  for (const dfg::Scope& sc : g.scopes)
    if (sc.kind == dfg::Scope::Kind::LoopBody && nestedIn(g, sc.opId, l.loop)) {
      gap.cause = "inner-loop";
      gap.innerLoop = sc.opId;
      gap.text = "each iteration runs the loop '" + sc.name + "'" +
                 (sc.op ? " at " + sc.op->loc.where() : std::string());
      return gap;
    }
  const std::vector<analysis::RecurrenceStep>& steps = l.bound->critical->steps;
  auto worst = [&](uint64_t LoopSummary::Stalls::*field) {
    int64_t at = -1;
    uint64_t most = 0;
    for (size_t i = 0; i < l.cycleStalls.size(); ++i)
      if (l.cycleStalls[i].*field > most)
        most = l.cycleStalls[i].*field, at = static_cast<int64_t>(i);
    return std::make_pair(at, most);
  };
  auto named = [&](int64_t i) {
    const dfg::Node& n = g.node(steps[static_cast<size_t>(i)].op);
    return "'" + n.name + "' (" + n.opName() + ", " + n.origin.loc.where() + ")";
  };
  // A memory of the recurrence whose port lost cycles to other ports.
  const LoopSummary::PortConflict* lost = nullptr;
  for (const LoopSummary::PortConflict& c : l.conflicts)
    if (c.cycles && (!lost || c.cycles > lost->cycles)) lost = &c;
  if (lost && lost->step < steps.size()) {
    gap.cause = "memory-port";
    gap.step = static_cast<int64_t>(lost->step);
    gap.text = named(gap.step) + " held " + withCommas(lost->cycles) +
               " request(s) back a cycle: other ports of it took the cycle's load or store "
               "slot (loadsPerCycle, storesPerCycle)";
    return gap;
  }
  if (auto [at, most] = worst(&LoopSummary::Stalls::blocked); at >= 0) {
    gap.cause = "back-pressure";
    gap.step = at;
    std::string full = fullestOutput(g, l, steps[static_cast<size_t>(at)].op);
    gap.text = named(at) + " could not push for " + withCommas(most) + " cycles" +
               (full.empty() ? ": one of its outputs was full" : full);
    return gap;
  }
  // The op that waited most among those that take an input from off the recurrence: a
  // token that comes late from there holds the recurrence up.
  int64_t at = -1;
  uint64_t most = 0;
  std::string offInputs;
  for (size_t i = 0; i < steps.size() && i < l.cycleStalls.size(); ++i) {
    std::string off = inputsOffRecurrence(g, steps, i);
    if (!off.empty() && l.cycleStalls[i].starved > most)
      at = static_cast<int64_t>(i), most = l.cycleStalls[i].starved, offInputs = off;
  }
  // Its feeder that could not push the longest: the input came late because a full
  // channel downstream of the feeder held it back.
  const LoopSummary::Feeder* held = nullptr;
  for (const LoopSummary::Feeder& f : l.feeders)
    if (at >= 0 && f.step == static_cast<size_t>(at) && f.blocked &&
        (!held || f.blocked > held->blocked))
      held = &f;
  if (held) {
    const dfg::Node& from = g.node(held->op);
    gap.cause = "back-pressure";
    gap.step = at;
    gap.text = named(at) + " waited for an input in " + withCommas(most) +
               " cycles; it takes one from '" + from.name + "' (" + from.opName() + ", " +
               from.origin.loc.where() + "), which could not push for " +
               withCommas(held->blocked) + " cycles";
    std::string full = fullestOutput(g, l, held->op);
    gap.text += full.empty() ? ": one of its outputs was full" : full;
    return gap;
  }
  if (at >= 0) {
    gap.cause = "starved";
    gap.step = at;
    gap.text = named(at) + " waited for an input in " + withCommas(most) +
               " cycles; from off the recurrence it takes " + offInputs;
    return gap;
  }
  gap.cause = "unexplained";
  gap.text = "no op of the critical recurrence stalled";
  return gap;
}

} // namespace

std::vector<PaceTap> findPaceTaps(const dfg::Graph& g, const models::TimingConfig& t) {
  std::vector<PaceTap> taps;
  for (analysis::LoopBound& b : analysis::loopBounds(g, t)) {
    if (!b.critical) continue;
    const dfg::Vertex carry = b.critical->carry;
    dfg::EdgeId d;
    std::vector<dfg::EdgeId> o = g.outEdges(carry, 0);
    if (!g.inEdge(carry, 0, d) || o.size() != 1) continue;
    PaceTap tap;
    tap.bound = std::move(b);
    tap.decisions = d;
    tap.outputs = o[0];
    taps.push_back(std::move(tap));
  }
  return taps;
}

std::vector<LoopOfCarry> loopsOf(const dfg::Graph& g, const std::vector<PaceTap>& taps) {
  std::vector<LoopOfCarry> out;
  for (const PaceTap& t : taps) {
    LoopOfCarry k;
    k.loop = t.bound.loop;
    k.ctx = t.bound.ctx;
    k.carry = t.bound.critical->carry;
    out.push_back(std::move(k));
  }
  // The raw_will_continue: the d of an iter_arg (or while) carry of the loop.
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    dfg::EdgeId d;
    uint32_t loop;
    std::string ctx;
    if (g.node(v).kind != dfg::NodeKind::Carry || !g.inEdge(v, 0, d) ||
        g.edge(d).role != dfg::Role::RawWillContinue ||
        !analysis::loopOfRate(g.edge(d).rate, loop, ctx))
      continue;
    for (LoopOfCarry& k : out)
      if (k.loop == loop && k.ctx == ctx && !k.rawControl) k.rawControl = d;
  }
  return out;
}

namespace {

// The output channels of the recurrence's ops and of the ops feeding it from off it, each
// under a FullTap (set last over the channel: disarmed first).
void armFullTaps(PaceTap& t, const dfg::Graph& g, const sim::Elaboration& elab,
                 sim::Circuit& circuit, const sim::Engine& engine,
                 const std::vector<analysis::RecurrenceStep>& steps) {
  std::vector<dfg::Vertex> ops;
  for (size_t i = 0; i < steps.size(); ++i) {
    ops.push_back(steps[i].op);
    for (dfg::EdgeId e : edgesOffRecurrence(g, steps, i))
      ops.push_back(g.src(e));
  }
  t.watched.clear();
  for (dfg::Vertex v : ops)
    for (dfg::EdgeId e : g.outEdges(v))
      if (std::find(t.watched.begin(), t.watched.end(), e) == t.watched.end())
        t.watched.push_back(e);
  t.fulls = std::make_unique<sim::FullTap[]>(t.watched.size());
  for (size_t i = 0; i < t.watched.size(); ++i)
    t.fulls[i].arm(circuit.channel(elab.channelOf(g, t.watched[i])), engine);
}

} // namespace

void armPaceTaps(std::vector<PaceTap>& taps, const dfg::Graph& g, const sim::Elaboration& elab,
                 sim::Circuit& circuit, const sim::Engine& engine, bool arm) {
  // The full taps came last, loop after loop: off first, in the reverse order.
  if (!arm)
    for (auto t = taps.rbegin(); t != taps.rend(); ++t)
      for (size_t i = t->watched.size(); i-- > 0;)
        if (t->fulls) t->fulls[i].disarm();
  for (PaceTap& t : taps) {
    models::Channel& d = circuit.channel(elab.channelOf(g, t.decisions));
    models::Channel& o = circuit.channel(elab.channelOf(g, t.outputs));
    if (!arm) {
      d.setTap(t.onDecision.next);
      o.setTap(t.onOutput.next);
      continue;
    }
    t.counter.reset();
    t.cycleOps.clear();
    for (const analysis::RecurrenceStep& step : t.bound.critical->steps)
      t.cycleOps.push_back(elab.opOfVertex[step.op]);
    t.before.clear();
    for (uint32_t op : t.cycleOps) {
      circuit.op(op).flushStats(engine.cycle());
      t.before.push_back(circuit.op(op).stats());
    }
    t.memories.clear();
    for (size_t i = 0; i < t.bound.critical->steps.size(); ++i) {
      const analysis::RecurrenceStep& st = t.bound.critical->steps[i];
      dfg::NodeKind k = g.node(st.op).kind;
      if (!st.viaInput || (k != dfg::NodeKind::Memory && k != dfg::NodeKind::ExtMemory)) continue;
      uint32_t model = elab.opOfVertex[st.op];
      auto& mem = static_cast<models::Memory&>(circuit.op(model));
      t.memories.push_back({i, model, mem.conflictCycles()});
    }
    t.feeders.clear();
    t.feedersBefore.clear();
    const std::vector<analysis::RecurrenceStep>& steps = t.bound.critical->steps;
    for (size_t i = 0; i < steps.size(); ++i)
      for (dfg::EdgeId e : edgesOffRecurrence(g, steps, i)) {
        LoopSummary::Feeder f;
        f.step = i;
        f.op = g.src(e);
        f.model = elab.opOfVertex[f.op];
        circuit.op(f.model).flushStats(engine.cycle());
        t.feeders.push_back(f);
        t.feedersBefore.push_back(circuit.op(f.model).stats());
      }
    t.onDecision.owner = t.onOutput.owner = &t;
    t.onOutput.engine = &engine;
    t.onDecision.next = d.tap();
    t.onOutput.next = o.tap();
    d.setTap(&t.onDecision);
    o.setTap(&t.onOutput);
    armFullTaps(t, g, elab, circuit, engine, steps); // over the pace taps
  }
}

void addPaces(const InvocationContext& c, std::vector<PaceTap>& taps, sim::Circuit& circuit,
              const sim::Engine& engine, std::vector<LoopSummary>& loops) {
  for (LoopSummary& l : loops) {
    l.iiAchieved = l.ii;
    for (PaceTap& t : taps) {
      if (t.bound.loop != l.loop || t.bound.ctx != l.ctx) continue;
      l.bound = &t.bound;
      l.iiBound = t.bound.ii;
      const sim::PaceCounts& counts = t.counter.counts();
      l.iiAchieved = counts.ii();
      l.iiSteady = counts.steady();
      if (counts.spans) l.iiRange = {counts.minII, counts.maxII};
      for (size_t i = 0; i < t.cycleOps.size() && i < t.before.size(); ++i) {
        models::Model& op = circuit.op(t.cycleOps[i]);
        op.flushStats(engine.cycle());
        l.cycleStalls.push_back({op.stats().inputStallCycles - t.before[i].inputStallCycles,
                                 op.stats().outputStallCycles - t.before[i].outputStallCycles});
      }
      for (size_t i = 0; i < t.watched.size() && t.fulls; ++i)
        l.fullChannels.emplace_back(t.watched[i], t.fulls[i].fullCycles());
      for (const PaceTap::MemoryStep& m : t.memories) {
        auto& mem = static_cast<models::Memory&>(circuit.op(m.model));
        l.conflicts.push_back({m.step, mem.conflictCycles() - m.before});
      }
      for (size_t i = 0; i < t.feeders.size() && i < t.feedersBefore.size(); ++i) {
        LoopSummary::Feeder f = t.feeders[i];
        models::Model& op = circuit.op(f.model);
        op.flushStats(engine.cycle());
        f.blocked = op.stats().outputStallCycles - t.feedersBefore[i].outputStallCycles;
        l.feeders.push_back(f);
      }
    }
  }
  for (LoopSummary& l : loops)
    if (l.bound && l.bound->critical) l.gap = gapOf(c.graph, l, loops);
}

} // namespace loom::harness
