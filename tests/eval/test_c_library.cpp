// The C library of eval/c_library.h: which formats printf refuses and why, the types
// each call must have, and the intrinsics the c_library kernel (checked against
// mlir-runner) does not call, against values worked out by hand.
#include "eval/arith.h"
#include "eval/c_library.h"

#include <catch2/catch.hpp>

using namespace loom;

namespace {

const Type I8 = Type::integer(8), I32 = Type::integer(32), I64 = Type::integer(64),
           F32 = Type::f32(), F64 = Type::f64();

Bits call(const char* name, std::vector<Bits> args) {
  std::optional<CFunction> f = findCFunction(name);
  REQUIRE(f);
  return evalCFunction(*f, args);
}

std::string format(const std::string& fmt, std::vector<Bits> args, std::vector<Type> types) {
  REQUIRE_FALSE(checkPrintfFormat(fmt, types));
  PrintfResult r = formatPrintf(fmt, args, types, [](Bits, std::string& why) {
    why = "no strings here";
    return std::optional<std::string>();
  });
  REQUIRE_FALSE(r.error);
  return r.text;
}

} // namespace

TEST_CASE("printf refuses what it cannot print, saying why", "[c_library]") {
  auto why = [](const std::string& f, std::vector<Type> t) {
    return checkPrintfFormat(f, t).value_or("accepted");
  };
  CHECK(why("%n", {I64}) == "'%n' writes to memory; it is not supported");
  CHECK(why("%*d", {I32, I32}) == "a '*' width is not supported");
  CHECK(why("%.*f", {I32, F64}) == "a '*' precision is not supported");
  CHECK(why("%Lf", {F64}) == "'%Lf' takes a long double, which is not supported");
  CHECK(why("%k", {I32}) == "'%k' is no conversion of C's printf");
  CHECK(why("100%", {}) == "the format ends inside a conversion");
  CHECK(why("%d %d", {I32}) == "'%d' has no argument (1 given)");
  CHECK(why("%d", {I32, I32}) == "the format has 1 conversion(s) for 2 argument(s)");
  CHECK(why("%d", {I64}) == "'%d' takes an i32, but argument #1 is i64");
  CHECK(why("%ld", {I32}) == "'%ld' takes an i64, but argument #1 is i32");
  CHECK(why("%f", {F32}) ==
        "'%f' takes an f64 (C passes a float as a double), but argument #1 is f32");
  CHECK(why("%s", {I32}) == "'%s' takes a pointer, but argument #1 is i32");
  CHECK(why("%-+ #08.3lx %% %hhu %zu %p", {I64, I32, I64, I64}) == "accepted");
}

TEST_CASE("printf prints each conversion as C does", "[c_library]") {
  CHECK(format("%d|%u|%x", {0xffffffff, 0xffffffff, 0xffffffff}, {I32, I32, I32}) ==
        "-1|4294967295|ffffffff");
  CHECK(format("%hhd %hu", {0x1ff, 0x1ffff}, {I32, I32}) == "-1 65535");
  CHECK(format("%lld", {0x8000000000000000}, {I64}) == "-9223372036854775808");
  // 0.125 is exact: %.2f rounds it to even; 2.5 likewise with %.0f.
  CHECK(format("%.2f %.0f %.0f", {bitsFromF64(0.125), bitsFromF64(2.5), bitsFromF64(3.5)},
               {F64, F64, F64}) == "0.12 2 4");
}

TEST_CASE("printf's %s reads the string, or says why not", "[c_library]") {
  PrintfResult r = formatPrintf("<%s>", {42}, {I64}, [](Bits a, std::string& why) {
    if (a == 42) return std::optional<std::string>("loom");
    why = "no";
    return std::optional<std::string>();
  });
  CHECK(r.text == "<loom>");
  r = formatPrintf("<%s>", {7}, {I64}, [](Bits, std::string& why) {
    why = "address 0x7 is in no buffer of the program";
    return std::optional<std::string>();
  });
  CHECK(r.error == "'%s' of argument #1: address 0x7 is in no buffer of the program");
}

TEST_CASE("intrinsics and libm: values worked out by hand", "[c_library]") {
  CHECK(call("llvm.bswap.i32", {0x12345678}) == 0x78563412);
  CHECK(call("llvm.bitreverse.i8", {0x01}) == 0x80);
  CHECK(call("llvm.bitreverse.i32", {0x00000003}) == 0xc0000000);
  CHECK(call("llvm.ctpop.i64", {0xff00ff00ff00ff00}) == 32);
  // fshl(a, b, s): the top of a:b after a shift left by s mod width; fshr the bottom.
  CHECK(call("llvm.fshl.i32", {0x12345678, 0x9abcdef0, 4}) == 0x23456789);
  CHECK(call("llvm.fshr.i32", {0x12345678, 0x9abcdef0, 4}) == 0x89abcdef);
  CHECK(call("llvm.fshl.i8", {0x81, 0x00, 9}) == 0x02); // 9 mod 8 = 1
  CHECK(call("llvm.fshr.i32", {1, 2, 32}) == 2);        // a shift of 0: b itself
  CHECK(call("llvm.smin.i32", {0xffffffff, 1}) == 0xffffffff);
  CHECK(call("llvm.umax.i16", {0xffff, 1}) == 0xffff);
  CHECK(call("llvm.fabs.f64", {bitsFromF64(-0.0)}) == bitsFromF64(0.0));
  CHECK(call("llvm.fmuladd.f32", {bitsFromF32(2), bitsFromF32(3), bitsFromF32(1)}) ==
        bitsFromF32(7));
  CHECK(call("fmodf", {bitsFromF32(7.5f), bitsFromF32(2)}) == bitsFromF32(1.5f));
  CHECK(call("floor", {bitsFromF64(-1.5)}) == bitsFromF64(-2));
}

TEST_CASE("a C call must have the function's types", "[c_library]") {
  CHECK_FALSE(findCFunction("fopen"));
  CHECK_FALSE(findCFunction("llvm.fshl.i7"));
  CHECK_FALSE(findCFunction("llvm.sin.f32"));
  CHECK(checkCCall(*findCFunction("sinf"), {F64}, {F64}) ==
        "'@sinf' takes (f32) and returns (f32), not (f64) -> (f64)");
  CHECK(checkCCall(*findCFunction("printf"), {I64, I32, F64}, {I32}) == std::nullopt);
  CHECK(checkCCall(*findCFunction("printf"), {}, {I32}) ==
        "'@printf' takes (i64) and more and returns (i32), not () -> (i32)");
  CHECK(checkCCall(*findCFunction("llvm.memset.p0.i64"), {I64, I32, I64, Type::i1()}, {}) ==
        "'@llvm.memset.p0.i64' takes (dst, i8, bytes, i1) and returns nothing, not (i64, i32, "
        "i64, i1) -> ()");
  CHECK(checkCCall(*findCFunction("llvm.memset.p0.i64"), {I64, I8, I64, Type::i1()}, {}) ==
        std::nullopt);
  CHECK(checkCCall(*findCFunction("llvm.lifetime.start.p0"), {I64}, {I32}) ==
        "'@llvm.lifetime.start.p0' returns nothing");
}
