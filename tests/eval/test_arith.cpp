// evalArith and formatVectorPrint: hand-derived expectations, then a differential
// test that runs thousands of ops through MLIR 22's mlir-opt + mlir-runner.
#include "eval/arith.h"

#include <catch2/catch.hpp>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <tuple>
#include <unistd.h>

using namespace loom;

namespace loom_test {

std::string runMlirOracle(const std::string& program);

Type f16Type() {
  return Type{TypeKind::F16, 16, nullptr};
}

} // namespace loom_test

using loom_test::f16Type;

namespace {

const Type I1 = Type::i1(), I8 = Type::integer(8), I16 = Type::integer(16), I32 = Type::integer(32),
           I64 = Type::integer(64), IDX = Type::index(), F32 = Type::f32(), F64 = Type::f64();

// Evaluates and requires success.
Bits ev(OpKind op, const Type& in, std::vector<Bits> args, const Type& out, ArithAttrs at = {}) {
  Bits r = 0xDEAD;
  EvalError e = evalArith(op, at, in, out, args.data(), r);
  INFO("error: " << evalErrorMessage(e));
  REQUIRE(e == EvalError::None);
  return r;
}
Bits ev(OpKind op, const Type& t, std::vector<Bits> args) {
  return ev(op, t, args, t);
}

EvalError err(OpKind op, const Type& in, std::vector<Bits> args, const Type& out) {
  Bits r = 0;
  return evalArith(op, ArithAttrs{}, in, out, args.data(), r);
}
EvalError err(OpKind op, const Type& t, std::vector<Bits> args) {
  return err(op, t, args, t);
}

Bits i(int64_t v, const Type& t) {
  return bitsFromInt(v, t);
}
int64_t s(Bits b, const Type& t) {
  return signExtend(b, t.width);
}
Bits f(double d) {
  return bitsFromF32(float(d));
}
Bits d(double x) {
  return bitsFromF64(x);
}

Bits cmpi(CmpIPred p, const Type& t, Bits a, Bits b) {
  ArithAttrs at;
  at.cmpi = p;
  return ev(OpKind::CmpI, t, {a, b}, I1, at);
}
Bits cmpf(CmpFPred p, const Type& t, Bits a, Bits b) {
  ArithAttrs at;
  at.cmpf = p;
  return ev(OpKind::CmpF, t, {a, b}, I1, at);
}

} // namespace

TEST_CASE("integer add/sub/mul wrap at every width", "[arith]") {
  CHECK(s(ev(OpKind::AddI, I8, {i(100, I8), i(100, I8)}), I8) == -56);
  CHECK(ev(OpKind::MulI, I8, {i(16, I8), i(16, I8)}) == 0);
  CHECK(ev(OpKind::SubI, I8, {i(-128, I8), i(1, I8)}) == 0x7F);
  CHECK(s(ev(OpKind::AddI, I64, {i(INT64_MAX, I64), 1}), I64) == INT64_MIN);
  CHECK(ev(OpKind::MulI, IDX, {i(-1, IDX), i(-1, IDX)}) == 1);
  Type i3 = Type::integer(3);
  CHECK(s(ev(OpKind::AddI, i3, {3, 1}), i3) == -4);
  // i1 addition is xor, multiplication is and.
  CHECK(ev(OpKind::AddI, I1, {1, 1}) == 0);
  CHECK(ev(OpKind::MulI, I1, {1, 1}) == 1);
  // Operands are masked to the width before use.
  CHECK(ev(OpKind::AddI, I8, {0x1FF, 1}) == 0);
}

TEST_CASE("signed and unsigned division and remainder", "[arith]") {
  CHECK(s(ev(OpKind::DivSI, I32, {i(-7, I32), 2}), I32) == -3);
  CHECK(s(ev(OpKind::RemSI, I32, {i(-7, I32), 2}), I32) == -1);
  CHECK(s(ev(OpKind::RemSI, I32, {7, i(-2, I32)}), I32) == 1);
  CHECK(ev(OpKind::DivUI, I8, {i(-7, I8), 2}) == 124); // 249 / 2
  CHECK(ev(OpKind::RemUI, I8, {i(-7, I8), 2}) == 1);
  CHECK(s(ev(OpKind::DivSI, I64, {i(INT64_MIN, I64), 2}), I64) == INT64_MIN / 2);
  CHECK(s(ev(OpKind::DivSI, I8, {i(-128, I8), 1}), I8) == -128);
}

TEST_CASE("floordivsi, ceildivsi, ceildivui", "[arith]") {
  CHECK(s(ev(OpKind::FloorDivSI, I32, {i(-7, I32), 2}), I32) == -4);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {7, i(-2, I32)}), I32) == -4);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {i(-7, I32), i(-2, I32)}), I32) == 3);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {7, 2}), I32) == 3);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {i(-8, I32), 2}), I32) == -4);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {i(INT32_MIN, I32), 2}), I32) == INT32_MIN / 2);
  CHECK(s(ev(OpKind::CeilDivSI, I32, {7, 2}), I32) == 4);
  CHECK(s(ev(OpKind::CeilDivSI, I32, {i(-7, I32), 2}), I32) == -3);
  CHECK(s(ev(OpKind::CeilDivSI, I32, {7, i(-2, I32)}), I32) == -3);
  CHECK(s(ev(OpKind::CeilDivSI, I32, {i(-7, I32), i(-2, I32)}), I32) == 4);
  CHECK(s(ev(OpKind::CeilDivSI, I32, {0, i(-2, I32)}), I32) == 0);
  CHECK(s(ev(OpKind::CeilDivSI, I32, {i(INT32_MIN, I32), 1}), I32) == INT32_MIN);
  // MLIR 22's expansion gives the exact ceiling here (MLIR 14's wrapped -INT_MIN and
  // printed +2^30).
  CHECK(s(ev(OpKind::CeilDivSI, I32, {i(INT32_MIN, I32), 2}), I32) == -1073741824);
  CHECK(s(ev(OpKind::CeilDivSI, I32, {i(INT32_MIN, I32), 7}), I32) == -306783378);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {i(INT32_MIN, I32), 7}), I32) == -306783379);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {i(INT32_MAX, I32), i(-2, I32)}), I32) == -1073741824);
  CHECK(ev(OpKind::CeilDivUI, I32, {7, 2}) == 4);
  CHECK(ev(OpKind::CeilDivUI, I32, {0, 5}) == 0);
  CHECK(ev(OpKind::CeilDivUI, I8, {0xFF, 2}) == 128);
  CHECK(ev(OpKind::CeilDivUI, I8, {0xFF, 1}) == 0xFF);
}

TEST_CASE("division errors", "[arith]") {
  for (OpKind op : {OpKind::DivSI, OpKind::DivUI, OpKind::RemSI, OpKind::RemUI, OpKind::CeilDivSI,
                    OpKind::CeilDivUI, OpKind::FloorDivSI}) {
    CHECK(err(op, I32, {5, 0}) == EvalError::DivisionByZero);
    CHECK(err(op, I32, {0, 0}) == EvalError::DivisionByZero);
  }
  const Bits minI32 = i(INT32_MIN, I32), m1 = i(-1, I32);
  CHECK(err(OpKind::DivSI, I32, {minI32, m1}) == EvalError::SignedOverflow);
  CHECK(err(OpKind::RemSI, I32, {minI32, m1}) == EvalError::SignedOverflow);
  CHECK(err(OpKind::CeilDivSI, I32, {minI32, m1}) == EvalError::SignedOverflow);
  CHECK(err(OpKind::FloorDivSI, I32, {minI32, m1}) == EvalError::SignedOverflow);
  CHECK(err(OpKind::DivSI, I64, {i(INT64_MIN, I64), i(-1, I64)}) == EvalError::SignedOverflow);
  CHECK(err(OpKind::DivSI, I8, {0x80, 0xFF}) == EvalError::SignedOverflow);
  // MLIR 14's expansions divided INT_MIN by -1 on these inputs (a trap in the runner);
  // MLIR 22's divide once, so they are defined.
  CHECK(s(ev(OpKind::CeilDivSI, I32, {i(INT32_MAX, I32), m1}), I32) == -INT32_MAX);
  CHECK(s(ev(OpKind::FloorDivSI, I32, {i(INT32_MIN + 1, I32), m1}), I32) == INT32_MAX);
  // Unsigned division has no overflow.
  CHECK(ev(OpKind::DivUI, I32, {minI32, m1}) == 0);
  // i1: -1 is INT_MIN, so -1 / -1 overflows.
  CHECK(err(OpKind::DivSI, I1, {1, 1}) == EvalError::SignedOverflow);
  CHECK(ev(OpKind::DivSI, I1, {0, 1}) == 0);
}

