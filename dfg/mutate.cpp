#include "dfg/mutate.h"

#include "dfg/edit.h"

#include <algorithm>
#include <map>
#include <set>

namespace loom::dfg {

namespace {

// Ports of the ops the operators change (ops/op_table.cpp).
constexpr unsigned kStreamCont = 1; // stream: raw_will_continue
constexpr unsigned kCarryCond = 0, kCarryInit = 1, kCarryLoop = 2;
constexpr unsigned kInvariantValue = 1;
constexpr unsigned kBrData = 1;
constexpr unsigned kMuxSelect = 0, kMuxTrue = 2;
constexpr unsigned kAccessCtrl = 2, kAccessAddrOut = 1;

struct OpInfo {
  MutationOp op;
  const char* name;
  const char* what;
};
constexpr OpInfo kOps[] = {
    {MutationOp::ControlSource, "control-source",
     "a control input moved to another control source of the same loop: raw_will_continue "
     "to after_cond or back, or an access's ctrl to the call's start token"},
    {MutationOp::CarryCondition, "carry-condition",
     "a carry's condition taken from the loop's other control stream (raw_will_continue "
     "to after_cond or back)"},
    {MutationOp::CarryInitSwap, "carry-init-swap",
     "a carry's initial value and its loop-back value exchanged"},
    {MutationOp::SplitBypass, "split-bypass",
     "one side of a cond_br bypassed: its consumer takes the cond_br's data input, every "
     "token"},
    {MutationOp::InvariantRaw, "invariant-raw",
     "a dataflow.invariant replaced by its raw value (once per activation, not per "
     "iteration)"},
    {MutationOp::ForkToSink, "fork-to-sink",
     "a value a join waits for sent to a sink instead: the join loses that input"},
    {MutationOp::MuxSelect, "mux-select",
     "a mux's select taken from another branch condition of the same rate"},
    {MutationOp::AccessCtrl, "access-ctrl",
     "a load's or store's ctrl taken from another access's done"},
    {MutationOp::OrderSwap, "order-swap",
     "two accesses next to each other in a memory's ctrl-done chain exchanged"},
    {MutationOp::GuardRemoved, "guard-removed",
     "a loop's zero-trip guard removed: its cond_brs pass the loop's inputs on, its muxes "
     "take the loop's exit values"},
};

// "input 'ctrl' of handshake.load 'k/for0/load.a'"
std::string inputText(const Graph& g, Vertex v, unsigned port) {
  const Node& n = g.node(v);
  return "input '" + n.portName(true, port) + "' of " + n.opName() + " '" + n.name + "'";
}
// "'after_cond' of dataflow.gate 'k/for0.gate'"
std::string outputText(const Graph& g, PortRef p) {
  const Node& n = g.node(p.node);
  return "'" + n.portName(false, p.port) + "' of " + n.opName() + " '" + n.name + "'";
}
std::string opText(const Graph& g, Vertex v) {
  return g.node(v).opName() + " '" + g.node(v).name + "'";
}

bool isKind(const Graph& g, Vertex v, NodeKind k) {
  return g.node(v).kind == k;
}
bool isRaw(const Graph& g, PortRef p) {
  return isKind(g, p.node, NodeKind::Stream) && p.port == kStreamCont;
}
bool isAfterCond(const Graph& g, PortRef p) {
  return isKind(g, p.node, NodeKind::Gate) && p.port == kGateAfterCond;
}

// The loop's other control stream: a stream's raw_will_continue <-> the after_cond of
// the gate that takes it.
std::optional<PortRef> otherStream(const Graph& g, PortRef p) {
  if (isAfterCond(g, p)) {
    PortRef raw = originOf(g, p.node, kGateBeforeCond);
    if (isRaw(g, raw)) return raw;
    return std::nullopt;
  }
  if (!isRaw(g, p)) return std::nullopt;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (isKind(g, v, NodeKind::Gate) && originOf(g, v, kGateBeforeCond) == p)
      return PortRef{v, kGateAfterCond};
  return std::nullopt;
}

// The call's start token: the entry's last output, when it is a control token.
std::optional<PortRef> startToken(const Graph& g) {
  const Node& e = g.node(g.entry);
  if (e.kind != NodeKind::Entry || e.outTypes.empty() || !e.outTypes.back().isNone())
    return std::nullopt;
  return PortRef{g.entry, static_cast<unsigned>(e.outTypes.size() - 1)};
}

bool connected(const Graph& g, Vertex v, unsigned port) {
  EdgeId e;
  return g.inEdge(v, port, e);
}

// The done output of an access on the memory interface its address goes to.
std::optional<PortRef> doneOf(const Graph& g, Vertex access) {
  for (EdgeId e : g.outEdges(access, kAccessAddrOut)) {
    Vertex m = g.dst(e);
    const Node& mem = g.node(m);
    if (mem.kind != NodeKind::Memory && mem.kind != NodeKind::ExtMemory) return std::nullopt;
    unsigned in = g.edge(e).dstPort, out = 0;
    if (isKind(g, access, NodeKind::Store)) {
      if (in >= 2 * mem.numStores) return std::nullopt;
      out = mem.numLoads + in / 2;
    } else {
      if (in < 2 * mem.numStores) return std::nullopt;
      out = mem.numLoads + mem.numStores + (in - 2 * mem.numStores);
    }
    if (out < mem.outTypes.size()) return PortRef{m, out};
  }
  return std::nullopt;
}

bool isAccess(const Graph& g, Vertex v) {
  return isKind(g, v, NodeKind::Load) || isKind(g, v, NodeKind::Store);
}

MutationSite site(MutationOp op, Vertex v, unsigned port, PortRef from, std::string text) {
  MutationSite s;
  s.op = op;
  s.v = v;
  s.port = port;
  s.from = from;
  s.text = std::move(text);
  return s;
}

// An input moved to `to`: "input 'd' of ... takes 'after_cond' of ... (was ...)".
MutationSite moved(const Graph& g, MutationOp op, Vertex v, unsigned port, PortRef to) {
  return site(op, v, port, to,
              inputText(g, v, port) + " takes " + outputText(g, to) + " (was " +
                  outputText(g, originOf(g, v, port)) + ")");
}

void controlSourceSites(const Graph& g, std::vector<MutationSite>& out) {
  auto start = startToken(g);
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const Node& n = g.node(v);
    if (n.kind == NodeKind::Fork || n.kind == NodeKind::LazyFork || n.kind == NodeKind::Sink)
      continue; // a copy, or tokens no one takes
    for (unsigned p = 0; p < n.inTypes.size(); ++p) {
      if (!connected(g, v, p)) continue;
      if (n.kind == NodeKind::Carry && p == kCarryCond) continue; // carry-condition's
      if (n.kind == NodeKind::Gate && p == kGateBeforeCond) continue;
      PortRef from = originOf(g, v, p);
      if (auto other = otherStream(g, from))
        out.push_back(moved(g, MutationOp::ControlSource, v, p, *other));
      if (isAccess(g, v) && p == kAccessCtrl && start && !(from == *start))
        out.push_back(moved(g, MutationOp::ControlSource, v, p, *start));
    }
  }
}

void carryConditionSites(const Graph& g, std::vector<MutationSite>& out) {
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (isKind(g, v, NodeKind::Carry) && connected(g, v, kCarryCond))
      if (auto other = otherStream(g, originOf(g, v, kCarryCond)))
        out.push_back(moved(g, MutationOp::CarryCondition, v, kCarryCond, *other));
}

void carryInitSwapSites(const Graph& g, std::vector<MutationSite>& out) {
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (isKind(g, v, NodeKind::Carry) && connected(g, v, kCarryInit) && connected(g, v, kCarryLoop))
      out.push_back(site(MutationOp::CarryInitSwap, v, kCarryInit, {},
                         opText(g, v) + " takes its loop-back value as 'a' and its initial "
                                        "value as 'b'"));
}

void splitBypassSites(const Graph& g, std::vector<MutationSite>& out) {
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    if (!isKind(g, v, NodeKind::CondBr) || !connected(g, v, kBrData)) continue;
    for (unsigned side = 0; side < 2; ++side)
      for (EdgeId e : g.outEdges(v, side)) {
        Vertex c = g.dst(e);
        if (isKind(g, c, NodeKind::Sink)) continue;
        unsigned p = g.edge(e).dstPort;
        PortRef data = originOf(g, v, kBrData);
        MutationSite s =
            site(MutationOp::SplitBypass, c, p, data,
                 inputText(g, c, p) + " takes " + outputText(g, data) + " every time (was the " +
                     (side ? "false" : "true") + " side of " + opText(g, v) + ")");
        s.other = v;
        out.push_back(s);
      }
  }
}

