// Reading one op of the parsed DFG text: its place, its source position, its attribute
// values (reader.h).

#include "dfg/text/dfg_mlir.h"
#include "dfg/text/fields.h"
#include "dfg/text/reader.h"
#include "frontend/import.h"
#include "frontend/parse.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/Support/raw_ostream.h"

#include <set>

namespace loom::dfg::reader {

using namespace mlir_form;

namespace {

std::string counted(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

template <typename T> std::string printed(T x) {
  std::string s;
  llvm::raw_string_ostream os(s);
  x.print(os);
  return s;
}

} // namespace

std::string quoted(llvm::StringRef name) {
  return "'" + name.str() + "'";
}

// ---- places ----------------------------------------------------------------------------

Loc TextReader::at(mlir::Operation* op) {
  if (const auto* d = text_.state().getOpDef(op)) return text_.at(d->loc.Start);
  return Loc{text_.file(), 0, 0};
}

Loc TextReader::at(mlir::Block* b) {
  if (const auto* d = text_.state().getBlockDef(b)) return text_.at(d->definition.loc.Start);
  return Loc{text_.file(), 0, 0};
}

// An op written without a location gets MLIR's default, its own place in this text:
// that is no source position.
Loc TextReader::origin(mlir::Operation* op) {
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

std::shared_ptr<const std::string> TextReader::intern(llvm::StringRef s) {
  auto it = strings_.find(s);
  if (it == strings_.end())
    it = strings_.emplace(s.str(), std::make_shared<const std::string>(s.str())).first;
  return it->second;
}

// loc("file":line:col) (a range: its start), loc(unknown); any other kind of location
// (fused, call site, opaque) is kept as the source it names.
Loc TextReader::fileLoc(mlir::Location l) {
  if (llvm::isa<mlir::UnknownLoc>(l)) return Loc{};
  if (auto f = llvm::dyn_cast<mlir::FileLineColRange>(l)) {
    llvm::StringRef file = f.getFilename().getValue();
    return Loc{file.empty() ? nullptr : intern(file), f.getStartLine(), f.getStartColumn()};
  }
  return Loc{nullptr, 0, 0, text_.source(l)};
}

// ---- attribute values ------------------------------------------------------------------

int64_t AttrReader::intOf(mlir::Attribute a, const std::string& what, int64_t lo, int64_t hi) {
  auto i = llvm::dyn_cast<mlir::IntegerAttr>(a);
  if (!i || llvm::isa<mlir::BoolAttr>(a) || !i.getType().isIntOrIndex())
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

unsigned AttrReader::u32Of(mlir::Attribute a, const std::string& what) {
  return static_cast<unsigned>(intOf(a, what, 0, UINT32_MAX));
}

std::string AttrReader::strOf(mlir::Attribute a, const std::string& what) {
  auto s = llvm::dyn_cast<mlir::StringAttr>(a);
  if (!s) fail(what + " must be a string");
  return s.getValue().str();
}

mlir::ArrayAttr AttrReader::arrayOf(mlir::Attribute a, const std::string& what) {
  auto arr = llvm::dyn_cast<mlir::ArrayAttr>(a);
  if (!arr) fail(what + " must be an array");
  return arr;
}

mlir::ArrayAttr AttrReader::arrayOf(mlir::Attribute a, const std::string& what, size_t n,
                                    const char* unit) {
  mlir::ArrayAttr arr = arrayOf(a, what);
  if (arr.size() != n)
    fail(what + " has " + std::to_string(arr.size()) + (arr.size() == 1 ? " entry" : " entries") +
         " for " + counted(n, unit));
  return arr;
}

Type AttrReader::typeOf(mlir::Type t, const std::string& what) {
  if (std::optional<Type> r = frontend::importType(t)) return *r;
  fail("unsupported type " + printed(t) + " in " + what);
}

Type AttrReader::typeOf(mlir::Attribute a, const std::string& what) {
  auto t = llvm::dyn_cast<mlir::TypeAttr>(a);
  if (!t) fail(what + " must be a type");
  return typeOf(t.getValue(), what);
}

std::pair<Bits, Type> AttrReader::valueOf(mlir::Attribute a, const std::string& what) {
  std::pair<Bits, Type> v;
  std::string err;
  if (!mlir_form::valueOf(a, v.first, v.second, err)) fail(what + " " + err);
  return v;
}

Role AttrReader::roleOf(mlir::Attribute a, const std::string& what) {
  Role r;
  std::string s = strOf(a, what);
  if (!roleFromName(s, r)) fail("unknown role '" + s + "'");
  return r;
}

Rate AttrReader::rateOf(mlir::Attribute a, const std::string& what) {
  Rate r;
  std::string err;
  if (!text::parseRate(strOf(a, what), r, err)) fail(what + ": " + err);
  return r;
}

void AttrReader::noProperties(const std::string& opName) {
  if (op_->isRegistered()) return;
  mlir::Attribute p = op_->getPropertiesAsAttribute();
  auto d = llvm::dyn_cast_or_null<mlir::DictionaryAttr>(p);
  if (p && !(d && d.empty()))
    fail("'" + opName + "' cannot have properties (<{...}>): write its attributes in {...}");
}

// ---- scopes ----------------------------------------------------------------------------

namespace {

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
// lowering writes the function scope that way). The DOT clusters, the VCD's scopes and
// the SystemC modules nest along the chain, recursively: no chain may be deeper than
// kMaxNestingDepth (the lowering's are at most three per region level). Each scope's
// depth is found once, so a long chain costs its length, not its square.
void checkScopeTree(AttrReader& r, const std::vector<Scope>& scopes) {
  std::vector<int> depth(scopes.size(), -1); // -1 not known yet, -2 on the chain being walked
  for (size_t i = 0; i < scopes.size(); ++i) {
    std::vector<size_t> chain; // from i up to a root or a scope of known depth
    size_t p = i;
    while (depth[p] == -1) {
      depth[p] = -2;
      chain.push_back(p);
      int q = scopes[p].parent;
      if (q == -1 || q == static_cast<int>(p)) break;
      if (depth[q] == -2) r.fail("the parent chain of scope " + std::to_string(i) + " is a cycle");
      p = static_cast<size_t>(q);
    }
    int d = depth[p] >= 0 ? depth[p] : -1;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      depth[*it] = ++d;
      if (d >= static_cast<int>(kMaxNestingDepth))
        r.fail("scope " + std::to_string(*it) + " is nested " + std::to_string(d + 1) +
               " scopes deep; more than " + std::to_string(kMaxNestingDepth) + " is not supported");
    }
  }
}

} // namespace

std::vector<Scope> scopesOf(AttrReader& r, mlir::Attribute a, const std::string& what) {
  mlir::ArrayAttr arr = r.arrayOf(a, what);
  std::vector<Scope> scopes;
  for (size_t i = 0; i < arr.size(); ++i)
    scopes.push_back(scopeOf(r, arr[i], what + " entry " + std::to_string(i), arr.size()));
  checkScopeTree(r, scopes);
  return scopes;
}

// ---- node ops --------------------------------------------------------------------------

namespace {

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
      if (!ops::parseStepOp(s, n_.stepOp))
        fail("unknown step_op '" + s + "' (one of += -= *= /= <<= >>=)");
    } else if (name == kContCond) {
      std::string s = strOf(v, quoted(name));
      if (!ops::parseContCond(s, n_.contCond))
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
    if (n_.kind == NodeKind::Compute) {
      if (n_.arith == OpKind::CmpI || n_.arith == OpKind::CmpF) require(kPredicate);
      return;
    }
    for (const ops::AttrSpec& a : ops::spec(n_.kind).attrs)
      if (a.required) require(a.name);
  }
};

} // namespace

NodeAttrs readNodeAttrs(TextReader& r, mlir::Operation* op, Node& n) {
  return NodeAttrReader(r, op, n).read();
}

} // namespace loom::dfg::reader
