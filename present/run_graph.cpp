#include "present/run_graph.h"

#include <sstream>

namespace loom {

RunGraphs runGraphs(const ProgramRun& run) {
  RunGraphs out;
  const Accelerator* acc = run.accelerator();
  if (!acc) return out;
  for (const std::string& f : acc->functions()) {
    const dfg::Graph* g = acc->graph(f);
    if (!g) continue;
    out.functions.push_back(f);
    out.graphs.push_back(g);
    dfg::DotRun& r = out.runs[g];
    if (const Accelerator::ChannelTotals* t = acc->channelTotals(f)) {
      r.observed = t->observed;
      r.expected = t->expected;
    }
    for (const harness::Finding& x : run.report().findings) {
      if (x.function != f) continue;
      for (dfg::Vertex v : {x.vertex, x.producer})
        if (v != harness::Finding::kNoVertex && v < g->numNodes()) r.findingOps.insert(v);
      if (std::string c = findingChannel(x, *g); !c.empty()) r.findingChannels.insert(c);
    }
  }
  return out;
}

std::string findingChannel(const harness::Finding& f, const dfg::Graph& g) {
  return f.edge && !f.channel.empty() ? g.describe(*f.edge) : std::string();
}

std::string runGraphDot(const RunGraphs& graphs, bool ids) {
  dfg::DotOptions opts;
  opts.ids = ids;
  opts.run = [&](const dfg::Graph& g) -> const dfg::DotRun* {
    auto it = graphs.runs.find(&g);
    return it == graphs.runs.end() ? nullptr : &it->second;
  };
  std::ostringstream dot;
  dfg::printDot(graphs.graphs, dot, opts);
  return dot.str();
}

} // namespace loom
