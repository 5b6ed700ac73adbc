// The front end on MLIR 22 (frontend/parse.h): everything MLIR accepts for the input
// language reads to the same module (pretty and generic forms, properties, attribute
// dictionaries after region ops, aliases, `module` wrappers, debug locations,
// scf.execute_region); each op keeps its .mlir position and the source its location
// records; errors are MLIR's, located in the file as written, or loom-sim's
// "unsupported", named and located; deep nesting is refused, never a crash.

#include "frontend/parse.h"
#include "ir/printer.h"
#include "tests/parse_verified.h"
#include "verify/verifier.h"

#include <catch2/catch.hpp>

using namespace loom;

namespace {

// "" on success, else the first diagnostic as "line:col: error: message" followed by
// its notes as "line:col: note: message" (the file name is fixed, so it is left out).
std::string diagnose(const std::string& text) {
  ParseResult r = parseModule(text, "t.mlir");
  std::optional<Diag> d = r.error;
  if (!d) d = verifyModule(*r.module);
  if (!d) return "";
  auto at = [](const Loc& l) {
    std::string s = std::to_string(l.line) + ":" + std::to_string(l.col);
    return l.source ? *l.source + " (" + s + ")" : s;
  };
  std::string s = at(d->loc) + ": error: " + d->message;
  for (const Diag& n : d->notes)
    s += "\n" + at(n.loc) + ": note: " + n.message;
  return s;
}

std::unique_ptr<Module> parseOk(const std::string& text) {
  return loom_test::parseVerified(text);
}

const Op& opAt(const Module& m, const std::string& func, size_t i) {
  return *m.lookup(func)->body.front().ops.at(i);
}

// One kernel, the reference for the forms below.
const char* kPretty = R"(func.func @k(%m: memref<8xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %m[%i] : memref<8xf32>
    %p = arith.cmpf ogt, %v, %z : f32
    %a = scf.if %p -> (f32) {
      %t = arith.addf %acc, %v : f32
      scf.yield %t : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %a : f32
  }
  func.return %r : f32
}
)";

} // namespace

TEST_CASE("the generic form, properties and module wrappers read as the pretty form",
          "[frontend]") {
  const char* generic = R"(#loc = loc("k.c":1:1)
"builtin.module"() ({
  "func.func"() <{function_type = (memref<8xf32>, index) -> f32, sym_name = "k"}> ({
  ^bb0(%m: memref<8xf32>, %n: index):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %z = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %r = "scf.for"(%c0, %n, %c1, %z) ({
    ^bb0(%i: index, %acc: f32):
      %v = "memref.load"(%m, %i) : (memref<8xf32>, index) -> f32
      %p = "arith.cmpf"(%v, %z) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %a = "scf.if"(%p) ({
        %t = "arith.addf"(%acc, %v) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.yield"(%t) : (f32) -> ()
      }, {
        "scf.yield"(%acc) : (f32) -> ()
      }) : (i1) -> f32
      "scf.yield"(%a) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "func.return"(%r) : (f32) -> ()
  }) : () -> () loc(#loc)
}) : () -> ()
)";
  auto a = parseOk(kPretty);
  auto b = parseOk(generic);
  CHECK(printModule(*a) == printModule(*b));
  CHECK(opAt(*b, "k", 3).kind == OpKind::For);
  CHECK(opAt(*b, "k", 3).region(0).front().args[1]->name == "%acc");
}

TEST_CASE("attribute dictionaries after region ops, on functions and arguments", "[frontend]") {
  auto m = parseOk(R"(
// a comment
module attributes {llvm.data_layout = ""} {
  func.func @k(%m: memref<4xf32> {llvm.noalias}, %n: index) attributes {loom.accel} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %m[%c0] {nontemporal = false} : memref<4xf32>
      memref.store %v, %m[%c0] : memref<4xf32>
    } {loom.selected_dfg_root, tag = 3 : i32}
    %w = scf.while (%j = %c0) : (index) -> index {
      %lt = arith.cmpi slt, %j, %n : index
      scf.condition(%lt) %j : index
    } do {
    ^bb0(%j2: index):
      %nj = arith.addi %j2, %c1 : index
      scf.yield %nj : index
    } attributes {loom.note = "w"}
    func.return
  }
}
)");
  const Op& loop = opAt(*m, "k", 2);
  REQUIRE(loop.kind == OpKind::For);
  CHECK(loop.attrs.count("loom.selected_dfg_root"));
  CHECK(loop.attrs.at("tag").i == 3);
  const Op& w = opAt(*m, "k", 3);
  REQUIRE(w.kind == OpKind::While);
  CHECK(w.attrs.at("loom.note").s == "w");
}

