#include "host/alias_check.h"

#include <algorithm>

namespace loom {

namespace {

// The elements a view reaches, lowest to highest (lo > hi: none).
std::pair<int64_t, int64_t> viewSpan(const MemRefView& v) {
  int64_t lo = v.offset, hi = v.offset;
  for (size_t d = 0; d < v.sizes.size(); ++d) {
    if (v.sizes[d] == 0) return std::make_pair(int64_t(1), int64_t(0)); // empty
    int64_t ext = (v.sizes[d] - 1) * v.strides[d];
    (ext < 0 ? lo : hi) += ext;
  }
  return std::make_pair(lo, hi);
}

bool storesThrough(const AccelNetwork& a, size_t arg) {
  for (dfg::Vertex v : a.memories)
    if (a.graph.node(v).argIndex == static_cast<int>(arg)) return a.graph.node(v).numStores > 0;
  return false;
}

} // namespace

void checkAliasing(const AccelNetwork& a, const Loc& site, const std::vector<RtValue>& args,
                   uint64_t invocation, std::vector<harness::Finding>& out) {
  for (size_t i = 0; i < args.size(); ++i)
    for (size_t j = i + 1; j < args.size(); ++j) {
      if (!args[i].mem || !args[j].mem || args[i].mem->buf != args[j].mem->buf) continue;
      if (!storesThrough(a, i) && !storesThrough(a, j))
        continue; // reading one buffer twice is harmless
      auto [lo1, hi1] = viewSpan(*args[i].mem);
      auto [lo2, hi2] = viewSpan(*args[j].mem);
      if (hi1 < lo2 || hi2 < lo1) continue;
      harness::Finding h;
      h.check = "alias";
      h.function = a.name;
      h.invocation = invocation;
      h.loc = site;
      h.summary = "memref arguments #" + std::to_string(i) + " and #" + std::to_string(j) +
                  " overlap in one buffer (elements " + std::to_string(std::max(lo1, lo2)) + ".." +
                  std::to_string(std::min(hi1, hi2)) +
                  ") and the function stores through one of them";
      h.cause =
          "LOOM lowers every memref argument to its own extmemory with an independent ctrl-done "
          "network "
          "(the alias-free model of spec-dataflow-memory), so accesses through the two are not "
          "ordered "
          "against each other; pass distinct buffers, or keep this function on the host (--accel)";
      out.push_back(std::move(h));
    }
}

} // namespace loom
