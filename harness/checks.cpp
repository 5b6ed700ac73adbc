#include "harness/checks.h"

#include "eval/arith.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace loom::harness {

using dfg::EdgeId;
using dfg::NodeKind;
using dfg::Vertex;

namespace {

// Does a recorded context ("W3:f/W9:l/") match a rate's ("W3:f/W9:*/")?
bool contextMatches(const std::string& pattern, const std::string& ctx) {
  if (pattern.size() != ctx.size()) return false;
  for (size_t i = 0; i < ctx.size(); ++i)
    if (pattern[i] != ctx[i] && !(pattern[i] == '*' && (ctx[i] == 'f' || ctx[i] == 'l')))
      return false;
  return true;
}

template <typename Counts> uint64_t countOf(const Counts& c, const dfg::RateTerm& t) {
  switch (t.count) {
  case dfg::Count::Invocations: return 1;
  case dfg::Count::LoopActivations: return c.activations[t.op];
  case dfg::Count::LoopNonEmpty: return c.nonEmpty[t.op];
  case dfg::Count::LoopIterations: return c.iterations[t.op];
  case dfg::Count::IfThen: return c.iterations[t.op];
  case dfg::Count::IfElse: return c.elseCount[t.op];
  }
  return 0;
}

} // namespace

int64_t expectedCount(const dfg::Rate& r, const ExecutionRecord& rec) {
  int64_t n = 0;
  for (const dfg::RateTerm& t : r.terms) {
    uint64_t c = 0;
    if (t.ctx.empty() || t.count == dfg::Count::Invocations) {
      c = countOf(rec, t);
    } else {
      for (const auto& [ctx, counts] : rec.byContext)
        if (contextMatches(t.ctx, ctx)) c += countOf(counts, t);
    }
    n += t.coef * static_cast<int64_t>(c);
  }
  return n;
}

uint64_t InvocationContext::observed(EdgeId e) const {
  uint32_t ch = elab.channelOf(graph, e);
  if (twinPushes) return (*twinPushes)[ch];
  return circuit.channel(ch).pushes() - pushesBefore[ch];
}

// ---- ledger --------------------------------------------------------------------------

void checkLedger(const InvocationContext& c, std::vector<Finding>& out, bool stalled) {
  const dfg::Graph& g = c.graph;
  // Every channel with a known rate; a mismatch is primary when every input of its
  // producer matched (the producer itself went wrong), else downstream of another.
  std::map<Vertex, bool> producerInputsOk;
  auto inputsOk = [&](Vertex v) {
    auto it = producerInputsOk.find(v);
    if (it != producerInputsOk.end()) return it->second;
    bool ok = true;
    for (auto [i, end] = g.inEdges(v); i != end && ok; ++i) {
      const dfg::Edge& e = g.edge(*i);
      if (!e.rate.known()) continue;
      int64_t exp = expectedCount(e.rate, c.golden), obs = static_cast<int64_t>(c.observed(*i));
      ok = stalled ? obs <= exp : obs == exp;
    }
    producerInputsOk[v] = ok;
    return ok;
  };
  std::vector<Finding> primary;
  int downstream = 0;
  for (dfg::EdgeId ch : g.edges()) {
    const dfg::Edge& e = g.edge(ch);
    if (!e.rate.known()) continue;
    int64_t exp = expectedCount(e.rate, c.golden);
    int64_t obs = static_cast<int64_t>(c.observed(ch));
    if (stalled ? obs <= exp : obs == exp) continue;
    Vertex p = g.src(ch);
    if (!inputsOk(p)) {
      ++downstream;
      continue;
    }
    Finding f;
    f.check = "ledger";
    f.function = c.function;
    f.invocation = c.invocation;
    diagnoseMismatch(c, ch, exp, obs, f);
    primary.push_back(std::move(f));
  }
  // Around a loop every mismatch has a mismatching input (the feedback closes the
  // cycle): then report the loop-control state machines whose outputs are off.
  if (primary.empty() && downstream) {
    for (dfg::EdgeId ch : g.edges()) {
      const dfg::Edge& e = g.edge(ch);
      Vertex p = g.src(ch);
      NodeKind k = g.node(p).kind;
      if (!e.rate.known() || ops::spec(k).family != ops::Family::Dataflow) continue;
      int64_t exp = expectedCount(e.rate, c.golden), obs = static_cast<int64_t>(c.observed(ch));
      if (stalled ? obs <= exp : obs == exp) continue;
      Finding f;
      f.check = "ledger";
      f.function = c.function;
      f.invocation = c.invocation;
      diagnoseMismatch(c, ch, exp, obs, f);
      primary.push_back(std::move(f));
      --downstream;
    }
  }
  // One producer with several mismatching outputs (a fork) is one finding.
  std::set<std::string> seen;
  for (Finding& f : primary) {
    if (!seen.insert(f.op + f.port).second) continue;
    f.related = primary.size() == 1 ? downstream : 0;
    out.push_back(std::move(f));
  }
  if (primary.size() > 1 && downstream && !out.empty()) out.back().related = downstream;
}

