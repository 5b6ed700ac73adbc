// Rate inference for a network lowered elsewhere (rates.h).
#include "analysis/rates.h"

#include "dfg/op_names.h"

#include <deque>
#include <map>
#include <optional>
#include <set>

namespace loom {

using dfg::EdgeId;
using dfg::NodeKind;
using dfg::Rate;
using dfg::Vertex;
using ops::RateRule;

namespace {

constexpr uint32_t kUnbound = dfg::Origin::kNoOp;
// Loop and guard ids while the loops are not yet bound: far above any SCF op id.
constexpr uint32_t kProvisional = 0x80000000u;
constexpr uint32_t kProvisionalGuard = 0xC0000000u;

// What each loop and each data condition stands for in one propagation: a stream's loop
// id, and for a condition that guards a loop (its true side starts the stream: a
// zero-trip guard), that loop's id; kUnbound where unknown.
struct Binding {
  std::vector<uint32_t> loops;  // per loop: the streams, then the carry loops
  std::vector<uint32_t> guards; // per data condition
  // Per data condition bound to a guard: whether `guards` holds the function's scf.if
  // around the loop (LOOM's CPU versions) rather than the loop (loom-sim's own lowering
  // of scf.for), and whether the loop starts on the condition's false side instead of
  // the side that side of the scf.if (or of A'(L)) says.
  std::vector<uint8_t> guardIsIf, guardFlip;
  // Per data condition bound to an scf.if in an scf.while's before region: which copy
  // of the region (dfg::RateTerm::ctx).
  std::vector<std::string> guardCtx;
  // Per loop in an scf.while's before region: which copy of the region it stands in
  // (dfg::RateTerm::ctx); "" elsewhere.
  std::vector<std::string> loopCtx;
  // Per stream: bound to a loop LOOM rotated into a do-while (an scf.while whose before
  // region holds the body), whose iterations are its before region's executions.
  std::vector<uint8_t> rotated;
};

// What an i1 channel is to a loop: its cont (T^N F per activation), its after_cond, or
// the condition of a carry loop.
struct Cond {
  enum Kind : uint8_t { None, Cont, AfterCond, WhileCond } kind = None;
  size_t loop = 0; // index into the network's loops
};

// Where input `in` of `v` is produced (for a cond_br's condition: every value entering a
// branch has its own cond_br on one condition).
std::pair<Vertex, unsigned> conditionSource(const dfg::Graph& g, Vertex v, unsigned in = 0) {
  return dfg::producerOf(g, v, in);
}

// A loop with no dataflow.stream: carries whose condition is decided in the loop itself
// (an scf.while, lowered as the spec's lower_while or rotated into a do-while).
//   literal (a gate on the condition: spec-dataflow-compilation's lower_while)
//     condition, carries, invariants on it   I(L) + S (the before region's runs)
//     gate                                   I(L)
//     cond_br on the condition               true: I(L), false: S
//   rotated (no gate: loom-sim's lowering, behind a zero-trip guard)
//     condition, carries, invariants on it   I(L) (one per body execution)
//     cond_br on the condition               true: I(L) - S, false: S
// S, the activations, is the rate of the carries' initial values.
struct CarryLoop {
  std::pair<Vertex, unsigned> cond;
  std::vector<Vertex> carries;
  bool literal = false;
};

// The loops of a network and the conditions of its cond_brs.
struct Network {
  std::vector<Vertex> streams;
  std::vector<CarryLoop> carryLoops;                        // loop streams.size() + i
  std::map<std::pair<Vertex, unsigned>, size_t> conditions; // of every cond_br, numbered
  std::map<Vertex, size_t> conditionOf;                     // per cond_br: its condition
  explicit Network(const dfg::Graph& g) {
    std::map<std::pair<Vertex, unsigned>, size_t> loopOfCond;
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      NodeKind k = g.node(v).kind;
      if (k == NodeKind::Stream) streams.push_back(v);
      if (k == NodeKind::Carry) carryOf(g, v, loopOfCond);
      if (k != NodeKind::CondBr) continue;
      conditionOf[v] = conditions.emplace(conditionSource(g, v), conditions.size()).first->second;
    }
    // A loop carries a value (a while's before-region argument); carries of done tokens
    // alone on a condition are the memory control of a loop whose carries are elsewhere.
    std::vector<CarryLoop> loops;
    for (CarryLoop& w : carryLoops)
      for (Vertex c : w.carries)
        if (!g.node(c).outTypes[0].isNone()) {
          loops.push_back(std::move(w));
          break;
        }
    carryLoops = std::move(loops);
    for (Vertex v = 0; v < g.numNodes(); ++v)
      if (g.node(v).kind == NodeKind::Gate)
        for (CarryLoop& w : carryLoops)
          if (w.cond == conditionSource(g, v, 1)) w.literal = true;
  }
  size_t loops() const { return streams.size() + carryLoops.size(); }
  // Every loop and condition on its own symbol.
  Binding provisional() const {
    Binding b;
    for (size_t k = 0; k < loops(); ++k)
      b.loops.push_back(kProvisional + static_cast<uint32_t>(k));
    for (size_t i = 0; i < conditions.size(); ++i)
      b.guards.push_back(kProvisionalGuard + static_cast<uint32_t>(i));
    return b;
  }

private:
  // A carry whose condition is no stream's and no gate's (nor an invariant's, the entry's
  // or a constant's: no loop computes those) belongs to the carry loop of that condition; a carried
  // condition (a carry whose condition is its own output) is its loop's too.
  void carryOf(const dfg::Graph& g, Vertex v,
               std::map<std::pair<Vertex, unsigned>, size_t>& loopOfCond) {
    EdgeId e;
    if (!g.inEdge(v, 0, e)) return;
    auto c = conditionSource(g, v, 0);
    if (!dfg::decidesCarryLoop(g.node(c.first).kind)) return;
    auto [it, fresh] = loopOfCond.emplace(c, carryLoops.size());
    if (fresh) carryLoops.push_back({c, {}, false});
    carryLoops[it->second].carries.push_back(v);
  }
};

// One propagation of rates through the network, with each loop's id given.
class Propagation {
public:
  Propagation(const dfg::Graph& g, const Network& n, const Binding& b)
      : g_(g), loopIds_(b.loops), guards_(b.guards), guardIsIf_(b.guardIsIf),
        guardFlip_(b.guardFlip), guardCtx_(b.guardCtx), loopCtx_(b.loopCtx), rotated_(b.rotated),
        conditionOf_(n.conditionOf), starts_(n.loops()), literal_(n.loops(), 0),
        condRates_(b.guards.size()) {
    for (size_t k = 0; k < n.streams.size(); ++k)
      loopOf_[n.streams[k]] = k;
    rates_.resize(g.numNodes());
    conds_.resize(g.numNodes());
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      rates_[v].resize(g.node(v).outTypes.size());
      conds_[v].resize(g.node(v).outTypes.size());
    }
    for (size_t i = 0; i < n.carryLoops.size(); ++i) {
      const CarryLoop& w = n.carryLoops[i];
      size_t k = n.streams.size() + i;
      literal_[k] = w.literal;
      conds_[w.cond.first][w.cond.second] = {Cond::WhileCond, k};
      for (Vertex c : w.carries)
        loopOf_[c] = k;
    }
  }

