// Immediate dominators on a graph given as successor lists (Boost's Lengauer-Tarjan,
// kept inside dfg/ with the rest of the graph library).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loom::dfg {

constexpr size_t kNoDominator = SIZE_MAX;

// idom[v] for every vertex v reachable from `root` (vertices are 0 .. succ.size() - 1);
// kNoDominator for the root itself and for every vertex it does not reach.
std::vector<size_t> immediateDominators(const std::vector<std::vector<size_t>>& succ, size_t root);

} // namespace loom::dfg
