// The lowering's structure, construct by construct: which stream drives which op (the
// wiring rules of spec-dataflow-compilation), op counts, the memory interface's port
// packing, memory groups through views, RAR sharing, and the static verifier rejecting
// each injected bug it can see. Plus, for every shipped kernel, the printed DFG reads
// back to the same graphs and text, and so does what mlir-opt (MLIR 22) re-prints of it.

#include "analysis/static_rules.h"
#include "dfg/rewire.h"
#include "dfg/text/dfg_text.h"
#include "frontend/parse.h"
#include "lowering/lower.h"
#include "tests/dfg/text/dfg_samples.h"
#include "tests/parse_verified.h"
#include "verify/verifier.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace loom;
using dfg::NodeKind;
using dfg::Role;
using dfg::Vertex;

namespace {

struct Lowered {
  std::unique_ptr<Module> mod;
  dfg::Graph g;
  std::optional<Diag> err;
};

Lowered lower(const std::string& text, const std::string& fn, std::vector<Injection> inject = {},
              bool verify = true) {
  Lowered l;
  l.mod = loom_test::parseVerified(text);
  LowerOptions o;
  o.inject.insert(inject.begin(), inject.end());
  o.verify = verify;
  l.err = lowerFunction(*l.mod, *l.mod->lookup(fn), o, l.g);
  return l;
}

std::vector<Vertex> nodes(const dfg::Graph& g, NodeKind k) {
  std::vector<Vertex> v;
  for (Vertex i = 0; i < g.numNodes(); ++i)
    if (g.node(i).kind == k) v.push_back(i);
  return v;
}

Vertex named(const dfg::Graph& g, const std::string& name) {
  for (Vertex i = 0; i < g.numNodes(); ++i)
    if (g.node(i).name == name) return i;
  FAIL("no node " << name);
  return 0;
}

// The producer of input `port` of `v`, looking through forks (fan-out is not wiring).
dfg::PortRef source(const dfg::Graph& g, Vertex v, unsigned port) {
  dfg::EdgeId e;
  REQUIRE(g.inEdge(v, port, e));
  Vertex s = g.src(e);
  if (g.node(s).kind == NodeKind::Fork) return source(g, s, 0);
  return {s, g.edge(e).srcPort};
}

Role roleIn(const dfg::Graph& g, Vertex v, unsigned port) {
  dfg::EdgeId e;
  REQUIRE(g.inEdge(v, port, e));
  return g.edge(e).role;
}

const char* kLoop = R"(
func.func @k(%a: memref<?xi32>, %n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %w = arith.addi %v, %x : i32
    %t = arith.addi %acc, %w : i32
    scf.yield %t : i32
  }
  func.return %s : i32
}
)";

// Euclid's gcd as an scf.while whose body needs control of its own (a constant).
const char* kGcd = R"(
func.func @w(%a: i32, %b: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %nz = arith.cmpi ne, %y, %zero : i32
    scf.condition(%nz) %x, %y : i32, i32
  } do {
  ^bb0(%x2: i32, %y2: i32):
    %m = arith.remui %x2, %y2 : i32
    %one = arith.constant 1 : i32
    %m1 = arith.addi %m, %one : i32
    %m2 = arith.subi %m1, %one : i32
    scf.yield %y2, %m2 : i32, i32
  }
  func.return %r#0 : i32
}
)";

} // namespace