TEST_CASE("scf.execute_region runs in place", "[frontend]") {
  auto m = parseOk(R"(
func.func @k(%a: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %x = arith.addi %a, %a : i32
    %y = scf.execute_region -> i32 {
      %z = arith.muli %x, %x : i32
      scf.yield %z : i32
    }
    scf.yield %y : i32
  }
  func.return %r : i32
}
)");
  const Block& b = m->lookup("k")->body.front();
  REQUIRE(b.ops.size() == 3);
  CHECK(b.ops[0]->kind == OpKind::AddI);
  CHECK(b.ops[1]->kind == OpKind::MulI);
  CHECK(b.ops[2]->kind == OpKind::FuncReturn);
  CHECK(b.ops[2]->operand(0) == b.ops[1]->result());
  CHECK(
      diagnose(
          "func.func @k() {\n  scf.execute_region {\n    cf.br ^bb1\n  ^bb1:\n    scf.yield\n  }\n"
          "  func.return\n}") ==
      "2:3: error: unsupported: 'scf.execute_region' with more than one block (unstructured "
      "control flow)");
}

TEST_CASE("cf branches in a function body: blocks, arguments, successors", "[frontend][cf]") {
  const char* src = R"(func.func @f(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^head(%c0 : i32)
^done(%r: i32):
  func.return %r : i32
^head(%i: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^body, ^done(%i : i32)
^body:
  %one = arith.constant 1 : i32
  %j = arith.addi %i, %one : i32
  cf.assert %lt, "in range"
  cf.br ^head(%j : i32)
}
)";
  auto m = parseOk(src);
  const Function& f = *m->lookup("f");
  REQUIRE(f.body.blocks.size() == 4);
  const Op& br = *f.body.blocks[0]->ops.back();
  CHECK(br.kind == OpKind::CfBr);
  CHECK(br.successors == std::vector<Block*>{f.body.blocks[2].get()});
  const Op& cbr = *f.body.blocks[2]->ops.back();
  CHECK(cbr.kind == OpKind::CfCondBr);
  CHECK(cbr.successors == std::vector<Block*>{f.body.blocks[3].get(), f.body.blocks[1].get()});
  CHECK(cbr.successorOperands == std::vector<unsigned>{0, 1});
  CHECK(cbr.operand(1) == f.body.blocks[2]->args[0].get());
  CHECK(f.body.blocks[3]->ops[2]->attrs.at("msg").s == "in range");
  // Printed with positional block names, it reads back to the same text.
  std::string once = printModule(*m);
  CHECK(once.find("cf.cond_br %lt, ^bb3, ^bb1(%i : i32)") != std::string::npos);
  CHECK(printModule(*parseOk(once)) == once);
}

TEST_CASE("multi-result values, while block arguments and iter_args", "[frontend]") {
  auto m = parseOk(R"(
func.func @g(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %acc : i32, i32
  } do {
  ^bb0(%i2: i32, %acc2: i32):
    %ni = arith.addi %i2, %c1 : i32
    %na = arith.addi %acc2, %i2 : i32
    scf.yield %ni, %na : i32, i32
  }
  func.return %r#0, %r#1 : i32, i32
}
)");
  const Op& w = opAt(*m, "g", 2);
  REQUIRE(w.kind == OpKind::While);
  CHECK(w.results.size() == 2);
  CHECK(w.result(1)->name == "%r#1");
  CHECK(w.region(1).front().args[1]->name == "%acc2");
  CHECK(opAt(*m, "g", 3).operand(1) == w.result(1));
}

