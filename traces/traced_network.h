// TracedNetwork: what a tracer needs to know about one elaborated function. The
// network itself is enough to trace (op and channel names carry the hierarchy); the
// DFG, when given, adds the spec's port names and the loop structure for stats.
#pragma once

#include "dfg/dfg.h"
#include "sim/elaborate.h"
#include "sim/network.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loom::traces {

constexpr uint32_t kNoVertex = UINT32_MAX;

struct TracedNetwork {
  std::string function;                              // the network's top scope
  sim::Network* network = nullptr;                   // required
  const dfg::Graph* graph = nullptr;                 // optional: port names, loops
  const std::vector<uint32_t>* opOfVertex = nullptr; // with graph: the elaboration's map

  // An elaborated DFG (the graph and the elaboration must outlive the tracer).
  static TracedNetwork of(const dfg::Graph& g, const sim::Elaboration& e);

  const sim::Circuit& circuit() const { return network->circuit(); }
  // The DFG vertex of each op (kNoVertex for host-side ops and without a graph).
  std::vector<uint32_t> vertexOfOp() const;
  // The channel that carries DFG edge `e` (requires graph and opOfVertex).
  uint32_t channelOf(dfg::EdgeId e) const;
};

} // namespace loom::traces