TEST_CASE("shifts", "[arith]") {
  CHECK(ev(OpKind::ShRSI, I8, {0x80, 1}) == 0xC0);
  CHECK(ev(OpKind::ShRUI, I8, {0x80, 1}) == 0x40);
  CHECK(ev(OpKind::ShLI, I8, {0x81, 1}) == 0x02);
  CHECK(ev(OpKind::ShRSI, I8, {0x80, 7}) == 0xFF);
  CHECK(ev(OpKind::ShRSI, I64, {i(-16, I64), 2}) == i(-4, I64));
  CHECK(ev(OpKind::ShLI, I64, {1, 63}) == Bits(1) << 63);
  CHECK(ev(OpKind::ShRSI, Type::integer(33), {Bits(1) << 32, 32}) == widthMask(33));
  CHECK(err(OpKind::ShLI, I8, {1, 8}) == EvalError::ShiftOutOfRange);
  CHECK(err(OpKind::ShRSI, I32, {1, 32}) == EvalError::ShiftOutOfRange);
  CHECK(err(OpKind::ShRUI, I8, {1, 0xFF}) == EvalError::ShiftOutOfRange); // -1 is 255
  CHECK(err(OpKind::ShLI, I64, {1, 64}) == EvalError::ShiftOutOfRange);
  CHECK(err(OpKind::ShLI, I1, {1, 1}) == EvalError::ShiftOutOfRange);
}

// LLVM's poison (docs/design.md "Poison"): what evalArithPoison makes of it.
TEST_CASE("poison: made by oversized shifts and conversions, passed on, discarded by select",
          "[arith][poison]") {
  auto run = [](OpKind op, const Type& t, std::vector<Bits> args, PoisonMask poisoned,
                const Type& out) {
    Bits r = 0xDEAD;
    ArithOutcome o = evalArithPoison(op, ArithAttrs{}, t, out, args.data(), poisoned, r);
    return std::tuple{o.error, o.poison, r};
  };
  // Made: the bits are what a hardware shifter gives (everything shifted out).
  CHECK(run(OpKind::ShRUI, I32, {0x80000000, 32}, 0, I32) ==
        std::tuple{EvalError::None, true, Bits(0)});
  CHECK(run(OpKind::ShLI, I8, {1, 8}, 0, I8) == std::tuple{EvalError::None, true, Bits(0)});
  CHECK(run(OpKind::ShRSI, I8, {0x80, 9}, 0, I8) == std::tuple{EvalError::None, true, Bits(0xFF)});
  CHECK(run(OpKind::ShRSI, I8, {0x70, 9}, 0, I8) == std::tuple{EvalError::None, true, Bits(0)});
  CHECK(run(OpKind::FPToSI, F64, {bitsFromF64(3e9)}, 0, I32) ==
        std::tuple{EvalError::None, true, Bits(0)});
  // Defined operands, defined result.
  CHECK(run(OpKind::ShRUI, I32, {0x80, 3}, 0, I32) ==
        std::tuple{EvalError::None, false, Bits(0x10)});
  // Passed on: the ordinary result of the bits, flagged.
  CHECK(run(OpKind::AddI, I32, {5, 6}, 2, I32) == std::tuple{EvalError::None, true, Bits(11)});
  // A poison dividend may be anything: INT_MIN / -1 from it is poison, not a stop.
  CHECK(run(OpKind::DivSI, I8, {0x80, 0xFF}, 1, I8) == std::tuple{EvalError::None, true, Bits(0)});
  // A poison divisor may be 0: LLVM's undefined behaviour, an error.
  CHECK(std::get<0>(run(OpKind::DivUI, I32, {7, 1}, 2, I32)) == EvalError::PoisonDivisor);
  CHECK(std::get<0>(run(OpKind::RemSI, I32, {7, 1}, 2, I32)) == EvalError::PoisonDivisor);
  // Undefined behaviour of defined operands stays an error.
  CHECK(std::get<0>(run(OpKind::DivUI, I32, {7, 0}, 0, I32)) == EvalError::DivisionByZero);
  // select: poison only through its condition or the operand it picks.
  CHECK(run(OpKind::Select, I32, {0, 10, 20}, 2, I32) ==
        std::tuple{EvalError::None, false, Bits(20)});
  CHECK(run(OpKind::Select, I32, {1, 10, 20}, 2, I32) ==
        std::tuple{EvalError::None, true, Bits(10)});
  CHECK(run(OpKind::Select, I32, {1, 10, 20}, 4, I32) ==
        std::tuple{EvalError::None, false, Bits(10)});
  CHECK(std::get<1>(run(OpKind::Select, I32, {1, 10, 20}, 1, I32)));
  CHECK(poisonReason(OpKind::ShRUI) == std::string(evalErrorMessage(EvalError::ShiftOutOfRange)));
  CHECK(poisonReason(OpKind::AddI) == nullptr);
}

TEST_CASE("bitwise, min and max", "[arith]") {
  CHECK(ev(OpKind::AndI, I8, {0xF0, 0x3C}) == 0x30);
  CHECK(ev(OpKind::OrI, I8, {0xF0, 0x0C}) == 0xFC);
  CHECK(ev(OpKind::XOrI, I8, {0xFF, 0x0F}) == 0xF0);
  CHECK(ev(OpKind::MaxSI, I8, {0xFF, 1}) == 1);
  CHECK(ev(OpKind::MinSI, I8, {0xFF, 1}) == 0xFF);
  CHECK(ev(OpKind::MaxUI, I8, {0xFF, 1}) == 0xFF);
  CHECK(ev(OpKind::MinUI, I8, {0xFF, 1}) == 1);
  CHECK(ev(OpKind::MaxSI, I64, {i(INT64_MIN, I64), i(INT64_MAX, I64)}) == i(INT64_MAX, I64));
}

TEST_CASE("cmpi predicates", "[arith]") {
  const Bits m1 = i(-1, I8);
  CHECK(cmpi(CmpIPred::slt, I8, m1, 1) == 1);
  CHECK(cmpi(CmpIPred::ult, I8, m1, 1) == 0);
  CHECK(cmpi(CmpIPred::sge, I8, 0x80, 0x7F) == 0);
  CHECK(cmpi(CmpIPred::uge, I8, 0x80, 0x7F) == 1);
  CHECK(cmpi(CmpIPred::eq, I8, 5, 5) == 1);
  CHECK(cmpi(CmpIPred::ne, I8, 5, 5) == 0);
  CHECK(cmpi(CmpIPred::sle, I8, 5, 5) == 1);
  CHECK(cmpi(CmpIPred::sgt, I8, 6, 5) == 1);
  CHECK(cmpi(CmpIPred::ule, I8, 6, 5) == 0);
  CHECK(cmpi(CmpIPred::ugt, I8, m1, 5) == 1);
  // i1 true is -1 when compared signed.
  CHECK(cmpi(CmpIPred::slt, I1, 1, 0) == 1);
  CHECK(cmpi(CmpIPred::ult, I1, 1, 0) == 0);
  CHECK(cmpi(CmpIPred::slt, IDX, i(-1, IDX), 0) == 1);
}

TEST_CASE("integer casts", "[arith]") {
  CHECK(ev(OpKind::ExtSI, I1, {1}, I32) == 0xFFFFFFFF);
  CHECK(ev(OpKind::ExtUI, I1, {1}, I32) == 1);
  CHECK(ev(OpKind::ExtSI, I8, {0x80}, I16) == 0xFF80);
  CHECK(ev(OpKind::ExtUI, I8, {0x80}, I16) == 0x0080);
  CHECK(ev(OpKind::ExtSI, I32, {0x80000000}, I64) == 0xFFFFFFFF80000000ull);
  CHECK(ev(OpKind::TruncI, I32, {0x12345678}, I8) == 0x78);
  CHECK(ev(OpKind::TruncI, I8, {0x81}, I1) == 1);
  CHECK(ev(OpKind::IndexCast, IDX, {i(-1, IDX)}, I32) == 0xFFFFFFFF);
  CHECK(ev(OpKind::IndexCast, I32, {0x80000000}, IDX) == 0xFFFFFFFF80000000ull);
  CHECK(ev(OpKind::IndexCast, I1, {1}, IDX) == ~Bits(0));
  CHECK(ev(OpKind::IndexCast, IDX, {0x1234}, I8) == 0x34);
}

