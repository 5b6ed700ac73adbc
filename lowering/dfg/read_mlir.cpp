#include "lowering/dfg/read_mlir.h"

#include "lowering/dfg/mlir_syntax.h"
#include "lowering/dfg/read_attrs.h"
#include "lowering/dfg/signature.h"
#include "lowering/dfg/text_attrs.h"

#include <fstream>
#include <map>
#include <sstream>

namespace loom::dfg {

namespace {

using syntax::NamedAttr;
using syntax::Operation;
using namespace read_attrs;

std::string counted(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

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

// A DFG value name: the node that defines it and which of its outputs it starts at.
struct ValueDef {
  Vertex node;
  unsigned first;
  unsigned count;
};

// ---- one function --------------------------------------------------------------------

class FunctionReader {
public:
  FunctionReader(const Operation& op, FileNames& files) : fn_(op), files_(files) {}

  Graph read() {
    checkShape();
    readFunctionAttrs();
    const std::vector<Operation>& ops = fn_.regions[0];
    for (size_t i = 0; i < ops.size(); ++i)
      declareValues(ops[i], g_.addNode(Node{}));
    nodeAttrs_.resize(ops.size());
    for (size_t i = 0; i < ops.size(); ++i)
      readNode(ops[i], i);
    for (const PendingEdge& p : pending_)
      connect(p);
    if (!sawEntry_) fail(fn_.loc, "function '" + g_.function + "' has no 'loom.entry' op");
    if (!sawReturn_) fail(fn_.loc, "function '" + g_.function + "' has no 'handshake.return' op");
    return std::move(g_);
  }

private:
  // "loom.dfg"() ({ ... }) {...} : () -> ()
  void checkShape() {
    if (fn_.name != "loom.dfg")
      fail(fn_.loc, "expected a 'loom.dfg' op at the top level, found '" + fn_.name + "'");
    if (!fn_.operands.empty() || !fn_.results.empty() || !fn_.operandTypes.empty() ||
        !fn_.resultTypes.empty())
      fail(fn_.loc, "'loom.dfg' takes no operands and has no results");
    if (fn_.regions.size() != 1) fail(fn_.loc, "'loom.dfg' needs exactly one region");
  }

  void readFunctionAttrs() {
    AttrSet seen;
    bool named = false;
    for (const NamedAttr& a : fn_.attrs) {
      seen.add(a);
      if (a.name == "sym_name") {
        g_.function = stringOf(a);
        named = true;
      } else if (a.name == "function_type") {
        functionTypeOf(a, g_.argTypes, g_.resultTypes);
      } else if (a.name == "loom.scopes") {
        g_.scopes = scopesOf(a);
      } else {
        fail(a.loc, "unknown attribute '" + a.name + "' on 'loom.dfg'");
      }
    }
    if (!named) fail(fn_.loc, "'loom.dfg' needs a 'sym_name' attribute");
  }

  // Pass 1: every value name, so that operands may refer forward (feedback edges).
  void declareValues(const Operation& op, Vertex v) {
    unsigned next = 0;
    for (const syntax::ResultGroup& r : op.results) {
      if (!values_.emplace(r.name, ValueDef{v, next, r.count}).second)
        fail(r.loc, "redefinition of value '%" + r.name + "'");
      next += r.count;
    }
    if (next != op.resultTypes.size())
      fail(op.loc, "'" + op.name + "' names " + counted(next, "result") + " but its type has " +
                       std::to_string(op.resultTypes.size()));
  }

  // Pass 2: the node, in text order, so that the first error in the text is reported.
  void readNode(const Operation& op, Vertex v) {
    Node& n = g_.node(v);
    if (!nodeKindOf(op.name, n.kind, n.arith)) fail(op.loc, "unknown op '" + op.name + "'");
    if (!op.regions.empty()) fail(op.loc, "'" + op.name + "' cannot have regions");
    if (op.operands.size() != op.operandTypes.size())
      fail(op.typeLoc, "'" + op.name + "' has " + counted(op.operands.size(), "operand") +
                           " but its type lists " + std::to_string(op.operandTypes.size()));
    std::vector<PortRef> sources = resolveOperands(op);
    n.outTypes = op.resultTypes;
    n.outRoles.assign(n.outTypes.size(), Role::Data);
    n.outRates.assign(n.outTypes.size(), Rate{});
    NodeAttrs& attrs = nodeAttrs_[v];
    attrs = readNodeAttrs(op, n, files_);
    n.inTypes = attrs.inTypes ? *attrs.inTypes : op.operandTypes;
    std::vector<unsigned> ports = inputPorts(op, n, attrs);
    if (auto err = checkSignature(n)) fail(op.loc, *err);
    checkValueTypes(n, attrs);
    nameAndScope(op, v, n, attrs);
    noteBoundary(op, v, n);
    for (size_t i = 0; i < sources.size(); ++i)
      pending_.push_back({sources[i], v, ports[i], i});
  }

  // Each operand -> the output it names; its written type must be that output's type.
  std::vector<PortRef> resolveOperands(const Operation& op) {
    std::vector<PortRef> sources;
    for (size_t i = 0; i < op.operands.size(); ++i) {
      const syntax::Use& u = op.operands[i];
      std::string spelled = "%" + u.name + (u.hasIndex ? "#" + std::to_string(u.index) : "");
      auto it = values_.find(u.name);
      if (it == values_.end()) fail(u.loc, "use of undefined value '" + spelled + "'");
      const ValueDef& d = it->second;
      if (u.index >= d.count)
        fail(u.loc, "use of '" + spelled + "': '%" + u.name + "' has " + std::to_string(d.count) +
                        " result" + (d.count == 1 ? "" : "s"));
      PortRef src{d.node, d.first + u.index};
      const Type& defined = fn_.regions[0][d.node].resultTypes[src.port];
      if (defined != op.operandTypes[i])
        fail(u.loc, "use of value '" + spelled + "' expects type " + op.operandTypes[i].str() +
                        " but it is defined as " + defined.str());
      sources.push_back(src);
    }
    return sources;
  }

  // The input port each operand feeds: 0..n-1 unless loom.in_ports says otherwise.
  std::vector<unsigned> inputPorts(const Operation& op, const Node& n, const NodeAttrs& attrs) {
    std::vector<unsigned> ports = attrs.inPorts;
    if (!attrs.inPortsAttr)
      for (unsigned i = 0; i < op.operands.size(); ++i)
        ports.push_back(i);
    for (size_t i = 0; i < ports.size(); ++i)
      if (ports[i] >= n.inTypes.size())
        fail(attrs.inPortsAttr ? attrs.inPortsAttr->loc : op.loc,
             "operand #" + std::to_string(i) + " feeds input " + std::to_string(ports[i]) +
                 " but '" + op.name + "' has " + std::to_string(n.inTypes.size()) + " input types");
    return ports;
  }

  // A constant's value and a buffer's initial values must have the output's type.
  void checkValueTypes(const Node& n, const NodeAttrs& attrs) {
    for (const TypedValue& tv : attrs.values)
      if (tv.type != n.outTypes[0])
        fail(tv.loc,
             "value of type " + tv.type.str() + " for a result of type " + n.outTypes[0].str());
  }

  void nameAndScope(const Operation& op, Vertex v, Node& n, const NodeAttrs& attrs) {
    Loc nameLoc = attrs.nameAttr ? attrs.nameAttr->loc : op.loc;
    if (!attrs.nameAttr) n.name = g_.function + "/" + shortKind(op.name) + std::to_string(v);
    auto [it, fresh] = names_.emplace(n.name, nameLoc);
    if (!fresh)
      fail(nameLoc,
           "duplicate node name '" + n.name + "' (first used at " + lineCol(it->second) + ")");
    if (n.scope >= g_.scopes.size() && !(n.scope == 0 && g_.scopes.empty()))
      fail(attrs.scopeAttr ? attrs.scopeAttr->loc : op.loc,
           "scope " + std::to_string(n.scope) + " is out of range (the function has " +
               std::to_string(g_.scopes.size()) + " scopes)");
  }

  void noteBoundary(const Operation& op, Vertex v, const Node& n) {
    if (n.kind != NodeKind::Entry && n.kind != NodeKind::Return) return;
    bool entry = n.kind == NodeKind::Entry;
    bool& seen = entry ? sawEntry_ : sawReturn_;
    Loc& first = entry ? entryLoc_ : returnLoc_;
    if (seen)
      fail(op.loc, "second '" + op.name + "' op in function '" + g_.function +
                       "' (the first is at " + lineCol(first) + ")");
    seen = true;
    first = op.loc;
    (entry ? g_.entry : g_.ret) = v;
  }

  // Pass 3: the channels, in node and operand order.
  struct PendingEdge {
    PortRef from;
    Vertex to;
    unsigned port;
    size_t operand;
  };
  void connect(const PendingEdge& p) {
    EdgeId id = g_.connect(p.from, p.to, p.port);
    Edge& e = g_.edge(id);
    const NodeAttrs& a = nodeAttrs_[p.to]; // the consumer's per-operand overrides
    if (!a.capacities.empty()) e.capacity = a.capacities[p.operand];
    if (!a.edgeTypes.empty()) e.type = a.edgeTypes[p.operand];
    if (!a.edgeRoles.empty()) e.role = a.edgeRoles[p.operand];
    if (!a.edgeRates.empty()) e.rate = a.edgeRates[p.operand];
  }

  const Operation& fn_;
  FileNames& files_;
  Graph g_;
  std::map<std::string, ValueDef> values_;
  std::map<std::string, Loc> names_;
  std::vector<NodeAttrs> nodeAttrs_; // by vertex
  std::vector<PendingEdge> pending_;
  bool sawEntry_ = false, sawReturn_ = false;
  Loc entryLoc_, returnLoc_;
};

std::vector<Graph> readFunctions(const std::vector<Operation>& ops) {
  FileNames files;
  std::vector<Graph> graphs;
  std::map<std::string, Loc> functions;
  for (const Operation& op : ops) {
    graphs.push_back(FunctionReader(op, files).read());
    auto [it, fresh] = functions.emplace(graphs.back().function, op.loc);
    if (!fresh)
      fail(op.loc, "duplicate function '" + graphs.back().function + "' (first defined at " +
                       lineCol(it->second) + ")");
  }
  return graphs;
}

} // namespace

ReadResult readMlir(const std::string& text, const std::string& filename) {
  ReadResult r;
  syntax::ParsedText parsed =
      syntax::parseGenericOps(text, std::make_shared<const std::string>(filename));
  if (parsed.error) {
    r.error = parsed.error;
    return r;
  }
  try {
    r.graphs = readFunctions(parsed.ops);
  } catch (ReadError& e) {
    r.graphs.clear();
    r.error = e.diag;
  }
  return r;
}

ReadResult readMlirFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ReadResult r;
    r.error = Diag{Loc{std::make_shared<const std::string>(path), 0, 0}, "cannot open file"};
    return r;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return readMlir(ss.str(), path);
}

} // namespace loom::dfg
