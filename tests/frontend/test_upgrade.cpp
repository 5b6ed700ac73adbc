// The MLIR-14 -> MLIR 22 spelling upgrader: each rewrite, what it must leave alone
// (strings, comments, non-op positions, current spellings), and the column mapping.

#include "frontend/upgrade.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

using namespace loom;

namespace {

std::string up(const std::string& s) {
  return upgradeMlir14(s).text;
}

// Column (1-based) of the first occurrence of `needle` on 1-based line `line` of `text`.
uint32_t colOf(const std::string& text, uint32_t line, const std::string& needle) {
  size_t start = 0;
  for (uint32_t l = 1; l < line; ++l)
    start = text.find('\n', start) + 1;
  size_t end = text.find('\n', start);
  std::string ln = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  size_t p = ln.find(needle);
  REQUIRE(p != std::string::npos);
  return uint32_t(p + 1);
}

} // namespace

TEST_CASE("func, return and call get the func dialect", "[upgrade]") {
  CHECK(up("func @f() {\n  return\n}\n") == "func.func @f() {\n  func.return\n}\n");
  CHECK(up("func private @g(i32) -> i32\n") == "func.func private @g(i32) -> i32\n");
  CHECK(up("builtin.func @h() {\n}\n") == "func.func @h() {\n}\n");
  CHECK(up("  return %a, %b : i32, i32\n") == "  func.return %a, %b : i32, i32\n");
  CHECK(up("  call @f() : () -> ()\n") == "  func.call @f() : () -> ()\n");
  CHECK(up("  %r = call @f(%x) : (i32) -> i32\n") == "  %r = func.call @f(%x) : (i32) -> i32\n");
  CHECK(up("  %r:2 = call @f(%x) : (i32) -> (i32, i32)\n") ==
        "  %r:2 = func.call @f(%x) : (i32) -> (i32, i32)\n");
  CHECK(up("  %a, %b = call @f() : () -> (i32, i32)\n") ==
        "  %a, %b = func.call @f() : () -> (i32, i32)\n");
  CHECK(up("  %r = call_indirect %f(%x) : (i32) -> i32\n") ==
        "  %r = func.call_indirect %f(%x) : (i32) -> i32\n");
  CHECK(up("  %f = constant @g : (i32) -> i32\n") == "  %f = func.constant @g : (i32) -> i32\n");
  auto u = upgradeMlir14("func @f() {\n  return\n}\nfunc @g() {\n  return\n}\n");
  REQUIRE(u.changes.size() == 2);
  CHECK(u.changes[0] == "func @f -> func.func @f (2x)");
  CHECK(u.changes[1] == "return -> func.return (2x)");
}

TEST_CASE("std ops and select get their current dialect", "[upgrade]") {
  CHECK(up("  %s = select %c, %a, %b : i32\n") == "  %s = arith.select %c, %a, %b : i32\n");
  CHECK(up("  %s = std.select %c, %a, %b : i32\n") == "  %s = arith.select %c, %a, %b : i32\n");
  CHECK(up("  std.return %x : i32\n") == "  func.return %x : i32\n");
  CHECK(up("  %r = std.call @f(%x) : (i32) -> i32\n") ==
        "  %r = func.call @f(%x) : (i32) -> i32\n");
  CHECK(up("  br ^bb1\n") == "  cf.br ^bb1\n");
  CHECK(up("  cond_br %c, ^bb1, ^bb2\n") == "  cf.cond_br %c, ^bb1, ^bb2\n");
  CHECK(up("  std.br ^bb1\n") == "  cf.br ^bb1\n");
}

TEST_CASE("renamed arith and math ops", "[upgrade]") {
  CHECK(up("  %m = arith.maxf %a, %b : f32\n") == "  %m = arith.maximumf %a, %b : f32\n");
  CHECK(up("  %m = arith.minf %a, %b : f64\n") == "  %m = arith.minimumf %a, %b : f64\n");
  CHECK(up("  %m = math.abs %a : f32\n") == "  %m = math.absf %a : f32\n");
  // Current names and look-alikes stay.
  for (const char* s : {"  %m = arith.maximumf %a, %b : f32\n", "  %m = arith.maxsi %a, %b : i32\n",
                        "  %m = arith.maxnumf %a, %b : f32\n", "  %m = math.absi %a : i32\n",
                        "  %m = math.absf %a : f32\n"})
    CHECK(up(s) == s);
}