  void run() {
    std::deque<Vertex> work;
    std::vector<uint8_t> queued(g_.numNodes(), 1);
    for (Vertex v = 0; v < g_.numNodes(); ++v)
      work.push_back(v);
    // A rate changes only when a stream's does, and the changes run along the network:
    // the bound only guards against a cycle of ops that keep changing each other.
    for (size_t budget = 64 * (g_.numNodes() + 1); !work.empty() && budget; --budget) {
      Vertex v = work.front();
      work.pop_front();
      queued[v] = 0;
      for (unsigned p : visit(v))
        for (EdgeId e : g_.outEdges(v, p)) {
          Vertex c = g_.dst(e);
          if (!queued[c]) queued[c] = 1, work.push_back(c);
        }
    }
  }

  const Rate& out(Vertex v, unsigned p) const { return rates_[v][p]; }
  // The rate of loop k's start (its activations), once known.
  const Rate& start(size_t k) const { return starts_[k]; }
  // The rate of data condition i (how often it is decided), once known.
  const Rate& conditionRate(size_t i) const { return condRates_[i]; }

private:
  // Computes v's outputs from its inputs; returns the ports that became known or changed
  // (a stream's activations change when its step's rate arrives after its start's).
  // A loop's condition reaches its carries through forks before any rate does: what it
  // is to a loop counts as a change too.
  std::vector<unsigned> visit(Vertex v) {
    std::vector<Rate> before = rates_[v];
    std::vector<Cond> was = conds_[v];
    compute(v);
    std::vector<unsigned> changed;
    for (unsigned p = 0; p < before.size(); ++p) {
      const Rate& now = rates_[v][p];
      bool rate = now.known() && (!before[p].known() || !before[p].sameCount(now));
      bool cond = was[p].kind != conds_[v][p].kind || was[p].loop != conds_[v][p].loop;
      if (rate || cond) changed.push_back(p);
    }
    return changed;
  }

