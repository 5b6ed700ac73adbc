#include "lowering/dfg/print_mlir.h"

#include "lowering/dfg/text_attrs.h"

#include <algorithm>
#include <sstream>

namespace loom::dfg {

namespace {

using Attrs = std::vector<std::string>; // "name = value", in print order

template <typename T, typename F> std::string list(const std::vector<T>& xs, F&& fmt) {
  std::string s = "[";
  for (size_t i = 0; i < xs.size(); ++i)
    s += (i ? ", " : "") + fmt(xs[i]);
  return s + "]";
}

std::string typeList(const std::vector<Type>& ts) {
  std::string s;
  for (size_t i = 0; i < ts.size(); ++i)
    s += (i ? ", " : "") + text::typeText(ts[i]);
  return s;
}

// MLIR 14 knows select only as std.select; every other name is the node's own.
std::string printedOpName(const Node& n) {
  if (n.kind == NodeKind::Compute && n.arith == OpKind::Select) return "std.select";
  return n.opName();
}

// Output `port` of vertex v: "%v" for a single-result op, "%v#port" otherwise.
std::string valueName(const Graph& g, Vertex v, unsigned port) {
  std::string s = "%" + std::to_string(v);
  if (g.node(v).outTypes.size() == 1 && port == 0) return s;
  return s + "#" + std::to_string(port);
}

// The channels into v, in operand order (by input port; ties in insertion order).
std::vector<EdgeId> operandEdges(const Graph& g, Vertex v) {
  std::vector<EdgeId> es;
  for (auto [it, end] = boost::in_edges(v, g.g); it != end; ++it)
    es.push_back(*it);
  std::stable_sort(es.begin(), es.end(),
                   [&](EdgeId a, EdgeId b) { return g.edge(a).dstPort < g.edge(b).dstPort; });
  return es;
}

// The type the producer declares for the port an edge leaves from (the SSA value's
// type); a port the producer does not have falls back to the edge's own type.
const Type& producerType(const Graph& g, EdgeId e) {
  const Node& src = g.node(boost::source(e, g.g));
  unsigned p = g.edge(e).srcPort;
  return p < src.outTypes.size() ? src.outTypes[p] : g.edge(e).type;
}

Role producerRole(const Graph& g, EdgeId e) {
  const Node& src = g.node(boost::source(e, g.g));
  unsigned p = g.edge(e).srcPort;
  return p < src.outRoles.size() ? src.outRoles[p] : Role::Data;
}

Rate producerRate(const Graph& g, EdgeId e) {
  const Node& src = g.node(boost::source(e, g.g));
  unsigned p = g.edge(e).srcPort;
  return p < src.outRates.size() ? src.outRates[p] : Rate{};
}

bool sameRate(const Rate& a, const Rate& b) {
  return text::rateText(a) == text::rateText(b);
}

// ---- attributes ----------------------------------------------------------------------

void kindAttrs(const Node& n, Attrs& a) {
  switch (n.kind) {
  case NodeKind::Compute:
    if (n.arith == OpKind::CmpI)
      a.push_back("predicate = " + std::to_string(static_cast<int>(n.arithAttrs.cmpi)));
    if (n.arith == OpKind::CmpF)
      a.push_back("predicate = " + std::to_string(static_cast<int>(n.arithAttrs.cmpf)));
    return;
  case NodeKind::Constant: {
    Type t = n.outTypes.empty() ? Type::none() : n.outTypes[0];
    a.push_back("value = " + text::valueText(n.constValue, t));
    return;
  }
  case NodeKind::Stream:
    a.push_back("step_op = " + text::quote(stepOpText(n.stepOp)));
    a.push_back("cont_cond = " + text::quote(contCondText(n.contCond)));
    return;
  case NodeKind::Buffer: {
    Type t = n.outTypes.empty() ? Type::none() : n.outTypes[0];
    a.push_back("slots = " + std::to_string(n.bufferSlots));
    a.push_back("kind = " + text::quote(text::bufferKindName(n.bufferFifo)));
    if (!n.bufferInit.empty())
      a.push_back("init = " + list(n.bufferInit, [&](Bits b) { return text::valueText(b, t); }));
    return;
  }
  case NodeKind::Memory:
  case NodeKind::ExtMemory:
    a.push_back("mem_type = " + text::typeText(n.memType));
    a.push_back("num_stores = " + std::to_string(n.numStores));
    a.push_back("num_loads = " + std::to_string(n.numLoads));
    a.push_back("mem_group = " + std::to_string(n.memGroup));
    if (n.argIndex != -1) a.push_back("arg_index = " + std::to_string(n.argIndex));
    return;
  case NodeKind::Load:
  case NodeKind::Store:
    a.push_back("mem_group = " + std::to_string(n.memGroup));
    a.push_back("mem_port = " + std::to_string(n.memPort));
    return;
  default: return;
  }
}

void provenanceAttrs(const Node& n, Attrs& a) {
  a.push_back("loom.name = " + text::quote(n.name));
  a.push_back("loom.scope = " + std::to_string(n.scope));
  if (text::hasLoc(n.origin.loc)) a.push_back("loom.loc = " + text::quote(n.origin.loc.str()));
  if (n.origin.opId != Origin::kNoOp) a.push_back("loom.origin = " + std::to_string(n.origin.opId));
}

// Roles and rates of every output; a missing entry counts as the default.
void outputAttrs(const Node& n, Attrs& a) {
  size_t outs = n.outTypes.size();
  bool roles = false, rates = false;
  for (Role r : n.outRoles)
    roles |= r != Role::Data;
  for (const Rate& r : n.outRates)
    rates |= !text::isDefaultRate(r);
  std::vector<size_t> ports(std::max({outs, n.outRoles.size(), n.outRates.size()}));
  for (size_t i = 0; i < ports.size(); ++i)
    ports[i] = i;
  if (roles)
    a.push_back("loom.roles = " + list(ports, [&](size_t p) {
                  return text::quote(roleName(p < n.outRoles.size() ? n.outRoles[p] : Role::Data));
                }));
  if (rates)
    a.push_back("loom.rates = " + list(ports, [&](size_t p) {
                  return text::quote(
                      text::rateText(p < n.outRates.size() ? n.outRates[p] : Rate{}));
                }));
}

// Per-operand attributes: only printed when some operand needs them (see the header).
void operandAttrs(const Graph& g, const Node& n, const std::vector<EdgeId>& es, Attrs& a) {
  bool capacities = false, ports = es.size() != n.inTypes.size();
  bool edgeTypes = false, edgeRoles = false, edgeRates = false;
  std::vector<Type> operandTypes;
  for (size_t i = 0; i < es.size(); ++i) {
    const Edge& e = g.edge(es[i]);
    operandTypes.push_back(producerType(g, es[i]));
    capacities |= e.capacity != 0;
    ports |= e.dstPort != i;
    edgeTypes |= e.type != producerType(g, es[i]);
    edgeRoles |= e.role != producerRole(g, es[i]);
    edgeRates |= !sameRate(e.rate, producerRate(g, es[i]));
  }
  bool inTypes = operandTypes != n.inTypes;
  auto edge = [&](EdgeId id) -> const Edge& { return g.edge(id); };
  if (capacities)
    a.push_back("loom.capacities = " +
                list(es, [&](EdgeId e) { return std::to_string(edge(e).capacity); }));
  if (ports)
    a.push_back("loom.in_ports = " +
                list(es, [&](EdgeId e) { return std::to_string(edge(e).dstPort); }));
  if (inTypes)
    a.push_back("loom.in_types = " +
                list(n.inTypes, [](const Type& t) { return text::typeText(t); }));
  if (edgeTypes)
    a.push_back("loom.edge_types = " +
                list(es, [&](EdgeId e) { return text::typeText(edge(e).type); }));
  if (edgeRoles)
    a.push_back("loom.edge_roles = " +
                list(es, [&](EdgeId e) { return text::quote(roleName(edge(e).role)); }));
  if (edgeRates)
    a.push_back("loom.edge_rates = " +
                list(es, [&](EdgeId e) { return text::quote(text::rateText(edge(e).rate)); }));
}

std::string attrDict(const Attrs& a) {
  std::string s = "{";
  for (size_t i = 0; i < a.size(); ++i)
    s += (i ? ", " : "") + a[i];
  return s + "}";
}

// ---- ops -----------------------------------------------------------------------------

void printNode(const Graph& g, Vertex v, std::ostream& os) {
  const Node& n = g.node(v);
  std::vector<EdgeId> es = operandEdges(g, v);
  os << "  ";
  if (n.outTypes.size() == 1) os << "%" << v << " = ";
  if (n.outTypes.size() > 1) os << "%" << v << ":" << n.outTypes.size() << " = ";
  os << text::quote(printedOpName(n)) << "(";
  std::vector<Type> operandTypes;
  for (size_t i = 0; i < es.size(); ++i) {
    os << (i ? ", " : "") << valueName(g, boost::source(es[i], g.g), g.edge(es[i]).srcPort);
    operandTypes.push_back(producerType(g, es[i]));
  }
  Attrs a;
  kindAttrs(n, a);
  provenanceAttrs(n, a);
  outputAttrs(n, a);
  operandAttrs(g, n, es, a);
  os << ") " << attrDict(a) << " : (" << typeList(operandTypes) << ") -> ";
  if (n.outTypes.size() == 1)
    os << text::typeText(n.outTypes[0]);
  else
    os << "(" << typeList(n.outTypes) << ")";
  os << "\n";
}

// [kind, name, parent, op id or -1]; a scope built with only its Op keeps that op's id.
std::string scopeText(const Scope& s) {
  uint32_t id = s.opId != Origin::kNoOp ? s.opId : s.op ? s.op->id : Origin::kNoOp;
  return "[" + text::quote(text::scopeKindName(s.kind)) + ", " + text::quote(s.name) + ", " +
         std::to_string(s.parent) + ", " + (id == Origin::kNoOp ? "-1" : std::to_string(id)) + "]";
}

} // namespace

void printMlir(const Graph& g, std::ostream& os) {
  os << "\"loom.dfg\"() ({\n";
  for (Vertex v = 0; v < g.numNodes(); ++v)
    printNode(g, v, os);
  Attrs a{"sym_name = " + text::quote(g.function),
          "function_type = " + text::functionTypeText(g.argTypes, g.resultTypes)};
  if (!g.scopes.empty()) a.push_back("loom.scopes = " + list(g.scopes, scopeText));
  os << "}) " << attrDict(a) << " : () -> ()\n";
}

std::string printMlir(const Graph& g) {
  std::ostringstream os;
  printMlir(g, os);
  return os.str();
}

} // namespace loom::dfg
