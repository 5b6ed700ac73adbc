// Two networks of one function side by side (network_diff.h).
#include "present/network_diff.h"

#include "harness/checks.h"
#include "ops/op_table.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace loom {

using dfg::EdgeId;
using dfg::NodeKind;
using dfg::Role;
using dfg::Vertex;

constexpr uint32_t kNoLoop = dfg::Origin::kNoOp;

const char* pacerName(Pacer p) {
  switch (p) {
  case Pacer::Raw: return "raw";
  case Pacer::Gated: return "gated";
  case Pacer::Chained: return "chained";
  case Pacer::Start: return "start";
  case Pacer::Other: return "other";
  }
  return "?";
}

namespace {

bool isMemory(NodeKind k) {
  return k == NodeKind::Memory || k == NodeKind::ExtMemory;
}
bool isAccess(NodeKind k) {
  return k == NodeKind::Load || k == NodeKind::Store;
}

// The loop (or branch) a rate's tokens belong to; none at the function level.
uint32_t regionOf(const dfg::Rate& r) {
  if (!r.known() || r.domain == dfg::Rate::Domain::FunctionEntry) return kNoLoop;
  return r.op;
}

// The memory an access talks to.
Vertex memoryOf(const dfg::Graph& g, Vertex access) {
  auto out = g.outEdges(access, 1);
  return out.empty() ? access : g.dst(out[0]);
}

// Every memory's name: "arg 0" for an extmemory, "memory 1" for the second internal one.
std::map<Vertex, std::string> memoryNames(const dfg::Graph& g) {
  std::map<Vertex, std::string> names;
  int internal = 0;
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    if (n.kind == NodeKind::ExtMemory) names[v] = "arg " + std::to_string(n.argIndex);
    if (n.kind == NodeKind::Memory) names[v] = "memory " + std::to_string(internal++);
  }
  return names;
}

// What paces `v`: the end of its walk back along the pacing inputs (harness::upstreamOf).
std::pair<Pacer, uint32_t> pacerOf(const dfg::Graph& g, Vertex v) {
  harness::Upstream up = harness::upstreamOf(g, v);
  if (!up.walked) return {Pacer::Other, kNoLoop};
  uint32_t region = regionOf(g.edge(up.last).rate);
  if (up.reached) return {up.rootRole == Role::RawWillContinue ? Pacer::Raw : Pacer::Gated, region};
  NodeKind k = g.node(up.stop).kind;
  if (isMemory(k)) return {Pacer::Chained, region};
  if (k == NodeKind::Entry) return {Pacer::Start, kNoLoop};
  return {Pacer::Other, kNoLoop};
}

// The memory output that carries `access`'s done token.
unsigned donePort(const dfg::Graph& g, Vertex access) {
  const dfg::Node& m = g.node(memoryOf(g, access));
  const dfg::Node& a = g.node(access);
  unsigned port = static_cast<unsigned>(std::max(a.memPort, 0));
  return a.kind == NodeKind::Store ? m.numLoads + port : m.numLoads + m.numStores + port;
}

// The accesses whose ctrl `from`'s done reaches along control channels, within one
// iteration: a carry's loop input (b) is the next iteration, not followed.
std::set<Vertex> reachedAccesses(const dfg::Graph& g, Vertex from) {
  std::set<Vertex> found, seen;
  std::deque<std::pair<Vertex, unsigned>> work; // (node, output port) to follow
  work.push_back({memoryOf(g, from), donePort(g, from)});
  while (!work.empty()) {
    auto [v, port] = work.front();
    work.pop_front();
    for (EdgeId e : g.outEdges(v, port)) {
      Vertex t = g.dst(e);
      const dfg::Edge& ed = g.edge(e);
      NodeKind k = g.node(t).kind;
      if (k == NodeKind::Carry && ed.dstPort == 2) continue;
      if (isAccess(k) && ed.dstPort == 2) {
        if (found.insert(t).second) work.push_back({memoryOf(g, t), donePort(g, t)});
        continue;
      }
      if (isMemory(k) || isAccess(k) || !seen.insert(t).second) continue;
      for (unsigned p = 0; p < g.node(t).outTypes.size(); ++p)
        if (g.node(t).outTypes[p].isNone()) work.push_back({t, p});
    }
  }
  return found;
}

} // namespace