TEST_CASE("float arithmetic in the type's precision", "[arith]") {
  Bits r32 = ev(OpKind::AddF, F32, {f(0.1), f(0.2)});
  CHECK(r32 == 0x3E99999A);
  CHECK(formatVectorPrint(r32, F32) == "0.3");
  Bits r64 = ev(OpKind::AddF, F64, {d(0.1), d(0.2)});
  CHECK(r64 == 0x3FD3333333333334ull);
  CHECK(formatVectorPrint(r64, F64) == "0.3");
  CHECK(f32FromBits(ev(OpKind::AddF, F32, {f(16777216.0), f(1.0)})) == 16777216.0f);
  CHECK(f64FromBits(ev(OpKind::AddF, F64, {d(16777216.0), d(1.0)})) == 16777217.0);
  CHECK(f32FromBits(ev(OpKind::MulF, F32, {f(3.0), f(-2.5)})) == -7.5f);
  CHECK(f64FromBits(ev(OpKind::SubF, F64, {d(1.0), d(3.0)})) == -2.0);
  CHECK(f64FromBits(ev(OpKind::DivF, F64, {d(1.0), d(0.0)})) == HUGE_VAL);
  CHECK(f64FromBits(ev(OpKind::DivF, F64, {d(-1.0), d(0.0)})) == -HUGE_VAL);
  CHECK(f32FromBits(ev(OpKind::RemF, F32, {f(5.5), f(2.0)})) == 1.5f);
  CHECK(f64FromBits(ev(OpKind::RemF, F64, {d(-5.5), d(2.0)})) == -1.5);
  // Invalid operations give x86's default NaN, which is negative.
  CHECK(ev(OpKind::DivF, F32, {f(0.0), f(0.0)}) == 0xFFC00000);
  CHECK(formatVectorPrint(ev(OpKind::SubF, F64, {d(HUGE_VAL), d(HUGE_VAL)}), F64) == "-nan");
  CHECK(ev(OpKind::RemF, F32, {f(1.0), f(0.0)}) == 0xFFC00000);
  // NaN operands propagate, quieted; the first wins.
  CHECK(ev(OpKind::AddF, F32, {0x7F800001, f(1.0)}) == 0x7FC00001);
  CHECK(ev(OpKind::AddF, F32, {f(1.0), 0xFFC00005}) == 0xFFC00005);
  // Both NaN: the first (the runner agrees for subf/divf/remf; for addf/mulf its
  // choice depends on register allocation).
  CHECK(ev(OpKind::MulF, F32, {0x7FC00001, 0xFFC00002}) == 0x7FC00001);
  CHECK(ev(OpKind::AddF, F64, {0x7FF0000000000001ull, 0x7FF8000000000002ull}) ==
        0x7FF8000000000001ull);
  CHECK(ev(OpKind::SubF, F32, {0x7FC00001, 0xFFC00002}) == 0x7FC00001);
  CHECK(ev(OpKind::DivF, F32, {0xFFC00001, 0x7F800002}) == 0xFFC00001);
}

TEST_CASE("negf, maximumf, minimumf", "[arith]") {
  CHECK(formatVectorPrint(ev(OpKind::NegF, F64, {d(0.0)}), F64) == "-0");
  CHECK(ev(OpKind::NegF, F32, {0x7FC00000}) == 0xFFC00000);
  CHECK(ev(OpKind::NegF, F32, {0x7F800001}) == 0xFF800001); // sign flip only, stays signaling
  const Bits pz = d(0.0), nz = d(-0.0), one = d(1.0), nan = 0x7FF8000000000000ull;
  // IEEE maximum/minimum: -0 < +0 whatever the order.
  CHECK(ev(OpKind::MaxF, F64, {pz, nz}) == pz);
  CHECK(ev(OpKind::MaxF, F64, {nz, pz}) == pz);
  CHECK(ev(OpKind::MinF, F64, {pz, nz}) == nz);
  CHECK(ev(OpKind::MinF, F64, {nz, pz}) == nz);
  CHECK(ev(OpKind::MaxF, F64, {nan, one}) == nan);
  CHECK(ev(OpKind::MaxF, F64, {one, nan}) == nan);
  CHECK(ev(OpKind::MinF, F64, {nan, one}) == nan);
  CHECK(ev(OpKind::MaxF, F64, {one, d(2.0)}) == d(2.0));
  CHECK(ev(OpKind::MinF, F64, {one, d(2.0)}) == one);
  CHECK(ev(OpKind::MaxF, F32, {f(-3.0), f(-4.0)}) == f(-3.0));
  // NaN bits pass through select unquieted.
  CHECK(ev(OpKind::MaxF, F32, {f(1.0), 0x7F800001}) == 0x7F800001);
}

TEST_CASE("cmpf ordered and unordered predicates", "[arith]") {
  const Bits nan = f(std::nan("")), one = f(1.0), two = f(2.0);
  CHECK(cmpf(CmpFPred::olt, F32, nan, one) == 0);
  CHECK(cmpf(CmpFPred::ult, F32, nan, one) == 1);
  CHECK(cmpf(CmpFPred::olt, F32, one, two) == 1);
  CHECK(cmpf(CmpFPred::one, F32, one, one) == 0);
  CHECK(cmpf(CmpFPred::one, F32, nan, one) == 0);
  CHECK(cmpf(CmpFPred::une, F32, nan, nan) == 1);
  CHECK(cmpf(CmpFPred::ueq, F32, nan, one) == 1);
  CHECK(cmpf(CmpFPred::oeq, F32, f(0.0), f(-0.0)) == 1);
  CHECK(cmpf(CmpFPred::ord, F32, one, nan) == 0);
  CHECK(cmpf(CmpFPred::uno, F32, one, nan) == 1);
  CHECK(cmpf(CmpFPred::AlwaysTrue, F32, nan, nan) == 1);
  CHECK(cmpf(CmpFPred::AlwaysFalse, F32, one, one) == 0);
  CHECK(cmpf(CmpFPred::oge, F64, d(2.0), d(2.0)) == 1);
  CHECK(cmpf(CmpFPred::ugt, F64, d(1.0), d(2.0)) == 0);
  CHECK(cmpf(CmpFPred::ule, F64, d(1.0), d(2.0)) == 1);
  CHECK(cmpf(CmpFPred::uge, F64, d(1.0), d(2.0)) == 0);
  CHECK(cmpf(CmpFPred::ole, F64, d(3.0), d(2.0)) == 0);
  CHECK(cmpf(CmpFPred::ogt, F64, d(3.0), d(2.0)) == 1);
}

TEST_CASE("float conversions", "[arith]") {
  CHECK(ev(OpKind::ExtF, F32, {f(0.1)}, F64) == 0x3FB99999A0000000ull);
  CHECK(ev(OpKind::TruncF, F64, {d(0.1)}, F32) == 0x3DCCCCCD);
  CHECK(ev(OpKind::TruncF, F64, {d(1e300)}, F32) == 0x7F800000);
  CHECK(ev(OpKind::TruncF, F64, {d(-1e-300)}, F32) == 0x80000000);
  CHECK(ev(OpKind::ExtF, F32, {0xFFC00001}, F64) == 0xFFF8000020000000ull);
  CHECK(ev(OpKind::TruncF, F64, {0x7FF0000020000000ull}, F32) == 0x7FC00001);
  CHECK(ev(OpKind::SIToFP, I32, {16777217}, F32) == f(16777216.0));
  CHECK(ev(OpKind::SIToFP, I8, {0xFF}, F32) == f(-1.0));
  CHECK(ev(OpKind::UIToFP, I8, {0xFF}, F32) == f(255.0));
  CHECK(ev(OpKind::SIToFP, I1, {1}, F64) == d(-1.0));
  CHECK(ev(OpKind::UIToFP, I1, {1}, F64) == d(1.0));
  CHECK(ev(OpKind::UIToFP, I64, {~Bits(0)}, F64) == d(18446744073709551616.0));
  CHECK(ev(OpKind::UIToFP, I64, {~Bits(0)}, F32) == f(18446744073709551616.0));
  CHECK(ev(OpKind::SIToFP, I64, {i(INT64_MIN, I64)}, F64) == d(-9223372036854775808.0));
  CHECK(ev(OpKind::Bitcast, F32, {f(1.0)}, I32) == 0x3F800000);
  CHECK(ev(OpKind::Bitcast, I64, {0x4000000000000000ull}, F64) == d(2.0));
}

TEST_CASE("float to integer conversions and their range", "[arith]") {
  CHECK(s(ev(OpKind::FPToSI, F32, {f(-1.9)}, I32), I32) == -1);
  CHECK(ev(OpKind::FPToSI, F32, {f(-2147483648.0)}, I32) == 0x80000000);
  CHECK(err(OpKind::FPToSI, F32, {f(2147483648.0)}, I32) == EvalError::FloatToIntRange);
  CHECK(ev(OpKind::FPToSI, F64, {d(127.9)}, I8) == 127);
  CHECK(err(OpKind::FPToSI, F64, {d(128.0)}, I8) == EvalError::FloatToIntRange);
  CHECK(ev(OpKind::FPToSI, F64, {d(-128.9)}, I8) == 0x80);
  CHECK(err(OpKind::FPToSI, F64, {d(-129.0)}, I8) == EvalError::FloatToIntRange);
  CHECK(ev(OpKind::FPToUI, F64, {d(-0.5)}, I8) == 0);
  CHECK(err(OpKind::FPToUI, F64, {d(-1.0)}, I8) == EvalError::FloatToIntRange);
  CHECK(ev(OpKind::FPToUI, F64, {d(255.5)}, I8) == 255);
  CHECK(err(OpKind::FPToUI, F64, {d(256.0)}, I8) == EvalError::FloatToIntRange);
  CHECK(ev(OpKind::FPToUI, F64, {d(9223372036854775808.0)}, I64) == Bits(1) << 63);
  CHECK(err(OpKind::FPToUI, F64, {d(18446744073709551616.0)}, I64) == EvalError::FloatToIntRange);
  CHECK(err(OpKind::FPToSI, F64, {d(std::nan(""))}, I32) == EvalError::FloatToIntRange);
  CHECK(err(OpKind::FPToUI, F32, {0x7F800000}, I32) == EvalError::FloatToIntRange);
  CHECK(ev(OpKind::FPToSI, F64, {d(-1.0)}, I1) == 1);
  CHECK(err(OpKind::FPToSI, F64, {d(1.0)}, I1) == EvalError::FloatToIntRange);
}

