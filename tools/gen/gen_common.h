// What every part of loom-gen shares: its PRNG, the scalar and memref types of the
// programs, static value ranges, the generated values, the configuration and the
// kernels' parameters.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace loomgen {

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

inline const char* tname(T t) {
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
inline int bits(T t) {
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
inline bool isF(T t) {
  return t == T::F32 || t == T::F64;
}
inline bool isIntLike(T t) {
  return !isF(t);
}
inline int64_t tmin(T t) {
  if (t == T::Idx) return 0;
  int b = bits(t);
  return b == 64 ? INT64_MIN : -(int64_t(1) << (b - 1));
}
inline int64_t tmax(T t) {
  if (t == T::Idx) return int64_t(1) << 40; // ranges of index values stay far from overflow
  int b = bits(t);
  return b == 64 ? INT64_MAX : (int64_t(1) << (b - 1)) - 1;
}

inline const std::vector<T> kIntTypes = {T::I1, T::I8, T::I16, T::I32, T::I64};
inline const std::vector<T> kScalarTypes = {T::I1,  T::I8,  T::I16, T::I32,
                                            T::I64, T::Idx, T::F32, T::F64};
inline const std::vector<T> kElemTypes = {T::I8, T::I16, T::I32, T::I64, T::F32, T::F64};

// ---------------------------------------------------------------------------------------
// Memref types and layouts: strided<[strides], offset: o> as MLIR 22 prints it (`?` for
// dynamic, no offset when it is 0).
inline std::string stridedLayout(int64_t offset, const std::vector<int64_t>& strides) {
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
inline MemType normalized(MemType m) {
  if (m.identity || m.offset != 0) return m;
  for (int64_t d : m.shape)
    if (d == kDyn) return m;
  MemType id = m;
  id.identity = true;
  if (id.effStrides() != m.strides) return m;
  id.strides.clear();
  return id;
}

inline MemType fullyDynamic(T elem, const std::vector<int64_t>& shape) {
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
inline MemType inferSubview(const MemType& src, const std::vector<int64_t>& offs,
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

inline bool fitsT(T t, int64_t lo, int64_t hi) {
  return lo >= tmin(t) && hi <= tmax(t) && lo <= hi;
}
inline Range clampR(T t, Range r) {
  if (!r.known || !fitsT(t, r.lo, r.hi)) return Range{};
  return r;
}
inline Range unionR(Range a, Range b) {
  if (!a.known || !b.known) return Range{};
  return Range::of(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}
inline bool small(Range r, int64_t lim = (int64_t(1) << 30)) {
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

inline std::string fmtInt(T t, int64_t v) {
  if (t == T::I1) return v ? "true" : "false";
  return std::to_string(v) + " : " + tname(t);
}

inline const std::vector<std::string> kFloatConsts = {
    "0.000000e+00",  "-0.000000e+00", "1.000000e+00",  "-1.000000e+00", "5.000000e-01",
    "2.000000e+00",  "1.000000e-01",  "-2.500000e+00", "3.000000e+00",  "1.000000e+02",
    "1.000000e-03",  "1.500000e+04",  "3.330000e-01",  "-7.750000e+00", "1.000000e+10",
    "-1.250000e-01", "6.553600e+04",  "4.200000e+01",  "-3.000000e+02", "7.000000e+00"};

// `--shape recurrence` (gen_recurrence.cpp): one loop whose optimal II is known.
std::string recurrenceProgram(Rng& R, uint64_t seed);

} // namespace loomgen
