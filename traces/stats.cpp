#include "traces/stats.h"

#include "support/numbers.h"
#include "support/version.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

namespace loom::traces {

sim::CycleObserver& StatsCollector::addNetwork(const TracedNetwork& n) {
  nets_.push_back({n, std::make_unique<LoopProbe>(n)});
  return *nets_.back().probe;
}

std::vector<NetworkStats> StatsCollector::collect() const {
  std::vector<NetworkStats> out;
  for (const Net& net : nets_) {
    sim::Network& nw = *net.info.network;
    nw.engine().flushStats();
    NetworkStats s;
    s.function = net.info.function;
    s.cycles = nw.cycles();
    s.invocations = nw.invocations();
    const sim::Circuit& c = nw.circuit();
    for (uint32_t i = 0; i < c.numOps(); ++i) {
      const models::OpStats& st = c.op(i).stats();
      uint64_t counted = st.activeCycles + st.inputStallCycles + st.outputStallCycles;
      s.ops.push_back({c.op(i).name(), c.op(i).kindName(), st, s.cycles - counted});
    }
    std::sort(s.ops.begin(), s.ops.end(),
              [](const OpRow& a, const OpRow& b) { return a.name < b.name; });
    const LoopProbe& p = *net.probe;
    for (size_t i = 0; i < p.loops().size(); ++i)
      s.loops.push_back({p.loops()[i].name, p.counters()[i].counts(), p.paces()[i], p.achieved(i)});
    out.push_back(std::move(s));
  }
  return out;
}

nlohmann::json statsJson(const std::vector<NetworkStats>& nets) {
  nlohmann::json j;
  j["version"] = versionLine();
  uint64_t total = 0;
  nlohmann::json list = nlohmann::json::array();
  for (const NetworkStats& n : nets) {
    total += n.cycles;
    nlohmann::json ops = nlohmann::json::array();
    for (const OpRow& o : n.ops)
      ops.push_back({{"name", o.name},
                     {"kind", o.kind},
                     {"firings", o.stats.firings},
                     {"active_cycles", o.stats.activeCycles},
                     {"input_stall_cycles", o.stats.inputStallCycles},
                     {"output_stall_cycles", o.stats.outputStallCycles},
                     {"idle_cycles", o.idleCycles}});
    nlohmann::json loops = nlohmann::json::array();
    for (const LoopRow& l : n.loops) {
      nlohmann::json ii = nullptr;
      if (auto v = l.counts.ii()) ii = *v;
      nlohmann::json achieved = nullptr;
      if (l.achieved) achieved = *l.achieved;
      loops.push_back({{"name", l.name},
                       {"activations", l.counts.activations},
                       {"iterations", l.counts.iterations},
                       {"ii", ii},
                       {"ii_bound", l.pace.bound},
                       {"ii_achieved", achieved},
                       {"bottleneck", l.pace.bottleneck},
                       {"carry", l.pace.carry}});
    }
    list.push_back({{"function", n.function},
                    {"cycles", n.cycles},
                    {"invocations", n.invocations},
                    {"ops", ops},
                    {"loops", loops}});
  }
  j["cycles"] = total;
  j["networks"] = list;
  return j;
}

namespace {

// Columns as wide as their widest cell: text columns (the first `textColumns`, and the
// last `trailingText`) left-aligned, numbers right-aligned.
class Table {
public:
  explicit Table(size_t textColumns, size_t trailingText = 0)
      : text_(textColumns), trailing_(trailingText) {}
  void row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  void print(std::string& out, const std::string& indent) const {
    std::vector<size_t> width;
    for (const auto& r : rows_)
      for (size_t i = 0; i < r.size(); ++i) {
        if (width.size() <= i) width.push_back(0);
        width[i] = std::max(width[i], r[i].size());
      }
    for (const auto& r : rows_) {
      std::string line = indent;
      for (size_t i = 0; i < r.size(); ++i) {
        std::string pad(width[i] - r[i].size(), ' ');
        if (i > 0) line += "  ";
        const bool text = i < text_ || i + trailing_ >= r.size();
        line += text ? r[i] + pad : pad + r[i];
      }
      while (!line.empty() && line.back() == ' ')
        line.pop_back();
      out += line + "\n";
    }
  }

private:
  size_t text_, trailing_;
  std::vector<std::vector<std::string>> rows_;
};

} // namespace

std::string statsText(const std::vector<NetworkStats>& nets) {
  uint64_t total = 0;
  for (const NetworkStats& n : nets)
    total += n.cycles;
  std::string out = "loom-sim stats: " + std::to_string(nets.size()) + " network(s), " +
                    std::to_string(total) + " cycles\n";
  for (const NetworkStats& n : nets) {
    out += "\n@" + n.function + ": " + std::to_string(n.invocations) + " invocation(s), " +
           std::to_string(n.cycles) + " cycles\n";
    Table ops(2);
    ops.row({"op", "kind", "firings", "active", "in-stall", "out-stall", "idle"});
    for (const OpRow& o : n.ops)
      ops.row({o.name, o.kind, std::to_string(o.stats.firings),
               std::to_string(o.stats.activeCycles), std::to_string(o.stats.inputStallCycles),
               std::to_string(o.stats.outputStallCycles), std::to_string(o.idleCycles)});
    ops.print(out, "  ");
    if (n.loops.empty()) continue;
    out += "\n";
    Table loops(1, 1);
    loops.row({"loop", "activations", "iterations", "II", "II bound", "II achieved", "bottleneck"});
    for (const LoopRow& l : n.loops) {
      auto ii = l.counts.ii();
      loops.row({l.name, std::to_string(l.counts.activations), std::to_string(l.counts.iterations),
                 ii ? twoDecimals(*ii) : "-", std::to_string(l.pace.bound),
                 l.achieved ? twoDecimals(*l.achieved) : "-",
                 l.pace.bottleneck + (l.pace.carry.empty() ? "" : " " + l.pace.carry)});
    }
    loops.print(out, "  ");
  }
  return out;
}

std::optional<std::string> StatsCollector::write(const std::string& path) const {
  std::ofstream f(path);
  if (!f) return "cannot write the stats file '" + path + "'";
  bool json = path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
  std::vector<NetworkStats> s = collect();
  if (json)
    f << statsJson(s).dump(2) << "\n";
  else
    f << statsText(s);
  f.close();
  if (!f) return "cannot write the stats file '" + path + "'";
  return std::nullopt;
}

} // namespace loom::traces