void invariantRawSites(const Graph& g, std::vector<MutationSite>& out) {
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (isKind(g, v, NodeKind::Invariant) && connected(g, v, kInvariantValue) &&
        !g.outEdges(v, 0).empty())
      out.push_back(site(MutationOp::InvariantRaw, v, kInvariantValue, {},
                         opText(g, v) + " removed: its consumers take " +
                             outputText(g, originOf(g, v, kInvariantValue)) +
                             " once per activation"));
}

void forkToSinkSites(const Graph& g, std::vector<MutationSite>& out) {
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const Node& n = g.node(v);
    if (n.kind != NodeKind::Join || n.inTypes.size() < 2) continue;
    for (unsigned p = 0; p < n.inTypes.size(); ++p)
      if (connected(g, v, p))
        out.push_back(site(MutationOp::ForkToSink, v, p, {},
                           outputText(g, originOf(g, v, p)) + " goes to a sink: " + opText(g, v) +
                               " no longer waits for it (its " + inputText(g, v, p) + ")"));
  }
}

// Where a condition is used: a cond_br's cond, a mux's select (both input 0).
bool decides(const Graph& g, Vertex v) {
  return (isKind(g, v, NodeKind::CondBr) || isKind(g, v, NodeKind::Mux)) && connected(g, v, 0);
}

