// The DFG as Graphviz DOT, for looking at a wiring (`dot -Tsvg out.dot > out.svg`).
//
// One cluster per function, and inside it one nested cluster per loop / branch / guard
// scope, following Scope::parent (function scopes are the function's cluster itself).
// A node is labelled with its op name and the last part of its hierarchical name
// ("dataflow.gate\ngate"); its tooltip is describe(): full name, op and source
// location. Every edge names its ports at its two ends (the op table's names), and its
// tooltip its ports, type, role and rate domain; control channels (type none) are
// dashed; the loop control stream's raw outputs (N + 1 per activation) are orange and
// the gate's gated ones (N) blue, as the graph's legend says. With `edgeLabels`,
// control edges are labelled with their role and data edges with their type (and role,
// if not plain data).
#pragma once

#include "dfg/dfg.h"

#include <functional>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace loom::dfg {

// What a run adds to its graph (`run --dot`): per channel, in the order of
// Graph::edges(), the tokens it carried over the run and the count its rate expects
// (-1: no rate); the findings' ops and channels (as Graph::describe names them). Edges
// are labelled "observed / expected"; a count off its rate, a finding's channel and a
// finding's op are red.
struct DotRun {
  std::vector<uint64_t> observed;
  std::vector<int64_t> expected;
  std::set<Vertex> findingOps;
  std::set<std::string> findingChannels;
  // The loops' critical recurrences (docs/performance-analysis.md): their ops and
  // channels are drawn purple (a finding's red wins), with the loop named on hover.
  std::map<Vertex, std::string> criticalOps;
  std::map<std::string, std::string> criticalChannels;
  // Per channel (Graph::edges() order) the cycles it was full; per node, the cycles its
  // op waited for an input and could not push: shown on hover (empty: not measured).
  std::vector<uint64_t> fullCycles;
  std::vector<std::pair<uint64_t, uint64_t>> stalls;
};

struct DotOptions {
  bool edgeLabels = false;
  // Every node and channel gets an `id` attribute (dotNodeId, dotEdgeId), which Graphviz
  // copies onto its SVG element: a page can then tell what was clicked (`run --html`).
  bool ids = false;
  // What a run adds to a graph (null, or no function: nothing).
  std::function<const DotRun*(const Graph&)> run;
};

// All functions in one `digraph`.
void printDot(const std::vector<const Graph*>& graphs, std::ostream& os,
              const DotOptions& opts = {});
void printDot(const std::vector<Graph>& graphs, std::ostream& os, const DotOptions& opts = {});
void printDot(const Graph& g, std::ostream& os, const DotOptions& opts = {});
std::string printDot(const Graph& g, const DotOptions& opts = {});

// The `id` of node `v` and of channel `k` (in the order of Graph::edges()) of the
// `graph`-th function printed, with DotOptions::ids.
std::string dotNodeId(size_t graph, Vertex v);
std::string dotEdgeId(size_t graph, size_t k);

// The DOT attributes of a node of kind `k` ("shape=box, ..."): by its family in the op
// table, so the loop machinery and the memory stand out.
const char* dotStyle(NodeKind k);

} // namespace loom::dfg
