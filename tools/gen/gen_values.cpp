// FuncGen: constants, the choice of visible values, guards against undefined behaviour,
// and scalar expressions and conversions (func_gen.h).
#include "tools/gen/func_gen.h"

namespace loomgen {

Val FuncGen::cInt(T t, int64_t v) {
  if (t == T::I1) v &= 1;
  for (auto& s : scopes)
    for (auto& x : s.vals)
      if (x.isConst && x.ty == t && x.r.lo == v && x.fconst.empty()) return x;
  Val x;
  x.name = fresh("c");
  x.ty = t;
  x.isConst = true;
  x.r = Range::of(v, v);
  if (t == T::Idx && v < 0) x.r = Range{};
  if (t == T::I1) x.r = Range::of(v, v); // i1 constants: 0 or 1 in the range (bit value)
  line(x.name + " = arith.constant " + fmtInt(t, v));
  --budget;
  Val& r = add(x);
  r.r.lo = v;
  return r;
}

Val FuncGen::cFloat(T t, const std::string& txt) {
  for (auto& s : scopes)
    for (auto& x : s.vals)
      if (x.isConst && x.ty == t && x.fconst == txt) return x;
  Val x;
  x.name = fresh("cf");
  x.ty = t;
  x.isConst = true;
  x.fconst = txt;
  line(x.name + " = arith.constant " + txt + " : " + tname(t));
  --budget;
  return add(x);
}

int64_t FuncGen::interestingInt(T t) {
  switch (R.range(0, 9)) {
  case 0: return 0;
  case 1: return 1;
  case 2: return t == T::Idx ? 2 : -1;
  case 3: return tmax(t == T::Idx ? T::I32 : t);
  case 4: return t == T::Idx ? 64 : tmin(t);
  case 5: return R.range(2, 9);
  default: {
    int64_t lo = std::max<int64_t>(tmin(t), -1000), hi = std::min<int64_t>(tmax(t), 1000);
    if (t == T::Idx) {
      lo = 0;
      hi = 100;
    }
    if (t == T::I1) {
      lo = 0;
      hi = 1;
    }
    return R.range(lo, hi);
  }
  }
}

Val FuncGen::randConst(T t) {
  if (isF(t)) return cFloat(t, R.pick(kFloatConsts));
  int64_t v = interestingInt(t);
  if (t == T::I1) v = R.range(0, 1);
  return cInt(t, v);
}

// A visible value of type t; prefers inner scopes a little, sometimes an outer one.
bool FuncGen::pickExisting(T t, Val& out, bool nanFree) {
  std::vector<Val> v = visible(t);
  if (nanFree)
    v.erase(std::remove_if(v.begin(), v.end(), [](const Val& x) { return x.mayNaN; }), v.end());
  if (v.empty()) return false;
  std::vector<Val> nc;
  for (auto& x : v)
    if (!x.isConst) nc.push_back(x);
  if (!nc.empty() && R.chance(0.85)) v = nc;
  if (R.chance(0.4))
    out = v[static_cast<size_t>(R.range(std::max<int64_t>(0, static_cast<int64_t>(v.size()) - 4),
                                        static_cast<int64_t>(v.size()) - 1))];
  else
    out = R.pick(v);
  return true;
}

bool FuncGen::hasNonConst(T t) const {
  for (auto& s : scopes)
    for (auto& x : s.vals)
      if (x.ty == t && !x.isConst) return true;
  return false;
}

Val FuncGen::scalar(T t, int d) {
  Val v;
  if (d <= 0 && !hasNonConst(t) && castNest < 2 && R.chance(0.6)) {
    // Only constants of this type so far: convert a data value of another type.
    ++castNest;
    Val c = castTo(t, 1);
    --castNest;
    return c;
  }
  if ((d <= 0 || R.chance(0.5)) && pickExisting(t, v)) return v;
  if (d <= 0) return randConst(t);
  if (isF(t)) return floatExpr(t, d);
  if (t == T::I1) return boolExpr(d);
  return intExpr(t, d);
}

// A non-NaN float (bounded if clamp) from v.
Val FuncGen::sanitize(const Val& v, bool forceClamp) {
  if (!isF(v.ty) || (!v.mayNaN && !forceClamp)) return v;
  T t = v.ty;
  const char* ty = tname(t);
  if (!forceClamp && R.chance(0.4)) {
    Val un = def(T::I1, "arith.cmpf uno, " + v.name + ", " + v.name + " : " + ty);
    Val k = randConst(t);
    return def(t, "arith.select " + un.name + ", " + k.name + ", " + v.name + " : " + ty);
  }
  return clampF(v, "-1.000000e+06", "1.000000e+06");
}

// min(max(v, lo), hi) with ordered compares; NaN goes to hi.
Val FuncGen::clampF(const Val& v, const std::string& lo, const std::string& hi) {
  T t = v.ty;
  const char* ty = tname(t);
  Val h = cFloat(t, hi), l = cFloat(t, lo);
  Val c1 = def(T::I1, "arith.cmpf olt, " + v.name + ", " + h.name + " : " + ty);
  Val s1 = def(t, "arith.select " + c1.name + ", " + v.name + ", " + h.name + " : " + ty);
  Val c2 = def(T::I1, "arith.cmpf ogt, " + s1.name + ", " + l.name + " : " + ty);
  return def(t, "arith.select " + c2.name + ", " + s1.name + ", " + l.name + " : " + ty);
}

// A divisor that is never zero (and never -1 if signed).
Val FuncGen::guardDivisor(const Val& d, bool isSigned) {
  T t = d.ty;
  const char* ty = tname(t);
  if (d.r.known && d.r.lo >= 1) return d;
  int k = static_cast<int>(R.range(0, 2));
  if (isSigned) {
    if (k == 0) {
      Val m = cInt(t, t == T::I8 ? 0x3F : 0x7FF);
      Val a = def(t, "arith.andi " + d.name + ", " + m.name + " : " + ty,
                  Range::of(0, t == T::I8 ? 0x3F : 0x7FF));
      Val one = cInt(t, 1);
      return def(t, "arith.ori " + a.name + ", " + one.name + " : " + ty, Range::of(1, a.r.hi | 1));
    }
    Val one = cInt(t, 1);
    Val o = def(t, "arith.ori " + d.name + ", " + one.name + " : " + ty);
    Val m1 = cInt(t, -1);
    Val is = def(T::I1, "arith.cmpi eq, " + o.name + ", " + m1.name + " : " + ty);
    Val three = cInt(t, 3);
    return def(t, "arith.select " + is.name + ", " + three.name + ", " + o.name + " : " + ty);
  }
  if (k == 0) {
    Val one = cInt(t, 1);
    return def(t, "arith.ori " + d.name + ", " + one.name + " : " + ty);
  }
  if (k == 1) {
    Val one = cInt(t, 1);
    return def(t, "arith.maxui " + d.name + ", " + one.name + " : " + ty);
  }
  Val z = cInt(t, 0);
  Val is = def(T::I1, "arith.cmpi eq, " + d.name + ", " + z.name + " : " + ty);
  Val k7 = cInt(t, 7);
  return def(t, "arith.select " + is.name + ", " + k7.name + ", " + d.name + " : " + ty);
}

Val FuncGen::guardFDivisor(const Val& d) {
  const char* ty = tname(d.ty);
  Val z = cFloat(d.ty, "0.000000e+00");
  Val is = def(T::I1, "arith.cmpf oeq, " + d.name + ", " + z.name + " : " + ty);
  Val one = cFloat(d.ty, R.chance(0.5) ? "1.000000e+00" : "-3.000000e+00");
  Val r = def(d.ty, "arith.select " + is.name + ", " + one.name + ", " + d.name + " : " + ty);
  r.mayNaN = d.mayNaN;
  scopes.back().vals.back().mayNaN = d.mayNaN;
  return r;
}

Val FuncGen::shiftAmount(T t, int d) {
  Val a = scalar(t, d - 1);
  int64_t mask = bits(t) - 1;
  if (a.r.known && a.r.lo >= 0 && a.r.hi <= mask) return a;
  Val m = cInt(t, mask);
  return def(t, "arith.andi " + a.name + ", " + m.name + " : " + tname(t), Range::of(0, mask));
}

Val FuncGen::intExpr(T t, int d) {
  const char* ty = tname(t);
  std::vector<double> w = {5, 2, 1.5, 2, 1.2, 1.5, 1.5, 0.7};
  // 0 plain binary, 1 div/rem, 2 shift, 3 cast, 4 select, 5 load, 6 constant, 7 dim
  if (t == T::I1) w[1] = 0;
  switch (R.weighted(w)) {
  case 0: {
    static const char* ops[] = {"addi", "subi",  "muli",  "andi",  "ori",
                                "xori", "maxsi", "maxui", "minsi", "minui"};
    std::string op = ops[R.range(0, 9)];
    Val a = scalar(t, d - 1), b = scalar(t, d - 1);
    Range r;
    if (op == "addi" && small(a.r) && small(b.r)) r = Range::of(a.r.lo + b.r.lo, a.r.hi + b.r.hi);
    if (op == "subi" && small(a.r) && small(b.r)) r = Range::of(a.r.lo - b.r.hi, a.r.hi - b.r.lo);
    if (op == "muli" && small(a.r, 1 << 15) && small(b.r, 1 << 15)) {
      int64_t c[] = {a.r.lo * b.r.lo, a.r.lo * b.r.hi, a.r.hi * b.r.lo, a.r.hi * b.r.hi};
      r = Range::of(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
    }
    if (op == "andi") {
      if (a.r.nonneg() && b.r.nonneg())
        r = Range::of(0, std::min(a.r.hi, b.r.hi));
      else if (a.r.nonneg())
        r = Range::of(0, a.r.hi);
      else if (b.r.nonneg())
        r = Range::of(0, b.r.hi);
    }
    if ((op == "maxsi" || op == "minsi") && a.r.known && b.r.known)
      r = op == "maxsi" ? Range::of(std::max(a.r.lo, b.r.lo), std::max(a.r.hi, b.r.hi))
                        : Range::of(std::min(a.r.lo, b.r.lo), std::min(a.r.hi, b.r.hi));
    if (op == "minui") {
      if (a.r.nonneg() && b.r.nonneg())
        r = Range::of(std::min(a.r.lo, b.r.lo), std::min(a.r.hi, b.r.hi));
      else if (a.r.nonneg())
        r = Range::of(0, a.r.hi);
      else if (b.r.nonneg())
        r = Range::of(0, b.r.hi);
    }
    if (op == "maxui" && a.r.nonneg() && b.r.nonneg())
      r = Range::of(std::max(a.r.lo, b.r.lo), std::max(a.r.hi, b.r.hi));
    if (t == T::I1) r = Range{};
    return def(t, "arith." + op + " " + a.name + ", " + b.name + " : " + ty, r);
  }
  case 1: {
    static const char* ops[] = {"divsi",     "divui",     "remsi",     "remui",
                                "ceildivsi", "ceildivui", "floordivsi"};
    std::string op = ops[R.range(0, 6)];
    bool sgn = op == "divsi" || op == "remsi" || op == "ceildivsi" || op == "floordivsi";
    Val a = scalar(t, d - 1);
    Val b0 = R.chance(0.3) ? cInt(t, R.range(2, 13)) : scalar(t, d - 1);
    Val b = guardDivisor(b0, sgn);
    Range r;
    if (op == "remui" && b.r.known && b.r.lo >= 1) r = Range::of(0, b.r.hi - 1);
    if (op == "divui" && a.r.nonneg() && b.r.known && b.r.lo >= 1)
      r = Range::of(a.r.lo / b.r.hi, a.r.hi / b.r.lo);
    return def(t, "arith." + op + " " + a.name + ", " + b.name + " : " + ty, r);
  }
  case 2: {
    static const char* ops[] = {"shli", "shrsi", "shrui"};
    std::string op = ops[R.range(0, 2)];
    Val a = scalar(t, d - 1);
    Val s = shiftAmount(t, d);
    Range r;
    if (op == "shrui" && a.r.nonneg()) r = Range::of(0, a.r.hi);
    return def(t, "arith." + op + " " + a.name + ", " + s.name + " : " + ty, r);
  }
  case 3: return castTo(t, d);
  case 4: {
    Val c = scalar(T::I1, d - 1);
    Val a = scalar(t, d - 1), b = scalar(t, d - 1);
    return def(t, "arith.select " + c.name + ", " + a.name + ", " + b.name + " : " + ty,
               unionR(a.r, b.r));
  }
  case 5: {
    Val v;
    if (load(t, v)) return v;
    return randConst(t);
  }
  case 7: {
    Val v;
    if (t == T::Idx && dimValue(v)) return v;
    return randConst(t);
  }
  default: return randConst(t);
  }
}

Val FuncGen::boolExpr(int d) {
  switch (R.weighted({4, 2, 1.5, 1, 1, 0.6})) {
  case 0: {
    static const char* preds[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                  "sge", "ult", "ule", "ugt", "uge"};
    T t = R.pick(std::vector<T>{T::I8, T::I16, T::I32, T::I64, T::Idx, T::I32, T::Idx, T::I1});
    Val a = scalar(t, d - 1), b = scalar(t, d - 1);
    return def(T::I1, std::string("arith.cmpi ") + preds[R.range(0, 9)] + ", " + a.name + ", " +
                          b.name + " : " + tname(t));
  }
  case 1: {
    static const char* preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                  "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
    T t = R.chance(0.5) ? T::F32 : T::F64;
    Val a = scalar(t, d - 1), b = scalar(t, d - 1);
    return def(T::I1, std::string("arith.cmpf ") + preds[R.range(0, 15)] + ", " + a.name + ", " +
                          b.name + " : " + tname(t));
  }
  case 2: {
    static const char* ops[] = {"andi", "ori", "xori", "addi", "subi", "muli", "maxsi", "minui"};
    Val a = scalar(T::I1, d - 1), b = scalar(T::I1, d - 1);
    return def(T::I1,
               std::string("arith.") + ops[R.range(0, 7)] + " " + a.name + ", " + b.name + " : i1");
  }
  case 3: return castTo(T::I1, d);
  case 4: {
    Val c = scalar(T::I1, d - 1), a = scalar(T::I1, d - 1), b = scalar(T::I1, d - 1);
    return def(T::I1, "arith.select " + c.name + ", " + a.name + ", " + b.name + " : i1");
  }
  default: {
    Val a = scalar(T::I1, d - 1);
    Val s = shiftAmount(T::I1, d);
    return def(T::I1, std::string(R.chance(0.5) ? "arith.shli " : "arith.shrsi ") + a.name + ", " +
                          s.name + " : i1");
  }
  }
}

Val FuncGen::floatExpr(T t, int d) {
  const char* ty = tname(t);
  switch (R.weighted({5, 1.2, 0.6, 1, 2, 1, 1.5, 1, 0.8})) {
  case 0: {
    static const char* ops[] = {"addf", "subf", "mulf", "maximumf", "minimumf"};
    std::string op = ops[R.range(0, 4)];
    Val a = scalar(t, d - 1), b = scalar(t, d - 1);
    return def(t, "arith." + op + " " + a.name + ", " + b.name + " : " + ty, {}, true);
  }
  case 1: {
    Val a = scalar(t, d - 1);
    Val b = guardFDivisor(R.chance(0.3) ? randConst(t) : scalar(t, d - 1));
    return def(t, "arith.divf " + a.name + ", " + b.name + " : " + ty, {}, true);
  }
  case 2: {
    Val a = scalar(t, d - 1);
    Val b = guardFDivisor(scalar(t, d - 1));
    return def(t, "arith.remf " + a.name + ", " + b.name + " : " + ty, {}, true);
  }
  case 3: {
    Val a = scalar(t, d - 1);
    return def(t, "arith.negf " + a.name + " : " + ty, {}, a.mayNaN);
  }
  case 4: return castTo(t, d);
  case 5: {
    Val c = scalar(T::I1, d - 1);
    Val a = scalar(t, d - 1), b = scalar(t, d - 1);
    return def(t, "arith.select " + c.name + ", " + a.name + ", " + b.name + " : " + ty, {},
               a.mayNaN || b.mayNaN);
  }
  case 6: {
    Val v;
    if (load(t, v)) return v;
    return randConst(t);
  }
  case 7: {
    Val a = scalar(t, d - 1);
    return sanitize(a, true);
  }
  default: return randConst(t);
  }
}

// A value of type t converted from another type.
Val FuncGen::castTo(T t, int d) {
  const char* ty = tname(t);
  if (isF(t)) {
    int k = static_cast<int>(R.weighted({3, 1.5, 1.2, 0.6}));
    if (k == 0 || k == 1) {
      T s = R.pick(kIntTypes);
      Val a = scalar(s, d - 1);
      return def(t, std::string(k == 0 ? "arith.sitofp " : "arith.uitofp ") + a.name + " : " +
                        tname(s) + " to " + ty);
    }
    if (k == 2) {
      T s = t == T::F32 ? T::F64 : T::F32;
      Val a = scalar(s, d - 1);
      return def(t,
                 std::string(t == T::F32 ? "arith.truncf " : "arith.extf ") + a.name + " : " +
                     tname(s) + " to " + ty,
                 {}, a.mayNaN || t == T::F32);
    }
    T s = t == T::F32 ? T::I32 : T::I64;
    Val a = scalar(s, d - 1);
    return def(t, "arith.bitcast " + a.name + " : " + tname(s) + " to " + ty, {}, true);
  }
  if (t == T::Idx) {
    T s = R.pick(std::vector<T>{T::I8, T::I16, T::I32, T::I64});
    Val a = scalar(s, d - 1);
    return def(t, "arith.index_cast " + a.name + " : " + tname(s) + " to index",
               a.r.nonneg() ? a.r : Range{});
  }
  // integer t
  std::vector<double> w = {2, 2, 1.5, 1.2, 0.6};
  // 0 ext from narrower, 1 trunc from wider, 2 index_cast, 3 fptosi/fptoui, 4 bitcast
  if (t == T::I1) {
    w[0] = 0;
    w[2] = 0;
    w[4] = 0;
  }
  if (t == T::I64) w[1] = 0;
  if (t != T::I32 && t != T::I64) w[4] = 0;
  switch (R.weighted(w)) {
  case 0: {
    std::vector<T> nar;
    for (T s : kIntTypes)
      if (bits(s) < bits(t)) nar.push_back(s);
    T s = R.pick(nar);
    Val a = scalar(s, d - 1);
    bool sx = R.chance(0.5);
    Range r;
    if (sx)
      r = a.r.known && s != T::I1 ? a.r : Range::of(tmin(s), tmax(s));
    else
      r = a.r.nonneg() && s != T::I1 ? a.r : Range::of(0, (int64_t(1) << bits(s)) - 1);
    if (s == T::I1) r = sx ? Range::of(-1, 0) : Range::of(0, 1);
    return def(t,
               std::string(sx ? "arith.extsi " : "arith.extui ") + a.name + " : " + tname(s) +
                   " to " + ty,
               r);
  }
  case 1: {
    std::vector<T> wid;
    for (T s : kIntTypes)
      if (bits(s) > bits(t)) wid.push_back(s);
    T s = R.pick(wid);
    Val a = scalar(s, d - 1);
    Range r = t != T::I1 && a.r.known && fitsT(t, a.r.lo, a.r.hi) ? a.r : Range{};
    return def(t, "arith.trunci " + a.name + " : " + tname(s) + " to " + ty, r);
  }
  case 2: {
    // MLIR 14's mlir-opt conversion lost the operand of an index -> iN index_cast whose
    // operand it folds away (a select, or an op --arith-expand turns into one, or an
    // scf.if / scf.while result, with a condition that folds): "operation's operand
    // is null". Only block arguments (never folded) and constants are cast.
    std::vector<Val> ba;
    for (auto& sc : scopes)
      for (auto& x : sc.vals)
        if (x.ty == T::Idx && x.blockArg) ba.push_back(x);
    Val a = !ba.empty() && R.chance(0.9) ? R.pick(ba) : cInt(T::Idx, R.range(0, 9));
    Range r = a.r.known && fitsT(t, a.r.lo, a.r.hi) ? a.r : Range{};
    return def(t, "arith.index_cast " + a.name + " : index to " + ty, r);
  }
  case 3: {
    T s = R.chance(0.5) ? T::F32 : T::F64;
    Val a = scalar(s, d - 1);
    bool sgn = R.chance(0.6);
    // What the value is clamped to before it converts to t: signed [lo, hi], unsigned
    // [0, uhi].
    struct Bounds {
      const char *lo, *hi, *uhi;
    };
    Bounds b = [t]() -> Bounds {
      switch (t) {
      case T::I1: return {"-1.000000e+00", "0.000000e+00", "1.000000e+00"};
      case T::I8: return {"-1.280000e+02", "1.270000e+02", "2.550000e+02"};
      case T::I16: return {"-3.200000e+04", "3.200000e+04", "6.500000e+04"};
      case T::I32: return {"-2.000000e+09", "2.000000e+09", "4.000000e+09"};
      default: return {"-1.000000e+18", "1.000000e+18", "1.000000e+18"};
      }
    }();
    Val c = sgn ? clampF(a, b.lo, b.hi) : clampF(a, "0.000000e+00", b.uhi);
    return def(t, std::string(sgn ? "arith.fptosi " : "arith.fptoui ") + c.name + " : " + tname(s) +
                      " to " + ty);
  }
  default: {
    T s = t == T::I32 ? T::F32 : T::F64;
    Val a = scalar(s, d - 1);
    a = sanitize(a);
    return def(t, "arith.bitcast " + a.name + " : " + tname(s) + " to " + ty);
  }
  }
}

} // namespace loomgen
