// Arithmetic semantics shared by the reference interpreter and the simulator.
//
// All integer work is done on uint64_t and masked to the operand width, so no C++
// signed overflow or oversized shift can occur. Float results follow what the x86-64
// code that mlir-runner (MLIR 22) JIT-compiles computes at run time (SSE semantics),
// made explicit so the result does not depend on the host's NaN conventions.
#include "eval/arith.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <math.h>

namespace loom {

const char* evalErrorMessage(EvalError e) {
  switch (e) {
  case EvalError::None: return "no error";
  case EvalError::DivisionByZero: return "integer division by zero";
  case EvalError::SignedOverflow: return "signed division overflow (INT_MIN / -1)";
  case EvalError::ShiftOutOfRange: return "shift amount is not less than the bit width";
  case EvalError::FloatToIntRange: return "float to integer conversion out of range or NaN";
  case EvalError::PoisonDivisor: return "division by a poison value";
  }
  return "unknown error";
}

// ---------------------------------------------------------------------------------
// Bits <-> host values.

namespace {

// The bits of `from` as a To (C++20's std::bit_cast).
template <class To, class From> To bitCast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "a bit cast keeps the size");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

} // namespace

Bits bitsFromF32(float f) {
  return bitCast<uint32_t>(f);
}

Bits bitsFromF64(double d) {
  return bitCast<uint64_t>(d);
}

float f32FromBits(Bits b) {
  return bitCast<float>(static_cast<uint32_t>(b));
}

double f64FromBits(Bits b) {
  return bitCast<double>(b);
}

namespace {

// --- IEEE half precision, converted by hand because C++17 has no half type. ---

constexpr int kHalfFracBits = 10;

// Exact: every half is a double.
double f16ToDouble(Bits b) {
  uint32_t h = static_cast<uint32_t>(b & 0xFFFF);
  double sign = (h & 0x8000) ? -1.0 : 1.0;
  uint32_t exp = (h >> kHalfFracBits) & 0x1F;
  uint32_t frac = h & 0x3FF;
  if (exp == 0x1F) {
    if (frac == 0) return sign * HUGE_VAL;
    // NaN: keep sign and payload in the top fraction bits, as fpext does.
    uint64_t d = (uint64_t(h & 0x8000) << 48) | 0x7FF0000000000000ull | (uint64_t(frac) << 42);
    return f64FromBits(d);
  }
  if (exp == 0) return sign * std::ldexp(double(frac), -24);
  return sign * std::ldexp(double(frac | 0x400), int(exp) - 25);
}

// Rounds a double straight to half (nearest-even), without a detour through float
// that could round twice.
Bits f16FromDouble(double d) {
  uint64_t db = bitsFromF64(d);
  uint32_t sign = uint32_t(db >> 48) & 0x8000;
  if (std::isnan(d)) return sign | 0x7E00 | uint32_t((db >> 42) & 0x1FF);
  double a = std::fabs(d);
  if (a >= 65520.0) return sign | 0x7C00; // at or past the midpoint above 65504
  if (a < std::ldexp(1.0, -14)) {         // subnormal: count units of 2^-24
    return sign | uint32_t(std::nearbyint(std::ldexp(a, 24)));
  }
  int e;
  std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
  int exp = e - 1;
  uint32_t frac = uint32_t(std::nearbyint(std::ldexp(a, kHalfFracBits - exp))) - 0x400;
  // A fraction that rounded up to 0x400 carries into the exponent by the addition.
  return sign | ((uint32_t(exp + 15) << kHalfFracBits) + frac);
}

bool isF16(const Type& t) {
  return t.kind == TypeKind::F16;
}
bool isF32(const Type& t) {
  return t.kind == TypeKind::F32;
}

} // namespace

Bits bitsFromDouble(double d, const Type& t) {
  if (isF32(t)) return bitsFromF32(static_cast<float>(d));
  if (isF16(t)) return f16FromDouble(d);
  return bitsFromF64(d);
}

double doubleFromBits(Bits b, const Type& t) {
  if (isF32(t)) return f32FromBits(b);
  if (isF16(t)) return f16ToDouble(b);
  return f64FromBits(b);
}

Bits bitsFromInt(int64_t v, const Type& t) {
  return static_cast<Bits>(v) & widthMask(t.width);
}