  std::optional<Rate> in(Vertex v, unsigned p) const {
    EdgeId e;
    if (!g_.inEdge(v, p, e)) return std::nullopt;
    const Rate& r = rates_[g_.src(e)][g_.edge(e).srcPort];
    if (!r.known()) return std::nullopt;
    return r;
  }
  Cond condIn(Vertex v, unsigned p) const {
    EdgeId e;
    if (!g_.inEdge(v, p, e)) return {};
    return conds_[g_.src(e)][g_.edge(e).srcPort];
  }
  void setAll(Vertex v, const Rate& r) {
    for (Rate& o : rates_[v])
      o = r;
  }
  uint32_t loopId(const Cond& c) const { return loopIds_[c.loop]; }
  // I(L): the loop's body executions, or a rotated while's before-region executions.
  Rate body(size_t k) const {
    uint32_t l = loopIds_[k];
    return k < rotated_.size() && rotated_[k] ? Rate::whileBeforeRuns(l)
                                              : Rate::loopBody(l, ctx(k));
  }
  const std::string& ctx(size_t k) const {
    static const std::string none;
    return k < loopCtx_.size() ? loopCtx_[k] : none;
  }
  // I(L) + S and I(L) - S: the stream's and the memory-control feedback's counts, for
  // either kind of I(L) (dfg::Rate::loopBoundary and loopBodyTail, unguarded).
  Rate boundary(size_t k, const Rate& s) const {
    return relabel(body(k).plus(s), Rate::Domain::LoopBoundary, loopIds_[k]);
  }
  Rate bodyTail(size_t k, const Rate& s) const {
    return relabel(body(k).minus(s), Rate::Domain::LoopBodyTail, loopIds_[k]);
  }
  static Rate relabel(Rate r, Rate::Domain d, uint32_t op) {
    r.domain = d;
    r.op = op;
    return r;
  }
  // A stream's cont, or a literal carry loop's condition: N + 1 per activation.
  bool raw(const Cond& c) const {
    return c.kind == Cond::Cont || (c.kind == Cond::WhileCond && literal_[c.loop]);
  }
  bool bound(const Cond& c) const {
    return c.kind != Cond::None && loopId(c) != kUnbound && starts_[c.loop].known();
  }

  void compute(Vertex v) {
    const dfg::Node& n = g_.node(v);
    switch (ops::spec(n.kind).rateRule) {
    case RateRule::Entry: return setAll(v, Rate::entry());
    case RateRule::Stream: return stream(v);
    case RateRule::Gate: return gate(v);
    case RateRule::CondBr: return condBr(v);
    case RateRule::Merge: return merge(v);
    case RateRule::Memory: return memory(v);
    case RateRule::PerPort:
      for (unsigned p = 0; p < n.outTypes.size(); ++p)
        if (auto r = in(v, p)) rates_[v][p] = *r;
      return;
    case RateRule::Address:
      if (auto r = in(v, 0)) setAll(v, *r); // data and address follow the address
      return;
    case RateRule::None: return;
    case RateRule::Repeater: return repeater(v);
    case RateRule::Paced: return paced(v);
    }
  }

  // Forks, buffers, joins, compute units, constants, invariants, carries: their pacing
  // input's rate; the ones that copy a token pass on what it is to a loop.
  void paced(Vertex v) {
    const dfg::Node& n = g_.node(v);
    int p = ops::spec(n.kind).pacingInput;
    if (p < 0 || n.outTypes.empty()) return;
    if (auto r = in(v, p)) setAll(v, *r);
    if (ops::spec(n.kind).passesTokens)
      for (Cond& c : conds_[v])
        c = condIn(v, 0);
  }

  // invariant and carry: one output per d token, so d's rate; but where d is a bound
  // loop's control, the domain the op's role puts it in (spec-dataflow-compilation): an
  // iter_arg carry at the loop boundary (N + 1 per activation), a memory-control carry
  // and an invariant in the body (N), as loom-sim's own lowering declares them. A
  // repeater on the wrong stream then breaks the rate rule at the repeater itself, in
  // either form of the network.
  //
  // A carry loop's repeaters on its condition all run with the condition: I(L) + S where
  // a gate makes after_cond of it (literal), I(L) where it is the rotated do-while's.
  void repeater(Vertex v) {
    if (auto it = loopOf_.find(v); it != loopOf_.end())
      if (auto a = in(v, 1)) starts_[it->second] = *a;
    Cond c = condIn(v, 0);
    dfg::Role r = g_.node(v).outRoles.empty() ? dfg::Role::Data : g_.node(v).outRoles[0];
    if (!bound(c)) return paced(v);
    if (c.kind == Cond::WhileCond)
      return setAll(v, literal_[c.loop] ? boundary(c.loop, starts_[c.loop]) : body(c.loop));
    if (r == dfg::Role::IterCarry) return setAll(v, boundary(c.loop, starts_[c.loop]));
    if (r == dfg::Role::MemCtrl || g_.node(v).kind == NodeKind::Invariant)
      return setAll(v, body(c.loop));
    paced(v);
  }

  // The activations of stream `v` from its inputs' rates (its start known).
  std::optional<Rate> activations(Vertex v) const {
    auto s = in(v, 0);
    if (!s) return std::nullopt;
    Rate a = *s;
    for (unsigned p = 1; p < 3; ++p)
      if (auto r = in(v, p)) a = dfg::streamStarts(a, *r);
    return a;
  }