// ---- accesses: ctrl = address = done = interpreter executions ---------------------------

void checkAccessCounts(const InvocationContext& c, std::vector<Finding>& out) {
  const dfg::Graph& g = c.graph;
  // DFG accesses per source op (a rotated while has two copies of its before region).
  std::map<uint32_t, std::vector<Vertex>> bySource;
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    NodeKind k = g.node(v).kind;
    if ((k == NodeKind::Load || k == NodeKind::Store) &&
        g.node(v).origin.opId != dfg::Origin::kNoOp)
      bySource[g.node(v).origin.opId].push_back(v);
  }
  for (auto& [op, nodes] : bySource) {
    uint64_t want = c.golden.executions[op];
    uint64_t ctrl = 0, addr = 0, done = 0;
    for (Vertex v : nodes) {
      EdgeId e;
      if (g.inEdge(v, 2, e)) ctrl += c.observed(e);
      for (EdgeId a : g.outEdges(v, 1)) {
        addr += c.observed(a);
        // The done token: the memory output that answers this access's port.
        Vertex mem = g.dst(a);
        const dfg::Node& mn = g.node(mem);
        const dfg::Node& an = g.node(v);
        unsigned port = an.kind == NodeKind::Store ? mn.numLoads + an.memPort
                                                   : mn.numLoads + mn.numStores + an.memPort;
        for (EdgeId d : g.outEdges(mem, port))
          done += c.observed(d);
      }
    }
    if (ctrl == want && addr == want && done == want) continue;
    Finding f;
    f.check = "access-count";
    f.function = c.function;
    f.invocation = c.invocation;
    locate(g, nodes[0], f);
    f.summary = "memory access ran " + std::to_string(want) +
                " time(s) in the interpreter but got " + std::to_string(ctrl) + " ctrl, " +
                std::to_string(addr) + " address and " + std::to_string(done) + " done token(s)";
    f.hasCounts = true;
    f.expected = static_cast<int64_t>(want);
    f.observed = static_cast<int64_t>(ctrl);
    if (ctrl > want && addr == want) {
      f.cause = "extra control token(s) in the access's ctrl input with no matching address: the "
                "memory-control "
                "chain of a loop body is probably wired to raw_will_continue instead of after_cond";
      f.rule = dfg::RuleId::MemCtrlOnRaw;
    }
    out.push_back(std::move(f));
  }
}

// ---- runtime errors ----------------------------------------------------------------

std::string runtimeErrorKind(const std::string& message) {
  auto has = [&](const std::string& words) { return message.find(words) != std::string::npos; };
  static const std::pair<EvalError, const char*> arith[] = {
      {EvalError::DivisionByZero, "division-by-zero"},
      {EvalError::SignedOverflow, "signed-overflow"},
      {EvalError::ShiftOutOfRange, "shift-out-of-range"},
      {EvalError::FloatToIntRange, "float-to-int-range"},
      {EvalError::PoisonDivisor, "poison-divisor"}};
  for (const auto& [e, kind] : arith)
    if (has(evalErrorMessage(e))) return kind;
  if (has("out-of-bounds access") || has("out of bounds")) return "out-of-bounds";
  if (has("runaway execution")) return "runaway";
  if (has("assertion failed")) return "assertion";
  if (has("cycle cap reached")) return "cycle-cap";
  if (has("did not complete (")) return "call-failed";
  return "other";
}

