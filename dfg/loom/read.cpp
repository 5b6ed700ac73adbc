// The reader of LOOM's form (loom_form.h): MLIR's parser, with the handshake and dataflow
// dialects of dialects.h, reads the text through MlirText (which keeps where every op
// and value stands); then one walk over each handshake.func builds its graph: the entry
// node from the signature, one node per op in text order, the channels last (a carry's
// feedback names a value defined further down), with forks and sinks where a value is
// used more or less than once.

#include "dfg/loom/dialects.h"
#include "dfg/loom/loom_form.h"
#include "dfg/loom/syntax.h"
#include "dfg/signature.h"
#include "dfg/text/reader.h"
#include "eval/memref.h"
#include "frontend/big_stack.h"
#include "frontend/import.h"
#include "frontend/mlir_text.h"
#include "frontend/parse.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/MapVector.h"

#include <cctype>
#include <map>
#include <set>

namespace loom::dfg {

namespace {

using frontend::MlirText;
using reader::AttrReader;
using reader::ReadError;
using reader::TextReader;
using namespace loomform;

std::string lineCol(const Loc& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

std::string typeList(const std::vector<Type>& ts) {
  std::string s;
  for (const Type& t : ts)
    s += (s.empty() ? "" : ", ") + t.str();
  return "(" + s + ")";
}

// "handshake.sink" -> "sink", "arith.addi" -> "addi"
std::string shortName(llvm::StringRef opName) {
  return opName.split('.').second.str();
}

class FunctionReader {
public:
  FunctionReader(TextReader& r, MlirText& text, mlir::Operation* fn)
      : r_(r), text_(text), fn_(fn) {}

  Graph read() {
    mlir::Block& body = checkShape();
    readFunctionAttrs();
    readSignature(body);
    for (mlir::Operation& op : body)
      readOp(&op);
    if (!return_) r_.fail(fn_, "function '@" + g_.function + "' has no 'handshake.return'");
    connectUses();
    sinkUnused();
    inferRoles();
    accessPorts();
    return std::move(g_);
  }

private:
  TextReader& r_;
  MlirText& text_;
  mlir::Operation* fn_;
  Graph g_;
  mlir::FunctionType type_;
  llvm::DenseMap<mlir::Value, PortRef> outputOf_; // a value of the text -> a node output
  llvm::DenseMap<mlir::Value, int> memrefArg_;    // a memref argument -> its argument index
  struct Use {
    mlir::Value value;
    mlir::Operation* op; // the user
    Vertex to;
    unsigned port;
  };
  std::vector<Use> uses_;
  std::map<std::pair<Vertex, unsigned>, std::string> outName_; // for forks and sinks
  std::set<std::string> names_;                                // node names taken
  mlir::Operation* return_ = nullptr;
  uint32_t unnamedGroups_ = 0;

  std::string prefix() const { return g_.function + "/"; }

  // A name no node has yet: `base`, else `base.2`, `base.3`, ...
  std::string uniqueName(const std::string& base) {
    std::string name = base;
    for (unsigned k = 2; names_.count(name); ++k)
      name = base + "." + std::to_string(k);
    names_.insert(name);
    return name;
  }

  mlir::Block& checkShape() {
    auto name = fn_->getAttrOfType<mlir::StringAttr>(kSymName);
    auto type = fn_->getAttrOfType<mlir::TypeAttr>(kFunctionType);
    if (!name || !type || !llvm::isa<mlir::FunctionType>(type.getValue()) ||
        fn_->getNumRegions() != 1)
      r_.fail(fn_, "a 'handshake.func' needs a name, a function type and a body");
    g_.function = name.getValue().str();
    g_.scfOrigins = false;
    mlir::Region& region = fn_->getRegion(0);
    if (region.empty()) r_.fail(fn_, "'handshake.func' @" + g_.function + " has no body");
    if (!region.hasOneBlock())
      r_.fail(&*std::next(region.begin()),
              "a 'handshake.func' body is one block (no block labels)");
    type_ = llvm::cast<mlir::FunctionType>(type.getValue());
    mlir::Block& b = region.front();
    if (b.getNumArguments() != type_.getNumInputs())
      r_.fail(fn_, "the arguments of 'handshake.func' @" + g_.function + " need names (%a: i32)");
    return b;
  }

  void readFunctionAttrs() {
    AttrReader a(r_, fn_);
    for (mlir::NamedAttribute na : fn_->getAttrs()) {
      llvm::StringRef name = na.getName().getValue();
      if (name == kArgNames || name == kResNames) {
        mlir::ArrayAttr arr = a.arrayOf(na.getValue(), reader::quoted(name));
        for (size_t i = 0; i < arr.size(); ++i)
          a.strOf(arr[i], reader::quoted(name) + " entry " + std::to_string(i));
      } else if (name != kSymName && name != kFunctionType && name != kArgAttrs &&
                 name != kVisibility) {
        a.fail("unknown attribute '" + name.str() + "' on 'handshake.func'");
      }
    }
  }

  // ---- the signature: the entry node ---------------------------------------------------------

  // The loom.memref_field an argument carries, or "".
  std::string fieldOf(unsigned i, AttrReader& a) {
    auto attrs = fn_->getAttrOfType<mlir::ArrayAttr>(kArgAttrs);
    if (!attrs) return "";
    std::string field;
    for (mlir::NamedAttribute na : llvm::cast<mlir::DictionaryAttr>(attrs[i])) {
      if (na.getName() != kMemRefField)
        a.fail("unknown attribute '" + na.getName().str() + "' on argument #" + std::to_string(i) +
               " of 'handshake.func'");
      field = a.strOf(na.getValue(), "'" + std::string(kMemRefField) + "'");
    }
    return field;
  }

  std::string argName(mlir::BlockArgument arg) {
    std::string n = text_.nameOf(arg).first;
    return n.empty() ? "%arg" + std::to_string(arg.getArgNumber()) : n;
  }

  void readSignature(mlir::Block& body) {
    AttrReader a(r_, fn_);
    unsigned n = body.getNumArguments();
    if (n == 0 || !llvm::isa<mlir::NoneType>(type_.getInput(n - 1)))
      a.fail("the last argument of 'handshake.func' @" + g_.function +
             " must be its start token, of type none");
    if (type_.getNumResults() == 0 || !llvm::isa<mlir::NoneType>(type_.getResults().back()))
      a.fail("the last result of 'handshake.func' @" + g_.function +
             " must be its done token, of type none");
    for (unsigned i = 0; i + 1 < type_.getNumResults(); ++i)
      g_.resultTypes.push_back(a.typeOf(type_.getResult(i), "the results of 'handshake.func'"));
    Node entry;
    entry.kind = NodeKind::Entry;
    entry.name = uniqueName(prefix() + "entry");
    entry.origin.loc = text_.locOf(fn_);
    g_.scopes.push_back(Scope{Scope::Kind::Function, g_.function, -1, nullptr, Origin::kNoOp});
    g_.entry = g_.addNode(entry);
    std::vector<std::pair<mlir::Value, std::string>> outputs; // null value: no text value
    for (unsigned i = 0; i + 1 < n; ++i)
      i = readArgument(body, i, a, outputs);
    if (!fieldOf(n - 1, a).empty())
      a.fail("argument #" + std::to_string(n - 1) + " is the start token, not a memref field");
    outputs.push_back({body.getArgument(n - 1), argName(body.getArgument(n - 1))});
    Node& e = g_.node(g_.entry);
    for (unsigned p = 0; p < outputs.size(); ++p) {
      mlir::Value v = outputs[p].first;
      e.outTypes.push_back(v ? a.typeOf(v.getType(), "the arguments of 'handshake.func'")
                             : Type::index());
      if (v) outputOf_[v] = PortRef{g_.entry, p};
      outName_[{g_.entry, p}] = prefix() + outputs[p].second;
    }
    e.outRoles.assign(e.outTypes.size(), Role::Data);
    e.outRates.assign(e.outTypes.size(), Rate{});
  }

  // Argument i (and, after a memref, its descriptor fields); returns the last one read.
  unsigned readArgument(mlir::Block& body, unsigned i, AttrReader& a,
                        std::vector<std::pair<mlir::Value, std::string>>& outputs) {
    mlir::BlockArgument arg = body.getArgument(i);
    std::string what = "argument " + argName(arg) + " of 'handshake.func'";
    if (!fieldOf(i, a).empty())
      a.fail(what + " is marked '" + kMemRefField + "' but follows no memref with that field");
    Type t = a.typeOf(arg.getType(), what);
    if (!t.isMemRef() && !t.isScalar()) a.fail(what + " has type " + t.str() + ", not supported");
    int index = static_cast<int>(g_.argTypes.size());
    g_.argTypes.push_back(t);
    if (!t.isMemRef()) {
      outputs.push_back({arg, argName(arg)});
      return i;
    }
    memrefArg_[arg] = index;
    std::vector<std::string> fields;
    for (const DescriptorField& d : descriptorFields(t))
      fields.push_back(d.name());
    bool written = i + 1 + 1 < body.getNumArguments() && !fieldOf(i + 1, a).empty();
    for (size_t k = 0; k < fields.size(); ++k) {
      if (!written) {
        outputs.push_back({mlir::Value(), argName(arg) + "." + fields[k]});
        continue;
      }
      unsigned j = i + 1 + static_cast<unsigned>(k);
      std::string field = j + 1 < body.getNumArguments() ? fieldOf(j, a) : "";
      if (field != fields[k] || !body.getArgument(j).getType().isIndex())
        a.fail("argument #" + std::to_string(j) + " must be field '" + fields[k] + "' of " +
               argName(arg) + " (" + t.str() + "), an index marked {" + kMemRefField + " = \"" +
               fields[k] + "\"}");
      outputs.push_back({body.getArgument(j), argName(body.getArgument(j))});
    }
    return written ? i + static_cast<unsigned>(fields.size()) : i;
  }

  // ---- ops --------------------------------------------------------------------------------

  void kindOf(mlir::Operation* op, Node& n) {
    std::string name = op->getName().getStringRef().str();
    if (const OpSyntax* s = syntaxOf(name)) {
      n.kind = s->kind;
      return;
    }
    if (lookupOpKind(name, n.arith) && isComputeOp(n.arith)) {
      n.kind = NodeKind::Compute;
      return;
    }
    if (name == FuncOp::getOperationName())
      r_.fail(op, "a 'handshake.func' cannot be nested in another");
    r_.fail(op, "unknown op '" + name + "'");
  }

  void readOp(mlir::Operation* op) {
    std::string name = op->getName().getStringRef().str();
    Node n;
    kindOf(op, n);
    if (op->getNumRegions()) r_.fail(op, "'" + name + "' cannot have regions");
    if (op->getNumSuccessors()) r_.fail(op, "'" + name + "' cannot have successors");
    AttrReader a(r_, op);
    for (mlir::Type t : op->getResultTypes())
      n.outTypes.push_back(a.typeOf(t, "'" + name + "'"));
    unsigned first = n.kind == NodeKind::ExtMemory ? 1 : 0; // extmemory's memref is no port
    for (unsigned i = first; i < op->getNumOperands(); ++i)
      n.inTypes.push_back(a.typeOf(op->getOperand(i).getType(), "'" + name + "'"));
    if (n.kind == NodeKind::Return) n.outTypes = n.inTypes; // to the host
    n.outRoles.assign(n.outTypes.size(), Role::Data);
    n.outRates.assign(n.outTypes.size(), Rate{});
    n.origin.loc = text_.locOf(op);
    readAttrs(op, n, a);
    if (n.kind == NodeKind::ExtMemory) extMemoryArg(op, n);
    if (auto err = checkSignature(n)) r_.fail(op, *err);
    if (op->isRegistered()) verifyCompute(op);
    n.name = uniqueName(nodeName(op));
    Vertex v = g_.addNode(n);
    for (unsigned i = first; i < op->getNumOperands(); ++i)
      uses_.push_back({op->getOperand(i), op, v, i - first});
    for (unsigned p = 0; p < op->getNumResults(); ++p) {
      outputOf_[op->getResult(p)] = PortRef{v, p};
      std::string value = text_.nameOf(op->getResult(p)).first;
      outName_[{v, p}] = value.empty() ? n.name + "#" + std::to_string(p) : prefix() + value;
    }
    if (n.kind == NodeKind::Return) noteReturn(op, v);
  }

  // After the SSA name of its first result as written ("f/%lddata"); an op without
  // results after its kind ("f/sink", "f/sink.2").
  std::string nodeName(mlir::Operation* op) {
    if (op->getNumResults()) {
      std::string v = text_.nameOf(op->getResult(0)).first;
      if (!v.empty()) return prefix() + v.substr(0, v.find('#'));
    }
    return prefix() + shortName(op->getName().getStringRef());
  }

  void noteReturn(mlir::Operation* op, Vertex v) {
    if (return_)
      r_.fail(op, "second 'handshake.return' in '@" + g_.function + "' (the first is at " +
                      lineCol(r_.at(return_)) + ")");
    return_ = op;
    g_.ret = v;
    std::vector<Type> want = g_.resultTypes;
    want.push_back(Type::none());
    if (g_.node(v).inTypes != want)
      r_.fail(op, "'handshake.return' returns " + typeList(g_.node(v).inTypes) + " but '@" +
                      g_.function + "' returns " + typeList(want));
  }

  void extMemoryArg(mlir::Operation* op, Node& n) {
    auto it = memrefArg_.find(op->getOperand(0));
    if (it == memrefArg_.end())
      r_.fail(op, "the memref of 'handshake.extmemory' must be a memref argument of '@" +
                      g_.function + "'");
    n.argIndex = it->second;
    n.memType = g_.argTypes[it->second];
  }

  // What MLIR's arith and math dialects ask of a compute op beyond its signature.
  void verifyCompute(mlir::Operation* op) {
    std::string first;
    mlir::ScopedDiagnosticHandler handler(op->getContext(), [&](mlir::Diagnostic& d) {
      if (d.getSeverity() == mlir::DiagnosticSeverity::Error && first.empty()) first = d.str();
      return mlir::success();
    });
    if (mlir::failed(mlir::verify(op)))
      r_.fail(op, first.empty() ? "MLIR's verifier rejects the op" : first);
  }

  // ---- attributes, by kind ------------------------------------------------------------------

  void readAttrs(mlir::Operation* op, Node& n, AttrReader& a) {
    std::string name = op->getName().getStringRef().str();
    if (n.kind == NodeKind::Compute) return computeAttrs(op, n, a);
    a.noProperties(name);
    std::set<std::string> seen;
    for (mlir::NamedAttribute na : op->getAttrs()) {
      std::string attr = na.getName().str();
      if (!kindAttr(n, attr, na.getValue(), a))
        a.fail("unknown attribute '" + attr + "' on '" + name + "'");
      seen.insert(attr);
    }
    auto require = [&](const char* attr) {
      if (!seen.count(attr)) a.fail("'" + name + "' needs a '" + attr + "' attribute");
    };
    if (n.kind == NodeKind::Constant) require(kValue);
    if (n.kind == NodeKind::Stream) require(kStepOp), require(kContCond);
    if (n.kind == NodeKind::Memory || n.kind == NodeKind::ExtMemory) memoryGroup(n, seen);
  }

  bool kindAttr(Node& n, const std::string& attr, mlir::Attribute v, AttrReader& a) {
    std::string what = reader::quoted(attr);
    switch (n.kind) {
    case NodeKind::Constant: return attr == kValue && constantValue(n, v, a);
    case NodeKind::Stream: return streamAttr(n, attr, v, a);
    case NodeKind::Buffer: return bufferAttr(n, attr, v, a);
    case NodeKind::Memory:
      if (attr == kMemRefType) {
        n.memType = a.typeOf(v, what);
        if (!n.memType.isMemRef() || !n.memType.mem->identity)
          a.fail("'handshake.memory' needs a memref type with the identity layout");
        for (int64_t d : n.memType.mem->shape)
          if (d == kDynamic)
            a.fail("'handshake.memory' needs a static shape, got " + n.memType.str());
        return true;
      }
      if (attr == kLsq) {
        auto b = llvm::dyn_cast<mlir::BoolAttr>(v);
        if (!b || b.getValue())
          a.fail("'lsq' must be false: loom-sim does not model a load-store queue");
        return true;
      }
      [[fallthrough]];
    case NodeKind::ExtMemory:
      if (attr == kLdCount)
        n.numLoads = a.u32Of(v, what);
      else if (attr == kStCount)
        n.numStores = a.u32Of(v, what);
      else if (attr == kId)
        n.memGroup = a.u32Of(v, what);
      else
        return false;
      return true;
    default: return false;
    }
  }

  bool constantValue(Node& n, mlir::Attribute v, AttrReader& a) {
    auto [bits, type] = a.valueOf(v, "'value'");
    if (type != n.outTypes[0])
      a.fail("'value' of type " + type.str() + " for a result of type " + n.outTypes[0].str());
    n.constValue = bits;
    return true;
  }

  bool streamAttr(Node& n, const std::string& attr, mlir::Attribute v, AttrReader& a) {
    std::string s = attr == kStepOp || attr == kContCond ? a.strOf(v, reader::quoted(attr)) : "";
    if (attr == kStepOp && !ops::parseStepOp(s, n.stepOp))
      a.fail("unknown step_op '" + s + "' (one of += -= *= /= <<= >>=)");
    if (attr == kContCond && !ops::parseContCond(s, n.contCond))
      a.fail("unknown cont_cond '" + s + "' (one of < <= > >= !=)");
    return attr == kStepOp || attr == kContCond;
  }

  // CIRCT's initValues are integers; a none buffer's entries stand for its tokens.
  bool bufferAttr(Node& n, const std::string& attr, mlir::Attribute v, AttrReader& a) {
    if (attr == kSlots) {
      n.bufferSlots = a.u32Of(v, "'slots'");
    } else if (attr == kBufferType) {
      n.bufferFifo = a.strOf(v, "'bufferType'") == "fifo";
    } else if (attr == kInitValues) {
      mlir::ArrayAttr arr = a.arrayOf(v, "'initValues'");
      for (size_t i = 0; i < arr.size(); ++i) {
        int64_t x =
            a.intOf(arr[i], "'initValues' entry " + std::to_string(i), INT64_MIN, INT64_MAX);
        n.bufferInit.push_back(static_cast<Bits>(x) & widthMask(n.outTypes[0].width));
      }
    } else {
      return false;
    }
    return true;
  }

  // A memory's group is its id; a memory without one gets a group of its own, numbered
  // apart from the ids (CIRCT's are i32).
  void memoryGroup(Node& n, const std::set<std::string>& seen) {
    if (!seen.count(kId)) n.memGroup = 0x80000000u + unnamedGroups_++;
  }

  // An arith or math op's own attributes: a comparison's predicate, and the default
  // overflow and fast-math flags; anything else changes what it computes.
  void computeAttrs(mlir::Operation* op, Node& n, AttrReader& a) {
    std::string name = op->getName().getStringRef().str();
    for (mlir::NamedAttribute na : op->getDiscardableAttrs())
      a.fail("unknown attribute '" + na.getName().str() + "' on '" + name + "'");
    for (mlir::StringAttr attr : op->getName().getAttributeNames()) {
      std::optional<mlir::Attribute> v = op->getInherentAttr(attr);
      if (!v || !*v) continue;
      if (attr == "predicate" && n.arith == OpKind::CmpI)
        n.arithAttrs.cmpi = static_cast<CmpIPred>(a.intOf(*v, "'predicate'", 0, 9));
      else if (attr == "predicate" && n.arith == OpKind::CmpF)
        n.arithAttrs.cmpf = static_cast<CmpFPred>(a.intOf(*v, "'predicate'", 0, 15));
      else if (!isDefaultFlag(*v))
        a.fail("unsupported attribute '" + attr.str() + "' on '" + name + "'");
    }
  }

  static bool isDefaultFlag(mlir::Attribute v) {
    auto overflow = llvm::dyn_cast<mlir::arith::IntegerOverflowFlagsAttr>(v);
    auto fastmath = llvm::dyn_cast<mlir::arith::FastMathFlagsAttr>(v);
    return (overflow && overflow.getValue() == mlir::arith::IntegerOverflowFlags::none) ||
           (fastmath && fastmath.getValue() == mlir::arith::FastMathFlags::none);
  }

  // ---- channels -------------------------------------------------------------------------------

  // Each value to its uses: one channel, or an eager fork with one channel per use.
  void connectUses() {
    llvm::MapVector<mlir::Value, std::vector<size_t>> usesOf;
    for (size_t i = 0; i < uses_.size(); ++i)
      usesOf[uses_[i].value].push_back(i);
    for (auto& [value, uses] : usesOf) {
      PortRef src = producerOf(value, uses_[uses[0]].op);
      if (uses.size() == 1) {
        g_.connect(src, uses_[uses[0]].to, uses_[uses[0]].port);
        continue;
      }
      Vertex f = addHelper(NodeKind::Fork, src, ".fork", uses.size());
      g_.connect(src, f, 0);
      for (unsigned k = 0; k < uses.size(); ++k)
        g_.connect(PortRef{f, k}, uses_[uses[k]].to, uses_[uses[k]].port);
    }
  }

  PortRef producerOf(mlir::Value v, mlir::Operation* user) {
    auto it = outputOf_.find(v);
    if (it != outputOf_.end()) return it->second;
    r_.fail(user, "memref argument " + text_.nameOf(v).first +
                      " used here: a memref can only be the memref of an 'extmemory'");
  }

  // A fork (with `outputs` outputs) or a sink for output `src`, named after its value.
  Vertex addHelper(NodeKind kind, PortRef src, const char* suffix, size_t outputs) {
    const Node& from = g_.node(src.node);
    Type t = from.outTypes[src.port];
    Node h;
    h.kind = kind;
    h.name = uniqueName(outName_[{src.node, src.port}] + suffix);
    h.origin = from.origin;
    h.inTypes = {t};
    h.outTypes.assign(outputs, t);
    h.outRoles.assign(outputs, Role::Data);
    h.outRates.assign(outputs, Rate{});
    return g_.addNode(h);
  }

  void sinkUnused() {
    size_t n = g_.numNodes();
    for (Vertex v = 0; v < n; ++v) {
      if (g_.node(v).kind == NodeKind::Return) continue; // its outputs go to the host
      for (unsigned p = 0; p < g_.node(v).outTypes.size(); ++p)
        if (g_.outEdges(v, p).empty())
          g_.connect(PortRef{v, p}, addHelper(NodeKind::Sink, {v, p}, ".sink", 0), 0);
    }
  }

  // ---- roles: what the static checks need ----------------------------------------------------

  static Role initialRole(const Node& n, unsigned p) {
    switch (n.kind) {
    case NodeKind::Stream: return p == 0 ? Role::RawIndex : Role::RawWillContinue;
    case NodeKind::Gate: return p == 1 ? Role::AfterCond : Role::Data;
    case NodeKind::Memory:
    case NodeKind::ExtMemory: return p < n.numLoads ? Role::MemData : Role::Done;
    case NodeKind::Load: return p == 1 ? Role::MemAddr : Role::Data;
    case NodeKind::Store: return p == 1 ? Role::MemAddr : Role::MemData;
    default: return n.outTypes[p].isNone() ? Role::BodyCtrl : Role::Data;
    }
  }

  // Each output's role from its op; forks, branches and buffers pass their input's on.
  void inferRoles() {
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      Node& n = g_.node(v);
      for (unsigned p = 0; p < n.outTypes.size(); ++p)
        n.outRoles[p] = initialRole(n, p);
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (Vertex v = 0; v < g_.numNodes(); ++v) {
        Node& n = g_.node(v);
        EdgeId in;
        if (!ops::spec(n.kind).passesTokens || !g_.inEdge(v, 0, in)) continue;
        const Node& src = g_.node(g_.src(in));
        Role r = src.outRoles[g_.edge(in).srcPort];
        for (Role& o : n.outRoles)
          if (o != r) o = r, changed = true;
      }
    }
    for (dfg::EdgeId ch : g_.edges())
      g_.edge(ch).role = g_.node(g_.src(ch)).outRoles[g_.edge(ch).srcPort];
  }

  // A load's or store's memory group and port, from where its address goes.
  void accessPorts() {
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      Node& n = g_.node(v);
      std::vector<EdgeId> out = n.kind == NodeKind::Load || n.kind == NodeKind::Store
                                    ? g_.outEdges(v, 1)
                                    : std::vector<EdgeId>{};
      if (out.size() != 1) continue;
      const Node& m = g_.node(g_.dst(out[0]));
      if (m.kind != NodeKind::Memory && m.kind != NodeKind::ExtMemory) continue;
      unsigned q = g_.edge(out[0]).dstPort;
      n.memGroup = m.memGroup;
      n.memPort = n.kind == NodeKind::Load ? static_cast<int>(q - 2 * m.numStores)
                                           : static_cast<int>(q / 2);
    }
  }
};

// Every handshake.func of the text, in order; `module` wrappers are looked through.
void collectFunctions(TextReader& r, mlir::Block& block, std::vector<mlir::Operation*>& out) {
  for (mlir::Operation& op : block) {
    if (auto m = llvm::dyn_cast<mlir::ModuleOp>(op)) {
      collectFunctions(r, *m.getBody(), out);
      continue;
    }
    if (!llvm::isa<FuncOp>(op))
      r.fail(&op, "expected a 'handshake.func' at the top level, found '" +
                      op.getName().getStringRef().str() + "'");
    out.push_back(&op);
  }
}

std::vector<Graph> readFunctions(MlirText& text) {
  TextReader r(text);
  std::vector<mlir::Operation*> fns;
  collectFunctions(r, text.top(), fns);
  std::vector<Graph> graphs;
  std::map<std::string, Loc> seen;
  for (mlir::Operation* fn : fns) {
    graphs.push_back(FunctionReader(r, text, fn).read());
    auto [it, fresh] = seen.emplace(graphs.back().function, r.at(fn));
    if (!fresh)
      r.fail(fn, "duplicate function '@" + graphs.back().function + "' (first defined at " +
                     lineCol(it->second) + ")");
  }
  return graphs;
}

// MLIR's message for an op of a dialect it does not know comes with a note listing
// every loaded dialect: the op is what the user needs to hear about.
void shortenUnknownDialect(Diag& d) {
  llvm::StringRef m(d.message);
  if (!m.starts_with("Dialect `")) return;
  size_t at = m.find("custom op '");
  if (at == llvm::StringRef::npos) return;
  llvm::StringRef op = m.substr(at + 11).split('\'').first;
  d.message = "unknown op '" + op.str() + "'";
  d.notes.clear();
}

// Skips white space, `//` comments and alias definitions (`#a = ...`, `!t = ...`).
size_t skipTrivia(const std::string& s, size_t i) {
  while (i < s.size()) {
    if (std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
    } else if (s.compare(i, 2, "//") == 0 || s[i] == '#' || s[i] == '!') {
      i = s.find('\n', i);
      if (i == std::string::npos) return s.size();
    } else {
      break;
    }
  }
  return i;
}

std::string wordAt(const std::string& s, size_t i) {
  size_t j = i;
  while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) ||
                          std::string("_.$-").find(s[j]) != std::string::npos))
    ++j;
  return s.substr(i, j - i);
}

} // namespace

bool isLoomForm(const std::string& text) {
  size_t i = skipTrivia(text, 0);
  if (wordAt(text, i) == "module") {
    size_t open = text.find('{', i);
    // `module @m attributes {...} {`: the body's brace follows the attributes' one.
    size_t attrs = text.find("attributes", i);
    if (attrs != std::string::npos && attrs < open) {
      size_t close = text.find('}', open);
      open = close == std::string::npos ? close : text.find('{', close);
    }
    if (open == std::string::npos) return false;
    i = skipTrivia(text, open + 1);
  }
  // The generic form quotes the name.
  return wordAt(text, i + (i < text.size() && text[i] == '"')) == "handshake.func";
}

ReadResult readLoom(const std::string& text, const std::string& filename) {
  return reader::parseAndRead(text, filename, makeLoomContext, readFunctions,
                              shortenUnknownDialect);
}

ReadResult readDfgFile(const std::string& path) {
  ReadResult r;
  std::optional<std::string> text = readSourceFile(path, r.error);
  if (!text) return r;
  return isLoomForm(*text) ? readLoom(*text, path) : readMlir(*text, path);
}

} // namespace loom::dfg