  void stream(Vertex v) {
    size_t k = loopOf_.at(v);
    auto s = activations(v);
    if (!s) return;
    starts_[k] = *s;
    conds_[v][1] = {Cond::Cont, k};
    if (loopIds_[k] != kUnbound) setAll(v, boundary(k, *s));
  }

  void gate(Vertex v) {
    Cond c = condIn(v, 1);
    if (!raw(c) || !bound(c)) return;
    setAll(v, body(c.loop));
    conds_[v][1] = {Cond::AfterCond, c.loop};
  }

  void condBr(Vertex v) {
    Cond c = condIn(v, 0);
    if (c.kind == Cond::None) return dataCondBr(v);
    if (!bound(c)) return;
    const Rate& s = starts_[c.loop];
    uint32_t l = loopId(c);
    // An iter_arg's split is the loop's: true to the body, false out of it; a done split's
    // true side is the body's tail (spec-dataflow-memory), whichever stream decides either
    // (a wrong one is the rate rule's finding at this cond_br), as loom-sim's own lowering
    // declares them.
    EdgeId de;
    bool iterArg = g_.inEdge(v, 1, de) && g_.edge(de).role == dfg::Role::IterCarry;
    bool doneSplit = g_.inEdge(v, 1, de) && g_.edge(de).role == dfg::Role::Done;
    // A carry loop's splits are all alike: a rotated do-while's condition comes after the
    // body (every split of it is the tail), a literal one's before (its true side enters
    // the after region, memory control included).
    bool carries = c.kind == Cond::WhileCond;
    rates_[v][0] = carries   ? (literal_[c.loop] ? body(c.loop) : bodyTail(c.loop, s))
                   : iterArg ? body(c.loop)
                   : c.kind == Cond::Cont && !doneSplit ? body(c.loop)
                                                        : bodyTail(c.loop, s);
    rates_[v][1] = Rate::loopExit(l, false, s, ctx(c.loop));
  }