Finding runtimeErrorFinding(const Diag& error, const std::string& function) {
  Finding f;
  f.check = "runtime-error";
  f.kind = runtimeErrorKind(error.message);
  f.function = function;
  f.summary = error.message;
  f.loc = error.loc;
  for (const Diag& n : error.notes)
    f.details.push_back(n.str("note"));
  return f;
}

// ---- race ------------------------------------------------------------------------------

Finding raceFinding(const Race& r, const std::string& function, uint64_t invocation) {
  auto iteration = [](const std::vector<int64_t>& iv) {
    std::string s = "(";
    for (size_t i = 0; i < iv.size(); ++i)
      s += (i ? ", " : "") + std::to_string(iv[i]);
    return s + ")";
  };
  auto access = [&](const Op* a, const std::vector<int64_t>& iv) {
    return std::string(opName(a->kind)) + " at " + a->loc.where() + " in iteration " +
           iteration(iv);
  };
  Finding f;
  f.check = "race";
  f.function = function;
  f.invocation = invocation;
  f.loc = r.loop->loc;
  f.scfOp = "scf.parallel";
  f.summary = "iterations " + iteration(r.firstIteration) + " and " + iteration(r.secondIteration) +
              " of an scf.parallel both access element " + std::to_string(r.element) + " of " +
              r.memref + ", and " +
              (r.first->kind == OpKind::MemRefStore && r.second->kind == OpKind::MemRefStore
                   ? "both store"
                   : "one stores") +
              ": the result depends on the schedule";
  f.op = access(r.second, r.secondIteration);
  f.details.push_back("first: the " + access(r.first, r.firstIteration));
  f.details.push_back("then:  the " + access(r.second, r.secondIteration));
  f.cause = "the iterations of an scf.parallel must be independent (a data race is undefined "
            "behaviour in MLIR): give each iteration its own elements, combine values with "
            "scf.reduce, or make the loop an scf.for";
  f.rule = dfg::RuleId::ParallelRace;
  return f;
}

// ---- order -----------------------------------------------------------------------------

namespace {
struct Event {
  uint32_t op;
  uint64_t addr;
  bool isStore;
  bool operator<(const Event& o) const {
    return std::tie(op, addr, isStore) < std::tie(o.op, o.addr, o.isStore);
  }
  bool operator==(const Event& o) const {
    return op == o.op && addr == o.addr && isStore == o.isStore;
  }
};
// The order one outermost scf.parallel activation owes its accesses (docs/design.md
// "scf.parallel"): a tree of scopes, the segment at the root and one per iteration, each
// holding its accesses and the activations of the loops it runs, in program order. A
// scope's items are taken in order (consecutive loads in any order); an activation is
// taken once every iteration of it is done, and its iterations run side by side.
class ParallelOrder {
public:
  // want[i, j): one segment's accesses in program order, `thread` the innermost
  // iteration of each.
  ParallelOrder(const std::vector<Event>& want, const std::vector<uint64_t>& thread, size_t i,
                size_t j, const ExecutionRecord& golden)
      : want_(want), thread_(thread), i_(i), taken_(j - i, false), item_(j - i) {
    scopes_.push_back(Scope{});
    scopeOf_[0] = 0;
    for (size_t w = i; w < j; ++w) {
      size_t s = scope(thread[w], golden);
      item_[w - i] = scopes_[s].items.size();
      scopes_[s].items.push_back(Item{static_cast<int64_t>(w), 0, 0});
      byKey_[want[w]].push_back(w);
    }
    for (Scope& sc : scopes_)
      if (!sc.items.empty()) openGroup(sc);
  }

