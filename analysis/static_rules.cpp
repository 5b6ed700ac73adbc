// Static checks of a lowered DFG. The loop-control rules of the specs are checked as
// rate consistency: every channel carries a rate (its expected token count as a
// formula over region counts), and each state machine relates the rates of its ports
// in a fixed way. An invariant or carry emits one token per token of its condition
// stream d, so its output must have d's rate; a body-local invariant whose d is
// raw_will_continue (N + 1) while its output is in the body (N) is exactly the
// raw-vs-gated miswire, and so on for every op.

#include "analysis/static_rules.h"

#include "dfg/dominators.h"

#include <map>
#include <set>

namespace loom {
namespace {

using dfg::EdgeId;
using dfg::NodeKind;
using dfg::Rate;
using dfg::Role;
using dfg::Vertex;
using ops::RateCheck;

class Checker {
public:
  explicit Checker(const dfg::Graph& g) : g_(g) {}

  std::vector<GraphFinding> run() {
    checkPorts();
    if (!findings_.empty()) return findings_; // the rest needs a well-formed graph
    for (Vertex v = 0; v < g_.numNodes(); ++v)
      checkRates(v);
    checkStreamStarts();
    checkAccesses();
    checkReturnPostDominatesDones();
    checkGroupIndependence();
    return findings_;
  }

private:
  const dfg::Graph& g_;
  std::vector<GraphFinding> findings_;
  std::set<Vertex> guarded_; // streams whose zero-trip guard is reported

  const dfg::Node& node(Vertex v) const { return g_.node(v); }

  void report(const char* check, dfg::RuleId rule, Vertex v, const std::string& msg,
              dfg::Rewire fix = {}) {
    Loc loc = node(v).origin.loc;
    findings_.push_back(
        {check, Diag{loc, node(v).opName() + " '" + node(v).name + "' " + msg}, v, fix, rule});
  }

  std::string port(Vertex v, bool input, unsigned p) const {
    return "'" + node(v).portName(input, p) + "' (port " + std::to_string(p) + ")";
  }

  // ---- every port connected exactly once, with matching types ------------------------
  void checkPorts() {
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      const dfg::Node& n = node(v);
      std::vector<int> ins(n.inTypes.size(), 0), outs(n.outTypes.size(), 0);
      for (dfg::EdgeId ch : g_.inEdges(v)) {
        const dfg::Edge& e = g_.edge(ch);
        if (e.dstPort >= ins.size()) {
          report("ports", dfg::RuleId::Ports, v,
                 "has a channel into input port " + std::to_string(e.dstPort) +
                     ", which does not exist");
          continue;
        }
        ++ins[e.dstPort];
        if (e.type != n.inTypes[e.dstPort])
          report("ports", dfg::RuleId::Ports, v,
                 "input " + port(v, true, e.dstPort) + " expects " + n.inTypes[e.dstPort].str() +
                     " but its channel carries " + e.type.str());
      }
      for (dfg::EdgeId ch : g_.outEdges(v)) {
        const dfg::Edge& e = g_.edge(ch);
        if (e.srcPort >= outs.size()) {
          report("ports", dfg::RuleId::Ports, v,
                 "has a channel from output port " + std::to_string(e.srcPort) +
                     ", which does not exist");
          continue;
        }
        ++outs[e.srcPort];
      }
      for (unsigned p = 0; p < ins.size(); ++p)
        if (ins[p] != 1)
          report(
              "ports", dfg::RuleId::Ports, v,
              "input " + port(v, true, p) +
                  (ins[p] ? " has " + std::to_string(ins[p]) + " producers" : " is not connected"));
      if (n.kind == NodeKind::Return) continue; // its outputs go to the host
      for (unsigned p = 0; p < outs.size(); ++p)
        if (outs[p] != 1)
          report("ports", dfg::RuleId::Ports, v,
                 "output " + port(v, false, p) +
                     (outs[p] ? " has " + std::to_string(outs[p]) + " consumers (a fork is missing)"
                              : " is not connected (a sink is missing)"));
    }
  }

  // ---- a stream's start as its update reads it ------------------------------------------
  // A >>= or /= stream's index is shifted and divided unsigned (LOOM's simulators): a
  // narrower integer must enter it zero-extended, or a negative value brings ones its
  // loop then shifts through (L108).
  void checkStreamStarts() {
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      const dfg::Node& s = node(v);
      if (s.kind != NodeKind::Stream ||
          (s.stepOp != ops::StepOp::Shr && s.stepOp != ops::StepOp::Div))
        continue;
      // Back from the start through what passes its value on (forks, the data of a
      // cond_br, an invariant's value) to the op that made it.
      Vertex at = v;
      unsigned p = 0;
      for (int hops = 0; hops < 64; ++hops) {
        Vertex c = sourceThroughForks(at, p);
        NodeKind k = node(c).kind;
        if (k != NodeKind::CondBr && k != NodeKind::Invariant) break;
        at = c, p = 1;
      }
      const dfg::Node& cast = node(sourceThroughForks(at, p));
      if (cast.kind != NodeKind::Compute || cast.arith != OpKind::IndexCast ||
          cast.inTypes.size() != 1 || !cast.inTypes[0].isIntLike() || cast.inTypes[0].isIndex() ||
          cast.inTypes[0].width >= 64)
        continue;
      report("loop-control", dfg::RuleId::StreamStartSign, v,
             "input " + port(v, true, 0) + " is arith.index_cast '" + cast.name + "' of an " +
                 cast.inTypes[0].str() + ", sign-extending, but the stream's '" +
                 stepOpText(s.stepOp) +
                 "' works on the index unsigned: a negative value runs its loop through " +
                 std::to_string(64 - cast.inTypes[0].width) +
                 " more bits than the program's (zero-extend it: arith.index_castui)",
             {dfg::Rewire::Kind::ZeroExtend, at, p});
    }
  }