std::vector<ControlUse> controlUses(const dfg::Graph& g) {
  std::vector<ControlUse> out;
  const std::map<Vertex, std::string> memories = memoryNames(g);
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    ControlUse u;
    // The ops a control token paces: the accesses (by their ctrl) and the repeaters (by d),
    // named as their row names them without the dialect ("load", "carry").
    const ops::OpSpec& row = ops::spec(n.kind);
    if (row.family != ops::Family::Access && row.rateRule != ops::RateRule::Repeater) continue;
    std::string_view kind = row.name;
    u.what = std::string(kind.substr(kind.find('.') + 1));
    auto [pacer, loop] = pacerOf(g, v); // an access' ctrl, a repeater's d: their pacing input
    u.pacer = pacer;
    u.loop = loop;
    if (isAccess(n.kind)) {
      u.memory = memories.at(memoryOf(g, v));
      EdgeId addr;
      if (g.inEdge(v, 0, addr) && regionOf(g.edge(addr).rate) != kNoLoop)
        u.loop = regionOf(g.edge(addr).rate); // an access belongs where its address does
    }
    u.node = "'" + n.name + "'" + (n.origin.loc.line ? " (" + n.origin.loc.str() + ")" : "");
    out.push_back(std::move(u));
  }
  return out;
}

namespace {

// "load (loop 12)": an access, with the region its address belongs to.
std::string orderLabel(const dfg::Graph& g, Vertex a) {
  EdgeId addr;
  uint32_t r = g.inEdge(a, 0, addr) ? regionOf(g.edge(addr).rate) : kNoLoop;
  return std::string(g.node(a).kind == NodeKind::Load ? "load" : "store") +
         (r == kNoLoop ? "" : " (op " + std::to_string(r) + ")");
}

// Longest-path levels of `accesses` under the reaches relation (cycles cut).
std::vector<std::vector<std::string>> levels(const dfg::Graph& g,
                                             const std::vector<Vertex>& accesses) {
  std::map<Vertex, std::set<Vertex>> after;
  for (Vertex a : accesses)
    after[a] = reachedAccesses(g, a);
  std::map<Vertex, size_t> depth;
  for (Vertex a : accesses)
    depth[a] = 0;
  for (size_t round = 0; round < accesses.size(); ++round)
    for (Vertex a : accesses)
      for (Vertex b : after[a])
        if (depth.count(b) && !after[b].count(a)) depth[b] = std::max(depth[b], depth[a] + 1);
  std::vector<std::vector<std::string>> out;
  for (Vertex a : accesses) {
    if (out.size() <= depth[a]) out.resize(depth[a] + 1);
    out[depth[a]].push_back(orderLabel(g, a));
  }
  for (auto& l : out)
    std::sort(l.begin(), l.end());
  return out;
}

} // namespace

std::vector<MemoryOrder> memoryOrders(const dfg::Graph& g) {
  const std::map<Vertex, std::string> memories = memoryNames(g);
  std::map<std::string, std::vector<Vertex>> byMemory;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (isAccess(g.node(v).kind)) byMemory[memories.at(memoryOf(g, v))].push_back(v);
  std::vector<MemoryOrder> out;
  for (auto& [name, accesses] : byMemory)
    out.push_back({name, levels(g, accesses)});
  return out;
}