  // Takes the access the memory performed, as the earliest access of the program that
  // matches it and may run now. Returns false if none may: then `culprit` is the
  // earliest that matches (or none, npos).
  bool take(const Event& got, size_t& culprit) {
    culprit = std::string::npos;
    auto it = byKey_.find(got);
    if (it == byKey_.end()) return false;
    std::vector<size_t>& cands = it->second;
    size_t& first = skip_[got];
    while (first < cands.size() && taken_[cands[first] - i_])
      ++first;
    for (size_t k = first; k < cands.size(); ++k) {
      size_t w = cands[k];
      if (taken_[w - i_]) continue;
      if (culprit == std::string::npos) culprit = w;
      if (!ready(w)) continue;
      taken_[w - i_] = true;
      size_t s = scopeOf_[thread_[w]];
      if (--scopes_[s].pending == 0) complete(s);
      return true;
    }
    return false;
  }

private:
  struct Item {
    int64_t access;      // want position, or -1 for an activation
    uint64_t activation; // an activation: its number, and how many of its iterations
    size_t unfinished;   // (scopes) are not done yet
  };
  struct Scope {
    std::vector<Item> items;
    int64_t parent = -1; // scope index
    size_t slot = 0;     // index of its activation among the parent's items
    size_t pos = 0, groupEnd = 0, pending = 0;
  };

  bool isLoad(const Item& it) const { return it.access >= 0 && !want_[it.access].isStore; }

  // The scope of a thread, made on first sight with its place in its parent's items.
  size_t scope(uint64_t t, const ExecutionRecord& golden) {
    auto found = scopeOf_.find(t);
    if (found != scopeOf_.end()) return found->second;
    auto info = golden.parallelThreads.find(t);
    ExecutionRecord::ParallelThread pt;
    if (info != golden.parallelThreads.end()) pt = info->second;
    size_t p = scope(pt.parent, golden);
    std::vector<Item>& items = scopes_[p].items;
    if (items.empty() || items.back().access >= 0 || items.back().activation != pt.activation)
      items.push_back(Item{-1, pt.activation, 0});
    ++items.back().unfinished;
    Scope sc;
    sc.parent = static_cast<int64_t>(p);
    sc.slot = items.size() - 1;
    scopes_.push_back(sc);
    return scopeOf_[t] = scopes_.size() - 1;
  }

  // The group starting at pos: one store or activation, or a run of loads.
  void openGroup(Scope& sc) {
    sc.groupEnd = sc.pos + 1;
    if (isLoad(sc.items[sc.pos]))
      while (sc.groupEnd < sc.items.size() && isLoad(sc.items[sc.groupEnd]))
        ++sc.groupEnd;
    sc.pending = sc.groupEnd - sc.pos;
  }

  // The current group of scope s is done: open the next; a scope that ends finishes one
  // iteration of its parent's activation, and the last of them that activation.
  void complete(size_t s) {
    for (;;) {
      Scope& sc = scopes_[s];
      sc.pos = sc.groupEnd;
      if (sc.pos < sc.items.size()) {
        openGroup(sc);
        return;
      }
      if (sc.parent < 0) return;
      Item& act = scopes_[static_cast<size_t>(sc.parent)].items[sc.slot];
      if (--act.unfinished) return;
      s = static_cast<size_t>(sc.parent);
    }
  }

  // In its scope's current group, in a scope whose ancestors all run the activation
  // holding it.
  bool ready(size_t w) const {
    size_t s = scopeOf_.at(thread_[w]);
    size_t k = item_[w - i_];
    if (k < scopes_[s].pos || k >= scopes_[s].groupEnd) return false;
    for (;;) {
      const Scope& sc = scopes_[s];
      if (sc.parent < 0) return true;
      const Scope& up = scopes_[static_cast<size_t>(sc.parent)];
      if (up.pos != sc.slot) return false;
      s = static_cast<size_t>(sc.parent);
    }
  }

