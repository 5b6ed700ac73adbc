// FuncGen: loop bounds and bodies, scf.for and scf.while (func_gen.h).
#include "tools/gen/func_gen.h"

namespace loomgen {

// An index value in [0, hiMax] with a static range, for a loop bound.
Val FuncGen::bound(int64_t hiMax, int64_t minHi) {
  std::vector<Val> cand;
  for (auto& s : scopes)
    for (auto& x : s.vals)
      if (x.ty == T::Idx && x.r.nonneg() && x.r.hi <= hiMax && x.r.hi >= minHi) cand.push_back(x);
  if (!cand.empty() && R.chance(0.6)) {
    // Prefer non-constants: parameters, dims, ivs.
    std::vector<Val> nc;
    for (auto& x : cand)
      if (!x.isConst) nc.push_back(x);
    if (!nc.empty() && R.chance(0.8)) return R.pick(nc);
    return R.pick(cand);
  }
  switch (R.range(0, 3)) {
  case 0: {
    Val d;
    if (dimValue(d)) {
      if (d.r.hi <= hiMax) return d;
      Val c = cInt(T::Idx, hiMax);
      Val m = def(T::Idx, "arith.minui " + d.name + ", " + c.name + " : index",
                  Range::of(std::min(d.r.lo, hiMax), hiMax));
      return m;
    }
    return cInt(T::Idx, R.range(0, hiMax));
  }
  case 1: {
    // Data-dependent: remui of an integer.
    T s = R.pick(std::vector<T>{T::I8, T::I16, T::I32, T::I64});
    Val a = scalar(s, 1);
    Val x = def(T::Idx, "arith.index_cast " + a.name + " : " + tname(s) + " to index",
                a.r.nonneg() ? a.r : Range{});
    Val c = cInt(T::Idx, hiMax + 1);
    return def(T::Idx, "arith.remui " + x.name + ", " + c.name + " : index", Range::of(0, hiMax));
  }
  default:
    return cInt(T::Idx,
                R.chance(0.8) ? R.range(std::max(minHi, hiMax / 2), hiMax) : R.range(0, hiMax));
  }
}

void FuncGen::forLoop() {
  int64_t room = C.maxIters / iterMul;
  if (room < 1) return;
  int64_t maxTrip = std::min<int64_t>(C.maxTrip, room);
  Val lb = lowerBound(maxTrip);
  int64_t ubMax = std::min<int64_t>(lb.r.lo + maxTrip, C.maxDim + 2);
  Val ub = upperBound(lb, ubMax);
  Val step = loopStep();
  int64_t trips = std::max<int64_t>(0, ub.r.hi - lb.r.lo);
  std::vector<T> ts = pickTypes(depth == 0 ? 3 : 2);
  std::vector<Val> inits;
  for (T t : ts)
    inits.push_back(sanitize(scalar(t, 1)));
  std::string prefix;
  std::vector<std::string> rn = resultNames(ts.size(), prefix);
  Val iv = inductionVar("i", lb, ub);
  std::vector<Val> args;
  std::string head =
      prefix + "scf.for " + iv.name + " = " + lb.name + " to " + ub.name + " step " + step.name;
  if (!ts.empty()) {
    head += " iter_args(";
    for (size_t i = 0; i < ts.size(); ++i) {
      Val a;
      a.name = fresh("a");
      a.ty = ts[i];
      a.blockArg = true;
      args.push_back(a);
      head += (i ? ", " : "") + a.name + " = " + inits[i].name;
    }
    head += ") -> (" + typeList(ts) + ")";
  }
  line(head + " {");
  --budget;
  int64_t saved = openBody(std::max<int64_t>(1, trips));
  add(iv);
  for (auto& a : args)
    add(a);
  block(C.stmtsInner);
  std::vector<Val> ys = yieldVals(ts);
  if (!ys.empty() || R.chance(0.3)) line(yieldLine("scf.yield", ys));
  closeBody(saved);
  for (size_t i = 0; i < ts.size(); ++i)
    addResult(rn[i], ts[i], ts[i] == T::Idx ? unionR(inits[i].r, ys[i].r) : Range{});
}

// A loop body: one indent, one nesting level, `trips` iterations per iteration of the
// enclosing loops, a scope. openBody returns what closeBody restores.
int64_t FuncGen::openBody(int64_t trips) {
  ++ind;
  ++depth;
  int64_t saved = iterMul;
  iterMul *= trips;
  push();
  return saved;
}

void FuncGen::closeBody(int64_t savedIterMul) {
  pop();
  iterMul = savedIterMul;
  --depth;
  --ind;
  line("}");
}

void FuncGen::addResult(const std::string& name, T t, Range r) {
  Val v;
  v.name = name;
  v.ty = t;
  v.r = r;
  add(v);
}

// A loop's lower bound: 0, a small constant, or a start parameter / outer iv (it may
// exceed the upper bound: zero trips).
Val FuncGen::lowerBound(int64_t maxTrip) {
  switch (R.weighted({4, 1, 1.5})) {
  case 0: return cInt(T::Idx, 0);
  case 1: return cInt(T::Idx, R.range(0, 3));
  default: return bound(std::min<int64_t>(maxTrip, 6));
  }
}

// An upper bound of at most ubMax, mostly above lb.
Val FuncGen::upperBound(const Val& lb, int64_t ubMax) {
  return bound(ubMax, R.chance(0.85) ? std::min(ubMax, lb.r.lo + 1) : 0);
}

// The induction variable of a loop over [lb, ub): its range, and the dim it indexes
// when ub is a memref.dim.
Val FuncGen::inductionVar(const char* prefix, const Val& lb, const Val& ub) {
  Val iv;
  iv.name = fresh(prefix);
  iv.ty = T::Idx;
  iv.blockArg = true;
  if (ub.r.hi >= 1 && lb.r.nonneg()) iv.r = Range::of(lb.r.lo, std::max(lb.r.lo, ub.r.hi - 1));
  if (ub.isDim.first >= 0 && lb.r.nonneg()) iv.dimOf.push_back(ub.isDim);
  return iv;
}

// A positive loop step: 1 mostly, else a small constant or a visible value in [1, 4].
Val FuncGen::loopStep() {
  if (R.chance(0.7)) return cInt(T::Idx, 1);
  std::vector<Val> cand;
  for (auto& s : scopes)
    for (auto& x : s.vals)
      if (x.ty == T::Idx && x.r.known && x.r.lo >= 1 && x.r.hi <= 4) cand.push_back(x);
  return !cand.empty() && R.chance(0.5) ? R.pick(cand) : cInt(T::Idx, R.range(2, 3));
}

// scf.while (%cnt = init, extra...) { ...; cond = cnt < limit && data; condition(cond) cnt,
// fwd... } do { ^bb0(%cnt, ...): ...; yield cnt + step, ... }
void FuncGen::whileLoop() {
  int64_t room = C.maxIters / iterMul;
  if (room < 1) return;
  int64_t maxTrip = std::min<int64_t>(C.maxTrip, room);
  bool idxCounter = R.chance(0.75);
  T ct = idxCounter ? T::Idx : R.pick(std::vector<T>{T::I32, T::I64, T::I16});
  const char* cty = tname(ct);
  // init and limit with static ranges; the trip count is at most limit.hi - init.lo.
  Val init, limit;
  if (idxCounter) {
    init = R.chance(0.6) ? cInt(T::Idx, R.range(0, 2)) : bound(std::min<int64_t>(maxTrip, 4));
    int64_t lmax = std::min<int64_t>(init.r.lo + maxTrip, C.maxDim + 2);
    limit = bound(lmax, R.chance(0.85) ? std::min(lmax, init.r.lo + 1) : 0);
  } else {
    init = cInt(ct, R.range(-2, 2));
    limit = cInt(ct, init.r.lo + R.range(0, maxTrip));
  }
  int64_t stepV = R.chance(0.75) ? 1 : 2;
  int64_t trips = std::max<int64_t>(0, limit.r.hi - init.r.lo);
  bool flagForm = R.chance(0.2);
  std::vector<T> bts = pickTypes(2); // extra before-args
  std::vector<Val> binit;
  for (T t : bts)
    binit.push_back(sanitize(scalar(t, 1)));
  Val flag0;
  if (flagForm) {
    Val lt = def(T::I1, std::string("arith.cmpi ") + (idxCounter ? "ult" : "slt") + ", " +
                            init.name + ", " + limit.name + " : " + cty);
    Val dc = boolExpr(1);
    flag0 = def(T::I1, "arith.andi " + lt.name + ", " + dc.name + " : i1");
  }
  // Names of the before args.
  Val cnt;
  cnt.name = fresh("w");
  cnt.ty = ct;
  cnt.blockArg = true;
  if (idxCounter && init.r.nonneg() && limit.r.known)
    cnt.r = Range::of(init.r.lo, std::max(init.r.hi, limit.r.hi + stepV - 1));
  std::vector<Val> bargs;
  for (T t : bts) {
    Val a;
    a.name = fresh("b");
    a.ty = t;
    a.blockArg = true;
    bargs.push_back(a);
  }
  Val fl;
  if (flagForm) {
    fl.name = fresh("f");
    fl.ty = T::I1;
  }
  std::vector<T> allB = {ct};
  for (T t : bts)
    allB.push_back(t);
  if (flagForm) allB.push_back(T::I1);
  bool outsideFalse = !flagForm && R.chance(0.05);
  Val falseOutside;
  if (outsideFalse) falseOutside = cInt(T::I1, 0);
  // The before region is generated into a separate buffer since the result types
  // (the condition's forwarded types) are only known after it.
  std::string savedOut;
  savedOut.swap(out);
  int savedInd = ind;
  ind = savedInd + 1;
  ++depth;
  int64_t savedMul = iterMul;
  iterMul *= std::max<int64_t>(1, trips + 1);
  push();
  add(cnt);
  for (auto& a : bargs)
    add(a);
  if (flagForm) add(fl);
  Val go;
  std::vector<T> fts;   // forwarded extra types
  std::vector<Val> fwd; // forwarded extra values
  if (flagForm) {
    go = fl;
  } else if (outsideFalse) {
    // The condition is a value from outside the while (a false constant): the before
    // region runs once, the after region never.
    block(std::max(1, C.stmtsInner / 2), /*noLoops=*/R.chance(0.7));
    go = falseOutside;
  } else {
    if (R.chance(0.5)) block(std::max(1, C.stmtsInner / 2), /*noLoops=*/R.chance(0.7));
    Val lt = def(T::I1, std::string("arith.cmpi ") +
                            (idxCounter ? (R.chance(0.5) ? "ult" : "slt") : "slt") + ", " +
                            cnt.name + ", " + limit.name + " : " + cty);
    Val dc = boolExpr(2);
    switch (R.range(0, 3)) {
    case 0: go = def(T::I1, "arith.andi " + lt.name + ", " + dc.name + " : i1"); break;
    case 1: go = def(T::I1, "arith.andi " + dc.name + ", " + lt.name + " : i1"); break;
    case 2: {
      Val tr = cInt(T::I1, 1);
      Val nd = def(T::I1, "arith.xori " + dc.name + ", " + tr.name + " : i1");
      go = def(T::I1, "arith.andi " + lt.name + ", " + nd.name + " : i1");
      break;
    }
    default: {
      Val dc2 = boolExpr(1);
      Val o = def(T::I1, "arith.ori " + dc.name + ", " + dc2.name + " : i1");
      go = def(T::I1, "arith.andi " + o.name + ", " + lt.name + " : i1");
      break;
    }
    }
  }
  fts = pickTypes(2);
  if (R.chance(0.4)) fts = bts; // often the same type list as the before args
  fwd = yieldVals(fts);
  if (fts == bts && !bts.empty() && R.chance(0.5)) fwd = bargs; // forward the args unchanged
  {
    std::vector<Val> all = {cnt};
    for (auto& v : fwd)
      all.push_back(v);
    std::string s = "scf.condition(" + go.name + ") ";
    for (size_t i = 0; i < all.size(); ++i)
      s += (i ? ", " : "") + all[i].name;
    s += " : ";
    for (size_t i = 0; i < all.size(); ++i)
      s += (i ? ", " : "") + std::string(tname(all[i].ty));
    line(s);
  }
  pop();
  std::string beforeText;
  beforeText.swap(out);
  out.swap(savedOut);
  ind = savedInd;
  // The op line.
  std::vector<T> rts = {ct};
  for (T t : fts)
    rts.push_back(t);
  std::string prefix;
  std::vector<std::string> rn = resultNames(rts.size(), prefix);
  std::string head = prefix + "scf.while (" + cnt.name + " = " + init.name;
  for (size_t i = 0; i < bargs.size(); ++i)
    head += ", " + bargs[i].name + " = " + binit[i].name;
  if (flagForm) head += ", " + fl.name + " = " + flag0.name;
  head += ") : (" + typeList(allB) + ") -> (" + typeList(rts) + ") {";
  line(head);
  --budget;
  out += beforeText;
  line("} do {");
  ++ind;
  push();
  Val acnt;
  acnt.name = fresh("w");
  acnt.ty = ct;
  acnt.blockArg = true;
  if (idxCounter && init.r.nonneg() && limit.r.known && limit.r.hi >= 1)
    acnt.r = Range::of(init.r.lo, std::max(init.r.lo, limit.r.hi - 1));
  if (idxCounter && limit.isDim.first >= 0 && init.r.nonneg()) acnt.dimOf.push_back(limit.isDim);
  std::vector<Val> aargs;
  for (T t : fts) {
    Val a;
    a.name = fresh("x");
    a.ty = t;
    a.blockArg = true;
    aargs.push_back(a);
  }
  {
    std::string s = "^bb0(" + acnt.name + ": " + cty;
    for (auto& a : aargs)
      s += ", " + a.name + ": " + tname(a.ty);
    --ind;
    line(s + "):");
    ++ind;
  }
  add(acnt);
  for (auto& a : aargs)
    add(a);
  block(C.stmtsInner);
  Val st = cInt(ct, stepV);
  Val next = def(ct, "arith.addi " + acnt.name + ", " + st.name + " : " + cty);
  std::vector<Val> ys = {next};
  std::vector<Val> rest = yieldVals(bts);
  for (auto& v : rest)
    ys.push_back(v);
  if (flagForm) {
    Val lt = def(T::I1, std::string("arith.cmpi ") + (idxCounter ? "ult" : "slt") + ", " +
                            next.name + ", " + limit.name + " : " + cty);
    Val dc = boolExpr(1);
    ys.push_back(def(T::I1, "arith.andi " + dc.name + ", " + lt.name + " : i1"));
  }
  line(yieldLine("scf.yield", ys));
  pop();
  --ind;
  line("}");
  iterMul = savedMul;
  --depth;
  for (size_t i = 0; i < rts.size(); ++i) {
    Val r;
    r.name = rn[i];
    r.ty = rts[i];
    if (i == 0 && idxCounter && cnt.r.known) r.r = cnt.r;
    add(r);
  }
}

} // namespace loomgen