// The rate of the tokens input `port` of `v` takes.
const Rate* inputRate(const Graph& g, Vertex v, unsigned port) {
  EdgeId e;
  return g.inEdge(v, port, e) ? &g.edge(e).rate : nullptr;
}

void muxSelectSites(const Graph& g, std::vector<MutationSite>& out) {
  // Every branch condition of the network, once: the outputs that decide a cond_br or
  // a mux, with the rate at which they are taken.
  std::vector<std::pair<PortRef, const Rate*>> conditions;
  std::set<std::pair<Vertex, unsigned>> seen;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (decides(g, v)) {
      PortRef c = originOf(g, v, 0);
      if (seen.insert({c.node, c.port}).second) conditions.push_back({c, inputRate(g, v, 0)});
    }
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    if (!isKind(g, v, NodeKind::Mux) || !connected(g, v, kMuxSelect)) continue;
    PortRef now = originOf(g, v, kMuxSelect);
    const Rate* rate = inputRate(g, v, kMuxSelect);
    const Type& type = g.node(v).inTypes.at(kMuxSelect);
    for (const auto& [c, r] : conditions) {
      if (c == now || !(g.node(c.node).outTypes.at(c.port) == type)) continue;
      // The same rate where rates are known (a condition decided as often); otherwise
      // one of the same scope.
      bool known = rate && rate->known() && r && r->known();
      if (known ? !rate->sameCount(*r) : g.node(c.node).scope != g.node(now.node).scope) continue;
      out.push_back(moved(g, MutationOp::MuxSelect, v, kMuxSelect, c));
    }
  }
}

void accessCtrlSites(const Graph& g, std::vector<MutationSite>& out) {
  std::vector<Vertex> accesses;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (isAccess(g, v) && connected(g, v, kAccessCtrl)) accesses.push_back(v);
  for (Vertex v : accesses) {
    PortRef now = originOf(g, v, kAccessCtrl);
    for (Vertex a : accesses) {
      if (a == v || g.node(a).scope != g.node(v).scope) continue;
      auto done = doneOf(g, a);
      if (!done || *done == now) continue;
      MutationSite s = moved(g, MutationOp::AccessCtrl, v, kAccessCtrl, *done);
      s.text += " (the done of " + opText(g, a) + ")";
      s.other = a;
      out.push_back(s);
    }
  }
}