  const std::vector<Event>& want_;
  const std::vector<uint64_t>& thread_;
  size_t i_;
  std::vector<bool> taken_;
  std::vector<size_t> item_; // per want position: its index in its scope's items
  std::vector<Scope> scopes_;
  std::unordered_map<uint64_t, size_t> scopeOf_;
  std::map<Event, std::vector<size_t>> byKey_; // candidates, in program order
  std::map<Event, size_t> skip_;               // per key: candidates before are taken
};

// One segment: want[i, j) against got[begin, begin + j - i) (of a stopped call, only
// those it performed). Returns the position in want of the first access performed out
// of place, or j if none.
size_t parallelOutOfOrder(const std::vector<Event>& want, const std::vector<uint64_t>& thread,
                          size_t i, size_t j, const std::vector<Event>& got, size_t begin,
                          const ExecutionRecord& golden, bool stopped) {
  ParallelOrder order(want, thread, i, j, golden);
  size_t end = begin + (j - i);
  if (stopped) end = std::min(end, got.size()); // a stopped call: what it performed
  for (size_t p = begin; p < end; ++p) {
    size_t culprit = std::string::npos;
    if (p >= got.size() || !order.take(got[p], culprit))
      return culprit != std::string::npos ? culprit : i + (p - begin);
  }
  return j;
}

} // namespace

namespace {

// A memory's ports back to DFG accesses (per store port, per load port).
void accessNodes(const dfg::Graph& g, Vertex memory, std::vector<Vertex>& storeNode,
                 std::vector<Vertex>& loadNode) {
  const dfg::Node& mn = g.node(memory);
  storeNode.assign(mn.numStores, 0);
  loadNode.assign(mn.numLoads, 0);
  for (dfg::EdgeId ch : g.inEdges(memory)) {
    unsigned p = g.edge(ch).dstPort;
    Vertex src = g.src(ch);
    if (p < 2 * mn.numStores)
      storeNode[p / 2] = src;
    else
      loadNode[p - 2 * mn.numStores] = src;
  }
}

// The source ops of a memory's accesses, as a bitmap over op ids.
std::vector<bool> accessOps(const dfg::Graph& g, const std::vector<Vertex>& storeNode,
                            const std::vector<Vertex>& loadNode) {
  std::vector<bool> ops;
  auto addOp = [&](Vertex v) {
    uint32_t id = g.node(v).origin.opId;
    if (id >= ops.size()) ops.resize(id + 1, false);
    ops[id] = true;
  };
  for (Vertex v : storeNode)
    addOp(v);
  for (Vertex v : loadNode)
    addOp(v);
  return ops;
}

} // namespace

std::vector<std::vector<size_t>> tracePerMemory(const InvocationContext& c,
                                                const std::vector<Vertex>& memories) {
  // Per op id, the memories whose accesses it is (one, but for a malformed graph).
  std::vector<std::vector<uint32_t>> memoriesOf;
  std::vector<Vertex> storeNode, loadNode;
  for (size_t k = 0; k < memories.size(); ++k) {
    accessNodes(c.graph, memories[k], storeNode, loadNode);
    auto add = [&](Vertex v) {
      uint32_t id = c.graph.node(v).origin.opId;
      if (id == dfg::Origin::kNoOp) return; // made by no op: no trace entry is its
      if (id >= memoriesOf.size()) memoriesOf.resize(static_cast<size_t>(id) + 1);
      std::vector<uint32_t>& mine = memoriesOf[id];
      if (mine.empty() || mine.back() != k) mine.push_back(static_cast<uint32_t>(k));
    };
    for (Vertex v : storeNode)
      add(v);
    for (Vertex v : loadNode)
      add(v);
  }
  std::vector<std::vector<size_t>> out(memories.size());
  const std::vector<AccessEvent>& trace = c.golden.accesses;
  for (size_t i = 0; i < trace.size(); ++i)
    if (trace[i].op < memoriesOf.size())
      for (uint32_t k : memoriesOf[trace[i].op])
        out[k].push_back(i);
  return out;
}

