// Reading one op of the parsed DFG text: its place, its source position, MLIR's verdict on it, its
// attribute values (reader.h).

#include "dfg/text/dfg_mlir.h"
#include "dfg/text/fields.h"
#include "dfg/text/node_attrs.h"
#include "dfg/text/reader.h"
#include "frontend/import.h"
#include "frontend/parse.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/StringExtras.h"
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
Loc TextReader::located(mlir::Location l) {
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(l)) {
    Loc r = fileLoc(n.getChildLoc());
    r.source = intern(n.getName().getValue());
    return r;
  }
  return fileLoc(l);
}

Loc TextReader::origin(mlir::Operation* op) {
  mlir::Location l = op->getLoc();
  if (llvm::isa<mlir::NameLoc>(l)) return located(l);
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

void TextReader::verify(mlir::Operation* op) {
  std::string first;
  mlir::ScopedDiagnosticHandler handler(op->getContext(), [&](mlir::Diagnostic& d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error && first.empty()) first = d.str();
    return mlir::success();
  });
  if (mlir::failed(mlir::verify(op)))
    fail(op, first.empty() ? "MLIR's verifier rejects the op" : first);
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
    const ops::AttrSpec* a = node_attrs::attrNamed(n_.kind, name, node_attrs::kLoomDfgForm);
    return a &&
           node_attrs::readAttr(*this, *a, name, v, n_, node_attrs::kLoomDfgForm, out_.valueTypes);
  }

  void inherentAttrs() {
    if (node_attrs::readArithProperties(*this, op_, n_)) seen_.insert("predicate");
  }

  void requireKindAttrs() {
    node_attrs::requireAttrs(*this, name_, n_, seen_, node_attrs::kLoomDfgForm);
  }
};

} // namespace

NodeAttrs readNodeAttrs(TextReader& r, mlir::Operation* op, Node& n) {
  return NodeAttrReader(r, op, n).read();
}

} // namespace loom::dfg::reader
