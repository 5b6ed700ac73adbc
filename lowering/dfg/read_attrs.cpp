#include "lowering/dfg/read_attrs.h"

#include "lowering/dfg/text_attrs.h"

#include <charconv>

namespace loom::dfg::read_attrs {

using syntax::Attr;
using syntax::NamedAttr;
using syntax::Operation;

void fail(const Loc& loc, std::string msg) {
  throw ReadError{{loc, std::move(msg)}};
}

std::shared_ptr<const std::string> FileNames::operator()(const std::string& name) {
  auto& p = names_[name];
  if (!p) p = std::make_shared<const std::string>(name);
  return p;
}

void AttrSet::add(const NamedAttr& a) {
  if (!seen_.emplace(a.name, a.loc).second) fail(a.loc, "duplicate attribute '" + a.name + "'");
}

bool AttrSet::has(const std::string& name) const {
  return seen_.count(name) != 0;
}

// ---- typed values ----------------------------------------------------------------------

namespace {

std::string quoted(const NamedAttr& a) {
  return "'" + a.name + "'";
}
std::string entry(const std::string& what, size_t i) {
  return what + " entry " + std::to_string(i);
}
std::string entries(size_t n) {
  return std::to_string(n) + (n == 1 ? " entry" : " entries");
}

int64_t intOf(const Attr& v, const std::string& what, int64_t lo, int64_t hi) {
  if (v.kind != Attr::Kind::Integer || (v.type && !v.type->isIntLike()))
    fail(v.loc, what + " must be an integer");
  int64_t x = 0;
  const char* end = v.text.data() + v.text.size();
  auto [p, ec] = std::from_chars(v.text.data(), end, x);
  if (ec != std::errc() || p != end || x < lo || x > hi)
    fail(v.loc, what + " must be an integer from " + std::to_string(lo) + " to " +
                    std::to_string(hi) + ", got " + v.text);
  return x;
}

const std::string& strOf(const Attr& v, const std::string& what) {
  if (v.kind != Attr::Kind::String) fail(v.loc, what + " must be a string");
  return v.text;
}

const std::vector<Attr>& arrayOf(const Attr& v, const std::string& what) {
  if (v.kind != Attr::Kind::Array) fail(v.loc, what + " must be an array");
  return v.elems;
}

// An array with one entry per `unit` (operand, result, field).
const std::vector<Attr>& arrayOf(const Attr& v, const std::string& what, size_t n,
                                 const char* unit) {
  const std::vector<Attr>& es = arrayOf(v, what);
  if (es.size() != n)
    fail(v.loc, what + " has " + entries(es.size()) + " for " + std::to_string(n) + " " + unit +
                    (n == 1 ? "" : "s"));
  return es;
}

Type typeOf(const Attr& v, const std::string& what) {
  if (v.kind != Attr::Kind::Type) fail(v.loc, what + " must be a type");
  return *v.type;
}

TypedValue valueOf(const Attr& v, const std::string& what) {
  text::LiteralKind kind;
  Type type;
  switch (v.kind) {
  case Attr::Kind::Bool: kind = text::LiteralKind::Bool, type = Type::i1(); break;
  case Attr::Kind::Unit: kind = text::LiteralKind::Unit, type = Type::none(); break;
  case Attr::Kind::Integer:
  case Attr::Kind::Float:
    if (!v.type) fail(v.loc, what + " needs a type, as in 42 : i32");
    kind = v.kind == Attr::Kind::Integer ? text::LiteralKind::Integer : text::LiteralKind::Float;
    type = *v.type;
    break;
  default: fail(v.loc, what + " must be a literal (42 : i32, 1.5 : f32, true, unit)");
  }
  TypedValue tv{0, type, v.loc};
  std::string err;
  if (!text::valueFromLiteral(kind, v.text, type, tv.bits, err)) fail(v.loc, what + ": " + err);
  return tv;
}

Role roleOf(const Attr& v, const std::string& what) {
  Role r;
  const std::string& s = strOf(v, what);
  if (!roleFromName(s, r)) fail(v.loc, "unknown role '" + s + "'");
  return r;
}

Rate rateOf(const Attr& v, const std::string& what) {
  Rate r;
  std::string err;
  if (!text::parseRate(strOf(v, what), r, err)) fail(v.loc, what + ": " + err);
  return r;
}

template <typename T, typename F>
std::vector<T> each(const std::vector<Attr>& es, const std::string& what, F&& read) {
  std::vector<T> out;
  for (size_t i = 0; i < es.size(); ++i)
    out.push_back(read(es[i], entry(what, i)));
  return out;
}

constexpr int64_t kU32 = UINT32_MAX;
constexpr int64_t kI32 = INT32_MAX;

} // namespace

// ---- the function op -------------------------------------------------------------------

const std::string& stringOf(const NamedAttr& a) {
  return strOf(a.value, quoted(a));
}

void functionTypeOf(const NamedAttr& a, std::vector<Type>& args, std::vector<Type>& results) {
  if (a.value.kind != Attr::Kind::FunctionType)
    fail(a.value.loc, quoted(a) + " must be a function type");
  args = a.value.inputs;
  results = a.value.results;
}

namespace {

// [kind, name, parent, op id or -1]; Scope::op stays null, Scope::opId keeps the id.
Scope scopeOf(const Attr& v, const std::string& what, size_t count) {
  const std::vector<Attr>& f = arrayOf(v, what, 4, "field");
  Scope s;
  const std::string& kind = strOf(f[0], what + " kind");
  if (!text::scopeKindFromName(kind, s.kind)) fail(f[0].loc, "unknown scope kind '" + kind + "'");
  s.name = strOf(f[1], what + " name");
  s.parent = static_cast<int>(intOf(f[2], what + " parent", -1, static_cast<int64_t>(count) - 1));
  int64_t op = intOf(f[3], what + " op", -1, kU32);
  s.opId = op < 0 ? Origin::kNoOp : static_cast<uint32_t>(op);
  return s;
}

// Every parent chain must reach a root: -1, or a scope that is its own parent (the
// lowering writes the function scope that way). The DOT clusters nest along the chain.
void checkScopeTree(const std::vector<Scope>& scopes, const Attr& v) {
  for (size_t i = 0; i < scopes.size(); ++i) {
    int p = static_cast<int>(i);
    for (size_t steps = 0; p != -1 && scopes[p].parent != p; ++steps) {
      if (steps > scopes.size())
        fail(v.elems[i].loc, "the parent chain of scope " + std::to_string(i) + " is a cycle");
      p = scopes[p].parent;
    }
  }
}

} // namespace

std::vector<Scope> scopesOf(const NamedAttr& a) {
  const std::vector<Attr>& es = arrayOf(a.value, quoted(a));
  std::vector<Scope> scopes;
  for (size_t i = 0; i < es.size(); ++i)
    scopes.push_back(scopeOf(es[i], entry(quoted(a), i), es.size()));
  checkScopeTree(scopes, a.value);
  return scopes;
}

// ---- node ops --------------------------------------------------------------------------

namespace {

class NodeAttrReader {
public:
  NodeAttrReader(const Operation& op, Node& n, FileNames& files) : op_(op), n_(n), files_(files) {}

