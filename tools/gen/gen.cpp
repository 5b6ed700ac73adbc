// loom-gen: prints a random, well-formed, terminating MLIR program (MLIR 22 spelling)
// for differential testing of loom-sim (see tools/gen/README.md).
//
//   loom-gen --seed S [--size small|medium|large] [--kernels K] [--shape deep|wide]
//
// The program is a `main` that allocates and deterministically initializes memrefs,
// calls K kernel functions (some more than once, with scalar arguments chosen so that
// some loops are zero-trip), and prints every returned scalar and every buffer. Kernels
// mix nested scf.for / scf.while / scf.if with iter_args, values crossing region
// boundaries, loads and stores through views, and the arith ops of the input language.
//
// Every program is free of undefined behaviour by construction:
//  * indices: every index value carries a static range (or "is a valid index of dim d
//    of memref m" when it is an iv bounded by memref.dim); accesses use only indices
//    proven in bounds, or data reduced by remui/andi to the extent;
//  * loops: bounds and steps have static ranges, step >= 1, and the product of the trip
//    counts of a nest stays under a budget; every scf.while is `counter < limit and ...`
//    with the counter advanced by a positive constant in the after region;
//  * division: divisors are forced non-zero (and not -1 for signed ops); shift amounts
//    are masked to width - 1; fptosi/fptoui operands are clamped into range (NaN goes
//    to a bound); floats that reach memory, a yield, a return or a print are NaN-free;
//  * memory: every buffer is fully initialized before it is read; the memref arguments
//    of one call never alias.
// Same seed and options, same program (own PRNG, no std distributions).
//
// Shapes (no input may crash the tool): `deep` nests one path of loops and
// branches 16..120 levels deep in each kernel (accelerated functions may nest 128), the
// rest as usual; `wide` gives each kernel 8..40 scalar parameters and ten times the
// statements, mostly independent, at function level.

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

constexpr int64_t kDyn = INT64_MIN;

// ---------------------------------------------------------------------------------------
// Deterministic PRNG (splitmix64).
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x1234567ull) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi] (inclusive).
  int64_t range(int64_t lo, int64_t hi) {
    if (hi <= lo) return lo;
    uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
    if (span == 0) return static_cast<int64_t>(next());
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + next() % span);
  }
  bool chance(double p) {
    return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0) < p;
  }
  template <typename V> auto pick(const V& v) {
    return v[static_cast<size_t>(range(0, static_cast<int64_t>(v.size()) - 1))];
  }
  // Index chosen with the given weights.
  size_t weighted(const std::vector<double>& w) {
    double total = 0;
    for (double x : w)
      total += x;
    double r = static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0) * total;
    for (size_t i = 0; i < w.size(); ++i) {
      if (r < w[i]) return i;
      r -= w[i];
    }
    return w.size() - 1;
  }
};

// ---------------------------------------------------------------------------------------
// Types.
enum class T : uint8_t { I1, I8, I16, I32, I64, Idx, F32, F64 };

const char* tname(T t) {
  switch (t) {
  case T::I1: return "i1";
  case T::I8: return "i8";
  case T::I16: return "i16";
  case T::I32: return "i32";
  case T::I64: return "i64";
  case T::Idx: return "index";
  case T::F32: return "f32";
  case T::F64: return "f64";
  }
  return "?";
}
int bits(T t) {
  switch (t) {
  case T::I1: return 1;
  case T::I8: return 8;
  case T::I16: return 16;
  case T::I32: return 32;
  case T::I64: return 64;
  case T::Idx: return 64;
  case T::F32: return 32;
  case T::F64: return 64;
  }
  return 0;
}
bool isF(T t) {
  return t == T::F32 || t == T::F64;
}
bool isIntLike(T t) {
  return !isF(t);
}
int64_t tmin(T t) {
  if (t == T::Idx) return 0;
  int b = bits(t);
  return b == 64 ? INT64_MIN : -(int64_t(1) << (b - 1));
}
int64_t tmax(T t) {
  if (t == T::Idx) return int64_t(1) << 40; // ranges of index values stay far from overflow
  int b = bits(t);
  return b == 64 ? INT64_MAX : (int64_t(1) << (b - 1)) - 1;
}

const std::vector<T> kIntTypes = {T::I1, T::I8, T::I16, T::I32, T::I64};
const std::vector<T> kScalarTypes = {T::I1, T::I8, T::I16, T::I32, T::I64, T::Idx, T::F32, T::F64};
const std::vector<T> kElemTypes = {T::I8, T::I16, T::I32, T::I64, T::F32, T::F64};

// ---------------------------------------------------------------------------------------
// Memref types and layouts: strided<[strides], offset: o> as MLIR 22 prints it (`?` for
// dynamic, no offset when it is 0).
std::string stridedLayout(int64_t offset, const std::vector<int64_t>& strides) {
  auto num = [](int64_t v) { return v == kDyn ? std::string("?") : std::to_string(v); };
  std::string s = "strided<[";
  for (size_t i = 0; i < strides.size(); ++i)
    s += (i ? ", " : "") + num(strides[i]);
  s += "]";
  if (offset != 0) s += ", offset: " + num(offset);
  return s + ">";
}

struct MemType {
  T elem = T::I32;
  std::vector<int64_t> shape; // kDyn: '?'
  bool identity = true;
  int64_t offset = 0;           // non-identity only (kDyn: symbol)
  std::vector<int64_t> strides; // non-identity only (kDyn: symbol)

  size_t rank() const { return shape.size(); }
  std::string str() const {
    std::string s = "memref<";
    for (int64_t d : shape)
      s += (d == kDyn ? std::string("?") : std::to_string(d)) + "x";
    s += tname(elem);
    if (!identity) s += ", " + stridedLayout(offset, strides);
    return s + ">";
  }
  std::vector<int64_t> effStrides() const {
    if (!identity) return strides;
    std::vector<int64_t> st(shape.size(), 1);
    int64_t acc = 1;
    for (size_t i = shape.size(); i-- > 0;) {
      st[i] = acc;
      if (acc != kDyn) acc = shape[i] == kDyn ? kDyn : acc * shape[i];
    }
    return st;
  }
  int64_t effOffset() const { return identity ? 0 : offset; }
  bool staticLayout() const {
    if (identity) {
      for (int64_t d : shape)
        if (d == kDyn) return false;
      return true;
    }
    if (offset == kDyn) return false;
    for (int64_t s : strides)
      if (s == kDyn) return false;
    return true;
  }
};

// A static strided layout equal to the identity one is written as the identity: MLIR
// infers the identity layout in places (expand_shape / collapse_shape of an identity
// memref give identity results, and their result type must be exactly the inferred one).
MemType normalized(MemType m) {
  if (m.identity || m.offset != 0) return m;
  for (int64_t d : m.shape)
    if (d == kDyn) return m;
  MemType id = m;
  id.identity = true;
  if (id.effStrides() != m.strides) return m;
  id.strides.clear();
  return id;
}

MemType fullyDynamic(T elem, const std::vector<int64_t>& shape) {
  MemType m;
  m.elem = elem;
  m.shape = shape;
  m.identity = false;
  m.offset = kDyn;
  m.strides.assign(shape.size(), kDyn);
  return m;
}

// The result type MLIR infers for a subview (offs/sizes/strides: kDyn for operands),
// with the dims in `drop` (static size 1) rank-reduced away.
MemType inferSubview(const MemType& src, const std::vector<int64_t>& offs,
                     const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides,
                     const std::vector<bool>& drop) {
  std::vector<int64_t> ss = src.effStrides();
  int64_t off = src.effOffset();
  // A static 0 offset adds nothing even along a dynamic stride (MLIR 22 folds 0 * ?;
  // MLIR 14 made the whole offset dynamic).
  for (size_t d = 0; d < offs.size(); ++d) {
    if (offs[d] == 0 || off == kDyn) continue;
    if (offs[d] == kDyn || ss[d] == kDyn)
      off = kDyn;
    else
      off += offs[d] * ss[d];
  }
  MemType r;
  r.elem = src.elem;
  r.identity = false;
  r.offset = off;
  for (size_t d = 0; d < offs.size(); ++d) {
    if (drop[d]) continue;
    r.shape.push_back(sizes[d]);
    r.strides.push_back(strides[d] == kDyn || ss[d] == kDyn ? kDyn : strides[d] * ss[d]);
  }
  return normalized(r);
}

// ---------------------------------------------------------------------------------------
// Static value ranges (for index values: unsigned, far below 2^40).
struct Range {
  bool known = false;
  int64_t lo = 0, hi = 0;
  static Range of(int64_t a, int64_t b) { return Range{true, a, b}; }
  bool nonneg() const { return known && lo >= 0; }
};