TEST_CASE("scf.for: stream + gate, invariants on after_cond, iter_arg carry on raw, guard",
          "[lower][for]") {
  Lowered l = lower(kLoop, "k");
  INFO((l.err ? l.err->str() : ""));
  REQUIRE(!l.err);
  const dfg::Graph& g = l.g;
  REQUIRE(nodes(g, NodeKind::Stream).size() == 1);
  REQUIRE(nodes(g, NodeKind::Gate).size() == 1);
  Vertex stream = nodes(g, NodeKind::Stream)[0];
  Vertex gate = nodes(g, NodeKind::Gate)[0];
  CHECK(g.node(stream).stepOp == dfg::StepOp::Add);
  CHECK(g.node(stream).contCond == dfg::ContCond::Lt);
  // gate(raw_index, raw_will_continue)
  CHECK(source(g, gate, 0) == dfg::PortRef{stream, 0});
  CHECK(source(g, gate, 1) == dfg::PortRef{stream, 1});
  // The iter_arg carry and its split are driven by raw_will_continue; the split's true
  // side enters the body, its false side is the loop result.
  Vertex carry = named(g, "k/for0.guard/for0.carry.acc");
  CHECK(source(g, carry, 0) == dfg::PortRef{stream, 1});
  CHECK(roleIn(g, carry, 0) == Role::RawWillContinue);
  Vertex split = named(g, "k/for0.guard/for0.split.acc");
  CHECK(source(g, split, 0) == dfg::PortRef{stream, 1});
  CHECK(source(g, split, 1) == dfg::PortRef{carry, 0});
  // Body-local invariants (x, the body control) on after_cond.
  Vertex invX = named(g, "k/for0.guard/for0/inv.x");
  CHECK(g.node(invX).kind == NodeKind::Invariant);
  CHECK(source(g, invX, 0) == dfg::PortRef{gate, 1});
  CHECK(roleIn(g, invX, 0) == Role::AfterCond);
  // The loop's memory control: carry(after_cond, entry, feedback), split by after_cond.
  Vertex memCarry = named(g, "k/for0.guard/mem.carry");
  CHECK(source(g, memCarry, 0) == dfg::PortRef{gate, 1});
  Vertex memSplit = named(g, "k/for0.guard/mem.split");
  CHECK(source(g, memSplit, 0) == dfg::PortRef{gate, 1});
  CHECK(source(g, memCarry, 2) == dfg::PortRef{memSplit, 0});
  // Zero-trip guard: cmpi slt(lb, ub) splits the stream's inputs and merges the result.
  Vertex guard = named(g, "k/for0.guard");
  CHECK(g.node(guard).arith == OpKind::CmpI);
  CHECK(g.node(guard).arithAttrs.cmpi == CmpIPred::slt);
  dfg::PortRef start = source(g, stream, 0);
  CHECK(g.node(start.node).kind == NodeKind::CondBr);
  CHECK(start.port == 0);
  CHECK(source(g, start.node, 0) == dfg::PortRef{guard, 0});
  Vertex mux = named(g, "k/for0.mux0");
  CHECK(source(g, mux, 0) == dfg::PortRef{guard, 0});
  CHECK(source(g, mux, 2) == dfg::PortRef{split, 1});
  // The return gets the merged result and the group's done token.
  CHECK(source(g, g.ret, 0) == dfg::PortRef{mux, 0});
  CHECK(g.node(source(g, g.ret, 1).node).kind == NodeKind::Mux);
  // One invariant per outside value used in the body (x; and the body control).
  CHECK(nodes(g, NodeKind::Invariant).size() == 1);
  CHECK(nodes(g, NodeKind::Carry).size() == 2); // acc and the memory control
}

TEST_CASE("scf.for with constant bounds needs no zero-trip guard", "[lower][for]") {
  Lowered l = lower(R"(
func.func @k(%a: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %seven = arith.constant 7 : i32
    memref.store %seven, %a[%i] : memref<8xi32>
  }
  func.return
}
)",
                    "k");
  REQUIRE(!l.err);
  const dfg::Graph& g = l.g;
  CHECK(nodes(g, NodeKind::Mux).empty());
  for (Vertex v : nodes(g, NodeKind::Compute))
    CHECK(g.node(v).arith != OpKind::CmpI);
  Vertex stream = nodes(g, NodeKind::Stream)[0];
  CHECK(g.node(source(g, stream, 0).node).kind == NodeKind::Constant);
  // The body constant fires on the body control: invariant(after_cond, function ctrl).
  Vertex seven = named(g, "k/for0/c.seven");
  Vertex inv = source(g, seven, 0).node;
  CHECK(g.node(inv).kind == NodeKind::Invariant);
  CHECK(g.node(inv).outRoles[0] == Role::BodyCtrl);
  CHECK(source(g, inv, 0) == dfg::PortRef{nodes(g, NodeKind::Gate)[0], 1});
  CHECK(source(g, inv, 1).node == g.entry);
}

