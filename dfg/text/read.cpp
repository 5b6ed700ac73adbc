// The DFG reader: MLIR's parser (through MlirText, which keeps where every op stands)
// reads the text in a context that allows unregistered dialects and knows the arith
// dialect, the one dialect of the DFG that mlir-opt knows and may re-print in its own
// syntax; then one walk over the "loom.dfg" ops rebuilds the graphs. MLIR's verifier
// is not run over the text: signature.h checks every node with the DFG's own messages,
// and the arith ops, the only ones MLIR can verify, are verified one by one after that
// (MLIR knows a few rules the signatures do not, such as index_cast's index side).

#include "dfg/signature.h"
#include "dfg/text/dfg_mlir.h"
#include "dfg/text/dfg_text.h"
#include "dfg/text/reader.h"
#include "frontend/mlir_text.h"
#include "frontend/parse.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "support/big_stack.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace loom::dfg {

namespace {

using frontend::MlirText;
using namespace mlir_form;
using namespace reader;

std::string lineCol(const Loc& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

// "dataflow.gate" -> "gate": the default short name of a node that has no loom.name.
std::string shortKind(const std::string& opName) {
  size_t dot = opName.rfind('.');
  return dot == std::string::npos ? opName : opName.substr(dot + 1);
}

// Which node kind an op name stands for; compute nodes are named by their arith op.
bool nodeKindOf(const std::string& name, NodeKind& kind, OpKind& arith) {
  if (kindFromName(name, kind)) return true;
  if (!lookupOpKind(name, arith) || !isComputeOp(arith)) return false;
  kind = NodeKind::Compute;
  return true;
}

// ---- one function ----------------------------------------------------------------------

class FunctionReader {
public:
  FunctionReader(TextReader& r, mlir::Operation* fn) : r_(r), fn_(fn) {}

  Graph read() {
    mlir::Block* body = checkShape();
    readFunctionAttrs();
    std::vector<mlir::Operation*> ops;
    if (body)
      for (mlir::Operation& op : *body)
        ops.push_back(&op);
    for (mlir::Operation* op : ops)
      vertexOf_[op] = g_.addNode(Node{});
    nodeAttrs_.resize(ops.size());
    for (size_t i = 0; i < ops.size(); ++i)
      readNode(ops[i], i);
    for (const PendingEdge& p : pending_)
      connect(p);
    if (!entry_) r_.fail(fn_, "function '" + g_.function + "' has no 'loom.entry' op");
    if (!return_) r_.fail(fn_, "function '" + g_.function + "' has no 'handshake.return' op");
    return std::move(g_);
  }

private:
  TextReader& r_;
  mlir::Operation* fn_;
  Graph g_;
  llvm::DenseMap<mlir::Operation*, Vertex> vertexOf_;
  std::map<std::string, Loc> names_;
  std::vector<NodeAttrs> nodeAttrs_; // by vertex
  mlir::Operation* entry_ = nullptr;
  mlir::Operation* return_ = nullptr;

  struct PendingEdge {
    PortRef from;
    Vertex to;
    unsigned port;
    size_t operand;
  };
  std::vector<PendingEdge> pending_;

  // "loom.dfg"() ({ ... }) {...} : () -> (): the body block, or null for an empty region.
  mlir::Block* checkShape() {
    if (fn_->getNumOperands() || fn_->getNumResults())
      r_.fail(fn_, "'loom.dfg' takes no operands and has no results");
    if (fn_->getNumRegions() != 1) r_.fail(fn_, "'loom.dfg' needs exactly one region");
    mlir::Region& region = fn_->getRegion(0);
    if (region.empty()) return nullptr;
    if (!region.hasOneBlock())
      r_.fail(&*std::next(region.begin()), "a 'loom.dfg' region is one block (no block labels)");
    mlir::Block& b = region.front();
    if (b.getNumArguments()) r_.fail(&b, "the 'loom.dfg' block takes no arguments");
    return &b;
  }

  void readFunctionAttrs() {
    AttrReader a(r_, fn_);
    a.noProperties(kFunctionOp);
    bool named = false;
    for (mlir::NamedAttribute na : fn_->getDiscardableAttrs()) {
      std::string name = na.getName().str();
      mlir::Attribute v = na.getValue();
      if (name == kSymName) {
        g_.function = a.strOf(v, quoted(name));
        named = true;
      } else if (name == kFunctionType) {
        auto t = llvm::dyn_cast<mlir::TypeAttr>(v);
        auto ft = t ? llvm::dyn_cast<mlir::FunctionType>(t.getValue()) : nullptr;
        if (!ft) a.fail(quoted(name) + " must be a function type");
        for (mlir::Type i : ft.getInputs())
          g_.argTypes.push_back(a.typeOf(i, quoted(name)));
        for (mlir::Type o : ft.getResults())
          g_.resultTypes.push_back(a.typeOf(o, quoted(name)));
      } else if (name == kScopes) {
        g_.scopes = scopesOf(a, v, quoted(name));
      } else {
        a.fail("unknown attribute '" + name + "' on 'loom.dfg'");
      }
    }
    if (!named) a.fail("'loom.dfg' needs a 'sym_name' attribute");
  }

  // The node, in text order, so that the first error in the text is reported.
  void readNode(mlir::Operation* op, Vertex v) {
    Node& n = g_.node(v);
    std::string name = op->getName().getStringRef().str();
    if (!nodeKindOf(name, n.kind, n.arith)) r_.fail(op, "unknown op '" + name + "'");
    if (op->getNumRegions()) r_.fail(op, "'" + name + "' cannot have regions");
    if (op->getNumSuccessors()) r_.fail(op, "'" + name + "' cannot have successors");
    AttrReader types(r_, op);
    for (mlir::Type t : op->getResultTypes())
      n.outTypes.push_back(types.typeOf(t, "'" + name + "'"));
    std::vector<Type> operandTypes;
    for (mlir::Type t : op->getOperandTypes())
      operandTypes.push_back(types.typeOf(t, "'" + name + "'"));
    std::vector<PortRef> sources = resolveOperands(op, name);
    n.outRoles.assign(n.outTypes.size(), Role::Data);
    n.outRates.assign(n.outTypes.size(), Rate{});
    n.origin.loc = r_.origin(op);
    NodeAttrs& attrs = nodeAttrs_[v];
    attrs = readNodeAttrs(r_, op, n);
    n.inTypes = attrs.inTypes ? *attrs.inTypes : operandTypes;
    std::vector<unsigned> ports = inputPorts(op, name, n, attrs);
    if (auto err = checkSignature(n)) r_.fail(op, *err);
    for (const Type& t : attrs.valueTypes)
      if (t != n.outTypes[0])
        r_.fail(op, "value of type " + t.str() + " for a result of type " + n.outTypes[0].str());
    if (op->isRegistered()) r_.verify(op);
    nameAndScope(op, v, n, attrs);
    noteBoundary(op, v, n, name);
    for (size_t i = 0; i < sources.size(); ++i)
      pending_.push_back({sources[i], v, ports[i], i});
  }

  // Each operand -> the node output it names.
  std::vector<PortRef> resolveOperands(mlir::Operation* op, const std::string& name) {
    std::vector<PortRef> sources;
    for (mlir::OpOperand& use : op->getOpOperands()) {
      auto result = llvm::dyn_cast<mlir::OpResult>(use.get());
      auto it = result ? vertexOf_.find(result.getOwner()) : vertexOf_.end();
      if (it == vertexOf_.end())
        r_.fail(op, "operand #" + std::to_string(use.getOperandNumber()) + " of '" + name +
                        "' is not a value of a node of function '" + g_.function + "'");
      sources.push_back(PortRef{it->second, result.getResultNumber()});
    }
    return sources;
  }

  // The input port each operand feeds: 0..n-1 unless loom.in_ports says otherwise.
  std::vector<unsigned> inputPorts(mlir::Operation* op, const std::string& name, const Node& n,
                                   const NodeAttrs& attrs) {
    std::vector<unsigned> ports;
    if (attrs.inPorts)
      ports = *attrs.inPorts;
    else
      for (unsigned i = 0; i < op->getNumOperands(); ++i)
        ports.push_back(i);
    for (size_t i = 0; i < ports.size(); ++i)
      if (ports[i] >= n.inTypes.size())
        r_.fail(op, "operand #" + std::to_string(i) + " feeds input " + std::to_string(ports[i]) +
                        " but '" + name + "' has " + std::to_string(n.inTypes.size()) +
                        " input types");
    return ports;
  }

  void nameAndScope(mlir::Operation* op, Vertex v, Node& n, const NodeAttrs& attrs) {
    if (!attrs.named)
      n.name =
          g_.function + "/" + shortKind(op->getName().getStringRef().str()) + std::to_string(v);
    auto [it, fresh] = names_.emplace(n.name, r_.at(op));
    if (!fresh)
      r_.fail(op,
              "duplicate node name '" + n.name + "' (first used at " + lineCol(it->second) + ")");
    if (n.scope >= g_.scopes.size() && !(n.scope == 0 && g_.scopes.empty()))
      r_.fail(op, "scope " + std::to_string(n.scope) + " is out of range (the function has " +
                      std::to_string(g_.scopes.size()) + " scopes)");
  }

  void noteBoundary(mlir::Operation* op, Vertex v, const Node& n, const std::string& name) {
    if (n.kind != NodeKind::Entry && n.kind != NodeKind::Return) return;
    bool entry = n.kind == NodeKind::Entry;
    mlir::Operation*& first = entry ? entry_ : return_;
    if (first)
      r_.fail(op, "second '" + name + "' op in function '" + g_.function + "' (the first is at " +
                      lineCol(r_.at(first)) + ")");
    first = op;
    (entry ? g_.entry : g_.ret) = v;
  }

  // The channels, in node and operand order.
  void connect(const PendingEdge& p) {
    EdgeId id = g_.connect(p.from, p.to, p.port);
    Edge& e = g_.edge(id);
    const NodeAttrs& a = nodeAttrs_[p.to]; // the consumer's per-operand overrides
    if (!a.capacities.empty()) e.capacity = a.capacities[p.operand];
    if (!a.edgeTypes.empty()) e.type = a.edgeTypes[p.operand];
    if (!a.edgeRoles.empty()) e.role = a.edgeRoles[p.operand];
    if (!a.edgeRates.empty()) e.rate = a.edgeRates[p.operand];
  }
};

// Every "loom.dfg" op of the text, in order; mlir-opt wraps them in a module.
void collectFunctions(TextReader& r, mlir::Block& block, std::vector<mlir::Operation*>& out) {
  for (mlir::Operation& op : block) {
    if (auto m = llvm::dyn_cast<mlir::ModuleOp>(op)) {
      collectFunctions(r, *m.getBody(), out);
      continue;
    }
    std::string name = op.getName().getStringRef().str();
    if (name != kFunctionOp)
      r.fail(&op, "expected a 'loom.dfg' op at the top level, found '" + name + "'");
    out.push_back(&op);
  }
}

std::vector<Graph> readFunctions(MlirText& text) {
  TextReader r(text);
  std::vector<mlir::Operation*> fns;
  collectFunctions(r, text.top(), fns);
  std::vector<Graph> graphs;
  std::map<std::string, Loc> functions;
  for (mlir::Operation* fn : fns) {
    graphs.push_back(FunctionReader(r, fn).read());
    auto [it, fresh] = functions.emplace(graphs.back().function, r.at(fn));
    if (!fresh)
      r.fail(fn, "duplicate function '" + graphs.back().function + "' (first defined at " +
                     lineCol(it->second) + ")");
  }
  return graphs;
}

// Unregistered ops for the DFG's own kinds, the arith and math dialects for its compute
// nodes (mlir-opt re-prints their fastmath and overflow flags as properties).
std::unique_ptr<mlir::MLIRContext> makeDfgContext() {
  mlir::DialectRegistry reg;
  reg.insert<mlir::arith::ArithDialect, mlir::math::MathDialect>();
  auto ctx = std::make_unique<mlir::MLIRContext>(reg, mlir::MLIRContext::Threading::DISABLED);
  ctx->allowUnregisteredDialects();
  ctx->loadAllAvailableDialects();
  return ctx;
}

} // namespace

namespace reader {

ReadResult parseAndRead(const std::string& text, const std::string& filename,
                        std::unique_ptr<mlir::MLIRContext> (*makeContext)(),
                        std::vector<Graph> (*read)(frontend::MlirText&),
                        void (*onParseError)(Diag&)) {
  ReadResult r;
  auto file = std::make_shared<const std::string>(filename);
  runOnLargeStack([&] {
    std::unique_ptr<mlir::MLIRContext> ctx = makeContext();
    MlirText t(*ctx, text, file);
    if ((r.error = t.parse())) {
      if (onParseError) onParseError(*r.error);
      return;
    }
    try {
      r.graphs = read(t);
    } catch (ReadError& e) {
      r.graphs.clear();
      r.error = e.diag;
    }
  });
  return r;
}

} // namespace reader

ReadResult readMlir(const std::string& text, const std::string& filename) {
  return reader::parseAndRead(text, filename, makeDfgContext, readFunctions);
}

ReadResult readMlirFile(const std::string& path) {
  ReadResult r;
  std::optional<std::string> text = readSourceFile(path, r.error);
  return text ? readMlir(*text, path) : std::move(r);
}

} // namespace loom::dfg