TEST_CASE("f16 through float", "[arith]") {
  const Type H = f16Type();
  CHECK(ev(OpKind::TruncF, F64, {d(0.1)}, H) == 0x2E66);
  CHECK(ev(OpKind::TruncF, F32, {f(65519.0)}, H) == 0x7BFF);
  CHECK(ev(OpKind::TruncF, F32, {f(65520.0)}, H) == 0x7C00);
  CHECK(ev(OpKind::TruncF, F64, {d(std::ldexp(1.0, -24))}, H) == 0x0001);
  CHECK(ev(OpKind::TruncF, F64, {d(std::ldexp(1.0, -25))}, H) == 0x0000); // tie to even
  CHECK(ev(OpKind::AddF, H, {0x3C00, 0x3C00}) == 0x4000);
  CHECK(ev(OpKind::ExtF, H, {0x3C00}, F32) == f(1.0));
  CHECK(ev(OpKind::ExtF, H, {0x0001}, F64) == d(std::ldexp(1.0, -24)));
  CHECK(ev(OpKind::SIToFP, I64, {15360}, H) == 0x7380);
  CHECK(ev(OpKind::DivF, H, {0, 0}) == 0xFE00);
  CHECK(formatVectorPrint(0x3E00, H) == "1.5");
}

TEST_CASE("select", "[arith]") {
  CHECK(ev(OpKind::Select, I32, {1, 10, 20}) == 10);
  CHECK(ev(OpKind::Select, I32, {0, 10, 20}) == 20);
  CHECK(ev(OpKind::Select, F32, {1, f(1.5), f(2.5)}) == f(1.5));
}

TEST_CASE("math: integer bit counts and absi at every width", "[arith][math]") {
  CHECK(ev(OpKind::CtLz, I32, {0}) == 32);
  CHECK(ev(OpKind::CtTz, I8, {0}) == 8);
  CHECK(ev(OpKind::CtLz, I8, {1}) == 7);
  CHECK(ev(OpKind::CtLz, IDX, {1}) == 63);
  CHECK(ev(OpKind::CtTz, I64, {Bits(1) << 40}) == 40);
  CHECK(ev(OpKind::CtPop, I16, {0xFFFF}) == 16);
  CHECK(ev(OpKind::CtPop, I32, {0xFFFFFFFFFFull}) == 32); // bits above the width ignored
  CHECK(ev(OpKind::AbsI, I32, {i(-5, I32)}) == 5);
  CHECK(ev(OpKind::AbsI, I8, {0x80}) == 0x80); // abs(INT_MIN) wraps to INT_MIN
  CHECK(ev(OpKind::AbsI, I1, {1}) == 1);
}

TEST_CASE("math: sign bits, classes and roundings", "[arith][math]") {
  CHECK(ev(OpKind::AbsF, F32, {f(-0.0)}) == f(0.0));
  CHECK(ev(OpKind::AbsF, F32, {0xFFC00003}) == 0x7FC00003); // NaN payload kept
  CHECK(ev(OpKind::CopySign, F64, {d(2.0), d(-0.0)}) == d(-2.0));
  CHECK(ev(OpKind::CopySign, F32, {0x7F800001, f(-1.0)}) == 0xFF800001); // sNaN stays signaling
  CHECK(ev(OpKind::IsNaN, F32, {0x7F800001}, I1) == 1);
  CHECK(ev(OpKind::IsNaN, F64, {d(HUGE_VAL)}, I1) == 0);
  CHECK(ev(OpKind::IsFinite, F32, {f(HUGE_VAL)}, I1) == 0);
  CHECK(ev(OpKind::IsFinite, f16Type(), {0x7BFF}, I1) == 1);
  CHECK(ev(OpKind::Round, F32, {f(2.5)}) == f(3.0));
  CHECK(ev(OpKind::Round, F32, {f(-0.4)}) == f(-0.0));
  CHECK(ev(OpKind::RoundEven, F32, {f(2.5)}) == f(2.0));
  CHECK(ev(OpKind::RoundEven, F64, {d(-3.5)}) == d(-4.0));
  CHECK(ev(OpKind::Ceil, F64, {d(-0.5)}) == d(-0.0));
  CHECK(ev(OpKind::Floor, F32, {f(-0.5)}) == f(-1.0));
  CHECK(ev(OpKind::Trunc, F32, {0x7F800001}) == 0x7FC00001); // NaN quieted
}

TEST_CASE("math: sqrt, rsqrt, fma, fpowi and MLIR's expansions", "[arith][math]") {
  CHECK(ev(OpKind::Sqrt, F32, {f(2.0)}) == bitsFromF32(std::sqrt(2.0f)));
  CHECK(ev(OpKind::Sqrt, F32, {f(-1.0)}) == 0xFFC00000); // x86's default NaN
  CHECK(ev(OpKind::Sqrt, F64, {d(-0.0)}) == d(-0.0));
  CHECK(ev(OpKind::Rsqrt, F32, {f(4.0)}) == f(0.5));
  CHECK(ev(OpKind::Rsqrt, F32, {f(-0.0)}) == f(-HUGE_VAL));
  // One rounding: 0.1 * 10 - 1 in float is 0, fused it is the error of 0.1f.
  CHECK(ev(OpKind::Fma, F32, {f(0.1), f(10.0), f(-1.0)}) == f(std::fma(0.1f, 10.0f, -1.0f)));
  CHECK(ev(OpKind::Fma, F32, {f(0.1), f(10.0), f(-1.0)}) != f(0.0));
  CHECK(ev(OpKind::Fma, F64, {d(HUGE_VAL), d(0.0), 0x7FF8000000000005ull}) ==
        0x7FF8000000000005ull);
  CHECK(ev(OpKind::Fma, F64, {d(HUGE_VAL), d(0.0), d(1.0)}) == 0xFFF8000000000000ull);
  CHECK(ev(OpKind::FPowI, F32, {f(1.5), i(3, I32)}, F32) == f(3.375));
  CHECK(ev(OpKind::FPowI, F64, {d(2.0), i(-2, I32)}, F64) == d(0.25));
  CHECK(ev(OpKind::FPowI, F32, {0x7FC00001, i(0, I32)}, F32) == f(1.0));
  // exp(x) - 1 and log(1 + x), not libm's expm1/log1p: 0 for a tiny x in f32.
  CHECK(ev(OpKind::ExpM1, F32, {f(1e-10)}) == f(0.0));
  CHECK(ev(OpKind::Log1p, F32, {f(1e-10)}) == f(0.0));
  CHECK(ev(OpKind::Log1p, F64, {d(-1.0)}) == d(-HUGE_VAL));
  CHECK(ev(OpKind::Exp, F32, {f(1.0)}) == bitsFromF32(::expf(1.0f)));
  CHECK(ev(OpKind::Atan2, F64, {d(-0.0), d(-1.0)}) == d(-M_PI));
}

TEST_CASE("math: which constant folds disagree with the lowered code", "[arith][math]") {
  Bits zz[] = {f(0.0), f(-0.0)}, one[] = {f(1.0), f(2.0)};
  CHECK(mathFoldDisagrees(OpKind::Atan2, F32, zz));
  CHECK_FALSE(mathFoldDisagrees(OpKind::Atan2, F32, one));
  Bits inv[] = {f(HUGE_VAL), f(0.0), f(1.0)}, sum[] = {f(HUGE_VAL), f(2.0), f(-HUGE_VAL)},
       ok[] = {f(HUGE_VAL), f(2.0), f(HUGE_VAL)}, nan[] = {0x7FC00000, f(1.0), f(1.0)};
  CHECK(mathFoldDisagrees(OpKind::Fma, F32, inv));
  CHECK(mathFoldDisagrees(OpKind::Fma, F32, sum));
  CHECK_FALSE(mathFoldDisagrees(OpKind::Fma, F32, ok));
  CHECK_FALSE(mathFoldDisagrees(OpKind::Fma, F32, nan));
  Bits x[] = {f(1.0), 3};
  CHECK(mathFoldDisagrees(OpKind::ExpM1, F32, x));
  CHECK(mathFoldDisagrees(OpKind::FPowI, f16Type(), x));
  CHECK_FALSE(mathFoldDisagrees(OpKind::FPowI, F32, x));
  CHECK_FALSE(mathFoldDisagrees(OpKind::Exp, F64, x));
}

