#include "analysis/throughput.h"

#include "models/memory.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <map>

namespace loom::analysis {

using dfg::EdgeId;
using dfg::NodeKind;
using dfg::Vertex;
using ops::Passage;

namespace {

// "Never": a port no token from the carry reaches (it waits for nothing of the recurrence).
constexpr int64_t kNever = std::numeric_limits<int64_t>::min() / 4;

int64_t after(int64_t t, int64_t cost) {
  return t == kNever ? kNever : t + cost;
}

// The cycles an op adds between its inputs being seen and its outputs being seen
// (docs/timing.md's costs); a carry's and an invariant's are in outputTimes.
int64_t costOf(const dfg::Node& n, const models::TimingConfig& t) {
  switch (n.kind) {
  case NodeKind::Compute: {
    auto cls = models::latencyClassOf(n.arith);
    return cls ? models::latencyOf(t, *cls) : 1;
  }
  case NodeKind::Memory:
  case NodeKind::ExtMemory:
    return models::memoryConfig(n.kind == NodeKind::Memory ? models::MemoryKind::Memory
                                                           : models::MemoryKind::ExtMemory,
                                static_cast<int>(n.numLoads), static_cast<int>(n.numStores), t)
        .latency;
  case NodeKind::Stream: return 2; // one cycle to activate, one to emit the first pair
  case NodeKind::Buffer: return n.bufferFifo ? 1 : static_cast<int64_t>(n.bufferSlots);
  default: return 1;
  }
}

// One propagation from a carry's output: the earliest cycle each output port can be seen,
// relative to the carry's token being seen in cycle 1, and which input decided it.
class Propagation {
public:
  Propagation(const dfg::Graph& g, const models::TimingConfig& t) : g_(g), t_(t) {
    inEdge_.resize(g.numNodes());
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      inEdge_[v].resize(g.node(v).inTypes.size());
      bound_.emplace_back(g.node(v).inTypes.size(), 0);
      seen_.emplace_back(g.node(v).outTypes.size(), kNever);
      decidedBy_.emplace_back(g.node(v).outTypes.size(), -1);
    }
    queued_.assign(g.numNodes(), 0);
    for (EdgeId e : g.edges()) {
      auto& ins = inEdge_[g.dst(e)];
      const unsigned port = g.edge(e).dstPort;
      if (port < ins.size()) ins[port] = e, bound_[g.dst(e)][port] = 1;
    }
  }

  // From the carry's token, seen in cycle 1, everything it reaches. The tables are the
  // previous run's cleared where it wrote, so a run costs what the carry reaches.
  void run(Vertex carry) {
    for (Vertex v : touched_) {
      std::fill(seen_[v].begin(), seen_[v].end(), kNever);
      std::fill(decidedBy_[v].begin(), decidedBy_[v].end(), -1);
    }
    touched_.clear();
    seen_[carry][0] = 1;
    touched_.push_back(carry);
    std::deque<Vertex> work;
    auto wakeConsumers = [&](Vertex v) {
      for (EdgeId e : g_.outEdges(v)) {
        Vertex u = g_.dst(e);
        if (u != carry && !queued_[u]) {
          queued_[u] = 1;
          work.push_back(u);
        }
      }
    };
    wakeConsumers(carry);
    // Times only grow, and every intermediate value is itself a lower bound (each op's
    // rule holds of the real times), so a cap on the work keeps the bound sound; it is
    // only reached through cycles no state machine cuts.
    size_t budget = 64 * (g_.numNodes() + g_.numEdges()) + 1024;
    while (!work.empty() && budget-- > 0) {
      Vertex v = work.front();
      work.pop_front();
      queued_[v] = 0;
      if (update(v)) wakeConsumers(v);
    }
    for (Vertex v : work)
      queued_[v] = 0;
  }