void checkOrder(const InvocationContext& c, Vertex memory,
                const std::vector<models::MemoryAccess>& log, bool stopped,
                std::vector<Finding>& out, const std::vector<size_t>* trace) {
  const dfg::Graph& g = c.graph;
  const dfg::Node& mn = g.node(memory);
  std::vector<Vertex> storeNode, loadNode;
  accessNodes(g, memory, storeNode, loadNode);
  std::vector<bool> ops = accessOps(g, storeNode, loadNode);

  std::vector<Event> want, got;
  std::vector<uint32_t> segment; // per want: its scf.parallel activation (0: none)
  std::vector<uint64_t> thread;  // and iteration
  got.reserve(log.size());
  auto wanted = [&](const AccessEvent& a) {
    if (a.op < ops.size() && ops[a.op]) {
      want.push_back({a.op, static_cast<uint64_t>(a.element), a.isStore});
      segment.push_back(a.segment);
      thread.push_back(a.thread);
    }
  };
  if (trace)
    for (size_t i : *trace)
      wanted(c.golden.accesses[i]);
  else
    for (const AccessEvent& a : c.golden.accesses)
      wanted(a);
  // A memory that is only loaded has no order to keep: its loads may trade places
  // whatever loops they are in, an scf.parallel's included (one run of loads below).
  if (mn.numStores == 0) std::fill(segment.begin(), segment.end(), 0);
  for (const models::MemoryAccess& a : log) {
    Vertex v = a.isStore ? storeNode[a.port] : loadNode[a.port];
    got.push_back({g.node(v).origin.opId, a.addr, a.isStore});
  }
  auto describe = [&](const Event& e) {
    for (Vertex v = 0; v < g.numNodes(); ++v)
      if (g.node(v).origin.opId == e.op &&
          (g.node(v).kind == NodeKind::Load || g.node(v).kind == NodeKind::Store))
        return std::string(e.isStore ? "store" : "load") + " at " + g.node(v).origin.loc.where() +
               " of element " + std::to_string(e.addr);
    return std::string("?");
  };
  auto finding = [&](std::string summary) {
    Finding f;
    f.check = "order";
    f.function = c.function;
    f.invocation = c.invocation;
    locate(g, memory, f);
    f.summary = std::move(summary);
    return f;
  };
  // Accesses performed out of program order (`where` ends the summary): the ctrl-done
  // chain's mistake, rule L303.
  auto outOfOrder = [&](const char* where, std::vector<std::string> details, const char* cause) {
    Finding f =
        finding("memory accesses of '" + mn.name + "' performed out of program order" + where);
    f.details = std::move(details);
    f.cause = cause;
    f.rule = dfg::RuleId::MemoryOrder;
    out.push_back(std::move(f));
  };
  // Program order, except that loads between two stores may be performed in any order.
  size_t i = 0;
  while (i < want.size() && (!stopped || i < got.size())) {
    size_t j = i + 1;
    if (segment[i]) {
      // An scf.parallel's accesses: iterations interleave.
      while (j < want.size() && segment[j] == segment[i])
        ++j;
      size_t bad =
          parallelOutOfOrder(want, thread, i, j, got, std::min(i, got.size()), c.golden, stopped);
      if (bad != j) {
        outOfOrder(" within an iteration of an scf.parallel",
                   {"program order: access #" + std::to_string(bad + 1) + " is the " +
                    describe(want[bad]) +
                    ", performed before an access it must follow (an earlier one of its "
                    "own iteration, or of the iteration running its loop)"},
                   "the ctrl-done chain of a parallel loop's body does not order one iteration's "
                   "accesses: each access must take the done token of the previous access of its "
                   "iteration, or of the iteration running its loop (iterations may overlap)");
        return;
      }
      i = j;
      continue;
    }
    if (!want[i].isStore)
      while (j < want.size() && !want[j].isStore && !segment[j])
        ++j;
    size_t end = std::min(j, got.size());
    size_t begin = std::min(i, got.size());
    // Performed exactly in program order: the common case, no copy and no sort.
    bool same =
        end - begin == j - i && std::equal(want.begin() + i, want.begin() + j, got.begin() + begin);
    if (!same) {
      std::vector<Event> a(want.begin() + i, want.begin() + j);
      std::vector<Event> b(got.begin() + begin, got.begin() + end);
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      // A call stopped within the run: the loads it performed, each one of the run's.
      same = stopped && end - begin < j - i ? std::includes(a.begin(), a.end(), b.begin(), b.end())
                                            : a == b;
    }
    if (!same) {
      outOfOrder(
          "",
          {"program order: access #" + std::to_string(i + 1) + " is the " + describe(want[i]),
           i < got.size()
               ? "performed instead: the " + describe(got[i])
               : "the memory performed only " + std::to_string(got.size()) + " access(es)"},
          "the ctrl-done chain does not order this group's accesses: each access must "
          "take the previous access's done token (only consecutive loads may share one)");
      return;
    }
    i = j;
  }
  if (got.size() > want.size())
    out.push_back(finding("memory '" + mn.name + "' performed " + std::to_string(got.size()) +
                          " accesses; the program made " + std::to_string(want.size())));
}