// Pairs (a, b) where b's ctrl is a's done, directly: next to each other in a chain.
void orderSwapSites(const Graph& g, std::vector<MutationSite>& out) {
  for (Vertex b = 0; b < g.numNodes(); ++b) {
    EdgeId e;
    if (!isAccess(g, b) || !g.inEdge(b, kAccessCtrl, e)) continue;
    for (Vertex a = 0; a < g.numNodes(); ++a) {
      if (a == b || !isAccess(g, a) || !connected(g, a, kAccessCtrl)) continue;
      auto done = doneOf(g, a);
      auto doneB = doneOf(g, b);
      if (!done || !doneB || g.outEdges(doneB->node, doneB->port).size() != 1) continue;
      if (!(PortRef{g.src(e), g.edge(e).srcPort} == *done)) continue;
      MutationSite s = site(MutationOp::OrderSwap, b, kAccessCtrl, {},
                            opText(g, b) + " goes before " + opText(g, a) +
                                " in their ctrl-done chain (was after it)");
      s.other = a;
      out.push_back(s);
    }
  }
}

// A loop's zero-trip guard: the condition whose cond_brs let the loop start (their
// true side's rate is the loop's GuardEnter) and the loop.
struct Guard {
  PortRef condition;
  uint32_t loop = 0;
  bool operator==(const Guard& o) const { return condition == o.condition && loop == o.loop; }
};

bool guardSplit(const Graph& g, Vertex v, const Guard& guard) {
  const Node& n = g.node(v);
  return n.kind == NodeKind::CondBr && !n.outRates.empty() &&
         n.outRates[0].domain == Rate::Domain::GuardEnter && n.outRates[0].op == guard.loop &&
         connected(g, v, 0) && originOf(g, v, 0) == guard.condition;
}

// A mux that merges the loop's exit value with what the guard skipped (its false input
// at the loop's GuardSkip rate), on the guard's condition. The same condition may also
// decide an scf.if, whose ops are not the guard's.
bool guardMerge(const Graph& g, Vertex v, const Guard& guard) {
  EdgeId skip;
  if (!isKind(g, v, NodeKind::Mux) || !connected(g, v, kMuxSelect) ||
      !(originOf(g, v, kMuxSelect) == guard.condition) || !g.inEdge(v, kMuxTrue - 1, skip))
    return false;
  const Rate& r = g.edge(skip).rate;
  return r.domain == Rate::Domain::GuardSkip && r.op == guard.loop;
}

std::vector<Guard> guards(const Graph& g) {
  std::vector<Guard> out;
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const Node& n = g.node(v);
    if (n.kind != NodeKind::CondBr || n.outRates.empty() ||
        n.outRates[0].domain != Rate::Domain::GuardEnter || !connected(g, v, 0))
      continue;
    Guard guard{originOf(g, v, 0), n.outRates[0].op};
    if (std::find(out.begin(), out.end(), guard) == out.end()) out.push_back(guard);
  }
  return out;
}

// The ops of a guard: its cond_brs and its muxes.
std::vector<Vertex> guardedBy(const Graph& g, const Guard& guard) {
  std::vector<Vertex> out;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (guardSplit(g, v, guard) || guardMerge(g, v, guard)) out.push_back(v);
  return out;
}

void guardRemovedSites(const Graph& g, std::vector<MutationSite>& out) {
  for (const Guard& guard : guards(g)) {
    size_t n = guardedBy(g, guard).size();
    MutationSite s =
        site(MutationOp::GuardRemoved, guard.condition.node, guard.condition.port, guard.condition,
             "the zero-trip guard " + outputText(g, guard.condition) + " removed (" +
                 std::to_string(n) + " cond_br and mux op(s))");
    s.loop = guard.loop;
    out.push_back(s);
  }
}

// ---- applying ------------------------------------------------------------------------