TEST_CASE("affine-map aliases and strided layouts give strided memref types", "[frontend]") {
  auto m = parseOk(R"(
#map = affine_map<(d0, d1)[s0] -> (d0 * 8 + s0 + d1)>
#dyn = affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + s0 + d1 * s2)>
func.func @v(%a: memref<4x4xf32, #map>, %b: memref<?x?xf32, #dyn>,
        %c: memref<2x3xi32, affine_map<(d0, d1) -> (d0 * 3 + d1 + 5)>>,
        %d: memref<4xf32, strided<[2], offset: ?>>,
        %e: memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 4 + d1)>>) {
  func.return
}
)");
  const auto& t = m->functions[0]->argTypes;
  REQUIRE(t.size() == 5);
  CHECK_FALSE(t[0].mem->identity);
  CHECK(t[0].mem->strides == std::vector<int64_t>{8, 1});
  CHECK(t[0].mem->offset == kDynamic);
  CHECK(t[1].mem->strides == std::vector<int64_t>{kDynamic, kDynamic});
  CHECK(t[2].mem->strides == std::vector<int64_t>{3, 1});
  CHECK(t[2].mem->offset == 5);
  CHECK(t[3].mem->strides == std::vector<int64_t>{2});
  CHECK(t[3].mem->offset == kDynamic);
  CHECK(t[4] == makeMemRef(Type::f32(), {4, 4})); // an identity map is the identity layout
}

TEST_CASE("constants: integers of every width, hex, floats, booleans", "[frontend]") {
  auto m = parseOk(R"(
func.func @c() {
  %a = arith.constant -1 : i8
  %b = arith.constant 255 : i8
  %c = arith.constant 0x7FC00000 : f32
  %d = arith.constant -0.0 : f64
  %e = arith.constant 1.5e3 : f32
  %f = arith.constant false
  %g = arith.constant -9223372036854775808 : i64
  %h = arith.constant 7 : index
  func.return
}
)");
  const auto& ops = m->functions[0]->body.front().ops;
  CHECK(ops[0]->constBits == 0xFF);
  CHECK(ops[1]->constBits == 0xFF);
  CHECK(ops[2]->constBits == 0x7FC00000);
  CHECK(ops[3]->constBits == 0x8000000000000000ull);
  CHECK(ops[4]->constBits == 0x44BB8000); // 1500.0f
  CHECK(ops[5]->constBits == 0);
  CHECK(ops[6]->constBits == 0x8000000000000000ull);
  CHECK(ops[7]->constBits == 7);
}

TEST_CASE("op ids are dense and in source order, implicit terminators included", "[frontend]") {
  auto m = parseOk(R"(
func.func @f(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.addi %i, %i : index
  }
  scf.if %c {
    %y = arith.addi %n, %n : index
  }
  func.return
}
)");
  auto ops = m->opsById();
  REQUIRE(ops.size() == m->numOps);
  std::vector<OpKind> kinds;
  for (const Op* op : ops)
    kinds.push_back(op->kind);
  CHECK(kinds == std::vector<OpKind>{OpKind::ArithConstant, OpKind::ArithConstant, OpKind::For,
                                     OpKind::AddI, OpKind::Yield, OpKind::If, OpKind::AddI,
                                     OpKind::Yield, OpKind::Yield, OpKind::FuncReturn});
  // The omitted else of a result-less scf.if is a block with an implicit yield.
  CHECK(ops[5]->region(1).front().ops.size() == 1);
}

TEST_CASE("printing and re-parsing gives the same text, in the current spelling", "[frontend]") {
  const char* src = R"(
#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func private @printMemrefF32(memref<*xf32>)
func.func @k(%m: memref<8xf32>, %n: index, %b: memref<6xi32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = memref.subview %m[1] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 1>>
  %e = memref.expand_shape %b [[0, 1]] output_shape [2, 3] : memref<6xi32> into memref<2x3xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %s[%i] : memref<4xf32, strided<[1], offset: 1>>
    %q = arith.maximumf %v, %acc : f32
    scf.yield %q : f32
  }
  %u = memref.cast %m : memref<8xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  func.return %r : f32
}
)";
  auto m = parseOk(src);
  std::string once = printModule(*m);
  CHECK(once.find("func.func @k(") != std::string::npos);
  CHECK(once.find("output_shape [2, 3]") != std::string::npos);
  CHECK(once.find("arith.maximumf") != std::string::npos);
  auto again = parseOk(once);
  CHECK(printModule(*again) == once);
}

