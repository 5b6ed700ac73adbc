// The VCD's small pieces: identifier codes, values, time stamps.
#include "traces/hierarchy.h"
#include "traces/vcd_text.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace loom;
using namespace loom::traces;

namespace {

template <class F> std::string text(F put) {
  char buf[2 * kMaxLine];
  return std::string(buf, put(buf));
}

} // namespace

TEST_CASE("identifier codes are short, printable and distinct", "[vcd_text]") {
  CHECK(VcdCode::number(0).str() == "!");
  CHECK(VcdCode::number(93).str() == "~");
  CHECK(VcdCode::number(94).str() == "!\"");
  std::set<std::string> seen;
  for (uint64_t n = 0; n < 20000; ++n) {
    std::string c = VcdCode::number(n).str();
    for (char ch : c)
      CHECK((ch >= '!' && ch <= '~'));
    seen.insert(c);
  }
  CHECK(seen.size() == 20000);
}

TEST_CASE("values are written as VCD value changes", "[vcd_text]") {
  VcdCode c = VcdCode::number(94 * 3 + 5); // two characters
  std::string code = c.str();
  CHECK(text([&](char* p) { return putScalar(p, true, c); }) == "1" + code + "\n");
  CHECK(text([&](char* p) { return putVector(p, 0, c); }) == "b0 " + code + "\n");
  CHECK(text([&](char* p) { return putVector(p, 5, c); }) == "b101 " + code + "\n");
  CHECK(text([&](char* p) { return putVector(p, 0x1FF, c); }) == "b111111111 " + code + "\n");
  CHECK(text([&](char* p) { return putVector(p, ~0ull, c); }) ==
        "b" + std::string(64, '1') + " " + code + "\n");
  // i8 -1 is its 8 bits; i1 a scalar; none nothing.
  CHECK(text([&](char* p) { return putData(p, DataShape::Vector, Type::integer(8), ~0ull, c); }) ==
        "b11111111 " + code + "\n");
  CHECK(text([&](char* p) { return putData(p, dataShape(Type::i1()), Type::i1(), 1, c); }) ==
        "1" + code + "\n");
  CHECK(dataShape(Type::none()) == DataShape::None);
  float f = -2.5f;
  uint32_t fb;
  std::memcpy(&fb, &f, sizeof fb);
  CHECK(text([&](char* p) { return putData(p, DataShape::Real, Type::f32(), fb, c); }) ==
        "r-2.5 " + code + "\n");
  CHECK(dataWidth(Type::f32()) == 64);
  // An f32 in its own shortest digits, which read back (as a double, as viewers do)
  // to the same f32; an f64 in its shortest digits.
  f = 0.1f;
  std::memcpy(&fb, &f, sizeof fb);
  CHECK(text([&](char* p) { return putData(p, DataShape::Real, Type::f32(), fb, c); }) ==
        "r0.1 " + code + "\n");
  double d = 0.1;
  uint64_t db;
  std::memcpy(&db, &d, sizeof db);
  CHECK(text([&](char* p) { return putData(p, DataShape::Real, Type::f64(), db, c); }) ==
        "r0.1 " + code + "\n");
  for (uint32_t bits = 0x00000001; bits < 0x7F800000; bits += 0x00012345) { // finite, > 0
    for (uint32_t sign : {0u, 0x80000000u}) {
      std::string s =
          text([&](char* p) { return putData(p, DataShape::Real, Type::f32(), bits | sign, c); });
      float back = static_cast<float>(std::strtod(s.c_str() + 1, nullptr));
      uint32_t backBits;
      std::memcpy(&backBits, &back, sizeof backBits);
      if (backBits != (bits | sign)) FAIL(s);
    }
  }
  CHECK(text([&](char* p) { return putUnknown(p, DataShape::Vector, c); }) == "bx " + code + "\n");
}

TEST_CASE("time stamps count up in place and jump when they must", "[vcd_text]") {
  TimeStamp t;
  CHECK(text([&](char* p) { return t.put(p, 0); }) == "#0\n");
  CHECK(text([&](char* p) { return t.put(p, 1); }) == "#1\n");
  CHECK(text([&](char* p) { return t.put(p, 9); }) == "#9\n");
  CHECK(text([&](char* p) { return t.put(p, 10); }) == "#10\n");
  CHECK(text([&](char* p) { return t.put(p, 99); }) == "#99\n");
  CHECK(text([&](char* p) { return t.put(p, 100); }) == "#100\n");
  CHECK(text([&](char* p) { return t.put(p, 100); }) == "#100\n");
  for (uint64_t i = 101; i <= 1000; ++i) {
    std::string s = text([&](char* p) { return t.put(p, i); });
    if (s != "#" + std::to_string(i) + "\n") FAIL(s);
  }
  CHECK(text([&](char* p) { return t.put(p, 123456789); }) == "#123456789\n");
}

TEST_CASE("names become VCD identifiers", "[vcd_text]") {
  CHECK(vcdName("for0.guard") == "for0_guard");
  CHECK(vcdName("st0.addr") == "st0_addr");
  CHECK(vcdName("a b[3]") == "a_b_3_");
  CHECK(vcdName("") == "_");
}