bool fitsT(T t, int64_t lo, int64_t hi) {
  return lo >= tmin(t) && hi <= tmax(t) && lo <= hi;
}
Range clampR(T t, Range r) {
  if (!r.known || !fitsT(t, r.lo, r.hi)) return Range{};
  return r;
}
Range unionR(Range a, Range b) {
  if (!a.known || !b.known) return Range{};
  return Range::of(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}
bool small(Range r, int64_t lim = (int64_t(1) << 30)) {
  return r.known && r.lo > -lim && r.hi < lim;
}

// ---------------------------------------------------------------------------------------
// Generated values.
struct Val {
  std::string name;
  T ty = T::I32;
  Range r;
  bool mayNaN = false;                    // floats: may be NaN (must not reach memory or a print)
  bool isConst = false;                   // arith.constant (integer value in r.lo)
  std::string fconst;                     // float constant text
  std::vector<std::pair<int, int>> dimOf; // a valid index of dim .second of memref id .first
  std::pair<int, int> isDim{-1, -1};      // the value of memref.dim (memref id, dim)
  bool blockArg = false; // a block argument (function, loop iv, iter_arg, while argument)
};

struct MemVal {
  std::string name;
  int id = 0;
  MemType type;
  std::vector<int64_t> minExt, maxExt; // guaranteed / maximum extent per dim
  bool whole = false;                  // identity layout over a whole allocation
  int64_t rootElems = 0;               // whole: guaranteed number of elements
  int root = -1;                       // id of the allocation or parameter it views
};

struct Scope {
  std::vector<Val> vals;
  std::vector<MemVal> mems;
};

enum class Size { Small, Medium, Large };
enum class Shape { Normal, Deep, Wide };

struct Config {
  Size size = Size::Small;
  int maxDepth = 2;       // loop/if nesting depth
  int stmtsTop = 6;       // statements at function level
  int stmtsInner = 3;     // statements per nested block
  int64_t maxTrip = 6;    // trip count of one loop
  int64_t maxIters = 150; // product of the trip counts of a nest
  int64_t maxDim = 8;     // memref extent
  int exprDepth = 2;
  int opBudget = 60; // ops per kernel (soft)
  int spine = 0;     // deep shape: levels one path of each kernel nests (past maxDepth)
  int minScalars = 1, maxScalars = 4; // scalar parameters of a kernel
};

// ---------------------------------------------------------------------------------------
// Kernel parameters and how main builds each memref argument.
enum class MemArgKind {
  Exact,       // alloc of exactly the parameter type (or expand_shape of a flat alloc)
  CastDyn,     // alloc of a static shape within [minExt, maxExt], memref.cast to ?-dims
  Subview,     // static subview of a larger root (static strided layout)
  DynLayout,   // fully dynamic layout: static subview + cast, or subview with operands
  Reinterpret, // reinterpret_cast of a flat root (static strided layout)
};

struct Param {
  bool isMem = false;
  std::string name;
  // scalar
  T ty = T::I32;
  Range r;      // index parameters: the range main respects
  int role = 0; // index parameters: 0 free, 1 upper bound / limit, 2 start, 3 step
  // memref
  MemType mt;
  std::vector<int64_t> minExt, maxExt;
  MemArgKind mk = MemArgKind::Exact;
  std::vector<int64_t> rootShape, offs, sizes, strides; // Subview / Reinterpret
  int64_t rOffset = 0;
};

struct Kernel {
  std::string name;
  std::vector<Param> params;
  std::vector<T> results;
  std::string text;
};

std::string fmtInt(T t, int64_t v) {
  if (t == T::I1) return v ? "true" : "false";
  return std::to_string(v) + " : " + tname(t);
}

const std::vector<std::string> kFloatConsts = {
    "0.000000e+00",  "-0.000000e+00", "1.000000e+00",  "-1.000000e+00", "5.000000e-01",
    "2.000000e+00",  "1.000000e-01",  "-2.500000e+00", "3.000000e+00",  "1.000000e+02",
    "1.000000e-03",  "1.500000e+04",  "3.330000e-01",  "-7.750000e+00", "1.000000e+10",
    "-1.250000e-01", "6.553600e+04",  "4.200000e+01",  "-3.000000e+02", "7.000000e+00"};

// ---------------------------------------------------------------------------------------
// Function body generator.
class FuncGen {
public:
  FuncGen(Rng& rng, const Config& cfg) : R(rng), C(cfg) {}

  Rng& R;
  const Config& C;
  std::string out;
  int ind = 1;
  std::vector<Scope> scopes;
  int counter = 0;
  int memCounter = 0;
  int budget = 0;
  int depth = 0;       // structured-op nesting depth
  int spineLeft = 0;   // deep shape: levels the next block still has to nest
  int64_t iterMul = 1; // product of the trip-count bounds of the enclosing loops

  // An enclosing scf.parallel. Its iterations must not race: the body stores only to its
  // owner, at indices whose leading coordinates are the loop's induction variables (so
  // two iterations never store one element), and nothing in the body reads the owner's
  // allocation. A parallel loop without an owner stores nothing.
  struct ParLoop {
    std::vector<Val> ivs;
    bool owns = false;
    MemVal owner;
  };
  std::vector<ParLoop> par;

  std::string fresh(const char* p = "v") {
    return "%" + std::string(p) + std::to_string(counter++);
  }
  void line(const std::string& s) {
    out.append(static_cast<size_t>(ind) * 2, ' ');
    out += s;
    out += "\n";
  }
  void push() { scopes.emplace_back(); }
  void pop() { scopes.pop_back(); }
  Val& add(Val v) {
    scopes.back().vals.push_back(std::move(v));
    return scopes.back().vals.back();
  }
  MemVal& addMem(MemVal m) {
    scopes.back().mems.push_back(std::move(m));
    return scopes.back().mems.back();
  }

  // Emits `%n = RHS` and registers a value of type t.
  Val def(T t, const std::string& rhs, Range r = {}, bool nan = false) {
    Val v;
    v.name = fresh();
    v.ty = t;
    v.r = isIntLike(t) ? clampR(t, r) : Range{};
    v.mayNaN = isF(t) && nan;
    line(v.name + " = " + rhs);
    --budget;
    return add(v);
  }

  // Visible values of type t, innermost scope last.
  std::vector<Val> visible(T t) const {
    std::vector<Val> v;
    for (auto& s : scopes)
      for (auto& x : s.vals)
        if (x.ty == t) v.push_back(x);
    return v;
  }
  std::vector<MemVal> visibleMems() const {
    std::vector<MemVal> v;
    for (auto& s : scopes)
      for (auto& m : s.mems)
        v.push_back(m);
    return v;
  }

  // ------------------------------------------------------------------ constants
  Val cInt(T t, int64_t v) {
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
  Val cFloat(T t, const std::string& txt) {
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
  int64_t interestingInt(T t) {
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
  Val randConst(T t) {
    if (isF(t)) return cFloat(t, R.pick(kFloatConsts));
    int64_t v = interestingInt(t);
    if (t == T::I1) v = R.range(0, 1);
    return cInt(t, v);
  }

  // ------------------------------------------------------------------ picking values
  // A visible value of type t; prefers inner scopes a little, sometimes an outer one.
  bool pickExisting(T t, Val& out, bool nanFree = false) {
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

  int castNest = 0;
  bool hasNonConst(T t) const {
    for (auto& s : scopes)
      for (auto& x : s.vals)
        if (x.ty == t && !x.isConst) return true;
    return false;
  }
  Val scalar(T t, int d) {
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

  // ------------------------------------------------------------------ guards
  // A non-NaN float (bounded if clamp) from v.
  Val sanitize(const Val& v, bool forceClamp = false) {
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
  Val clampF(const Val& v, const std::string& lo, const std::string& hi) {
    T t = v.ty;
    const char* ty = tname(t);
    Val h = cFloat(t, hi), l = cFloat(t, lo);
    Val c1 = def(T::I1, "arith.cmpf olt, " + v.name + ", " + h.name + " : " + ty);
    Val s1 = def(t, "arith.select " + c1.name + ", " + v.name + ", " + h.name + " : " + ty);
    Val c2 = def(T::I1, "arith.cmpf ogt, " + s1.name + ", " + l.name + " : " + ty);
    return def(t, "arith.select " + c2.name + ", " + s1.name + ", " + l.name + " : " + ty);
  }
  // A divisor that is never zero (and never -1 if signed).
  Val guardDivisor(const Val& d, bool isSigned) {
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
        return def(t, "arith.ori " + a.name + ", " + one.name + " : " + ty,
                   Range::of(1, a.r.hi | 1));
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
  Val guardFDivisor(const Val& d) {
    const char* ty = tname(d.ty);
    Val z = cFloat(d.ty, "0.000000e+00");
    Val is = def(T::I1, "arith.cmpf oeq, " + d.name + ", " + z.name + " : " + ty);
    Val one = cFloat(d.ty, R.chance(0.5) ? "1.000000e+00" : "-3.000000e+00");
    Val r = def(d.ty, "arith.select " + is.name + ", " + one.name + ", " + d.name + " : " + ty);
    r.mayNaN = d.mayNaN;
    scopes.back().vals.back().mayNaN = d.mayNaN;
    return r;
  }
  Val shiftAmount(T t, int d) {
    Val a = scalar(t, d - 1);
    int64_t mask = bits(t) - 1;
    if (a.r.known && a.r.lo >= 0 && a.r.hi <= mask) return a;
    Val m = cInt(t, mask);
    return def(t, "arith.andi " + a.name + ", " + m.name + " : " + tname(t), Range::of(0, mask));
  }

  // ------------------------------------------------------------------ expressions
  Val intExpr(T t, int d) {
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

  Val boolExpr(int d) {
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
      return def(T::I1, std::string("arith.") + ops[R.range(0, 7)] + " " + a.name + ", " + b.name +
                            " : i1");
    }
    case 3: return castTo(T::I1, d);
    case 4: {
      Val c = scalar(T::I1, d - 1), a = scalar(T::I1, d - 1), b = scalar(T::I1, d - 1);
      return def(T::I1, "arith.select " + c.name + ", " + a.name + ", " + b.name + " : i1");
    }
    default: {
      Val a = scalar(T::I1, d - 1);
      Val s = shiftAmount(T::I1, d);
      return def(T::I1, std::string(R.chance(0.5) ? "arith.shli " : "arith.shrsi ") + a.name +
                            ", " + s.name + " : i1");
    }
    }
  }

  Val floatExpr(T t, int d) {
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
  Val castTo(T t, int d) {
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
      std::string lo, hi;
      switch (t) {
      case T::I1:
        lo = sgn ? "-1.000000e+00" : "0.000000e+00";
        hi = sgn ? "0.000000e+00" : "1.000000e+00";
        break;
      case T::I8:
        lo = sgn ? "-1.280000e+02" : "0.000000e+00";
        hi = sgn ? "1.270000e+02" : "2.550000e+02";
        break;
      case T::I16:
        lo = sgn ? "-3.200000e+04" : "0.000000e+00";
        hi = sgn ? "3.200000e+04" : "6.500000e+04";
        break;
      case T::I32:
        lo = sgn ? "-2.000000e+09" : "0.000000e+00";
        hi = sgn ? "2.000000e+09" : "4.000000e+09";
        break;
      default:
        lo = sgn ? "-1.000000e+18" : "0.000000e+00";
        hi = "1.000000e+18";
        break;
      }
      Val c = clampF(a, lo, hi);
      return def(t, std::string(sgn ? "arith.fptosi " : "arith.fptoui ") + c.name + " : " +
                        tname(s) + " to " + ty);
    }
    default: {
      T s = t == T::I32 ? T::F32 : T::F64;
      Val a = scalar(s, d - 1);
      a = sanitize(a);
      return def(t, "arith.bitcast " + a.name + " : " + tname(s) + " to " + ty);
    }
    }
  }

  // ------------------------------------------------------------------ memory
  bool hasDimOf(const Val& v, int id, int d) const {
    for (auto& p : v.dimOf)
      if (p.first == id && p.second == d) return true;
    return false;
  }

  // An index value valid for dim d of m; false if none can be made (extent may be 0).
  bool index(const MemVal& m, int d, Val& out, int lvl = 0) {
    int64_t E = m.minExt[static_cast<size_t>(d)];
    std::vector<Val> ok;
    for (auto& s : scopes)
      for (auto& x : s.vals)
        if (x.ty == T::Idx && (hasDimOf(x, m.id, d) || (x.r.nonneg() && x.r.hi <= E - 1)))
          ok.push_back(x);
    if (!ok.empty() && R.chance(lvl ? 0.7 : 0.55)) {
      // Prefer non-constants (ivs and derived values).
      std::vector<Val> nc;
      for (auto& x : ok)
        if (!x.isConst) nc.push_back(x);
      out = !nc.empty() && R.chance(0.8) ? R.pick(nc) : R.pick(ok);
      return true;
    }
    if (E <= 0) {
      if (ok.empty()) return false;
      out = R.pick(ok);
      return true;
    }
    switch (R.weighted({1.5, 2.5, 2, lvl < 1 ? 0.6 : 0})) {
    case 0: out = cInt(T::Idx, R.range(0, E - 1)); return true;
    case 1: {
      std::vector<Val> known;
      for (auto& s : scopes)
        for (auto& x : s.vals)
          if (x.ty == T::Idx && !x.isConst) known.push_back(x);
      if (known.empty()) {
        out = cInt(T::Idx, R.range(0, E - 1));
        return true;
      }
      Val v = R.pick(known);
      int k = static_cast<int>(R.range(0, 4));
      if (k == 0 && v.r.nonneg() && v.r.hi < E - 1) {
        Val c = cInt(T::Idx, R.range(1, E - 1 - v.r.hi));
        out = def(T::Idx, "arith.addi " + v.name + ", " + c.name + " : index",
                  Range::of(v.r.lo + c.r.lo, v.r.hi + c.r.lo));
        return true;
      }
      if (k == 1 && v.r.nonneg() && v.r.hi <= E - 1) {
        Val c = cInt(T::Idx, E - 1);
        out = def(T::Idx, "arith.subi " + c.name + ", " + v.name + " : index",
                  Range::of(E - 1 - v.r.hi, E - 1 - v.r.lo));
        return true;
      }
      if (k == 2) {
        Val c = cInt(T::Idx, E - 1);
        out = def(T::Idx, "arith.minui " + v.name + ", " + c.name + " : index",
                  Range::of(v.r.nonneg() ? std::min(v.r.lo, E - 1) : 0, E - 1));
        return true;
      }
      if (k == 3 && v.r.nonneg() && v.r.hi / 2 <= E - 1 && v.r.hi > E - 1) {
        Val c = cInt(T::Idx, 2);
        out = def(T::Idx, "arith.divui " + v.name + ", " + c.name + " : index",
                  Range::of(v.r.lo / 2, v.r.hi / 2));
        return true;
      }
      Val c = cInt(T::Idx, E);
      out = def(T::Idx, "arith.remui " + v.name + ", " + c.name + " : index", Range::of(0, E - 1));
      return true;
    }
    case 2: {
      // From data: index_cast of an integer, reduced to the extent.
      T s = R.pick(std::vector<T>{T::I8, T::I16, T::I32, T::I64, T::I32});
      Val a = scalar(s, 1);
      Val x = def(T::Idx, "arith.index_cast " + a.name + " : " + tname(s) + " to index",
                  a.r.nonneg() ? a.r : Range{});
      if ((E & (E - 1)) == 0 && R.chance(0.5)) {
        Val m = cInt(T::Idx, E - 1);
        out = def(T::Idx, "arith.andi " + x.name + ", " + m.name + " : index", Range::of(0, E - 1));
      } else {
        Val c = cInt(T::Idx, E);
        out =
            def(T::Idx, "arith.remui " + x.name + ", " + c.name + " : index", Range::of(0, E - 1));
      }
      return true;
    }
    default: {
      Val a, b;
      if (!index(m, d, a, lvl + 1) || !index(m, d, b, lvl + 1)) return false;
      Val c = scalar(T::I1, 1);
      out = def(T::Idx, "arith.select " + c.name + ", " + a.name + ", " + b.name + " : index",
                unionR(a.r, b.r));
      if (hasDimOf(a, m.id, d) && hasDimOf(b, m.id, d))
        scopes.back().vals.back().dimOf.push_back({m.id, d});
      out = scopes.back().vals.back();
      return true;
    }
    }
  }

  bool indices(const MemVal& m, std::string& idx) {
    idx.clear();
    for (size_t d = 0; d < m.type.rank(); ++d) {
      Val v;
      if (!index(m, static_cast<int>(d), v)) return false;
      idx += (d ? ", " : "") + v.name;
    }
    return true;
  }

  bool accessible(const MemVal& m) const {
    for (int64_t e : m.minExt)
      if (e < 1) return false;
    return true;
  }

  // False for a view of an allocation an enclosing scf.parallel stores to.
  bool readable(const MemVal& m) const {
    for (auto& p : par)
      if (p.owns && p.owner.root == m.root) return false;
    return true;
  }

  bool load(T t, Val& out) {
    std::vector<MemVal> ms;
    for (auto& m : visibleMems())
      if (m.type.elem == t && readable(m)) ms.push_back(m);
    if (ms.empty()) return false;
    MemVal m = R.pick(ms);
    std::string idx;
    if (!indices(m, idx)) return false;
    out = def(t, "memref.load " + m.name + "[" + idx + "] : " + m.type.str());
    return true;
  }

  bool dimValue(Val& out) {
    std::vector<MemVal> ms;
    for (auto& m : visibleMems())
      if (m.type.rank() > 0) ms.push_back(m);
    if (ms.empty()) return false;
    MemVal m = R.pick(ms);
    int d = static_cast<int>(R.range(0, static_cast<int64_t>(m.type.rank()) - 1));
    Val c = cInt(T::Idx, d);
    out = def(T::Idx, "memref.dim " + m.name + ", " + c.name + " : " + m.type.str(),
              Range::of(m.minExt[static_cast<size_t>(d)], m.maxExt[static_cast<size_t>(d)]));
    scopes.back().vals.back().isDim = {m.id, d};
    out = scopes.back().vals.back();
    return true;
  }

  void store() {
    if (!par.empty()) return parallelStore();
    std::vector<MemVal> ms = visibleMems();
    if (ms.empty()) return;
    MemVal m = R.pick(ms);
    Val v = sanitize(scalar(m.type.elem, C.exprDepth));
    std::string idx;
    if (!indices(m, idx)) return;
    line("memref.store " + v.name + ", " + m.name + "[" + idx + "] : " + m.type.str());
    --budget;
  }

  // A store of the innermost scf.parallel's owner, at [iv0, ..., ivk, any...].
  void parallelStore() {
    const ParLoop& p = par.back();
    if (!p.owns) return;
    MemVal m = p.owner;
    Val v = sanitize(scalar(m.type.elem, C.exprDepth));
    std::string idx;
    for (size_t d = 0; d < m.type.rank(); ++d) {
      Val x = d < p.ivs.size() ? p.ivs[d] : Val{};
      if (d >= p.ivs.size() && !index(m, static_cast<int>(d), x)) return;
      idx += (d ? ", " : "") + x.name;
    }
    line("memref.store " + v.name + ", " + m.name + "[" + idx + "] : " + m.type.str());
    --budget;
  }

  // ------------------------------------------------------------------ views
  void view() {
    std::vector<MemVal> ms = visibleMems();
    if (ms.empty()) return;
    MemVal m = R.pick(ms);
    switch (R.weighted({3, 1.2, 1.2, m.whole ? 1.2 : 0})) {
    case 0: subview(m); break;
    case 1: collapse(m); break;
    case 2: expand(m); break;
    default: reinterpret(m); break;
    }
  }

  MemVal newView(const MemVal& src, const MemType& t) {
    MemVal v;
    v.name = fresh("view");
    v.id = memCounter++;
    v.type = t;
    v.root = src.root;
    return v;
  }

  void subview(const MemVal& m) {
    size_t r = m.type.rank();
    if (r == 0 || !accessible(m)) return;
    std::vector<int64_t> offs(r), sizes(r), strides(r), minE(r), maxE(r);
    std::vector<std::string> offOps, sizeOps, strideOps;
    std::vector<bool> drop(r, false);
    std::string offTxt, sizeTxt, strideTxt;
    std::vector<int64_t> stVal(r, 1);
    for (size_t d = 0; d < r; ++d) {
      int64_t E = m.minExt[d];
      int64_t st = E >= 3 && R.chance(0.25) ? 2 : 1;
      bool dynStride = R.chance(0.1);
      // offset
      int64_t oHi;
      std::string oName;
      bool dynOff = R.chance(0.35);
      if (dynOff) {
        Val o;
        std::vector<Val> cand;
        for (auto& s : scopes)
          for (auto& x : s.vals)
            if (x.ty == T::Idx && x.r.nonneg() && x.r.hi <= E - 1) cand.push_back(x);
        if (cand.empty()) {
          dynOff = false;
        } else {
          o = R.pick(cand);
          oName = o.name;
          oHi = o.r.hi;
          offs[d] = kDyn;
        }
      }
      if (!dynOff) {
        offs[d] = R.range(0, E - 1);
        oHi = offs[d];
      }
      int64_t room = (E - 1 - oHi) / st + 1; // elements available from the largest offset
      if (room < 1) room = 1;
      bool dynSize = R.chance(0.2);
      int64_t sz = R.range(1, room);
      std::string sName;
      if (dynSize) {
        std::vector<Val> cand;
        for (auto& s : scopes)
          for (auto& x : s.vals)
            if (x.ty == T::Idx && x.r.nonneg() && x.r.hi <= room && !x.isConst) cand.push_back(x);
        if (cand.empty()) {
          dynSize = false;
        } else {
          Val s = R.pick(cand);
          sName = s.name;
          sizes[d] = kDyn;
          minE[d] = s.r.lo;
          maxE[d] = s.r.hi;
        }
      }
      if (!dynSize) {
        sizes[d] = sz;
        minE[d] = maxE[d] = sz;
        drop[d] = sz == 1 && r > 1 && R.chance(0.5);
      }
      strides[d] = dynStride ? kDyn : st;
      stVal[d] = st;
      offTxt += std::string(d ? ", " : "") + (offs[d] == kDyn ? oName : std::to_string(offs[d]));
      sizeTxt += std::string(d ? ", " : "") + (sizes[d] == kDyn ? sName : std::to_string(sizes[d]));
    }
    // Rank reduction must be unambiguous (MLIR 14 matched unit dims greedily and
    // its mlir-opt crashed on some ambiguous masks): if any unit dim is dropped, drop
    // every static unit dim; keep at least one dim (else drop none).
    bool anyDrop = false;
    for (size_t d = 0; d < r; ++d)
      anyDrop |= drop[d];
    if (anyDrop) {
      size_t kept = 0;
      for (size_t d = 0; d < r; ++d) {
        drop[d] = sizes[d] == 1;
        kept += !drop[d];
      }
      if (kept == 0) drop.assign(r, false);
    }
    // MLIR 14's mlir-opt crashed lowering a rank-reducing subview with stride operands.
    anyDrop = false;
    for (size_t d = 0; d < r; ++d)
      anyDrop |= drop[d];
    for (size_t d = 0; d < r; ++d) {
      if (anyDrop) strides[d] = stVal[d];
      if (strides[d] == kDyn)
        strideTxt += std::string(d ? ", " : "") + cInt(T::Idx, stVal[d]).name;
      else
        strideTxt += std::string(d ? ", " : "") + std::to_string(stVal[d]);
    }
    MemType t = inferSubview(m.type, offs, sizes, strides, drop);
    MemVal v = newView(m, t);
    for (size_t d = 0; d < r; ++d) {
      if (drop[d]) continue;
      v.minExt.push_back(minE[d]);
      v.maxExt.push_back(maxE[d]);
    }
    line(v.name + " = memref.subview " + m.name + "[" + offTxt + "][" + sizeTxt + "][" + strideTxt +
         "] : " + m.type.str() + " to " + t.str());
    --budget;
    addMem(v);
  }

  void collapse(const MemVal& m) {
    size_t r = m.type.rank();
    if (r < 2) return;
    // Contiguous groups: identity layouts always; static strided layouts where the
    // strides chain.
    std::vector<int64_t> st = m.type.effStrides();
    auto contiguous = [&](size_t k) { // dims k and k+1 can be merged
      if (m.type.identity) return true;
      if (!m.type.staticLayout() || m.type.shape[k + 1] == kDyn) return false;
      return st[k] == st[k + 1] * m.type.shape[k + 1];
    };
    std::vector<std::vector<size_t>> groups;
    groups.push_back({0});
    for (size_t k = 0; k + 1 < r; ++k) {
      if (contiguous(k) && R.chance(0.7))
        groups.back().push_back(k + 1);
      else
        groups.push_back({k + 1});
    }
    if (groups.size() == r) return;
    MemType t;
    t.elem = m.type.elem;
    t.identity = m.type.identity;
    t.offset = m.type.effOffset();
    MemVal v;
    std::string re = "[";
    for (size_t g = 0; g < groups.size(); ++g) {
      int64_t sz = 1, mn = 1, mx = 1;
      re += g ? ", [" : "[";
      for (size_t i = 0; i < groups[g].size(); ++i) {
        size_t k = groups[g][i];
        re += (i ? ", " : "") + std::to_string(k);
        sz = (sz == kDyn || m.type.shape[k] == kDyn) ? kDyn : sz * m.type.shape[k];
        mn *= m.minExt[k];
        mx *= m.maxExt[k];
      }
      re += "]";
      t.shape.push_back(sz);
      if (!t.identity) t.strides.push_back(st[groups[g].back()]);
      v.minExt.push_back(mn);
      v.maxExt.push_back(mx);
    }
    re += "]";
    t = normalized(t);
    MemVal nv = newView(m, t);
    nv.minExt = v.minExt;
    nv.maxExt = v.maxExt;
    nv.whole = m.whole;
    nv.rootElems = m.rootElems;
    line(nv.name + " = memref.collapse_shape " + m.name + " " + re + " : " + m.type.str() +
         " into " + t.str());
    --budget;
    addMem(nv);
  }

  void expand(const MemVal& m) {
    size_t r = m.type.rank();
    if (r == 0) return;
    if (!m.type.identity && !m.type.staticLayout()) return;
    // Pick one static dim with a non-trivial factorization.
    std::vector<size_t> cand;
    for (size_t k = 0; k < r; ++k) {
      int64_t n = m.type.shape[k];
      if (n == kDyn || n < 4) continue;
      for (int64_t f = 2; f < n; ++f)
        if (n % f == 0) {
          cand.push_back(k);
          break;
        }
    }
    if (cand.empty() || r >= 3) return;
    size_t k = R.pick(cand);
    int64_t n = m.type.shape[k];
    std::vector<int64_t> fs;
    for (int64_t f = 2; f < n; ++f)
      if (n % f == 0) fs.push_back(f);
    int64_t a = R.pick(fs), b = n / a;
    std::vector<int64_t> st = m.type.effStrides();
    MemType t;
    t.elem = m.type.elem;
    t.identity = m.type.identity;
    t.offset = m.type.effOffset();
    MemVal nv = newView(m, t);
    std::string re = "[";
    std::string outShape; // MLIR 22's output_shape: static sizes, memref.dim for `?`
    size_t out = 0;
    for (size_t i = 0; i < r; ++i) {
      re += i ? ", [" : "[";
      outShape += i ? ", " : "";
      if (i == k) {
        re += std::to_string(out) + ", " + std::to_string(out + 1) + "]";
        outShape += std::to_string(a) + ", " + std::to_string(b);
        nv.type.shape.push_back(a);
        nv.type.shape.push_back(b);
        if (!t.identity) {
          nv.type.strides.push_back(st[i] * b);
          nv.type.strides.push_back(st[i]);
        }
        nv.minExt.push_back(a);
        nv.minExt.push_back(b);
        nv.maxExt.push_back(a);
        nv.maxExt.push_back(b);
        out += 2;
      } else {
        re += std::to_string(out) + "]";
        if (m.type.shape[i] == kDyn) {
          Val c = cInt(T::Idx, static_cast<int64_t>(i));
          outShape += def(T::Idx, "memref.dim " + m.name + ", " + c.name + " : " + m.type.str(),
                          Range::of(m.minExt[i], m.maxExt[i]))
                          .name;
        } else {
          outShape += std::to_string(m.type.shape[i]);
        }
        nv.type.shape.push_back(m.type.shape[i]);
        if (!t.identity) nv.type.strides.push_back(st[i]);
        nv.minExt.push_back(m.minExt[i]);
        nv.maxExt.push_back(m.maxExt[i]);
        out += 1;
      }
    }
    re += "]";
    nv.type = normalized(nv.type);
    nv.whole = m.whole;
    nv.rootElems = m.rootElems;
    line(nv.name + " = memref.expand_shape " + m.name + " " + re + " output_shape [" + outShape +
         "] : " + m.type.str() + " into " + nv.type.str());
    --budget;
    addMem(nv);
  }

  void reinterpret(const MemVal& m) {
    int64_t N = m.rootElems;
    if (N < 2) return;
    size_t rank = static_cast<size_t>(R.range(1, 2));
    std::vector<int64_t> sizes(rank), strides(rank);
    int64_t off = R.range(0, std::min<int64_t>(N - 1, 4));
    int64_t avail = N - 1 - off; // the largest linear distance allowed
    if (rank == 1) {
      strides[0] = R.range(1, 3);
      sizes[0] =
          std::max<int64_t>(1, std::min<int64_t>(avail / strides[0] + 1, R.range(1, C.maxDim)));
    } else {
      // Row-major or transposed with a chosen leading size.
      int64_t a = R.range(1, 4), b = R.range(1, 4);
      bool trans = R.chance(0.5);
      if (trans) {
        strides[0] = 1;
        strides[1] = a;
      } else {
        strides[0] = b;
        strides[1] = 1;
      }
      sizes[0] = a;
      sizes[1] = b;
      auto reach = [&] { return (sizes[0] - 1) * strides[0] + (sizes[1] - 1) * strides[1]; };
      while (reach() > avail && (sizes[0] > 1 || sizes[1] > 1)) {
        if (sizes[0] >= sizes[1] && sizes[0] > 1)
          --sizes[0];
        else
          --sizes[1];
      }
      if (reach() > avail) return;
    }
    MemType t;
    t.elem = m.type.elem;
    t.identity = false;
    t.offset = off;
    t.shape = sizes;
    t.strides = strides;
    t = normalized(t);
    MemVal nv = newView(m, t);
    nv.minExt = sizes;
    nv.maxExt = sizes;
    auto list = [](const std::vector<int64_t>& v) {
      std::string s = "[";
      for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
      return s + "]";
    };
    line(nv.name + " = memref.reinterpret_cast " + m.name + " to offset: [" + std::to_string(off) +
         "], sizes: " + list(sizes) + ", strides: " + list(strides) + " : " + m.type.str() +
         " to " + t.str());
    --budget;
    addMem(nv);
  }

  // ------------------------------------------------------------------ control flow
  // An index value in [0, hiMax] with a static range, for a loop bound.
  Val bound(int64_t hiMax, int64_t minHi = 0) {
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

  std::vector<T> pickTypes(int maxN) {
    std::vector<T> ts;
    int n = static_cast<int>(R.range(0, maxN));
    for (int i = 0; i < n; ++i)
      ts.push_back(R.pick(kScalarTypes));
    return ts;
  }

  static std::string typeList(const std::vector<T>& ts) {
    std::string s;
    for (size_t i = 0; i < ts.size(); ++i)
      s += (i ? ", " : "") + std::string(tname(ts[i]));
    return s;
  }

  // Result names "%r" or "%r#i" for an op with n results; the def prefix.
  std::vector<std::string> resultNames(size_t n, std::string& prefix) {
    std::string base = fresh("r");
    std::vector<std::string> names;
    if (n == 1) {
      names.push_back(base);
      prefix = base + " = ";
    } else if (n > 1) {
      for (size_t i = 0; i < n; ++i)
        names.push_back(base + "#" + std::to_string(i));
      prefix = base + ":" + std::to_string(n) + " = ";
    }
    return names;
  }

  // Values to yield for the given types (floats NaN-free), chosen from what is visible
  // (inside or outside the region) or computed now.
  std::vector<Val> yieldVals(const std::vector<T>& ts) {
    std::vector<Val> v;
    for (T t : ts)
      v.push_back(sanitize(scalar(t, C.exprDepth)));
    return v;
  }
  std::string yieldLine(const char* kw, const std::vector<Val>& vs) {
    std::string s = kw;
    if (vs.empty()) return s;
    s += " ";
    for (size_t i = 0; i < vs.size(); ++i)
      s += (i ? ", " : "") + vs[i].name;
    s += " : ";
    for (size_t i = 0; i < vs.size(); ++i)
      s += (i ? ", " : "") + std::string(tname(vs[i].ty));
    return s;
  }

  void forLoop() {
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
  int64_t openBody(int64_t trips) {
    ++ind;
    ++depth;
    int64_t saved = iterMul;
    iterMul *= trips;
    push();
    return saved;
  }
  void closeBody(int64_t savedIterMul) {
    pop();
    iterMul = savedIterMul;
    --depth;
    --ind;
    line("}");
  }
  void addResult(const std::string& name, T t, Range r) {
    Val v;
    v.name = name;
    v.ty = t;
    v.r = r;
    add(v);
  }

  // A loop's lower bound: 0, a small constant, or a start parameter / outer iv (it may
  // exceed the upper bound: zero trips).
  Val lowerBound(int64_t maxTrip) {
    switch (R.weighted({4, 1, 1.5})) {
    case 0: return cInt(T::Idx, 0);
    case 1: return cInt(T::Idx, R.range(0, 3));
    default: return bound(std::min<int64_t>(maxTrip, 6));
    }
  }
  // An upper bound of at most ubMax, mostly above lb.
  Val upperBound(const Val& lb, int64_t ubMax) {
    return bound(ubMax, R.chance(0.85) ? std::min(ubMax, lb.r.lo + 1) : 0);
  }
  // The induction variable of a loop over [lb, ub): its range, and the dim it indexes
  // when ub is a memref.dim.
  Val inductionVar(const char* prefix, const Val& lb, const Val& ub) {
    Val iv;
    iv.name = fresh(prefix);
    iv.ty = T::Idx;
    iv.blockArg = true;
    if (ub.r.hi >= 1 && lb.r.nonneg()) iv.r = Range::of(lb.r.lo, std::max(lb.r.lo, ub.r.hi - 1));
    if (ub.isDim.first >= 0 && lb.r.nonneg()) iv.dimOf.push_back(ub.isDim);
    return iv;
  }

  // A positive loop step: 1 mostly, else a small constant or a visible value in [1, 4].
  Val loopStep() {
    if (R.chance(0.7)) return cInt(T::Idx, 1);
    std::vector<Val> cand;
    for (auto& s : scopes)
      for (auto& x : s.vals)
        if (x.ty == T::Idx && x.r.known && x.r.lo >= 1 && x.r.hi <= 4) cand.push_back(x);
    return !cand.empty() && R.chance(0.5) ? R.pick(cand) : cInt(T::Idx, R.range(2, 3));
  }

  // How one scf.reduce operand combines: an associative op, or the fold l * k + r whose
  // result depends on the order (the oracle folds in iteration order; so must we).
  struct Combiner {
    std::string op; // "fold" or an arith op name
    Val k;          // fold: the constant, defined before the loop
  };
  Combiner combiner(T t) {
    static const std::vector<std::string> bools = {"andi", "ori", "xori"};
    static const std::vector<std::string> ints = {"addi",  "muli", "maxsi", "minsi", "maxui",
                                                  "minui", "andi", "ori",   "xori",  "fold"};
    static const std::vector<std::string> idx = {"addi", "maxui", "minui", "fold"};
    static const std::vector<std::string> floats = {"addf", "maximumf", "minimumf", "fold"};
    Combiner c;
    c.op = R.pick(t == T::I1 ? bools : t == T::Idx ? idx : isF(t) ? floats : ints);
    if (c.op == "fold")
      c.k = isF(t) ? cFloat(t, "5.000000e-01") : cInt(t, R.pick(std::vector<int64_t>{3, 31}));
    return c;
  }
  void reduceRegion(T t, const Combiner& c) {
    const char* ty = tname(t);
    std::string l = fresh("l"), r = fresh("rr"), x = fresh();
    line("^bb0(" + l + ": " + ty + ", " + r + ": " + ty + "):");
    ++ind;
    if (c.op == "fold") {
      std::string m = fresh();
      line(m + " = arith." + (isF(t) ? "mulf " : "muli ") + l + ", " + c.k.name + " : " + ty);
      line(x + " = arith." + (isF(t) ? "addf " : "addi ") + m + ", " + r + " : " + ty);
    } else {
      line(x + " = arith." + c.op + " " + l + ", " + r + " : " + ty);
    }
    line(std::string("scf.reduce.return ") + x + " : " + ty);
    --ind;
  }

  // scf.parallel over 1 or 2 induction variables with 0-2 reductions (race-free: see
  // ParLoop). Floats reduced are clamped, so no sum reaches infinity or NaN.
  void parallelLoop() {
    int64_t room = C.maxIters / iterMul;
    if (room < 1) return;
    ParLoop p;
    if (par.empty() && R.chance(0.8)) {
      std::vector<MemVal> owners;
      for (auto& m : visibleMems())
        if (m.whole && accessible(m) && m.type.rank() >= 1) owners.push_back(m);
      if (!owners.empty()) {
        p.owner = R.pick(owners);
        p.owns = true;
      }
    }
    size_t maxDims = p.owns ? std::min<size_t>(2, p.owner.type.rank()) : 2;
    size_t nd = maxDims >= 2 && room >= 4 && R.chance(0.35) ? 2 : 1;
    std::vector<Val> lbs, ubs, steps;
    int64_t trips = 1;
    for (size_t d = 0; d < nd; ++d) {
      int64_t maxTrip = std::max<int64_t>(1, std::min<int64_t>(C.maxTrip, room / trips));
      Val lb = lowerBound(maxTrip);
      int64_t ubMax = std::min<int64_t>(lb.r.lo + maxTrip, C.maxDim + 2);
      if (p.owns) ubMax = std::min(ubMax, p.owner.minExt[d]);
      Val ub = upperBound(lb, std::max<int64_t>(ubMax, 0));
      Val iv = inductionVar("p", lb, ub);
      trips *= std::max<int64_t>(1, ub.r.hi - lb.r.lo);
      lbs.push_back(lb);
      ubs.push_back(ub);
      steps.push_back(loopStep());
      p.ivs.push_back(iv);
    }
    std::vector<T> ts = pickTypes(2);
    std::vector<Val> inits;
    std::vector<Combiner> how;
    for (T t : ts) {
      inits.push_back(sanitize(scalar(t, 1), true));
      how.push_back(combiner(t));
    }
    auto names = [](const std::vector<Val>& vs) {
      std::string s;
      for (size_t i = 0; i < vs.size(); ++i)
        s += (i ? ", " : "") + vs[i].name;
      return s;
    };
    std::string prefix;
    std::vector<std::string> rn = resultNames(ts.size(), prefix);
    std::string head = prefix + "scf.parallel (" + names(p.ivs) + ") = (" + names(lbs) + ") to (" +
                       names(ubs) + ") step (" + names(steps) + ")";
    if (!ts.empty()) head += " init (" + names(inits) + ") -> (" + typeList(ts) + ")";
    line(head + " {");
    --budget;
    int64_t saved = openBody(trips);
    for (auto& iv : p.ivs)
      add(iv);
    par.push_back(p);
    block(C.stmtsInner);
    if (R.chance(0.6)) parallelStore();
    std::vector<Val> ys;
    for (T t : ts)
      ys.push_back(sanitize(scalar(t, C.exprDepth), true));
    if (!ys.empty()) {
      line("scf.reduce(" + names(ys) + " : " + typeList(ts) + ") {");
      for (size_t i = 0; i < ts.size(); ++i) {
        if (i) line("}, {");
        reduceRegion(ts[i], how[i]);
      }
      line("}");
    } else if (R.chance(0.3)) {
      line("scf.reduce");
    }
    par.pop_back();
    closeBody(saved);
    for (size_t i = 0; i < ts.size(); ++i)
      addResult(rn[i], ts[i], Range{});
  }

  // scf.while (%cnt = init, extra...) { ...; cond = cnt < limit && data; condition(cond) cnt,
  // fwd... } do { ^bb0(%cnt, ...): ...; yield cnt + step, ... }
  void whileLoop() {
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

  void ifOp() {
    Val c = scalar(T::I1, C.exprDepth);
    std::vector<T> ts = R.chance(0.35) ? std::vector<T>{} : pickTypes(3);
    bool hasElse = !ts.empty() || R.chance(0.5);
    std::string prefix;
    std::vector<std::string> rn = resultNames(ts.size(), prefix);
    std::string head = prefix + "scf.if " + c.name;
    if (!ts.empty()) head += " -> (" + typeList(ts) + ")";
    line(head + " {");
    --budget;
    ++ind;
    ++depth;
    push();
    block(C.stmtsInner);
    std::vector<Val> y1 = yieldVals(ts);
    if (!ts.empty() || R.chance(0.3)) line(yieldLine("scf.yield", y1));
    pop();
    std::vector<Val> y2;
    if (hasElse) {
      --ind;
      line("} else {");
      ++ind;
      push();
      if (R.chance(0.7)) block(C.stmtsInner);
      y2 = yieldVals(ts);
      if (!ts.empty() || R.chance(0.3)) line(yieldLine("scf.yield", y2));
      pop();
    }
    --depth;
    --ind;
    line("}");
    for (size_t i = 0; i < ts.size(); ++i) {
      Val r;
      r.name = rn[i];
      r.ty = ts[i];
      if (ts[i] == T::Idx) r.r = unionR(y1[i].r, y2[i].r);
      add(r);
    }
  }

  // A local buffer (alloca or alloc), fully initialized by a loop nest.
  void localBuffer() {
    MemVal m;
    m.name = fresh("buf");
    m.id = memCounter++;
    m.type.elem = R.pick(kElemTypes);
    size_t rank = static_cast<size_t>(R.range(1, 2));
    for (size_t d = 0; d < rank; ++d)
      m.type.shape.push_back(R.range(1, std::min<int64_t>(C.maxDim, 6)));
    m.minExt = m.maxExt = m.type.shape;
    m.whole = true;
    m.root = m.id;
    m.rootElems = 1;
    for (int64_t s : m.type.shape)
      m.rootElems *= s;
    line(m.name + " = memref." + (R.chance(0.5) ? "alloca" : "alloc") + "() : " + m.type.str());
    --budget;
    // init loops
    Val c0 = cInt(T::Idx, 0), c1 = cInt(T::Idx, 1);
    std::vector<Val> ivs;
    for (size_t d = 0; d < rank; ++d) {
      Val ub = cInt(T::Idx, m.type.shape[d]);
      Val iv;
      iv.name = fresh("i");
      iv.ty = T::Idx;
      iv.r = Range::of(0, m.type.shape[d] - 1);
      line("scf.for " + iv.name + " = " + c0.name + " to " + ub.name + " step " + c1.name + " {");
      ++ind;
      push();
      add(iv);
      ivs.push_back(iv);
    }
    Val v = sanitize(scalar(m.type.elem, 1));
    std::string idx;
    for (size_t d = 0; d < rank; ++d)
      idx += (d ? ", " : "") + ivs[d].name;
    line("memref.store " + v.name + ", " + m.name + "[" + idx + "] : " + m.type.str());
    for (size_t d = 0; d < rank; ++d) {
      pop();
      --ind;
      line("}");
    }
    addMem(m);
  }

  void statement(bool noLoops) {
    bool canNest = depth < C.maxDepth && !noLoops;
    std::vector<double> w = {
        3,   2.5, canNest ? 1.6 : 0, canNest ? 0.9 : 0, depth < C.maxDepth ? 1.3 : 0,
        0.5, 0.3, canNest ? 1.0 : 0};
    switch (R.weighted(w)) {
    case 0: scalar(R.pick(kScalarTypes), C.exprDepth); break;
    case 1: store(); break;
    case 2: forLoop(); break;
    case 3: whileLoop(); break;
    case 4: ifOp(); break;
    case 5: view(); break;
    case 6: {
      Val d;
      dimValue(d);
      break;
    }
    default: parallelLoop(); break;
    }
  }

  void block(int n, bool noLoops = false) {
    int k = static_cast<int>(R.range(1, n));
    if (budget <= 0) k = 1;
    // The deep shape's path: one statement of this block nests and takes it on; a block
    // without loops (a while's before region) leaves it to the next block.
    int spine = noLoops ? 0 : spineLeft;
    if (spine > 0) spineLeft = 0;
    int at = spine > 0 ? static_cast<int>(R.range(0, k - 1)) : -1;
    for (int i = 0; i < k; ++i) {
      if (i != at) {
        statement(noLoops);
        continue;
      }
      spineLeft = spine - 1;
      nest();
      spineLeft = 0;
    }
  }

  // A loop or a branch, whatever the nesting depth (the deep shape's path). A loop needs
  // room in the nest's iteration budget (a while's before region runs trips + 1 times);
  // a branch always fits.
  void nest() {
    int64_t room = C.maxIters / iterMul;
    switch (R.weighted({room >= 1 ? 2.0 : 0.0, room >= 4 ? 1.0 : 0.0, 2, room >= 1 ? 1.2 : 0.0})) {
    case 0: forLoop(); break;
    case 1: whileLoop(); break;
    case 2: ifOp(); break;
    default: parallelLoop(); break;
    }
  }
};

// ---------------------------------------------------------------------------------------
// Kernel signatures.
Param memParam(Rng& R, const Config& C, int idx) {
  Param p;
  p.isMem = true;
  p.name = "%m" + std::to_string(idx);
  T elem = R.pick(kElemTypes);
  p.mk = static_cast<MemArgKind>(R.weighted({3, 3, 1.5, 1.5, 1}));
  size_t rank = static_cast<size_t>(R.weighted({0.15, 3, 2, 0.6}));
  if (p.mk != MemArgKind::Exact && rank == 0) rank = 1;
  if (p.mk == MemArgKind::Reinterpret && rank > 2) rank = 2;
  int64_t maxD = C.maxDim;
  auto dimSize = [&] { return R.range(1, maxD); };
  switch (p.mk) {
  case MemArgKind::Exact: {
    p.mt.elem = elem;
    for (size_t d = 0; d < rank; ++d)
      p.mt.shape.push_back(dimSize());
    p.minExt = p.maxExt = p.mt.shape;
    break;
  }
  case MemArgKind::CastDyn: {
    p.mt.elem = elem;
    bool any = false;
    for (size_t d = 0; d < rank; ++d) {
      int64_t lo = R.range(R.chance(0.15) ? 0 : 1, maxD),
              hi = std::min<int64_t>(lo + R.range(0, 3), maxD + 2);
      // main never passes an empty buffer (see memArg), so a [0, 0] range would be a
      // lie that memref.dim-derived indices trust: the range must reach 1.
      hi = std::max<int64_t>(hi, 1);
      bool dyn = R.chance(0.6) || (!any && d + 1 == rank);
      any |= dyn;
      if (dyn) {
        p.mt.shape.push_back(kDyn);
        p.minExt.push_back(lo);
        p.maxExt.push_back(hi);
      } else {
        p.mt.shape.push_back(std::max<int64_t>(1, lo));
        p.minExt.push_back(std::max<int64_t>(1, lo));
        p.maxExt.push_back(std::max<int64_t>(1, lo));
      }
    }
    break;
  }
  case MemArgKind::Subview: {
    for (size_t d = 0; d < rank; ++d) {
      int64_t root = R.range(2, maxD + 2);
      int64_t st = root >= 4 && R.chance(0.3) ? 2 : 1;
      int64_t off = R.range(0, root - 1);
      int64_t sz = R.range(1, (root - 1 - off) / st + 1);
      p.rootShape.push_back(root);
      p.offs.push_back(off);
      p.sizes.push_back(sz);
      p.strides.push_back(st);
    }
    MemType rootT;
    rootT.elem = elem;
    rootT.shape = p.rootShape;
    p.mt = inferSubview(rootT, p.offs, p.sizes, p.strides, std::vector<bool>(rank, false));
    p.minExt = p.maxExt = p.sizes;
    break;
  }
  case MemArgKind::DynLayout: {
    std::vector<int64_t> shape;
    for (size_t d = 0; d < rank; ++d) {
      int64_t lo = R.range(1, maxD), hi = std::min<int64_t>(lo + R.range(0, 2), maxD + 1);
      if (R.chance(0.3)) {
        shape.push_back(lo);
        p.minExt.push_back(lo);
        p.maxExt.push_back(lo);
      } else {
        shape.push_back(kDyn);
        p.minExt.push_back(lo);
        p.maxExt.push_back(hi);
      }
    }
    p.mt = fullyDynamic(elem, shape);
    break;
  }
  case MemArgKind::Reinterpret: {
    p.mt.elem = elem;
    p.mt.identity = false;
    p.rOffset = R.range(0, 3);
    if (rank == 1) {
      int64_t st = R.range(1, 3), n = R.range(1, maxD);
      p.sizes = {n};
      p.strides = {st};
    } else {
      int64_t a = R.range(1, 5), b = R.range(1, 5);
      p.sizes = {a, b};
      p.strides =
          R.chance(0.5) ? std::vector<int64_t>{1, a} : std::vector<int64_t>{b + R.range(0, 2), 1};
    }
    p.mt.shape = p.sizes;
    p.mt.offset = p.rOffset;
    p.mt.strides = p.strides;
    p.mt = normalized(p.mt);
    p.minExt = p.maxExt = p.sizes;
    break;
  }
  }
  return p;
}

Kernel genKernel(Rng& R, const Config& C, const std::string& name) {
  Kernel k;
  k.name = name;
  int nm = static_cast<int>(R.weighted({0.3, 3, 3, 2, 1}));
  int ns = static_cast<int>(R.range(C.minScalars, C.maxScalars));
  std::vector<Param> ps;
  for (int i = 0; i < nm; ++i)
    ps.push_back(memParam(R, C, i));
  for (int i = 0; i < ns; ++i) {
    Param p;
    p.name = "%s" + std::to_string(i);
    if (R.chance(0.55)) {
      p.ty = T::Idx;
      p.role = static_cast<int>(R.weighted({1, 3, 1.5, 0.8}));
      switch (p.role) {
      case 1: p.r = Range::of(0, R.range(2, std::min<int64_t>(C.maxTrip, C.maxDim))); break;
      case 2: p.r = Range::of(0, R.range(1, 5)); break;
      case 3: p.r = Range::of(1, R.range(1, 3)); break;
      default: p.r = Range::of(0, R.range(1, 40)); break;
      }
    } else {
      p.ty = R.pick(std::vector<T>{T::I1, T::I8, T::I16, T::I32, T::I32, T::I64, T::F32, T::F64});
    }
    ps.push_back(p);
  }
  // Interleave memref and scalar parameters a little.
  for (size_t i = 1; i < ps.size(); ++i)
    if (R.chance(0.25))
      std::swap(ps[i], ps[static_cast<size_t>(R.range(0, static_cast<int64_t>(i)))]);
  k.params = ps;
  int nr = static_cast<int>(R.weighted({1, 3, 2, 1}));
  for (int i = 0; i < nr; ++i)
    k.results.push_back(R.pick(kScalarTypes));

  FuncGen g(R, C);
  g.budget = C.opBudget;
  g.push();
  std::string sig = "func.func @" + name + "(";
  for (size_t i = 0; i < k.params.size(); ++i) {
    Param& p = k.params[i];
    sig += (i ? ", " : "") + p.name + ": " + (p.isMem ? p.mt.str() : std::string(tname(p.ty)));
    if (p.isMem) {
      MemVal m;
      m.name = p.name;
      m.id = g.memCounter++;
      m.type = p.mt;
      m.minExt = p.minExt;
      m.maxExt = p.maxExt;
      m.whole = p.mk == MemArgKind::Exact || p.mk == MemArgKind::CastDyn;
      m.root = m.id; // main gives every parameter its own allocations
      m.rootElems = 1;
      for (int64_t e : p.minExt)
        m.rootElems *= e;
      g.addMem(m);
    } else {
      Val v;
      v.name = p.name;
      v.ty = p.ty;
      v.blockArg = true;
      if (p.ty == T::Idx) v.r = p.r;
      g.add(v);
    }
  }
  sig += ")";
  if (!k.results.empty()) sig += " -> (" + FuncGen::typeList(k.results) + ")";
  // Prologue: a few data values loaded from the memref parameters.
  for (auto& m : g.visibleMems())
    if (g.accessible(m) && R.chance(0.7)) {
      Val v;
      g.load(m.type.elem, v);
    }
  if (R.chance(0.3)) g.localBuffer();
  g.spineLeft = C.spine;
  g.block(C.stmtsTop);
  while (g.budget > C.opBudget / 3 && R.chance(0.7))
    g.block(C.stmtsTop);
  std::vector<Val> rv = g.yieldVals(k.results);
  g.line(g.yieldLine("func.return", rv));
  k.text = sig + " {\n" + g.out + "}\n";
  return k;
}

// ---------------------------------------------------------------------------------------
// main: buffers, initialization, calls, prints.
class MainGen {
public:
  MainGen(Rng& rng, const Config& cfg) : R(rng), C(cfg) {}
  Rng& R;
  const Config& C;
  std::string out;
  int ind = 1;
  int counter = 0;
  std::set<T> printed;
  std::map<std::string, std::string> consts;

  struct Root {
    std::string name;
    MemType type; // identity, static
    int64_t elems = 0;
    bool alloca = false;
  };
  std::vector<Root> roots;

  std::string fresh(const char* p = "t") {
    return "%" + std::string(p) + std::to_string(counter++);
  }
  void line(const std::string& s) {
    out.append(static_cast<size_t>(ind) * 2, ' ');
    out += s;
    out += "\n";
  }
  // Constants of main live at function level (defined once, before first use).
  std::string cIdx(int64_t v) { return cst(std::to_string(v) + " : index"); }
  std::string cst(const std::string& lit) {
    auto it = consts.find(lit);
    if (it != consts.end()) return it->second;
    std::string n = fresh("k");
    std::string l = std::string(2, ' ') + n + " = arith.constant " + lit + "\n";
    header += l;
    consts[lit] = n;
    return n;
  }
  std::string header; // main's constants

  static const char* printFn(T t) {
    switch (t) {
    case T::I32: return "printMemrefI32";
    case T::I64: return "printMemrefI64";
    case T::F32: return "printMemrefF32";
    case T::F64: return "printMemrefF64";
    default: return nullptr;
    }
  }

  // Loops over every element of an identity static memref (through a flat view for rank
  // > 1); body(flatIndexName, accessString) writes the body lines.
  void forAll(const std::string& mem, const MemType& t,
              const std::function<void(const std::string&, const std::string&)>& body) {
    int64_t n = 1;
    for (int64_t s : t.shape)
      n *= s;
    if (t.rank() == 0) {
      body(cIdx(0), mem + "[] : " + t.str());
      return;
    }
    std::string flat = mem;
    MemType ft = t;
    if (t.rank() > 1) {
      flat = fresh("flat");
      ft.shape = {n};
      std::string re = "[[";
      for (size_t i = 0; i < t.rank(); ++i)
        re += (i ? ", " : "") + std::to_string(i);
      re += "]]";
      line(flat + " = memref.collapse_shape " + mem + " " + re + " : " + t.str() + " into " +
           ft.str());
    }
    std::string iv = fresh("i");
    line("scf.for " + iv + " = " + cIdx(0) + " to " + cIdx(n) + " step " + cIdx(1) + " {");
    ++ind;
    body(iv, flat + "[" + iv + "] : " + ft.str());
    --ind;
    line("}");
  }

  // A new root: alloc/alloca of an identity static type, fully initialized.
  Root newRoot(T elem, const std::vector<int64_t>& shape) {
    Root r;
    r.name = fresh("buf");
    r.type.elem = elem;
    r.type.shape = shape;
    r.elems = 1;
    for (int64_t s : shape)
      r.elems *= s;
    r.alloca = R.chance(0.2);
    line(r.name + " = memref." + (r.alloca ? "alloca" : "alloc") + "() : " + r.type.str());
    int64_t A = R.range(1, 40) * 2 + 1, B = R.range(-50, 50), X = R.range(0, 255);
    int form = static_cast<int>(R.range(0, 2));
    forAll(r.name, r.type, [&](const std::string& iv, const std::string& acc) {
      std::string ii = fresh();
      line(ii + " = arith.index_cast " + iv + " : index to i32");
      std::string a = fresh();
      line(a + " = arith.muli " + ii + ", " + cst(std::to_string(A) + " : i32") + " : i32");
      std::string b = fresh();
      line(b + " = arith.addi " + a + ", " + cst(std::to_string(B) + " : i32") + " : i32");
      std::string v = fresh();
      if (form == 0)
        line(v + " = arith.xori " + b + ", " + cst(std::to_string(X) + " : i32") + " : i32");
      else if (form == 1)
        line(v + " = arith.muli " + b + ", " + b + " : i32");
      else
        line(v + " = arith.remsi " + b + ", " + cst("97 : i32") + " : i32");
      std::string e = fresh();
      switch (elem) {
      case T::I8: line(e + " = arith.trunci " + v + " : i32 to i8"); break;
      case T::I16: line(e + " = arith.trunci " + v + " : i32 to i16"); break;
      case T::I32: e = v; break;
      case T::I64: {
        std::string x = fresh();
        line(x + " = arith.extsi " + v + " : i32 to i64");
        line(e + " = arith.muli " + x + ", " + cst("1000003 : i64") + " : i64");
        break;
      }
      default: {
        const char* ft = tname(elem);
        std::string m = fresh(), s = fresh(), f = fresh();
        line(m + " = arith.andi " + v + ", " + cst("255 : i32") + " : i32");
        line(s + " = arith.subi " + m + ", " + cst("128 : i32") + " : i32");
        line(f + " = arith.sitofp " + s + " : i32 to " + ft);
        line(e + " = arith.mulf " + f + ", " + cst(std::string("2.500000e-01 : ") + ft) + " : " +
             ft);
        break;
      }
      }
      line("memref.store " + e + ", " + acc);
    });
    roots.push_back(r);
    return r;
  }

  void printMem(const std::string& name, const MemType& t) {
    const char* fn = printFn(t.elem);
    if (!fn) return;
    printed.insert(t.elem);
    std::string u = fresh("u");
    line(u + " = memref.cast " + name + " : " + t.str() + " to memref<*x" + tname(t.elem) + ">");
    line("func.call @" + std::string(fn) + "(" + u + ") : (memref<*x" + tname(t.elem) + ">) -> ()");
  }

  void printRoot(const Root& r) {
    if (printFn(r.type.elem)) {
      printMem(r.name, r.type);
      return;
    }
    // i8 / i16: widen into an i32 copy.
    MemType wt = r.type;
    wt.elem = T::I32;
    std::string w = fresh("wide");
    line(w + " = memref.alloc() : " + wt.str());
    std::string src, dst;
    bool sx = R.chance(0.5);
    // Flat views of both.
    forAllPair(r, w, wt, sx);
    printMem(w, wt);
    line("memref.dealloc " + w + " : " + wt.str());
  }
  void forAllPair(const Root& r, const std::string& w, const MemType& wt, bool sx) {
    int64_t n = r.elems;
    if (r.type.rank() == 0) {
      std::string v = fresh(), e = fresh();
      line(v + " = memref.load " + r.name + "[] : " + r.type.str());
      line(e + " = arith." + (sx ? "extsi " : "extui ") + v + " : " + tname(r.type.elem) +
           " to i32");
      line("memref.store " + e + ", " + w + "[] : " + wt.str());
      return;
    }
    std::string fs = r.name, fw = w;
    MemType ft = r.type, fwt = wt;
    ft.shape = fwt.shape = {n};
    if (r.type.rank() > 1) {
      std::string re = "[[";
      for (size_t i = 0; i < r.type.rank(); ++i)
        re += (i ? ", " : "") + std::to_string(i);
      re += "]]";
      fs = fresh("flat");
      fw = fresh("flat");
      line(fs + " = memref.collapse_shape " + r.name + " " + re + " : " + r.type.str() + " into " +
           ft.str());
      line(fw + " = memref.collapse_shape " + w + " " + re + " : " + wt.str() + " into " +
           fwt.str());
    }
    std::string iv = fresh("i");
    line("scf.for " + iv + " = " + cIdx(0) + " to " + cIdx(n) + " step " + cIdx(1) + " {");
    ++ind;
    std::string v = fresh(), e = fresh();
    line(v + " = memref.load " + fs + "[" + iv + "] : " + ft.str());
    line(e + " = arith." + (sx ? "extsi " : "extui ") + v + " : " + tname(r.type.elem) + " to i32");
    line("memref.store " + e + ", " + fw + "[" + iv + "] : " + fwt.str());
    --ind;
    line("}");
  }

  static std::string list(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
  }

  // Builds a value of the parameter's memref type over fresh roots.
  std::string memArg(const Param& p) {
    const MemType& t = p.mt;
    switch (p.mk) {
    case MemArgKind::Exact: {
      int64_t n = 1;
      for (int64_t s : t.shape)
        n *= s;
      if (t.rank() >= 2 && R.chance(0.4)) {
        Root r = newRoot(t.elem, {n});
        std::string v = fresh("exp");
        std::string re = "[[";
        for (size_t i = 0; i < t.rank(); ++i)
          re += (i ? ", " : "") + std::to_string(i);
        re += "]]";
        line(v + " = memref.expand_shape " + r.name + " " + re + " output_shape " + list(t.shape) +
             " : " + r.type.str() + " into " + t.str());
        return v;
      }
      return newRoot(t.elem, t.shape).name;
    }
    case MemArgKind::CastDyn: {
      std::vector<int64_t> shape;
      for (size_t d = 0; d < t.rank(); ++d) {
        shape.push_back(t.shape[d] != kDyn
                            ? t.shape[d]
                            : std::max<int64_t>(1, R.range(p.minExt[d], p.maxExt[d])));
        // The kernel's memref.dim values carry [minExt, maxExt]: the extent must be in it.
        if (shape.back() < p.minExt[d] || shape.back() > p.maxExt[d]) {
          std::fprintf(stderr,
                       "loom-gen: internal error: extent %lld of %s dim %zu outside [%lld, %lld]\n",
                       static_cast<long long>(shape.back()), p.name.c_str(), d,
                       static_cast<long long>(p.minExt[d]), static_cast<long long>(p.maxExt[d]));
          std::exit(3);
        }
      }
      // A zero extent is allowed by the parameter, but buffers are never empty (the 14
      // runtime prints garbage for empty memrefs); a 0-extent view is made by subview.
      Root r = newRoot(t.elem, shape);
      std::string v = fresh("cast");
      line(v + " = memref.cast " + r.name + " : " + r.type.str() + " to " + t.str());
      return v;
    }
    case MemArgKind::Subview: {
      Root r = newRoot(t.elem, p.rootShape);
      std::string v = fresh("sub");
      line(v + " = memref.subview " + r.name + list(p.offs) + list(p.sizes) + list(p.strides) +
           " : " + r.type.str() + " to " + t.str());
      return v;
    }
    case MemArgKind::Reinterpret: {
      int64_t reach = p.rOffset;
      for (size_t d = 0; d < p.sizes.size(); ++d)
        reach += (p.sizes[d] - 1) * p.strides[d];
      Root r = newRoot(t.elem, {reach + 1 + R.range(0, 3)});
      std::string v = fresh("rc");
      line(v + " = memref.reinterpret_cast " + r.name + " to offset: [" +
           std::to_string(p.rOffset) + "], sizes: " + list(p.sizes) +
           ", strides: " + list(p.strides) + " : " + r.type.str() + " to " + t.str());
      return v;
    }
    case MemArgKind::DynLayout: {
      size_t rank = t.rank();
      std::vector<int64_t> sizes, offs, strides, rootShape;
      for (size_t d = 0; d < rank; ++d) {
        int64_t sz = t.shape[d] != kDyn ? t.shape[d] : R.range(p.minExt[d], p.maxExt[d]);
        int64_t st = R.chance(0.3) ? R.range(2, 3) : 1;
        int64_t off = R.range(0, 3);
        sizes.push_back(sz);
        strides.push_back(st);
        offs.push_back(off);
        rootShape.push_back(off + (sz - 1) * st + 1 + R.range(0, 2));
      }
      Root r = newRoot(t.elem, rootShape);
      bool allDyn = true;
      for (int64_t s : t.shape)
        allDyn &= s == kDyn;
      if (allDyn && R.chance(0.5)) {
        // Subview with operands: the result is already fully dynamic.
        std::string o, s, st;
        for (size_t d = 0; d < rank; ++d) {
          o += (d ? ", " : "") + cIdx(offs[d]);
          s += (d ? ", " : "") + cIdx(sizes[d]);
          st += (d ? ", " : "") + cIdx(strides[d]);
        }
        std::string v = fresh("dsub");
        line(v + " = memref.subview " + r.name + "[" + o + "][" + s + "][" + st +
             "] : " + r.type.str() + " to " + t.str());
        return v;
      }
      MemType st = inferSubview(r.type, offs, sizes, strides, std::vector<bool>(rank, false));
      std::string v = fresh("sub");
      line(v + " = memref.subview " + r.name + list(offs) + list(sizes) + list(strides) + " : " +
           r.type.str() + " to " + st.str());
      std::string c = fresh("cast");
      line(c + " = memref.cast " + v + " : " + st.str() + " to " + t.str());
      return c;
    }
    }
    return "";
  }

  std::string scalarArg(const Param& p, int callNo) {
    if (p.ty == T::Idx) {
      int64_t v;
      if (callNo == 1) {
        // The "zero" call: bounds at their lowest, starts at their highest.
        v = p.role == 1 ? p.r.lo : p.role == 2 ? p.r.hi : R.range(p.r.lo, p.r.hi);
      } else {
        v = R.chance(0.25) ? (R.chance(0.5) ? p.r.lo : p.r.hi) : R.range(p.r.lo, p.r.hi);
      }
      return cIdx(v);
    }
    if (isF(p.ty)) return cst(R.pick(kFloatConsts) + " : " + tname(p.ty));
    int64_t v;
    switch (R.range(0, 6)) {
    case 0: v = 0; break;
    case 1: v = -1; break;
    case 2: v = tmin(p.ty); break;
    case 3: v = tmax(p.ty); break;
    default:
      v = R.range(std::max<int64_t>(tmin(p.ty), -300), std::min<int64_t>(tmax(p.ty), 300));
      break;
    }
    if (p.ty == T::I1) return cst(v & 1 ? "true" : "false");
    return cst(std::to_string(v) + " : " + tname(p.ty));
  }

  void printResults(const std::vector<std::string>& names, const std::vector<T>& ts) {
    for (size_t i = 0; i < ts.size(); ++i)
      line("vector.print " + names[i] + " : " + tname(ts[i]));
  }

  void call(const Kernel& k, const std::vector<std::string>& args, const std::string& loopIv = "",
            int loopParam = -1) {
    std::vector<std::string> a = args;
    if (loopParam >= 0) a[static_cast<size_t>(loopParam)] = loopIv;
    std::string types, argl;
    for (size_t i = 0; i < k.params.size(); ++i) {
      const Param& p = k.params[i];
      types += (i ? ", " : "") + (p.isMem ? p.mt.str() : std::string(tname(p.ty)));
      argl += (i ? ", " : "") + a[i];
    }
    std::string rt = FuncGen::typeList(k.results);
    std::vector<std::string> rn;
    std::string prefix;
    if (k.results.size() == 1) {
      rn.push_back(fresh("res"));
      prefix = rn[0] + " = ";
    } else if (k.results.size() > 1) {
      std::string b = fresh("res");
      for (size_t i = 0; i < k.results.size(); ++i)
        rn.push_back(b + "#" + std::to_string(i));
      prefix = b + ":" + std::to_string(k.results.size()) + " = ";
    }
    line(prefix + "func.call @" + k.name + "(" + argl + ") : (" + types + ") -> (" + rt + ")");
    printResults(rn, k.results);
  }

  std::string gen(const std::vector<Kernel>& ks) {
    for (const Kernel& k : ks) {
      int calls = static_cast<int>(R.weighted({0, 3, 3, 1.5}));
      std::vector<std::string> args;
      for (int c = 0; c < calls; ++c) {
        bool reuse = c > 0 && R.chance(0.5);
        std::vector<std::string> na;
        for (size_t i = 0; i < k.params.size(); ++i) {
          const Param& p = k.params[i];
          if (p.isMem)
            na.push_back(reuse ? args[i] : memArg(p));
          else
            na.push_back(scalarArg(p, c));
        }
        args = na;
        // Sometimes call from inside a loop of main, passing the iv as an index param.
        int lp = -1;
        for (size_t i = 0; i < k.params.size(); ++i)
          if (!k.params[i].isMem && k.params[i].ty == T::Idx && k.params[i].r.lo == 0 &&
              k.params[i].role != 3)
            lp = static_cast<int>(i);
        if (lp >= 0 && R.chance(0.15)) {
          int64_t n = std::min<int64_t>(k.params[static_cast<size_t>(lp)].r.hi + 1, 3);
          std::string iv = fresh("i");
          line("scf.for " + iv + " = " + cIdx(0) + " to " + cIdx(n) + " step " + cIdx(1) + " {");
          ++ind;
          call(k, args, iv, lp);
          --ind;
          line("}");
        } else {
          call(k, args);
        }
      }
    }
    for (const Root& r : roots)
      printRoot(r);
    for (const Root& r : roots)
      if (!r.alloca && R.chance(0.5)) line("memref.dealloc " + r.name + " : " + r.type.str());
    line("func.return");
    return "func.func @main() {\n" + header + out + "}\n";
  }
};

Config configFor(Size s) {
  Config c;
  c.size = s;
  switch (s) {
  case Size::Small:
    c.maxDepth = 2;
    c.stmtsTop = 5;
    c.stmtsInner = 3;
    c.maxTrip = 5;
    c.maxIters = 60;
    c.maxDim = 6;
    c.exprDepth = 2;
    c.opBudget = 45;
    break;
  case Size::Medium:
    c.maxDepth = 3;
    c.stmtsTop = 7;
    c.stmtsInner = 4;
    c.maxTrip = 7;
    c.maxIters = 400;
    c.maxDim = 8;
    c.exprDepth = 2;
    c.opBudget = 120;
    break;
  case Size::Large:
    c.maxDepth = 4;
    c.stmtsTop = 9;
    c.stmtsInner = 5;
    c.maxTrip = 8;
    c.maxIters = 2000;
    c.maxDim = 10;
    c.exprDepth = 3;
    c.opBudget = 300;
    break;
  }
  return c;
}

// The deep and wide shapes on top of a size. Their random choices come after the
// normal ones, so a normal program of a seed is what it always was.
void applyShape(Config& c, Shape shape, Rng& R) {
  switch (shape) {
  case Shape::Normal: break;
  case Shape::Deep:
    c.spine = static_cast<int>(R.range(16, 120));
    c.opBudget *= 2;
    break;
  case Shape::Wide:
    c.stmtsTop *= 10;
    c.opBudget *= 10;
    c.maxDepth = std::min(c.maxDepth, 2);
    c.minScalars = 8;
    c.maxScalars = 40;
    break;
  }
}

int usage(const char* argv0) {
  std::fprintf(stderr,
               "usage: %s --seed S [--size small|medium|large] [--kernels K] [--shape deep|wide]\n",
               argv0);
  return 2;
}

} // namespace

int main(int argc, char** argv) {
  uint64_t seed = 0;
  bool haveSeed = false;
  Size size = Size::Small;
  const char* sizeName = "small";
  int kernels = 0;
  Shape shape = Shape::Normal;
  std::string shapeArg;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "loom-gen: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--seed") {
      std::string v = val();
      char* end = nullptr;
      seed = std::strtoull(v.c_str(), &end, 10);
      if (!end || *end) {
        std::fprintf(stderr, "loom-gen: bad seed '%s'\n", v.c_str());
        return 2;
      }
      haveSeed = true;
    } else if (a == "--size") {
      std::string v = val();
      if (v == "small")
        size = Size::Small;
      else if (v == "medium")
        size = Size::Medium;
      else if (v == "large")
        size = Size::Large;
      else {
        std::fprintf(stderr, "loom-gen: bad size '%s'\n", v.c_str());
        return 2;
      }
      sizeName = argv[i];
    } else if (a == "--kernels") {
      kernels = std::atoi(val().c_str());
      if (kernels < 1 || kernels > 16) {
        std::fprintf(stderr, "loom-gen: --kernels must be 1..16\n");
        return 2;
      }
    } else if (a == "--shape") {
      std::string v = val();
      if (v == "deep")
        shape = Shape::Deep;
      else if (v == "wide")
        shape = Shape::Wide;
      else if (v != "normal") {
        std::fprintf(stderr, "loom-gen: bad shape '%s'\n", v.c_str());
        return 2;
      }
      shapeArg = shape == Shape::Normal ? "" : " --shape " + v;
    } else if (a == "-h" || a == "--help") {
      usage(argv[0]);
      return 0;
    } else {
      return usage(argv[0]);
    }
  }
  if (!haveSeed) return usage(argv[0]);
  Config cfg = configFor(size);
  Rng R(seed);
  if (kernels == 0) {
    switch (size) {
    case Size::Small: kernels = static_cast<int>(R.range(1, 2)); break;
    case Size::Medium: kernels = static_cast<int>(R.range(1, 3)); break;
    case Size::Large: kernels = static_cast<int>(R.range(2, 4)); break;
    }
  }
  applyShape(cfg, shape, R);
  std::vector<Kernel> ks;
  for (int i = 0; i < kernels; ++i)
    ks.push_back(genKernel(R, cfg, "k" + std::to_string(i)));
  MainGen mg(R, cfg);
  std::string mainText = mg.gen(ks);
  std::printf("// loom-gen --seed %" PRIu64 " --size %s --kernels %d%s\n", seed, sizeName, kernels,
              shapeArg.c_str());
  for (T t : {T::I32, T::I64, T::F32, T::F64})
    if (mg.printed.count(t))
      std::printf("func.func private @%s(memref<*x%s>)\n", MainGen::printFn(t), tname(t));
  for (auto& k : ks)
    std::printf("\n%s", k.text.c_str());
  std::printf("\n%s", mainText.c_str());
  return 0;
}
