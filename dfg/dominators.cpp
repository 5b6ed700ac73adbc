#include "dfg/dominators.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dominator_tree.hpp>

namespace loom::dfg {

std::vector<size_t> immediateDominators(const std::vector<std::vector<size_t>>& succ, size_t root) {
  using G = boost::adjacency_list<boost::listS, boost::vecS, boost::bidirectionalS>;
  const size_t n = succ.size();
  // Lengauer-Tarjan wants every vertex reachable from the root: keep only those edges.
  std::vector<bool> reached(n, false);
  std::vector<size_t> work{root};
  reached[root] = true;
  while (!work.empty()) {
    size_t u = work.back();
    work.pop_back();
    for (size_t s : succ[u])
      if (!reached[s]) reached[s] = true, work.push_back(s);
  }
  G graph(n);
  for (size_t u = 0; u < n; ++u)
    if (reached[u])
      for (size_t s : succ[u])
        boost::add_edge(u, s, graph);
  const auto none = boost::graph_traits<G>::null_vertex();
  std::vector<G::vertex_descriptor> idom(n, none);
  boost::lengauer_tarjan_dominator_tree(
      graph, root,
      boost::make_iterator_property_map(idom.begin(), boost::get(boost::vertex_index, graph)));
  std::vector<size_t> out(n, kNoDominator);
  for (size_t v = 0; v < n; ++v)
    if (idom[v] != none) out[v] = idom[v];
  return out;
}

} // namespace loom::dfg