// ---- quiescence --------------------------------------------------------------------------

namespace {

// The values latched in a channel, first four (the twin's probes count tokens only).
std::string latchedValues(const models::Channel& chan) {
  std::string values;
  for (int k = 0; k < chan.count() && k < 4; ++k)
    values += (k ? ", " : "") + std::to_string(chan.peek(k));
  return values;
}

std::string latchedSummary(const dfg::Graph& g, Vertex consumer, unsigned port, uint64_t held) {
  const dfg::Node& n = g.node(consumer);
  return std::to_string(held) + " token(s) latched in " + n.opName() + " '" + n.name + "' input '" +
         n.portName(true, port) + "' after the call";
}

// A token latched in a channel that has no count to compare (no reference run, or a
// rate a network read from a file does not give): told by the op and input it waits in,
// the path back to the loop control that paces it and the raw-vs-gated cause.
// What every latched-token finding says: the check, the call, the channel, the latched
// values, and the consumer's op and input where the tokens wait.
Finding latchFinding(const InvocationContext& c, EdgeId e, uint64_t held,
                     const models::Channel& chan) {
  const dfg::Graph& g = c.graph;
  Vertex consumer = g.dst(e);
  const dfg::Edge& ed = g.edge(e);
  Finding f;
  f.check = "quiescence";
  f.function = c.function;
  f.invocation = c.invocation;
  f.channel = g.describe(e) + "  (" + ed.type.str() + ", " + dfg::roleName(ed.role) + ")";
  f.edge = e;
  f.producer = g.src(e);
  if (!ed.type.isNone() && !c.twinHeld)
    f.details.push_back("latched value(s): " + latchedValues(chan));
  locate(g, consumer, f);
  f.port = "input '" + g.node(consumer).portName(true, ed.dstPort) + "' (port " +
           std::to_string(ed.dstPort) + ")";
  f.summary = latchedSummary(g, consumer, ed.dstPort, held);
  return f;
}

Finding uncountedLatch(const InvocationContext& c, EdgeId e, uint64_t held,
                       const models::Channel& chan) {
  const dfg::Graph& g = c.graph;
  Vertex consumer = g.dst(e);
  const dfg::Edge& ed = g.edge(e);
  Finding f = latchFinding(c, e, held, chan);
  f.scfOp.clear(); // without counts, the op's place is all there is
  Upstream up = upstreamOf(g, g.src(e));
  f.upstream = up.lines;
  f.upstreamEdges = up.edges;
  explainLatch(g, consumer, ed.dstPort, up, f);
  return f;
}

// A token latched in a channel whose rate gives the count it should have carried.
Finding countedLatch(const InvocationContext& c, EdgeId e, uint64_t held,
                     const models::Channel& chan) {
  const dfg::Graph& g = c.graph;
  Vertex consumer = g.dst(e);
  const dfg::Edge& ed = g.edge(e);
  Finding f = latchFinding(c, e, held, chan);
  f.domain = ed.rate.str();
  int64_t exp = expectedCount(ed.rate, c.golden);
  f.hasCounts = true;
  f.expected = exp;
  f.observed = static_cast<int64_t>(c.observed(e));
  f.formula = ed.rate.formula();
  diagnoseMismatch(c, e, exp, f.observed, f); // locates at the producer
  // Counts that match say nothing of why the token stayed: the op and its path do.
  if (f.cause.empty()) {
    explainLatch(g, consumer, ed.dstPort, upstreamOf(g, g.src(e)), f);
  }
  Finding at = latchFinding(c, e, held, chan); // the token sits in the consumer's input
  f.op = at.op, f.loc = at.loc, f.scfOp = at.scfOp, f.port = at.port, f.summary = at.summary;
  f.vertex = at.vertex;
  return f;
}

} // namespace