void moveInput(Graph& g, const MutationSite& s) {
  retake(g, s.v, s.port, s.from);
}

void swapCarryInputs(Graph& g, Vertex v) {
  EdgeId a, b;
  g.inEdge(v, kCarryInit, a);
  g.inEdge(v, kCarryLoop, b);
  Edge ea = g.edge(a), eb = g.edge(b);
  Vertex sa = g.src(a), sb = g.src(b);
  g.removeEdge(a);
  g.removeEdge(b);
  std::swap(ea.dstPort, eb.dstPort);
  g.addEdge(sa, v, ea);
  g.addEdge(sb, v, eb);
}

// The channel into input `port` of `v` moves to input `toPort` of `to`, from the same
// producer output.
void moveChannel(Graph& g, Vertex v, unsigned port, Vertex to, unsigned toPort) {
  EdgeId e;
  if (!g.inEdge(v, port, e)) return;
  Edge moved = g.edge(e);
  Vertex src = g.src(e);
  g.removeEdge(e);
  moved.dstPort = toPort;
  g.addEdge(src, to, moved);
}

// Every channel into `v` from an op not in `gone` removed, its producer losing that
// output (detach). One at a time: a fork's detach renumbers its other channels.
void cutInputs(Graph& g, Vertex v, const std::set<Vertex>& gone = {}) {
  for (;;) {
    std::optional<EdgeId> cut;
    for (EdgeId e : g.inEdges(v))
      if (!gone.count(g.src(e))) cut = e;
    if (!cut) return;
    PortRef p{g.src(*cut), g.edge(*cut).srcPort};
    g.removeEdge(*cut);
    detach(g, p);
  }
}

// `v` steps aside: the consumer of its output 0 takes the channel into its input
// `port` instead (from the same producer output); v's output channel goes.
void bypass(Graph& g, Vertex v, unsigned port) {
  std::optional<std::pair<Vertex, unsigned>> c;
  for (EdgeId e : g.outEdges(v, 0)) {
    c = std::make_pair(g.dst(e), g.edge(e).dstPort);
    g.removeEdge(e);
  }
  if (c) moveChannel(g, v, port, c->first, c->second);
}

void removeInvariant(Graph& g, Vertex v) {
  bypass(g, v, kInvariantValue);
  cutInputs(g, v);
  std::vector<bool> dead(g.numNodes(), false);
  dead[v] = true;
  g.removeNodes(dead);
}

void swapOrder(Graph& g, Vertex b, Vertex a) {
  auto doneA = doneOf(g, a), doneB = doneOf(g, b);
  EdgeId intoA, intoB;
  g.inEdge(a, kAccessCtrl, intoA);
  g.inEdge(b, kAccessCtrl, intoB);
  PortRef x{g.src(intoA), g.edge(intoA).srcPort};
  unsigned capA = g.edge(intoA).capacity, capB = g.edge(intoB).capacity;
  EdgeId afterB = g.outEdges(doneB->node, doneB->port).front();
  Vertex y = g.dst(afterB);
  unsigned yPort = g.edge(afterB).dstPort, capY = g.edge(afterB).capacity;
  g.removeEdge(intoA);
  g.removeEdge(intoB);
  g.removeEdge(afterB);
  // x -> b, b's done -> a, a's done -> what followed b.
  g.edge(g.connect(x, b, kAccessCtrl)).capacity = capA;
  g.edge(g.connect(*doneB, a, kAccessCtrl)).capacity = capB;
  g.edge(g.connect(*doneA, y, yPort)).capacity = capY;
}

