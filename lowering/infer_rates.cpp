// Rate inference for a network lowered elsewhere (infer_rates.h).
#include "lowering/infer_rates.h"

#include <deque>
#include <map>
#include <optional>

namespace loom {

using dfg::EdgeId;
using dfg::NodeKind;
using dfg::Rate;
using dfg::Vertex;

namespace {

constexpr uint32_t kUnbound = dfg::Origin::kNoOp;
// Loop ids while the loops are not yet bound: far above any SCF op id.
constexpr uint32_t kProvisional = 0x80000000u;

// What an i1 channel is to a loop: its cont (T^N F per activation) or its after_cond.
struct Cond {
  enum Kind : uint8_t { None, Cont, AfterCond } kind = None;
  size_t loop = 0; // index into the network's streams
};

// One propagation of rates through the network, with each stream's loop id given.
class Propagation {
public:
  Propagation(const dfg::Graph& g, const std::vector<Vertex>& streams,
              const std::vector<uint32_t>& loopIds)
      : g_(g), loopIds_(loopIds), starts_(streams.size()) {
    for (size_t k = 0; k < streams.size(); ++k)
      loopOf_[streams[k]] = k;
    rates_.resize(g.numNodes());
    conds_.resize(g.numNodes());
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      rates_[v].resize(g.node(v).outTypes.size());
      conds_[v].resize(g.node(v).outTypes.size());
    }
  }

  void run() {
    std::deque<Vertex> work;
    std::vector<uint8_t> queued(g_.numNodes(), 1);
    for (Vertex v = 0; v < g_.numNodes(); ++v)
      work.push_back(v);
    while (!work.empty()) {
      Vertex v = work.front();
      work.pop_front();
      queued[v] = 0;
      for (unsigned p : visit(v))
        for (EdgeId e : g_.outEdges(v, p)) {
          Vertex c = boost::target(e, g_.g);
          if (!queued[c]) queued[c] = 1, work.push_back(c);
        }
    }
  }

  const Rate& out(Vertex v, unsigned p) const { return rates_[v][p]; }
  // The rate of loop k's start (its activations), once known.
  const Rate& start(size_t k) const { return starts_[k]; }

private:
  // Computes v's outputs from its inputs; returns the ports that became known.
  std::vector<unsigned> visit(Vertex v) {
    std::vector<Rate> before = rates_[v];
    compute(v);
    std::vector<unsigned> changed;
    for (unsigned p = 0; p < before.size(); ++p)
      if (!before[p].known() && rates_[v][p].known()) changed.push_back(p);
    return changed;
  }

  std::optional<Rate> in(Vertex v, unsigned p) const {
    EdgeId e;
    if (!g_.inEdge(v, p, e)) return std::nullopt;
    const Rate& r = rates_[boost::source(e, g_.g)][g_.edge(e).srcPort];
    if (!r.known()) return std::nullopt;
    return r;
  }
  Cond condIn(Vertex v, unsigned p) const {
    EdgeId e;
    if (!g_.inEdge(v, p, e)) return {};
    return conds_[boost::source(e, g_.g)][g_.edge(e).srcPort];
  }
  void setAll(Vertex v, const Rate& r) {
    for (Rate& o : rates_[v])
      o = r;
  }
  uint32_t loopId(const Cond& c) const { return loopIds_[c.loop]; }
  bool bound(const Cond& c) const {
    return c.kind != Cond::None && loopId(c) != kUnbound && starts_[c.loop].known();
  }

  void compute(Vertex v) {
    const dfg::Node& n = g_.node(v);
    switch (n.kind) {
    case NodeKind::Entry: return setAll(v, Rate::entry());
    case NodeKind::Stream: return stream(v);
    case NodeKind::Gate: return gate(v);
    case NodeKind::CondBr: return condBr(v);
    case NodeKind::Merge:
    case NodeKind::ControlMerge: return merge(v);
    case NodeKind::Memory:
    case NodeKind::ExtMemory: return memory(v);
    case NodeKind::Sync:
      for (unsigned p = 0; p < n.outTypes.size(); ++p)
        if (auto r = in(v, p)) rates_[v][p] = *r;
      return;
    case NodeKind::Load:
    case NodeKind::Store:
      if (auto r = in(v, 0)) setAll(v, *r); // data and address follow the address
      return;
    case NodeKind::Source: return; // as many tokens as are taken: no rate of its own
    default: return paced(v);
    }
  }

