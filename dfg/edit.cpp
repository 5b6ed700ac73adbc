#include "dfg/edit.h"

#include <utility>

namespace loom::dfg {

PortRef origin(const Graph& g, EdgeId e) {
  PortRef p{g.src(e), g.edge(e).srcPort};
  for (int hops = 0; hops < 64 && g.node(p.node).kind == NodeKind::Fork; ++hops) {
    EdgeId in;
    if (!g.inEdge(p.node, 0, in)) break;
    p = {g.src(in), g.edge(in).srcPort};
  }
  return p;
}

PortRef originOf(const Graph& g, Vertex v, unsigned port) {
  EdgeId e;
  return g.inEdge(v, port, e) ? origin(g, e) : PortRef{v, 0};
}

Vertex addBeside(Graph& g, PortRef of, NodeKind kind, unsigned outputs) {
  const Node& p = g.node(of.node);
  Node n;
  n.kind = kind;
  n.name = p.name + (kind == NodeKind::Fork ? ".fix_fork" : ".fix_sink");
  n.scope = p.scope;
  n.origin = p.origin;
  n.added = true;
  n.inTypes = {p.outTypes.at(of.port)};
  n.outTypes.assign(outputs, p.outTypes.at(of.port));
  n.outRoles.assign(outputs, p.outRoles.at(of.port));
  n.outRates.assign(outputs, p.outRates.at(of.port));
  return g.addNode(std::move(n));
}

void attach(Graph& g, PortRef of, Vertex to, unsigned port) {
  std::vector<EdgeId> outs = g.outEdges(of.node, of.port);
  if (outs.empty()) {
    g.connect(of, to, port);
    return;
  }
  Vertex d = g.dst(outs[0]);
  if (g.node(d).kind == NodeKind::Fork) { // one more output on the fork already there
    Node& f = g.node(d);
    f.outTypes.push_back(f.outTypes.at(0));
    f.outRoles.push_back(f.outRoles.at(0));
    f.outRates.push_back(f.outRates.at(0));
    g.connect({d, static_cast<unsigned>(f.outTypes.size() - 1)}, to, port);
    return;
  }
  unsigned oldPort = g.edge(outs[0]).dstPort, capacity = g.edge(outs[0]).capacity;
  g.removeEdge(outs[0]);
  Vertex f = addBeside(g, of, NodeKind::Fork, 2);
  g.connect(of, f, 0);
  g.edge(g.connect({f, 0}, d, oldPort)).capacity = capacity;
  g.connect({f, 1}, to, port);
}

void detach(Graph& g, PortRef of) {
  Node& n = g.node(of.node);
  if (n.kind != NodeKind::Fork || n.outTypes.size() < 2) {
    g.connect(of, addBeside(g, of, NodeKind::Sink, 0), 0);
    return;
  }
  struct Later {
    Vertex dst;
    unsigned port, srcPort, capacity;
  };
  std::vector<Later> later;
  for (EdgeId e : g.outEdges(of.node))
    if (g.edge(e).srcPort > of.port)
      later.push_back({g.dst(e), g.edge(e).dstPort, g.edge(e).srcPort, g.edge(e).capacity});
  g.removeOutEdgesIf(of.node, [&](EdgeId e) { return g.edge(e).srcPort > of.port; });
  n.outTypes.erase(n.outTypes.begin() + of.port);
  n.outRoles.erase(n.outRoles.begin() + of.port);
  n.outRates.erase(n.outRates.begin() + of.port);
  for (const Later& l : later)
    g.edge(g.connect({of.node, l.srcPort - 1}, l.dst, l.port)).capacity = l.capacity;
}

void retake(Graph& g, Vertex consumer, unsigned port, PortRef from) {
  EdgeId e;
  unsigned capacity = 0;
  if (g.inEdge(consumer, port, e)) {
    PortRef old{g.src(e), g.edge(e).srcPort};
    capacity = g.edge(e).capacity;
    g.removeEdge(e);
    detach(g, old);
  }
  attach(g, from, consumer, port);
  EdgeId now;
  if (g.inEdge(consumer, port, now)) g.edge(now).capacity = capacity;
}

void dropInput(Graph& g, Vertex v, unsigned port) {
  struct Later {
    Vertex src;
    unsigned srcPort, port, capacity;
  };
  std::vector<Later> later;
  EdgeId e;
  if (g.inEdge(v, port, e)) {
    PortRef old{g.src(e), g.edge(e).srcPort};
    g.removeEdge(e);
    detach(g, old);
  }
  std::vector<EdgeId> moving;
  for (EdgeId in : g.inEdges(v))
    if (g.edge(in).dstPort > port) moving.push_back(in);
  for (EdgeId in : moving) {
    later.push_back({g.src(in), g.edge(in).srcPort, g.edge(in).dstPort, g.edge(in).capacity});
    g.removeEdge(in);
  }
  Node& n = g.node(v);
  n.inTypes.erase(n.inTypes.begin() + port);
  for (const Later& l : later)
    g.edge(g.connect({l.src, l.srcPort}, v, l.port - 1)).capacity = l.capacity;
}

std::string where(const Graph& g, PortRef p) {
  const Node& n = g.node(p.node);
  return std::string(roleName(n.outRoles.at(p.port))) + " of " + n.opName() + " '" + n.name + "'";
}

} // namespace loom::dfg