TEST_CASE("scf.while: guarded do-while driven by the before region's condition", "[lower][while]") {
  Lowered l = lower(kGcd, "w");
  INFO((l.err ? l.err->str() : ""));
  REQUIRE(!l.err);
  const dfg::Graph& g = l.g;
  // The condition is computed twice: once before the loop (the guard), once per body.
  std::vector<Vertex> conds;
  for (Vertex v : nodes(g, NodeKind::Compute))
    if (g.node(v).arith == OpKind::CmpI) conds.push_back(v);
  REQUIRE(conds.size() == 2);
  Vertex first = named(g, "w/cmpi.nz");
  Vertex raw = named(g, "w/while0.guard/while0/cmpi.nz");
  CHECK(g.node(raw).outRoles[0] == Role::RawWillContinue);
  // Two carries (x, y) on the loop's condition; their split: true -> feedback, false
  // -> the loop results.
  auto carries = nodes(g, NodeKind::Carry);
  REQUIRE(carries.size() == 2);
  for (Vertex c : carries) {
    CHECK(source(g, c, 0) == dfg::PortRef{raw, 0});
    Vertex split = source(g, c, 2).node;
    CHECK(g.node(split).kind == NodeKind::CondBr);
    CHECK(source(g, split, 0) == dfg::PortRef{raw, 0});
    CHECK(source(g, c, 2).port == 0);
  }
  // No gate: the rotated condition already has one token per body execution.
  CHECK(nodes(g, NodeKind::Gate).empty());
  // The result: mux(first condition, skip value, loop exit).
  Vertex mux = source(g, g.ret, 0).node;
  CHECK(g.node(mux).kind == NodeKind::Mux);
  CHECK(source(g, mux, 0) == dfg::PortRef{first, 0});
  CHECK(source(g, mux, 2).port == 1); // a split's false side
}

TEST_CASE("the spec's literal scf.while seeds its after region's control N + 1 times: L203, "
          "repaired with the before region's seed",
          "[lower][while][verify]") {
  // loom-sim's own lowering (a guarded do-while) breaks no rule.
  Lowered own = lower(kGcd, "w", {}, false);
  REQUIRE(!own.err);
  CHECK(checkGraph(own.g).empty());
  // The spec's lower_while: before_state.control = invariant(raw, call control) makes
  // N + 1 tokens per activation (the before region runs N + 1 times), and
  // after_state.control = invariant(after_cond, before_state.control) takes one of them
  // per activation: its seed comes N + 1 times where the carries' come once.
  Lowered l = lower(kGcd, "w", {Injection::NoZeroTripGuard}, false);
  REQUIRE(!l.err);
  dfg::Graph g = l.g;
  Vertex after = named(g, "w/while0.after/inv.ctrl");
  Vertex before = named(g, "w/while0.before/inv.ctrl");
  CHECK(source(g, after, 1) == dfg::PortRef{before, 0});
  std::vector<GraphFinding> fs = checkGraph(g);
  REQUIRE(fs.size() == 1);
  CHECK(fs[0].rule == dfg::RuleId::InitialValue);
  CHECK(fs[0].diag.message.find("'w/while0.after/inv.ctrl' input 'a' (port 1)") !=
        std::string::npos);
  CHECK(fs[0].rewire.kind == dfg::Rewire::Kind::ShareInput);
  CHECK(fs[0].rewire.consumer == after);
  CHECK(fs[0].rewire.via == before);
  // The repair: the after region's control takes the seed the before region's takes (the
  // call's control, once per activation), and the rule holds.
  std::string done;
  REQUIRE(!dfg::applyRewire(g, fs[0].rewire, done));
  CHECK(source(g, after, 1) == source(g, before, 1));
  CHECK(source(g, after, 1).node == named(g, "w/entry"));
  CHECK(done.find("takes") != std::string::npos);
  CHECK(checkGraph(g).empty());
}

TEST_CASE("scf.if: cond_br of control and outside values, mux of results", "[lower][if]") {
  Lowered l = lower(R"(
func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  func.return %r : i32
}
)",
                    "f");
  REQUIRE(!l.err);
  const dfg::Graph& g = l.g;
  Vertex mux = source(g, g.ret, 0).node;
  REQUIRE(g.node(mux).kind == NodeKind::Mux);
  CHECK(source(g, mux, 0) == dfg::PortRef{g.entry, 0}); // select = the condition
  // then value computed in the branch from split values; else value = the outside %a
  // split by the same cond_br (branch gate): the false side.
  Vertex add = source(g, mux, 2).node;
  CHECK(g.node(add).arith == OpKind::AddI);
  dfg::PortRef elseV = source(g, mux, 1);
  CHECK(g.node(elseV.node).kind == NodeKind::CondBr);
  CHECK(elseV.port == 1);
  CHECK(source(g, elseV.node, 1) == dfg::PortRef{g.entry, 1});
  // %a is split once and used on both sides: true side feeds the add.
  CHECK(source(g, add, 0) == dfg::PortRef{elseV.node, 0});
  CHECK(nodes(g, NodeKind::CondBr).size() == 2); // %a and %b
}