  // A cond_br on a data condition: its sides depend on the data, unless the condition
  // guards a loop: then the side the loop starts on runs A'(L) times (the activations
  // with an iteration), or as often as the side of the function's scf.if around the
  // loop; the other side the rest.
  void dataCondBr(Vertex v) {
    auto r = in(v, 0);
    if (!r) return;
    size_t i = conditionOf_.at(v);
    condRates_[i] = *r;
    uint32_t id = guards_[i];
    if (id == kUnbound) return;
    bool isIf = id >= kProvisionalGuard || (i < guardIsIf_.size() && guardIsIf_[i]);
    const std::string ctx = i < guardCtx_.size() ? guardCtx_[i] : "";
    Rate enter = isIf ? Rate::ifThen(id, ctx) : Rate::guardEnter(id, ctx);
    Rate skip = isIf ? Rate::ifElse(id, *r, ctx) : Rate::guardSkip(id, *r, ctx);
    bool flip = i < guardFlip_.size() && guardFlip_[i];
    rates_[v][0] = flip ? skip : enter;
    rates_[v][1] = flip ? enter : skip;
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
  const std::vector<uint32_t>& guards_;
  const std::vector<uint8_t>&guardIsIf_, &guardFlip_;
  const std::vector<std::string>& guardCtx_;
  const std::vector<std::string>& loopCtx_;
  const std::vector<uint8_t>& rotated_;
  const std::map<Vertex, size_t>& conditionOf_; // per cond_br: its condition
  std::map<Vertex, size_t> loopOf_; // each stream's loop, and each carry loop's carries'
  std::vector<Rate> starts_;
  std::vector<uint8_t> literal_; // per loop: a carry loop lowered as the spec's lower_while
  std::vector<Rate> condRates_;
  std::vector<std::vector<Rate>> rates_;
  std::vector<std::vector<Cond>> conds_;
};

// A forest of loops: parent[k] is -1 at the top, -2 where k cannot be placed.
struct LoopTree {
  std::vector<int> parent;
  std::vector<int> guard; // the data condition that guards the loop, or -1
  // The network's: the side of `guard` the loop starts on; the function's: the region of
  // `guardIf` it sits in (1 true / then, 0 false / else).
  std::vector<uint8_t> side;
  std::vector<const Op*> guardIf; // the function's: the scf.if right around a while
  std::vector<std::string> names;
  // The stream's step and condition ("+= !="): a network's, or the loom.stream attribute
  // LOOM's compiler put on the CPU version's scf.while; "" where there is none (scf.for).
  std::vector<std::string> streams;
  std::vector<uint8_t> rotated; // the function's: a while with its body in the before region
  // A loop with no stream: the network's carry loops, the function's scf.while ops LOOM
  // did not mark loom.stream.
  std::vector<uint8_t> carries;
  // The loops right under `p` of one kind: with a stream (or stream-like), or carries only.
  std::vector<size_t> childrenOf(int p, bool carryLoops) const {
    std::vector<size_t> c;
    for (size_t k = 0; k < parent.size(); ++k)
      if (parent[k] == p && carries[k] == carryLoops) c.push_back(k);
    return c;
  }
};

// Where a loop started at rate `s` sits: -1 at the top (once per call), j in the body of
// loop j (once per iteration of it), -2 elsewhere.
int placeOf(const Rate& s, size_t loops) {
  if (!s.known()) return -2;
  if (s.sameCount(Rate::entry())) return -1;
  for (size_t j = 0; j < loops; ++j)
    if (s.sameCount(Rate::loopBody(kProvisional + static_cast<uint32_t>(j))))
      return static_cast<int>(j);
  return -2;
}

// The network's loops, nested by their start rates; a loop started by the true side of a
// data condition (a zero-trip guard) sits where the condition is decided.
LoopTree networkTree(const dfg::Graph& g, const Network& n, const Propagation& provisional,
                     RateInference& out) {
  LoopTree t;
  size_t conditions = n.conditions.size();
  for (size_t k = 0; k < n.loops(); ++k) {
    const Rate& s = provisional.start(k);
    int parent = placeOf(s, n.loops()), guard = -1;
    uint8_t side = 1;
    for (size_t i = 0; i < conditions && parent == -2 && s.known(); ++i) {
      uint32_t id = kProvisionalGuard + static_cast<uint32_t>(i);
      const Rate& decided = provisional.conditionRate(i);
      bool onTrue = s.sameCount(Rate::ifThen(id));
      if (!onTrue && !(decided.known() && s.sameCount(Rate::ifElse(id, decided)))) continue;
      guard = static_cast<int>(i);
      side = onTrue;
      parent = placeOf(decided, n.loops());
    }
    t.parent.push_back(parent);
    t.guard.push_back(guard);
    t.side.push_back(side);
    bool carries = k >= n.streams.size();
    const dfg::Node& at =
        g.node(carries ? n.carryLoops[k - n.streams.size()].carries[0] : n.streams[k]);
    t.names.push_back("'" + at.name + "'");
    t.carries.push_back(carries);
    t.streams.push_back(carries ? ""
                                : std::string(dfg::stepOpText(at.stepOp)) + " " +
                                      dfg::contCondText(at.contCond));
    if (parent == -2)
      out.notes.push_back("loop " + t.names.back() +
                          " does not start once per call or once per iteration of another "
                          "loop (in a branch?): its channels have no rate");
  }
  return t;
}

// The value of `key = "..."` in a dictionary attribute kept as its printed text.
std::string dictField(const std::string& dict, const std::string& key) {
  size_t at = dict.find(key + " = \"");
  if (at == std::string::npos) return "";
  at += key.size() + 4;
  size_t end = dict.find('"', at);
  return end == std::string::npos ? "" : dict.substr(at, end - at);
}

// An scf.while LOOM's compiler marked as the loop of a dataflow.stream (its CPU version's
// `loom.stream = {step_op = "+=", stop_cond = "!=", ...}`): its step and condition.
std::optional<std::string> loomStream(const Op& op) {
  if (op.kind != OpKind::While) return std::nullopt;
  auto it = op.attrs.find("loom.stream");
  if (it == op.attrs.end()) return std::nullopt;
  std::string cond = dictField(it->second.s, "stop_cond");
  if (cond.empty()) cond = dictField(it->second.s, "cont_cond");
  return dictField(it->second.s, "step_op") + " " + cond;
}

// Whether an scf.while runs its body in the before region (LLVM's loop rotation: a
// do-while whose after region only forwards the values), so that the stream's
// iterations are the before region's executions, I + A of the while.
bool rotatedWhile(const Op& w) {
  const Region& after = *w.regions.at(1);
  return after.blocks.size() == 1 && after.blocks.front()->ops.size() == 1;
}

// The function's loops in program order, nested by their regions: its scf.for and
// scf.parallel ops (one stream each: a parallel loop's space is flattened), and
// the scf.while ops LOOM marked with loom.stream. A LOOM loop's zero-trip guard is an
// scf.if around it, which the network does not keep (its stream starts once per call
// and gets its step only when the loop runs), so such a loop sits where its scf.if is.
LoopTree sourceTree(const Function& f, std::vector<const Op*>& fors) {
  LoopTree t;
  std::map<const Op*, int> index;
  walk(f.body, [&](Op* op) {
    std::optional<std::string> stream = loomStream(*op);
    bool counted = op->kind == OpKind::For || op->kind == OpKind::Parallel; // one stream each
    bool carries = op->kind == OpKind::While && !stream;
    if (!counted && !stream && !carries) return;
    const Op* up = op->parentOp();
    const Op* guardIf = stream && up && up->kind == OpKind::If ? up : nullptr;
    t.guardIf.push_back(guardIf);
    t.side.push_back(guardIf && op->parent->parent == &guardIf->region(0));
    while (stream && up && up->kind == OpKind::If)
      up = up->parentOp();
    int parent = !up ? -1 : index.count(up) ? index.at(up) : -2;
    // A loop in a while's before region is lowered twice (the condition's first
    // evaluation, then each later one): no one loop of the network is it.
    if (parent >= 0 && t.carries[parent] && op->parent->parent == &up->region(0)) parent = -2;
    index[op] = static_cast<int>(fors.size());
    fors.push_back(op);
    t.parent.push_back(parent);
    t.streams.push_back(stream ? *stream : "");
    t.rotated.push_back(stream && rotatedWhile(*op));
    t.carries.push_back(carries);
    t.names.push_back(std::string(stream ? "scf.while" : op->name()) + " at " + op->loc.str());
  });
  return t;
}

void bindEach(const LoopTree& net, const std::vector<size_t>& a, const LoopTree& src,
              const std::vector<size_t>& bs, const std::vector<const Op*>& fors,
              const std::string& where, Binding& b, RateInference& out);

// Binds the network's loops under `np` to the function's under `sp`, in order.
void bindLoops(const LoopTree& net, int np, const LoopTree& src, int sp,
               const std::vector<const Op*>& fors, const std::string& where, Binding& b,
               RateInference& out) {
  // Streams pair with scf.for ops and marked whiles, carry loops with the other whiles:
  // each kind in order, so that a loop of one kind the other side lacks costs only its own.
  for (bool carries : {false, true}) {
    std::vector<size_t> a = net.childrenOf(np, carries), bs = src.childrenOf(sp, carries);
    if (a.size() != bs.size()) {
      out.notes.push_back(where + ": the network has " + std::to_string(a.size()) +
                          (carries ? " loop(s) of carries with no stream, the function "
                                   : " loop(s) with a stream, the function ") +
                          std::to_string(bs.size()) +
                          (carries ? " scf.while (not marked loom.stream)"
                                   : " (scf.for, or scf.while marked loom.stream)") +
                          ": their channels have no rate");
      continue;
    }
    bindEach(net, a, src, bs, fors, where, b, out);
  }
}

void bindEach(const LoopTree& net, const std::vector<size_t>& a, const LoopTree& src,
              const std::vector<size_t>& bs, const std::vector<const Op*>& fors,
              const std::string& where, Binding& b, RateInference& out) {
  for (size_t i = 0; i < a.size(); ++i) {
    // Paired by place; a stream whose step or condition is not the one LOOM marked on
    // the while is still bound (the ledger then says whether its count is right), and
    // the note says so.
    const std::string &ns = net.streams[a[i]], &ss = src.streams[bs[i]];
    if (!ss.empty() && ns != ss)
      out.notes.push_back(where + ": loop " + net.names[a[i]] + " (" + ns + ") is bound to " +
                          src.names[bs[i]] + ", marked loom.stream " + ss +
                          ": they differ in step or condition");
    uint32_t id = fors[bs[i]]->id;
    b.loops[a[i]] = id;
    b.rotated[a[i]] = src.rotated[bs[i]];
    out.boundToWhile += !ss.empty();
    if (int gi = net.guard[a[i]]; gi >= 0) {
      // The function's scf.if around a while counts the guard's sides (a rotated while's
      // A' does not: a do-while of one iteration runs its after region no time).
      const Op* guardIf = src.guardIf[bs[i]];
      b.guards[gi] = guardIf ? guardIf->id : id;
      b.guardIsIf[gi] = guardIf != nullptr;
      b.guardFlip[gi] = guardIf ? net.side[a[i]] != src.side[bs[i]] : !net.side[a[i]];
    }
    bindLoops(net, static_cast<int>(a[i]), src, static_cast<int>(bs[i]), fors,
              "in the body of loop " + net.names[a[i]] + " (" + src.names[bs[i]] + ")", b, out);
  }
}

// Whether `op` stands in an scf.while's before region, which the lowering writes twice
// (the condition's first evaluation, then each later one; once, counted for both, in the
// spec's literal form): an scf.if or a loop in it is no one branch or loop of the network.
bool inBeforeRegion(const Op* op) {
  for (const Op* up = op->parentOp(); up; op = up, up = up->parentOp())
    if (up->kind == OpKind::While && op->parent->parent == &up->region(0)) return true;
  return false;
}

// The scf.while whose before region holds `op`, where it is the only one (nested before
// regions are not counted apart here), else null.
const Op* beforeRegionOf(const Op* op) {
  const Op* found = nullptr;
  for (const Op* up = op->parentOp(); up; op = up, up = up->parentOp())
    if (up->kind == OpKind::While && op->parent->parent == &up->region(0)) {
      if (found) return nullptr;
      found = up;
    }
  return found;
}

// Which copy of while `w`'s before region loop `k` stands in (dfg::RateTerm::ctx): the
// condition's first evaluation (f) where no loop around it in the network is w's carry
// loop, a later one (l) where one is; in the spec's literal form the region is written
// once (*). "" where that cannot be told (w not bound to a carry loop of its own, a loop
// on the way not placed).
std::string loopCopy(const Network& n, const LoopTree& net, const std::vector<const Op*>& origin,
                     size_t k, const Op& w) {
  for (size_t j = 0; j < n.carryLoops.size(); ++j) {
    size_t kw = n.streams.size() + j;
    if (origin[kw] != &w) continue;
    std::string at = "W" + std::to_string(w.id) + ":";
    if (n.carryLoops[j].literal) return at + "*/";
    int p = net.parent[k];
    while (p >= 0 && static_cast<size_t>(p) != kw)
      p = net.parent[static_cast<size_t>(p)];
    return p == -1 ? at + "f/" : p >= 0 ? at + "l/" : "";
  }
  return "";
}

// Where the network stands at the program's ops (loom-sim's own lowering, read back in
// either form), each loop is the loop its stream or carries come from, wherever it sits
// (in a branch too, which the trees do not place). Binds every loop so and returns true
// if each one has an origin of its kind (an scf.for or scf.parallel for a stream, an
// scf.while not marked loom.stream for carries) that no other loop has; else binds none.
// A loop in an scf.while's before region stands there once per copy of the region, each
// copy counted apart (loopCopy).
bool bindByOrigins(const dfg::Graph& g, const Network& n, const LoopTree& net, const Function& f,
                   Binding& b) {
  std::set<const Op*> ours;
  walk(f.body, [&](Op* op) { ours.insert(op); });
  std::vector<const Op*> origin(n.loops(), nullptr);
  std::set<const Op*> taken;
  for (size_t k = 0; k < n.loops(); ++k) {
    bool carries = k >= n.streams.size();
    std::vector<Vertex> at =
        carries ? n.carryLoops[k - n.streams.size()].carries : std::vector<Vertex>{n.streams[k]};
    const Op* op = g.node(at[0]).origin.op;
    for (Vertex v : at)
      if (g.node(v).origin.op != op) return false;
    if (!op || !ours.count(op)) return false;
    if (inBeforeRegion(op) ? !beforeRegionOf(op) : !taken.insert(op).second) return false;
    bool kind = carries ? op->kind == OpKind::While && !loomStream(*op)
                        : op->kind == OpKind::For || op->kind == OpKind::Parallel;
    if (!kind) return false;
    origin[k] = op;
  }
  std::vector<std::string> copy(n.loops());
  std::set<std::pair<const Op*, std::string>> copies;
  for (size_t k = 0; k < n.loops(); ++k) {
    if (!inBeforeRegion(origin[k])) continue;
    copy[k] = loopCopy(n, net, origin, k, *beforeRegionOf(origin[k]));
    if (copy[k].empty() || !copies.insert({origin[k], copy[k]}).second) return false;
  }
  // A guard is the loop's own where its cond_brs come from the loop (loom-sim's zero-trip
  // guard), not from an scf.if the loop stands in.
  auto guardOf = [&](size_t i, const Op* loop) {
    for (auto& [v, c] : n.conditionOf)
      if (c == i && g.node(v).origin.op != loop) return false;
    return true;
  };
  for (size_t k = 0; k < n.loops(); ++k) {
    b.loops[k] = origin[k]->id;
    b.loopCtx[k] = copy[k];
    if (int gi = net.guard[k]; gi >= 0 && guardOf(static_cast<size_t>(gi), origin[k])) {
      b.guards[gi] = origin[k]->id;
      b.guardFlip[gi] = !net.side[k];
      b.guardCtx[gi] = copy[k];
    }
  }
  return true;
}

} // namespace