namespace {

// ---------------------------------------------------------------------------------
// Integers: `w` is the width (index counts as 64), values are masked Bits.

struct IntCtx {
  unsigned w;
  Bits mask;
  Bits minBits() const { return Bits(1) << (w - 1); } // INT_MIN of the width
  Bits maxBits() const { return mask >> 1; }          // INT_MAX of the width
  int64_t s(Bits v) const { return signExtend(v, w); }
  Bits wrap(Bits v) const { return v & mask; }
  Bits wrapS(int64_t v) const { return static_cast<Bits>(v) & mask; }
};

IntCtx intCtx(const Type& t) {
  return {t.width, widthMask(t.width)};
}

// Signed division of values known not to be (INT_MIN, -1) or (x, 0).
Bits sdiv(const IntCtx& c, Bits a, Bits b) {
  int64_t sa = c.s(a), sb = c.s(b);
  if (sb == -1) return c.wrap(Bits(0) - a); // avoids INT64_MIN / -1 in C++
  return c.wrapS(sa / sb);
}

Bits srem(const IntCtx& c, Bits a, Bits b) {
  int64_t sa = c.s(a), sb = c.s(b);
  if (sb == -1) return 0;
  return c.wrapS(sa % sb);
}

// MLIR 22 has no direct lowering of ceildivsi / floordivsi; --arith-expand rewrites
// them around one truncating division z = a / b:
//   ceildivsi  = z + 1 if a != z * b and (a < 0) == (b < 0), else z
//   floordivsi = z - 1 if a != z * b and (a < 0) != (b < 0), else z
// i.e. the exact ceiling / floor; the only UB is that division (b = 0, INT_MIN / -1).
// (MLIR 14's expansions divided twice, wrapped -INT_MIN for ceildivsi(INT_MIN, b > 1)
// and trapped on ceildivsi(INT_MAX, -1) and floordivsi(INT_MIN + 1, -1).)
// `ceil`: ceildivsi, else floordivsi; z moves one step toward +inf or -inf.
EvalError roundedDivSI(const IntCtx& c, Bits a, Bits b, bool ceil, Bits& r) {
  if (b == 0) return EvalError::DivisionByZero;
  if (b == c.mask && a == c.minBits()) return EvalError::SignedOverflow;
  Bits z = sdiv(c, a, b);
  bool inexact = c.wrap(z * b) != a;
  bool sameSign = (c.s(a) < 0) == (c.s(b) < 0);
  r = inexact && sameSign == ceil ? c.wrap(z + (ceil ? Bits{1} : c.mask)) : z;
  return EvalError::None;
}

// --arith-expand form: a == 0 ? 0 : (a - 1) / b + 1 (the division is evaluated even
// when a == 0, so b == 0 is always an error).
EvalError ceilDivUI(const IntCtx& c, Bits a, Bits b, Bits& r) {
  if (b == 0) return EvalError::DivisionByZero;
  r = a == 0 ? 0 : c.wrap((a - 1) / b + 1);
  return EvalError::None;
}

Bits shiftRightSigned(const IntCtx& c, Bits a, Bits amount) {
  Bits ext = static_cast<Bits>(c.s(a));
  Bits shifted = c.s(a) < 0 ? ~(~ext >> amount) : ext >> amount;
  return c.wrap(shifted);
}

EvalError evalIntBinary(OpKind op, const IntCtx& c, Bits a, Bits b, Bits& r) {
  const bool minOverMinusOne = a == c.minBits() && b == c.mask;
  switch (op) {
  case OpKind::AddI: r = c.wrap(a + b); return EvalError::None;
  case OpKind::SubI: r = c.wrap(a - b); return EvalError::None;
  case OpKind::MulI: r = c.wrap(a * b); return EvalError::None;
  case OpKind::DivUI:
  case OpKind::RemUI:
    if (b == 0) return EvalError::DivisionByZero;
    r = op == OpKind::DivUI ? a / b : a % b;
    return EvalError::None;
  case OpKind::DivSI:
  case OpKind::RemSI:
    if (b == 0) return EvalError::DivisionByZero;
    // LLVM's srem of INT_MIN by -1 is UB just like sdiv (x86 idiv traps on both).
    if (minOverMinusOne) return EvalError::SignedOverflow;
    r = op == OpKind::DivSI ? sdiv(c, a, b) : srem(c, a, b);
    return EvalError::None;
  case OpKind::CeilDivSI: return roundedDivSI(c, a, b, true, r);
  case OpKind::CeilDivUI: return ceilDivUI(c, a, b, r);
  case OpKind::FloorDivSI: return roundedDivSI(c, a, b, false, r);
  case OpKind::AndI: r = a & b; return EvalError::None;
  case OpKind::OrI: r = a | b; return EvalError::None;
  case OpKind::XOrI: r = a ^ b; return EvalError::None;
  case OpKind::ShLI:
  case OpKind::ShRSI:
  case OpKind::ShRUI:
    // The amount is read as unsigned: a "negative" amount is a huge one.
    if (b >= c.w) return EvalError::ShiftOutOfRange;
    if (op == OpKind::ShLI)
      r = c.wrap(a << b);
    else if (op == OpKind::ShRUI)
      r = a >> b;
    else
      r = shiftRightSigned(c, a, b);
    return EvalError::None;
  case OpKind::MaxSI: r = c.s(a) >= c.s(b) ? a : b; return EvalError::None;
  case OpKind::MinSI: r = c.s(a) <= c.s(b) ? a : b; return EvalError::None;
  case OpKind::MaxUI: r = a >= b ? a : b; return EvalError::None;
  case OpKind::MinUI: r = a <= b ? a : b; return EvalError::None;
  default: r = 0; return EvalError::None;
  }
}

bool evalCmpI(CmpIPred p, const IntCtx& c, Bits a, Bits b) {
  int64_t sa = c.s(a), sb = c.s(b);
  switch (p) {
  case CmpIPred::eq: return a == b;
  case CmpIPred::ne: return a != b;
  case CmpIPred::slt: return sa < sb;
  case CmpIPred::sle: return sa <= sb;
  case CmpIPred::sgt: return sa > sb;
  case CmpIPred::sge: return sa >= sb;
  case CmpIPred::ult: return a < b;
  case CmpIPred::ule: return a <= b;
  case CmpIPred::ugt: return a > b;
  case CmpIPred::uge: return a >= b;
  }
  return false;
}

// ---------------------------------------------------------------------------------
// Floats. Each float type is described by its sign bit and quiet-NaN bit so NaN
// rules can be applied on raw Bits.

struct FloatFmt {
  Bits sign;
  Bits quiet;
  Bits defaultNaN; // what x86 SSE produces for an invalid operation: negative qNaN
};

FloatFmt floatFmt(const Type& t) {
  if (isF32(t)) return {0x80000000ull, 0x00400000ull, 0xFFC00000ull};
  if (isF16(t)) return {0x8000ull, 0x0200ull, 0xFE00ull};
  return {0x8000000000000000ull, 0x0008000000000000ull, 0xFFF8000000000000ull};
}

bool isNaNBits(Bits b, const Type& t) {
  return std::isnan(doubleFromBits(b, t));
}

// Computes op in the type's own precision: f64 in double, f32 in float, f16 in float
// then rounded (float has enough bits that + - * / rounded twice equal rounded once).
template <typename T> T applyFloatOp(OpKind op, T a, T b) {
  switch (op) {
  case OpKind::AddF: return a + b;
  case OpKind::SubF: return a - b;
  case OpKind::MulF: return a * b;
  case OpKind::DivF: return a / b;
  case OpKind::RemF: return std::fmod(a, b); // LLVM lowers frem to fmod/fmodf
  default: return T(0);
  }
}

Bits floatArith(OpKind op, const Type& t, Bits a, Bits b) {
  if (isF32(t)) return bitsFromF32(applyFloatOp(op, f32FromBits(a), f32FromBits(b)));
  if (isF16(t)) {
    float r = applyFloatOp(op, float(f16ToDouble(a)), float(f16ToDouble(b)));
    return f16FromDouble(r);
  }
  return bitsFromF64(applyFloatOp(op, f64FromBits(a), f64FromBits(b)));
}

// x86 rules: a NaN operand is returned quieted; an invalid operation on non-NaN
// operands gives the default (negative) NaN. With two NaN operands SSE returns the one
// in its destination register: always a for subf/divf (and fmod), but for addf/mulf
// LLVM's register allocator may swap the operands, so the runner's choice differs
// from program to program. We take a, as LLVM's constant folder does.
// Note the folder produces a positive NaN for invalid operations on constants.
Bits evalFloatBinary(OpKind op, const Type& t, Bits a, Bits b) {
  FloatFmt f = floatFmt(t);
  if (isNaNBits(a, t)) return a | f.quiet;
  if (isNaNBits(b, t)) return b | f.quiet;
  Bits r = floatArith(op, t, a, b);
  return isNaNBits(r, t) ? f.defaultNaN : r;
}

bool evalCmpF(CmpFPred p, double a, double b) {
  bool unord = std::isnan(a) || std::isnan(b);
  switch (p) {
  case CmpFPred::AlwaysFalse: return false;
  case CmpFPred::oeq: return !unord && a == b;
  case CmpFPred::ogt: return !unord && a > b;
  case CmpFPred::oge: return !unord && a >= b;
  case CmpFPred::olt: return !unord && a < b;
  case CmpFPred::ole: return !unord && a <= b;
  case CmpFPred::one: return !unord && a != b;
  case CmpFPred::ord: return !unord;
  case CmpFPred::ueq: return unord || a == b;
  case CmpFPred::ugt: return unord || a > b;
  case CmpFPred::uge: return unord || a >= b;
  case CmpFPred::ult: return unord || a < b;
  case CmpFPred::ule: return unord || a <= b;
  case CmpFPred::une: return unord || a != b;
  case CmpFPred::uno: return unord;
  case CmpFPred::AlwaysTrue: return true;
  }
  return false;
}

// maximumf/minimumf: IEEE 754-2019 maximum/minimum as MLIR documents them (-0 < +0, a
// NaN operand gives NaN), lowered to llvm.intr.maximum/minimum, which LLVM's x86 code
// computes as: order the operands by the sign of the first (max: (b, a) if a's sign
// bit is clear; min: (b, a) if it is set), then `isnan(x) ? x : (x > y ? x : y)` (`<`
// for min) on the ordered (x, y). That fixes which NaN comes out when both are NaN, and
// keeps its bits (a signaling NaN is not quieted); checked against mlir-runner on every
// pair of NaNs, signs and zeros (tests/eval).
Bits evalMaxMinF(OpKind op, const Type& t, Bits a, Bits b) {
  bool max = op == OpKind::MaxF;
  double da = doubleFromBits(a, t), db = doubleFromBits(b, t);
  bool swap = std::signbit(da) != max;
  Bits x = swap ? b : a, y = swap ? a : b;
  double dx = swap ? db : da, dy = swap ? da : db;
  if (std::isnan(dx)) return x;
  return (max ? dx > dy : dx < dy) ? x : y;
}

// ---------------------------------------------------------------------------------
// Casts.

// Position of the fraction field: a NaN payload is moved between formats by aligning
// the fractions at their top bit, as cvtss2sd / cvtsd2ss (and LLVM's folder) do.
unsigned fracBits(const Type& t) {
  return isF32(t) ? 23 : isF16(t) ? 10 : 52;
}

Bits convertNaN(Bits b, const Type& from, const Type& to) {
  unsigned fromFrac = fracBits(from), toFrac = fracBits(to);
  Bits frac = b & ((Bits(1) << fromFrac) - 1);
  frac = toFrac >= fromFrac ? frac << (toFrac - fromFrac) : frac >> (fromFrac - toFrac);
  bool negative = b & floatFmt(from).sign;
  Bits expAllOnes = (Bits(isF32(to) ? 0xFF : isF16(to) ? 0x1F : 0x7FF)) << toFrac;
  FloatFmt f = floatFmt(to);
  return (negative ? f.sign : 0) | expAllOnes | f.quiet | frac;
}

// extf/truncf: non-NaN values convert exactly or round to nearest-even.
Bits convertFloat(Bits b, const Type& from, const Type& to) {
  if (isNaNBits(b, from)) return convertNaN(b, from, to);
  return bitsFromDouble(doubleFromBits(b, from), to);
}

// Truncates toward zero into the signed or unsigned range of `w` bits, or fails.
EvalError floatToInt(double d, unsigned w, bool isSigned, Bits& r) {
  if (std::isnan(d)) return EvalError::FloatToIntRange;
  double t = std::trunc(d);
  // Bounds are powers of two, exact in double: [lo, hi).
  double hi = std::ldexp(1.0, isSigned ? int(w) - 1 : int(w));
  double lo = isSigned ? -hi : 0.0;
  if (!(t >= lo && t < hi)) return EvalError::FloatToIntRange;
  if (isSigned)
    r = static_cast<Bits>(static_cast<int64_t>(t));
  else
    r = t >= 0x1p63 ? static_cast<Bits>(t - 0x1p63) | (Bits(1) << 63) : static_cast<Bits>(t);
  r &= widthMask(w);
  return EvalError::None;
}

// sitofp/uitofp: the 64-bit host conversions round correctly; f16 goes through double,
// which is exact for every integer that does not already overflow half's range.
Bits intToFloat(Bits v, unsigned w, bool isSigned, const Type& to) {
  if (isSigned) {
    int64_t s = signExtend(v, w);
    if (isF32(to)) return bitsFromF32(static_cast<float>(s));
    return bitsFromDouble(static_cast<double>(s), to);
  }
  Bits u = v & widthMask(w);
  if (isF32(to)) return bitsFromF32(static_cast<float>(u));
  return bitsFromDouble(static_cast<double>(u), to);
}

EvalError evalCast(OpKind op, const Type& from, const Type& to, Bits a, Bits& r) {
  switch (op) {
  case OpKind::ExtSI: r = bitsFromInt(signExtend(a, from.width), to); return EvalError::None;
  case OpKind::ExtUI:
  case OpKind::TruncI:
  case OpKind::IndexCastUI: // zero-extends or truncates
  case OpKind::Bitcast: r = a & widthMask(from.width) & widthMask(to.width); return EvalError::None;
  case OpKind::IndexCast:
    // index -> iN truncates, iN -> index sign-extends (i1 true becomes -1).
    r = bitsFromInt(signExtend(a, from.width), to);
    return EvalError::None;
  case OpKind::ExtF:
  case OpKind::TruncF: r = convertFloat(a, from, to); return EvalError::None;
  case OpKind::SIToFP: r = intToFloat(a, from.width, true, to); return EvalError::None;
  case OpKind::UIToFP: r = intToFloat(a, from.width, false, to); return EvalError::None;
  case OpKind::FPToSI: return floatToInt(doubleFromBits(a, from), to.width, true, r);
  case OpKind::FPToUI: return floatToInt(doubleFromBits(a, from), to.width, false, r);
  default: r = 0; return EvalError::None;
  }
}

EvalError evalFloatOp(OpKind op, const Type& t, const Bits* ops, Bits& r) {
  switch (op) {
  case OpKind::NegF: r = ops[0] ^ floatFmt(t).sign; break; // fneg only flips the sign
  case OpKind::MaxF:
  case OpKind::MinF: r = evalMaxMinF(op, t, ops[0], ops[1]); break;
  default: r = evalFloatBinary(op, t, ops[0], ops[1]); break;
  }
  return EvalError::None;
}

// ---------------------------------------------------------------------------------
// math dialect, as scripts/oracle.sh lowers it: convert-math-to-llvm turns each op into
// an LLVM intrinsic (rsqrt, expm1 and log1p into a short expansion), which LLVM 22's
// x86-64 code generation at -O0 (mlir-runner's JIT, host CPU features) makes into
//   - absf, copysign: sign-bit logic (andps/orps); NaN bits pass unchanged;
//   - ceil, floor, trunc, roundeven: roundss/roundsd; round: trunc(x + copysign(
//     0.49999997, x)), which is exactly round-half-away-from-zero; a NaN comes back
//     quieted, as from any SSE arithmetic;
//   - sqrt: sqrtss/sqrtsd, correctly rounded (the default NaN for x < 0);
//   - fma: one rounding (vfmadd, or libm's fma, which gives the same bits);
//   - exp ... tanh, atan2, powf: one call of glibc's libm function of the type's
//     precision (expf for f32, exp for f64). The JIT resolves it in the process's
//     libm, the one loom-sim is linked against, so calling the same function here gives
//     the same bits, NaNs included (on the same machine: glibc picks a variant of some
//     functions by CPU);
//   - fpowi: libgcc's __powisf2 / __powidf2, square-and-multiply in the type's
//     precision (an i32 exponent only: LLVM rejects any other width for x86-64);
//   - isnan, isfinite: llvm.is.fpclass, exact;
//   - absi, ctlz, cttz, ctpop: the integer intrinsics (abs of INT_MIN is INT_MIN, ctlz
//     and cttz of 0 are the width).
// f16 is promoted to f32, computed there and rounded back to half, as LLVM legalizes
// half arithmetic on x86-64.
// MLIR expands rsqrt to 1 / sqrt(x), expm1 to exp(x) - 1 and log1p to log(1 + x); we
// compute those very steps (so expm1 and log1p lose libm's expm1/log1p accuracy for
// small x, as the lowered program does). Note: MLIR folds a math op whose operands are
// constants with the host's libm at compile time; for expm1 and log1p the folder calls
// libm's expm1/log1p, so there the oracle's result of a constant operand differs.

using F32Fn = float (*)(float);
using F64Fn = double (*)(double);

// The libm functions of one unary op, by precision.
struct LibmUnary {
  F32Fn f;
  F64Fn d;
};

LibmUnary libmUnary(OpKind op) {
  switch (op) {
  case OpKind::Exp: return {::expf, ::exp};
  case OpKind::Exp2: return {::exp2f, ::exp2};
  case OpKind::Log: return {::logf, ::log};
  case OpKind::Log2: return {::log2f, ::log2};
  case OpKind::Log10: return {::log10f, ::log10};
  case OpKind::Sin: return {::sinf, ::sin};
  case OpKind::Cos: return {::cosf, ::cos};
  case OpKind::Tan: return {::tanf, ::tan};
  case OpKind::Asin: return {::asinf, ::asin};
  case OpKind::Acos: return {::acosf, ::acos};
  case OpKind::Atan: return {::atanf, ::atan};
  case OpKind::Sinh: return {::sinhf, ::sinh};
  case OpKind::Cosh: return {::coshf, ::cosh};
  case OpKind::Tanh: return {::tanhf, ::tanh};
  default: return {nullptr, nullptr};
  }
}

Bits quietNaN(Bits b, const Type& t) {
  return b | floatFmt(t).quiet;
}

Bits floatOne(const Type& t) {
  return bitsFromDouble(1.0, t);
}

// Values of f16 are computed in f32: promoted (exactly; a NaN quieted), then the f32
// result rounded to half.
const Type kF32 = Type::f32();

template <typename F> Bits viaF32(const Type& t, const Bits* ops, int n, F fn) {
  Bits w[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i)
    w[i] = convertFloat(ops[i], t, kF32);
  return convertFloat(fn(w), kF32, t);
}

// Square-and-multiply as libgcc's __powisf2/__powidf2 (and LLVM's expansion of a
// constant exponent, which multiplies in the same order).
template <typename T> T powi(T x, int32_t m) {
  uint32_t n = m < 0 ? 0u - static_cast<uint32_t>(m) : static_cast<uint32_t>(m);
  T y = n % 2 ? x : T(1);
  while (n >>= 1) {
    x = x * x;
    if (n % 2) y = y * x;
  }
  return m < 0 ? T(1) / y : y;
}

// Ops computed in the type's own precision (f32 or f64); `ops` are raw Bits.
Bits mathInPrecision(OpKind op, const Type& t, const Bits* ops) {
  const bool f32 = isF32(t);
  const FloatFmt fmt = floatFmt(t);
  auto fromHost = [&](double d) { return bitsFromDouble(d, t); };
  switch (op) {
  case OpKind::Sqrt: {
    if (isNaNBits(ops[0], t)) return quietNaN(ops[0], t);
    double x = doubleFromBits(ops[0], t);
    if (x < 0) return fmt.defaultNaN;
    return f32 ? bitsFromF32(std::sqrt(f32FromBits(ops[0]))) : fromHost(std::sqrt(x));
  }
  case OpKind::Fma: {
    // The first NaN operand, quieted; an invalid product (0 * inf) or sum (inf - inf)
    // gives the default NaN.
    for (int i = 0; i < 3; ++i)
      if (isNaNBits(ops[i], t)) return quietNaN(ops[i], t);
    Bits r =
        f32 ? bitsFromF32(std::fma(f32FromBits(ops[0]), f32FromBits(ops[1]), f32FromBits(ops[2])))
            : bitsFromF64(std::fma(f64FromBits(ops[0]), f64FromBits(ops[1]), f64FromBits(ops[2])));
    return isNaNBits(r, t) ? fmt.defaultNaN : r;
  }
  case OpKind::FPowI: {
    int32_t e = static_cast<int32_t>(signExtend(ops[1], 32));
    return f32 ? bitsFromF32(powi(f32FromBits(ops[0]), e))
               : bitsFromF64(powi(f64FromBits(ops[0]), e));
  }
  case OpKind::PowF:
    return f32 ? bitsFromF32(::powf(f32FromBits(ops[0]), f32FromBits(ops[1])))
               : bitsFromF64(::pow(f64FromBits(ops[0]), f64FromBits(ops[1])));
  case OpKind::Atan2:
    return f32 ? bitsFromF32(::atan2f(f32FromBits(ops[0]), f32FromBits(ops[1])))
               : bitsFromF64(::atan2(f64FromBits(ops[0]), f64FromBits(ops[1])));
  default: {
    LibmUnary fn = libmUnary(op);
    if (!fn.f) return 0;
    return f32 ? bitsFromF32(fn.f(f32FromBits(ops[0]))) : bitsFromF64(fn.d(f64FromBits(ops[0])));
  }
  }
}

// One libm-like op in t's precision, f16 through f32.
Bits mathFloatOp(OpKind op, const Type& t, const Bits* ops) {
  if (!isF16(t)) return mathInPrecision(op, t, ops);
  int n = op == OpKind::FPowI ? 1 : computeArity(op);
  return viaF32(t, ops, n, [&](const Bits* w) {
    Bits args[3] = {w[0], n > 1 ? w[1] : 0, n > 2 ? w[2] : 0};
    if (op == OpKind::FPowI) args[1] = ops[1];
    return mathInPrecision(op, kF32, args);
  });
}

// Rounding to an integral value: exact in any precision; NaN quieted.
Bits roundIntegral(OpKind op, const Type& t, Bits a) {
  if (isNaNBits(a, t)) return quietNaN(a, t);
  double x = doubleFromBits(a, t);
  switch (op) {
  case OpKind::Ceil: x = std::ceil(x); break;
  case OpKind::Floor: x = std::floor(x); break;
  case OpKind::Trunc: x = std::trunc(x); break;
  case OpKind::Round: x = std::round(x); break;
  default: x = std::nearbyint(x); break; // roundeven: the default rounding mode is never changed
  }
  return bitsFromDouble(x, t);
}

Bits evalMathInt(OpKind op, const IntCtx& c, Bits a) {
  switch (op) {
  case OpKind::AbsI: return c.s(a) < 0 ? c.wrap(Bits(0) - a) : a;
  case OpKind::CtLz: return a == 0 ? c.w : Bits(__builtin_clzll(a) - (64 - int(c.w)));
  case OpKind::CtTz: return a == 0 ? c.w : Bits(__builtin_ctzll(a));
  case OpKind::CtPop: return Bits(__builtin_popcountll(a));
  default: return 0;
  }
}

EvalError evalMath(OpKind op, const Type& t, const Bits* ops, Bits& r) {
  if (computeSpec(op)->operand == TypeClass::IntLike) {
    IntCtx c = intCtx(t);
    r = evalMathInt(op, c, c.wrap(ops[0]));
    return EvalError::None;
  }
  const FloatFmt fmt = floatFmt(t);
  switch (op) {
  case OpKind::AbsF: r = ops[0] & ~fmt.sign; break;
  case OpKind::CopySign: r = (ops[0] & ~fmt.sign) | (ops[1] & fmt.sign); break;
  case OpKind::IsNaN: r = isNaNBits(ops[0], t); break;
  case OpKind::IsFinite: r = std::isfinite(doubleFromBits(ops[0], t)); break;
  case OpKind::Ceil:
  case OpKind::Floor:
  case OpKind::Trunc:
  case OpKind::Round:
  case OpKind::RoundEven: r = roundIntegral(op, t, ops[0]); break;
  case OpKind::Rsqrt: {
    Bits s = mathFloatOp(OpKind::Sqrt, t, ops);
    r = evalFloatBinary(OpKind::DivF, t, floatOne(t), s);
    break;
  }
  case OpKind::ExpM1: {
    Bits e = mathFloatOp(OpKind::Exp, t, ops);
    r = evalFloatBinary(OpKind::SubF, t, e, floatOne(t));
    break;
  }
  case OpKind::Log1p: {
    Bits s = evalFloatBinary(OpKind::AddF, t, floatOne(t), ops[0]);
    r = mathFloatOp(OpKind::Log, t, &s);
    break;
  }
  default: r = mathFloatOp(op, t, ops); break;
  }
  return EvalError::None;
}

} // namespace

