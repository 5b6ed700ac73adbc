// The DFG printer: each graph becomes a "loom.dfg" op built in an MLIR context that
// allows unregistered dialects and loads none, so every node (arith ops included) is a
// generic op whose attributes are exactly the ones set here; MLIR's printer writes it in
// generic form with its locations, each function on its own (local scope, no aliases),
// so that printed functions can be concatenated.

#include "dfg/text/dfg_mlir.h"
#include "dfg/text/dfg_text.h"
#include "dfg/text/fields.h"
#include "dfg/text/node_attrs.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/Support/raw_os_ostream.h"

#include <algorithm>
#include <sstream>

namespace loom::dfg {

namespace {

using namespace mlir_form;

// The channels into v, in operand order (by input port; ties in insertion order).
std::vector<EdgeId> operandEdges(const Graph& g, Vertex v) {
  std::vector<EdgeId> es;
  for (dfg::EdgeId ch : g.inEdges(v))
    es.push_back(ch);
  std::stable_sort(es.begin(), es.end(),
                   [&](EdgeId a, EdgeId b) { return g.edge(a).dstPort < g.edge(b).dstPort; });
  return es;
}

// The node's results: its output types, and (only in a graph broken by hand) one more
// for every port a channel leaves from that the node does not declare, with the
// channel's type, so that the reader's signature check names the problem.
std::vector<Type> resultTypes(const Graph& g, Vertex v) {
  std::vector<Type> ts = g.node(v).outTypes;
  for (dfg::EdgeId ch : g.outEdges(v)) {
    const Edge& e = g.edge(ch);
    while (ts.size() <= e.srcPort)
      ts.push_back(e.type);
  }
  return ts;
}

// What the producer declares for the port an edge leaves from (the SSA value).
Role producerRole(const Graph& g, EdgeId e) {
  const Node& src = g.node(g.src(e));
  unsigned p = g.edge(e).srcPort;
  return p < src.outRoles.size() ? src.outRoles[p] : Role::Data;
}

Rate producerRate(const Graph& g, EdgeId e) {
  const Node& src = g.node(g.src(e));
  unsigned p = g.edge(e).srcPort;
  return p < src.outRates.size() ? src.outRates[p] : Rate{};
}

class Printer {
public:
  explicit Printer(mlir::MLIRContext& ctx) : ctx_(ctx), b_(&ctx) {}

  // The "loom.dfg" op of `g`, owned by `module`.
  mlir::Operation* build(const Graph& g, mlir::ModuleOp module) {
    mlir::OperationState st(mlir::UnknownLoc::get(&ctx_), kFunctionOp);
    mlir::Block* body = new mlir::Block;
    st.addRegion()->push_back(body);
    st.addAttribute(kSymName, b_.getStringAttr(g.function));
    st.addAttribute(kFunctionType, mlir::TypeAttr::get(b_.getFunctionType(types(g.argTypes),
                                                                          types(g.resultTypes))));
    if (!g.scopes.empty()) st.addAttribute(kScopes, scopes(g.scopes));
    mlir::Operation* fn = mlir::Operation::create(st);
    module.push_back(fn);
    // Ops first, operands second: a feedback operand names an op further down.
    std::vector<std::vector<Type>> results(g.numNodes());
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      results[v] = resultTypes(g, v);
      ops_.push_back(nodeOp(g, v, results[v]));
      body->push_back(ops_.back());
    }
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      std::vector<mlir::Value> operands;
      for (EdgeId e : operandEdges(g, v))
        operands.push_back(ops_[g.src(e)]->getResult(g.edge(e).srcPort));
      ops_[v]->setOperands(operands);
      operandAttrs(g, v, results);
    }
    return fn;
  }

private:
  mlir::MLIRContext& ctx_;
  mlir::Builder b_;
  std::vector<mlir::Operation*> ops_; // by vertex

  mlir::Type type(const Type& t) { return exportType(ctx_, t); }
  std::vector<mlir::Type> types(const std::vector<Type>& ts) {
    std::vector<mlir::Type> r;
    for (const Type& t : ts)
      r.push_back(type(t));
    return r;
  }
  mlir::IntegerAttr integer(int64_t v) { return b_.getI64IntegerAttr(v); }

  template <typename T, typename F> mlir::ArrayAttr array(const std::vector<T>& xs, F&& attr) {
    std::vector<mlir::Attribute> as;
    for (const T& x : xs)
      as.push_back(attr(x));
    return b_.getArrayAttr(as);
  }

  // [kind, name, parent, op id or -1]; a scope built with only its Op keeps that op's id.
  mlir::ArrayAttr scopes(const std::vector<Scope>& ss) {
    return array(ss, [&](const Scope& s) -> mlir::Attribute {
      uint32_t id = s.opId != Origin::kNoOp ? s.opId : s.op ? s.op->id : Origin::kNoOp;
      return b_.getArrayAttr({b_.getStringAttr(text::scopeKindName(s.kind)),
                              b_.getStringAttr(s.name), integer(s.parent),
                              integer(id == Origin::kNoOp ? -1 : int64_t(id))});
    });
  }

