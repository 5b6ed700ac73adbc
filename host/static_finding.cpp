#include "host/static_finding.h"

#include "harness/checks.h"

namespace loom {

harness::Finding staticFinding(const dfg::Graph& g, const GraphFinding& gf,
                               const std::string& function) {
  harness::Finding h;
  h.check = "static";
  h.function = function;
  h.summary = gf.diag.message;
  h.loc = gf.diag.loc;
  h.vertex = gf.vertex;
  h.rewire = gf.rewire;
  h.rule = gf.rule;
  // The input the rule names: its channel, and the path back to the loop control.
  dfg::EdgeId e;
  if (gf.rewire.kind != dfg::Rewire::Kind::None &&
      g.inEdge(gf.rewire.consumer, gf.rewire.port, e)) {
    h.edge = e;
    h.upstreamEdges = harness::upstreamOf(g, g.src(e)).edges;
  }
  h.details.push_back("static check '" + gf.check + "'");
  return h;
}

} // namespace loom