  // ---- rate consistency -----------------------------------------------------------------
  EdgeId edgeInto(Vertex v, unsigned p) const {
    EdgeId e;
    g_.inEdge(v, p, e);
    return e;
  }
  const dfg::Edge& inEdge(Vertex v, unsigned p) const {
    EdgeId e;
    g_.inEdge(v, p, e);
    return g_.edge(e);
  }
  Vertex producer(Vertex v, unsigned p) const {
    EdgeId e;
    g_.inEdge(v, p, e);
    return g_.src(e);
  }
  const Rate& inRate(Vertex v, unsigned p) const { return inEdge(v, p).rate; }
  const Rate& outRate(Vertex v, unsigned p) const { return node(v).outRates[p]; }

  // "raw_will_continue from 'k/for0.stream' (once per iteration of op 3, plus once per
  // call)"
  std::string describeIn(Vertex v, unsigned p) const {
    const dfg::Edge& e = inEdge(v, p);
    Vertex src = producer(v, p);
    // An op is named after its first result: of an op with several (a cond_br, a stream,
    // a gate, a memory), the output is named too; a fork's outputs are all one value.
    const dfg::Node& n = node(src);
    std::string output =
        n.outTypes.size() > 1 && n.kind != NodeKind::Fork && n.kind != NodeKind::LazyFork
            ? " output '" + n.portName(false, g_.edge(edgeInto(v, p)).srcPort) + "'"
            : "";
    return std::string(dfg::roleName(e.role)) + " from '" + n.name + "'" + output + " (" +
           e.rate.words() + ")";
  }

  bool allKnown(std::initializer_list<const Rate*> rs) const {
    for (const Rate* r : rs)
      if (!r->known() && r->terms.empty()) return false;
    return true;
  }

  // An access whose ctrl is paced by the loop boundary and whose address by the body.
  std::string accessCtrlRule(Vertex v, unsigned p) const {
    NodeKind k = node(v).kind;
    if ((k != NodeKind::Load && k != NodeKind::Store) || p != 2) return "";
    if (inRate(v, 2).domain != Rate::Domain::LoopBoundary ||
        inRate(v, 0).domain != Rate::Domain::LoopBody)
      return "";
    return "; its ctrl is paced by raw_will_continue (N + 1 per activation), its address by "
           "the body (N): a loop body's memory control must be driven by after_cond (the "
           "raw-vs-gated miswire)";
  }

  // The op whose output reaches input `p` of `v` through forks (and that output's port).
  Vertex sourceThroughForks(Vertex v, unsigned p, unsigned* port = nullptr) const {
    EdgeId e;
    for (int hops = 0; hops < 64 && g_.inEdge(v, p, e); ++hops) {
      v = g_.src(e);
      p = 0;
      if (port) *port = g_.edge(e).srcPort;
      if (node(v).kind != NodeKind::Fork) break;
    }
    return v;
  }

  // The stream whose raw_will_continue is the before_cond of `gate`.
  std::optional<Vertex> streamOf(Vertex gate) const {
    Vertex s = sourceThroughForks(gate, 1);
    if (node(s).kind == NodeKind::Stream) return s;
    return std::nullopt;
  }

  // The stream whose control input `p` of `v` is: its raw_will_continue, or the
  // after_cond of its gate.
  std::optional<Vertex> streamOfControl(Vertex v, unsigned p) const {
    Vertex s = sourceThroughForks(v, p);
    if (node(s).kind == NodeKind::Stream) return s;
    if (node(s).kind == NodeKind::Gate && s != v) return streamOf(s);
    return std::nullopt;
  }

  // How often the loop of stream `v` starts (dfg::streamStarts over its inputs).
  Rate activations(Vertex v) const {
    Rate a = inRate(v, 0);
    for (unsigned p = 1; p < 3; ++p)
      a = dfg::streamStarts(a, inRate(v, p));
    return a;
  }

