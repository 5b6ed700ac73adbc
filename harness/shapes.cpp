#include "harness/shapes.h"

namespace loom::harness {

using dfg::NodeKind;
using dfg::Vertex;

namespace {

// The copy and guardedness of a loop-control channel, read off its rate: the term of
// the loop's iterations carries the copy; a non-empty-activation term means a guard.
void readRate(const dfg::Rate& r, ShapeTap& t) {
  t.loop = r.op;
  t.guarded = false;
  for (const dfg::RateTerm& term : r.terms) {
    if (term.count == dfg::Count::LoopIterations && term.op == r.op) t.ctx = term.ctx;
    if (term.count == dfg::Count::LoopNonEmpty && term.op == r.op) t.guarded = true;
  }
}

const std::vector<uint64_t>* tripsOf(const ExecutionRecord& rec, const ShapeTap& t) {
  if (t.ctx.empty()) return t.loop < rec.trips.size() ? &rec.trips[t.loop] : nullptr;
  auto it = rec.byContext.find(t.ctx);
  if (it == rec.byContext.end()) return nullptr;
  return t.loop < it->second.trips.size() ? &it->second.trips[t.loop] : nullptr;
}

// The expected stream for one activation with `n` iterations.
void expectActivation(const ShapeTap& t, uint64_t n, std::vector<Bits>& out) {
  if (t.kind == ShapeTap::Kind::StreamCont) {
    if (n == 0 && t.guarded) return;
    out.insert(out.end(), n, 1);
    out.push_back(0);
    return;
  }
  if (n == 0) return; // a gate emits nothing for a zero-trip activation
  out.insert(out.end(), n - 1, 1);
  out.push_back(0);
}

std::string boolSeq(const std::vector<Bits>& v, size_t from, size_t to) {
  std::string s = "[";
  for (size_t i = from; i < to && i < v.size(); ++i)
    s += std::string(i > from ? "," : "") + (v[i] ? "T" : "F");
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
                  sim::Circuit& circuit, bool arm) {
  for (ShapeTap& t : taps) {
    t.seen.clear();
    circuit.channel(elab.channelOf(g, t.edge)).setTap(arm ? &t.seen : nullptr);
  }
}

void checkShapes(const InvocationContext& c, const std::vector<ShapeTap>& taps,
                 std::vector<Finding>& out) {
  for (const ShapeTap& t : taps) {
    const std::vector<uint64_t>* trips = tripsOf(c.golden, t);
    if (!trips) continue;
    // Walk activation by activation to name the first one that differs.
    size_t pos = 0;
    for (size_t a = 0; a < trips->size(); ++a) {
      std::vector<Bits> want;
      expectActivation(t, (*trips)[a], want);
      bool same = pos + want.size() <= t.seen.size() &&
                  std::equal(want.begin(), want.end(), t.seen.begin() + static_cast<long>(pos));
      if (!same) {
        Finding f;
        f.check = "shape";
        f.function = c.function;
        f.invocation = c.invocation;
        locate(c.graph, t.node, f);
        f.channel = c.graph.describe(t.edge);
        f.summary = std::string(kindText(t.kind)) + " has the wrong shape in activation " +
                    std::to_string(a + 1) + " (N = " + std::to_string((*trips)[a]) + ")";
        f.details.push_back("expected " + boolSeq(want, 0, want.size()) + ", observed " +
                            boolSeq(t.seen, pos, pos + std::max<size_t>(want.size(), 1) + 1));
        f.cause = t.kind == ShapeTap::Kind::StreamCont
                      ? "a stream emits N trues then one false per activation; check its "
                        "start/step/bound inputs"
                      : "after_cond must have N - 1 trues then one false per activation, and "
                        "nothing for N = 0";
        out.push_back(std::move(f));
        break;
      }
      pos += want.size();
    }
  }
}

std::vector<LoopSummary> summarizeLoops(const InvocationContext& c,
                                        const std::vector<ShapeTap>& taps) {
  std::vector<LoopSummary> loops;
  auto summaryFor = [&](const ShapeTap& t) -> LoopSummary& {
    for (LoopSummary& l : loops)
      if (l.loop == t.loop && l.ctx == t.ctx) return l;
    LoopSummary l;
    l.loop = t.loop;
    l.ctx = t.ctx;
    const dfg::Node& n = c.graph.node(t.node);
    l.source = n.origin.loc.where();
    l.kind = n.origin.op ? std::string(n.origin.op->name()) : std::string();
    const RegionCounts* counts = nullptr;
    if (!t.ctx.empty()) {
      auto it = c.golden.byContext.find(t.ctx);
      if (it != c.golden.byContext.end()) counts = &it->second;
    }
    auto get = [&](const std::vector<uint64_t>& total, const std::vector<uint64_t>* ctx) {
      return ctx ? (*ctx)[t.loop] : total[t.loop];
    };
    l.activations = get(c.golden.activations, counts ? &counts->activations : nullptr);
    l.nonEmpty = get(c.golden.nonEmpty, counts ? &counts->nonEmpty : nullptr);
    l.iterations = get(c.golden.iterations, counts ? &counts->iterations : nullptr);
    loops.push_back(l);
    return loops.back();
  };
  for (const ShapeTap& t : taps) {
    LoopSummary& l = summaryFor(t);
    int64_t exp = expectedCount(c.graph.edge(t.edge).rate, c.golden);
    int64_t obs = static_cast<int64_t>(c.observed(t.edge));
    if (t.kind == ShapeTap::Kind::GateAfterCond) {
      l.bodyExpected = exp;
      l.bodyObserved = obs;
    } else {
      l.rawExpected = exp;
      l.rawObserved = obs;
      if (t.kind == ShapeTap::Kind::WhileCond) {
        l.bodyExpected = exp;
        l.bodyObserved = obs;
      }
    }
  }
  return loops;
}

} // namespace loom::harness