TEST_CASE("scf.if without else: a branch of the memory control, no result mux", "[lower][if]") {
  Lowered l = lower(R"(
func.func @f(%m: memref<4xi32>, %c: i1, %v: i32) {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %v, %m[%c0] : memref<4xi32>
  }
  func.return
}
)",
                    "f");
  REQUIRE(!l.err);
  const dfg::Graph& g = l.g;
  Vertex store = nodes(g, NodeKind::Store)[0];
  dfg::PortRef ctrl = source(g, store, 2);
  CHECK(g.node(ctrl.node).kind == NodeKind::CondBr);
  CHECK(g.node(ctrl.node).outRoles[0] == Role::MemCtrl);
  CHECK(ctrl.port == 0);
  // Its done and the untaken side meet in the mux that the return waits for.
  Vertex mux = source(g, g.ret, 0).node;
  CHECK(g.node(mux).kind == NodeKind::Mux);
  CHECK(source(g, mux, 1) == dfg::PortRef{ctrl.node, 1});
}

TEST_CASE("nested loops: the inner loop's inputs enter the outer body as invariants on after_cond",
          "[lower][nest]") {
  Lowered l = lower(R"(
func.func @n(%m: memref<?x?xi32>, %r: index, %c: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %r step %c1 {
    scf.for %j = %c0 to %c step %c1 {
      %v = arith.index_cast %j : index to i32
      memref.store %v, %m[%i, %j] : memref<?x?xi32>
    }
  }
  func.return
}
)",
                    "n");
  REQUIRE(!l.err);
  const dfg::Graph& g = l.g;
  REQUIRE(nodes(g, NodeKind::Stream).size() == 2);
  Vertex outerGate = named(g, "n/for0.guard/for0.gate");
  Vertex innerStream = named(g, "n/for0.guard/for0/for1.guard/for1.stream");
  // The inner bound %c reaches the inner stream through an outer-body invariant (on
  // the outer after_cond) and the inner zero-trip guard's cond_br.
  dfg::PortRef bound = source(g, innerStream, 2);
  CHECK(g.node(bound.node).kind == NodeKind::CondBr);
  dfg::PortRef invC = source(g, bound.node, 1);
  CHECK(g.node(invC.node).kind == NodeKind::Invariant);
  CHECK(source(g, invC.node, 0) == dfg::PortRef{outerGate, 1});
  // Address: i * stride + j with the dynamic stride an Entry token.
  Vertex store = nodes(g, NodeKind::Store)[0];
  CHECK(g.node(source(g, store, 0).node).arith == OpKind::AddI);
}