TEST_CASE("runtime print functions get their current names", "[upgrade]") {
  CHECK(up("func private @print_memref_i32(memref<*xi32>)\n") ==
        "func.func private @printMemrefI32(memref<*xi32>)\n");
  CHECK(up("  call @print_memref_f32(%u) : (memref<*xf32>) -> ()\n") ==
        "  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()\n");
  CHECK(up("  func.call @print_memref_i64(%u) : (memref<*xi64>) -> ()\n") ==
        "  func.call @printMemrefI64(%u) : (memref<*xi64>) -> ()\n");
  CHECK(up("  func.call @print_memref_f64(%u) : (memref<*xf64>) -> ()\n") ==
        "  func.call @printMemrefF64(%u) : (memref<*xf64>) -> ()\n");
  CHECK(up("func.func private @print_memref_i8(memref<*xi8>) attributes { llvm.emit_c_interface "
           "}\n") ==
        "func.func private @printMemrefI8(memref<*xi8>) attributes { llvm.emit_c_interface }\n");
  // Other symbols with a common prefix stay.
  CHECK(up("  func.call @print_memref_i32x(%u) : (memref<*xi32>) -> ()\n") ==
        "  func.call @print_memref_i32x(%u) : (memref<*xi32>) -> ()\n");
}

TEST_CASE("expand_shape gets output_shape when the result is static", "[upgrade]") {
  CHECK(up("  %e = memref.expand_shape %m [[0, 1]] : memref<6xi32> into memref<2x3xi32>\n") ==
        "  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xi32> into "
        "memref<2x3xi32>\n");
  CHECK(up("  %e = memref.expand_shape %m [[0, 1], [2]] : memref<6x4xf32, #map> into "
           "memref<2x3x4xf32, #map2>\n") ==
        "  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 3, 4] : memref<6x4xf32, "
        "#map> into memref<2x3x4xf32, #map2>\n");
  // Dynamic result, already current, or the type on another line: left alone.
  for (const char* s :
       {"  %e = memref.expand_shape %m [[0, 1]] : memref<?xi32> into memref<?x3xi32>\n",
        "  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xi32> into "
        "memref<2x3xi32>\n",
        "  %e = memref.expand_shape %m [[0, 1]]\n      : memref<6xi32> into memref<2x3xi32>\n"})
    CHECK(up(s) == s);
  auto u = upgradeMlir14(
      "  %e = memref.expand_shape %m [[0, 1]] : memref<6xi32> into memref<2x3xi32>\n");
  REQUIRE(u.changes.size() == 1);
  CHECK(u.changes[0] == "memref.expand_shape: output_shape added");
}

TEST_CASE("MLIR 14's shorthand strided layouts become strided<>", "[upgrade]") {
  CHECK(up("  %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, offset: 2, "
           "strides: [1]>\n") ==
        "  %v = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], "
        "offset: 2>>\n");
  CHECK(up("func @f(%m: memref<?x?xf32, offset: ?, strides: [?, 1]>) {\n") ==
        "func.func @f(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>) {\n");
  // reinterpret_cast's operand lists and strings are not layouts.
  for (const char* s :
       {"  %t = memref.reinterpret_cast %b to offset: [0], sizes: [6, 4], strides: [1, 6] : "
        "memref<24xi32> to memref<6x4xi32, strided<[1, 6]>>\n",
        "  x.y {s = \"memref<4xf32, offset: 2, strides: [1]>\"}\n"})
    CHECK(up(s) == s);
  const std::string old = "  %v = memref.cast %a : memref<4xf32, offset: 2, strides: [1]> to "
                          "memref<4xf32, offset: ?, strides: [1]>\n";
  Upgraded u = upgradeMlir14(old);
  CHECK(u.text == "  %v = memref.cast %a : memref<4xf32, strided<[1], offset: 2>> to "
                  "memref<4xf32, strided<[1], offset: ?>>\n");
  CHECK(originalColumn(u, 1, colOf(u.text, 1, "> to ")) == colOf(old, 1, "> to "));
  CHECK(originalColumn(u, 1, colOf(u.text, 1, ", strided")) == colOf(old, 1, ", offset"));
}

TEST_CASE("nothing is rewritten inside strings, comments or at non-op positions", "[upgrade]") {
  for (const char* s : {
           "// func @f() { return }\n",
           "  // call @print_memref_i32(%u)\n",
           "  %x = arith.constant 1 : i32 // select return\n",
           "  vector.print str \"call @print_memref_i32 return\"\n",
           "  \"test.op\"() {s = \"func @f\", t = @\"print_memref_i32\"} : () -> ()\n",
           "  %v = arith.addi %return, %select : i32\n",
           "  %select = arith.addi %a, %b : i32\n",
           "  scf.yield %call : i32\n",
           "  returned\n",
           "func.func @func() {\n",
           "  %x = \"std.select\"(%c, %a, %b) : (i1, i32, i32) -> i32\n",
       })
    CHECK(up(s) == s);
  // The code before a comment still counts; the comment keeps its text.
  CHECK(up("  return // call @print_memref_i32\n") == "  func.return // call @print_memref_i32\n");
  // An escaped quote does not end a string.
  CHECK(up("  x.y \"a\\\" @print_memref_i32\" @print_memref_i32\n") ==
        "  x.y \"a\\\" @print_memref_i32\" @printMemrefI32\n");
}

