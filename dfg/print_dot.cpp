#include "dfg/print_dot.h"

#include <algorithm>
#include <sstream>

namespace loom::dfg {

namespace {

std::string dotQuote(std::string_view s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    if (c == '\n')
      r += "\\n";
    else
      r += c;
  }
  return r + "\"";
}

const char* const kRawStyle = "color=\"#e69138\", fontcolor=\"#b45f06\", penwidth=2";
const char* const kFindingStyle = "color=\"#cc0000\", fontcolor=\"#cc0000\", penwidth=3";
const char* const kGatedStyle = "color=\"#3c78d8\", fontcolor=\"#1c4587\", penwidth=2";
const char* const kCriticalStyle = "color=\"#7b1fa2\", fontcolor=\"#4a148c\", penwidth=3";

std::string shortName(const std::string& name) {
  size_t slash = name.rfind('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

class DotWriter {
public:
  DotWriter(std::ostream& os, const DotOptions& opts) : os_(os), opts_(opts) {}

  void function(const Graph& g, size_t index) {
    g_ = &g;
    index_ = index;
    prefix_ = "f" + std::to_string(index) + "_";
    collectScopes();
    run_ = opts_.run ? opts_.run(g) : nullptr;
    os_ << "  subgraph " << dotQuote("cluster_" + prefix_) << " {\n";
    os_ << "    label=" << dotQuote("func @" + g.function) << ";\n";
    done_.assign(g.scopes.size(), false);
    nodesOf(-1, "    ");
    for (size_t s = 0; s < g.scopes.size(); ++s)
      if (isRoot(static_cast<int>(s))) scope(static_cast<int>(s), "    ");
    for (size_t s = 0; s < g.scopes.size(); ++s) // scopes on a parent cycle (hand-built)
      if (!done_[s]) scope(static_cast<int>(s), "    ");
    os_ << "  }\n";
    size_t k = 0;
    for (dfg::EdgeId ch : g.edges())
      edge(ch, k++);
  }

private:
  // Nodes by scope (-1: no valid scope) and scopes by parent.
  void collectScopes() {
    size_t n = g_->scopes.size();
    members_.assign(n + 1, {});
    children_.assign(n, {});
    for (Vertex v = 0; v < g_->numNodes(); ++v) {
      uint32_t s = g_->node(v).scope;
      members_[s < n ? s + 1 : 0].push_back(v);
    }
    for (size_t s = 0; s < n; ++s)
      if (!isRoot(static_cast<int>(s)))
        children_[g_->scopes[s].parent].push_back(static_cast<int>(s));
  }
  bool isRoot(int s) const {
    int p = g_->scopes[s].parent;
    return p < 0 || p >= static_cast<int>(g_->scopes.size()) || p == s;
  }

  // A function scope is the function's cluster itself; others get a nested cluster.
  void scope(int s, const std::string& indent) {
    if (done_[s]) return;
    done_[s] = true;
    const Scope& sc = g_->scopes[s];
    bool cluster = sc.kind != Scope::Kind::Function;
    std::string in = cluster ? indent + "  " : indent;
    if (cluster) {
      os_ << indent << "subgraph " << dotQuote("cluster_" + prefix_ + "s" + std::to_string(s))
          << " {\n";
      os_ << in << "label=" << dotQuote(sc.name) << ";\n";
    }
    nodesOf(s, in);
    for (int c : children_[s])
      scope(c, in);
    if (cluster) os_ << indent << "}\n";
  }

  void nodesOf(int s, const std::string& indent) {
    for (Vertex v : members_[s + 1]) {
      const Node& n = g_->node(v);
      // A node the file did not write (LOOM's implicit forks and sinks): said, and grey.
      std::string added = n.added ? "\n(added by loom-sim)" : "";
      std::string tip = g_->describe(v) + added;
      auto critical =
          run_ ? run_->criticalOps.find(v) : std::map<Vertex, std::string>::const_iterator();
      bool onCycle = run_ && critical != run_->criticalOps.end();
      if (onCycle) tip += "\n" + critical->second;
      if (run_ && v < run_->stalls.size())
        tip += "\nwaited for an input " + std::to_string(run_->stalls[v].first) +
               " cycle(s), could not push " + std::to_string(run_->stalls[v].second);
      os_ << indent << id(v)
          << " [label=" << dotQuote(n.opName() + "\n" + shortName(n.name) + added)
          << ", tooltip=" << dotQuote(tip) << ", " << dotStyle(n.kind)
          << (n.added ? ", color=\"#999999\", fontcolor=\"#666666\"" : "");
      if (run_ && run_->findingOps.count(v))
        os_ << ", " << kFindingStyle;
      else if (onCycle)
        os_ << ", " << kCriticalStyle;
      if (opts_.ids) os_ << ", id=" << dotQuote(dotNodeId(index_, v));
      os_ << "];\n";
    }
  }

  // Channel k of the graph (in the order of Graph::edges()).
  void edge(EdgeId e, size_t k) {
    const Edge& ed = g_->edge(e);
    std::string tip =
        g_->describe(e) + "\n" + ed.type.str() + ", " + roleName(ed.role) + ", " + ed.rate.str();
    if (ed.capacity) tip += ", capacity " + std::to_string(ed.capacity);
    std::string count;
    bool red = false;
    if (run_ && k < run_->observed.size() && k < run_->expected.size()) {
      uint64_t obs = run_->observed[k];
      int64_t exp = run_->expected[k];
      count = std::to_string(obs);
      if (exp >= 0) count += " / " + std::to_string(exp);
      tip += "\n" + std::to_string(obs) + " token(s) over the run" +
             (exp >= 0 ? ", " + std::to_string(exp) + " expected" : "");
      red = exp >= 0 && static_cast<int64_t>(obs) != exp;
    }
    red |= run_ && run_->findingChannels.count(g_->describe(e));
    if (run_ && k < run_->fullCycles.size())
      tip += "\nfull " + std::to_string(run_->fullCycles[k]) + " cycle(s)";
    const char* critical = nullptr;
    if (run_)
      if (auto c = run_->criticalChannels.find(g_->describe(e));
          c != run_->criticalChannels.end()) {
        tip += "\n" + c->second;
        critical = kCriticalStyle;
      }
    os_ << "  " << id(g_->src(e)) << " -> " << id(g_->dst(e)) << " [tooltip=" << dotQuote(tip);
    // The ports at the two ends, as the op table names them.
    os_ << ", taillabel=" << dotQuote(g_->node(g_->src(e)).portName(false, ed.srcPort))
        << ", headlabel=" << dotQuote(g_->node(g_->dst(e)).portName(true, ed.dstPort));
    if (ed.type.isNone()) os_ << ", style=dashed";
    if (red)
      os_ << ", " << kFindingStyle;
    else if (critical)
      os_ << ", " << critical;
    else if (const char* style = controlStyle(ed.role))
      os_ << ", " << style;
    if (opts_.edgeLabels) os_ << ", label=" << dotQuote(edgeLabel(ed));
    // An external label: placed after the layout, which a label on each of a thousand
    // edges would slow down forty-fold (bench/graph_render.sh).
    if (!count.empty()) os_ << ", xlabel=" << dotQuote(count);
    if (opts_.ids) os_ << ", id=" << dotQuote(dotEdgeId(index_, k));
    os_ << "];\n";
  }
  // The loop control told apart at a glance: the stream's raw outputs (N + 1 tokens per
  // activation) and the gate's gated ones (N), the mistake the harness exists to find.
  static const char* controlStyle(Role r) {
    switch (r) {
    case Role::RawWillContinue:
    case Role::RawIndex: return kRawStyle;
    case Role::AfterCond:
    case Role::BodyIndex: return kGatedStyle;
    default: return nullptr;
    }
  }
  std::string edgeLabel(const Edge& ed) const {
    if (ed.type.isNone()) return roleName(ed.role);
    std::string s = ed.type.str();
    if (ed.role != Role::Data) s += " " + std::string(roleName(ed.role));
    return s;
  }

  // The node's name in the DOT text (the same as its dotNodeId).
  std::string id(Vertex v) const { return prefix_ + "n" + std::to_string(v); }

  std::ostream& os_;
  const DotOptions& opts_;
  const Graph* g_ = nullptr;
  const DotRun* run_ = nullptr;
  size_t index_ = 0;
  std::string prefix_;
  std::vector<std::vector<Vertex>> members_; // [scope + 1]
  std::vector<std::vector<int>> children_;
  std::vector<bool> done_;
};

} // namespace

std::string dotNodeId(size_t graph, Vertex v) {
  return "f" + std::to_string(graph) + "_n" + std::to_string(v);
}

std::string dotEdgeId(size_t graph, size_t k) {
  return "f" + std::to_string(graph) + "_e" + std::to_string(k);
}

const char* dotStyle(NodeKind k) {
  switch (ops::spec(k).family) {
  case ops::Family::Boundary:
    return k == NodeKind::Entry ? "shape=invhouse, style=filled, fillcolor=\"#dddddd\""
                                : "shape=house, style=filled, fillcolor=\"#dddddd\"";
  case ops::Family::Dataflow: return "shape=box, style=\"rounded,filled\", fillcolor=\"#cfe2f3\"";
  case ops::Family::Memory: return "shape=cylinder, style=filled, fillcolor=\"#fce5cd\"";
  case ops::Family::Access: return "shape=box, style=filled, fillcolor=\"#fff2cc\"";
  case ops::Family::Compute: return "shape=box, style=filled, fillcolor=\"#d9ead3\"";
  case ops::Family::Handshake: return "shape=box";
  }
  return "shape=box";
}

void printDot(const std::vector<Graph>& graphs, std::ostream& os, const DotOptions& opts) {
  std::vector<const Graph*> ptrs;
  for (const Graph& g : graphs)
    ptrs.push_back(&g);
  printDot(ptrs, os, opts);
}

void printDot(const std::vector<const Graph*>& graphs, std::ostream& os, const DotOptions& opts) {
  os << "digraph \"loom\" {\n";
  os << "  node [fontname=\"Helvetica\", fontsize=10];\n";
  os << "  edge [fontname=\"Helvetica\", fontsize=8, labelfontsize=7];\n";
  bool run = opts.run && std::any_of(graphs.begin(), graphs.end(),
                                     [&](const Graph* g) { return opts.run(*g) != nullptr; });
  os << "  label=\"orange: raw loop control (N + 1 tokens per activation); blue: gated (N); "
        "dashed: control tokens"
     << (run ? "; edges: tokens over the run / expected; red: a finding's op or channel, or a "
               "count off its rate"
             : "")
     << "\";\n  labelloc=b;\n";
  if (run) os << "  forcelabels=true;\n";
  DotWriter w(os, opts);
  for (size_t i = 0; i < graphs.size(); ++i)
    w.function(*graphs[i], i);
  os << "}\n";
}

void printDot(const Graph& g, std::ostream& os, const DotOptions& opts) {
  printDot(std::vector<const Graph*>{&g}, os, opts);
}

std::string printDot(const Graph& g, const DotOptions& opts) {
  std::ostringstream os;
  printDot(g, os, opts);
  return os.str();
}

} // namespace loom::dfg