TEST_CASE("formatVectorPrint matches the runner's printI64/printU64/printF32/printF64", "[print]") {
  CHECK(formatVectorPrint(1, I1) == "1");
  CHECK(formatVectorPrint(0, I1) == "0");
  CHECK(formatVectorPrint(i(-5, I8), I8) == "-5");
  CHECK(formatVectorPrint(200, I8) == "-56");
  CHECK(formatVectorPrint(i(-5, I16), I16) == "-5");
  CHECK(formatVectorPrint(i(-5, I32), I32) == "-5");
  CHECK(formatVectorPrint(i(-5, I64), I64) == "-5");
  CHECK(formatVectorPrint(i(-5, IDX), IDX) == "18446744073709551611");
  CHECK(formatVectorPrint(5, Type::integer(3)) == "-3");
  CHECK(formatVectorPrint(f(0.1), F32) == "0.1");
  CHECK(formatVectorPrint(d(0.1), F64) == "0.1");
  CHECK(formatVectorPrint(f(1.5), F32) == "1.5");
  CHECK(formatVectorPrint(d(-0.0), F64) == "-0");
  CHECK(formatVectorPrint(d(1e20), F64) == "1e+20");
  CHECK(formatVectorPrint(f(1e-7), F32) == "1e-07");
  CHECK(formatVectorPrint(0x7FC00000, F32) == "nan");
  CHECK(formatVectorPrint(0xFFC00000, F32) == "-nan");
  CHECK(formatVectorPrint(0xFFF8000000000000ull, F64) == "-nan");
  CHECK(formatVectorPrint(0x7F800000, F32) == "inf");
  CHECK(formatVectorPrint(0xFF800000, F32) == "-inf");
  CHECK(formatVectorPrint(f(16777216.0), F32) == "1.67772e+07");
  CHECK(formatVectorPrint(d(123456789.0), F64) == "1.23457e+08");
  CHECK(formatVectorPrint(1, F64) == "4.94066e-324");
  CHECK(formatVectorPrint(1, F32) == "1.4013e-45");
  CHECK(formatVectorPrint(f(100000.0), F32) == "100000");
  CHECK(formatVectorPrint(f(1000000.0), F32) == "1e+06");
}

// ---------------------------------------------------------------------------------
// Oracle: run a program through mlir-opt and mlir-runner of MLIR 22, with the pipeline of
// scripts/oracle.sh (see its header for why each pass is there).

namespace loom_test {

namespace {

std::string envOr(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool toolExists(const std::string& tool) {
  return std::system(("command -v '" + tool + "' >/dev/null 2>&1").c_str()) == 0;
}

} // namespace

// Returns the runner's stdout. Fails the current test (never skips) when a tool is
// missing or lowering / execution fails. The program goes through scripts/oracle.sh, the
// one definition of the oracle's pass pipeline.
std::string runMlirOracle(const std::string& program) {
  const std::string runner = envOr("MLIR_RUNNER", "/usr/lib/llvm-22/bin/mlir-runner");
  INFO("install the Debian packages mlir-22-tools and libmlir-22-dev (scripts/install-deps.sh)");
  REQUIRE(toolExists(runner));

  std::string dirTemplate = envOr("TMPDIR", "/tmp") + std::string("/loom_oracle.XXXXXX");
  REQUIRE(mkdtemp(dirTemplate.data()) != nullptr);
  const std::string dir = dirTemplate;
  std::ofstream(dir + "/in.mlir") << program;
  // One program holds every case (tens of thousands): MLIR's lowering of it takes about a
  // minute on a loaded two-core machine, the oracle's default limit.
  std::string cmd = std::string("ORACLE_TIMEOUT=${ORACLE_TIMEOUT:-900} bash '") + LOOM_ORACLE +
                    "' '" + dir + "/in.mlir' >'" + dir + "/out.txt' 2>'" + dir + "/err.txt'";
  int rc = std::system(cmd.c_str());
  std::string out = readFile(dir + "/out.txt");
  std::string errText = readFile(dir + "/err.txt");
  std::system(("rm -rf '" + dir + "'").c_str());
  INFO("oracle stderr: " << errText.substr(0, 4000));
  REQUIRE(rc == 0);
  return out;
}

} // namespace loom_test

namespace {

std::string mlirType(const Type& t) {
  switch (t.kind) {
  case TypeKind::Integer: return "i" + std::to_string(t.width);
  case TypeKind::Index: return "index";
  case TypeKind::F16: return "f16";
  case TypeKind::F32: return "f32";
  case TypeKind::F64: return "f64";
  default: return "?";
  }
}

const char* mnemonic(OpKind op) {
  static const std::map<OpKind, const char*> names = {
      {OpKind::AddI, "arith.addi"},
      {OpKind::SubI, "arith.subi"},
      {OpKind::MulI, "arith.muli"},
      {OpKind::DivSI, "arith.divsi"},
      {OpKind::DivUI, "arith.divui"},
      {OpKind::RemSI, "arith.remsi"},
      {OpKind::RemUI, "arith.remui"},
      {OpKind::CeilDivSI, "arith.ceildivsi"},
      {OpKind::CeilDivUI, "arith.ceildivui"},
      {OpKind::FloorDivSI, "arith.floordivsi"},
      {OpKind::AndI, "arith.andi"},
      {OpKind::OrI, "arith.ori"},
      {OpKind::XOrI, "arith.xori"},
      {OpKind::ShLI, "arith.shli"},
      {OpKind::ShRSI, "arith.shrsi"},
      {OpKind::ShRUI, "arith.shrui"},
      {OpKind::MaxSI, "arith.maxsi"},
      {OpKind::MaxUI, "arith.maxui"},
      {OpKind::MinSI, "arith.minsi"},
      {OpKind::MinUI, "arith.minui"},
      {OpKind::AddF, "arith.addf"},
      {OpKind::SubF, "arith.subf"},
      {OpKind::MulF, "arith.mulf"},
      {OpKind::DivF, "arith.divf"},
      {OpKind::RemF, "arith.remf"},
      {OpKind::NegF, "arith.negf"},
      {OpKind::MaxF, "arith.maximumf"},
      {OpKind::MinF, "arith.minimumf"},
      {OpKind::CmpI, "arith.cmpi"},
      {OpKind::CmpF, "arith.cmpf"},
      {OpKind::Select, "arith.select"},
      {OpKind::ExtSI, "arith.extsi"},
      {OpKind::ExtUI, "arith.extui"},
      {OpKind::TruncI, "arith.trunci"},
      {OpKind::ExtF, "arith.extf"},
      {OpKind::TruncF, "arith.truncf"},
      {OpKind::IndexCast, "arith.index_cast"},
      {OpKind::SIToFP, "arith.sitofp"},
      {OpKind::UIToFP, "arith.uitofp"},
      {OpKind::FPToSI, "arith.fptosi"},
      {OpKind::FPToUI, "arith.fptoui"},
      {OpKind::Bitcast, "arith.bitcast"},
      {OpKind::AbsF, "math.absf"},
      {OpKind::Ceil, "math.ceil"},
      {OpKind::Floor, "math.floor"},
      {OpKind::Trunc, "math.trunc"},
      {OpKind::Round, "math.round"},
      {OpKind::RoundEven, "math.roundeven"},
      {OpKind::Sqrt, "math.sqrt"},
      {OpKind::Rsqrt, "math.rsqrt"},
      {OpKind::Exp, "math.exp"},
      {OpKind::Exp2, "math.exp2"},
      {OpKind::ExpM1, "math.expm1"},
      {OpKind::Log, "math.log"},
      {OpKind::Log2, "math.log2"},
      {OpKind::Log10, "math.log10"},
      {OpKind::Log1p, "math.log1p"},
      {OpKind::Sin, "math.sin"},
      {OpKind::Cos, "math.cos"},
      {OpKind::Tan, "math.tan"},
      {OpKind::Asin, "math.asin"},
      {OpKind::Acos, "math.acos"},
      {OpKind::Atan, "math.atan"},
      {OpKind::Sinh, "math.sinh"},
      {OpKind::Cosh, "math.cosh"},
      {OpKind::Tanh, "math.tanh"},
      {OpKind::CopySign, "math.copysign"},
      {OpKind::Atan2, "math.atan2"},
      {OpKind::PowF, "math.powf"},
      {OpKind::FPowI, "math.fpowi"},
      {OpKind::Fma, "math.fma"},
      {OpKind::IsNaN, "math.isnan"},
      {OpKind::IsFinite, "math.isfinite"},
      {OpKind::AbsI, "math.absi"},
      {OpKind::CtLz, "math.ctlz"},
      {OpKind::CtTz, "math.cttz"},
      {OpKind::CtPop, "math.ctpop"},
  };
  return names.at(op);
}

const char* const kCmpINames[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                  "sge", "ult", "ule", "ugt", "uge"};
const char* const kCmpFNames[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                  "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

struct Case {
  OpKind op;
  ArithAttrs attrs;
  Type in, out;
  std::vector<Bits> args;
  std::vector<Type> argTypes; // differs from `in` only for select's condition
};

std::string hex(Bits b) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(b));
  return buf;
}

std::string describe(const Case& c) {
  std::string s = mnemonic(c.op);
  if (c.op == OpKind::CmpI) s += std::string(" ") + kCmpINames[int(c.attrs.cmpi)];
  if (c.op == OpKind::CmpF) s += std::string(" ") + kCmpFNames[int(c.attrs.cmpf)];
  s += " " + mlirType(c.in) + " -> " + mlirType(c.out) + " (";
  for (size_t k = 0; k < c.args.size(); ++k)
    s += (k ? ", " : "") + hex(c.args[k]);
  return s + ")";
}

// Builds one MLIR program whose operands all come from a memref that is handed to an
// external function first, so LLVM cannot constant-fold any op under test.
// LLVM defines a NaN result's bits only for the ops that move bits (bitcast, select) and
// the sign-bit ops (fneg, fabs, copysign): for every other float result the sign, the
// quiet bit and the payload of a NaN are the target's choice (LLVM LangRef, "Behavior of
// Floating-Point NaN values"), and x86 CPUs differ (with F16C, f16 math quiets a
// signaling NaN that the software path passes through). docs/design.md lists both sets.
bool nanBitsDefined(OpKind op) {
  switch (op) {
  case OpKind::NegF:
  case OpKind::AbsF:
  case OpKind::CopySign:
  case OpKind::Bitcast:
  case OpKind::Select: return true;
  default: return false;
  }
}

bool isNaNText(const std::string& s) {
  return s == "nan" || s == "-nan";
}

// A printed integer (vector.print of the bitcast result) read as bits of float type t.
bool isNaNLine(const std::string& s, const Type& t) {
  char* end = nullptr;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (s.empty() || *end || errno) return false;
  return std::isnan(doubleFromBits(Bits(v) & widthMask(t.width), t));
}

class ProgramBuilder {
public:
  // With constOperands the operands are arith.constant ops (bitcast to floats), which
  // MLIR folds at compile time: the runner then prints the folder's result.
  explicit ProgramBuilder(bool constOperands = false) : constOperands_(constOperands) {}

