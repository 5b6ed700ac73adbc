#include "present/run_graph.h"

#include <sstream>

namespace loom {

namespace {

// Every loop's critical recurrence on `g`, each op and channel noted with its loop.
void addCritical(const harness::Report& report, const std::string& f, const dfg::Graph& g,
                 dfg::DotRun& r) {
  for (const harness::Report::Call& call : report.calls) {
    if (call.function != f) continue;
    for (const nlohmann::json& loop : call.loops) {
      std::optional<CriticalPath> path = criticalPath(loop, g);
      if (!path) continue;
      std::string note = "on the critical recurrence of the loop at " +
                         loop.value("source", std::string()) + " (II bound " +
                         std::to_string(loop.value("ii_bound", 0)) + ")";
      for (const CriticalPath::Step& step : path->steps) {
        r.criticalOps.emplace(step.op, note);
        if (step.in) r.criticalChannels.emplace(g.describe(*step.in), note);
      }
      if (path->closing) r.criticalChannels.emplace(g.describe(*path->closing), note);
    }
  }
}

} // namespace

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
    addCritical(run.report(), f, *g, r);
    // What each channel and op did over the run: full cycles (measured with the
    // activity, for the page), and each op's stalls.
    const sim::Elaboration* elab = acc->elaboration(f);
    std::vector<uint64_t> full = run.fullCycles(f);
    if (elab && elab->network) {
      if (!full.empty())
        for (dfg::EdgeId e : g->edges()) {
          uint32_t ch = elab->channelOf(*g, e);
          r.fullCycles.push_back(ch < full.size() ? full[ch] : 0);
        }
      sim::Network& net = *elab->network;
      net.engine().flushStats();
      for (dfg::Vertex v = 0; v < g->numNodes(); ++v) {
        uint32_t op = v < elab->opOfVertex.size() ? elab->opOfVertex[v] : sim::kNoOp;
        if (op >= net.circuit().numOps()) {
          r.stalls.emplace_back(0, 0);
          continue;
        }
        const models::OpStats& st = net.circuit().op(op).stats();
        r.stalls.emplace_back(st.inputStallCycles, st.outputStallCycles);
      }
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

std::optional<CriticalPath> criticalPath(const nlohmann::json& loop, const dfg::Graph& g) {
  const nlohmann::json& neck = loop.value("bottleneck", nlohmann::json::object());
  if (!neck.contains("cycle") || !neck["cycle"].is_array() || neck["cycle"].empty())
    return std::nullopt;
  std::map<std::string, dfg::Vertex> op;
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
    op.emplace(g.node(v).name, v);
  std::map<std::string, dfg::EdgeId> channel;
  for (dfg::EdgeId e : g.edges())
    channel.emplace(g.describe(e), e);
  CriticalPath p;
  for (const nlohmann::json& step : neck["cycle"]) {
    auto v = op.find(step.value("op", std::string()));
    if (v == op.end()) return std::nullopt; // not this network's loop
    auto in = channel.find(step.value("from", std::string()));
    p.steps.push_back(
        {v->second, in == channel.end() ? std::nullopt : std::optional<dfg::EdgeId>(in->second)});
  }
  auto carry = op.find(neck.value("carry", std::string()));
  if (carry != op.end())
    for (dfg::EdgeId e : g.inEdges(carry->second))
      if (g.src(e) == p.steps.back().op) p.closing = e;
  return p;
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