  // Forks, buffers, joins, compute units, constants, invariants, carries: their pacing
  // input's rate; the ones that copy a token pass on what it is to a loop.
  void paced(Vertex v) {
    const dfg::Node& n = g_.node(v);
    int p = ops::spec(n.kind).pacingInput;
    if (p < 0 || n.outTypes.empty()) return;
    if (auto r = in(v, p)) setAll(v, *r);
    if (n.kind == NodeKind::Fork || n.kind == NodeKind::LazyFork || n.kind == NodeKind::Buffer ||
        n.kind == NodeKind::Br)
      for (Cond& c : conds_[v])
        c = condIn(v, 0);
  }

  void stream(Vertex v) {
    size_t k = loopOf_.at(v);
    auto s = in(v, 0);
    if (!s) return;
    starts_[k] = *s;
    conds_[v][1] = {Cond::Cont, k};
    if (loopIds_[k] != kUnbound) setAll(v, Rate::loopBoundary(loopIds_[k], false, *s));
  }

  void gate(Vertex v) {
    Cond c = condIn(v, 1);
    if (c.kind != Cond::Cont || !bound(c)) return;
    setAll(v, Rate::loopBody(loopId(c)));
    conds_[v][1] = {Cond::AfterCond, c.loop};
  }

  void condBr(Vertex v) {
    Cond c = condIn(v, 0);
    if (!bound(c)) return; // a data condition: its sides depend on the data
    const Rate& s = starts_[c.loop];
    uint32_t l = loopId(c);
    rates_[v][0] = c.kind == Cond::Cont ? Rate::loopBody(l) : Rate::loopBodyTail(l, false, s);
    rates_[v][1] = Rate::loopExit(l, false, s);
  }

  void merge(Vertex v) {
    const dfg::Node& n = g_.node(v);
    Rate sum;
    for (unsigned p = 0; p < n.inTypes.size(); ++p) {
      auto r = in(v, p);
      if (!r) return;
      sum = sum.plus(*r);
    }
    // A sum has no single region; it keeps the first input's, so the ledger counts it.
    sum.domain = in(v, 0)->domain;
    sum.op = in(v, 0)->op;
    setAll(v, sum);
  }

  // Inputs: per store (data, addr), then per load addr; outputs: per load data, per
  // store done, per load done.
  void memory(Vertex v) {
    const dfg::Node& n = g_.node(v);
    unsigned st = n.numStores, ld = n.numLoads;
    for (unsigned p = 0; p < ld; ++p)
      if (auto r = in(v, 2 * st + p)) rates_[v][p] = rates_[v][ld + st + p] = *r;
    for (unsigned s = 0; s < st; ++s)
      if (auto r = in(v, 2 * s + 1)) rates_[v][ld + s] = *r;
  }

