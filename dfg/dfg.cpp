#include "dfg/dfg.h"

#include <map>
#include <tuple>

namespace loom::dfg {

namespace {
const char* kRoleNames[] = {"data",       "raw_will_continue", "raw_index",  "after_cond",
                            "body_index", "body_ctrl",         "iter_carry", "mem_ctrl",
                            "done",       "mem_addr",          "mem_data",   "result"};
} // namespace

Role initialRole(const Node& n, unsigned p) {
  const ops::PortSpec* ps = nullptr;
  unsigned rep = 0;
  bool none = p < n.outTypes.size() && n.outTypes[p].isNone();
  if (!ops::portSpec(ops::spec(n.kind), n.shape(), false, p, ps, rep))
    return none ? Role::BodyCtrl : Role::Data;
  switch (ps->role) {
  case ops::PortRole::ByType: return none ? Role::BodyCtrl : Role::Data;
  case ops::PortRole::Data: return Role::Data;
  case ops::PortRole::RawIndex: return Role::RawIndex;
  case ops::PortRole::RawWillContinue: return Role::RawWillContinue;
  case ops::PortRole::AfterCond: return Role::AfterCond;
  case ops::PortRole::MemData: return Role::MemData;
  case ops::PortRole::MemAddr: return Role::MemAddr;
  case ops::PortRole::Done: return Role::Done;
  case ops::PortRole::CarryByType: return none ? Role::MemCtrl : Role::IterCarry;
  }
  return Role::Data;
}

const char* roleName(Role r) {
  return kRoleNames[static_cast<int>(r)];
}

bool roleFromName(std::string_view name, Role& out) {
  for (size_t i = 0; i < sizeof kRoleNames / sizeof kRoleNames[0]; ++i)
    if (name == kRoleNames[i]) {
      out = static_cast<Role>(i);
      return true;
    }
  return false;
}

bool decidesCarryLoop(NodeKind k) {
  return k != NodeKind::Stream && k != NodeKind::Gate && k != NodeKind::Invariant &&
         k != NodeKind::Entry && k != NodeKind::Constant;
}

std::string Node::opName() const {
  if (kind == NodeKind::Compute) return std::string(loom::opName(arith));
  return kindName(kind);
}

// ---- rates -------------------------------------------------------------------------

Rate Rate::entry() {
  return {Domain::FunctionEntry, 0, {{Count::Invocations, 0, 1, {}}}};
}
namespace {
Rate withDomain(Rate r, Rate::Domain d, uint32_t op) {
  r.domain = d;
  r.op = op;
  return r;
}
Rate term(Count c, uint32_t op, const std::string& ctx) {
  return Rate{Rate::Domain::Unknown, op, {{c, op, 1, ctx}}};
}
} // namespace

Rate Rate::loopBody(uint32_t l, const std::string& ctx) {
  return withDomain(term(Count::LoopIterations, l, ctx), Domain::LoopBody, l);
}
Rate Rate::whileBeforeRuns(uint32_t l) {
  return withDomain(term(Count::LoopIterations, l, "").plus(term(Count::LoopActivations, l, "")),
                    Domain::LoopBody, l);
}
Rate Rate::loopBoundary(uint32_t l, bool guarded, const Rate& parent, const std::string& ctx) {
  Rate starts = guarded ? term(Count::LoopNonEmpty, l, ctx) : parent;
  return withDomain(term(Count::LoopIterations, l, ctx).plus(starts), Domain::LoopBoundary, l);
}
Rate Rate::loopExit(uint32_t l, bool guarded, const Rate& parent, const std::string& ctx) {
  return withDomain(guarded ? term(Count::LoopNonEmpty, l, ctx) : parent, Domain::LoopExit, l);
}
Rate Rate::loopBodyTail(uint32_t l, bool guarded, const Rate& parent, const std::string& ctx) {
  Rate starts = guarded ? term(Count::LoopNonEmpty, l, ctx) : parent;
  return withDomain(term(Count::LoopIterations, l, ctx).minus(starts), Domain::LoopBodyTail, l);
}
Rate Rate::guardEnter(uint32_t l, const std::string& ctx) {
  return withDomain(term(Count::LoopNonEmpty, l, ctx), Domain::GuardEnter, l);
}
Rate Rate::guardSkip(uint32_t l, const Rate& parent, const std::string& ctx) {
  return withDomain(parent.minus(term(Count::LoopNonEmpty, l, ctx)), Domain::GuardSkip, l);
}
Rate Rate::ifThen(uint32_t i, const std::string& ctx) {
  return withDomain(term(Count::IfThen, i, ctx), Domain::IfThen, i);
}
Rate Rate::ifElse(uint32_t i, const Rate& parent, const std::string& ctx) {
  return withDomain(parent.minus(term(Count::IfThen, i, ctx)), Domain::IfElse, i);
}

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

namespace {
using TermKey = std::tuple<int, uint32_t, std::string>;
std::map<TermKey, int64_t> normalized(const std::vector<RateTerm>& terms) {
  std::map<TermKey, int64_t> m;
  for (const RateTerm& t : terms)
    m[{static_cast<int>(t.count), t.count == Count::Invocations ? 0 : t.op, t.ctx}] += t.coef;
  for (auto it = m.begin(); it != m.end();)
    it = it->second == 0 ? m.erase(it) : std::next(it);
  return m;
}
Rate fromMap(const std::map<TermKey, int64_t>& m) {
  Rate r;
  r.domain = Rate::Domain::Unknown;
  for (auto& [k, c] : m)
    r.terms.push_back({static_cast<Count>(std::get<0>(k)), std::get<1>(k), c, std::get<2>(k)});
  return r;
}
const char* countSymbol(Count c) {
  switch (c) {
  case Count::Invocations: return "calls";
  case Count::LoopActivations: return "A";
  case Count::LoopNonEmpty: return "A'";
  case Count::LoopIterations: return "I";
  case Count::IfThen: return "then";
  case Count::IfElse: return "else";
  }
  return "?";
}
} // namespace

bool Rate::sameCount(const Rate& o) const {
  return normalized(terms) == normalized(o.terms);
}

Rate Rate::minus(const Rate& o) const {
  auto m = normalized(terms);
  for (auto& [k, c] : normalized(o.terms))
    m[k] -= c;
  return fromMap(normalized(fromMap(m).terms));
}

Rate Rate::plus(const Rate& o) const {
  auto m = normalized(terms);
  for (auto& [k, c] : normalized(o.terms))
    m[k] += c;
  return fromMap(normalized(fromMap(m).terms));
}

namespace {

// Whether `r` is one count of one side of a condition: then(I), or A'(L) of a guard.
bool oneSide(const Rate& r) {
  return r.terms.size() == 1 && r.terms[0].coef == 1 &&
         (r.terms[0].count == Count::IfThen || r.terms[0].count == Count::LoopNonEmpty);
}

} // namespace

Rate streamStarts(const Rate& start, const Rate& other) {
  if (!start.known() || !other.known() || start.sameCount(other)) return start;
  Rate rest = start.minus(other);
  Rate side = other.minus(Rate{}); // normalized
  return oneSide(side) || oneSide(rest) ? other : start;
}

std::string Rate::formula() const {
  std::string s;
  for (auto& [k, c] : normalized(terms)) {
    Count cnt = static_cast<Count>(std::get<0>(k));
    const std::string& ctx = std::get<2>(k);
    std::string term = std::string(countSymbol(cnt)) +
                       (cnt == Count::Invocations ? ""
                                                  : "(op " + std::to_string(std::get<1>(k)) +
                                                        (ctx.empty() ? "" : " in " + ctx) + ")");
    if (s.empty())
      s = (c == 1 ? "" : c == -1 ? "-" : std::to_string(c) + "*") + term;
    else
      s += (c < 0 ? " - " : " + ") +
           (c == 1 || c == -1 ? "" : std::to_string(c < 0 ? -c : c) + "*") + term;
  }
  return s.empty() ? "0" : s;
}

namespace {

// One count, once: "once per iteration of op 12".
std::string once(const RateTerm& t) {
  std::string op = "op " + std::to_string(t.op);
  switch (t.count) {
  case Count::Invocations: return "once per call";
  case Count::LoopIterations: return "once per iteration of " + op;
  case Count::LoopNonEmpty: return "once per activation of " + op + " that iterates";
  case Count::LoopActivations: return "once per activation of " + op;
  case Count::IfThen: return "on the true side of " + op;
  case Count::IfElse: return "on the false side of " + op;
  }
  return "";
}

} // namespace

std::string Rate::words() const {
  Rate r = fromMap(normalized(terms));
  for (const RateTerm& t : r.terms)
    if (!t.ctx.empty() || (t.coef != 1 && t.coef != -1)) return formula();
  if (r.terms.empty()) return "never";
  if (r.terms.size() == 1) return r.terms[0].coef == 1 ? once(r.terms[0]) : formula();
  if (r.terms.size() != 2) return formula();
  const RateTerm& a = r.terms[0].coef == 1 ? r.terms[0] : r.terms[1];
  const RateTerm& b = &a == &r.terms[0] ? r.terms[1] : r.terms[0];
  if (a.coef != 1 || a.count == Count::IfThen || a.count == Count::IfElse) return formula();
  if (b.coef == -1 && b.count == Count::IfThen) // P - then(c): P's count on c's false side
    return once(a) + " on the false side of op " + std::to_string(b.op);
  if (a.count == Count::LoopIterations && b.count == Count::LoopNonEmpty && a.op == b.op)
    return std::string(b.coef == 1 ? "N + 1" : "N - 1") + " per activation of op " +
           std::to_string(a.op); // the loop's boundary, or its body but the last
  if (b.coef == 1 && a.count == Count::LoopNonEmpty && b.count == Count::LoopIterations &&
      a.op == b.op)
    return "N + 1 per activation of op " + std::to_string(a.op);
  if (b.coef == 1) {
    const RateTerm& body = a.count == Count::LoopIterations ? a : b;
    const RateTerm& other = &body == &a ? b : a;
    if (body.count == Count::LoopIterations && other.count != Count::IfThen)
      return once(body) + ", plus " + once(other);
  }
  return formula();
}

std::string Node::portName(bool input, unsigned port) const {
  return ops::portName(ops::spec(kind), shape(), input, port);
}

// ---- graph -------------------------------------------------------------------------

Vertex Graph::addNode(Node n) {
  return boost::add_vertex(std::move(n), g_);
}

EdgeId Graph::connect(PortRef from, Vertex to, unsigned dstPort) {
  const Node& src = g_[from.node];
  Edge e;
  e.srcPort = from.port;
  e.dstPort = dstPort;
  e.type = src.outTypes.at(from.port);
  e.role = src.outRoles.at(from.port);
  e.rate = src.outRates.at(from.port);
  return addEdge(from.node, to, std::move(e));
}

EdgeId Graph::addEdge(Vertex from, Vertex to, Edge e) {
  return boost::add_edge(from, to, std::move(e), g_).first;
}

void Graph::removeEdge(EdgeId e) {
  boost::remove_edge(e, g_);
}

void Graph::removeNodes(const std::vector<bool>& dead) {
  constexpr Vertex kGone = ~Vertex(0);
  std::vector<Vertex> to(numNodes(), kGone);
  Graph_ kept;
  for (Vertex v = 0; v < numNodes(); ++v)
    if (v >= dead.size() || !dead[v]) to[v] = boost::add_vertex(g_[v], kept);
  for (EdgeId e : edges())
    if (to[src(e)] != kGone && to[dst(e)] != kGone)
      boost::add_edge(to[src(e)], to[dst(e)], g_[e], kept);
  entry = to[entry] == kGone ? 0 : to[entry];
  ret = to[ret] == kGone ? 0 : to[ret];
  g_ = std::move(kept);
}

EdgeRange Graph::edges() const {
  auto [first, last] = boost::edges(g_);
  return {first, last};
}

InEdgeRange Graph::inEdges(Vertex v) const {
  auto [first, last] = boost::in_edges(v, g_);
  return {first, last};
}

OutEdgeRange Graph::outEdges(Vertex v) const {
  auto [first, last] = boost::out_edges(v, g_);
  return {first, last};
}

bool Graph::inEdge(Vertex v, unsigned port, EdgeId& out) const {
  for (EdgeId e : inEdges(v))
    if (g_[e].dstPort == port) {
      out = e;
      return true;
    }
  return false;
}

std::vector<EdgeId> Graph::outEdges(Vertex v, unsigned port) const {
  std::vector<EdgeId> r;
  for (EdgeId e : outEdges(v))
    if (g_[e].srcPort == port) r.push_back(e);
  return r;
}

std::string Graph::describe(Vertex v) const {
  const Node& n = g_[v];
  std::string s = n.name + " (" + n.opName() + ")";
  if (n.origin.loc.line) s += " at " + n.origin.loc.where();
  return s;
}

std::string Graph::describe(EdgeId e) const {
  const Edge& ed = g_[e];
  return g_[src(e)].name + ":" + std::to_string(ed.srcPort) + " -> " + g_[dst(e)].name + ":" +
         std::to_string(ed.dstPort);
}

std::pair<Vertex, unsigned> producerOf(const Graph& g, Vertex v, unsigned in) {
  EdgeId e;
  unsigned port = 0;
  for (int steps = 0; steps < 1024 && g.inEdge(v, steps ? 0 : in, e); ++steps) {
    v = g.src(e);
    port = g.edge(e).srcPort;
    if (!ops::spec(g.node(v).kind).passesTokens) break;
  }
  return {v, port};
}

} // namespace loom::dfg