  // Adds the case if evalArith accepts it; returns false for error cases (which would
  // be UB or poison in the runner).
  bool add(const Case& c) {
    Bits r = 0;
    if (evalArith(c.op, c.attrs, c.in, c.out, c.args.data(), r) != EvalError::None) return false;
    if (caseCount_ % kCasesPerFunc == 0) startFunc();
    ++caseCount_;
    std::vector<std::string> vals;
    for (size_t k = 0; k < c.args.size(); ++k)
      vals.push_back(operand(c.args[k], c.argTypes[k]));
    std::string res = "%r" + std::to_string(caseCount_);
    body_ << "  " << res << " = " << mnemonic(c.op) << " ";
    if (c.op == OpKind::CmpI) body_ << kCmpINames[int(c.attrs.cmpi)] << ", ";
    if (c.op == OpKind::CmpF) body_ << kCmpFNames[int(c.attrs.cmpf)] << ", ";
    for (size_t k = 0; k < vals.size(); ++k)
      body_ << (k ? ", " : "") << vals[k];
    bool isCast = c.op >= OpKind::ExtSI && c.op <= OpKind::Bitcast;
    body_ << " : " << mlirType(c.in) << (isCast ? " to " + mlirType(c.out) : "");
    if (c.op == OpKind::FPowI) body_ << ", " << mlirType(c.argTypes[1]);
    body_ << "\n";
    printResult(res, r, c.out, describe(c), c.out.isFloat() && !nanBitsDefined(c.op));
    return true;
  }

  std::string program() {
    std::ostringstream p;
    p << "func.func private @printMemrefI64(memref<*xi64>)\n" << funcs_.str();
    if (inFunc_) p << body_.str() << "  func.return\n}\n";
    const size_t n = slotBits_.size();
    const std::string mt = "memref<" + std::to_string(n) + "xi64>";
    p << "func.func @main() {\n  %buf = memref.alloc() : " << mt << "\n";
    for (size_t k = 0; k < n; ++k) {
      p << "  %i" << k << " = arith.constant " << k << " : index\n";
      p << "  %v" << k << " = arith.constant " << static_cast<int64_t>(slotBits_[k]) << " : i64\n";
      p << "  memref.store %v" << k << ", %buf[%i" << k << "] : " << mt << "\n";
    }
    p << "  %u = memref.cast %buf : " << mt << " to memref<*xi64>\n";
    p << "  func.call @printMemrefI64(%u) : (memref<*xi64>) -> ()\n";
    for (int f = 0; f < funcCount_; ++f)
      p << "  func.call @f" << f << "(%u) : (memref<*xi64>) -> ()\n";
    p << "  func.return\n}\n";
    return p.str();
  }

  const std::vector<std::string>& expected() const { return expected_; }
  const std::vector<std::string>& labels() const { return labels_; }

  // Whether the runner's line k and the expected one agree: equal text, or, where LLVM
  // leaves a NaN result's bits to the target, both NaN.
  bool agrees(size_t k, const std::string& runner) const {
    if (runner == expected_[k]) return true;
    const Type& t = lines_[k].nanType;
    if (!t.isFloat()) return false;
    if (!lines_[k].bits) return isNaNText(runner) && isNaNText(expected_[k]);
    return isNaNLine(runner, t) && isNaNLine(expected_[k], t);
  }
  int cases() const { return caseCount_; }

private:
  static constexpr int kCasesPerFunc = 400;

  void startFunc() {
    if (inFunc_) funcs_ << body_.str() << "  func.return\n}\n";
    body_.str("");
    cache_.clear();
    body_ << "func.func @f" << funcCount_++ << "(%u: memref<*xi64>) {\n";
    body_ << "  %m = memref.cast %u : memref<*xi64> to memref<?xi64>\n";
    inFunc_ = true;
  }

  size_t slot(Bits b) {
    auto it = slotOf_.find(b);
    if (it != slotOf_.end()) return it->second;
    slotBits_.push_back(b);
    return slotOf_[b] = slotBits_.size() - 1;
  }

  // SSA value holding `b` as type t: loaded as i64, then truncated and bitcast (or a
  // constant, bitcast for floats).
  std::string operand(Bits b, const Type& t) {
    if (constOperands_) return constant(b, t);
    size_t k = slot(b & widthMask(t.width));
    std::string key = std::to_string(k) + mlirType(t);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    std::string base = "%s" + std::to_string(++tmp_);
    body_ << "  %c" << tmp_ << " = arith.constant " << k << " : index\n";
    body_ << "  " << base << " = memref.load %m[%c" << tmp_ << "] : memref<?xi64>\n";
    std::string v = base;
    if (t.isIndex()) {
      v = base + "x";
      body_ << "  " << v << " = arith.index_cast " << base << " : i64 to index\n";
    } else if (t.width < 64) {
      std::string it = "i" + std::to_string(t.width);
      v = base + "t";
      body_ << "  " << v << " = arith.trunci " << base << " : i64 to " << it << "\n";
      if (t.isFloat()) {
        body_ << "  " << base << "f = arith.bitcast " << v << " : " << it << " to " << mlirType(t)
              << "\n";
        v = base + "f";
      }
    } else if (t.isFloat()) {
      v = base + "f";
      body_ << "  " << v << " = arith.bitcast " << base << " : i64 to f64\n";
    }
    return cache_[key] = v;
  }

  std::string constant(Bits b, const Type& t) {
    std::string v = "%k" + std::to_string(++tmp_);
    Type it = t.isFloat() ? Type::integer(t.width) : t;
    int64_t value = it.isIndex() ? static_cast<int64_t>(b) : signExtend(b, it.width);
    if (it.width == 1) value = b & 1; // i1 constants are written 0 / 1 (true is not -1 here)
    body_ << "  " << v << " = arith.constant " << value << " : " << mlirType(it) << "\n";
    if (!t.isFloat()) return v;
    body_ << "  " << v << "f = arith.bitcast " << v << " : " << mlirType(it) << " to "
          << mlirType(t) << "\n";
    return v + "f";
  }

  // Floats are printed twice: as the runner formats them and as raw bits.
  void printResult(const std::string& res, Bits r, const Type& t, const std::string& what,
                   bool anyNaN) {
    if (t.kind != TypeKind::F16) {
      body_ << "  vector.print " << res << " : " << mlirType(t) << "\n";
      expected_.push_back(formatVectorPrint(r, t));
      labels_.push_back(what);
      lines_.push_back({anyNaN ? t : Type(), false});
    }
    if (t.isFloat()) {
      Type it = Type::integer(t.width);
      body_ << "  " << res << "b = arith.bitcast " << res << " : " << mlirType(t) << " to "
            << mlirType(it) << "\n";
      body_ << "  vector.print " << res << "b : " << mlirType(it) << "\n";
      expected_.push_back(formatVectorPrint(r, it));
      labels_.push_back(what + " [bits]");
      lines_.push_back({anyNaN ? t : Type(), true});
    }
  }

