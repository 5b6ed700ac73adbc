#include "host/channel_totals.h"

namespace loom {

void ChannelTotalsBook::add(const harness::InvocationContext& c) {
  ChannelTotals& t = totals_[c.function];
  size_t n = c.graph.numEdges();
  t.observed.resize(n, 0);
  t.expected.resize(n, 0);
  size_t k = 0;
  for (dfg::EdgeId e : c.graph.edges()) {
    t.observed[k] += c.observed(e);
    const dfg::Rate& r = c.graph.edge(e).rate;
    if (!r.known() || t.expected[k] < 0)
      t.expected[k] = -1;
    else
      t.expected[k] += harness::expectedCount(r, c.golden);
    ++k;
  }
}

const ChannelTotals* ChannelTotalsBook::find(const std::string& function) const {
  auto it = totals_.find(function);
  return it == totals_.end() ? nullptr : &it->second;
}

} // namespace loom
