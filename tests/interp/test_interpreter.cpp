// Reference interpreter: results, printed output, views, the per-call execution record
// (region counts, access order, trip counts) and the located runtime errors.

#include "frontend/parse.h"
#include "interp/interpreter.h"
#include "tests/parse_verified.h"
#include "verify/verifier.h"

#include <catch2/catch.hpp>
#include <sstream>

using namespace loom;

namespace {

struct Program {
  std::unique_ptr<Module> mod;
  std::ostringstream out;
  std::unique_ptr<Interpreter> interp;

  explicit Program(const std::string& text) {
    mod = loom_test::parseVerified(text);
    interp = std::make_unique<Interpreter>(*mod, out);
  }
  CallResult call(const std::string& fn, std::vector<RtValue> args = {},
                  ExecutionRecord* rec = nullptr) {
    return interp->call(*mod->lookup(fn), std::move(args), rec);
  }
  const Op& opAt(uint32_t line) const {
    for (Op* op : mod->opsById())
      if (op->loc.line == line) return *op;
    FAIL("no op on line " << line);
    return *mod->opsById()[0];
  }
  std::string run(const std::string& fn = "main") {
    CallResult r = call(fn);
    INFO((r.error ? r.error->str() : ""));
    REQUIRE(!r.error);
    return out.str();
  }
  std::string runError(const std::string& fn = "main") {
    CallResult r = call(fn);
    REQUIRE(r.error);
    return std::to_string(r.error->loc.line) + ":" + std::to_string(r.error->loc.col) + ": " +
           r.error->message;
  }
};

RtValue scalar(Bits b) {
  return RtValue{b, nullptr};
}

} // namespace

TEST_CASE("scalar function with a for loop and iter_args", "[interp]") {
  Program p(R"(
func.func @sum(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = arith.index_cast %i : index to i32
    %a = arith.addi %acc, %v : i32
    scf.yield %a : i32
  }
  func.return %r : i32
}
)");
  CallResult r = p.call("sum", {scalar(10)});
  REQUIRE(!r.error);
  CHECK(r.results[0].bits == 45); // 0+1+...+9
  r = p.call("sum", {scalar(0)});
  CHECK(r.results[0].bits == 0); // zero trips: the init value
}

TEST_CASE("execution record: loop activations, iterations, trips, if counts", "[interp][record]") {
  Program p(R"(
func.func @k(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %i step %c1 {
      %r = arith.remui %j, %c2 : index
      %even = arith.cmpi eq, %r, %c0 : index
      scf.if %even {
        %x = arith.addi %j, %j : index
      }
    }
  }
  func.return
}
)");
  ExecutionRecord rec;
  rec.traceTrips = true;
  CallResult r = p.call("k", {scalar(4)}, &rec);
  REQUIRE(!r.error);
  const Op& outer = p.opAt(6);
  const Op& inner = p.opAt(7);
  const Op& ifOp = p.opAt(10);
  // Outer: one activation of 4 trips. Inner: i = 0,1,2,3 gives trips 0,1,2,3.
  CHECK(rec.activations[outer.id] == 1);
  CHECK(rec.iterations[outer.id] == 4);
  CHECK(rec.activations[inner.id] == 4);
  CHECK(rec.nonEmpty[inner.id] == 3); // i = 0 gives an empty activation
  CHECK(rec.iterations[inner.id] == 6);
  CHECK(rec.trips[inner.id] == std::vector<uint64_t>{0, 1, 2, 3});
  // j runs over 0 | 0,1 | 0,1,2: six executions of the if, even j four times.
  CHECK(rec.activations[ifOp.id] == 6);
  CHECK(rec.iterations[ifOp.id] == 4);
  CHECK(rec.elseCount[ifOp.id] == 2);
  CHECK(rec.executions[p.opAt(11).id] == 4);
}