TEST_CASE("current text is left unchanged (idempotence)", "[upgrade]") {
  const std::string old =
      "// kernel\n"
      "func private @print_memref_i32(memref<*xi32>)\n"
      "func @main() {\n"
      "  %a = memref.alloc() : memref<6xi32>\n"
      "  %e = memref.expand_shape %a [[0, 1]] : memref<6xi32> into memref<2x3xi32>\n"
      "  %c = arith.constant 1 : i1\n"
      "  %s = select %c, %c, %c : i1\n"
      "  %m = arith.maxf %f, %f : f32\n"
      "  %u = memref.cast %a : memref<6xi32> to memref<*xi32>\n"
      "  call @print_memref_i32(%u) : (memref<*xi32>) -> ()\n"
      "  return\n"
      "}";
  Upgraded u = upgradeMlir14(old);
  CHECK(looksLikeMlir14(old));
  CHECK(!u.changes.empty());
  // Same number of lines; no trailing newline added.
  CHECK(std::count(u.text.begin(), u.text.end(), '\n') == std::count(old.begin(), old.end(), '\n'));
  CHECK(u.text.back() == '}');
  Upgraded again = upgradeMlir14(u.text);
  CHECK(again.text == u.text);
  CHECK(again.changes.empty());
  CHECK(again.edits.empty());
  CHECK(!looksLikeMlir14(u.text));
  CHECK(!looksLikeMlir14(""));
  CHECK(upgradeMlir14("").text.empty());
  // CRLF lines keep their '\r'.
  CHECK(up("func @f() {\r\n  return\r\n}\r\n") == "func.func @f() {\r\n  func.return\r\n}\r\n");
}

TEST_CASE("columns map back exactly, also with several edits on a line", "[upgrade]") {
  const std::string old =
      "  %r = call @print_memref_i32(%u) : (memref<*xi32>) -> () // x\n"
      "  %e = memref.expand_shape %m [[0, 1]] : memref<6xi32> into memref<2x3xi32>\n"
      "  %s = std.select %c, %a, %b : i32\n"
      "  %m = arith.maxf %a, %b : f32\n"
      "  return\n";
  Upgraded u = upgradeMlir14(old);
  REQUIRE(u.text == "  %r = func.call @printMemrefI32(%u) : (memref<*xi32>) -> () // x\n"
                    "  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xi32> "
                    "into memref<2x3xi32>\n"
                    "  %s = arith.select %c, %a, %b : i32\n"
                    "  %m = arith.maximumf %a, %b : f32\n"
                    "  func.return\n");
  // Line 1 has two edits (func. inserted, print_memref_i32 two shorter).
  CHECK(u.edits.size() == 6);
  for (const char* tok : {"%r", "(%u)", ":", "memref<*xi32>", "-> ()", "// x"})
    CHECK(originalColumn(u, 1, colOf(u.text, 1, tok)) == colOf(old, 1, tok));
  // The renamed op and the renamed symbol map to their original starts.
  CHECK(originalColumn(u, 1, colOf(u.text, 1, "func.call")) == colOf(old, 1, "call"));
  CHECK(originalColumn(u, 1, colOf(u.text, 1, "call @")) == colOf(old, 1, "call"));
  CHECK(originalColumn(u, 1, colOf(u.text, 1, "@printMemrefI32")) ==
        colOf(old, 1, "@print_memref_i32"));
  // Every column after the last edit is shifted by the sum of the deltas.
  const std::string l1new = u.text.substr(0, u.text.find('\n'));
  const std::string l1old = old.substr(0, old.find('\n'));
  CHECK(originalColumn(u, 1, uint32_t(l1new.size())) == l1old.size());
  CHECK(originalColumn(u, 1, uint32_t(l1new.size() + 1)) == l1old.size() + 1); // end of line
  // Inserted output_shape maps to the column right after `]]`.
  uint32_t ins = colOf(u.text, 2, " output_shape");
  for (uint32_t c = ins; c < ins + 20; ++c)
    CHECK(originalColumn(u, 2, c) == ins);
  CHECK(originalColumn(u, 2, colOf(u.text, 2, ": memref")) == colOf(old, 2, ": memref"));
  CHECK(originalColumn(u, 2, colOf(u.text, 2, "%m")) == colOf(old, 2, "%m"));
  CHECK(originalColumn(u, 3, colOf(u.text, 3, "arith.select")) == colOf(old, 3, "std.select"));
  CHECK(originalColumn(u, 3, colOf(u.text, 3, "%c,")) == colOf(old, 3, "%c,"));
  CHECK(originalColumn(u, 4, colOf(u.text, 4, "arith.maximumf")) == colOf(old, 4, "arith.maxf"));
  CHECK(originalColumn(u, 4, colOf(u.text, 4, "%a,")) == colOf(old, 4, "%a,"));
  CHECK(originalColumn(u, 5, colOf(u.text, 5, "func.return")) == 3);
  CHECK(originalColumn(u, 5, colOf(u.text, 5, "return")) == 3);
  // Lines without edits map to themselves.
  CHECK(originalColumn(u, 6, 7) == 7);
  CHECK(originalColumn(u, 99, 12) == 12);
}