  // When input `port` of v is seen at the earliest (kNever: not from the carry).
  int64_t input(Vertex v, unsigned port) const {
    if (port >= inEdge_[v].size() || !bound_[v][port]) return kNever;
    const EdgeId e = inEdge_[v][port];
    return seen_[g_.src(e)][g_.edge(e).srcPort];
  }
  bool inputEdge(Vertex v, unsigned port, EdgeId& e) const {
    if (port >= inEdge_[v].size() || !bound_[v][port]) return false;
    e = inEdge_[v][port];
    return true;
  }
  int64_t output(Vertex v, unsigned port) const { return seen_[v][port]; }
  int decidedBy(Vertex v, unsigned port) const { return decidedBy_[v][port]; }

private:
  // Recomputes v's outputs from its inputs; true if one of them grew.
  bool update(Vertex v) {
    const dfg::Node& n = g_.node(v);
    bool grew = false;
    auto set = [&](unsigned port, int64_t t, int by) {
      if (port >= seen_[v].size() || t <= seen_[v][port]) return;
      if (!grew) touched_.push_back(v);
      seen_[v][port] = t;
      decidedBy_[v][port] = by;
      grew = true;
    };
    const unsigned ins = static_cast<unsigned>(n.inTypes.size());
    const unsigned outs = static_cast<unsigned>(n.outTypes.size());
    const int64_t cost = costOf(n, t_);
    // The latest of inputs [from, to) and the one that is latest.
    auto latest = [&](unsigned from, unsigned to, int& by) {
      int64_t m = kNever;
      for (unsigned p = from; p < to; ++p)
        if (input(v, p) > m) m = input(v, p), by = static_cast<int>(p);
      return m;
    };
    auto earliest = [&](unsigned from, unsigned to, int& by) {
      int64_t m = std::numeric_limits<int64_t>::max();
      for (unsigned p = from; p < to; ++p)
        if (input(v, p) < m) m = input(v, p), by = static_cast<int>(p);
      return from < to ? m : kNever;
    };
    int by = -1;
    switch (ops::spec(n.kind).passage) {
    case Passage::AllInputs:
    case Passage::Stream: {
      int64_t t = after(latest(0, ins, by), cost);
      for (unsigned p = 0; p < outs; ++p)
        set(p, t, by);
      break;
    }
    case Passage::Select: {
      int bySel = 0, byData = -1;
      int64_t sel = input(v, 0), data = earliest(1, ins, byData);
      set(0, after(std::max(sel, data), cost), sel >= data ? bySel : byData);
      break;
    }
    case Passage::AnyInput: {
      int64_t t = after(earliest(0, ins, by), cost);
      for (unsigned p = 0; p < outs; ++p)
        set(p, t, by);
      break;
    }
    case Passage::Carry: {
      // NeedInit pushes a's token; or NeedCond takes d, and NeedLoop, a cycle later at
      // the earliest, takes b and pushes it.
      const int64_t d = input(v, 0), a = input(v, 1), b = input(v, 2);
      const int64_t loop = std::max(after(d, 2), after(b, 1));
      if (after(a, 1) <= loop)
        set(0, after(a, 1), 1);
      else
        set(0, loop, after(d, 2) >= after(b, 1) ? 0 : 2);
      break;
    }
    case Passage::Invariant: {
      const int64_t d = input(v, 0), a = input(v, 1);
      set(0, after(std::min(a, d), 1), a <= d ? 1 : 0);
      break;
    }
    case Passage::Load: {
      set(0, after(input(v, 1), 1), 1);
      const int64_t addr = input(v, 0), ctrl = input(v, 2);
      set(1, after(std::max(addr, ctrl), 1), addr >= ctrl ? 0 : 2);
      break;
    }
    case Passage::Memory: memory(v, n, cost, set); break;
    case Passage::Buffer:
      // Initial tokens leave first: the k-th token out is not the k-th in.
      if (n.bufferInit.empty()) set(0, after(input(v, 0), cost), 0);
      break;
    case Passage::Origin: break;
    }
    return grew;
  }

  // Ports (docs/timing.md): inputs st0.data, st0.addr, ..., ld0.addr, ...; outputs
  // ld0.data, ..., st0.done, ..., ld0.done, ...
  template <typename Set> void memory(Vertex v, const dfg::Node& n, int64_t cost, Set& set) {
    const unsigned S = n.numStores, L = n.numLoads;
    for (unsigned k = 0; k < S; ++k) {
      const int64_t data = input(v, 2 * k), addr = input(v, 2 * k + 1);
      set(L + k, after(std::max(data, addr), cost), data >= addr ? 2 * k : 2 * k + 1);
    }
    for (unsigned j = 0; j < L; ++j) {
      const int64_t addr = input(v, 2 * S + j);
      set(j, after(addr, cost), 2 * S + j);
      set(L + S + j, after(addr, cost), 2 * S + j);
    }
  }

