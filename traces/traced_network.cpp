#include "traces/traced_network.h"

namespace loom::traces {

TracedNetwork TracedNetwork::of(const dfg::Graph& g, const sim::Elaboration& e) {
  TracedNetwork n;
  n.function = g.function;
  n.network = e.network.get();
  n.graph = &g;
  n.opOfVertex = &e.opOfVertex;
  return n;
}

std::vector<uint32_t> TracedNetwork::vertexOfOp() const {
  std::vector<uint32_t> out(circuit().numOps(), kNoVertex);
  if (!graph || !opOfVertex) return out;
  for (uint32_t v = 0; v < opOfVertex->size(); ++v)
    if ((*opOfVertex)[v] < out.size()) out[(*opOfVertex)[v]] = v;
  return out;
}

uint32_t TracedNetwork::channelOf(dfg::EdgeId e) const {
  const sim::Circuit& c = circuit();
  const models::Model& consumer = c.op((*opOfVertex)[graph->dst(e)]);
  return c.indexOf(*consumer.inputChannel(static_cast<int>(graph->edge(e).dstPort)));
}

} // namespace loom::traces