bool hasRates(const dfg::Graph& g) {
  for (dfg::EdgeId ch : g.edges())
    if (g.edge(ch).rate.known()) return true;
  return false;
}

void clearRates(dfg::Graph& g) {
  for (Vertex v = 0; v < g.numNodes(); ++v)
    for (Rate& r : g.node(v).outRates)
      r = Rate{};
  for (dfg::EdgeId ch : g.edges())
    g.edge(ch).rate = Rate{};
}

namespace {

// Which copy of while `w`'s before region condition `i` stands in, as the interpreter
// counts them apart (dfg::RateTerm::ctx): the condition's first evaluation (f), decided
// as often as the while starts, or a later one (l), decided in the loop; in the spec's
// literal form the region is written once (*). "" where `w` is bound to no carry loop.
std::string beforeCopy(const Network& n, const Binding& b, const Propagation& provisional, size_t i,
                       const Op& w) {
  for (size_t j = 0; j < n.carryLoops.size(); ++j) {
    size_t k = n.streams.size() + j;
    if (b.loops[k] != w.id) continue;
    std::string at = "W" + std::to_string(w.id) + ":";
    if (n.carryLoops[j].literal) return at + "*/";
    uint32_t mine = kProvisional + static_cast<uint32_t>(k);
    for (const dfg::RateTerm& t : provisional.conditionRate(i).terms)
      if (t.op == mine) return at + "l/";
    return at + "f/";
  }
  return "";
}

// A data condition that guards no loop but whose cond_brs all come from one scf.if of the
// function (their origin, known where the network stands at the program's ops: a network
// loom-sim lowered, read back in either form) is that scf.if's condition: its sides run
// then(if) and else(if) times (not inside an scf.while, whose body has no stream to count
// its runs by).
void bindBranches(const dfg::Graph& g, const Network& n, const Function& f,
                  const Propagation& provisional, Binding& b) {
  std::vector<const Op*> ifOf(n.conditions.size(), nullptr);
  std::vector<uint8_t> mixed(n.conditions.size(), 0);
  for (auto& [v, i] : n.conditionOf) {
    const Op* op = g.node(v).origin.op;
    if (!op || op->kind != OpKind::If || (ifOf[i] && ifOf[i] != op)) mixed[i] = 1;
    ifOf[i] = op;
  }
  std::set<const Op*> ours;
  walk(f.body, [&](Op* op) { ours.insert(op); });
  for (size_t i = 0; i < n.conditions.size(); ++i) {
    if (b.guards[i] != kUnbound || mixed[i] || !ifOf[i] || !ours.count(ifOf[i])) continue;
    std::string ctx;
    if (inBeforeRegion(ifOf[i])) {
      const Op* w = beforeRegionOf(ifOf[i]);
      if (!w || (ctx = beforeCopy(n, b, provisional, i, *w)).empty()) continue;
    }
    b.guards[i] = ifOf[i]->id;
    b.guardIsIf[i] = 1;
    b.guardFlip[i] = 0;
    b.guardCtx[i] = ctx;
  }
}

void writeRates(dfg::Graph& g, const Propagation& p, const Binding& b, RateInference& out) {
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    dfg::Node& n = g.node(v);
    for (unsigned port = 0; port < n.outRates.size(); ++port)
      n.outRates[port] = p.out(v, port);
  }
  for (dfg::EdgeId ch : g.edges()) {
    dfg::Edge& e = g.edge(ch);
    e.rate = g.node(g.src(ch)).outRates[e.srcPort];
    out.known += e.rate.known();
  }
  out.channels = g.numEdges();
  for (uint32_t id : b.loops)
    out.bound += id != kUnbound;
}

} // namespace