TEST_CASE("math ops: imported, verified, printed in MLIR's syntax and re-parsed",
          "[frontend][math]") {
  const char* src = R"(
func.func @k(%a: f32, %b: f64, %h: f16, %i: i32, %j: index, %n: i8) -> (f32, i1, index) {
  %0 = math.sqrt %a : f32
  %1 = math.fma %0, %a, %a : f32
  %2 = math.fpowi %1, %i : f32, i32
  %3 = math.atan2 %b, %b fastmath<nnan> : f64
  %4 = math.isnan %h : f16
  %5 = math.isfinite %3 : f64
  %6 = math.ctpop %j : index
  %7 = math.absi %n : i8
  %8 = math.roundeven %h : f16
  %9 = math.expm1 %a : f32
  func.return %2, %5, %6 : f32, i1, index
}
)";
  auto m = parseOk(src);
  std::string once = printModule(*m);
  CHECK(once.find("math.fpowi %1, %i : f32, i32") != std::string::npos);
  CHECK(once.find("math.isnan %h : f16") != std::string::npos);
  CHECK(once.find("math.fma %0, %a, %a : f32") != std::string::npos);
  CHECK(once.find("math.ctpop %j : index") != std::string::npos);
  CHECK(printModule(*parseOk(once)) == once);
  CHECK(opAt(*m, "k", 4).kind == OpKind::IsNaN);
  CHECK(opAt(*m, "k", 4).result()->type.isI1());
}

TEST_CASE("MLIR 14 spelling is read through the upgrade, with a note", "[frontend]") {
  const char* old14 = R"(func private @print_memref_i32(memref<*xi32>)
func @f(%a: i32, %b: i32, %c: i1) -> i32 {
  %s = select %c, %a, %b : i32
  return %s : i32
}
func @main() {
  %x = arith.constant 1 : i32
  %t = arith.constant true
  %r = call @f(%x, %x, %t) : (i32, i32, i1) -> i32
  return
}
)";
  const char* current = R"(func.func private @printMemrefI32(memref<*xi32>)
func.func @f(%a: i32, %b: i32, %c: i1) -> i32 {
  %s = arith.select %c, %a, %b : i32
  func.return %s : i32
}
func.func @main() {
  %x = arith.constant 1 : i32
  %t = arith.constant true
  %r = func.call @f(%x, %x, %t) : (i32, i32, i1) -> i32
  func.return
}
)";
  ParseResult r = parseModule(old14, "old.mlir");
  REQUIRE(r.module);
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].message.find("read in MLIR 14 spelling") == 0);
  CHECK(r.notes[0].message.find("`loom-sim upgrade old.mlir`") != std::string::npos);
  CHECK(printModule(*r.module) == printModule(*parseOk(current)));
  // Positions are those of the file as written: `%s = select` is at 3:8 there.
  CHECK(opAt(*r.module, "f", 0).loc.line == 3);
  CHECK(opAt(*r.module, "f", 0).loc.col == 8);
  CHECK(parseModule(current, "new.mlir").notes.empty());
  // An error in an old file is located in the old text, and the note says why the
  // message speaks of current ops.
  CHECK(diagnose("func @f(%a: i32) {\n  %s = select %zz, %a, %a : i32\n  return\n}") ==
        "2:15: error: use of undeclared SSA value name\n"
        "0:0: note: read in MLIR 14 spelling, upgraded (func @f -> func.func @f, select -> "
        "arith.select, return -> func.return); `loom-sim upgrade t.mlir` writes the current form");
}