  const dfg::Graph& g_;
  const models::TimingConfig& t_;
  std::vector<std::vector<EdgeId>> inEdge_;
  std::vector<std::vector<char>> bound_; // per input port: a channel feeds it
  std::vector<std::vector<int64_t>> seen_;
  std::vector<std::vector<int>> decidedBy_;
  std::vector<char> queued_;    // per op: on the work list
  std::vector<Vertex> touched_; // ops whose outputs the last run set
};

// The way back from the carry's input `port` to its output, op by op (the carry first).
std::vector<RecurrenceStep> wayRound(const dfg::Graph& g, const Propagation& p, Vertex carry,
                                     unsigned port) {
  std::vector<RecurrenceStep> back;
  EdgeId e;
  if (!p.inputEdge(carry, port, e)) return back;
  int64_t arrival = p.input(carry, port);
  for (size_t guard = 0; guard <= g.numNodes(); ++guard) {
    const Vertex u = g.src(e);
    const unsigned out = g.edge(e).srcPort;
    RecurrenceStep s;
    s.op = u;
    if (u == carry) {
      s.cost = static_cast<int>(arrival - 0); // pushed in cycle 0, seen in 1
      back.push_back(s);
      break;
    }
    const int by = p.decidedBy(u, out);
    EdgeId in;
    if (by < 0 || !p.inputEdge(u, static_cast<unsigned>(by), in)) break;
    s.cost = static_cast<int>(p.output(u, out) - p.input(u, static_cast<unsigned>(by)));
    s.into = in;
    s.viaInput = true;
    back.push_back(s);
    arrival = p.input(u, static_cast<unsigned>(by));
    e = in;
  }
  std::reverse(back.begin(), back.end());
  return back;
}

} // namespace

namespace {

Recurrence recurrenceThrough(const dfg::Graph& g, Propagation& p, Vertex carry) {
  p.run(carry);
  Recurrence r;
  r.carry = carry;
  // The next token leaves when NeedLoop takes b, a cycle after NeedCond took d at the
  // earliest (the carry pushed in cycle 0).
  const int64_t viaB = p.input(carry, 2), viaD = after(p.input(carry, 0), 1);
  const int64_t next = std::max(viaB, viaD);
  r.closed = next != kNever;
  r.throughCond = r.closed && viaD > viaB;
  r.ii = static_cast<uint64_t>(std::max<int64_t>(2, next));
  if (r.closed) r.steps = wayRound(g, p, carry, r.throughCond ? 0 : 2);
  return r;
}

} // namespace

Recurrence recurrenceOf(const dfg::Graph& g, Vertex carry, const models::TimingConfig& t) {
  Propagation p(g, t);
  return recurrenceThrough(g, p, carry);
}

bool loopOfRate(const dfg::Rate& r, uint32_t& loop, std::string& ctx) {
  using D = dfg::Rate::Domain;
  if (r.domain != D::LoopBody && r.domain != D::LoopBoundary) return false;
  loop = r.op;
  ctx.clear();
  for (const dfg::RateTerm& term : r.terms)
    if (term.count == dfg::Count::LoopIterations && term.op == r.op) ctx = term.ctx;
  return true;
}

std::vector<LoopBound> loopBounds(const dfg::Graph& g, const models::TimingConfig& t) {
  std::map<std::pair<uint32_t, std::string>, LoopBound> bounds;
  Propagation p(g, t);
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    if (g.node(v).kind != NodeKind::Carry) continue;
    EdgeId d;
    uint32_t loop;
    std::string ctx;
    if (!g.inEdge(v, 0, d) || !loopOfRate(g.edge(d).rate, loop, ctx)) continue;
    LoopBound& b = bounds[{loop, ctx}];
    b.loop = loop;
    b.ctx = ctx;
    ++b.carries;
    Recurrence r = recurrenceThrough(g, p, v);
    if (!b.critical || r.ii > b.critical->ii) b.critical = std::move(r);
  }
  std::vector<LoopBound> out;
  for (auto& [key, b] : bounds) {
    b.ii = std::max<uint64_t>(1, b.critical ? b.critical->ii : 1);
    out.push_back(std::move(b));
  }
  return out;
}

bool isCtrlDone(const dfg::Graph& g, const Recurrence& r) {
  const dfg::Node& n = g.node(r.carry);
  return !n.outRoles.empty() && n.outRoles[0] == dfg::Role::MemCtrl;
}

std::string describe(const dfg::Graph& g, const Recurrence& r) {
  std::string s = std::to_string(r.ii) + " cycles round '" + g.node(r.carry).name + "'";
  if (!r.closed) return s + " (nothing feeds back: the carry's own two firings)";
  s += ":";
  for (const RecurrenceStep& step : r.steps)
    s += " " + g.node(step.op).opName() + " " + std::to_string(step.cost) + ",";
  s.pop_back();
  return s;
}

} // namespace loom::analysis
