// The DFG reader: MLIR's parser (through MlirText, which keeps where every op stands)
// reads the text in a context that allows unregistered dialects and knows the arith
// dialect, the one dialect of the DFG that mlir-opt knows and may re-print in its own
// syntax; then one walk over the "loom.dfg" ops rebuilds the graphs. MLIR's verifier
// is not run over the text: signature.h checks every node with the DFG's own messages,
// and the arith ops, the only ones MLIR can verify, are verified one by one after that
// (MLIR knows a few rules the signatures do not, such as index_cast's index side).

#include "frontend/big_stack.h"
#include "frontend/dfg/dfg_mlir.h"
#include "frontend/dfg/dfg_text.h"
#include "frontend/dfg/fields.h"
#include "frontend/import.h"
#include "frontend/mlir_text.h"
#include "frontend/parse.h"
#include "lowering/dfg/signature.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace loom::dfg {

namespace {

using frontend::MlirText;
using namespace mlir_form;

struct ReadError {
  Diag diag;
};

std::string counted(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string lineCol(const Loc& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

std::string quoted(llvm::StringRef name) {
  return "'" + name.str() + "'";
}

std::string printed(mlir::Attribute a) {
  std::string s;
  llvm::raw_string_ostream os(s);
  a.print(os);
  return s;
}

std::string printed(mlir::Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
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

// The deepest bracket nesting of `text` and where it first passes `limit`; strings and
// `//` comments do not count. MLIR's parser recurses once per level (the same guard as
// the SCF front end's, frontend/parse.cpp).
std::optional<Loc> tooDeep(const std::string& text, unsigned limit,
                           const std::shared_ptr<const std::string>& file) {
  unsigned depth = 0;
  uint32_t line = 1, col = 1;
  for (size_t i = 0; i < text.size(); ++i, ++col) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      col = 0;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n')
        ++i;
    } else if (c == '"') {
      while (i + 1 < text.size() && text[i + 1] != '"' && text[i + 1] != '\n') {
        if (text[i + 1] == '\\') ++i, ++col;
        ++i, ++col;
      }
      ++i, ++col;
    } else if (c == '{' || c == '(' || c == '[') {
      if (++depth > limit) return Loc{file, line, col};
    } else if ((c == '}' || c == ')' || c == ']') && depth) {
      --depth;
    }
  }
  return std::nullopt;
}

// Everything one text's functions share: where ops stand, interned file names.
class TextReader {
public:
  explicit TextReader(MlirText& text) : text_(text) {}

  // An op's place in the text: its name (as MLIR's own diagnostics put it).
  Loc at(mlir::Operation* op) {
    if (const auto* d = text_.state().getOpDef(op)) return text_.at(d->loc.Start);
    return Loc{text_.file(), 0, 0};
  }

  // A block's place: its label.
  Loc at(mlir::Block* b) {
    if (const auto* d = text_.state().getBlockDef(b)) return text_.at(d->definition.loc.Start);
    return Loc{text_.file(), 0, 0};
  }

  template <typename Where> [[noreturn]] void fail(Where* w, std::string msg) {
    throw ReadError{Diag{at(w), std::move(msg)}};
  }

  // The node's source position its MLIR location records. An op written without a
  // location gets MLIR's default, its own place in this text: that is no source.
  Loc origin(mlir::Operation* op) {
    mlir::Location l = op->getLoc();
    if (auto n = llvm::dyn_cast<mlir::NameLoc>(l)) {
      Loc r = fileLoc(n.getChildLoc());
      r.source = intern(n.getName().getValue());
      return r;
    }
    if (auto f = llvm::dyn_cast<mlir::FileLineColRange>(l)) {
      Loc self = at(op);
      if (f.getFilename().getValue() == *text_.file() && f.getStartLine() == self.line &&
          f.getStartColumn() == self.col)
        return Loc{};
    }
    return fileLoc(l);
  }

  MlirText& text() { return text_; }

private:
  MlirText& text_;
  std::map<std::string, std::shared_ptr<const std::string>, std::less<>> strings_;

  std::shared_ptr<const std::string> intern(llvm::StringRef s) {
    auto it = strings_.find(s);
    if (it == strings_.end())
      it = strings_.emplace(s.str(), std::make_shared<const std::string>(s.str())).first;
    return it->second;
  }

  // loc("file":line:col) (a range: its start), loc(unknown); any other kind of location
  // (fused, call site, opaque) is kept as the source it names.
  Loc fileLoc(mlir::Location l) {
    if (llvm::isa<mlir::UnknownLoc>(l)) return Loc{};
    if (auto f = llvm::dyn_cast<mlir::FileLineColRange>(l)) {
      llvm::StringRef file = f.getFilename().getValue();
      return Loc{file.empty() ? nullptr : intern(file), f.getStartLine(), f.getStartColumn()};
    }
    return Loc{nullptr, 0, 0, text_.source(l)};
  }
};

// ---- attribute values ------------------------------------------------------------------

// Reads the attributes of one op; every error is located at the op.
class AttrReader {
public:
  AttrReader(TextReader& r, mlir::Operation* op) : r_(r), op_(op) {}

  [[noreturn]] void fail(const std::string& msg) { r_.fail(op_, msg); }

  int64_t intOf(mlir::Attribute a, const std::string& what, int64_t lo, int64_t hi) {
    auto i = llvm::dyn_cast<mlir::IntegerAttr>(a);
    if (!i || llvm::isa<mlir::BoolAttr>(a) || !(i.getType().isIntOrIndex()))
      fail(what + " must be an integer");
    const llvm::APInt& v = i.getValue();
    bool isUnsigned = i.getType().isUnsignedInteger();
    bool fits = isUnsigned ? v.getActiveBits() <= 63 : v.getSignificantBits() <= 64;
    int64_t x = fits ? (isUnsigned ? int64_t(v.getZExtValue()) : v.getSExtValue()) : 0;
    if (!fits || x < lo || x > hi)
      fail(what + " must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi) +
           ", got " + llvm::toString(v, 10, !isUnsigned));
    return x;
  }
  unsigned u32Of(mlir::Attribute a, const std::string& what) {
    return static_cast<unsigned>(intOf(a, what, 0, UINT32_MAX));
  }

  std::string strOf(mlir::Attribute a, const std::string& what) {
    auto s = llvm::dyn_cast<mlir::StringAttr>(a);
    if (!s) fail(what + " must be a string");
    return s.getValue().str();
  }

  mlir::ArrayAttr arrayOf(mlir::Attribute a, const std::string& what) {
    auto arr = llvm::dyn_cast<mlir::ArrayAttr>(a);
    if (!arr) fail(what + " must be an array");
    return arr;
  }
  // An array with one entry per `unit` (operand, result, field).
  mlir::ArrayAttr arrayOf(mlir::Attribute a, const std::string& what, size_t n, const char* unit) {
    mlir::ArrayAttr arr = arrayOf(a, what);
    if (arr.size() != n)
      fail(what + " has " + std::to_string(arr.size()) + (arr.size() == 1 ? " entry" : " entries") +
           " for " + counted(n, unit));
    return arr;
  }

  Type typeOf(mlir::Type t, const std::string& what) {
    if (std::optional<Type> r = frontend::importType(t)) return *r;
    fail("unsupported type " + printed(t) + " in " + what);
  }
  Type typeOf(mlir::Attribute a, const std::string& what) {
    auto t = llvm::dyn_cast<mlir::TypeAttr>(a);
    if (!t) fail(what + " must be a type");
    return typeOf(t.getValue(), what);
  }

  // A constant or initial value; its type is checked against the node's later.
  std::pair<Bits, Type> valueOf(mlir::Attribute a, const std::string& what) {
    std::pair<Bits, Type> v;
    std::string err;
    if (!mlir_form::valueOf(a, v.first, v.second, err)) fail(what + " " + err);
    return v;
  }

  Role roleOf(mlir::Attribute a, const std::string& what) {
    Role r;
    std::string s = strOf(a, what);
    if (!roleFromName(s, r)) fail("unknown role '" + s + "'");
    return r;
  }

  Rate rateOf(mlir::Attribute a, const std::string& what) {
    Rate r;
    std::string err;
    if (!text::parseRate(strOf(a, what), r, err)) fail(what + ": " + err);
    return r;
  }

  // One value per entry of `arr`, read by `read(entry, "'name' entry i")`.
  template <typename T, typename F>
  std::vector<T> each(mlir::ArrayAttr arr, const std::string& what, F&& read) {
    std::vector<T> out;
    for (size_t i = 0; i < arr.size(); ++i)
      out.push_back(read(arr[i], what + " entry " + std::to_string(i)));
    return out;
  }

  // Attributes in `<{...}>` of an op MLIR does not know: the DFG has none, and silently
  // dropping them would change what the text says.
  void noProperties(const std::string& name) {
    if (op_->isRegistered()) return;
    mlir::Attribute p = op_->getPropertiesAsAttribute();
    auto d = llvm::dyn_cast_or_null<mlir::DictionaryAttr>(p);
    if (p && !(d && d.empty()))
      fail("'" + name + "' cannot have properties (<{...}>): write its attributes in {...}");
  }

protected:
  TextReader& r_;
  mlir::Operation* op_;
};

// ---- the function op -------------------------------------------------------------------

// [kind, name, parent, op id or -1]; Scope::op stays null, Scope::opId keeps the id.
Scope scopeOf(AttrReader& r, mlir::Attribute a, const std::string& what, size_t count) {
  mlir::ArrayAttr f = r.arrayOf(a, what, 4, "field");
  Scope s;
  std::string kind = r.strOf(f[0], what + " kind");
  if (!text::scopeKindFromName(kind, s.kind)) r.fail("unknown scope kind '" + kind + "'");
  s.name = r.strOf(f[1], what + " name");
  s.parent = static_cast<int>(r.intOf(f[2], what + " parent", -1, static_cast<int64_t>(count) - 1));
  int64_t op = r.intOf(f[3], what + " op", -1, UINT32_MAX);
  s.opId = op < 0 ? Origin::kNoOp : static_cast<uint32_t>(op);
  return s;
}

// Every parent chain must reach a root: -1, or a scope that is its own parent (the
// lowering writes the function scope that way). The DOT clusters nest along the chain.
void checkScopeTree(AttrReader& r, const std::vector<Scope>& scopes) {
  for (size_t i = 0; i < scopes.size(); ++i) {
    int p = static_cast<int>(i);
    for (size_t steps = 0; p != -1 && scopes[p].parent != p; ++steps) {
      if (steps > scopes.size())
        r.fail("the parent chain of scope " + std::to_string(i) + " is a cycle");
      p = scopes[p].parent;
    }
  }
}

// ---- node ops --------------------------------------------------------------------------

// What a node op's attributes say beyond the Node fields they set directly.
struct NodeAttrs {
  bool named = false;
  std::optional<std::vector<Type>> inTypes;     // loom.in_types
  std::optional<std::vector<unsigned>> inPorts; // loom.in_ports, per operand
  std::vector<unsigned> capacities;             // loom.capacities, per operand (empty: none)
  std::vector<Type> edgeTypes;                  // loom.edge_types, per operand (empty: none)
  std::vector<Role> edgeRoles;                  // loom.edge_roles
  std::vector<Rate> edgeRates;                  // loom.edge_rates
  std::vector<Type> valueTypes;                 // of the constant value, the buffer's init
};

class NodeAttrReader : public AttrReader {
public:
  NodeAttrReader(TextReader& r, mlir::Operation* op, Node& n)
      : AttrReader(r, op), n_(n), name_(op->getName().getStringRef().str()) {}

  // Reads every attribute into the node, whose kind and outTypes are already set.
  NodeAttrs read() {
    noProperties(name_);
    for (mlir::NamedAttribute a : op_->getDiscardableAttrs()) {
      std::string name = a.getName().str();
      seen_.insert(name);
      if (!provenance(name, a.getValue()) && !perOutput(name, a.getValue()) &&
          !perOperand(name, a.getValue()) && !kindSpecific(name, a.getValue()))
        fail("unknown attribute '" + name + "' on '" + name_ + "'");
    }
    if (op_->isRegistered()) inherentAttrs();
    requireKindAttrs();
    return std::move(out_);
  }

private:
  Node& n_;
  std::string name_;
  std::set<std::string> seen_;
  NodeAttrs out_;

  bool provenance(const std::string& name, mlir::Attribute v) {
    if (name == kName) {
      n_.name = strOf(v, quoted(name));
      if (n_.name.empty()) fail("'loom.name' must not be empty");
      out_.named = true;
    } else if (name == kScope) {
      n_.scope = u32Of(v, quoted(name));
    } else if (name == kOrigin) {
      n_.origin.opId = u32Of(v, quoted(name));
    } else {
      return false;
    }
    return true;
  }

  bool perOutput(const std::string& name, mlir::Attribute v) {
    std::string what = quoted(name);
    auto results = [&] { return arrayOf(v, what, n_.outTypes.size(), "result"); };
    auto role = [&](mlir::Attribute e, const std::string& w) { return roleOf(e, w); };
    auto rate = [&](mlir::Attribute e, const std::string& w) { return rateOf(e, w); };
    if (name == kRoles)
      n_.outRoles = each<Role>(results(), what, role);
    else if (name == kRates)
      n_.outRates = each<Rate>(results(), what, rate);
    else
      return false;
    return true;
  }

  bool perOperand(const std::string& name, mlir::Attribute v) {
    std::string what = quoted(name);
    auto operands = [&] { return arrayOf(v, what, op_->getNumOperands(), "operand"); };
    auto u32 = [&](mlir::Attribute e, const std::string& w) { return u32Of(e, w); };
    auto type = [&](mlir::Attribute e, const std::string& w) { return typeOf(e, w); };
    auto role = [&](mlir::Attribute e, const std::string& w) { return roleOf(e, w); };
    auto rate = [&](mlir::Attribute e, const std::string& w) { return rateOf(e, w); };
    if (name == kCapacities)
      out_.capacities = each<unsigned>(operands(), what, u32);
    else if (name == kInPorts)
      out_.inPorts = each<unsigned>(operands(), what, u32);
    else if (name == kInTypes)
      out_.inTypes = each<Type>(arrayOf(v, what), what, type);
    else if (name == kEdgeTypes)
      out_.edgeTypes = each<Type>(operands(), what, type);
    else if (name == kEdgeRoles)
      out_.edgeRoles = each<Role>(operands(), what, role);
    else if (name == kEdgeRates)
      out_.edgeRates = each<Rate>(operands(), what, rate);
    else
      return false;
    return true;
  }

  bool kindSpecific(const std::string& name, mlir::Attribute v) {
    switch (n_.kind) {
    case NodeKind::Compute: return name == kPredicate && predicate(v);
    case NodeKind::Constant: return constantAttr(name, v);
    case NodeKind::Stream: return streamAttr(name, v);
    case NodeKind::Buffer: return bufferAttr(name, v);
    case NodeKind::Memory:
    case NodeKind::ExtMemory: return memoryAttr(name, v);
    case NodeKind::Load:
    case NodeKind::Store: return accessAttr(name, v);
    default: return false;
    }
  }

  bool predicate(mlir::Attribute v) {
    if (n_.arith == OpKind::CmpI)
      n_.arithAttrs.cmpi = static_cast<CmpIPred>(intOf(v, quoted(kPredicate), 0, 9));
    else if (n_.arith == OpKind::CmpF)
      n_.arithAttrs.cmpf = static_cast<CmpFPred>(intOf(v, quoted(kPredicate), 0, 15));
    else
      return false;
    return true;
  }

  // An arith op's own attributes (its properties): the predicate, and the overflow and
  // fast-math flags that mlir-opt writes out as their defaults. Other values would change
  // what the op computes in a way the DFG does not model.
  void inherentAttrs() {
    for (mlir::StringAttr name : op_->getName().getAttributeNames()) {
      std::optional<mlir::Attribute> v = op_->getInherentAttr(name);
      if (!v || !*v) continue;
      if (name == kPredicate && predicate(*v)) {
        seen_.insert(kPredicate);
        continue;
      }
      auto overflow = llvm::dyn_cast<mlir::arith::IntegerOverflowFlagsAttr>(*v);
      if (overflow && overflow.getValue() == mlir::arith::IntegerOverflowFlags::none) continue;
      auto fastmath = llvm::dyn_cast<mlir::arith::FastMathFlagsAttr>(*v);
      if (fastmath && fastmath.getValue() == mlir::arith::FastMathFlags::none) continue;
      fail("unsupported attribute '" + name.str() + " = " + printed(*v) + "' on '" + name_ + "'");
    }
  }

  bool constantAttr(const std::string& name, mlir::Attribute v) {
    if (name != kValue) return false;
    auto [bits, type] = valueOf(v, quoted(name));
    n_.constValue = bits;
    out_.valueTypes.push_back(type);
    return true;
  }

  bool streamAttr(const std::string& name, mlir::Attribute v) {
    if (name == kStepOp) {
      std::string s = strOf(v, quoted(name));
      if (!models::parseStepOp(s, n_.stepOp))
        fail("unknown step_op '" + s + "' (one of += -= *= /= <<= >>=)");
    } else if (name == kContCond) {
      std::string s = strOf(v, quoted(name));
      if (!models::parseContCond(s, n_.contCond))
        fail("unknown cont_cond '" + s + "' (one of < <= > >= !=)");
    } else {
      return false;
    }
    return true;
  }

  bool bufferAttr(const std::string& name, mlir::Attribute v) {
    if (name == kSlots) {
      n_.bufferSlots = u32Of(v, quoted(name));
    } else if (name == kBufferKind) {
      std::string s = strOf(v, quoted(name));
      if (!text::bufferKindFromName(s, n_.bufferFifo))
        fail("unknown buffer kind '" + s + "' (fifo or seq)");
    } else if (name == kInit) {
      mlir::ArrayAttr arr = arrayOf(v, quoted(name));
      for (size_t i = 0; i < arr.size(); ++i) {
        auto [bits, type] = valueOf(arr[i], quoted(name) + " entry " + std::to_string(i));
        n_.bufferInit.push_back(bits);
        out_.valueTypes.push_back(type);
      }
    } else {
      return false;
    }
    return true;
  }

  bool memoryAttr(const std::string& name, mlir::Attribute v) {
    if (name == kMemType)
      n_.memType = typeOf(v, quoted(name));
    else if (name == kNumStores)
      n_.numStores = static_cast<unsigned>(intOf(v, quoted(name), 0, 65535));
    else if (name == kNumLoads)
      n_.numLoads = static_cast<unsigned>(intOf(v, quoted(name), 0, 65535));
    else if (name == kArgIndex)
      n_.argIndex = static_cast<int>(intOf(v, quoted(name), -1, INT32_MAX));
    else
      return accessAttr(name, v);
    return true;
  }

  bool accessAttr(const std::string& name, mlir::Attribute v) {
    if (name == kMemGroup)
      n_.memGroup = u32Of(v, quoted(name));
    else if (name == kMemPort && (n_.kind == NodeKind::Load || n_.kind == NodeKind::Store))
      n_.memPort = static_cast<int>(intOf(v, quoted(name), -1, INT32_MAX));
    else
      return false;
    return true;
  }

  void require(const char* name) {
    if (!seen_.count(name)) fail("'" + name_ + "' needs a '" + name + "' attribute");
  }
  void requireKindAttrs() {
    switch (n_.kind) {
    case NodeKind::Compute:
      if (n_.arith == OpKind::CmpI || n_.arith == OpKind::CmpF) require(kPredicate);
      return;
    case NodeKind::Constant: return require(kValue);
    case NodeKind::Stream: return require(kStepOp), require(kContCond);
    case NodeKind::Buffer: return require(kSlots);
    case NodeKind::Memory:
    case NodeKind::ExtMemory: return require(kMemType), require(kNumStores), require(kNumLoads);
    default: return;
    }
  }
};

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
        mlir::ArrayAttr arr = a.arrayOf(v, quoted(name));
        for (size_t i = 0; i < arr.size(); ++i)
          g_.scopes.push_back(
              scopeOf(a, arr[i], quoted(name) + " entry " + std::to_string(i), arr.size()));
        checkScopeTree(a, g_.scopes);
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
    attrs = NodeAttrReader(r_, op, n).read();
    n.inTypes = attrs.inTypes ? *attrs.inTypes : operandTypes;
    std::vector<unsigned> ports = inputPorts(op, name, n, attrs);
    if (auto err = checkSignature(n)) r_.fail(op, *err);
    for (const Type& t : attrs.valueTypes)
      if (t != n.outTypes[0])
        r_.fail(op, "value of type " + t.str() + " for a result of type " + n.outTypes[0].str());
    if (op->isRegistered()) verifyArith(op);
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

  // What MLIR's arith dialect asks of the op beyond its signature (signature.h).
  void verifyArith(mlir::Operation* op) {
    std::string first;
    mlir::ScopedDiagnosticHandler handler(op->getContext(), [&](mlir::Diagnostic& d) {
      if (d.getSeverity() == mlir::DiagnosticSeverity::Error && first.empty()) first = d.str();
      return mlir::success();
    });
    if (mlir::failed(mlir::verify(op)))
      r_.fail(op, first.empty() ? "MLIR's verifier rejects the op" : first);
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

// Unregistered ops for the DFG's own kinds, the arith dialect for its compute nodes.
std::unique_ptr<mlir::MLIRContext> makeDfgContext() {
  mlir::DialectRegistry reg;
  reg.insert<mlir::arith::ArithDialect>();
  auto ctx = std::make_unique<mlir::MLIRContext>(reg, mlir::MLIRContext::Threading::DISABLED);
  ctx->allowUnregisteredDialects();
  ctx->loadAllAvailableDialects();
  return ctx;
}

} // namespace

ReadResult readMlir(const std::string& text, const std::string& filename) {
  ReadResult r;
  auto file = std::make_shared<const std::string>(filename);
  if (std::optional<Loc> deep = tooDeep(text, kMaxNestingDepth, file)) {
    r.error = Diag{*deep, "nesting deeper than " + std::to_string(kMaxNestingDepth) +
                              " levels is not supported"};
    return r;
  }
  // MLIR's parser and the destruction of nested IR recurse per level.
  runOnLargeStack([&] {
    std::unique_ptr<mlir::MLIRContext> ctx = makeDfgContext();
    MlirText t(*ctx, text, file);
    if ((r.error = t.parse())) {
      // MLIR 22 writes a NUL for the plural 's' it leaves out ("expected 1 operand
      // type\0 but had 2"); a message is text.
      std::string& m = r.error->message;
      m.erase(std::remove(m.begin(), m.end(), '\0'), m.end());
      return;
    }
    try {
      r.graphs = readFunctions(t);
    } catch (ReadError& e) {
      r.graphs.clear();
      r.error = e.diag;
    }
  });
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
