// Materialization (docs/design.md "The DFG"): after lowering, an output may feed several
// consumers or none. Every channel must have a single producer and a single consumer,
// so fan-out gets an eager handshake.fork (as CIRCT materializes it) and an unused
// output a handshake.sink. A fork's outputs carry what its input carries. The Return's
// outputs go to the host and stay unconnected.

#include "lowering/lowerer.h"

namespace loom::lower {

void Lowerer::materialize() {
  size_t n = g_.numNodes(); // nodes added here need no materialization
  for (Vertex v = 0; v < n; ++v) {
    if (g_.node(v).kind == dfg::NodeKind::Return) continue;
    for (unsigned p = 0; p < g_.node(v).outTypes.size(); ++p) {
      std::vector<dfg::EdgeId> es = g_.outEdges(v, p);
      const dfg::Node& src = g_.node(v);
      Type t = src.outTypes[p];
      Role role = src.outRoles[p];
      Rate rate = src.outRates[p];
      if (es.empty()) {
        Vertex s = addNode(dfg::NodeKind::Sink, src.scope, "sink", src.origin.op, {t}, {}, {}, {});
        g_.node(s).origin = g_.node(v).origin;
        connect({v, p}, s, 0);
        continue;
      }
      if (es.size() == 1) continue;
      std::vector<std::pair<Vertex, unsigned>> targets;
      std::vector<unsigned> capacities;
      for (auto e : es) {
        targets.push_back({g_.dst(e), g_.edge(e).dstPort});
        capacities.push_back(g_.edge(e).capacity);
      }
      g_.removeOutEdgesIf(v, [&](dfg::EdgeId e) { return g_.edge(e).srcPort == p; });
      size_t k = targets.size();
      Vertex f =
          addNode(dfg::NodeKind::Fork, g_.node(v).scope, "fork", g_.node(v).origin.op, {t},
                  std::vector<Type>(k, t), std::vector<Role>(k, role), std::vector<Rate>(k, rate));
      g_.node(f).origin = g_.node(v).origin;
      connect({v, p}, f, 0);
      for (unsigned i = 0; i < k; ++i) {
        auto e = g_.connect({f, i}, targets[i].first, targets[i].second);
        g_.edge(e).capacity = capacities[i];
      }
    }
  }
}

// Room for a parallel loop's overlap (docs/design.md "scf.parallel"). A channel into an
// op of the body (its scope or one nested in it) gets kParallelPipeCapacity slots, so
// that a pipelined op's results can stream behind it; one where a token made from the
// loop control alone (early: the gate's outputs, invariants, constants and what forks or
// computes from them only) meets an op that waits for memory (late: fed by a memory's
// outputs) gets kParallelWaitCapacity, for the early tokens of the iterations in flight.
// A channel with a capacity of its own keeps it.
void Lowerer::deepenParallelChannels() {
  if (parallelScopes_.empty()) return;
  using dfg::NodeKind;
  std::vector<bool> deep(g_.scopes.size(), false);
  for (uint32_t sc : parallelScopes_)
    deep[sc] = true;
  for (uint32_t sc = 0; sc < g_.scopes.size(); ++sc) // a parent comes before its children
    if (g_.scopes[sc].parent >= 0 && deep[static_cast<size_t>(g_.scopes[sc].parent)])
      deep[sc] = true;
  size_t n = g_.numNodes();
  auto inBody = [&](Vertex v) { return deep[g_.node(v).scope]; };
  std::vector<bool> late(n, false);
  std::vector<Vertex> work;
  for (Vertex v = 0; v < n; ++v)
    if (g_.node(v).kind == NodeKind::Memory || g_.node(v).kind == NodeKind::ExtMemory)
      work.push_back(v);
  while (!work.empty()) {
    Vertex v = work.back();
    work.pop_back();
    for (dfg::EdgeId e : g_.outEdges(v)) {
      Vertex d = g_.dst(e);
      if (inBody(d) && !late[d]) late[d] = true, work.push_back(d);
    }
  }
  // In node order: a node's producers come first, but for feedback, which is never early.
  std::vector<bool> early(n, false);
  for (Vertex v = 0; v < n; ++v) {
    const dfg::Node& nd = g_.node(v);
    if (late[v]) continue;
    if (nd.kind == NodeKind::Gate) {
      early[v] = true;
    } else if (nd.kind == NodeKind::Fork || (inBody(v) && nd.kind == NodeKind::Compute)) {
      bool all = true, any = false;
      for (dfg::EdgeId e : g_.inEdges(v)) {
        any = true;
        all = all && early[g_.src(e)];
      }
      early[v] = any && all;
    } else if (inBody(v)) {
      early[v] = nd.kind == NodeKind::Invariant || nd.kind == NodeKind::Constant;
    }
  }
  for (dfg::EdgeId e : g_.edges()) {
    dfg::Edge& edge = g_.edge(e);
    Vertex d = g_.dst(e);
    if (edge.capacity || !inBody(d)) continue;
    edge.capacity = late[d] && early[g_.src(e)] ? kParallelWaitCapacity : kParallelPipeCapacity;
  }
}

} // namespace loom::lower
