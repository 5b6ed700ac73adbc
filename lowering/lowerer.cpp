// The lowering's entry point and builder helpers: node creation with provenance and
// hierarchical names, and the import of outer values into nested regions (the region
// boundary rules of docs/design.md "Lowering decisions the specs leave open").

#include "lowering/lowerer.h"

#include "analysis/static_rules.h"
#include "dfg/op_names.h"

#include <algorithm>

namespace loom {

namespace {
struct InjectionName {
  Injection inj;
  const char* name;
};
const InjectionName kInjections[] = {
    {Injection::BodyCtrlRaw, "body-ctrl-raw"},
    {Injection::MemCtrlRaw, "mem-ctrl-raw"},
    {Injection::InvariantRaw, "invariant-raw"},
    {Injection::IterCarryGated, "iter-carry-gated"},
    {Injection::NoZeroTripGuard, "no-zero-trip-guard"},
    {Injection::NoBranchGate, "no-branch-gate"},
    {Injection::NoMemOrder, "no-mem-order"},
};
} // namespace

const char* injectionName(Injection i) {
  for (auto& e : kInjections)
    if (e.inj == i) return e.name;
  return "?";
}

bool injectionFromName(std::string_view name, Injection& out) {
  for (auto& e : kInjections)
    if (name == e.name) {
      out = e.inj;
      return true;
    }
  return false;
}

std::vector<std::string> injectionNames() {
  std::vector<std::string> v;
  for (auto& e : kInjections)
    v.push_back(e.name);
  return v;
}

std::string injectionList() {
  std::string s;
  for (const std::string& n : injectionNames())
    s += (s.empty() ? "" : ", ") + n;
  return s;
}

std::optional<std::string> parseInjections(const std::vector<std::string>& names,
                                           std::set<Injection>& out) {
  for (const std::string& name : names) {
    Injection inj;
    if (!injectionFromName(name, inj))
      return "unknown injection '" + name + "' (known: " + injectionList() + ")";
    out.insert(inj);
  }
  return std::nullopt;
}

std::optional<Diag> selectFunctions(const Module& m, const std::vector<std::string>& names,
                                    std::vector<const Function*>& out) {
  Loc fileLoc{m.file, 0, 0};
  for (const std::string& name : names) {
    const Function* f = m.lookup(name);
    if (!f || f->isDeclaration)
      return Diag{fileLoc, "no function '@" + name + "' with a body to lower"};
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  }
  if (!names.empty()) return std::nullopt;
  for (const auto& f : m.functions)
    if (f->name != "main" && !f->isDeclaration) out.push_back(f.get());
  if (out.empty()) return Diag{fileLoc, "no function to lower (only 'main' and declarations)"};
  return std::nullopt;
}

std::optional<Diag> lowerFunction(const Module& m, const Function& f, const LowerOptions& opts,
                                  dfg::Graph& out) {
  if (f.isDeclaration) return Diag{f.loc, "cannot lower '@" + f.name + "': it has no body"};
  out = dfg::Graph();
  try {
    lower::Lowerer(m, f, opts, out).run();
  } catch (lower::LoweringError& e) {
    return e.diag;
  }
  if (opts.verify)
    if (auto err = verifyGraph(out)) {
      err->message = dfg::nameOps(err->message, dfg::opNames(m)); // "op 12" by its place
      return err;
    }
  return std::nullopt;
}

// Where each injection mode has something to change.
static const char* injectionSite(Injection i) {
  switch (i) {
  case Injection::BodyCtrlRaw:
    return "a loop body with an op its control token starts (a constant defined in the body)";
  case Injection::MemCtrlRaw:
    return "an scf.for or scf.parallel whose body accesses memory (an scf.while's memory "
           "control has one condition stream)";
  case Injection::InvariantRaw:
    return "a value from outside an scf.for or scf.parallel used in its body";
  case Injection::IterCarryGated:
    return "an scf.for with iter_args or an scf.parallel with reductions";
  case Injection::NoZeroTripGuard:
    return "an scf.while, or an scf.for or scf.parallel whose trip count is not a positive "
           "constant";
  case Injection::NoBranchGate: return "an scf.if that yields a value defined outside it";
  case Injection::NoMemOrder:
    return "two accesses of one memref at one level of a region, not all of them loads, of "
           "a memref the function stores to (loads alone may run in any order)";
  }
  return "?";
}

std::optional<Diag> unusedInjections(const Module& m, const std::set<Injection>& asked,
                                     const std::set<Injection>& applied,
                                     const std::vector<std::string>& functions) {
  for (Injection i : asked) {
    if (applied.count(i)) continue;
    std::string fs;
    for (const std::string& f : functions)
      fs += (fs.empty() ? "@" : ", @") + f;
    return Diag{Loc{m.file, 0, 0},
                "--inject " + std::string(injectionName(i)) + " changes nothing in " +
                    (fs.empty() ? std::string("this run (no function is lowered)")
                                : "the lowered function(s) " + fs) +
                    ": it needs " + injectionSite(i)};
  }
  return std::nullopt;
}

namespace lower {

void fail(const Loc& loc, const std::string& msg) {
  throw LoweringError{Diag{loc, msg}};
}

Lowerer::Lowerer(const Module& m, const Function& f, const LowerOptions& opts, dfg::Graph& g)
    : mod_(m), func_(f), opts_(opts), g_(g) {}

void Lowerer::run() {
  g_.function = func_.name;
  g_.argTypes = func_.argTypes;
  g_.resultTypes = func_.resultTypes;
  lowerFunctionBody();
  materialize();
  deepenParallelChannels();
}

// ---- nodes -------------------------------------------------------------------------

uint32_t Lowerer::addScope(dfg::Scope::Kind kind, const std::string& name, uint32_t parent,
                           const Op* op) {
  dfg::Scope sc;
  sc.kind = kind;
  sc.parent = g_.scopes.empty() ? -1 : static_cast<int>(parent); // the function scope is the root
  sc.name = g_.scopes.empty() ? name : g_.scopes[parent].name + "/" + name;
  sc.op = op;
  sc.opId = op ? op->id : Origin::kNoOp;
  g_.scopes.push_back(sc);
  return static_cast<uint32_t>(g_.scopes.size() - 1);
}

Origin Lowerer::originOf(const Op* op) const {
  Origin o;
  if (op) {
    o.op = op;
    o.opId = op->id;
    o.loc = op->loc;
  } else {
    o.loc = func_.loc;
  }
  return o;
}

Vertex Lowerer::addNode(dfg::NodeKind kind, uint32_t scope, const std::string& label,
                        const Op* origin, std::vector<Type> ins, std::vector<Type> outs,
                        std::vector<Role> roles, std::vector<Rate> rates) {
  dfg::Node n;
  n.kind = kind;
  n.scope = scope;
  std::string base = g_.scopes[scope].name + "/" + label;
  int& count = nameCount_[base];
  n.name = count++ ? base + "." + std::to_string(count - 1) : base;
  n.origin = originOf(origin);
  n.inTypes = std::move(ins);
  n.outTypes = std::move(outs);
  n.outRoles = std::move(roles);
  n.outRates = std::move(rates);
  return g_.addNode(std::move(n));
}

void Lowerer::retag(PortRef p, Role role, const Rate& rate) {
  dfg::Node& n = g_.node(p.node);
  n.outRoles[p.port] = role;
  n.outRates[p.port] = rate;
  for (auto e : g_.outEdges(p.node, p.port)) {
    g_.edge(e).role = role;
    g_.edge(e).rate = rate;
  }
}

PortRef Lowerer::constant(RegionState& s, Bits value, const Type& t, const Op* origin,
                          const std::string& label) {
  PortRef ctrl = lookup(ctrlKey(), s);
  Vertex v = addNode(dfg::NodeKind::Constant, s.scope, label, origin, {Type::none()}, {t},
                     {Role::Data}, {s.rate});
  g_.node(v).constValue = value;
  connect(ctrl, v, 0);
  return {v, 0};
}

PortRef Lowerer::compute(RegionState& s, OpKind k, std::vector<PortRef> operands,
                         const Type& resultType, const Op* origin, const std::string& label,
                         ArithAttrs attrs) {
  std::vector<Type> ins;
  for (auto& p : operands)
    ins.push_back(typeOf(p));
  Vertex v = addNode(dfg::NodeKind::Compute, s.scope, label, origin, ins, {resultType},
                     {Role::Data}, {s.rate});
  g_.node(v).arith = k;
  g_.node(v).arithAttrs = attrs;
  for (unsigned i = 0; i < operands.size(); ++i)
    connect(operands[i], v, i);
  return {v, 0};
}

PortRef Lowerer::mux(RegionState& s, PortRef sel, PortRef ifFalse, PortRef ifTrue, Role role,
                     const Op* origin, const std::string& label) {
  Type t = typeOf(ifTrue);
  Vertex v = addNode(dfg::NodeKind::Mux, s.scope, label, origin, {Type::i1(), t, t}, {t}, {role},
                     {s.rate});
  connect(sel, v, 0);
  connect(ifFalse, v, 1);
  connect(ifTrue, v, 2);
  return {v, 0};
}

std::pair<PortRef, PortRef> Lowerer::condBr(RegionState& s, PortRef cond, PortRef data, Rate t,
                                            Rate f, Role role, const Op* origin,
                                            const std::string& label) {
  Type ty = typeOf(data);
  Vertex v = addNode(dfg::NodeKind::CondBr, s.scope, label, origin, {Type::i1(), ty}, {ty, ty},
                     {role, role}, {std::move(t), std::move(f)});
  connect(cond, v, 0);
  connect(data, v, 1);
  return {PortRef{v, 0}, PortRef{v, 1}};
}

// ---- region boundaries ---------------------------------------------------------------

PortRef Lowerer::lookup(const Key& k, RegionState& s) {
  auto it = s.env.find(k);
  if (it != s.env.end()) return it->second;
  if (!s.parent) {
    const Loc& loc = k.value ? k.value->loc : func_.loc;
    fail(loc, "internal lowering error: value '" + (k.value ? k.value->name : std::string("ctrl")) +
                  "' is not mapped");
  }
  PortRef outer = lookup(k, *s.parent);
  PortRef inner = importInto(k, outer, s);
  s.env[k] = inner;
  return inner;
}

static std::string valueLabel(const Key& k) {
  if (!k.value) return "ctrl";
  std::string n = k.value->name.substr(1); // drop '%'
  if (k.component >= 0) n += ".d" + std::to_string(k.component);
  return n;
}

// A value defined outside region `s` enters it: into a loop body through an invariant
// on the body condition (after_cond; N tokens per activation), into a branch through
// the branch's cond_br (the untaken side is sunk, so it leaves no token).
PortRef Lowerer::importInto(const Key& k, PortRef outer, RegionState& s) {
  bool isCtrl = k.value == nullptr;
  Role role = isCtrl ? Role::BodyCtrl : Role::Data;
  const Op* origin = g_.scopes[s.scope].op;
  switch (s.boundary) {
  case RegionState::Boundary::Function: break;
  case RegionState::Boundary::LoopBody: {
    // The spec's body-local invariant; the injections wire it to the raw stream.
    PortRef d = s.cond;
    if (s.hasRaw) {
      if ((isCtrl && applies(Injection::BodyCtrlRaw)) ||
          (!isCtrl && applies(Injection::InvariantRaw)))
        d = s.raw;
    }
    Type t = typeOf(outer);
    Vertex v = addNode(dfg::NodeKind::Invariant, s.scope, "inv." + valueLabel(k), origin,
                       {Type::i1(), t}, {t}, {role}, {s.rate});
    if (s.pendingCond)
      s.pendingCond->push_back(v); // the while condition is connected once it exists
    else
      connect(d, v, 0);
    connect(outer, v, 1);
    return {v, 0};
  }
  case RegionState::Boundary::Branch: {
    BranchSplits& sp = *s.splits;
    auto it = sp.made.find(k);
    Vertex v;
    if (it != sp.made.end()) {
      v = it->second;
    } else {
      v = condBr(*s.parent, s.cond, outer, sp.thenRate, sp.elseRate, role, origin,
                 "br." + valueLabel(k))
              .first.node;
      sp.made[k] = v;
    }
    return {v, s.side ? 0u : 1u};
  }
  }
  fail(func_.loc, "internal lowering error: function region has no parent");
}

RegionState Lowerer::branchState(RegionState& parent, PortRef cond, bool side, Rate rate,
                                 const std::string& scopeName, const Op* op, LRegion* block,
                                 std::shared_ptr<BranchSplits> splits) {
  RegionState s;
  s.parent = &parent;
  s.boundary = RegionState::Boundary::Branch;
  s.cond = cond;
  s.side = side;
  s.splits = std::move(splits);
  s.rate = std::move(rate);
  s.scope = addScope(side ? dfg::Scope::Kind::IfThen : dfg::Scope::Kind::IfElse, scopeName,
                     parent.scope, op);
  s.block = block;
  return s;
}

RegionState Lowerer::loopState(RegionState& parent, PortRef cond, Rate rate,
                               const std::string& scopeName, const Op* op, LRegion* block) {
  RegionState s;
  s.parent = &parent;
  s.boundary = RegionState::Boundary::LoopBody;
  s.cond = cond;
  s.rate = std::move(rate);
  s.scope = addScope(dfg::Scope::Kind::LoopBody, scopeName, parent.scope, op);
  s.block = block;
  return s;
}

std::string Lowerer::scopeLabel(const Op& op, const char* kind) {
  int& n = nameCount_[std::string("#scope.") + kind];
  return std::string(kind) + std::to_string(n++);
}

} // namespace lower
} // namespace loom