  NodeAttrs read() {
    for (const NamedAttr& a : op_.attrs) {
      seen_.add(a);
      if (!provenance(a) && !perOutput(a) && !perOperand(a) && !kindSpecific(a))
        fail(a.loc, "unknown attribute '" + a.name + "' on '" + op_.name + "'");
    }
    requireKindAttrs();
    return std::move(out_);
  }

private:
  bool provenance(const NamedAttr& a) {
    if (a.name == "loom.name") {
      n_.name = stringOf(a);
      if (n_.name.empty()) fail(a.value.loc, "'loom.name' must not be empty");
      out_.nameAttr = &a;
    } else if (a.name == "loom.scope") {
      n_.scope = static_cast<uint32_t>(intOf(a.value, quoted(a), 0, kU32));
      out_.scopeAttr = &a;
    } else if (a.name == "loom.loc") {
      if (!text::parseLocText(stringOf(a), files_, n_.origin.loc))
        fail(a.value.loc, "'loom.loc' must be \"file:line:col\"");
    } else if (a.name == "loom.origin") {
      n_.origin.opId = static_cast<uint32_t>(intOf(a.value, quoted(a), 0, kU32));
    } else {
      return false;
    }
    return true;
  }

  bool perOutput(const NamedAttr& a) {
    size_t outs = n_.outTypes.size();
    if (a.name == "loom.roles")
      n_.outRoles = each<Role>(arrayOf(a.value, quoted(a), outs, "result"), quoted(a), roleOf);
    else if (a.name == "loom.rates")
      n_.outRates = each<Rate>(arrayOf(a.value, quoted(a), outs, "result"), quoted(a), rateOf);
    else
      return false;
    return true;
  }

  bool perOperand(const NamedAttr& a) {
    auto operands = [&]() -> const std::vector<Attr>& {
      return arrayOf(a.value, quoted(a), op_.operands.size(), "operand");
    };
    auto u32 = [](const Attr& v, const std::string& what) {
      return static_cast<unsigned>(intOf(v, what, 0, kU32));
    };
    if (a.name == "loom.capacities") {
      out_.capacities = each<unsigned>(operands(), quoted(a), u32);
    } else if (a.name == "loom.in_ports") {
      out_.inPorts = each<unsigned>(operands(), quoted(a), u32);
      out_.inPortsAttr = &a;
    } else if (a.name == "loom.in_types") {
      out_.inTypes = each<Type>(arrayOf(a.value, quoted(a)), quoted(a), typeOf);
    } else if (a.name == "loom.edge_types") {
      out_.edgeTypes = each<Type>(operands(), quoted(a), typeOf);
    } else if (a.name == "loom.edge_roles") {
      out_.edgeRoles = each<Role>(operands(), quoted(a), roleOf);
    } else if (a.name == "loom.edge_rates") {
      out_.edgeRates = each<Rate>(operands(), quoted(a), rateOf);
    } else {
      return false;
    }
    return true;
  }