namespace {

// "scf.for at k.mlir:8:3", or "the function" for kNoLoop.
std::string regionName(const std::vector<Op*>& ops, uint32_t id) {
  if (id == kNoLoop || id >= ops.size()) return "the function level";
  return std::string(ops[id]->name()) + " at " + ops[id]->loc.str() + " (op " + std::to_string(id) +
         ")";
}

// "raw", "gated x2, raw": a multiset of pacers.
std::string pacerList(const std::vector<Pacer>& ps) {
  std::map<Pacer, int> n;
  for (Pacer p : ps)
    ++n[p];
  std::string s;
  for (auto& [p, c] : n)
    s += (s.empty() ? "" : ", ") + std::string(pacerName(p)) +
         (c > 1 ? " x" + std::to_string(c) : "");
  return s.empty() ? "-" : s;
}
std::set<Pacer> kinds(const std::vector<Pacer>& ps) {
  return {ps.begin(), ps.end()};
}

std::string row(const std::string& label, const std::string& a, const std::string& b,
                bool differs) {
  std::string l = "    " + label;
  l.resize(std::max<size_t>(l.size() + 2, 34), ' ');
  std::string m = a;
  m.resize(std::max<size_t>(m.size() + 2, 20), ' ');
  std::string r = b;
  if (differs) r.resize(std::max<size_t>(r.size() + 2, 20), ' ');
  return l + m + r + (differs ? "differs" : "");
}

// Per region: the accesses one by one (in network order within their memory and kind),
// the invariants and carries as multisets (two correct lowerings may make different
// numbers of them; a pacer kind one has and the other not is what matters).
void diffControl(const std::vector<Op*>& ops, const dfg::Graph& ours, const dfg::Graph& theirs,
                 NetworkDiff& d) {
  using Key = std::tuple<uint32_t, std::string, std::string>; // region, what, memory
  std::map<Key, std::pair<std::vector<Pacer>, std::vector<Pacer>>> rows;
  for (const ControlUse& u : controlUses(ours))
    rows[{u.loop, u.what, u.memory}].first.push_back(u.pacer);
  for (const ControlUse& u : controlUses(theirs))
    rows[{u.loop, u.what, u.memory}].second.push_back(u.pacer);
  d.lines.push_back("control" + std::string(27, ' ') + "ours" + std::string(16, ' ') + "theirs");
  uint32_t region = kNoLoop - 1;
  for (auto& [key, both] : rows) {
    auto& [loop, what, memory] = key;
    if (loop != region) d.lines.push_back("  " + regionName(ops, loop)), region = loop;
    auto& [a, b] = both;
    if (memory.empty()) {
      bool differs = kinds(a) != kinds(b);
      d.differences += differs;
      d.lines.push_back(
          row(what == "carry" ? "carries" : what + "s", pacerList(a), pacerList(b), differs));
      continue;
    }
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
      std::string x = i < a.size() ? pacerName(a[i]) : "-",
                  y = i < b.size() ? pacerName(b[i]) : "-";
      bool differs = x != y;
      d.differences += differs;
      d.lines.push_back(
          row(what + " " + memory +
                  (std::max(a.size(), b.size()) > 1 ? " #" + std::to_string(i + 1) : ""),
              x, y, differs));
    }
  }
}

std::string levelText(const std::vector<std::vector<std::string>>& levels) {
  std::string s;
  for (const auto& l : levels) {
    std::string one;
    for (const std::string& a : l)
      one += (one.empty() ? "" : " | ") + a;
    s += (s.empty() ? "" : " ; ") + one;
  }
  return s.empty() ? "-" : s;
}

void diffOrder(const dfg::Graph& ours, const dfg::Graph& theirs, NetworkDiff& d) {
  std::map<std::string, std::pair<std::string, std::string>> rows;
  for (const MemoryOrder& m : memoryOrders(ours))
    rows[m.memory].first = levelText(m.levels);
  for (const MemoryOrder& m : memoryOrders(theirs))
    rows[m.memory].second = levelText(m.levels);
  d.lines.push_back("ctrl-done order (';' then, '|' unordered)");
  for (auto& [memory, both] : rows) {
    bool differs = both.first != both.second;
    d.differences += differs;
    d.lines.push_back("  " + memory + (differs ? "  differs" : ""));
    d.lines.push_back("    ours    " + (both.first.empty() ? "-" : both.first));
    d.lines.push_back("    theirs  " + (both.second.empty() ? "-" : both.second));
  }
}

} // namespace

NetworkDiff diffNetworks(const Module& m, const Function& f, const dfg::Graph& ours,
                         const dfg::Graph& theirs) {
  NetworkDiff d;
  std::vector<Op*> ops = m.opsById();
  d.lines.push_back("@" + f.name + ": ours " + std::to_string(ours.numNodes()) + " ops, " +
                    std::to_string(ours.numEdges()) + " channels; theirs " +
                    std::to_string(theirs.numNodes()) + " ops, " +
                    std::to_string(theirs.numEdges()) + " channels");
  diffControl(ops, ours, theirs, d);
  diffOrder(ours, theirs, d);
  return d;
}

} // namespace loom