std::optional<std::string> removeGuard(Graph& g, const Guard& guard) {
  std::vector<Vertex> ops = guardedBy(g, guard);
  if (ops.empty()) return std::string("the guard decides no cond_br or mux");
  std::set<Vertex> gone(ops.begin(), ops.end());
  // A cond_br's true side takes its data input; a mux's consumer takes the mux's true
  // input (the loop's exit value). A chain of them (a mux's input from a cond_br's
  // false side) falls away with both.
  for (Vertex v : ops)
    bypass(g, v, isKind(g, v, NodeKind::CondBr) ? kBrData : kMuxTrue);
  // A fork that only copies a removed op's output to removed ops (a skip value that
  // several muxes take) goes with them.
  for (bool grew = true; grew;) {
    grew = false;
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      EdgeId in;
      if (gone.count(v) || !isKind(g, v, NodeKind::Fork) || !g.inEdge(v, 0, in) ||
          !gone.count(g.src(in)))
        continue;
      bool all = true;
      for (EdgeId e : g.outEdges(v))
        all = all && (gone.count(g.dst(e)) || isKind(g, g.dst(e), NodeKind::Sink));
      if (all) gone.insert(v), ops.push_back(v), grew = true;
    }
  }
  // What still connects a removed op to one that stays: its inputs' producers lose the
  // output; an output's consumer that stays takes nothing (refused: not a guard).
  for (Vertex v : ops)
    for (EdgeId e : g.outEdges(v))
      if (!gone.count(g.dst(e)) && !isKind(g, g.dst(e), NodeKind::Sink))
        return "a side of " + opText(g, v) + " goes to " + opText(g, g.dst(e)) +
               ", which the guard's removal leaves without input";
  std::vector<bool> dead(g.numNodes(), false);
  for (Vertex v : ops) {
    dead[v] = true;
    for (EdgeId e : g.outEdges(v))
      if (isKind(g, g.dst(e), NodeKind::Sink)) dead[g.dst(e)] = true;
    cutInputs(g, v, gone);
  }
  dead.resize(g.numNodes(), false);
  g.removeNodes(dead);
  return std::nullopt;
}

} // namespace

const char* mutationName(MutationOp op) {
  return kOps[static_cast<int>(op)].name;
}
const char* mutationWhat(MutationOp op) {
  return kOps[static_cast<int>(op)].what;
}

bool mutationFromName(std::string_view name, MutationOp& out) {
  for (const OpInfo& i : kOps)
    if (name == i.name) return out = i.op, true;
  return false;
}

std::vector<MutationOp> allMutationOps() {
  std::vector<MutationOp> out;
  for (const OpInfo& i : kOps)
    out.push_back(i.op);
  return out;
}

std::vector<MutationSite> mutationSites(const Graph& g, MutationOp op) {
  std::vector<MutationSite> out;
  switch (op) {
  case MutationOp::ControlSource: controlSourceSites(g, out); break;
  case MutationOp::CarryCondition: carryConditionSites(g, out); break;
  case MutationOp::CarryInitSwap: carryInitSwapSites(g, out); break;
  case MutationOp::SplitBypass: splitBypassSites(g, out); break;
  case MutationOp::InvariantRaw: invariantRawSites(g, out); break;
  case MutationOp::ForkToSink: forkToSinkSites(g, out); break;
  case MutationOp::MuxSelect: muxSelectSites(g, out); break;
  case MutationOp::AccessCtrl: accessCtrlSites(g, out); break;
  case MutationOp::OrderSwap: orderSwapSites(g, out); break;
  case MutationOp::GuardRemoved: guardRemovedSites(g, out); break;
  }
  return out;
}

std::optional<std::string> applyMutation(Graph& g, const MutationSite& s) {
  if (s.v >= g.numNodes()) return std::string("no such op");
  switch (s.op) {
  case MutationOp::ControlSource:
  case MutationOp::CarryCondition:
  case MutationOp::MuxSelect:
  case MutationOp::AccessCtrl:
  case MutationOp::SplitBypass: moveInput(g, s); return std::nullopt;
  case MutationOp::CarryInitSwap: swapCarryInputs(g, s.v); return std::nullopt;
  case MutationOp::InvariantRaw: removeInvariant(g, s.v); return std::nullopt;
  case MutationOp::ForkToSink: dropInput(g, s.v, s.port); return std::nullopt;
  case MutationOp::OrderSwap: swapOrder(g, s.v, s.other); return std::nullopt;
  case MutationOp::GuardRemoved: return removeGuard(g, Guard{s.from, s.loop});
  }
  return std::string("unknown operator");
}

} // namespace loom::dfg