TEST_CASE("locations: the source a producer recorded, beside the .mlir position",
          "[frontend][loc]") {
  auto m = parseOk(R"(#c12 = loc("kernel.c":12:3)
func.func @k(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32 loc(#c12)
  %y = arith.muli %x, %x : i32 loc("acc"("kernel.c":13:5))
  %z = arith.subi %y, %x : i32 loc(fused["kernel.c":14:1, "kernel.c":14:9])
  %w = arith.andi %z, %z : i32 loc(callsite("lib.h":3:7 at "kernel.c":15:2))
  %v = arith.ori %w, %w : i32 loc("only_a_name")
  %u = arith.xori %v, %v : i32
  func.return %u : i32 loc(unknown)
}
)");
  auto src = [&](size_t i) {
    const Loc& l = opAt(*m, "k", i).loc;
    return l.source ? *l.source : std::string("-");
  };
  CHECK(src(0) == "kernel.c:12:3");
  CHECK(src(1) == "kernel.c:13:5 'acc'");
  CHECK(src(2) == "kernel.c:14:1");
  CHECK(src(3) == "lib.h:3:7 called from kernel.c:15:2");
  CHECK(src(4) == "'only_a_name'");
  CHECK(src(5) == "-"); // the parser's own position: nothing recorded
  CHECK(src(6) == "-");
  const Loc& l = opAt(*m, "k", 0).loc;
  CHECK(l.line == 3);
  CHECK(l.col == 8);
  CHECK(l.where() == "kernel.c:12:3 (t.mlir:3:8)");
  CHECK(opAt(*m, "k", 5).loc.where() == "t.mlir:8:8");
}

TEST_CASE("MLIR's own diagnostics, located in the file as written", "[frontend][diag]") {
  CHECK(diagnose("func.func @f() {\n  func.return\n") ==
        "2:14: error: unexpected end of file: missing '}'\n1:16: note: this '{' is never closed");
  CHECK(diagnose("func.func @f() {\n  %x = arith.constant 1 : i32\n  %x = arith.constant 2 : i32\n"
                 "  func.return\n}") ==
        "3:3: error: redefinition of SSA value '%x'\n2:3: note: previously defined here");
  CHECK(diagnose("func.func @f(%a: i64) {\n  %x = arith.addi %a, %a : i32\n  func.return\n}") ==
        "2:19: error: use of value '%a' expects different type than prior uses: 'i32' vs 'i64'\n"
        "1:14: note: prior use here");
  CHECK(diagnose("func.func @f() {\n  %x = arith.constant 300 : i8\n  func.return\n}") ==
        "2:23: error: integer constant out of range for attribute");
  CHECK(diagnose("func.func @f() -> i32 {\n  func.return %nope : i32\n}") ==
        "2:15: error: use of undeclared SSA value name");
  // A verifier error at an op with a recorded source: the source, then the .mlir line.
  CHECK(diagnose("func.func @f(%a: i32) {\n  %y = arith.extsi %a : i32 to i8 loc(\"k.c\":8:1)\n"
                 "  func.return\n}") ==
        "k.c:8:1 (2:8): error: 'arith.extsi' op operand type 'i32' and result type 'i8' are cast "
        "incompatible\nk.c:8:1 (2:8): note: see current operation: %0 = \"arith.extsi\"(%arg0) : "
        "(i32) -> i8");
}

TEST_CASE("valid MLIR that loom-sim does not simulate: a located 'unsupported'",
          "[frontend][diag]") {
  CHECK(
      diagnose("func.func @f(%a: f32) -> f32 {\n  %x = math.erf %a : f32 loc(\"k.c\":9:2)\n"
               "  func.return %x : f32\n}") ==
      "k.c:9:2 (2:8): error: unsupported operation 'math.erf' (its result depends on a "
      "polynomial expansion loom-sim does not reproduce; convert-math-to-llvm does not lower it)");
  // Each math op loom-sim does not simulate says why (frontend/import.cpp).
  auto math = [](const std::string& op, const std::string& type = "f32") {
    return diagnose("func.func @f(%a: " + type + ") {\n  %x = " + op + " : " + type +
                    "\n  func.return\n}");
  };
  const std::string notLowered =
      "convert-math-to-llvm does not lower it, so the oracle cannot run it";
  CHECK(
      math("math.acosh %a") ==
      "2:8: error: unsupported operation 'math.acosh' (its result depends on a log/sqrt expansion "
      "loom-sim does not reproduce; convert-math-to-llvm does not lower it)");
  CHECK(math("math.cbrt %a", "f64") ==
        "2:8: error: unsupported operation 'math.cbrt' (its result depends on a polynomial "
        "expansion loom-sim does not reproduce; convert-math-to-llvm does not lower it)");
  CHECK(math("math.isinf %a") == "2:8: error: unsupported operation 'math.isinf' (" + notLowered +
                                     "; math.isnan and math.isfinite are supported)");
  CHECK(math("math.ipowi %a, %a", "i32") == "2:8: error: unsupported operation 'math.ipowi' (" +
                                                notLowered + "; math.fpowi is supported)");
  CHECK(math("math.clampf %a to [%a, %a]") ==
        "2:8: error: unsupported operation 'math.clampf' (" + notLowered +
            "; write it with arith.minimumf and arith.maximumf)");
  CHECK(diagnose("func.func @f(%a: f32) {\n  %s, %c = math.sincos %a : f32\n  func.return\n}") ==
        "2:12: error: unsupported operation 'math.sincos' (it has two results and a compute unit "
        "has one; use math.sin and math.cos)");
  // Supported ops in a form the oracle cannot run, or whose constant operands MLIR folds
  // to another value than the lowered code computes (the verifier).
  auto body = [](const std::string& ops) {
    return diagnose("func.func @f(%a: f32, %e: i64) {\n" + ops + "  func.return\n}");
  };
  CHECK(body("  %x = math.fpowi %a, %e : f32, i64\n") ==
        "2:8: error: 'math.fpowi' with an exponent of type i64 is not supported: LLVM lowers it "
        "only with an i32 exponent on x86-64 (mlir-runner fails with 'POWI exponent does not "
        "match sizeof(int)')");
  const std::string what = " (loom-sim computes what the lowered code computes)";
  CHECK(body("  %c = arith.constant 1.0e-3 : f32\n  %x = math.expm1 %c : f32\n") ==
        "3:8: error: 'math.expm1' of constant operands is not supported: MLIR folds it with "
        "libm's expm1, while the lowered code computes exp(x) - 1" +
            what);
  // Through a chain of foldable arithmetic, and only for the operands the folder gets wrong.
  CHECK(body("  %c = arith.constant 2.0 : f64\n  %d = arith.mulf %c, %c : f64\n"
             "  %x = math.log1p %d : f64\n") ==
        "4:8: error: 'math.log1p' of constant operands is not supported: MLIR folds it with "
        "libm's log1p, while the lowered code computes log(1 + x)" +
            what);
  CHECK(body("  %z = arith.constant 0.0 : f32\n  %i = arith.constant 0x7F800000 : f32\n"
             "  %x = math.fma %z, %i, %z : f32\n") ==
        "4:8: error: 'math.fma' of constant operands is not supported: MLIR folds an invalid "
        "operation to a positive NaN, while the lowered code gives x86's NaN" +
            what);
  CHECK(body("  %z = arith.constant -0.0 : f32\n  %x = math.atan2 %z, %z : f32\n") ==
        "3:8: error: 'math.atan2' of constant operands is not supported: MLIR folds atan2 of two "
        "zeros to NaN, while the lowered code gives a signed 0 or pi" +
            what);
  CHECK(body("  %c = arith.constant 2.0 : f32\n  %x = math.fma %c, %c, %c : f32\n"
             "  %y = math.atan2 %c, %c : f32\n  %z = math.expm1 %a : f32\n") == "");
  CHECK(diagnose("func.func @f(%a: vector<4xf32>) {\n  func.return\n}") ==
        "1:1: error: unsupported type vector<4xf32> in 'func.func'");
  CHECK(diagnose("func.func @f(%a: i32) {\n  vector.print %a : i32 punctuation <comma>\n  "
                 "func.return\n}") ==
        "2:3: error: unsupported operation 'vector.print' with punctuation other than the default "
        "newline");
  CHECK(diagnose("func.func @f(%n: index) {\n  %c0 = arith.constant 0 : index\n  scf.for unsigned "
                 "%i = %c0 "
                 "to %n step %n {\n  }\n  func.return\n}") ==
        "3:3: error: unsupported operation 'scf.for' with unsigned comparison ('unsignedCmp')");
  CHECK(diagnose("llvm.mlir.global internal constant @g(42 : i32) : i32\n") ==
        "1:1: error: unsupported operation 'llvm.mlir.global' at the top level (func.func, "
        "memref.global and module are; in a program LOOM compiled also handshake.func and LLVM "
        "declarations)");
  CHECK(diagnose("func.func @f() {\n  %p = llvm.mlir.zero : !llvm.ptr\n  func.return\n}") ==
        "2:8: error: unsupported operation 'llvm.mlir.zero'");
}

TEST_CASE("fast-math flags: permissions are computed exactly, approximations refused",
          "[frontend]") {
  CHECK(diagnose("func.func @f(%a: f32) -> f32 {\n  %x = arith.addf %a, %a "
                 "fastmath<nnan,ninf,nsz,contract,reassoc> "
                 ": f32\n  func.return %x : f32\n}") == "");
  CHECK(diagnose("func.func @f(%a: f32) -> f32 {\n  %x = math.sqrt %a fastmath<arcp> : f32\n  "
                 "func.return %x : "
                 "f32\n}") == "2:8: error: unsupported operation 'math.sqrt' with fast-math flags "
                              "arcp (arcp and afn let LLVM approximate: "
                              "there is no single result to check against)");
  CHECK(diagnose("func.func @f(%a: f32) -> f32 {\n  %x = arith.divf %a, %a fastmath<fast> : f32\n  "
                 "func.return %x "
                 ": f32\n}") == "2:8: error: unsupported operation 'arith.divf' with fast-math "
                                "flags fast (arcp and afn let LLVM "
                                "approximate: there is no single result to check against)");
}

TEST_CASE("deep nesting: a located error beyond the limit, never a crash", "[frontend][deep]") {
  auto nestedIfs = [](unsigned depth) {
    std::string s = "func.func @f(%c: i1) {\n";
    for (unsigned i = 0; i < depth; ++i)
      s += "scf.if %c {\n";
    for (unsigned i = 0; i < depth; ++i)
      s += "}\n";
    return s + "func.return\n}\n";
  };
  // 20,000 nested scf.if kill mlir-opt itself (stack overflow); here: refused before
  // MLIR's parser sees them, at the first bracket past the limit.
  CHECK(diagnose(nestedIfs(20000)) ==
        std::to_string(kMaxBracketDepth + 1) + ":11: error: nesting deeper than " +
            std::to_string(kMaxBracketDepth) + " levels is not supported");
  // Just under the limit: parsed, verified and imported.
  auto m = parseOk(nestedIfs(kMaxNestingDepth - 2));
  CHECK(m->numOps == 3 * (kMaxNestingDepth - 2) + 1); // if, then-yield, else-yield; return
  // At the limit too; one more region is refused at the op that opens it.
  CHECK(parseOk(nestedIfs(kMaxNestingDepth))->numOps == 3 * kMaxNestingDepth + 1);
  CHECK(diagnose(nestedIfs(kMaxNestingDepth + 1)) ==
        std::to_string(kMaxNestingDepth + 2) + ":1: error: 'scf.if' nested " +
            std::to_string(kMaxNestingDepth + 1) + " regions deep; more than " +
            std::to_string(kMaxNestingDepth) + " is not supported");
  // Nested types recurse in MLIR's parser as regions do: their '<' count.
  std::string tuple = "tuple<";
  for (unsigned i = 0; i < 20000; ++i)
    tuple += "tuple<";
  CHECK(diagnose("func.func private @f(%a: " + tuple + ")") ==
        "1:" + std::to_string(25 + 6 * kMaxBracketDepth) + ": error: nesting deeper than " +
            std::to_string(kMaxBracketDepth) + " levels is not supported");
}

TEST_CASE("wide shapes: a located error beyond 1,024 dimensions", "[frontend][deep]") {
  auto withRank = [](unsigned rank) {
    std::string t = "memref<";
    for (unsigned i = 0; i < rank; ++i)
      t += "1x";
    return "func.func private @f(%a: " + t + "i32>)\n";
  };
  CHECK(parseOk(withRank(1024))->functions.size() == 1);
  // The 1,025th 'x' (MLIR's lexer reads the rest of a shape once per dimension).
  CHECK(diagnose(withRank(100000)) ==
        "1:" + std::to_string(32 + 2 * 1025) +
            ": error: a shape of more than 1024 dimensions is not supported");
}

TEST_CASE("locations: aliases sharing sub-locations are each looked at once", "[frontend][deep]") {
  // As a tree this location has 2^60 leaves, none of them a file position; the first
  // name in it, depth first, is the innermost one.
  std::string s = "#l0 = loc(unknown)\n";
  for (int k = 0; k < 60; ++k)
    s += "#l" + std::to_string(k + 1) + " = loc(fused[#l" + std::to_string(k) + ", \"n" +
         std::to_string(k) + "\"(#l" + std::to_string(k) + ")])\n";
  s += "func.func @f() {\n  %c = arith.constant 1 : i32 loc(#l60)\n  func.return\n}\n";
  auto m = parseOk(s);
  CHECK(m->functions[0]->body.front().ops[0]->loc.where() == "'n0' (t.mlir:63:8)");
}