void checkQuiescence(const InvocationContext& c, std::vector<Finding>& out, bool stalled) {
  const dfg::Graph& g = c.graph;
  std::set<uint32_t> reportedOps;
  std::vector<bool> seen(c.circuit.numChannels(), false);
  for (EdgeId e : g.edges()) {
    uint32_t ch = c.elab.channelOf(g, e);
    seen[ch] = true;
    const models::Channel& chan = c.circuit.channel(ch);
    uint64_t held = c.twinHeld ? (*c.twinHeld)[ch] : static_cast<uint64_t>(chan.count());
    if (held == 0) continue;
    bool counted = c.reference && g.edge(e).rate.known();
    if (stalled && (!counted ||
                    static_cast<int64_t>(c.observed(e)) <= expectedCount(g.edge(e).rate, c.golden)))
      continue;
    out.push_back(counted ? countedLatch(c, e, held, chan) : uncountedLatch(c, e, held, chan));
    reportedOps.insert(c.elab.opOfVertex[g.dst(e)]);
  }
  for (Vertex v = 0; !c.twinHeld && !stalled && v < g.numNodes(); ++v) {
    uint32_t opi = c.elab.opOfVertex[v];
    if (opi == sim::kNoOp || reportedOps.count(opi)) continue;
    const models::Model& op = c.circuit.op(opi);
    if (op.isQuiescent()) continue;
    Finding f;
    f.check = "quiescence";
    f.function = c.function;
    f.invocation = c.invocation;
    locate(g, v, f);
    std::string phase = op.phaseName();
    f.summary = g.node(v).opName() + " '" + g.node(v).name + "' is not at rest after the call" +
                (phase.empty() ? "" : " (phase " + phase + ")");
    if (c.reference)
      f.cause = "a state machine left mid-activity holds a latched value: an input stream of this "
                "op has a different length than the others (see the ledger findings)";
    else
      f.scfOp.clear();
    out.push_back(std::move(f));
  }
  // The host's own channels (results on their way out): nothing may stay there either.
  for (uint32_t ch = 0; !c.twinHeld && ch < c.circuit.numChannels(); ++ch)
    if (!seen[ch] && c.circuit.channel(ch).count() > 0) {
      Finding f;
      f.check = "quiescence";
      f.function = c.function;
      f.invocation = c.invocation;
      f.summary = std::to_string(c.circuit.channel(ch).count()) + " token(s) latched in channel " +
                  c.circuit.channel(ch).name() + " after the call";
      out.push_back(std::move(f));
    }
}

// ---- why a call stopped -------------------------------------------------------------------

const char* stopCheck(sim::InvocationStatus s) {
  switch (s) {
  case sim::InvocationStatus::Deadlock: return "deadlock";
  case sim::InvocationStatus::CycleCap: return "cycle-cap";
  case sim::InvocationStatus::OpError: return "op-error";
  case sim::InvocationStatus::BadInput: return "bad-input";
  case sim::InvocationStatus::Done: break;
  }
  return "done";
}

} // namespace loom::harness