  // The data cond_br that splits a value made at `have` into the region execution
  // `want`: its condition is decided at `have`, and side `side` runs `want` times.
  std::optional<std::pair<Vertex, unsigned>> splitInto(const Rate& have, const Rate& want) const {
    if (!have.known() || want.terms.empty()) return std::nullopt;
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      if (node(v).kind != NodeKind::CondBr) continue;
      const dfg::Edge& c = inEdge(v, 0);
      if (c.role != Role::Data || !c.rate.known() || !c.rate.sameCount(have)) continue;
      for (unsigned side : {0u, 1u})
        if (outRate(v, side).known() && outRate(v, side).sameCount(want)) return std::pair{v, side};
    }
    return std::nullopt;
  }

  // Input `p` of `v`, made whichever way a branch goes, belongs to the region execution
  // `want` on one side of it: the cond_br that would split it.
  dfg::Rewire splitFix(Vertex v, unsigned p, const Rate& want) const {
    auto s = splitInto(inRate(v, p), want);
    if (!s) return {};
    dfg::Rewire r{dfg::Rewire::Kind::SplitByCondition, v, p};
    r.via = s->first;
    r.side = s->second;
    return r;
  }

  static constexpr const char* kInvariantRule =
      ": a value made outside a loop enters its body through a dataflow.invariant on "
      "after_cond, which repeats it once per iteration";
  static constexpr const char* kSplitRule =
      ": a value made outside a branch enters it through the cond_br that splits it";

  // Inputs `a` and `b` of `v` from different region executions, one of them in a loop's
  // body and the other made once per activation of that loop (at the rate of its
  // stream's start): the dataflow.invariant that would repeat the value is missing.
  // Or the other input is on a side of a branch in that body: the invariant first, the
  // split that takes it into the branch next (once the invariant gives it the body's rate).
  // An inner loop's exit value, made once per activation of it, is the body's where
  // that loop runs: once per iteration of the loop around it (or on a side of a branch
  // there), which the invariant on that loop's after_cond brings the other input to first.
  dfg::Rewire missingInvariant(Vertex v, unsigned a, unsigned b) const {
    for (auto [outer, body] : {std::pair{a, b}, std::pair{b, a}}) {
      Rate::Domain d = inRate(v, body).domain;
      bool inBranch = d == Rate::Domain::IfThen || d == Rate::Domain::IfElse;
      bool exit = d == Rate::Domain::LoopExit;
      if (d != Rate::Domain::LoopBody && !inBranch && !exit) continue;
      auto gate = exit ? gateAround(inRate(v, body)) : dfg::gateBackFrom(g_, v, body);
      dfg::Rewire fix = gate ? enterLoop(v, outer, *gate) : dfg::Rewire{};
      if (!fix.any()) continue;
      if (inBranch && !splitInto(outRate(*gate, 1), inRate(v, body))) continue;
      fix.bodyPort = body;
      return fix;
    }
    return {};
  }

  // The gate of the loop whose body runs `r` times, or whose body a branch splits into
  // `r` (an inner loop's exit: where it runs).
  std::optional<Vertex> gateAround(const Rate& r) const {
    for (Vertex u = 0; u < g_.numNodes(); ++u) {
      if (node(u).kind != NodeKind::Gate || !streamOf(u)) continue;
      const Rate& body = outRate(u, 1);
      if (body.known() && (body.sameCount(r) || splitInto(body, r))) return u;
    }
    return std::nullopt;
  }

  // Input `p` of `v`, which fires in the body of the loop of `gate`, made once per
  // activation of that loop or of one around it (or where its guard is decided): the
  // invariant on `gate`'s after_cond that brings it into the body. A value from further
  // out then meets the rule on initial values at that invariant, and the next repair
  // takes it one loop further out.
  dfg::Rewire enterLoop(Vertex v, unsigned p, Vertex gate) const {
    const Rate& r = inRate(v, p);
    if (!r.known()) return {};
    std::optional<Vertex> g = gate;
    for (int depth = 0; g && depth < 16; ++depth) {
      auto stream = streamOf(*g);
      if (!stream || !inRate(*stream, 0).known()) return {};
      Rate starts = activations(*stream);
      if (starts.sameCount(r) || splitInto(r, starts)) {
        dfg::Rewire fix{dfg::Rewire::Kind::AddInvariant, v, p};
        fix.via = gate;
        return fix;
      }
      g = dfg::gateBackFrom(g_, *stream, 0);
    }
    return {};
  }

  // A compute op whose inputs come from different region executions (a finding of its
  // own): what it makes has no rate until that is repaired.
  bool inputsDisagree(Vertex u) const {
    const dfg::Node& n = node(u);
    if (n.kind != NodeKind::Compute && n.kind != NodeKind::Load && n.kind != NodeKind::Store)
      return false;
    const Rate* ref = nullptr;
    for (unsigned p = 0; p < n.inTypes.size(); ++p) {
      const Rate& r = inRate(u, p);
      if (!r.known()) return false;
      if (!ref)
        ref = &r;
      else if (!r.sameCount(*ref))
        return true;
    }
    return false;
  }

  // Whether input `p` of `v` has its rate from an op that picked it among disagreeing
  // inputs (that op's finding), directly or through a memory: a load's data and done, a
  // store's done come from the access whose address is that port's.
  bool pickedRate(Vertex v, unsigned p) const {
    unsigned out = 0;
    v = sourceThroughForks(v, p, &out);
    if (inputsDisagree(v)) return true;
    const dfg::Node& m = node(v);
    if (m.kind != NodeKind::Memory && m.kind != NodeKind::ExtMemory) return false;
    unsigned ld = m.numLoads, st = m.numStores;
    unsigned in = out < ld        ? 2 * st + out
                  : out < ld + st ? 2 * (out - ld) + 1
                                  : 2 * st + out - ld - st;
    return in < m.inTypes.size() && inputsDisagree(sourceThroughForks(v, in));
  }

  void sameRateEverywhere(Vertex v) {
    const dfg::Node& n = node(v);
    const Rate* ref = nullptr;
    for (unsigned p = 0; p < n.inTypes.size(); ++p) {
      const Rate& r = inRate(v, p);
      if (!r.known()) return;
      if (!ref)
        ref = &r;
      else if (!r.sameCount(*ref)) {
        // Its rate is that op's pick among disagreeing inputs: the finding is that op's.
        if (inputsDisagree(sourceThroughForks(v, p)) || inputsDisagree(sourceThroughForks(v, 0)))
          return;
        std::string rule = accessCtrlRule(v, p);
        dfg::Rewire fix = rule.empty()
                              ? missingInvariant(v, p, 0)
                              : dfg::rewireBackFrom(g_, v, p, dfg::Rewire::Kind::ToAfterCond);
        dfg::RuleId id = !rule.empty() ? dfg::RuleId::MemCtrlOnRaw : dfg::RuleId::SameExecution;
        if (rule.empty() && fix.any()) rule = kInvariantRule, id = dfg::RuleId::MissingInvariant;
        // One input on a side of a branch, the other made whichever way it goes (an
        // address computed before the branch whose access is in it): the latter is split.
        if (rule.empty())
          for (auto [made, side] : {std::pair{0u, p}, std::pair{p, 0u}})
            if (!fix.any() && (fix = splitFix(v, made, inRate(v, side))).any())
              rule = kSplitRule, id = dfg::RuleId::UnsplitBranchValue;
        return report("rates", id, v,
                      "input " + port(v, true, p) + " carries " + describeIn(v, p) + " but input " +
                          port(v, true, 0) + " carries " + describeIn(v, 0) +
                          ": inputs of one firing must come from the same region execution" + rule,
                      fix);
      }
    }
    for (unsigned p = 0; p < n.outTypes.size(); ++p) {
      if (!outRate(v, p).known() || !ref) continue;
      if (!outRate(v, p).sameCount(*ref))
        report("rates", dfg::RuleId::SameExecution, v,
               "output " + port(v, false, p) + " is in " + outRate(v, p).str() + ", " +
                   outRate(v, p).words() + ", but its inputs come " + ref->words());
    }
  }

  void checkRates(Vertex v) {
    const dfg::Node& n = node(v);
    switch (ops::spec(n.kind).rateCheck) {
    case RateCheck::Repeater: return checkRepeater(v);
    case RateCheck::Gate: return checkGate(v);
    case RateCheck::Stream: return checkStream(v);
    case RateCheck::CondBr: return checkCondBr(v);
    case RateCheck::Mux: return checkMux(v);
    case RateCheck::None: return;
    case RateCheck::Return:
      if (!g_.doneToken) return; // no end of a call: its results are independent outputs
      return sameRateEverywhere(v);
    case RateCheck::SameRate: return sameRateEverywhere(v);
    }
  }

  // A carry takes back as b, on every true d, what the true side of a cond_br gives: the
  // value of a continuing iteration. Then that cond_br's condition is the loop's, and d
  // must be it (spec-dataflow, dataflow.carry: d is the loop-condition stream). LOOM
  // gives some do-while loops' carries a constant true instead, made once per call.
  // Reported (true) where d is another op's output, its repair a copy of the condition.
  bool checkCarryCondition(Vertex v) {
    if (node(v).kind != NodeKind::Carry) return false;
    unsigned side = 0;
    Vertex br = sourceThroughForks(v, 2, &side);
    if (node(br).kind != NodeKind::CondBr || side != 0) return false;
    Vertex cond = sourceThroughForks(br, 0), d = sourceThroughForks(v, 0);
    if (cond == d || node(d).kind != NodeKind::Constant) return false;
    report("loop-control", dfg::RuleId::CarryCondition, v,
           "input " + port(v, true, 0) + " carries " + describeIn(v, 0) + " but its input " +
               port(v, true, 2) + " is the true side of handshake.cond_br '" + node(br).name +
               "', decided by " + node(cond).opName() + " '" + node(cond).name +
               "': a carry's d is its loop's condition, the one that sends the carried value "
               "back",
           {dfg::Rewire::Kind::ShareInput, v, 0, 0, br});
    return true;
  }

  // invariant(d, a) and carry(d, a, b): one output per d token (plus nothing): the
  // output has d's rate. The spec's wiring rules follow: body-local invariants and
  // memory-control carries are driven by after_cond, iter-arg carries by raw.
  void checkRepeater(Vertex v) {
    checkInitialValue(v);
    if (checkCarryCondition(v)) return;
    const Rate& d = inRate(v, 0);
    const Rate& o = outRate(v, 0);
    if (!d.known() || !o.known() || d.sameCount(o)) return;
    const dfg::Edge& de = inEdge(v, 0);
    Role outRole = node(v).outRoles[0];
    std::string rule;
    dfg::Rewire fix;
    dfg::RuleId id = de.role == Role::RawWillContinue ? dfg::ruleOfRawConsumer(g_, v, 0)
                     : de.role == Role::AfterCond     ? dfg::ruleOfGatedConsumer(g_, v, 0)
                                                      : dfg::RuleId::SameExecution;
    if (de.role == Role::RawWillContinue && (outRole == Role::BodyCtrl || outRole == Role::Data) &&
        node(v).kind == NodeKind::Invariant)
      rule = ": a body-local invariant must be driven by after_cond, not raw_will_continue";
    else if (de.role == Role::RawWillContinue && outRole == Role::MemCtrl)
      rule =
          ": a loop-body memory-control carry must be driven by after_cond, not raw_will_continue",
      id = dfg::RuleId::MemCtrlOnRaw;
    else if (de.role == Role::AfterCond && outRole == Role::IterCarry)
      rule = ": an iter_arg carry must be driven by raw_will_continue, not after_cond";
    if (!rule.empty())
      fix = {de.role == Role::AfterCond ? dfg::Rewire::Kind::ToRawWillContinue
                                        : dfg::Rewire::Kind::ToAfterCond,
             v, 0};
    report("loop-control", id, v,
           "input " + port(v, true, 0) + " is " + describeIn(v, 0) + " but its output is in " +
               o.str() + rule,
           fix);
  }

  // gate: the before streams have one token more per activation than the after ones.
  void checkGate(Vertex v) {
    const Rate& bv = inRate(v, 0);
    const Rate& bc = inRate(v, 1);
    const Rate& ac = outRate(v, 1);
    if (!bv.known() || !bc.known() || !ac.known()) return;
    if (!bv.sameCount(bc))
      report("rates", dfg::RuleId::GateCounts, v,
             "before_value and before_cond come from different region executions");
    // before has one token per activation more than after: their difference is a count
    // of activations, with no iterations of this gate's own loop in it.
    Rate extra = bc.minus(ac);
    bool ok = !extra.terms.empty();
    for (const dfg::RateTerm& t : extra.terms)
      if (t.count == dfg::Count::LoopIterations && t.op == node(v).origin.opId) ok = false;
    if (!ok)
      report("loop-control", dfg::RuleId::GateCounts, v,
             "input " + port(v, true, 1) + " is " + describeIn(v, 1) + " and after_cond comes " +
                 ac.words() + ": a gate must turn N + 1 tokens per activation into N");
  }

  bool streamInputsAgree(Vertex v) const {
    for (unsigned p = 1; p < 3; ++p)
      if (inRate(v, p).known() && inRate(v, 0).known() && !inRate(v, p).sameCount(inRate(v, 0)))
        return false;
    return true;
  }

  // start, step and bound: one of each per activation. Where some come from one side of
  // a branch (LOOM's zero-trip guard gives the step only when the loop runs) and the
  // others are made whichever way it goes, the others are split by the branch's cond_br:
  // otherwise a skipped activation leaves them latched, to pair with the next one's.
  void checkStream(Vertex v) {
    if (streamInputsAgree(v)) return;
    bool named = false;
    for (unsigned p = 0; p < 3; ++p)
      for (unsigned q = 0; q < 3; ++q) {
        if (q == p || !inRate(v, q).known()) continue;
        // A value on one side of a branch the others enter; or, in a loop nest, the
        // inner loop's step or bound made once per activation of the outer loop where its
        // start comes once per outer iteration: the invariant that repeats it is missing.
        dfg::Rewire fix = splitFix(v, p, inRate(v, q));
        const char* rule = kSplitRule;
        if (!fix.any()) {
          fix = missingInvariant(v, p, q);
          rule = kInvariantRule;
          if (fix.port != p) fix = {};
        }
        if (!fix.any()) continue;
        named = true;
        report("rates",
               rule == kSplitRule ? dfg::RuleId::UnsplitBranchValue : dfg::RuleId::MissingInvariant,
               v,
               "input " + port(v, true, p) + " carries " + describeIn(v, p) + " but input " +
                   port(v, true, q) + " carries " + describeIn(v, q) +
                   ": start, step and bound come from different region executions" + rule,
               fix);
        break;
      }
    if (!named)
      report("rates", dfg::RuleId::SameExecution, v,
             "start, step and bound come from different region executions");
  }

  // invariant(d, a) and carry(d, a, b) take one `a` per activation of the loop whose
  // control d is: as many as its stream's starts.
  void checkInitialValue(Vertex v) {
    auto s = streamOfControl(v, 0);
    if (!s) return checkCarryLoopSeed(v);
    Rate start = activations(*s);
    const Rate& a = inRate(v, 1);
    if (!start.known() || !a.known() || a.sameCount(start)) return;
    // Its rate is that op's pick among disagreeing inputs: the finding is that op's.
    if (pickedRate(v, 1)) return;
    dfg::Rewire fix = splitFix(v, 1, start);
    const char* rule = fix.any() ? kSplitRule : "";
    dfg::RuleId id = fix.any() ? dfg::RuleId::UnsplitBranchValue : dfg::RuleId::InitialValue;
    if (!fix.any() && (fix = outerInvariant(v, *s)).any())
      rule = kInvariantRule, id = dfg::RuleId::MissingInvariant;
    if (!fix.any() && guardStream(*s, a)) rule = kGuardRule, id = dfg::RuleId::ZeroTripGuard;
    report("rates", id, v,
           "input " + port(v, true, 1) + " carries " + describeIn(v, 1) + " but its loop '" +
               node(*s).name + "' starts " + start.words() +
               ": it takes one initial value per activation of its loop" + rule,
           fix);
  }

  // The condition of a carry loop (an scf.while lowered with carries and no stream) that
  // input `p` of `v` is, or whose gate's after_cond it is: the op deciding it, where a
  // carry of a value takes it (analysis/rates.h says what a carry loop is).
  std::optional<Vertex> carryLoopOfControl(Vertex v, unsigned p) const {
    Vertex c = sourceThroughForks(v, p);
    if (node(c).kind == NodeKind::Gate && c != v) c = sourceThroughForks(c, 1);
    if (!dfg::decidesCarryLoop(node(c).kind)) return std::nullopt;
    for (Vertex w = 0; w < g_.numNodes(); ++w)
      if (node(w).kind == NodeKind::Carry && !node(w).outTypes[0].isNone() &&
          sourceThroughForks(w, 0) == c)
        return c;
    return std::nullopt;
  }

  // A carry loop's repeaters take one `a` per activation, as its value carries take
  // their initial values. The spec's literal lower_while seeds the after region's control
  // from the before region's (N + 1 per activation): the repair takes the seed of another
  // repeater of the loop that has it once per activation (the before region's control).
  void checkCarryLoopSeed(Vertex v) {
    auto c = carryLoopOfControl(v, 0);
    const Rate& a = inRate(v, 1);
    if (!c || !a.known()) return;
    std::optional<Vertex> carry;
    for (Vertex w = 0; w < g_.numNodes() && !carry; ++w)
      if (w != v && node(w).kind == NodeKind::Carry && !node(w).outTypes[0].isNone() &&
          sourceThroughForks(w, 0) == *c && inRate(w, 1).known())
        carry = w;
    if (!carry) return;
    const Rate& start = inRate(*carry, 1);
    if (a.sameCount(start)) return;
    dfg::Rewire fix;
    for (Vertex u = 0; u < g_.numNodes() && !fix.any(); ++u)
      if (u != v && node(u).kind == node(v).kind && carryLoopOfControl(u, 0) == c &&
          node(u).inTypes[1] == node(v).inTypes[1] && inRate(u, 1).sameCount(start))
        fix = {dfg::Rewire::Kind::ShareInput, v, 1, 1, u};
    report(
        "rates", dfg::RuleId::InitialValue, v,
        "input " + port(v, true, 1) + " carries " + describeIn(v, 1) + " but the loop of carry '" +
            node(*carry).name + "' starts " + start.words() +
            ": it takes one initial value per activation of its loop" +
            (fix.any() ? "; '" + node(fix.via).name + "' takes its own once per activation" : ""),
        fix);
  }

  static constexpr const char* kGuardRule =
      ": it comes only when the loop's zero-trip guard lets the loop run, and the loop's "
      "start, step and bound enter through the guard's cond_br too";

  // A loop behind a zero-trip guard whose initial values come on the guard's side (`init`,
  // a side of the guard's cond_br) while its stream starts whichever way the guard goes:
  // each of the stream's inputs made more often is split by the guard's cond_br (spec-
  // dataflow-compilation, scf.if: "a canonical zero-trip guard around a loop"). Reported
  // once per stream, at its inputs; true if the stream is so guarded.
  bool guardStream(Vertex stream, const Rate& init) {
    std::vector<dfg::Rewire> fixes;
    for (unsigned p = 0; p < 3; ++p) {
      if (!inRate(stream, p).known()) return false;
      if (inRate(stream, p).sameCount(init)) continue;
      dfg::Rewire fix = splitFix(stream, p, init);
      if (!fix.any()) return false;
      fixes.push_back(fix);
    }
    if (fixes.empty()) return false;
    if (!guarded_.insert(stream).second) return true;
    for (const dfg::Rewire& fix : fixes)
      report("rates", dfg::RuleId::ZeroTripGuard, stream,
             "input " + port(stream, true, fix.port) + " carries " + describeIn(stream, fix.port) +
                 " but the loop's initial values come " + init.words() +
                 ": a loop behind a zero-trip guard takes its start, step and bound "
                 "through the guard's cond_br",
             fix);
    return true;
  }

  // The initial value of a repeater of an inner loop (stream `inner`), made once per
  // activation of the loop around it (or where that loop's guard is decided): it enters
  // the outer body through an invariant on the outer loop's after_cond.
  dfg::Rewire outerInvariant(Vertex v, Vertex inner) const {
    auto gate = dfg::gateBackFrom(g_, inner, 0);
    return gate ? enterLoop(v, 1, *gate) : dfg::Rewire{};
  }

  // cond_br: cond and data pair up; the two sides add up to the input.
  void checkCondBr(Vertex v) {
    const Rate& c = inRate(v, 0);
    const Rate& d = inRate(v, 1);
    const Rate& t = outRate(v, 0);
    const Rate& f = outRate(v, 1);
    if (!c.known() || !d.known()) return;
    if (!c.sameCount(d)) {
      Role cr = inEdge(v, 0).role;
      std::string rule;
      dfg::Rewire fix;
      dfg::RuleId id = dfg::RuleId::SameExecution;
      if (cr == Role::AfterCond && node(v).outRoles[0] == Role::Data)
        rule = ": a loop-boundary split must be driven by raw_will_continue",
        fix = {dfg::Rewire::Kind::ToRawWillContinue, v, 0}, id = dfg::RuleId::IterCarryOnGated;
      else if (cr == Role::RawWillContinue &&
               (node(v).outRoles[0] == Role::Done || inEdge(v, 1).role == Role::Done))
        rule = ": a loop-body done split must be driven by after_cond, not raw_will_continue",
        fix = {dfg::Rewire::Kind::ToAfterCond, v, 0}, id = dfg::RuleId::MemCtrlOnRaw;
      else if (cr == Role::RawWillContinue && inEdge(v, 1).role == Role::MemCtrl &&
               node(producer(v, 1)).kind == NodeKind::Carry)
        rule = ": a loop-body memory-control carry's output goes to the body, and its done "
               "token is split after the body, by after_cond",
        fix = {dfg::Rewire::Kind::SplitAfterBody, v, 0}, id = dfg::RuleId::MemCtrlOnRaw;
      else if (cr == Role::RawWillContinue && d.domain == Rate::Domain::LoopBody)
        // Body values split on the loop's raw condition: N + 1 conditions for N values.
        rule = ": a loop-body cond_br must be driven by after_cond, not raw_will_continue",
        fix = {dfg::Rewire::Kind::ToAfterCond, v, 0}, id = dfg::RuleId::BodyCondBrOnRaw;
      return report("loop-control", id, v,
                    "cond " + port(v, true, 0) + " is " + describeIn(v, 0) + " but data " +
                        port(v, true, 1) + " is " + describeIn(v, 1) + rule,
                    fix);
    }
    if (t.known() && f.known() && !t.plus(f).sameCount(d))
      report("rates", dfg::RuleId::SameExecution, v,
             "its outputs (" + t.formula() + " and " + f.formula() +
                 ") do not add up to its input (" + d.formula() + ")");
  }

  // mux: one select per output; the data inputs add up to the output.
  void checkMux(Vertex v) {
    const Rate& sel = inRate(v, 0);
    const Rate& o = outRate(v, 0);
    if (!sel.known() || !o.known()) return;
    if (!sel.sameCount(o))
      return report("rates", dfg::RuleId::SameExecution, v,
                    "select " + describeIn(v, 0) + " but its output comes " + o.words());
    Rate sum;
    for (unsigned p = 1; p < node(v).inTypes.size(); ++p) {
      if (!inRate(v, p).known()) return;
      sum = sum.plus(inRate(v, p));
    }
    if (!sum.sameCount(o)) {
      // An input whose rate an access or a compute op picked among disagreeing inputs:
      // the finding is that op's.
      for (unsigned p = 1; p < node(v).inTypes.size(); ++p)
        if (pickedRate(v, p)) return;
      std::string which;
      dfg::Rewire fix;
      for (unsigned p = 1; p < node(v).inTypes.size(); ++p) {
        which += " " + port(v, true, p) + " " + describeIn(v, p) + ";";
        // The count this input lacks or has too many of is its side of the branch.
        if (!fix.any()) fix = splitFix(v, p, o.minus(sum.minus(inRate(v, p))));
      }
      // Both inputs made every time (both sides computed, or values from outside the
      // branch): each split on the mux's own select.
      bool everyTime = node(v).inTypes.size() == 3;
      for (unsigned p = 1; everyTime && p < 3; ++p)
        everyTime = inRate(v, p).sameCount(o);
      if (!fix.any() && everyTime) fix = {dfg::Rewire::Kind::SplitMuxInputs, v, 0};
      // A value from outside the loop the mux fires in: into its body first, then split.
      auto gate = fix.any() ? std::nullopt : dfg::gateBackFrom(g_, v, 0);
      for (unsigned p = 1; gate && !fix.any() && p < node(v).inTypes.size(); ++p)
        if (!inRate(v, p).sameCount(o) && inRate(v, p).domain != Rate::Domain::LoopBody)
          fix = enterLoop(v, p, *gate);
      dfg::RuleId id = fix.kind == dfg::Rewire::Kind::AddInvariant
                           ? dfg::RuleId::MissingInvariant
                           : dfg::RuleId::UnsplitBranchValue;
      report("branch-gate", id, v,
             "data inputs add up to " + sum.formula() + " but the mux fires " + o.formula() +
                 " times (" + o.words() + "):" + which +
                 (everyTime ? " a mux takes only the input it selects: values made whichever "
                              "way the branch goes must be split by the branch's cond_br"
                            : " a value yielded from outside a branch must be split by the "
                              "branch's cond_br"),
             fix);
    }
  }

  // ---- accesses: one ctrl, one done, one data path ----------------------------------------
  void checkAccesses() {
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      const dfg::Node& n = node(v);
      if (n.kind != NodeKind::Load && n.kind != NodeKind::Store) continue;
      if (inEdge(v, 2).type != Type::none())
        report("access", dfg::RuleId::AccessPaths, v, "ctrl input is not a control token");
      auto toMem = g_.outEdges(v, 1);
      Vertex mem = g_.dst(toMem[0]);
      if (node(mem).kind != NodeKind::Memory && node(mem).kind != NodeKind::ExtMemory) {
        report("access", dfg::RuleId::AccessPaths, v, "address does not go to a memory interface");
        continue;
      }
      if (n.kind == NodeKind::Load && producer(v, 1) != mem)
        report("access", dfg::RuleId::AccessPaths, v,
               "data does not come back from its memory interface");
    }
  }

  // ---- the return control post-dominates every done token -----------------------------------
  // A control token of the ctrl-done network; a done token may be an i1 (LOOM's ESI
  // wrapper's, dfg/loom).
  static bool isCtrlDone(const dfg::Edge& e) {
    return (e.type.isNone() || e.role == Role::Done) &&
           (e.role == Role::MemCtrl || e.role == Role::Done || e.role == Role::BodyCtrl);
  }

  // A sink of the done tokens a loop condition's true side splits off (an scf.parallel's
  // iterations but the last, docs/design.md "scf.parallel"): each activation's false
  // token leaves the same cond_br after them, so whatever waits for it waits for them.
  bool coveredSink(Vertex v) const {
    if (node(v).kind != NodeKind::Sink) return false;
    const dfg::Edge& in = inEdge(v, 0);
    Vertex br = producer(v, 0);
    if (node(br).kind != NodeKind::CondBr || in.srcPort != 0 || !isCtrlDone(in)) return false;
    Role decider = inEdge(br, 0).role;
    return decider == Role::AfterCond || decider == Role::RawWillContinue;
  }

  void checkReturnPostDominatesDones() {
    if (!g_.doneToken) return; // nothing ends the call for the accesses to come before
    // Reverse the ctrl-done graph and add an exit that feeds the return and every sink:
    // the return post-dominates a node iff it dominates it in the reversed graph.
    size_t n = g_.numNodes();
    Vertex exit = n;
    std::vector<std::vector<size_t>> preds(n + 1); // reversed ctrl-done edges
    for (dfg::EdgeId ch : g_.edges())
      if (isCtrlDone(g_.edge(ch)) && !coveredSink(g_.dst(ch)))
        preds[g_.dst(ch)].push_back(g_.src(ch));
    preds[exit].push_back(g_.ret);
    for (Vertex v = 0; v < n; ++v)
      if (node(v).kind == NodeKind::Sink && !coveredSink(v)) preds[exit].push_back(v);
    std::vector<size_t> idom = dfg::immediateDominators(preds, exit);
    for (Vertex v = 0; v < n; ++v) {
      if (node(v).kind != NodeKind::Memory && node(v).kind != NodeKind::ExtMemory) continue;
      bool dominated = false;
      for (size_t u = v; u != dfg::kNoDominator && u <= n; u = idom[u]) {
        if (u == g_.ret) {
          dominated = true;
          break;
        }
        if (u == exit) break;
      }
      if (!dominated)
        report("return-order", dfg::RuleId::ReturnOrder, v,
               "has done tokens that can reach the end of the invocation without passing the "
               "return's control: the return must wait for every access");
    }
  }

  // ---- groups stay independent: an access's control derives only from its own group ---------
  // The memory groups whose done tokens reach each node through ctrl-done channels
  // (not through a memory: a memory's own group stands for what is behind it): one
  // group, none (kNoGroup) or several (kManyGroups). Each node's label changes at most
  // twice, so this is linear; walking back from every access instead costs the length
  // of the group's ctrl-done chain per access, quadratic in a long chain of loops.
  static constexpr uint32_t kNoGroup = UINT32_MAX, kManyGroups = UINT32_MAX - 1;
  std::vector<uint32_t> groupsReaching() const {
    size_t n = g_.numNodes();
    std::vector<uint32_t> label(n, kNoGroup);
    std::vector<Vertex> work;
    auto isMemory = [&](Vertex u) {
      return node(u).kind == NodeKind::Memory || node(u).kind == NodeKind::ExtMemory;
    };
    for (Vertex u = 0; u < n; ++u)
      if (isMemory(u)) label[u] = node(u).memGroup, work.push_back(u);
    while (!work.empty()) {
      Vertex u = work.back();
      work.pop_back();
      for (dfg::EdgeId ch : g_.outEdges(u)) {
        Vertex d = g_.dst(ch);
        if (!isCtrlDone(g_.edge(ch)) || isMemory(d) || label[d] == kManyGroups ||
            label[d] == label[u])
          continue;
        label[d] = label[d] == kNoGroup ? label[u] : kManyGroups;
        work.push_back(d);
      }
    }
    return label;
  }

  void checkGroupIndependence() {
    std::vector<uint32_t> reaching = groupsReaching();
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      const dfg::Node& n = node(v);
      if (n.kind != NodeKind::Load && n.kind != NodeKind::Store) continue;
      uint32_t group = node(g_.dst(g_.outEdges(v, 1)[0])).memGroup;
      uint32_t r = reaching[producer(v, 2)];
      if (r == kNoGroup || r == group) continue; // no other group's done: nothing to report
      std::set<Vertex> seen;
      std::vector<Vertex> work{producer(v, 2)};
      while (!work.empty()) {
        Vertex u = work.back();
        work.pop_back();
        if (!seen.insert(u).second) continue;
        const dfg::Node& un = node(u);
        if ((un.kind == NodeKind::Memory || un.kind == NodeKind::ExtMemory)) {
          if (un.memGroup != group)
            report("groups", dfg::RuleId::GroupIndependence, v,
                   "ctrl depends on the done tokens of '" + un.name +
                       "', another memory group: distinct memrefs must keep independent ctrl-done "
                       "networks");
          continue;
        }
        for (dfg::EdgeId ch : g_.inEdges(u))
          if (isCtrlDone(g_.edge(ch))) work.push_back(g_.src(ch));
      }
    }
  }
};

} // namespace

std::vector<GraphFinding> checkGraph(const dfg::Graph& g) {
  return Checker(g).run();
}

std::optional<Diag> verifyGraph(const dfg::Graph& g) {
  auto f = checkGraph(g);
  if (f.empty()) return std::nullopt;
  return f.front().diag;
}

} // namespace loom
