#include "dfg/rewire.h"

#include "dfg/edit.h"
#include "ops/op_table.h"

#include <set>
#include <vector>

namespace loom::dfg {

namespace {

// The gate whose before_cond is a copy of `raw` (through forks), if any.
std::optional<Vertex> gateOf(const Graph& g, PortRef raw) {
  std::vector<PortRef> work{raw};
  std::set<Vertex> seen;
  while (!work.empty()) {
    PortRef p = work.back();
    work.pop_back();
    for (EdgeId e : g.outEdges(p.node, p.port)) {
      Vertex d = g.dst(e);
      const Node& n = g.node(d);
      if (n.kind == NodeKind::Gate && g.edge(e).dstPort == kGateBeforeCond) return d;
      if (n.kind == NodeKind::Fork && seen.insert(d).second)
        for (unsigned k = 0; k < n.outTypes.size(); ++k)
          work.push_back({d, k});
    }
  }
  return std::nullopt;
}

// The port the rewired input must take its tokens from.
std::optional<PortRef> target(const Graph& g, const Rewire& r, PortRef from, std::string& why) {
  if (r.kind == Rewire::Kind::ToAfterCond || r.kind == Rewire::Kind::SplitAfterBody) {
    if (g.node(from.node).outRoles.at(from.port) != Role::RawWillContinue)
      return why = "its tokens do not come from a loop's raw_will_continue", std::nullopt;
    auto gate = gateOf(g, from);
    if (!gate) return why = "no dataflow.gate takes that raw_will_continue", std::nullopt;
    return PortRef{*gate, kGateAfterCond};
  }
  if (r.kind == Rewire::Kind::ShareInput) {
    EdgeId e;
    if (r.via >= g.numNodes() || !g.inEdge(r.via, r.bodyPort, e))
      return why = "the input whose tokens it should share is not connected", std::nullopt;
    return origin(g, e);
  }
  const Node& n = g.node(from.node);
  if (n.kind != NodeKind::Gate || from.port != kGateAfterCond)
    return why = "its tokens do not come from a dataflow.gate's after_cond", std::nullopt;
  EdgeId cond;
  if (!g.inEdge(from.node, kGateBeforeCond, cond))
    return why = "the gate's before_cond is not connected", std::nullopt;
  return PortRef{g.src(cond), g.edge(cond).srcPort};
}

} // namespace

std::optional<Vertex> gateBackFrom(const Graph& g, Vertex consumer, unsigned port) {
  // Breadth first over every input, so the nearest gate wins: an access's data comes
  // from its memory, its address from the gate.
  EdgeId e;
  if (!g.inEdge(consumer, port, e)) return std::nullopt;
  std::vector<Vertex> work{g.src(e)};
  std::set<Vertex> seen{consumer, g.src(e)};
  for (size_t next = 0; next < work.size() && next < 256; ++next) {
    Vertex v = work[next];
    if (g.node(v).kind == NodeKind::Gate) return v;
    for (EdgeId in : g.inEdges(v))
      if (seen.insert(g.src(in)).second) work.push_back(g.src(in));
  }
  return std::nullopt;
}

namespace {

// An op loom-sim adds in front of `consumer` (marked added, in its scope and place).
Node addedFor(const Node& consumer, NodeKind kind, const std::string& suffix) {
  Node n;
  n.kind = kind;
  n.name = consumer.name + suffix;
  n.scope = consumer.scope;
  n.origin = consumer.origin;
  n.added = true;
  return n;
}

// AddInvariant: `input` of the consumer, a value made outside the loop, becomes
// invariant(after_cond, value): once per iteration of the loop whose gate the body input
// leads back to.
std::optional<std::string> addInvariant(Graph& g, const Rewire& r, const std::string& input,
                                        std::string& done) {
  auto gate = r.via != Rewire::kNone ? std::optional<Vertex>(r.via)
                                     : gateBackFrom(g, r.consumer, r.bodyPort);
  if (!gate || *gate >= g.numNodes() || g.node(*gate).kind != NodeKind::Gate)
    return input + ": no dataflow.gate on the path back from its body input";
  EdgeId e;
  g.inEdge(r.consumer, r.port, e);
  PortRef value{g.src(e), g.edge(e).srcPort};
  unsigned capacity = g.edge(e).capacity;
  Node n = addedFor(g.node(r.consumer), NodeKind::Invariant, ".fix_invariant");
  n.inTypes = {Type::i1(), g.node(value.node).outTypes.at(value.port)};
  n.outTypes = {n.inTypes[1]};
  n.outRoles = {n.outTypes[0].isNone() ? Role::BodyCtrl : Role::Data};
  n.outRates = {Rate{}};
  std::string gateName = g.node(*gate).name;
  g.removeEdge(e);
  Vertex inv = g.addNode(std::move(n));
  g.connect(value, inv, 1);
  attach(g, {*gate, kGateAfterCond}, inv, 0);
  g.edge(g.connect({inv, 0}, r.consumer, r.port)).capacity = capacity;
  done = input + " takes dataflow.invariant '" + g.node(inv).name +
         "' of it on after_cond of dataflow.gate '" + gateName +
         "' (was taken as made, once per activation of the loop)";
  return std::nullopt;
}

// ZeroExtend: `input`, a sign-extending arith.index_cast of a narrower integer, takes a
// zero-extending one of the same integer (the rule L108: a stream's index is updated
// unsigned).
std::optional<std::string> zeroExtend(Graph& g, const Rewire& r, const std::string& input,
                                      std::string& done) {
  EdgeId e, ce;
  g.inEdge(r.consumer, r.port, e);
  PortRef cast = origin(g, e);
  const Node& c = g.node(cast.node);
  if (c.kind != NodeKind::Compute || c.arith != OpKind::IndexCast || c.inTypes.size() != 1 ||
      !g.inEdge(cast.node, 0, ce))
    return input + ": its tokens do not come from an arith.index_cast";
  PortRef value = origin(g, ce);
  std::string castName = c.name;
  Node n = addedFor(g.node(r.consumer), NodeKind::Compute, ".fix_index_castui");
  n.arith = OpKind::IndexCastUI;
  n.inTypes = c.inTypes;
  n.outTypes = c.outTypes;
  n.outRoles = {c.outRoles.at(0)};
  n.outRates = {Rate{}};
  PortRef old{g.src(e), g.edge(e).srcPort};
  unsigned capacity = g.edge(e).capacity;
  g.removeEdge(e);
  detach(g, old);
  Vertex ui = g.addNode(std::move(n));
  attach(g, value, ui, 0);
  g.edge(g.connect({ui, 0}, r.consumer, r.port)).capacity = capacity;
  done = input + " takes arith.index_castui '" + g.node(ui).name +
         "', zero-extending (was arith.index_cast '" + castName + "', sign-extending)";
  return std::nullopt;
}

// SplitByCondition: `input`, a value made whichever way a branch goes, is split by a new
// cond_br on the branch's condition, as a value entering a branch is
// (spec-dataflow-compilation, scf.if): the input takes its side, a sink the other.
std::optional<std::string> splitByCondition(Graph& g, const Rewire& r, const std::string& input,
                                            std::string& done) {
  EdgeId ce;
  if (r.via >= g.numNodes() || g.node(r.via).kind != NodeKind::CondBr || r.side > 1 ||
      !g.inEdge(r.via, 0, ce))
    return input + ": no handshake.cond_br to take the branch's condition from";
  PortRef cond = origin(g, ce);
  EdgeId e;
  g.inEdge(r.consumer, r.port, e);
  PortRef value{g.src(e), g.edge(e).srcPort};
  unsigned capacity = g.edge(e).capacity;
  const Node& v = g.node(value.node);
  Node n = addedFor(g.node(r.consumer), NodeKind::CondBr, ".fix_cond_br" + std::to_string(r.port));
  n.inTypes = {g.node(cond.node).outTypes.at(cond.port), v.outTypes.at(value.port)};
  n.outTypes.assign(2, n.inTypes[1]);
  n.outRoles.assign(2, v.outRoles.at(value.port));
  n.outRates.assign(2, Rate{});
  std::string condName = g.node(cond.node).name;
  g.removeEdge(e);
  Vertex br = g.addNode(std::move(n));
  g.connect(value, br, 1);
  attach(g, cond, br, 0);
  g.edge(g.connect({br, r.side}, r.consumer, r.port)).capacity = capacity;
  detach(g, {br, 1 - r.side});
  done = input + " takes the " + (r.side ? "false" : "true") + " side of handshake.cond_br '" +
         g.node(br).name + "' on the condition from '" + condName +
         "' (was taken as made, whichever way the branch went)";
  return std::nullopt;
}

// SplitMuxInputs: each data input of the mux goes through a new cond_br on the mux's
// select (cast to i1 by an added arith.index_cast or trunci where it is not), taking
// the side that selects it; a sink takes the other (docs/design.md "Trying a fix").
std::optional<std::string> splitMuxInputs(Graph& g, const Rewire& r, const std::string& input,
                                          std::string& done) {
  const Node& m = g.node(r.consumer);
  if (m.kind != NodeKind::Mux || m.inTypes.size() != 3)
    return input + ": not a handshake.mux of two data inputs";
  const Type sel = m.inTypes[0];
  if (!sel.isIntLike()) return input + ": the select is not an integer";
  EdgeId se;
  if (!g.inEdge(r.consumer, 0, se)) return input + ": the select is not connected";
  PortRef cond = origin(g, se);
  if (!sel.isI1()) {
    Node c = addedFor(g.node(r.consumer), NodeKind::Compute, ".fix_i1");
    c.arith = sel.isIndex() ? OpKind::IndexCast : OpKind::TruncI;
    c.inTypes = {sel};
    c.outTypes = {Type::i1()};
    c.outRoles = {Role::Data};
    c.outRates = {Rate{}};
    Vertex cast = g.addNode(std::move(c));
    attach(g, cond, cast, 0);
    cond = {cast, 0};
  }
  std::string name = g.node(r.consumer).name;
  for (unsigned p : {1u, 2u}) {
    EdgeId e;
    if (!g.inEdge(r.consumer, p, e)) return input + ": a data input is not connected";
    PortRef value{g.src(e), g.edge(e).srcPort};
    unsigned capacity = g.edge(e).capacity;
    const Node& v = g.node(value.node);
    Node n = addedFor(g.node(r.consumer), NodeKind::CondBr, ".fix_cond_br" + std::to_string(p));
    n.inTypes = {Type::i1(), v.outTypes.at(value.port)};
    n.outTypes.assign(2, n.inTypes[1]);
    n.outRoles.assign(2, v.outRoles.at(value.port));
    n.outRates.assign(2, Rate{});
    g.removeEdge(e);
    Vertex br = g.addNode(std::move(n));
    g.connect(value, br, 1);
    attach(g, cond, br, 0);
    unsigned side = p == 2 ? 0 : 1; // select 1 (true) picks data input 1, port 2
    g.edge(g.connect({br, side}, r.consumer, p)).capacity = capacity;
    detach(g, {br, 1 - side});
  }
  done = "handshake.mux '" + name +
         "' takes each data input through a new handshake.cond_br on its select (both came "
         "every time it fired; a mux takes only the input it selects)";
  return std::nullopt;
}

// SplitAfterBody, the first half: the cond_br `br` splitting carry C's output (its only
// use) before the body is turned around, C.out -> body, done -> br.data, br.true -> C.b;
// the caller then moves br's condition to after_cond.
std::optional<std::string> moveSplitAfterBody(Graph& g, Vertex br, const std::string& input) {
  EdgeId toData, toBody, feedback;
  if (g.node(br).kind != NodeKind::CondBr || !g.inEdge(br, 1, toData))
    return input + ": not a handshake.cond_br with its data connected";
  Vertex carry = g.src(toData);
  if (g.node(carry).kind != NodeKind::Carry || g.outEdges(carry, 0).size() != 1)
    return input + ": its data is not a dataflow.carry's output, used by it alone";
  std::vector<EdgeId> body = g.outEdges(br, 0);
  if (body.size() != 1 || !g.inEdge(carry, 2, feedback))
    return input + ": its true side or the carry's feedback is not one channel";
  toBody = body[0];
  PortRef done{g.src(feedback), g.edge(feedback).srcPort};
  Vertex bodyOp = g.dst(toBody);
  unsigned bodyPort = g.edge(toBody).dstPort;
  unsigned capacities[3] = {g.edge(toData).capacity, g.edge(toBody).capacity,
                            g.edge(feedback).capacity};
  g.removeEdge(toBody); // ids of the others may move: found again below
  g.inEdge(br, 1, toData);
  g.removeEdge(toData);
  g.inEdge(carry, 2, feedback);
  g.removeEdge(feedback);
  Node& n = g.node(br);
  n.outRoles.assign(2, g.node(done.node).outRoles.at(done.port));
  n.outRates.assign(2, g.node(done.node).outRates.at(done.port));
  g.edge(g.connect(done, br, 1)).capacity = capacities[0];
  g.edge(g.connect({carry, 0}, bodyOp, bodyPort)).capacity = capacities[1];
  g.edge(g.connect({br, 0}, carry, 2)).capacity = capacities[2];
  return std::nullopt;
}

} // namespace

Rewire rewireBackFrom(const Graph& g, Vertex consumer, unsigned port, Rewire::Kind kind) {
  Role from = kind == Rewire::Kind::ToAfterCond ? Role::RawWillContinue : Role::AfterCond;
  std::set<Vertex> seen;
  for (int steps = 0; steps < 64 && seen.insert(consumer).second; ++steps) {
    EdgeId e;
    if (!g.inEdge(consumer, port, e)) break;
    // A gate's before_cond is where the raw stream belongs (spec-dataflow, dataflow.gate):
    // a path that reaches it has no input to move.
    if (g.node(consumer).kind == NodeKind::Gate && port == kGateBeforeCond) break;
    if (g.edge(e).role == from) return {kind, consumer, port};
    consumer = g.src(e);
    int p = ops::spec(g.node(consumer).kind).pacingInput;
    if (p < 0) break;
    port = static_cast<unsigned>(p);
  }
  return {};
}

std::optional<std::string> applyRewire(Graph& g, const Rewire& r, std::string& done) {
  if (!r.any()) return std::string("no rewiring");
  if (r.consumer >= g.numNodes()) return std::string("no such op");
  const Node& c = g.node(r.consumer);
  std::string input = c.opName() + " '" + c.name + "' input '" + c.portName(true, r.port) + "'";
  EdgeId e;
  if (!g.inEdge(r.consumer, r.port, e)) return input + " is not connected";
  if (r.kind == Rewire::Kind::AddInvariant) return addInvariant(g, r, input, done);
  if (r.kind == Rewire::Kind::SplitByCondition) return splitByCondition(g, r, input, done);
  if (r.kind == Rewire::Kind::SplitMuxInputs) return splitMuxInputs(g, r, input, done);
  if (r.kind == Rewire::Kind::ZeroExtend) return zeroExtend(g, r, input, done);
  PortRef from = origin(g, e);
  std::string why;
  auto to = target(g, r, from, why);
  if (!to) return input + ": " + why;
  if (r.kind == Rewire::Kind::SplitAfterBody) {
    if (auto err = moveSplitAfterBody(g, r.consumer, input)) return err;
    g.inEdge(r.consumer, r.port, e);
  }
  PortRef old{g.src(e), g.edge(e).srcPort};
  unsigned capacity = g.edge(e).capacity;
  std::string was = where(g, from);
  g.removeEdge(e);
  detach(g, old);
  attach(g, *to, r.consumer, r.port);
  EdgeId now;
  g.inEdge(r.consumer, r.port, now); // attach() connected it
  g.edge(now).capacity = capacity;
  done = input + " takes " + where(g, origin(g, now)) + " (was " + was + ")";
  if (r.kind == Rewire::Kind::SplitAfterBody)
    done += ", and the cond_br splits the body's done token after the body (was the "
            "memory-control carry's output, before it)";
  return std::nullopt;
}

} // namespace loom::dfg