EvalError evalArith(OpKind op, const ArithAttrs& attrs, const Type& operandType,
                    const Type& resultType, const Bits* operands, Bits& result) {
  result = 0;
  const ComputeSpec* spec = computeSpec(op);
  if (!spec) return EvalError::None;
  switch (spec->category) {
  case ComputeCategory::IntBinary: {
    IntCtx c = intCtx(operandType);
    return evalIntBinary(op, c, c.wrap(operands[0]), c.wrap(operands[1]), result);
  }
  case ComputeCategory::FloatBinary:
  case ComputeCategory::FloatNegate: return evalFloatOp(op, operandType, operands, result);
  case ComputeCategory::Cast: return evalCast(op, operandType, resultType, operands[0], result);
  case ComputeCategory::Math: return evalMath(op, operandType, operands, result);
  case ComputeCategory::IntCompare: {
    IntCtx c = intCtx(operandType);
    result = evalCmpI(attrs.cmpi, c, c.wrap(operands[0]), c.wrap(operands[1]));
    return EvalError::None;
  }
  case ComputeCategory::FloatCompare:
    result = evalCmpF(attrs.cmpf, doubleFromBits(operands[0], operandType),
                      doubleFromBits(operands[1], operandType));
    return EvalError::None;
  case ComputeCategory::Select:
    result = (operands[0] & 1) ? operands[1] : operands[2];
    return EvalError::None;
  }
  return EvalError::None;
}