  std::ostringstream funcs_, body_;
  bool constOperands_ = false;
  bool inFunc_ = false;
  int funcCount_ = 0, caseCount_ = 0, tmp_ = 0;
  std::map<Bits, size_t> slotOf_;
  std::vector<Bits> slotBits_;
  std::map<std::string, std::string> cache_;
  std::vector<std::string> expected_, labels_;
  // Per expected line: the float type whose NaNs all compare equal (none: exact text),
  // and whether the line prints raw bits.
  struct Line {
    Type nanType;
    bool bits;
  };
  std::vector<Line> lines_;
};

const std::vector<Type>& intTypes() {
  static const std::vector<Type> ts = {Type::i1(),        Type::integer(3),  Type::integer(8),
                                       Type::integer(16), Type::integer(32), Type::integer(33),
                                       Type::integer(64), Type::index()};
  return ts;
}

std::vector<Bits> intValues(const Type& t) {
  const unsigned w = t.width;
  const Bits mask = widthMask(w), minB = Bits(1) << (w - 1);
  std::vector<Bits> raw = {0,        1,    2,        7,        mask,
                           mask - 6, minB, minB - 1, minB + 1, 0x5A5A5A5A5A5A5A5Aull};
  std::vector<Bits> out;
  for (Bits b : raw) {
    b &= mask;
    if (std::find(out.begin(), out.end(), b) == out.end()) out.push_back(b);
  }
  return out;
}

std::vector<Bits> floatValues(const Type& t, bool small) {
  std::vector<double> nums = {0.0, -0.0, 1.0, -1.0, 1.5, -2.5, HUGE_VAL, -HUGE_VAL};
  if (!small) {
    nums.insert(nums.end(), {0.1, 3.0, 1e20, 1e-7, 7.0, -0.75});
    nums.push_back(t.kind == TypeKind::F64   ? std::numeric_limits<double>::max()
                   : t.kind == TypeKind::F32 ? double(std::numeric_limits<float>::max())
                                             : 65504.0);
    nums.push_back(t.kind == TypeKind::F64   ? std::numeric_limits<double>::denorm_min()
                   : t.kind == TypeKind::F32 ? double(std::numeric_limits<float>::denorm_min())
                                             : std::ldexp(1.0, -24));
  }
  std::vector<Bits> out;
  for (double x : nums)
    out.push_back(bitsFromDouble(x, t));
  // Quiet NaN, negative quiet NaN with payload, signaling NaN.
  if (t.kind == TypeKind::F64)
    out.insert(out.end(), {0x7FF8000000000000ull, 0xFFF8000000000003ull});
  else if (t.kind == TypeKind::F32)
    out.insert(out.end(), {0x7FC00000ull, 0xFFC00003ull});
  else
    out.insert(out.end(), {0x7E00ull, 0xFE03ull});
  if (!small)
    out.push_back(t.kind == TypeKind::F64   ? 0x7FF0000000000001ull
                  : t.kind == TypeKind::F32 ? 0x7F800001ull
                                            : 0x7C01ull);
  return out;
}

const std::vector<Type>& floatTypes() {
  static const std::vector<Type> ts = {f16Type(), Type::f32(), Type::f64()};
  return ts;
}

Case mk(OpKind op, const Type& in, const Type& out, std::vector<Bits> args) {
  Case c{op, ArithAttrs{}, in, out, std::move(args), {}};
  c.argTypes.assign(c.args.size(), in);
  return c;
}

int addIntCases(ProgramBuilder& b) {
  int skipped = 0;
  const OpKind ops[] = {OpKind::AddI,      OpKind::SubI,       OpKind::MulI,  OpKind::DivSI,
                        OpKind::DivUI,     OpKind::RemSI,      OpKind::RemUI, OpKind::CeilDivSI,
                        OpKind::CeilDivUI, OpKind::FloorDivSI, OpKind::AndI,  OpKind::OrI,
                        OpKind::XOrI,      OpKind::ShLI,       OpKind::ShRSI, OpKind::ShRUI,
                        OpKind::MaxSI,     OpKind::MaxUI,      OpKind::MinSI, OpKind::MinUI};
  for (const Type& t : intTypes()) {
    std::vector<Bits> vs = intValues(t);
    for (OpKind op : ops) {
      for (Bits a : vs) {
        for (Bits c : vs)
          skipped += !b.add(mk(op, t, t, {a, c}));
        if (op == OpKind::ShLI || op == OpKind::ShRSI || op == OpKind::ShRUI)
          skipped += !b.add(mk(op, t, t, {a, t.width - 1}));
      }
    }
    for (int p = 0; p < 10; ++p) {
      for (Bits a : vs) {
        for (Bits c : vs) {
          Case cs = mk(OpKind::CmpI, t, Type::i1(), {a, c});
          cs.attrs.cmpi = CmpIPred(p);
          b.add(cs);
        }
      }
    }
    for (Bits cond : {0, 1}) {
      Case cs = mk(OpKind::Select, t, t, {cond, vs[1], vs.back()});
      cs.argTypes[0] = Type::i1();
      b.add(cs);
    }
  }
  return skipped;
}

void addIntCastCases(ProgramBuilder& b) {
  for (const Type& from : intTypes()) {
    for (const Type& to : intTypes()) {
      for (Bits v : intValues(from)) {
        bool fromIdx = from.isIndex(), toIdx = to.isIndex();
        if (fromIdx != toIdx) b.add(mk(OpKind::IndexCast, from, to, {v}));
        if (fromIdx || toIdx) continue;
        if (from.width < to.width) {
          b.add(mk(OpKind::ExtSI, from, to, {v}));
          b.add(mk(OpKind::ExtUI, from, to, {v}));
        } else if (from.width > to.width) {
          b.add(mk(OpKind::TruncI, from, to, {v}));
        }
      }
    }
  }
}

int addFloatCases(ProgramBuilder& b) {
  int skipped = 0;
  const OpKind ops[] = {OpKind::AddF, OpKind::SubF, OpKind::MulF, OpKind::DivF,
                        OpKind::RemF, OpKind::MaxF, OpKind::MinF};
  for (const Type& t : floatTypes()) {
    std::vector<Bits> vs = floatValues(t, false), small = floatValues(t, true);
    for (OpKind op : ops) {
      for (Bits a : vs) {
        for (Bits c : vs) {
          skipped += !b.add(mk(op, t, t, {a, c}));
        }
      }
    }
    for (Bits a : vs)
      b.add(mk(OpKind::NegF, t, t, {a}));
    for (int p = 0; p < 16; ++p) {
      for (Bits a : small) {
        for (Bits c : small) {
          Case cs = mk(OpKind::CmpF, t, Type::i1(), {a, c});
          cs.attrs.cmpf = CmpFPred(p);
          b.add(cs);
        }
      }
    }
    for (Bits cond : {0, 1}) {
      Case cs = mk(OpKind::Select, t, t, {cond, vs[2], vs[3]});
      cs.argTypes[0] = Type::i1();
      b.add(cs);
    }
  }
  return skipped;
}

// Values around the edges of w-bit signed and unsigned ranges, rounded into t.
std::vector<Bits> fpToIntValues(const Type& t, unsigned w) {
  std::vector<Bits> out = floatValues(t, false);
  double h = std::ldexp(1.0, int(w) - 1);
  for (double x : {h, h - 1, h - 0.5, -h, -h - 1, -h - 0.5, 2 * h, 2 * h - 1, 2 * h - 0.5, -0.5,
                   0.5, -0.9, 127.9, 255.5, -128.9, 1e10, -1e10, 65504.0, 16777217.0}) {
    out.push_back(bitsFromDouble(x, t));
  }
  return out;
}

void addFloatCastCases(ProgramBuilder& b) {
  for (const Type& ft : floatTypes()) {
    for (const Type& it : intTypes()) {
      if (it.isIndex()) continue; // MLIR 14 sitofp/fptosi take signless integers only
      for (Bits v : intValues(it)) {
        b.add(mk(OpKind::SIToFP, it, ft, {v}));
        b.add(mk(OpKind::UIToFP, it, ft, {v}));
      }
      for (Bits v : fpToIntValues(ft, it.width)) {
        b.add(mk(OpKind::FPToSI, ft, it, {v}));
        b.add(mk(OpKind::FPToUI, ft, it, {v}));
      }
    }
    for (const Type& to : floatTypes()) {
      if (to.width == ft.width) continue;
      std::vector<Bits> vs = floatValues(ft, false);
      for (double x : {1.0 / 3, 65519.0, 65520.0, 1e-8, std::ldexp(1.0, -25), 3.4028235677973366e38,
                       1e-45, 2049.0, 0.1})
        vs.push_back(bitsFromDouble(x, ft));
      // The runner's own f64 -> f16 conversion is broken (its libgcc __truncdfhf2 call
      // keeps only the fraction bits); LLVM's folder and evalArith round correctly.
      if (ft.kind == TypeKind::F64 && to.kind == TypeKind::F16) continue;
      for (Bits v : vs)
        b.add(mk(ft.width < to.width ? OpKind::ExtF : OpKind::TruncF, ft, to, {v}));
    }
    Type it = Type::integer(ft.width);
    for (Bits v : floatValues(ft, false))
      b.add(mk(OpKind::Bitcast, ft, it, {v}));
    for (Bits v : intValues(it))
      b.add(mk(OpKind::Bitcast, it, ft, {v}));
  }
}

// ---- math dialect -----------------------------------------------------------------

// Inputs for the math ops: floatValues plus domain edges (exp/log/trig overflow and
// underflow thresholds, halves for the roundings, integers past the fraction, powers
// of ten, subnormals) and pseudo-random values over many binades.
std::vector<Bits> mathFloatValues(const Type& t, bool small) {
  std::vector<Bits> out = floatValues(t, false);
  const bool f64 = t.kind == TypeKind::F64, f16 = t.kind == TypeKind::F16;
  std::vector<double> extra = {0.5, -0.5, 2.5, -3.5, 0.49999997, -0.49999997, 2.0, 0.25, 10.0};
  if (!small) {
    static const double kEdges[] = {8388609.0,
                                    -8388607.5,
                                    4503599627370497.0,
                                    1e-30,
                                    -1e-30,
                                    1e-40,
                                    88.72,
                                    89.0,
                                    -103.0,
                                    -150.0,
                                    709.78,
                                    710.0,
                                    -745.0,
                                    1e300,
                                    3.14159265358979,
                                    1.5707963267948966,
                                    -1.5707963267948966,
                                    100.0,
                                    -100.0,
                                    1e10,
                                    0.001,
                                    0.7,
                                    -10.0,
                                    1e-5,
                                    12345.678,
                                    -0.1,
                                    4.0,
                                    0.9999,
                                    -0.9999,
                                    1.0001,
                                    65504.0,
                                    65520.0,
                                    11.1,
                                    6e-8,
                                    -6e-5,
                                    1e15,
                                    1e22,
                                    1e-310,
                                    123456789.0};
    extra.insert(extra.end(), std::begin(kEdges), std::end(kEdges));
    // ~40 pseudo-random values, sign and binade spread over [2^-30, 2^30].
    uint64_t seed = 0x9E3779B97F4A7C15ull ^ t.width;
    for (int k = 0; k < 40; ++k) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      double m = 1.0 + double(seed >> 11) / double(1ull << 53);
      int e = int((seed >> 3) % 61) - 30;
      extra.push_back(std::ldexp((seed & 1) ? -m : m, e));
    }
    // A few raw bit patterns, NaN payloads included.
    for (int k = 0; k < 8; ++k) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      out.push_back(seed & widthMask(t.width));
    }
    // The largest subnormal, -denorm_min, the smallest normal, a negative sNaN.
    out.push_back(f64 ? 0x000FFFFFFFFFFFFFull : f16 ? 0x03FFull : 0x007FFFFFull);
    out.push_back(f64 ? 0x8000000000000001ull : f16 ? 0x8001ull : 0x80000001ull);
    out.push_back(f64 ? 0x0010000000000000ull : f16 ? 0x0400ull : 0x00800000ull);
    out.push_back(f64 ? 0xFFF0000000000001ull : f16 ? 0xFC01ull : 0xFF800001ull);
  }
  for (double x : extra)
    out.push_back(bitsFromDouble(x, t));
  std::vector<Bits> unique;
  for (Bits b : out)
    if (std::find(unique.begin(), unique.end(), b) == unique.end()) unique.push_back(b);
  return unique;
}

