#include "traces/loops.h"

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
    if (sc.kind != dfg::Scope::Kind::LoopBody || !sc.op || sc.op->id != loop) continue;
    if (within(g, at, static_cast<int>(s)) || at == sc.parent) return static_cast<int>(s);
  }
  return -1;
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
    dfg::Vertex producer = g.src(ch);
    const dfg::Node& p = g.node(producer);
    int scope = g.scopes.empty() ? -1 : loopScope(g, e.rate.op, static_cast<int>(p.scope));
    auto key = std::make_pair(scope, scope >= 0 ? dfg::Vertex(0) : producer);
    LoopInfo info;
    info.name = scope >= 0 ? g.scopes[scope].name : p.name;
    info.channel = n.channelOf(ch);
    info.everyTokenIterates = e.rate.domain == dfg::Rate::Domain::LoopBody;
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
}

} // namespace loom::traces
