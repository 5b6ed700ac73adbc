// Control lowering (spec-dataflow-compilation): lower_region, lower_if, lower_for,
// lower_while. Every region gets an explicit control token and an environment; values
// from outer regions enter through importInto (invariant into loop bodies, cond_br
// into branches).
//
// Zero-trip guards (docs/design.md): with N = 0 a gate emits nothing, but an invariant or a
// memory-control carry still consumes its seed and emits one token, which would stay
// latched. So a for loop whose trip count is not known to be positive sits behind
// `cmpi slt(lb, ub)` (cond_br in, mux out), and a while loop is rotated into a guarded
// do-while: the before region runs once at the parent level; if its condition holds,
// a loop whose body is the after region followed by the before region runs, driven by
// that body's own condition, which then has exactly one token per body execution
// (N - 1 trues and a false), like after_cond. `--inject=no-zero-trip-guard` gives the
// spec-literal, unguarded forms instead.

#include "lowering/lowerer.h"

namespace loom::lower {

namespace {

std::string shortName(const Op& op) {
  std::string_view n = op.name();
  size_t dot = n.find('.');
  return std::string(dot == std::string_view::npos ? n : n.substr(dot + 1));
}

// Is `v` defined inside `region` (by an op or as a block argument at any depth)?
bool isDefinedInside(const Value* v, const Region& region) {
  const Block* b = v->def ? v->def->parent : v->owner;
  while (b) {
    if (b->parent == &region) return true;
    const Op* parentOp = b->parent ? b->parent->parent : nullptr;
    b = parentOp ? parentOp->parent : nullptr;
  }
  return false;
}

const Op* constantDef(const Value* v) {
  return v->def && v->def->kind == OpKind::ArithConstant ? v->def : nullptr;
}

} // namespace

// kMaxAccelNesting (lower.h): the first op whose regions lie deeper is refused.
void Lowerer::refuseDeepNesting() const {
  walk(func_.body, [&](const Op* op) {
    if (op->regions.empty()) return;
    unsigned depth = 0;
    for (const Op* p = op; p; p = p->parentOp())
      ++depth;
    if (depth > kMaxAccelNesting)
      fail(op->loc, "'" + std::string(op->name()) + "' nested " + std::to_string(depth) +
                        " regions deep in an accelerated function; more than " +
                        std::to_string(kMaxAccelNesting) +
                        " is not supported (keep the function on the host)");
  });
}

void Lowerer::lowerFunctionBody() {
  RegionState fn;
  fn.rate = Rate::entry();
  fn.scope = addScope(dfg::Scope::Kind::Function, func_.name, 0, nullptr);
  fn.block = &root_;
  for (const Type& t : func_.resultTypes)
    if (!t.isScalar())
      fail(func_.loc,
           "cannot lower '@" + func_.name + "': result type " + t.str() + " is not a scalar");

  // The Entry node: one output per scalar argument, per dynamic memref descriptor
  // field, and the control token last.
  std::vector<Type> outs;
  for (const Type& t : func_.argTypes) {
    if (t.isMemRef()) {
      for (const Type& d : argDescriptorTypes(t))
        outs.push_back(d);
    } else if (t.isScalar()) {
      outs.push_back(t);
    } else {
      fail(func_.loc,
           "cannot lower '@" + func_.name + "': argument type " + t.str() + " is not supported");
    }
  }
  outs.push_back(Type::none());
  std::vector<Role> roles(outs.size(), Role::Data);
  roles.back() = Role::BodyCtrl;
  Vertex entry = addNode(dfg::NodeKind::Entry, fn.scope, "entry", nullptr, {}, outs, roles,
                         std::vector<Rate>(outs.size(), Rate::entry()));
  g_.entry = entry;
  if (func_.body.blocks.size() > 1)
    fail(func_.body.blocks[1]->loc,
         "cannot lower '@" + func_.name +
             "': a body of several blocks (cf branches) "
             "is unstructured control flow; keep the function on the host (narrow the "
             "accelerated set with --accel)");
  refuseDeepNesting();
  const Block& body = func_.body.front();
  unsigned port = 0;
  for (size_t i = 0; i < body.args.size(); ++i) {
    const Value* a = body.args[i].get();
    if (a->type.isMemRef())
      declareArgMemRef(a, static_cast<int>(i), {entry, 0}, port, fn);
    else
      define(fn, a, {entry, port++});
  }
  fn.env[ctrlKey()] = {entry, port};

  const Op& ret = lowerRegion(body, fn);
  std::vector<PortRef> results;
  for (const Value* v : ret.operands)
    results.push_back(lookup(v, fn));

  std::vector<PortRef> dones;
  lowerMemory(fn, dones);
  PortRef retCtrl = dones.empty()       ? lookup(ctrlKey(), fn)
                    : dones.size() == 1 ? dones[0]
                                        : join(dones, fn.scope, fn.rate, originOf(&ret));

  std::vector<Type> rt = func_.resultTypes;
  rt.push_back(Type::none());
  std::vector<Role> rroles(rt.size(), Role::Result);
  rroles.back() = Role::Done;
  Vertex r = addNode(dfg::NodeKind::Return, fn.scope, "return", &ret, rt, rt, rroles,
                     std::vector<Rate>(rt.size(), Rate::entry()));
  for (unsigned i = 0; i < results.size(); ++i)
    connect(results[i], r, i);
  connect(retCtrl, r, static_cast<unsigned>(results.size()));
  g_.ret = r;
}

const Op& Lowerer::lowerRegion(const Block& b, RegionState& s) {
  for (size_t i = 0; i + 1 < b.ops.size(); ++i)
    lowerOp(*b.ops[i], s);
  return *b.ops.back();
}

// Memrefs are not tokens: the memory lowering groups every access by a root memref it
// must know statically (spec-dataflow-memory "Root Memref Grouping"), so a memref
// chosen at run time by an scf.if, carried by an scf.for or passed around an scf.while
// has no lowering.
static void rejectMemRefResults(const Op& op) {
  for (auto& r : op.results)
    if (r->type.isAnyMemRef())
      fail(op.loc,
           "a memref result of '" + std::string(op.name()) +
               "' is not supported inside an accelerated function: the memory lowering needs each "
               "access's root memref at compile time (spec-dataflow-memory, root memref grouping)");
}

void Lowerer::lowerOp(const Op& op, RegionState& s) {
  if (isLoop(op.kind) || op.kind == OpKind::If) rejectMemRefResults(op);
  switch (op.kind) {
  case OpKind::ArithConstant:
    define(s, op.result(),
           constant(s, op.constBits, op.result()->type, &op, "c." + valueName(op.result())));
    return;
  case OpKind::Poison: // an unspecified value: loom-sim's is 0, as in LOOM's networks
    define(s, op.result(), constant(s, 0, op.result()->type, &op, "c." + valueName(op.result())));
    return;
  case OpKind::For: return lowerFor(op, s);
  case OpKind::Parallel: return lowerParallel(op, s);
  case OpKind::While: return lowerWhile(op, s);
  case OpKind::If: return lowerIf(op, s);
  case OpKind::MemRefLoad:
  case OpKind::MemRefStore: return lowerAccess(op, s);
  case OpKind::Alloc:
  case OpKind::Alloca: return lowerAlloc(op, s);
  case OpKind::Dealloc: return; // storage of an internal memory lives as long as the network
  case OpKind::Cast:
  case OpKind::Subview:
  case OpKind::ReinterpretCast:
  case OpKind::CollapseShape:
  case OpKind::ExpandShape: return lowerView(op, s);
  case OpKind::Dim: return lowerDim(op, s);
  case OpKind::Call:
    fail(op.loc, "'func.call' inside an accelerated function is not supported; keep the callee on "
                 "the host (narrow the accelerated set with --accel)");
  case OpKind::VectorPrint:
    fail(op.loc,
         "'vector.print' inside an accelerated function is not supported; print on the host");
  case OpKind::CfBr:
  case OpKind::CfCondBr:
  case OpKind::CfAssert:
    fail(op.loc, "'" + std::string(op.name()) +
                     "' (unstructured control flow) inside an accelerated function "
                     "is not supported; keep the function on the host (narrow the accelerated set "
                     "with --accel)");
  case OpKind::GetGlobal:
  case OpKind::ExtractPointer:
  case OpKind::IntToPtr:
  case OpKind::LlvmCall:
  case OpKind::IndexSwitch:
  case OpKind::EsiWrap:
  case OpKind::EsiUnwrap:
  case OpKind::ConstClock:
  case OpKind::EsiInstance:
    fail(op.loc, "'" + std::string(op.name()) +
                     "' is host code: it is not lowered into an accelerated function; keep the "
                     "function on the host (narrow the accelerated set with --accel)");
  case OpKind::Func:
  case OpKind::FuncReturn:
  case OpKind::Yield:
  case OpKind::Condition:
  case OpKind::Reduce:
  case OpKind::ReduceReturn: fail(op.loc, "internal lowering error: unexpected terminator");
#define LOOM_OP(Kind, Name, Group)
#define LOOM_COMPUTE(Kind, ...) case OpKind::Kind:
#include "ops/op_kinds.def"
    break; // one compute unit, below
  }
  // An arith or math op: one compute unit.
  std::vector<PortRef> ins;
  for (const Value* v : op.operands)
    ins.push_back(lookup(v, s));
  define(s, op.result(),
         compute(s, op.kind, ins, op.result()->type, &op,
                 shortName(op) + "." + valueName(op.result()), ArithAttrs{op.cmpi, op.cmpf}));
}

// ---- scf.if ------------------------------------------------------------------------

// An scf.if's or a loop's item in s's block: its region (a branch's two), origin and
// scope; the caller sets its condition and rates.
LItem& Lowerer::addItem(LItem::Kind kind, const Op& op, RegionState& s) {
  s.block->items.push_back(LItem{kind});
  LItem& item = s.block->items.back();
  item.a = std::make_unique<LRegion>();
  if (kind == LItem::Kind::If) item.b = std::make_unique<LRegion>();
  item.origin = originOf(&op);
  item.scope = s.scope;
  return item;
}

// Opens the two branches of a condition (an scf.if, or a loop's zero-trip guard): the
// If item of the memory block tree and the then/else states sharing one cond_br per
// outer value.
Lowerer::Branches Lowerer::openBranches(const Op& op, RegionState& s, PortRef cond, Rate thenRate,
                                        Rate elseRate, const std::string& thenName,
                                        const std::string& elseName, bool guard) {
  auto sp = std::make_shared<BranchSplits>();
  sp->thenRate = std::move(thenRate);
  sp->elseRate = std::move(elseRate);
  LItem& item = addItem(LItem::Kind::If, op, s);
  item.cond = cond;
  item.thenRate = sp->thenRate;
  item.elseRate = sp->elseRate;
  Branches br{branchState(s, cond, true, sp->thenRate, thenName, &op, item.a.get(), sp),
              branchState(s, cond, false, sp->elseRate, elseName, &op, item.b.get(), sp)};
  if (guard) {
    g_.scopes[br.t.scope].kind = dfg::Scope::Kind::Guard;
    g_.scopes[br.e.scope].kind = dfg::Scope::Kind::Guard;
  }
  return br;
}

PortRef Lowerer::yieldValue(const Value* v, RegionState& branch, const Region& region) {
  // The spec's branch gate: a yielded value defined outside the branch is split by the
  // branch's cond_br (importInto does it). The injection skips the split.
  if (!isDefinedInside(v, region) && applies(Injection::NoBranchGate))
    return lookup(v, *branch.parent);
  return lookup(v, branch);
}

void Lowerer::lowerIf(const Op& op, RegionState& s) {
  PortRef c = lookup(op.operand(0), s);
  std::string label = scopeLabel(op, "if");
  Branches br = openBranches(op, s, c, Rate::ifThen(op.id, ctx_), Rate::ifElse(op.id, s.rate, ctx_),
                             label + ".then", label + ".else", false);
  RegionState& t = br.t;
  RegionState& e = br.e;

  const Op& ty = lowerRegion(op.region(0).front(), t);
  std::vector<PortRef> tv, ev;
  for (const Value* v : ty.operands)
    tv.push_back(yieldValue(v, t, op.region(0)));
  if (!op.region(1).empty()) {
    const Op& ey = lowerRegion(op.region(1).front(), e);
    for (const Value* v : ey.operands)
      ev.push_back(yieldValue(v, e, op.region(1)));
  }
  for (size_t i = 0; i < op.results.size(); ++i)
    define(s, op.result(i),
           mux(s, c, ev[i], tv[i], Role::Data, &op, "mux." + valueName(op.result(i))));
}

// ---- scf.for -----------------------------------------------------------------------

bool Lowerer::tripCountAtLeastOne(const Op& op) const {
  const Op* lb = constantDef(op.operand(0));
  const Op* ub = constantDef(op.operand(1));
  if (!lb || !ub) return false;
  unsigned w = op.operand(0)->type.width;
  return signExtend(lb->constBits, w) < signExtend(ub->constBits, w);
}

// A loop whose trip count may be zero sits behind a zero-trip guard: scf.if (lo < hi)
// { the loop } else { the initial values, operands from `firstInit` }. Unguarded where the
// count is known to be positive, or for the spec-literal form (the injection).
void Lowerer::lowerGuarded(const Op& op, RegionState& s, const std::string& label, bool known,
                           size_t firstInit,
                           const std::function<std::pair<PortRef, PortRef>()>& bounds,
                           const std::function<std::vector<PortRef>(RegionState&, bool)>& loop) {
  if (known || applies(Injection::NoZeroTripGuard)) {
    // Unguarded: every activation reaches the stream.
    auto res = loop(s, /*guarded=*/false);
    for (size_t i = 0; i < res.size(); ++i)
      define(s, op.result(i), res[i]);
    return;
  }
  uint32_t L = op.id;
  auto [lo, hi] = bounds();
  ArithAttrs slt;
  slt.cmpi = CmpIPred::slt;
  PortRef c = compute(s, OpKind::CmpI, {lo, hi}, Type::i1(), &op, label + ".guard", slt);
  Branches br = openBranches(op, s, c, Rate::guardEnter(L, ctx_), Rate::guardSkip(L, s.rate, ctx_),
                             label + ".guard", label + ".skip", true);
  std::vector<PortRef> rt = loop(br.t, true);
  for (size_t i = 0; i < rt.size(); ++i) {
    PortRef re = lookup(op.operand(static_cast<unsigned>(firstInit + i)), br.e);
    define(s, op.result(i),
           mux(s, c, re, rt[i], Role::Data, &op, label + ".mux" + std::to_string(i)));
  }
}

void Lowerer::lowerFor(const Op& op, RegionState& s) {
  std::string label = scopeLabel(op, "for");
  lowerGuarded(
      op, s, label, tripCountAtLeastOne(op), 3,
      [&] {
        PortRef lb = lookup(op.operand(0), s);
        return std::make_pair(lb, lookup(op.operand(1), s));
      },
      [&](RegionState& in, bool guarded) { return lowerForLoop(op, in, guarded, label); });
}

// The stream + gate of a loop from lb to ub by step, and its Loop item in the memory
// block tree; the body's state is the caller's (loopState on `after`).
Lowerer::LoopParts Lowerer::openLoop(const Op& op, RegionState& s, PortRef lb, PortRef step,
                                     PortRef ub, bool guarded, const std::string& label) {
  uint32_t L = op.id;
  Type ivT = typeOf(lb);
  LoopParts lp;
  lp.boundary = Rate::loopBoundary(L, guarded, s.rate, ctx_);
  lp.body = Rate::loopBody(L, ctx_);
  Vertex st = addNode(dfg::NodeKind::Stream, s.scope, label + ".stream", &op, {ivT, ivT, ivT},
                      {ivT, Type::i1()}, {Role::RawIndex, Role::RawWillContinue},
                      {lp.boundary, lp.boundary});
  g_.node(st).stepOp = dfg::StepOp::Add;
  g_.node(st).contCond = dfg::ContCond::Lt;
  connect(lb, st, 0);
  connect(step, st, 1);
  connect(ub, st, 2);
  Vertex gt = addNode(dfg::NodeKind::Gate, s.scope, label + ".gate", &op, {ivT, Type::i1()},
                      {ivT, Type::i1()}, {Role::BodyIndex, Role::AfterCond}, {lp.body, lp.body});
  connect({st, 0}, gt, 0);
  connect({st, 1}, gt, 1);
  lp.index = {gt, 0};
  lp.raw = {st, 1};
  lp.after = {gt, 1};

  LItem& item = addItem(LItem::Kind::Loop, op, s);
  item.cond = lp.after;
  item.raw = lp.raw;
  item.bodyRate = lp.body;
  item.tailRate = Rate::loopBodyTail(L, guarded, s.rate, ctx_);
  item.exitRate = Rate::loopExit(L, guarded, s.rate, ctx_);
  lp.item = &item;
  return lp;
}

// A loop-boundary carry (an iter_arg, a reduction): carry on raw_will_continue from
// `init`, split by raw into the body's value (true) and the loop's result (false). Its
// feedback (input 2) is the caller's to connect.
Vertex Lowerer::loopCarry(const Op& op, RegionState& s, const LoopParts& lp, bool guarded,
                          PortRef init, const std::string& label, const std::string& name,
                          PortRef& inBody, PortRef& result) {
  PortRef carryCond = applies(Injection::IterCarryGated) ? lp.after : lp.raw;
  Type t = typeOf(init);
  Vertex c = addNode(dfg::NodeKind::Carry, s.scope, label + ".carry." + name, &op,
                     {Type::i1(), t, t}, {t}, {Role::IterCarry}, {lp.boundary});
  connect(carryCond, c, 0);
  connect(init, c, 1);
  auto [bt, bf] =
      condBr(s, carryCond, {c, 0}, lp.body, Rate::loopExit(op.id, guarded, s.rate, ctx_),
             Role::Data, &op, label + ".split." + name);
  inBody = bt;
  result = bf;
  return c;
}

// The loop proper: stream + gate, carries for the iter_args, the body.
std::vector<PortRef> Lowerer::lowerForLoop(const Op& op, RegionState& s, bool guarded,
                                           const std::string& label) {
  PortRef lb = lookup(op.operand(0), s), ub = lookup(op.operand(1), s),
          step = lookup(op.operand(2), s);
  LoopParts lp = openLoop(op, s, lb, step, ub, guarded, label);
  RegionState b = loopState(s, lp.after, lp.body, label, &op, lp.item->a.get());
  b.raw = lp.raw;
  b.hasRaw = true;
  const Block& blk = op.region(0).front();
  define(b, blk.args[0].get(), lp.index);

  // iter_args: loop-boundary carries on raw_will_continue, split by raw.
  std::vector<Vertex> carries;
  std::vector<PortRef> results;
  for (size_t i = 0; i + 3 < op.operands.size(); ++i) {
    PortRef inBody, result;
    PortRef init = lookup(op.operand(3 + i), s);
    carries.push_back(loopCarry(op, s, lp, guarded, init, label, valueName(blk.args[i + 1].get()),
                                inBody, result));
    define(b, blk.args[i + 1].get(), inBody);
    results.push_back(result);
  }
  const Op& y = lowerRegion(blk, b);
  for (size_t i = 0; i < carries.size(); ++i)
    connect(lookup(y.operand(i), b), carries[i], 2);
  return results;
}

// ---- scf.parallel ------------------------------------------------------------------
//
// docs/design.md "scf.parallel": one loop over the whole iteration space (several
// induction variables are flattened into one index, the first variable outermost, and
// recovered in the body by division), so the stream issues one iteration per cycle
// across rows; reductions are carries on raw_will_continue whose update is the
// scf.reduce region, folding in iteration order exactly as the oracle does; the memory
// block tree marks the loop parallel, so the ctrl-done network gives every iteration
// the entry token at once instead of the previous iteration's done.

namespace {
// Trip count of an scf.parallel dimension with constant bounds, or -1.
int64_t constantTrips(const Op& op, size_t k, size_t d) {
  const Op* lb = constantDef(op.operand(k));
  const Op* ub = constantDef(op.operand(d + k));
  const Op* st = constantDef(op.operand(2 * d + k));
  if (!lb || !ub || !st) return -1;
  int64_t l = static_cast<int64_t>(lb->constBits), u = static_cast<int64_t>(ub->constBits),
          s = static_cast<int64_t>(st->constBits);
  if (s <= 0) return -1; // a run-time error, the interpreter's to report
  return u > l ? static_cast<int64_t>((static_cast<uint64_t>(u) - static_cast<uint64_t>(l) - 1) /
                                          static_cast<uint64_t>(s) +
                                      1)
               : 0;
}
// The keys under which flatTripCounts leaves dimension k's trip count and the total.
Key tripKey(const Op& op, size_t k) {
  return Key{op.region(0).front().args[k].get(), 0};
}
Key totalKey(const Op& op) {
  return Key{op.region(0).front().args[0].get(), 1};
}
} // namespace

// Several induction variables: each dimension's trip count (ceil((ub - lb) / step), 0 if
// ub <= lb) and their product, at the parent level, where the guard and the stream read
// them; the body imports them like any outer value.
void Lowerer::flatTripCounts(const Op& op, RegionState& s) {
  size_t d = op.region(0).front().args.size();
  Type ix = Type::index();
  PortRef total;
  int64_t known = 1;
  for (size_t k = 0; k < d; ++k) {
    std::string n = valueName(op.region(0).front().args[k].get());
    PortRef trips;
    int64_t c = constantTrips(op, k, d);
    if (c >= 0) {
      trips = constant(s, static_cast<Bits>(c), ix, &op, "trips." + n);
    } else {
      PortRef lb = lookup(op.operand(k), s), ub = lookup(op.operand(d + k), s),
              st = lookup(op.operand(2 * d + k), s);
      PortRef diff = compute(s, OpKind::SubI, {ub, lb}, ix, &op, "span." + n);
      PortRef pos =
          compute(s, OpKind::MaxSI, {diff, constant(s, 0, ix, &op, "c0")}, ix, &op, "span+." + n);
      trips = compute(s, OpKind::CeilDivUI, {pos, st}, ix, &op, "trips." + n);
    }
    s.env[tripKey(op, k)] = trips;
    if (known >= 0 && c >= 0)
      known *= c;
    else
      known = -1;
    total = k == 0 ? trips : compute(s, OpKind::MulI, {total, trips}, ix, &op, "trips");
  }
  if (known >= 0) total = constant(s, static_cast<Bits>(known), ix, &op, "trips");
  s.env[totalKey(op)] = total;
}

// The induction variables from the flat index: dimension k's position is
// (flat / prod of the later trip counts) % its own, its value lb + position * step.
void Lowerer::parallelIndices(const Op& op, PortRef flat, RegionState& b) {
  const Block& blk = op.region(0).front();
  size_t d = blk.args.size();
  Type ix = Type::index();
  PortRef q = flat;
  for (size_t k = d; k-- > 0;) {
    std::string n = valueName(blk.args[k].get());
    PortRef pos = q;
    if (k > 0) {
      PortRef trips = lookup(tripKey(op, k), b);
      pos = compute(b, OpKind::RemUI, {q, trips}, ix, &op, "pos." + n);
      q = compute(b, OpKind::DivUI, {q, trips}, ix, &op, "rows." + n);
    }
    const Op* st = constantDef(op.operand(2 * d + k));
    const Op* lb = constantDef(op.operand(k));
    PortRef v = pos;
    if (!st || st->constBits != 1)
      v = compute(b, OpKind::MulI, {v, lookup(op.operand(2 * d + k), b)}, ix, &op, "scaled." + n);
    if (!lb || lb->constBits != 0)
      v = compute(b, OpKind::AddI, {v, lookup(op.operand(k), b)}, ix, &op, "iv." + n);
    define(b, blk.args[k].get(), v);
  }
}

void Lowerer::lowerParallel(const Op& op, RegionState& s) {
  std::string label = scopeLabel(op, "parallel");
  size_t d = op.region(0).front().args.size();
  if (d > 1) flatTripCounts(op, s);
  bool known = true;
  for (size_t k = 0; k < d; ++k)
    known = known && constantTrips(op, k, d) > 0;
  // The guard compares lb < ub over the (flattened) iteration space.
  lowerGuarded(
      op, s, label, known, 3 * d,
      [&] {
        PortRef lo = d > 1 ? constant(s, 0, Type::index(), &op, "c0") : lookup(op.operand(0), s);
        return std::make_pair(lo, d > 1 ? lookup(totalKey(op), s) : lookup(op.operand(1), s));
      },
      [&](RegionState& in, bool guarded) { return lowerParallelLoop(op, in, guarded, label); });
}

std::vector<PortRef> Lowerer::lowerParallelLoop(const Op& op, RegionState& s, bool guarded,
                                                const std::string& label) {
  const Block& blk = op.region(0).front();
  size_t d = blk.args.size();
  Type ix = Type::index();
  PortRef lb, step, ub;
  if (d == 1) {
    lb = lookup(op.operand(0), s);
    ub = lookup(op.operand(1), s);
    step = lookup(op.operand(2), s);
  } else {
    lb = constant(s, 0, ix, &op, "c0");
    step = constant(s, 1, ix, &op, "c1");
    ub = lookup(totalKey(op), s);
  }
  LoopParts lp = openLoop(op, s, lb, step, ub, guarded, label);
  lp.item->parallel = true;
  RegionState b = loopState(s, lp.after, lp.body, label, &op, lp.item->a.get());
  lp.item->bodyScope = b.scope;
  parallelScopes_.push_back(b.scope);
  b.raw = lp.raw;
  b.hasRaw = true;
  if (d == 1)
    define(b, blk.args[0].get(), lp.index);
  else
    parallelIndices(op, lp.index, b);

  // Reductions: a carry per result, the scf.reduce region its update.
  std::vector<Vertex> carries;
  std::vector<PortRef> results, partial;
  for (size_t i = 0; i < op.results.size(); ++i) {
    PortRef inBody, result;
    PortRef init = lookup(op.operand(3 * d + i), s);
    carries.push_back(
        loopCarry(op, s, lp, guarded, init, label, "r" + std::to_string(i), inBody, result));
    partial.push_back(inBody);
    results.push_back(result);
  }
  const Op& red = lowerRegion(blk, b);
  for (size_t i = 0; i < carries.size(); ++i) {
    const Block& rb = red.region(i).front();
    define(b, rb.args[0].get(), partial[i]);
    define(b, rb.args[1].get(), lookup(red.operand(i), b));
    const Op& rr = lowerRegion(rb, b);
    connect(lookup(rr.operand(0), b), carries[i], 2);
  }
  return results;
}

// ---- scf.while ---------------------------------------------------------------------

// The condition of a while's before region `cond` (in b) is raw_will_continue, the
// control of `loop`, and input 0 of the carries and invariants that waited for it.
PortRef Lowerer::whileCondition(const Op& cond, const Rate& rate, LItem& loop, RegionState& b) {
  PortRef raw = lookup(cond.operand(0), b);
  retag(raw, Role::RawWillContinue, rate);
  loop.cond = raw;
  loop.raw = raw;
  for (Vertex v : *b.pendingCond)
    connect(raw, v, 0);
  b.pendingCond = nullptr;
  b.cond = raw;
  return raw;
}

void Lowerer::lowerWhile(const Op& op, RegionState& s) {
  if (applies(Injection::NoZeroTripGuard)) return lowerWhileSpecLiteral(op, s);
  uint32_t W = op.id;
  const Block& before = op.region(0).front();
  std::string label = scopeLabel(op, "while");
  // The first evaluation of the condition, at the parent level.
  for (size_t i = 0; i < before.args.size(); ++i)
    define(s, before.args[i].get(), lookup(op.operand(i), s));
  std::string outer = ctx_;
  ctx_ = outer + "W" + std::to_string(W) + ":f/"; // the interpreter counts first executions apart
  const Op& cond0 = lowerRegion(before, s);
  ctx_ = outer;
  PortRef c0 = lookup(cond0.operand(0), s);

  Branches br = openBranches(op, s, c0, Rate::guardEnter(W, ctx_), Rate::guardSkip(W, s.rate, ctx_),
                             label + ".guard", label + ".skip", true);
  RegionState& t = br.t;
  RegionState& e = br.e;
  std::vector<PortRef> rt = lowerWhileRotated(op, cond0, t, label);
  for (size_t i = 0; i < rt.size(); ++i) {
    PortRef re = lookup(cond0.operand(1 + i), e);
    define(s, op.result(i),
           mux(s, c0, re, rt[i], Role::Data, &op, label + ".mux" + std::to_string(i)));
  }
}

// The do-while in the guard's then-branch: carries feed the after region; the body is
// the after region followed by the before region; the before region's condition
// (one token per body execution: N - 1 trues, then a false) drives the carries, the
// body's invariants and its memory control, and splits the forwarded values into
// feedback (true) and loop results (false).
std::vector<PortRef> Lowerer::lowerWhileRotated(const Op& op, const Op& cond0, RegionState& t,
                                                const std::string& label) {
  uint32_t W = op.id;
  const Block& before = op.region(0).front();
  const Block& after = op.region(1).front();
  Rate body = Rate::loopBody(W, ctx_);

  LItem& item = addItem(LItem::Kind::Loop, op, t);
  item.bodyRate = body;
  item.tailRate = Rate::loopBodyTail(W, true, t.rate, ctx_);
  item.exitRate = Rate::loopExit(W, true, t.rate, ctx_);

  std::vector<Vertex> pending; // nodes whose input 0 waits for the condition
  RegionState b = loopState(t, PortRef{}, body, label, &op, item.a.get());
  b.pendingCond = &pending;
  std::vector<Vertex> carries;
  for (size_t i = 0; i < after.args.size(); ++i) {
    PortRef init = lookup(cond0.operand(1 + i), t);
    Type ty = typeOf(init);
    Vertex c =
        addNode(dfg::NodeKind::Carry, t.scope, label + ".carry." + valueName(after.args[i].get()),
                &op, {Type::i1(), ty, ty}, {ty}, {Role::IterCarry}, {body});
    pending.push_back(c);
    connect(init, c, 1);
    carries.push_back(c);
    define(b, after.args[i].get(), {c, 0});
  }
  const Op& y = lowerRegion(after, b);
  std::vector<PortRef> yields;
  for (const Value* v : y.operands)
    yields.push_back(lookup(v, b));
  for (size_t i = 0; i < before.args.size(); ++i)
    define(b, before.args[i].get(), yields[i]);
  std::string outer = ctx_;
  ctx_ = outer + "W" + std::to_string(W) + ":l/";
  const Op& cond = lowerRegion(before, b);
  ctx_ = outer;
  // A condition defined outside the before region enters it as an invariant on the
  // condition itself: it replays the outer value once per body execution and stops at
  // its first false, which is exactly the loop's control (with a true value the loop
  // never ends, in the program as in the network).
  PortRef raw = whileCondition(cond, body, item, b);

  std::vector<PortRef> results;
  for (size_t i = 0; i < carries.size(); ++i) {
    PortRef fwd = lookup(cond.operand(1 + i), b);
    auto [bt, bf] = condBr(b, raw, fwd, item.tailRate, item.exitRate, Role::Data, &op,
                           label + ".split." + std::to_string(i));
    connect(bt, carries[i], 2);
    results.push_back(bf);
  }
  return results;
}

// The spec's lower_while, literally (the no-zero-trip-guard injection): carries on the
// raw condition feed the before region, gate gives after_cond, and the after region's
// control is invariant(after_cond, before control), which leaves tokens behind.
void Lowerer::lowerWhileSpecLiteral(const Op& op, RegionState& s) {
  uint32_t W = op.id;
  const Block& before = op.region(0).front();
  const Block& after = op.region(1).front();
  std::string label = scopeLabel(op, "while");
  Rate beforeRate = Rate::loopBoundary(W, false, s.rate, ctx_);
  Rate body = Rate::loopBody(W, ctx_);
  Rate exit = Rate::loopExit(W, false, s.rate, ctx_);

  LItem& loop = addItem(LItem::Kind::Loop, op, s);
  loop.bodyRate = beforeRate;
  loop.tailRate = body;
  loop.exitRate = exit;

  std::vector<Vertex> pending;
  RegionState bs = loopState(s, PortRef{}, beforeRate, label + ".before", &op, loop.a.get());
  bs.pendingCond = &pending;
  std::vector<Vertex> carries;
  for (size_t i = 0; i < before.args.size(); ++i) {
    PortRef init = lookup(op.operand(i), s);
    Type ty = typeOf(init);
    Vertex c = addNode(dfg::NodeKind::Carry, s.scope, label + ".carry." + std::to_string(i), &op,
                       {Type::i1(), ty, ty}, {ty}, {Role::IterCarry}, {beforeRate});
    pending.push_back(c);
    connect(init, c, 1);
    carries.push_back(c);
    define(bs, before.args[i].get(), {c, 0});
  }
  std::string outer = ctx_;
  ctx_ = outer + "W" + std::to_string(W) + ":*/"; // one copy for every execution
  const Op& cond = lowerRegion(before, bs);
  ctx_ = outer;
  if (!isDefinedInside(cond.operand(0), op.region(0)))
    fail(cond.loc,
         "unsupported: the condition of 'scf.while' must be computed in its before region");
  PortRef raw = whileCondition(cond, beforeRate, loop, bs);

  Vertex gt = addNode(dfg::NodeKind::Gate, bs.scope, label + ".gate", &op, {Type::i1(), Type::i1()},
                      {Type::i1(), Type::i1()}, {Role::Data, Role::AfterCond}, {body, body});
  connect(raw, gt, 0);
  connect(raw, gt, 1);
  PortRef afterCond{gt, 1};

  // The after region: a branch of each before execution, taken on a true condition.
  LItem& br = addItem(LItem::Kind::If, op, bs);
  br.cond = raw;
  br.thenRate = body;
  br.elseRate = exit;
  RegionState as = loopState(s, afterCond, body, label + ".after", &op, br.a.get());
  Type none = Type::none();
  Vertex inv = addNode(dfg::NodeKind::Invariant, as.scope, "inv.ctrl", &op, {Type::i1(), none},
                       {none}, {Role::BodyCtrl}, {body});
  connect(afterCond, inv, 0);
  connect(lookup(ctrlKey(), bs), inv, 1);
  as.env[ctrlKey()] = {inv, 0};
  std::vector<PortRef> results;
  for (size_t i = 0; i < after.args.size(); ++i) {
    PortRef fwd = lookup(cond.operand(1 + i), bs);
    auto [at, af] =
        condBr(bs, raw, fwd, body, exit, Role::Data, &op, label + ".split." + std::to_string(i));
    define(as, after.args[i].get(), at);
    results.push_back(af);
  }
  const Op& y = lowerRegion(after, as);
  for (size_t i = 0; i < carries.size(); ++i)
    connect(lookup(y.operand(i), as), carries[i], 2);
  for (size_t i = 0; i < results.size(); ++i)
    define(s, op.result(i), results[i]);
}

} // namespace loom::lower