RateInference inferRates(dfg::Graph& g, const Function& f) {
  RateInference out;
  Network n(g);
  out.loops = n.loops();

  // 1. Every loop and condition on its own symbols, to see how the loops nest.
  Binding b = n.provisional();
  Propagation provisional(g, n, b);
  provisional.run();

  // 2. Bind them to the function's loops (by their origins where every loop has its own,
  // else by the trees), then propagate the real counts.
  RateInference tree;
  LoopTree net = networkTree(g, n, provisional, tree);
  b.loops.assign(n.loops(), kUnbound);
  b.guards.assign(n.conditions.size(), kUnbound);
  b.guardIsIf.assign(n.conditions.size(), 0);
  b.guardFlip.assign(n.conditions.size(), 0);
  b.rotated.assign(n.loops(), 0);
  b.guardCtx.assign(n.conditions.size(), "");
  b.loopCtx.assign(n.loops(), "");
  if (!bindByOrigins(g, n, net, f, b)) {
    std::vector<const Op*> fors;
    LoopTree src = sourceTree(f, fors);
    bindLoops(net, -1, src, -1, fors, "at the top of '@" + f.name + "'", b, tree);
    out.boundToWhile = tree.boundToWhile;
    out.notes = std::move(tree.notes);
  }
  bindBranches(g, n, f, provisional, b);
  Propagation bound(g, n, b);
  bound.run();
  writeRates(g, bound, b, out);
  for (size_t k = n.streams.size(); k < n.loops(); ++k)
    out.boundCarries += b.loops[k] != kUnbound;
  return out;
}

RateInference inferLocalRates(dfg::Graph& g) {
  RateInference out;
  Network n(g);
  out.loops = n.loops();
  Binding b = n.provisional();
  Propagation p(g, n, b);
  p.run();
  writeRates(g, p, b, out);
  out.bound = 0;
  for (size_t k = 0; k < n.streams.size(); ++k)
    out.symbols[b.loops[k]] = "the loop '" + g.node(n.streams[k]).name + "'";
  for (size_t i = 0; i < n.carryLoops.size(); ++i)
    out.symbols[b.loops[n.streams.size() + i]] =
        "the loop of '" + g.node(n.carryLoops[i].carries[0]).name + "'";
  for (auto& [source, i] : n.conditions)
    out.symbols[b.guards[i]] = "the condition from '" + g.node(source.first).name + "'";
  return out;
}

std::vector<GraphFinding> checkGraphInferring(const dfg::Graph& g) {
  if (hasRates(g)) return checkGraph(g);
  dfg::Graph inferred = g;
  RateInference r = inferLocalRates(inferred);
  std::vector<GraphFinding> out = checkGraph(inferred);
  for (GraphFinding& f : out)
    f.diag.message = dfg::nameOps(f.diag.message, r.symbols);
  return out;
}

} // namespace loom
