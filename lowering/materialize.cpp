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

} // namespace loom::lower
