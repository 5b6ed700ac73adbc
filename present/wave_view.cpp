#include "present/wave_view.h"

#include "host/finding_waves.h"
#include "present/run_graph.h"
#include "support/numbers.h"
#include "traces/phase_names.h"
#include "traces/vcd_text.h"

#include <algorithm>
#include <map>
#include <optional>

namespace loom {

namespace {

using traces::Tracer;
constexpr size_t kExplainedShown = 3;
using traces::WaveSignal;

// Adds a signal unless the group shows it already. GTKWave shows only what follows the
// last '.' of a name (its default hier_max_level), aliases too: the alias is the op,
// port and signal joined by '/' ("load_a/ctrl/valid"), the tail of the name findings
// give (Finding::wave) with GTKWave's separator replaced.
void add(std::vector<WaveSignal>& out, std::string path, WaveSignal::Show show) {
  for (const WaveSignal& s : out)
    if (s.path == path) return;
  size_t cut = path.size();
  for (int dots = 0; dots < 3 && cut != std::string::npos && cut > 0; ++dots)
    cut = path.rfind('.', cut - 1);
  std::string alias = cut == std::string::npos ? path : path.substr(cut + 1);
  std::replace(alias.begin(), alias.end(), '.', '/');
  out.push_back({std::move(path), std::move(alias), show});
}

// The signals of one channel as the trace declares them (vcd.h), under its consumer's
// input port (or its producer's output port: `atOutput`).
void addChannel(const Tracer::Waves& w, uint32_t ch, bool all, std::vector<WaveSignal>& out,
                bool atOutput = false) {
  const std::string& base = atOutput ? w.paths.output[ch] : w.paths.channel[ch];
  if (base.empty()) return;
  if (all) {
    add(out, base + ".valid", WaveSignal::Show::Bit);
    add(out, base + ".ready", WaveSignal::Show::Bit);
    const Type& t = w.network.circuit().channel(ch).type();
    switch (traces::dataShape(t)) {
    case traces::DataShape::Bit: add(out, base + ".data", WaveSignal::Show::Bit); break;
    case traces::DataShape::Vector:
      add(out, base + ".data" + traces::vcdRange(traces::dataWidth(t)), WaveSignal::Show::Decimal);
      break;
    case traces::DataShape::Real: add(out, base + ".data", WaveSignal::Show::Real); break;
    case traces::DataShape::None: break;
    }
  }
  add(out, base + ".transfer", WaveSignal::Show::Bit);
}

// The `phase` of the op of DFG vertex `v`, if it has a state machine.
void addPhase(const Tracer::Waves& w, dfg::Vertex v, std::vector<WaveSignal>& out) {
  if (v >= w.network.opOfVertex->size()) return;
  uint32_t op = (*w.network.opOfVertex)[v];
  if (op >= w.network.circuit().numOps() || op >= w.paths.op.size()) return;
  const models::Model& m = w.network.circuit().op(op);
  if (m.phaseCount() <= 0 || w.paths.op[op].empty()) return;
  add(out, w.paths.op[op] + ".phase" + traces::vcdRange(traces::phaseWidth(m)),
      WaveSignal::Show::Enum);
}

// The cycle a finding is seen at: the last cycle of its call.
bool cycleOf(const harness::Report& r, const harness::Finding& f, uint64_t& at, uint64_t& start) {
  for (const harness::Report::Call& c : r.calls)
    if (c.function == f.function && c.invocation == f.invocation) {
      start = c.startCycle;
      at = c.startCycle + (c.cycles ? c.cycles - 1 : 0);
      return true;
    }
  return false;
}

// A root cause's group: its channel, the producer's and consumer's phases, the path back.
traces::WaveGroup causeGroup(const harness::Finding& f, const Tracer::Waves& w, size_t number) {
  traces::WaveGroup g;
  // Short, as GTKWave sizes its name column to the longest row: the check and the op.
  g.title = "cause " + std::to_string(number) + " (" + f.check + ")";
  dfg::Vertex at = f.vertex != harness::Finding::kNoVertex ? f.vertex : f.producer;
  if (at != harness::Finding::kNoVertex && at < w.network.graph->numNodes())
    g.title += ": " + w.network.graph->node(at).name;
  const dfg::Graph& graph = *w.network.graph;
  if (f.edge) {
    addChannel(w, w.network.channelOf(*f.edge), true, g.signals);
    addPhase(w, graph.src(*f.edge), g.signals);
    addPhase(w, graph.dst(*f.edge), g.signals);
  } else if (f.vertex != harness::Finding::kNoVertex) {
    addPhase(w, f.vertex, g.signals);
  }
  for (dfg::EdgeId e : f.upstreamEdges)
    addChannel(w, w.network.channelOf(e), false, g.signals);
  if (!f.upstreamEdges.empty()) addPhase(w, graph.src(f.upstreamEdges.back()), g.signals);
  return g;
}

// Without findings: each loop's raw_will_continue (the stream's) and after_cond (the
// gate's), one channel of each per loop.
std::vector<traces::WaveGroup> loopGroups(const Tracer::Waves& w) {
  const dfg::Graph& g = *w.network.graph;
  std::map<uint32_t, std::pair<std::optional<dfg::EdgeId>, std::optional<dfg::EdgeId>>> loops;
  for (dfg::EdgeId e : g.edges()) {
    const dfg::Edge& ed = g.edge(e);
    uint32_t loop = g.node(g.src(e)).origin.opId;
    if (ed.role == dfg::Role::RawWillContinue && !loops[loop].first) loops[loop].first = e;
    if (ed.role == dfg::Role::AfterCond && !loops[loop].second) loops[loop].second = e;
  }
  std::vector<traces::WaveGroup> out;
  for (auto& [loop, edges] : loops) {
    if (!edges.first) continue;
    traces::WaveGroup group;
    const dfg::Node& stream = g.node(g.src(*edges.first));
    group.title = "loop " + stream.name;
    if (stream.origin.loc.line) group.title += " (" + stream.origin.loc.where() + ")";
    addPhase(w, g.src(*edges.first), group.signals);
    addChannel(w, w.network.channelOf(*edges.first), true, group.signals, true);
    if (edges.second) {
      addPhase(w, g.src(*edges.second), group.signals);
      addChannel(w, w.network.channelOf(*edges.second), true, group.signals, true);
    }
    out.push_back(std::move(group));
  }
  return out;
}

// One loop's critical recurrence as the trace shows it (docs/performance-analysis.md):
// each op of the way round with the channel its token comes in on, then the channel that
// closes the round into the carry. `weight`: the loop's cycles in its call (iterations
// times its II), to put the loop that costs most first.
struct CriticalLoop {
  traces::WaveGroup group;
  bool gap = false;
  double weight = 0;
  uint64_t start = 0; // its call's first cycle
};

std::optional<CriticalLoop> criticalLoop(const nlohmann::json& loop, const Tracer::Waves& w) {
  std::optional<CriticalPath> path = criticalPath(loop, *w.network.graph);
  if (!path) return std::nullopt;
  const nlohmann::json& neck = loop["bottleneck"];
  CriticalLoop c;
  std::string source = loop.value("source", std::string());
  source = source.substr(source.rfind('/') + 1);
  double achieved = loop["ii_achieved"].is_number() ? loop["ii_achieved"].get<double>() : 0.0;
  c.group.title = "loop " + source + " (" + neck.value("kind", std::string()) + "): II bound " +
                  std::to_string(loop.value("ii_bound", 0)) +
                  (achieved > 0 ? ", achieved " + twoDecimals(achieved) : std::string());
  c.gap = neck.contains("gap") && !neck["gap"].is_null();
  c.weight = achieved * loop.value("iterations", 0.0);
  for (const CriticalPath::Step& step : path->steps) {
    if (step.in) addChannel(w, w.network.channelOf(*step.in), true, c.group.signals);
    addPhase(w, step.op, c.group.signals);
  }
  if (path->closing) addChannel(w, w.network.channelOf(*path->closing), true, c.group.signals);
  return c;
}

// Every loop's critical recurrence, once per loop (its first call): the loops that ran
// slower than their bound first, then by the cycles they took.
std::vector<CriticalLoop> criticalLoops(const harness::Report& report,
                                        const std::vector<Tracer::Waves>& waves) {
  std::vector<CriticalLoop> out;
  std::map<std::string, bool> seen;
  for (const harness::Report::Call& call : report.calls) {
    const Tracer::Waves* w = wavesOf(waves, call.function);
    if (!w || !w->network.graph || !w->network.opOfVertex) continue;
    for (const nlohmann::json& loop : call.loops) {
      std::string key = call.function + " " + loop.value("source", std::string()) + " " +
                        loop.value("copy", std::string());
      if (seen[key]) continue;
      seen[key] = true;
      if (auto c = criticalLoop(loop, *w)) {
        c->start = call.startCycle;
        out.push_back(std::move(*c));
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const CriticalLoop& a, const CriticalLoop& b) {
    return a.gap != b.gap ? a.gap : a.weight > b.weight;
  });
  return out;
}

} // namespace

traces::WaveView waveView(const std::string& dumpFile, const harness::Report& report,
                          const std::vector<harness::CauseGroup>& causes,
                          const std::vector<Tracer::Waves>& waves) {
  traces::WaveView v;
  v.dumpFile = dumpFile;
  uint64_t end = 0;
  for (const harness::Report::Call& c : report.calls)
    end = std::max(end, c.startCycle + c.cycles);
  v.to = std::max<uint64_t>(end, 1);
  bool ranged = false;
  for (size_t i = 0; i < causes.size(); ++i) {
    const harness::Finding& root = report.findings[causes[i].root];
    const Tracer::Waves* w = wavesOf(waves, root.function);
    if (!w) continue;
    v.groups.push_back(causeGroup(root, *w, i + 1));
    // The first findings it explains show where the extra or missing token ends up (the
    // latched input, the channel off count).
    size_t shown = 0;
    for (size_t x : causes[i].explained) {
      const harness::Finding& f = report.findings[x];
      if (!f.edge || f.function != root.function || shown == kExplainedShown) continue;
      ++shown;
      addChannel(*w, w->network.channelOf(*f.edge), true, v.groups.back().signals);
      addPhase(*w, w->network.graph->dst(*f.edge), v.groups.back().signals);
    }
    // A static root has no call of its own: the first finding it explains has one.
    const harness::Finding* seen = &root;
    if (!root.invocation && !causes[i].explained.empty())
      seen = &report.findings[causes[i].explained.front()];
    uint64_t at = 0, start = 0;
    if (!cycleOf(report, *seen, at, start)) continue;
    v.markers.push_back({at, "cause " + std::to_string(i + 1)});
    if (!v.hasCursor) {
      v.hasCursor = true;
      v.cursor = at;
    }
    if (!ranged) { // the call of the first cause, with a little room after its end
      ranged = true;
      v.from = start;
      v.to = at + 1 + (at + 1 - start) / 10;
    }
  }
  // Each loop's critical recurrence: without findings the view opens on the costliest
  // (the cursor on its call's start); with findings they follow the causes, closed.
  std::vector<CriticalLoop> critical = criticalLoops(report, waves);
  for (size_t i = 0; i < critical.size(); ++i) {
    critical[i].group.closed = !causes.empty() || i > 0;
    v.groups.push_back(std::move(critical[i].group));
  }
  if (causes.empty() && !critical.empty()) {
    v.hasCursor = true;
    v.cursor = critical.front().start;
    v.markers.push_back({critical.front().start, "loop 1"});
    for (const harness::Report::Call& c : report.calls)
      if (c.startCycle == critical.front().start)
        v.from = c.startCycle, v.to = c.startCycle + std::max<uint64_t>(c.cycles, 1);
  }
  if (causes.empty())
    for (const Tracer::Waves& w : waves)
      if (w.network.graph && w.network.opOfVertex)
        for (traces::WaveGroup& g : loopGroups(w)) {
          g.closed = !critical.empty();
          v.groups.push_back(std::move(g));
        }
  for (const harness::Report::Call& c : report.calls)
    v.markers.push_back({c.startCycle, "call " + std::to_string(c.invocation) + " @" + c.function});
  return v;
}

} // namespace loom