namespace {

// The bits a hardware shifter gives for an amount >= width: everything shifted out.
Bits shiftedOut(OpKind op, const Type& t, Bits a) {
  if (op != OpKind::ShRSI) return 0;
  return signExtend(a, t.width) < 0 ? widthMask(t.width) : 0;
}

} // namespace

const char* poisonReason(OpKind op) {
  const ComputeSpec* spec = computeSpec(op);
  if (!spec) return nullptr;
  switch (spec->poison) {
  case PoisonRule::ShiftRange: return evalErrorMessage(EvalError::ShiftOutOfRange);
  case PoisonRule::ConvertRange: return evalErrorMessage(EvalError::FloatToIntRange);
  case PoisonRule::Propagate:
  case PoisonRule::DivisorStops:
  case PoisonRule::Picked: return nullptr;
  }
  return nullptr;
}

ArithOutcome evalArithPoison(OpKind op, const ArithAttrs& attrs, const Type& operandType,
                             const Type& resultType, const Bits* operands, PoisonMask poisoned,
                             Bits& result) {
  if (isIntDivision(op) && (poisoned & 2u)) return {EvalError::PoisonDivisor, false};
  EvalError e = evalArith(op, attrs, operandType, resultType, operands, result);
  const ComputeSpec* spec = computeSpec(op);
  if (spec && spec->poison == PoisonRule::Picked) {
    int picked = (operands[0] & 1) ? 1 : 2;
    if (poisoned & 1u) return {e, true, 0};
    if (poisoned & (1u << picked)) return {e, true, picked};
    return {e, false};
  }
  int first = poisoned ? __builtin_ctz(poisoned) : -1;
  if (e == EvalError::ShiftOutOfRange) {
    result = shiftedOut(op, operandType, operands[0]);
    return {EvalError::None, true, first};
  }
  if (e == EvalError::FloatToIntRange) {
    result = 0;
    return {EvalError::None, true, first};
  }
  if (!poisoned) return {e, false};
  // A poison operand may be any value: the op's own errors (INT_MIN / -1 from a poison
  // dividend) give a poison result, not a stop.
  if (e != EvalError::None) result = 0;
  return {EvalError::None, true, first};
}

