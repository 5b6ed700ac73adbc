#include "harness/shapes.h"

#include <map>
#include <utility>

namespace loom::harness {

using dfg::NodeKind;
using dfg::Vertex;

namespace {

// The copy and guardedness of a loop-control channel, read off its rate: the term of
// the loop's iterations carries the copy; a non-empty-activation term means a guard, an
// activation term a rotated while (dfg::Rate::whileBeforeRuns).
void readRate(const dfg::Rate& r, ShapeTap& t) {
  t.loop = r.op;
  t.guarded = false;
  for (const dfg::RateTerm& term : r.terms) {
    if (term.count == dfg::Count::LoopIterations && term.op == r.op) t.ctx = term.ctx;
    if (term.count == dfg::Count::LoopNonEmpty && term.op == r.op) t.guarded = true;
    if (term.count == dfg::Count::LoopActivations && term.op == r.op && term.coef > 0)
      t.rotated = true;
  }
}

const std::vector<uint64_t>* tripsOf(const ExecutionRecord& rec, const ShapeTap& t) {
  if (t.ctx.empty()) return t.loop < rec.trips.size() ? &rec.trips[t.loop] : nullptr;
  auto it = rec.byContext.find(t.ctx);
  if (it == rec.byContext.end()) return nullptr;
  return t.loop < it->second.trips.size() ? &it->second.trips[t.loop] : nullptr;
}

// Whether an activation with `n` iterations sends anything on the tapped channel: a
// gate (and a rotated while's condition) nothing for a zero-trip activation, a guarded
// stream nothing for one the guard skipped.
bool reaches(const ShapeTap& t, uint64_t n) {
  if (t.kind == ShapeTap::Kind::StreamCont) return n != 0 || !t.guarded;
  return n != 0;
}

// The true tokens of an activation of `n` iterations on the tapped channel.
uint64_t truesOf(const sim::LoopCounter& c, uint64_t n) {
  return c.everyTokenIterates() ? n - 1 : n;
}

// "[T,T,F]": the tokens of one activation of `n` iterations.
std::string expectedText(const ShapeTap& t, uint64_t n) {
  std::string s = "[";
  for (uint64_t i = 0; i < truesOf(t.counter, n); ++i)
    s += "T,";
  return s + "F]";
}

// The observed tokens from the start of activation `first` on, at most `limit` of them.
std::string observedText(const sim::LoopCounter& c, size_t first, size_t limit) {
  std::string s = "[";
  size_t n = 0;
  auto add = [&](bool v) {
    if (n == limit) return false;
    s += std::string(n++ ? "," : "") + (v ? "T" : "F");
    return true;
  };
  bool room = true;
  for (size_t a = first; a < c.trips().size() && room; ++a) {
    for (uint64_t i = 0; i < truesOf(c, c.trips()[a]) && room; ++i)
      room = add(true);
    if (room) room = add(false);
  }
  for (uint64_t i = 0; i < c.openTrues() && room; ++i)
    room = add(true);
  return s + "]";
}

const char* kindText(ShapeTap::Kind k) {
  switch (k) {
  case ShapeTap::Kind::StreamCont: return "dataflow.stream will-continue";
  case ShapeTap::Kind::GateAfterCond: return "dataflow.gate after_cond";
  case ShapeTap::Kind::WhileCond: return "scf.while condition";
  }
  return "?";
}

} // namespace

std::vector<ShapeTap> findShapeTaps(const dfg::Graph& g) {
  std::vector<ShapeTap> taps;
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    ShapeTap t;
    unsigned port;
    if (n.kind == NodeKind::Stream) {
      t.kind = ShapeTap::Kind::StreamCont;
      port = 1;
    } else if (n.kind == NodeKind::Gate) {
      t.kind = ShapeTap::Kind::GateAfterCond;
      port = 1;
    } else if (n.kind == NodeKind::Compute && !n.outRoles.empty() &&
               n.outRoles[0] == dfg::Role::RawWillContinue) {
      t.kind = ShapeTap::Kind::WhileCond;
      port = 0;
    } else {
      continue;
    }
    auto es = g.outEdges(v, port);
    if (es.size() != 1 || !n.outRates[port].known()) continue;
    // A stream's will-continue has N trues per activation, the others N - 1 (every
    // token an iteration).
    t.counter = sim::LoopCounter(t.kind != ShapeTap::Kind::StreamCont, /*keepTrips=*/true);
    t.edge = es[0];
    t.node = v;
    readRate(n.outRates[port], t);
    // A while condition that reaches every before execution (the spec-literal form)
    // is not after_cond-shaped; its copies interleave: not checked.
    if (t.kind == ShapeTap::Kind::WhileCond && !t.guarded) continue;
    if (t.ctx.find('*') != std::string::npos) continue;
    taps.push_back(std::move(t));
  }
  return taps;
}

void armShapeTaps(std::vector<ShapeTap>& taps, const dfg::Graph& g, const sim::Elaboration& elab,
                  sim::Circuit& circuit, const sim::Engine& engine, bool arm) {
  for (ShapeTap& t : taps) {
    t.counter.reset();
    t.timed.counter = &t.counter;
    t.timed.engine = &engine;
    circuit.channel(elab.channelOf(g, t.edge)).setTap(arm ? &t.timed : nullptr);
  }
}