  mlir::Operation* nodeOp(const Graph& g, Vertex v, const std::vector<Type>& results) {
    const Node& n = g.node(v);
    mlir::OperationState st(exportLoc(ctx_, n.origin.loc), n.opName());
    st.addTypes(types(results));
    mlir::NamedAttrList attrs;
    kindAttrs(n, attrs);
    provenanceAttrs(n, attrs);
    outputAttrs(n, results.size(), attrs);
    st.addAttributes(attrs);
    return mlir::Operation::create(st);
  }

  // Every value has a spelling in this form: no error.
  void kindAttrs(const Node& n, mlir::NamedAttrList& a) {
    (void)node_attrs::printAttrs(ctx_, n, node_attrs::kLoomDfgForm, a);
  }

  void provenanceAttrs(const Node& n, mlir::NamedAttrList& a) {
    a.append(kName, b_.getStringAttr(n.name));
    a.append(kScope, integer(n.scope));
    if (n.origin.opId != Origin::kNoOp) a.append(kOrigin, integer(n.origin.opId));
  }

  // One entry per result; left out when every output is data / of unknown rate.
  void outputAttrs(const Node& n, size_t results, mlir::NamedAttrList& a) {
    bool roles = false, rates = false;
    for (Role r : n.outRoles)
      roles |= r != Role::Data;
    for (const Rate& r : n.outRates)
      rates |= !text::isDefaultRate(r);
    std::vector<size_t> ports(std::max({results, n.outRoles.size(), n.outRates.size()}));
    for (size_t i = 0; i < ports.size(); ++i)
      ports[i] = i;
    if (roles)
      a.append(kRoles, array(ports, [&](size_t p) {
                 return b_.getStringAttr(
                     roleName(p < n.outRoles.size() ? n.outRoles[p] : Role::Data));
               }));
    if (rates)
      a.append(kRates, array(ports, [&](size_t p) {
                 return b_.getStringAttr(
                     text::rateText(p < n.outRates.size() ? n.outRates[p] : Rate{}));
               }));
  }

  // Per-operand attributes: only set when some operand needs them (see dfg_text.h).
  void operandAttrs(const Graph& g, Vertex v, const std::vector<std::vector<Type>>& results) {
    const Node& n = g.node(v);
    std::vector<EdgeId> es = operandEdges(g, v);
    bool capacities = false, ports = es.size() != n.inTypes.size();
    bool edgeTypes = false, edgeRoles = false, edgeRates = false;
    std::vector<Type> operandTypes;
    for (size_t i = 0; i < es.size(); ++i) {
      const Edge& e = g.edge(es[i]);
      operandTypes.push_back(results[g.src(es[i])][e.srcPort]);
      capacities |= e.capacity != 0;
      ports |= e.dstPort != i;
      edgeTypes |= e.type != operandTypes.back();
      edgeRoles |= e.role != producerRole(g, es[i]);
      edgeRates |= text::rateText(e.rate) != text::rateText(producerRate(g, es[i]));
    }
    auto edge = [&](EdgeId id) -> const Edge& { return g.edge(id); };
    mlir::Operation* op = ops_[v];
    if (capacities)
      op->setAttr(kCapacities, array(es, [&](EdgeId e) { return integer(edge(e).capacity); }));
    if (ports) op->setAttr(kInPorts, array(es, [&](EdgeId e) { return integer(edge(e).dstPort); }));
    if (operandTypes != n.inTypes)
      op->setAttr(kInTypes,
                  array(n.inTypes, [&](const Type& t) { return mlir::TypeAttr::get(type(t)); }));
    if (edgeTypes)
      op->setAttr(kEdgeTypes,
                  array(es, [&](EdgeId e) { return mlir::TypeAttr::get(type(edge(e).type)); }));
    if (edgeRoles)
      op->setAttr(kEdgeRoles,
                  array(es, [&](EdgeId e) { return b_.getStringAttr(roleName(edge(e).role)); }));
    if (edgeRates)
      op->setAttr(kEdgeRates, array(es, [&](EdgeId e) {
                    return b_.getStringAttr(text::rateText(edge(e).rate));
                  }));
  }
};

} // namespace

void printMlir(const Graph& g, std::ostream& os) {
  mlir::MLIRContext ctx(mlir::MLIRContext::Threading::DISABLED);
  ctx.allowUnregisteredDialects();
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(mlir::UnknownLoc::get(&ctx));
  mlir::Operation* fn = Printer(ctx).build(g, *module);
  mlir::OpPrintingFlags flags;
  flags.printGenericOpForm().enableDebugInfo().useLocalScope().assumeVerified();
  llvm::raw_os_ostream out(os);
  fn->print(out, flags);
  out << "\n";
}

std::string printMlir(const Graph& g) {
  std::ostringstream os;
  printMlir(g, os);
  return os.str();
}

} // namespace loom::dfg