  bool kindSpecific(const NamedAttr& a) {
    switch (n_.kind) {
    case NodeKind::Compute: return computeAttr(a);
    case NodeKind::Constant: return constantAttr(a);
    case NodeKind::Stream: return streamAttr(a);
    case NodeKind::Buffer: return bufferAttr(a);
    case NodeKind::Memory:
    case NodeKind::ExtMemory: return memoryAttr(a);
    case NodeKind::Load:
    case NodeKind::Store: return accessAttr(a);
    default: return false;
    }
  }

  bool computeAttr(const NamedAttr& a) {
    if (a.name != "predicate") return false;
    if (n_.arith == OpKind::CmpI)
      n_.arithAttrs.cmpi = static_cast<CmpIPred>(intOf(a.value, quoted(a), 0, 9));
    else if (n_.arith == OpKind::CmpF)
      n_.arithAttrs.cmpf = static_cast<CmpFPred>(intOf(a.value, quoted(a), 0, 15));
    else
      return false;
    return true;
  }

  bool constantAttr(const NamedAttr& a) {
    if (a.name != "value") return false;
    out_.values.push_back(valueOf(a.value, quoted(a)));
    n_.constValue = out_.values.back().bits;
    return true;
  }

  bool streamAttr(const NamedAttr& a) {
    if (a.name == "step_op") {
      if (!models::parseStepOp(stringOf(a), n_.stepOp))
        fail(a.value.loc, "unknown step_op '" + stringOf(a) + "' (one of += -= *= /= <<= >>=)");
    } else if (a.name == "cont_cond") {
      if (!models::parseContCond(stringOf(a), n_.contCond))
        fail(a.value.loc, "unknown cont_cond '" + stringOf(a) + "' (one of < <= > >= !=)");
    } else {
      return false;
    }
    return true;
  }

  bool bufferAttr(const NamedAttr& a) {
    if (a.name == "slots") {
      n_.bufferSlots = static_cast<unsigned>(intOf(a.value, quoted(a), 0, kU32));
    } else if (a.name == "kind") {
      if (!text::bufferKindFromName(stringOf(a), n_.bufferFifo))
        fail(a.value.loc, "unknown buffer kind '" + stringOf(a) + "' (fifo or seq)");
    } else if (a.name == "init") {
      for (const TypedValue& tv :
           each<TypedValue>(arrayOf(a.value, quoted(a)), quoted(a), valueOf)) {
        out_.values.push_back(tv);
        n_.bufferInit.push_back(tv.bits);
      }
    } else {
      return false;
    }
    return true;
  }

  bool memoryAttr(const NamedAttr& a) {
    if (a.name == "mem_type")
      n_.memType = typeOf(a.value, quoted(a));
    else if (a.name == "num_stores")
      n_.numStores = static_cast<unsigned>(intOf(a.value, quoted(a), 0, 65535));
    else if (a.name == "num_loads")
      n_.numLoads = static_cast<unsigned>(intOf(a.value, quoted(a), 0, 65535));
    else if (a.name == "arg_index")
      n_.argIndex = static_cast<int>(intOf(a.value, quoted(a), -1, kI32));
    else
      return accessAttr(a);
    return true;
  }

  bool accessAttr(const NamedAttr& a) {
    if (a.name == "mem_group")
      n_.memGroup = static_cast<uint32_t>(intOf(a.value, quoted(a), 0, kU32));
    else if (a.name == "mem_port" && (n_.kind == NodeKind::Load || n_.kind == NodeKind::Store))
      n_.memPort = static_cast<int>(intOf(a.value, quoted(a), -1, kI32));
    else
      return false;
    return true;
  }

  void require(const char* name) {
    if (!seen_.has(name)) fail(op_.loc, "'" + op_.name + "' needs a '" + name + "' attribute");
  }
  void requireKindAttrs() {
    switch (n_.kind) {
    case NodeKind::Compute:
      if (n_.arith == OpKind::CmpI || n_.arith == OpKind::CmpF) require("predicate");
      return;
    case NodeKind::Constant: return require("value");
    case NodeKind::Stream: return require("step_op"), require("cont_cond");
    case NodeKind::Buffer: return require("slots");
    case NodeKind::Memory:
    case NodeKind::ExtMemory:
      return require("mem_type"), require("num_stores"), require("num_loads");
    default: return;
    }
  }

  const Operation& op_;
  Node& n_;
  FileNames& files_;
  AttrSet seen_;
  NodeAttrs out_;
};

} // namespace

NodeAttrs readNodeAttrs(const Operation& op, Node& n, FileNames& files) {
  return NodeAttrReader(op, n, files).read();
}

} // namespace loom::dfg::read_attrs