TEST_CASE("execution record: while trips and memory access order", "[interp][record]") {
  Program p(R"(
func.func @find(%m: memref<6xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> (index) {
    %v = memref.load %m[%i] : memref<6xi32>
    %ne = arith.cmpi ne, %v, %key : i32
    scf.condition(%ne) %i : index
  } do {
  ^bb0(%i2: index):
    %n = arith.addi %i2, %c1 : index
    scf.yield %n : index
  }
  memref.store %key, %m[%r] : memref<6xi32>
  func.return %r : index
}
)");
  auto buf = p.interp->allocate(makeMemRef(Type::integer(32), {6}), {6});
  for (int i = 0; i < 6; ++i)
    buf->buf->data[i] = 10 + i;
  ExecutionRecord rec;
  rec.traceAccesses = true;
  rec.traceTrips = true;
  CallResult r = p.call("find", {RtValue{0, buf}, scalar(13)}, &rec);
  REQUIRE(!r.error);
  CHECK(r.results[0].bits == 3);
  const Op& w = p.opAt(5);
  const Op& load = p.opAt(6);
  const Op& store = p.opAt(14);
  CHECK(rec.activations[w.id] == 1);
  CHECK(rec.iterations[w.id] == 3); // the after region ran for i = 0, 1, 2
  CHECK(rec.trips[w.id] == std::vector<uint64_t>{3});
  CHECK(rec.executions[load.id] == 4); // the before region ran N + 1 times
  REQUIRE(rec.accesses.size() == 5);
  for (int i = 0; i < 4; ++i) {
    CHECK(rec.accesses[i].op == load.id);
    CHECK(rec.accesses[i].element == i);
    CHECK_FALSE(rec.accesses[i].isStore);
  }
  CHECK(rec.accesses[4].op == store.id);
  CHECK(rec.accesses[4].isStore);
  CHECK(rec.accesses[4].element == 3);
  CHECK(rec.accesses[4].buffer == buf->buf->id);
}

TEST_CASE("views: subview, collapse, expand and reinterpret_cast address one buffer",
          "[interp][views]") {
  Program p(R"(
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c12 = arith.constant 12 : index
  %a = memref.alloc() : memref<12xi32>
  scf.for %i = %c0 to %c12 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<12xi32>
  }
  %m = memref.expand_shape %a [[0, 1]] output_shape [3, 4] : memref<12xi32> into memref<3x4xi32>
  %s = memref.subview %m[1, 1] [2, 2] [1, 2] : memref<3x4xi32> to memref<2x2xi32, affine_map<(d0, d1) -> (d0 * 4 + d1 * 2 + 5)>>
  %x = memref.load %s[%c1, %c1] : memref<2x2xi32, affine_map<(d0, d1) -> (d0 * 4 + d1 * 2 + 5)>>
  vector.print %x : i32
  %t = memref.reinterpret_cast %a to offset: [1], sizes: [4, 3], strides: [1, 4] : memref<12xi32> to memref<4x3xi32, affine_map<(d0, d1) -> (d0 + d1 * 4 + 1)>>
  %y = memref.load %t[%c2, %c1] : memref<4x3xi32, affine_map<(d0, d1) -> (d0 + d1 * 4 + 1)>>
  vector.print %y : i32
  %row = memref.subview %m[2, 0] [1, 4] [1, 1] : memref<3x4xi32> to memref<4xi32, affine_map<(d0) -> (d0 + 8)>>
  %z = memref.load %row[%c2] : memref<4xi32, affine_map<(d0) -> (d0 + 8)>>
  vector.print %z : i32
  %f = memref.collapse_shape %m [[0, 1]] : memref<3x4xi32> into memref<12xi32>
  %w = memref.load %f[%c12] : memref<12xi32>
  func.return
}
)");
  // s[1][1] = m[1+1][1+2] = 2*4+3 = 11; t[2][1] = a[1 + 2 + 4] = 7; row[2] = a[8 + 2] = 10;
  // f[12] is one past the end.
  CHECK(p.runError() == "23:8: out-of-bounds access: index 12 in dimension 0 of size 12 of '%f'");
  CHECK(p.out.str() == "11\n7\n10\n");
}

TEST_CASE("integer wrap-around at narrow widths and vector.print formats", "[interp]") {
  Program p(R"(
func.func @main() {
  %a = arith.constant 100 : i8
  %b = arith.addi %a, %a : i8
  vector.print %b : i8
  %t = arith.constant true
  vector.print %t : i1
  %m = arith.constant -5 : index
  vector.print %m : index
  %f = arith.constant 0.1 : f32
  %g = arith.addf %f, %f : f32
  vector.print %g : f32
  func.return
}
)");
  // 200 wraps to -56 in i8; index prints unsigned (as mlir-runner does).
  CHECK(p.run() == "-56\n1\n18446744073709551611\n0.2\n");
}

TEST_CASE("dynamic allocation, memref.dim and calls", "[interp]") {
  Program p(R"(
func.func @fill(%m: memref<?xi64>, %v: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%i] : memref<?xi64>
  }
  func.return
}
func.func @main() {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloc(%c3) : memref<?xi64>
  %v = arith.constant 8589934592 : i64
  func.call @fill(%m, %v) : (memref<?xi64>, i64) -> ()
  %x = memref.load %m[%c2] : memref<?xi64>
  vector.print %x : i64
  memref.dealloc %m : memref<?xi64>
  func.return
}
)");
  CHECK(p.run() == "8589934592\n");
}