  const dfg::Graph& g_;
  const std::vector<uint32_t>& loopIds_;
  std::map<Vertex, size_t> loopOf_;
  std::vector<Rate> starts_;
  std::vector<std::vector<Rate>> rates_;
  std::vector<std::vector<Cond>> conds_;
};

// A forest of loops: parent[k] is -1 at the top, -2 where k cannot be placed.
struct LoopTree {
  std::vector<int> parent;
  std::vector<std::string> names;
  std::vector<size_t> childrenOf(int p) const {
    std::vector<size_t> c;
    for (size_t k = 0; k < parent.size(); ++k)
      if (parent[k] == p) c.push_back(k);
    return c;
  }
};

// The network's loops, nested by their start rates.
LoopTree networkTree(const dfg::Graph& g, const std::vector<Vertex>& streams,
                     const Propagation& provisional, RateInference& out) {
  LoopTree t;
  for (size_t k = 0; k < streams.size(); ++k) {
    const Rate& s = provisional.start(k);
    int parent = -2;
    if (s.known() && s.sameCount(Rate::entry())) parent = -1;
    for (size_t j = 0; j < streams.size() && parent == -2; ++j)
      if (s.known() && s.sameCount(Rate::loopBody(kProvisional + j))) parent = static_cast<int>(j);
    t.parent.push_back(parent);
    t.names.push_back("'" + g.node(streams[k]).name + "'");
    if (parent == -2)
      out.notes.push_back("loop " + t.names.back() +
                          " does not start once per call or once per iteration of another "
                          "loop (in a branch or an scf.while?): its channels have no rate");
  }
  return t;
}

// The function's scf.for ops in program order, nested by their regions.
LoopTree sourceTree(const Function& f, std::vector<const Op*>& fors) {
  LoopTree t;
  std::map<const Op*, int> index;
  walk(f.body, [&](Op* op) {
    if (op->kind != OpKind::For) return;
    const Op* up = op->parentOp();
    int parent = !up ? -1 : up->kind == OpKind::For ? index.at(up) : -2;
    index[op] = static_cast<int>(fors.size());
    fors.push_back(op);
    t.parent.push_back(parent);
    t.names.push_back("scf.for at " + op->loc.str());
  });
  return t;
}

// Binds the network's loops under `np` to the function's under `sp`, in order.
void bindLoops(const LoopTree& net, int np, const LoopTree& src, int sp,
          const std::vector<const Op*>& fors, const std::string& where, std::vector<uint32_t>& ids,
          RateInference& out) {
  std::vector<size_t> a = net.childrenOf(np), b = src.childrenOf(sp);
  if (a.empty() && b.empty()) return;
  if (a.size() != b.size()) {
    out.notes.push_back(where + ": the network has " + std::to_string(a.size()) +
                        " loop(s), the function " + std::to_string(b.size()) +
                        " scf.for: their channels have no rate");
    return;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    ids[a[i]] = fors[b[i]]->id;
    bindLoops(net, static_cast<int>(a[i]), src, static_cast<int>(b[i]), fors,
         "in the body of loop " + net.names[a[i]] + " (" + src.names[b[i]] + ")", ids, out);
  }
}

} // namespace

bool hasRates(const dfg::Graph& g) {
  for (auto [it, end] = boost::edges(g.g); it != end; ++it)
    if (g.edge(*it).rate.known()) return true;
  return false;
}

RateInference inferRates(dfg::Graph& g, const Function& f) {
  RateInference out;
  std::vector<Vertex> streams;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    if (g.node(v).kind == NodeKind::Stream) streams.push_back(v);
  out.loops = streams.size();

  // 1. Every loop on its own symbols, to see how the loops nest.
  std::vector<uint32_t> ids(streams.size());
  for (size_t k = 0; k < streams.size(); ++k)
    ids[k] = kProvisional + static_cast<uint32_t>(k);
  Propagation provisional(g, streams, ids);
  provisional.run();

  // 2. Bind them to the function's scf.for ops, then propagate the real counts.
  std::vector<const Op*> fors;
  LoopTree net = networkTree(g, streams, provisional, out);
  LoopTree src = sourceTree(f, fors);
  ids.assign(streams.size(), kUnbound);
  bindLoops(net, -1, src, -1, fors, "at the top of '@" + f.name + "'", ids, out);
  Propagation bound(g, streams, ids);
  bound.run();

  for (Vertex v = 0; v < g.numNodes(); ++v) {
    dfg::Node& n = g.node(v);
    for (unsigned p = 0; p < n.outRates.size(); ++p)
      n.outRates[p] = bound.out(v, p);
  }
  for (auto [it, end] = boost::edges(g.g); it != end; ++it) {
    dfg::Edge& e = g.edge(*it);
    e.rate = g.node(boost::source(*it, g.g)).outRates[e.srcPort];
    out.known += e.rate.known();
  }
  out.channels = g.numEdges();
  for (uint32_t id : ids)
    out.bound += id != kUnbound;
  return out;
}

} // namespace loom
