#include "traces/loops.h"

#include "analysis/throughput.h"

#include <algorithm>
#include <map>

namespace loom::traces {

namespace {

// Is `inner` the scope `outer` or nested in it?
bool within(const dfg::Graph& g, int inner, int outer) {
  for (int s = inner; s >= 0; s = g.scopes[s].parent) {
    if (s == outer) return true;
    if (g.scopes[s].parent == s) break; // a self-parented root
  }
  return false;
}

// The loop-body scope of scf op `loop` that the raw value produced in scope `at`
// belongs to: a for loop's stream sits in the body's parent (the guard), a while's
// condition inside the body. Copies of one loop (lowered once per context) have
// distinct scopes, which this tells apart. -1 if none.
int loopScope(const dfg::Graph& g, uint32_t loop, int at) {
  for (size_t s = 0; s < g.scopes.size(); ++s) {
    const dfg::Scope& sc = g.scopes[s];
    // A graph read back from text has the op's id only.
    uint32_t id = sc.op ? sc.op->id : sc.opId;
    if (sc.kind != dfg::Scope::Kind::LoopBody || id != loop) continue;
    if (within(g, at, static_cast<int>(s)) || at == sc.parent) return static_cast<int>(s);
  }
  return -1;
}

// The op that makes the value `v` outputs: through the forks that copy it (a network
// without scopes, LOOM's, names its loop by that op, not once more per fork).
dfg::Vertex maker(const dfg::Graph& g, dfg::Vertex v) {
  dfg::EdgeId in;
  while ((g.node(v).kind == dfg::NodeKind::Fork || g.node(v).kind == dfg::NodeKind::LazyFork) &&
         g.inEdge(v, 0, in))
    v = g.src(in);
  return v;
}

} // namespace

std::vector<LoopInfo> findLoops(const TracedNetwork& n) {
  std::vector<LoopInfo> out;
  if (!n.graph || !n.opOfVertex) return out;
  const dfg::Graph& g = *n.graph;
  std::map<std::pair<int, dfg::Vertex>, size_t> byLoop; // (scope, or -1 and producer) -> out
  for (dfg::EdgeId ch : g.edges()) {
    const dfg::Edge& e = g.edge(ch);
    if (e.role != dfg::Role::RawWillContinue) continue;
    const dfg::Node& p = g.node(g.src(ch));
    int scope = g.scopes.empty() ? -1 : loopScope(g, e.rate.op, static_cast<int>(p.scope));
    dfg::Vertex producer = maker(g, g.src(ch));
    auto key = std::make_pair(scope, scope >= 0 ? dfg::Vertex(0) : producer);
    LoopInfo info;
    info.name = scope >= 0 ? g.scopes[scope].name : g.node(producer).name;
    info.channel = n.channelOf(ch);
    info.everyTokenIterates = e.rate.domain == dfg::Rate::Domain::LoopBody;
    analysis::loopOfRate(e.rate, info.loop, info.ctx);
    auto [slot, fresh] = byLoop.emplace(key, out.size());
    if (fresh)
      out.push_back(info);
    else if (info.channel < out[slot->second].channel)
      out[slot->second] = info; // the lowest-numbered copy, whichever edge came first
  }
  std::sort(out.begin(), out.end(),
            [](const LoopInfo& a, const LoopInfo& b) { return a.name < b.name; });
  return out;
}

LoopProbe::LoopProbe(const TracedNetwork& n)
    : loops_(findLoops(n)), slot_(n.circuit().numChannels(), -1) {
  counters_.reserve(loops_.size());
  for (size_t i = 0; i < loops_.size(); ++i) {
    counters_.emplace_back(loops_[i].everyTokenIterates);
    slot_[loops_[i].channel] = static_cast<int32_t>(i);
  }
  paces_.assign(loops_.size(), LoopPace{1, "stream", "", -1, -1});
  pace_.assign(loops_.size(), sim::PaceCounter());
  paceSlot_.assign(n.circuit().numChannels(), -1);
  if (!n.graph || !n.opOfVertex) return;
  const dfg::Graph& g = *n.graph;
  for (const analysis::LoopBound& b : analysis::loopBounds(g, n.circuit().timing())) {
    for (size_t i = 0; i < loops_.size(); ++i) {
      if (loops_[i].loop != b.loop || loops_[i].ctx != b.ctx || !b.critical) continue;
      const analysis::Recurrence& r = *b.critical;
      LoopPace& p = paces_[i];
      p.bound = b.ii;
      p.bottleneck = analysis::isCtrlDone(g, r) ? "ctrl-done" : "recurrence";
      p.carry = g.node(r.carry).name;
      dfg::EdgeId d;
      std::vector<dfg::EdgeId> o = g.outEdges(r.carry, 0);
      if (!g.inEdge(r.carry, 0, d) || o.size() != 1) continue;
      p.decisions = n.channelOf(d);
      p.outputs = n.channelOf(o[0]);
      paceSlot_[static_cast<size_t>(p.decisions)] = static_cast<int32_t>(i);
      paceSlot_[static_cast<size_t>(p.outputs)] = static_cast<int32_t>(i);
    }
  }
}

void LoopProbe::pushedOnCarry(uint64_t cycle, uint32_t index, const models::Channel& ch) {
  const size_t loop = static_cast<size_t>(paceSlot_[index]);
  if (static_cast<int64_t>(index) == paces_[loop].decisions)
    pace_[loop].decision(ch.peek(ch.count() - 1) & 1);
  else
    pace_[loop].output(cycle);
}

} // namespace loom::traces