bool mathFoldDisagrees(OpKind op, const Type& t, const Bits* ops) {
  switch (op) {
  case OpKind::ExpM1:
  case OpKind::Log1p: return true;
  case OpKind::FPowI: return isF16(t);
  case OpKind::Atan2: return doubleFromBits(ops[0], t) == 0 && doubleFromBits(ops[1], t) == 0;
  case OpKind::Fma: {
    double a = doubleFromBits(ops[0], t), b = doubleFromBits(ops[1], t),
           c = doubleFromBits(ops[2], t);
    bool infProduct =
        (std::isinf(a) && b != 0 && !std::isnan(b)) || (std::isinf(b) && a != 0 && !std::isnan(a));
    bool invalidProduct = (std::isinf(a) && b == 0) || (a == 0 && std::isinf(b));
    bool invalidSum =
        infProduct && std::isinf(c) && (std::signbit(a) != std::signbit(b)) != std::signbit(c);
    return invalidProduct || invalidSum;
  }
  default: return false;
  }
}

namespace {

// printf("%g") as the runner's printF32/printF64 do (a float is promoted to double).
// to_chars is specified as printf in the "C" locale, so no locale can change it.
std::string formatG(double d) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::general, 6);
  return std::string(buf, res.ptr);
}

} // namespace

// vector.print lowering (MLIR 14 and 22): f32 -> printF32, f64 -> printF64 (both "%g"),
// index -> printU64 (so negative indices print as huge unsigned numbers), i1 zero-
// extended then printI64 (0/1), other iN (N < 64) sign-extended then printI64.
std::string formatVectorPrint(Bits b, const Type& t) {
  switch (t.kind) {
  case TypeKind::Index: return std::to_string(b);
  case TypeKind::Integer:
    if (t.width == 1) return (b & 1) ? "1" : "0";
    return std::to_string(signExtend(b & widthMask(t.width), t.width));
  case TypeKind::F16:
  case TypeKind::F32:
  case TypeKind::F64: return formatG(doubleFromBits(b, t));
  default: return "";
  }
}

} // namespace loom