TEST_CASE("memory: port packing, result routing, groups through views, RAR", "[lower][memory]") {
  Lowered l = lower(R"(
func.func @m(%a: memref<16xi32>, %b: memref<4xi32>, %i: index) {
  %c0 = arith.constant 0 : index
  %v = memref.subview %a[4] [8] [1] : memref<16xi32> to memref<8xi32, affine_map<(d0) -> (d0 + 4)>>
  %x = memref.load %a[%i] : memref<16xi32>
  %y = memref.load %v[%i] : memref<8xi32, affine_map<(d0) -> (d0 + 4)>>
  memref.store %x, %b[%c0] : memref<4xi32>
  %s = arith.addi %x, %y : i32
  memref.store %s, %v[%c0] : memref<8xi32, affine_map<(d0) -> (d0 + 4)>>
  memref.store %y, %a[%c0] : memref<16xi32>
  %t = memref.alloc() : memref<2xi32>
  memref.store %s, %t[%c0] : memref<2xi32>
  func.return
}
)",
                    "m");
  INFO((l.err ? l.err->str() : ""));
  REQUIRE(!l.err);
  const dfg::Graph& g = l.g;
  // One interface per root: %a (with its view), %b, and the allocation.
  auto ext = nodes(g, NodeKind::ExtMemory);
  auto mem = nodes(g, NodeKind::Memory);
  REQUIRE(ext.size() == 2);
  REQUIRE(mem.size() == 1);
  Vertex ma = named(g, "m/extmem.arg0");
  const dfg::Node& a = g.node(ma);
  CHECK(a.numLoads == 2);
  CHECK(a.numStores == 2);
  CHECK(a.argIndex == 0);
  // Stores first (data, addr pairs), then load addresses.
  REQUIRE(a.inTypes.size() == 6);
  CHECK(a.inTypes[0] == Type::integer(32));
  CHECK(a.inTypes[1] == Type::index());
  CHECK(a.inTypes[4] == Type::index());
  Vertex st0 = source(g, ma, 0).node, st1 = source(g, ma, 2).node;
  Vertex ld0 = source(g, ma, 4).node, ld1 = source(g, ma, 5).node;
  CHECK(g.node(st0).kind == NodeKind::Store);
  CHECK(g.node(st0).origin.loc.line == 9); // program order: the store through the view
  CHECK(g.node(st1).origin.loc.line == 10);
  CHECK(g.node(ld0).origin.loc.line == 5);
  CHECK(g.node(ld1).origin.loc.line == 6);
  // Results: load data, then store dones, then load dones; data goes back to its load.
  CHECK(source(g, ld0, 1) == dfg::PortRef{ma, 0});
  CHECK(source(g, ld1, 1) == dfg::PortRef{ma, 1});
  // The view's address is the root's: i + 4.
  dfg::PortRef addr = source(g, ld1, 0);
  CHECK(g.node(addr.node).arith == OpKind::AddI);
  // RAR: the two loads share the entry token and their dones are joined before the
  // first store of the group.
  CHECK(source(g, ld0, 2) == source(g, ld1, 2));
  Vertex join = source(g, st0, 2).node;
  CHECK(g.node(join).kind == NodeKind::Join);
  CHECK(source(g, join, 0) == dfg::PortRef{ma, 4}); // ld0.done
  CHECK(source(g, join, 1) == dfg::PortRef{ma, 5}); // ld1.done
  CHECK(source(g, st1, 2) == dfg::PortRef{ma, 2});  // st0.done orders st1
  // Groups stay independent: %b's store takes the entry token, not %a's chain; the
  // return joins the three group dones.
  Vertex ret = g.ret;
  CHECK(g.node(source(g, ret, 0).node).kind == NodeKind::Join);
  CHECK(g.node(source(g, ret, 0).node).inTypes.size() == 3);
}

TEST_CASE("the static verifier rejects each injected bug it can see", "[lower][verify]") {
  struct Case {
    Injection inj;
    const char* message;
  };
  for (Case c :
       {Case{Injection::InvariantRaw, "a body-local invariant must be driven by after_cond"},
        Case{Injection::MemCtrlRaw,
             "a loop-body memory-control carry must be driven by after_cond"},
        Case{Injection::IterCarryGated, "an iter_arg carry must be driven by raw_will_continue"}}) {
    INFO(injectionName(c.inj));
    Lowered l = lower(kLoop, "k", {c.inj});
    REQUIRE(l.err);
    CHECK(l.err->message.find(c.message) != std::string::npos);
    CHECK(l.err->loc.line == 6); // the scf.for
  }
  // Body control exists only where the body needs it (here, for the constant).
  Lowered bc = lower(R"(
func.func @k(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %seven = arith.constant 7 : i32
    memref.store %seven, %a[%i] : memref<?xi32>
  }
  func.return
}
)",
                     "k", {Injection::BodyCtrlRaw});
  REQUIRE(bc.err);
  CHECK(bc.err->message.find("a body-local invariant must be driven by after_cond") !=
        std::string::npos);
  CHECK(bc.err->message.find("inv.ctrl") != std::string::npos);
  Lowered b = lower(R"(
func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  func.return %r : i32
}
)",
                    "f", {Injection::NoBranchGate});
  REQUIRE(b.err);
  CHECK(b.err->message.find("must be split by the branch's cond_br") != std::string::npos);
  // The unguarded loop and the unordered group are consistent graphs: only a run shows
  // them failing (see tests/harness).
  CHECK(!lower(kLoop, "k", {Injection::NoZeroTripGuard}).err);
  CHECK(!lower(kLoop, "k", {Injection::NoMemOrder}).err);
}

