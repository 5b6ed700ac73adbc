#include "lowering/dfg/dfg.h"

namespace loom::dfg {

namespace {
struct KindName {
  NodeKind kind;
  const char* name;
};
const KindName kKindNames[] = {
    {NodeKind::Entry, "loom.entry"},
    {NodeKind::Return, "handshake.return"},
    {NodeKind::Stream, "dataflow.stream"},
    {NodeKind::Gate, "dataflow.gate"},
    {NodeKind::Carry, "dataflow.carry"},
    {NodeKind::Invariant, "dataflow.invariant"},
    {NodeKind::Fork, "handshake.fork"},
    {NodeKind::LazyFork, "handshake.lazy_fork"},
    {NodeKind::Join, "handshake.join"},
    {NodeKind::Sync, "handshake.sync"},
    {NodeKind::CondBr, "handshake.cond_br"},
    {NodeKind::Mux, "handshake.mux"},
    {NodeKind::Merge, "handshake.merge"},
    {NodeKind::ControlMerge, "handshake.control_merge"},
    {NodeKind::Buffer, "handshake.buffer"},
    {NodeKind::Sink, "handshake.sink"},
    {NodeKind::Source, "handshake.source"},
    {NodeKind::Constant, "handshake.constant"},
    {NodeKind::Load, "handshake.load"},
    {NodeKind::Store, "handshake.store"},
    {NodeKind::Memory, "handshake.memory"},
    {NodeKind::ExtMemory, "handshake.extmemory"},
    {NodeKind::Compute, "arith"},
};

const char* kRoleNames[] = {"data",     "raw_will_continue", "raw_index", "after_cond",
                            "body_index", "body_ctrl",        "iter_carry", "mem_ctrl",
                            "done",     "mem_addr",          "mem_data",  "result"};
} // namespace

const char* kindName(NodeKind k) {
  for (const auto& e : kKindNames)
    if (e.kind == k) return e.name;
  return "?";
}

bool kindFromName(std::string_view name, NodeKind& out) {
  for (const auto& e : kKindNames)
    if (name == e.name && e.kind != NodeKind::Compute) {
      out = e.kind;
      return true;
    }
  return false;
}

const char* roleName(Role r) { return kRoleNames[static_cast<int>(r)]; }

bool roleFromName(std::string_view name, Role& out) {
  for (size_t i = 0; i < sizeof kRoleNames / sizeof kRoleNames[0]; ++i)
    if (name == kRoleNames[i]) {
      out = static_cast<Role>(i);
      return true;
    }
  return false;
}

std::string Node::opName() const {
  if (kind == NodeKind::Compute) return std::string(loom::opName(arith));
  return kindName(kind);
}

// ---- rates -------------------------------------------------------------------------

Rate Rate::entry() { return {Domain::FunctionEntry, 0, {{Count::Invocations, 0, 1}}}; }
Rate Rate::loopBody(uint32_t l) { return {Domain::LoopBody, l, {{Count::LoopIterations, l, 1}}}; }
static Count starts(bool guarded) { return guarded ? Count::LoopNonEmpty : Count::LoopActivations; }
Rate Rate::loopBoundary(uint32_t l, bool guarded) {
  return {Domain::LoopBoundary, l, {{Count::LoopIterations, l, 1}, {starts(guarded), l, 1}}};
}
Rate Rate::loopExit(uint32_t l, bool guarded) {
  return {Domain::LoopExit, l, {{starts(guarded), l, 1}}};
}
Rate Rate::loopBodyTail(uint32_t l, bool guarded) {
  return {Domain::LoopBodyTail, l, {{Count::LoopIterations, l, 1}, {starts(guarded), l, -1}}};
}
Rate Rate::guardEnter(uint32_t l) { return {Domain::GuardEnter, l, {{Count::LoopNonEmpty, l, 1}}}; }
Rate Rate::guardSkip(uint32_t l) {
  return {Domain::GuardSkip, l, {{Count::LoopActivations, l, 1}, {Count::LoopNonEmpty, l, -1}}};
}
Rate Rate::ifThen(uint32_t i) { return {Domain::IfThen, i, {{Count::IfThen, i, 1}}}; }
Rate Rate::ifElse(uint32_t i) { return {Domain::IfElse, i, {{Count::IfElse, i, 1}}}; }

std::string Rate::str() const {
  std::string op = "op #" + std::to_string(this->op);
  switch (domain) {
  case Domain::FunctionEntry: return "function entry (once per invocation)";
  case Domain::LoopBody: return "loop body of " + op + " (N per activation)";
  case Domain::LoopBoundary: return "loop boundary of " + op + " (N + 1 per activation)";
  case Domain::LoopExit: return "loop exit of " + op + " (1 per activation)";
  case Domain::LoopBodyTail: return "loop body tail of " + op + " (N - 1 per activation)";
  case Domain::IfThen: return "then-branch of " + op;
  case Domain::IfElse: return "else-branch of " + op;
  case Domain::GuardEnter: return "zero-trip guard of " + op + " (taken: N > 0)";
  case Domain::GuardSkip: return "zero-trip guard of " + op + " (skipped: N = 0)";
  case Domain::Unknown: return "unknown";
  }
  return "?";
}

// ---- graph -------------------------------------------------------------------------

Vertex Graph::addNode(Node n) { return boost::add_vertex(std::move(n), g); }

EdgeId Graph::connect(PortRef from, Vertex to, unsigned dstPort) {
  const Node& src = g[from.node];
  Edge e;
  e.srcPort = from.port;
  e.dstPort = dstPort;
  e.type = src.outTypes.at(from.port);
  e.role = src.outRoles.at(from.port);
  e.rate = src.outRates.at(from.port);
  return boost::add_edge(from.node, to, std::move(e), g).first;
}

bool Graph::inEdge(Vertex v, unsigned port, EdgeId& out) const {
  for (auto [it, end] = boost::in_edges(v, g); it != end; ++it)
    if (g[*it].dstPort == port) {
      out = *it;
      return true;
    }
  return false;
}

std::vector<EdgeId> Graph::outEdges(Vertex v, unsigned port) const {
  std::vector<EdgeId> r;
  for (auto [it, end] = boost::out_edges(v, g); it != end; ++it)
    if (g[*it].srcPort == port) r.push_back(*it);
  return r;
}

std::string Graph::describe(Vertex v) const {
  const Node& n = g[v];
  std::string s = n.name + " (" + n.opName() + ")";
  if (n.origin.loc.line) s += " at " + n.origin.loc.str();
  return s;
}

std::string Graph::describe(EdgeId e) const {
  const Edge& ed = g[e];
  return g[boost::source(e, g)].name + ":" + std::to_string(ed.srcPort) + " -> " +
         g[boost::target(e, g)].name + ":" + std::to_string(ed.dstPort);
}

} // namespace loom::dfg