TEST_CASE("the call hook replaces a call (accelerated calls)", "[interp]") {
  Program p(R"(
func.func @twice(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  func.return %y : i32
}
func.func @main() {
  %a = arith.constant 21 : i32
  %b = func.call @twice(%a) : (i32) -> i32
  vector.print %b : i32
  func.return
}
)");
  int calls = 0;
  p.interp->setCallHook([&](const Op&, const Function& f, std::vector<RtValue>& args,
                            std::optional<Diag>&) -> std::optional<std::vector<RtValue>> {
    ++calls;
    CHECK(f.name == "twice");
    CHECK(args[0].bits == 21);
    return std::vector<RtValue>{scalar(1000)};
  });
  CHECK(p.run() == "1000\n");
  CHECK(calls == 1);
}

TEST_CASE("runtime errors name the op's location", "[interp][errors]") {
  SECTION("out-of-bounds store") {
    Program p(
        "func.func @main() {\n  %c4 = arith.constant 4 : index\n  %v = arith.constant 1 : i32\n"
        "  %a = memref.alloc() : memref<4xi32>\n  memref.store %v, %a[%c4] : memref<4xi32>\n"
        "  func.return\n}\n");
    CHECK(p.runError() == "5:3: out-of-bounds access: index 4 in dimension 0 of size 4 of '%a'");
  }
  SECTION("division by zero") {
    Program p("func.func @main() {\n  %a = arith.constant 7 : i32\n  %z = arith.constant 0 : i32\n"
              "  %q = arith.divsi %a, %z : i32\n  func.return\n}\n");
    std::string e = p.runError();
    CHECK(e.rfind("4:8: arith.divsi: ", 0) == 0);
    CHECK(e.find("division by zero") != std::string::npos);
  }
  SECTION("poison a select discards is no error") {
    Program p("func.func @main() -> i32 {\n  %x = arith.constant 40 : i32\n"
              "  %s = arith.constant 32 : i32\n  %t = arith.constant false\n"
              "  %lo = arith.shrui %x, %s : i32\n  %r = arith.select %t, %lo, %x : i32\n"
              "  func.return %r : i32\n}\n");
    CallResult r = p.call("main");
    REQUIRE_FALSE(r.error);
    CHECK(r.results[0].bits == 40);
    CHECK(r.results[0].poison == nullptr);
  }
  SECTION("a branch on poison (docs/design.md \"Poison\")") {
    Program p("func.func @main() {\n  %p = ub.poison : i1\n  scf.if %p {\n  }\n  func.return\n}\n");
    CHECK(p.runError().rfind("3:3: 'scf.if' uses %p, a poison value: made by 'ub.poison' at ", 0) ==
          0);
  }
  SECTION("non-positive step") {
    Program p(
        "func.func @main() {\n  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n"
        "  scf.for %i = %c0 to %c4 step %c0 {\n  }\n  func.return\n}\n");
    CHECK(p.runError() == "4:3: scf.for step must be positive, got 0");
  }
  SECTION("runaway while loop hits the step limit") {
    Program p("func.func @main() {\n  %t = arith.constant true\n  scf.while : () -> () {\n"
              "    scf.condition(%t)\n  } do {\n    scf.yield\n  }\n  func.return\n}\n");
    p.interp->setStepLimit(10000);
    std::string e = p.runError();
    CHECK(e.find("runaway execution: more than 10000 operations executed") != std::string::npos);
  }
  SECTION("use after dealloc") {
    Program p("func.func @main() {\n  %c0 = arith.constant 0 : index\n  %a = memref.alloc() : "
              "memref<4xi32>\n"
              "  memref.dealloc %a : memref<4xi32>\n  %x = memref.load %a[%c0] : memref<4xi32>\n"
              "  func.return\n}\n");
    CHECK(p.runError() == "5:8: use of memref after 'memref.dealloc' (allocated at t.mlir:3:8)");
  }
  SECTION("unbounded recursion") {
    Program p("func.func @main() {\n  func.call @main() : () -> ()\n  func.return\n}\n");
    CHECK(p.runError() ==
          "2:3: call depth exceeds " + std::to_string(kMaxCallDepth) + " (unbounded recursion?)");
  }
}