void checkShapes(const InvocationContext& c, const std::vector<ShapeTap>& taps,
                 std::vector<Finding>& out) {
  for (const ShapeTap& t : taps) {
    const std::vector<uint64_t>* trips = tripsOf(c.golden, t);
    if (!trips) continue;
    // Walk activation by activation to name the first one that differs: the program's
    // trip counts against the counter's, of the activations that reach the channel.
    const std::vector<uint64_t>& seen = t.counter.trips();
    size_t next = 0; // the observed activation the next one reaching the channel must be
    for (size_t a = 0; a < trips->size(); ++a) {
      uint64_t n = (*trips)[a] + (t.rotated ? 1 : 0);
      if (!reaches(t, n)) continue;
      if (next == seen.size() || seen[next] != n) {
        Finding f;
        f.check = "shape";
        f.function = c.function;
        f.invocation = c.invocation;
        locate(c.graph, t.node, f);
        f.channel = c.graph.describe(t.edge);
        f.edge = t.edge;
        f.summary = std::string(kindText(t.kind)) + " has the wrong shape in activation " +
                    std::to_string(a + 1) + " (N = " + std::to_string(n) + ")";
        size_t tokens = truesOf(t.counter, n) + 1;
        f.details.push_back("expected " + expectedText(t, n) + ", observed " +
                            observedText(t.counter, next, tokens + 1));
        f.cause = t.kind == ShapeTap::Kind::StreamCont
                      ? "a stream emits N trues then one false per activation; check its "
                        "start/step/bound inputs"
                      : "after_cond must have N - 1 trues then one false per activation, and "
                        "nothing for N = 0";
        out.push_back(std::move(f));
        break;
      }
      ++next;
    }
  }
}

namespace {

// A loop's summary with the program's counts of it (the interpreter's, of its copy).
LoopSummary newSummary(const InvocationContext& c, uint32_t loop, const std::string& ctx,
                       dfg::Vertex node) {
  LoopSummary l;
  l.loop = loop;
  l.ctx = ctx;
  const dfg::Node& n = c.graph.node(node);
  l.source = n.origin.loc.where();
  l.kind = n.origin.op ? std::string(n.origin.op->name()) : std::string();
  const RegionCounts* counts = nullptr;
  if (!ctx.empty()) {
    auto it = c.golden.byContext.find(ctx);
    if (it != c.golden.byContext.end()) counts = &it->second;
  }
  auto get = [&](const std::vector<uint64_t>& total, const std::vector<uint64_t>* copy) {
    const std::vector<uint64_t>& v = copy ? *copy : total;
    return loop < v.size() ? v[loop] : 0;
  };
  l.activations = get(c.golden.activations, counts ? &counts->activations : nullptr);
  l.nonEmpty = get(c.golden.nonEmpty, counts ? &counts->nonEmpty : nullptr);
  l.iterations = get(c.golden.iterations, counts ? &counts->iterations : nullptr);
  return l;
}

} // namespace

std::vector<LoopSummary> summarizeLoops(const InvocationContext& c,
                                        const std::vector<ShapeTap>& taps,
                                        const std::vector<LoopOfCarry>& carried) {
  std::vector<LoopSummary> loops;
  // (loop, copy) -> its place in `loops`: a search of `loops` per tap is quadratic in
  // the loops of a wide network.
  std::map<std::pair<uint32_t, std::string>, size_t> place;
  auto summaryFor = [&](uint32_t loop, const std::string& ctx, dfg::Vertex node) -> LoopSummary& {
    auto [it, fresh] = place.emplace(std::make_pair(loop, ctx), loops.size());
    if (fresh) loops.push_back(newSummary(c, loop, ctx, node));
    return loops[it->second];
  };
  for (const ShapeTap& t : taps) {
    LoopSummary& l = summaryFor(t.loop, t.ctx, t.node);
    int64_t exp = expectedCount(c.graph.edge(t.edge).rate, c.golden);
    int64_t obs = static_cast<int64_t>(c.observed(t.edge));
    if (t.kind == ShapeTap::Kind::GateAfterCond) {
      l.bodyExpected = exp;
      l.bodyObserved = obs;
    } else {
      l.rawExpected = exp;
      l.rawObserved = obs;
      l.ii = t.counter.counts().ii();
      if (t.kind == ShapeTap::Kind::WhileCond) {
        l.bodyExpected = exp;
        l.bodyObserved = obs;
      }
    }
  }
  // A loop whose control the shape check does not tap (a rotated while's condition): its
  // counts, and the tokens of its raw_will_continue as a carry of it takes them on d.
  for (const LoopOfCarry& k : carried) {
    if (place.count({k.loop, k.ctx})) continue;
    LoopSummary& l = summaryFor(k.loop, k.ctx, k.carry);
    if (!k.rawControl) continue;
    l.rawExpected = l.bodyExpected = expectedCount(c.graph.edge(*k.rawControl).rate, c.golden);
    l.rawObserved = l.bodyObserved = static_cast<int64_t>(c.observed(*k.rawControl));
  }
  return loops;
}

} // namespace loom::harness