// With constant operands, the cases where MLIR's folder is known to disagree with the
// lowered code (mathFoldDisagrees: the verifier refuses them) are left out.
bool skipFolded = false;

void addMath(ProgramBuilder& b, const Case& c) {
  if (skipFolded && mathFoldDisagrees(c.op, c.in, c.args.data())) return;
  b.add(c);
}

// Every supported math op over many inputs, f16/f32/f64 and every integer width.
void addMathCases(ProgramBuilder& b) {
  const OpKind unary[] = {
      OpKind::AbsF, OpKind::Ceil,  OpKind::Floor, OpKind::Trunc, OpKind::Round, OpKind::RoundEven,
      OpKind::Sqrt, OpKind::Rsqrt, OpKind::Exp,   OpKind::Exp2,  OpKind::ExpM1, OpKind::Log,
      OpKind::Log2, OpKind::Log10, OpKind::Log1p, OpKind::Sin,   OpKind::Cos,   OpKind::Tan,
      OpKind::Asin, OpKind::Acos,  OpKind::Atan,  OpKind::Sinh,  OpKind::Cosh,  OpKind::Tanh};
  for (const Type& t : floatTypes()) {
    std::vector<Bits> vs = mathFloatValues(t, false), small = mathFloatValues(t, true);
    for (OpKind op : unary) {
      for (Bits a : vs)
        addMath(b, mk(op, t, t, {a}));
    }
    for (OpKind op : {OpKind::IsNaN, OpKind::IsFinite})
      for (Bits a : vs)
        addMath(b, mk(op, t, Type::i1(), {a}));
    for (OpKind op : {OpKind::CopySign, OpKind::Atan2, OpKind::PowF})
      for (Bits a : small)
        for (Bits c : small)
          addMath(b, mk(op, t, t, {a, c}));
    for (Bits a : small)
      for (Bits c : small)
        for (Bits d : small)
          addMath(b, mk(OpKind::Fma, t, t, {a, c, d}));
    const int64_t exps[] = {
        0,         1,         -1,           2,    3,    -3,    7,    10,   -10,  31,
        -31,       127,       128,          -149, 1000, -1000, 1023, 1024, 1075, 0x55555555,
        INT32_MAX, INT32_MIN, INT32_MIN + 1};
    for (Bits a : vs)
      for (int64_t e : exps) {
        Case cs = mk(OpKind::FPowI, t, t, {a, bitsFromInt(e, I32)});
        cs.argTypes[1] = I32;
        addMath(b, cs);
      }
  }
  for (const Type& t : intTypes()) {
    std::vector<Bits> vs = intValues(t);
    std::vector<Bits> extras = {0x80,           0xFF00,        0x00F0F000,
                                0x100000000ull, Bits(3) << 40, 0x8000000000000001ull};
    uint64_t seed = 0xD1B54A32D192ED03ull ^ t.width;
    for (int k = 0; k < 32; ++k) { // pseudo-random, with runs of zeros at either end
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      extras.push_back((seed >> (seed % 29)) << (seed % 23));
    }
    for (Bits extra : extras)
      if (std::find(vs.begin(), vs.end(), extra & widthMask(t.width)) == vs.end())
        vs.push_back(extra & widthMask(t.width));
    for (OpKind op : {OpKind::AbsI, OpKind::CtLz, OpKind::CtTz, OpKind::CtPop})
      for (Bits a : vs)
        addMath(b, mk(op, t, t, {a}));
  }
}

std::vector<std::string> splitLines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);)
    lines.push_back(l);
  return lines;
}

} // namespace

namespace {

// Runs the program and compares line by line; the first two lines of the runner's
// output are print_memref of the operand buffer.
void compareWithOracle(ProgramBuilder& b) {
  std::vector<std::string> got = splitLines(loom_test::runMlirOracle(b.program()));
  REQUIRE(got.size() == b.expected().size() + 2);
  int mismatches = 0;
  std::string report;
  std::map<std::string, int> perOp; // "math.fma f16" -> mismatches
  for (size_t k = 0; k < b.expected().size(); ++k) {
    if (b.agrees(k, got[k + 2])) continue;
    const std::string& l = b.labels()[k];
    ++perOp[l.substr(0, l.find(' ', l.find(' ') + 1))];
    if (++mismatches <= 4000)
      report += l + ": runner " + got[k + 2] + ", evalArith " + b.expected()[k] + "\n";
  }
  for (auto& [op, n] : perOp)
    report += op + ": " + std::to_string(n) + " mismatch(es)\n";
  INFO(report);
  CHECK(mismatches == 0);
}

} // namespace

TEST_CASE("evalArith agrees with mlir-runner (MLIR 22) on every math op", "[oracle]") {
  ProgramBuilder b;
  skipFolded = false;
  addMathCases(b);
  REQUIRE(b.cases() > 20000);
  INFO(b.cases() << " math cases");
  compareWithOracle(b);
}

// MLIR folds an op of constant operands at compile time (mlir-opt's greedy rewriters
// fold everything they visit), with APFloat or the host's libm: the same results as
// the lowered code, except in the cases mathFoldDisagrees names (left out here, refused
// by the verifier).
TEST_CASE("math ops of constant operands: MLIR's folder agrees with evalArith", "[oracle]") {
  ProgramBuilder b(true);
  skipFolded = true;
  addMathCases(b);
  skipFolded = false;
  INFO(b.cases() << " math cases with constant operands");
  compareWithOracle(b);
}

TEST_CASE("evalArith agrees with mlir-runner (MLIR 22) on every op", "[oracle]") {
  ProgramBuilder b;
  int skipped = addIntCases(b);
  addIntCastCases(b);
  skipped += addFloatCases(b);
  addFloatCastCases(b);
  REQUIRE(b.cases() > 5000);
  INFO(b.cases() << " cases, " << skipped << " error cases not sent to the runner");

  std::vector<std::string> got = splitLines(loom_test::runMlirOracle(b.program()));
  // The first two lines are print_memref of the operand buffer.
  REQUIRE(got.size() == b.expected().size() + 2);
  int mismatches = 0;
  std::string report;
  for (size_t k = 0; k < b.expected().size(); ++k) {
    if (b.agrees(k, got[k + 2])) continue;
    if (++mismatches <= 40)
      report += b.labels()[k] + ": runner " + got[k + 2] + ", evalArith " + b.expected()[k] + "\n";
  }
  INFO(report);
  CHECK(mismatches == 0);
}