TEST_CASE("unsupported constructs inside an accelerated function are located errors",
          "[lower][errors]") {
  Lowered l = lower(R"(
func.func @g() {
  func.return
}
func.func @f(%x: i32) {
  func.call @g() : () -> ()
  func.return
}
)",
                    "f");
  REQUIRE(l.err);
  CHECK(l.err->loc.line == 6);
  CHECK(l.err->message.find("'func.call' inside an accelerated function is not supported") !=
        std::string::npos);
  Lowered p = lower("func.func @f(%x: i32) {\n  vector.print %x : i32\n  func.return\n}\n", "f");
  REQUIRE(p.err);
  CHECK(p.err->message.find("'vector.print' inside an accelerated function") != std::string::npos);
  Lowered d = lower(
      "func.func @f(%n: index) {\n  %m = memref.alloc(%n) : memref<?xi32>\n  func.return\n}\n",
      "f");
  REQUIRE(d.err);
  CHECK(d.err->message ==
        "dynamic-size allocation inside an accelerated function is not supported");
}

namespace {

// Runs `mlir-opt --allow-unregistered-dialect ARGS` on `text`; its stdout, or "" on failure.
std::string mlirOpt(const std::string& text, const std::string& args, const std::string& name) {
  namespace fs = std::filesystem;
  // Unique per process: other test runs may be doing the same at the same time.
  std::string base =
      (fs::temp_directory_path() / ("loom-dfg-" + std::to_string(::getpid()) + "-" + name))
          .string();
  std::ofstream(base + ".mlir") << text;
  int rc = std::system(("/usr/lib/llvm-22/bin/mlir-opt --allow-unregistered-dialect " + args + " " +
                        base + ".mlir > " + base + ".out")
                           .c_str());
  std::stringstream out;
  out << std::ifstream(base + ".out").rdbuf();
  std::remove((base + ".mlir").c_str());
  std::remove((base + ".out").c_str());
  return rc == 0 ? out.str() : "";
}

// Reads `text` and compares every graph with `want` (node source positions cleared
// when the text has none).
void checkReadsBack(const std::string& text, const std::vector<dfg::Graph>& want, bool locations) {
  dfg::ReadResult back = dfg::readMlir(text, "printed.mlir");
  INFO((back.error ? back.error->str() : ""));
  REQUIRE(back.graphs.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    dfg::Graph w = want[i];
    for (Vertex v = 0; !locations && v < w.numNodes(); ++v)
      w.node(v).origin.loc = Loc{};
    INFO(w.function);
    CHECK(dfg::samples::structuralDiff(w, back.graphs[i]) == "");
    CHECK(dfg::printMlir(back.graphs[i]) == dfg::printMlir(w));
    CHECK(checkGraph(back.graphs[i]).empty());
  }
}

} // namespace

TEST_CASE("every shipped kernel lowers cleanly, round-trips as text, also through mlir-opt",
          "[lower][kernels]") {
  namespace fs = std::filesystem;
  int functions = 0;
  for (const auto& entry : fs::directory_iterator(LOOM_KERNELS_DIR)) {
    if (entry.path().extension() != ".mlir") continue;
    INFO(entry.path());
    ParseResult p = parseFile(entry.path().string());
    REQUIRE(p.module);
    std::vector<dfg::Graph> graphs;
    std::string text; // as `loom-sim lower -o` writes it
    for (auto& f : p.module->functions) {
      if (f->isDeclaration || f->name == "main") continue;
      INFO(f->name);
      dfg::Graph g;
      auto err = lowerFunction(*p.module, *f, LowerOptions{}, g);
      INFO((err ? err->str() : ""));
      REQUIRE(!err);
      CHECK(checkGraph(g).empty());
      text += dfg::printMlir(g);
      graphs.push_back(std::move(g));
      ++functions;
    }
    if (graphs.empty()) continue;
    checkReadsBack(text, graphs, true);
    // mlir-opt's re-prints: generic or its own form, with or without locations.
    std::string name = entry.path().stem().string();
    for (const char* args :
         {"--mlir-print-op-generic --mlir-print-debuginfo", "--mlir-print-debuginfo", ""}) {
      INFO("mlir-opt " << args);
      std::string reprinted = mlirOpt(text, args, name);
      REQUIRE(!reprinted.empty());
      checkReadsBack(reprinted, graphs, std::string(args).find("debuginfo") != std::string::npos);
    }
  }
  CHECK(functions >= 30);
}
