// Rate inference for networks that print no rates (analysis/rates.h, docs/loom.md
// "The rates of LOOM's network"). The independent expectation is the lowering's own rates,
// derived from the SCF structure: every shipped kernel is lowered, its rates are erased and
// inferred again from the network alone, and every inferred rate must count what the
// lowering's says. The hand-written dotk networks give hand-derived formulas.

#include "analysis/rates.h"
#include "analysis/static_rules.h"
#include "dfg/loom/loom_form.h"
#include "frontend/parse.h"
#include "lowering/lower.h"
#include "tests/dfg/loom/loom_inputs.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

using namespace loom;
using dfg::NodeKind;
using dfg::Rate;
using dfg::Vertex;
using loom_test::input;
using loom_test::readOne;

namespace {

// The rate of the channel into input `port` of the node named `name`.
const Rate& rateInto(const dfg::Graph& g, const std::string& name, unsigned port) {
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    if (g.node(v).name != name) continue;
    dfg::EdgeId e;
    REQUIRE(g.inEdge(v, port, e));
    return g.edge(e).rate;
  }
  FAIL("no node " << name);
  throw;
}

} // namespace

TEST_CASE("inferred rates count what the lowering's own rates count, on every shipped kernel",
          "[infer-rates]") {
  namespace fs = std::filesystem;
  // Every kernel, its scf.for and scf.while loops in branches, in each other and in
  // before regions (which the lowering writes twice, the condition's first evaluation
  // and each later one, or once in the literal form: before_region_loops), is inferred
  // whole.
  size_t channels = 0, known = 0, functions = 0, complete = 0;
  std::set<std::string> incomplete, incompleteLiteral;
  for (const auto& entry : fs::directory_iterator(LOOM_KERNELS_DIR)) {
    if (entry.path().extension() != ".mlir") continue;
    std::string kernel = entry.path().stem().string();
    INFO(kernel);
    ParseResult p = parseFile(entry.path().string());
    REQUIRE(p.module);
    for (auto& f : p.module->functions) {
      if (f->isDeclaration || f->name == "main") continue;
      INFO(f->name);
      // As lowered, and in the spec's literal form (no zero-trip guards: a while's
      // carries feed its before region and a gate makes its after_cond).
      for (bool literal : {false, true}) {
        INFO("literal form: " << literal);
        LowerOptions opts;
        // (That form of a while breaks L203, so it is not verified here.)
        if (literal) opts.inject = {Injection::NoZeroTripGuard}, opts.verify = false;
        dfg::Graph lowered;
        REQUIRE(!lowerFunction(*p.module, *f, opts, lowered));
        dfg::Graph g = lowered;
        clearRates(g);
        REQUIRE(!hasRates(g));
        RateInference r = inferRates(g, *f);
        CHECK(r.channels == g.numEdges());
        auto mine = lowered.edges().first;
        for (auto [it, end] = g.edges(); it != end; ++it, ++mine) {
          const Rate& inferred = g.edge(*it).rate;
          if (!inferred.known()) continue;
          INFO(g.describe(*it) << ": inferred " << inferred.formula() << ", lowered "
                               << lowered.edge(*mine).rate.formula());
          CHECK(inferred.sameCount(lowered.edge(*mine).rate));
        }
        bool whole = r.known == r.channels && r.bound == r.loops && r.notes.empty();
        if (!whole) (literal ? incompleteLiteral : incomplete).insert(kernel);
        if (literal) continue;
        // The inferred rates pass the static verifier's rate checks.
        CHECK(checkGraph(g).empty());
        channels += r.channels;
        known += r.known;
        complete += whole;
        ++functions;
      }
    }
  }
  CHECK(incomplete.empty());
  CHECK(incompleteLiteral.empty());
  CHECK(functions >= 30);
  CHECK(complete == functions);
  CHECK(known == channels);
}

namespace {

// The id of the one op of kind `k` in `f` (the loop dotk's stream binds to).
uint32_t loopOf(const Function& f, OpKind k) {
  uint32_t id = 0;
  walk(f.body, [&](Op* op) {
    if (op->kind == k) id = op->id;
  });
  return id;
}

// dotk.mlir bound to `f`: every channel known, and the rates the spec gives its channels
// with `I` the loop's body count: the load's address and ctrl the body (N), the ctrl
// carry's feedback N - 1, the accumulator N + 1, the sum once; no static finding.
void checkDotkRates(const Function& f, const std::string& I) {
  dfg::Graph g = readOne(input("dotk.mlir"));
  REQUIRE(!hasRates(g));
  RateInference r = inferRates(g, f);
  CHECK(r.known == r.channels);
  CHECK(r.channels == 55);
  CHECK(r.loops == 1);
  CHECK(r.bound == 1);
  CHECK(r.notes.empty());
  CHECK(rateInto(g, "dotk/%x", 0).formula() == I);
  CHECK(rateInto(g, "dotk/%x", 2).formula() == I);
  CHECK(rateInto(g, "dotk/%seen_a", 2).formula() == "-calls + " + I);
  CHECK(rateInto(g, "dotk/%acc_in", 0).formula() == "calls + " + I);
  CHECK(rateInto(g, "dotk/return", 0).formula() == "calls");
  CHECK(checkGraph(g).empty());
}

} // namespace

TEST_CASE("dotk in LOOM's form: every channel inferred, its loop bound to the scf.for",
          "[infer-rates]") {
  ParseResult p = parseFile(input("dotk_src.mlir"));
  REQUIRE(p.module);
  const Function* f = p.module->lookup("dotk");
  REQUIRE(f);
  std::string I = "I(op " + std::to_string(loopOf(*f, OpKind::For)) + ")";
  checkDotkRates(*f, I);

  // The classic bug: the load's ctrl invariant takes the stream's cont, N + 1 per
  // activation; an invariant belongs to the body (N), so the static rule names the
  // miswire at the invariant, as it does on loom-sim's own rates: the memory-control rule,
  // since the invariant hands the load its ctrl.
  dfg::Graph bug = readOne(input("dotk_raw_ctrl.mlir"));
  inferRates(bug, *f);
  CHECK(rateInto(bug, "dotk/%x", 2).formula() == I);
  CHECK(rateInto(bug, "dotk/%ctrl_a", 0).formula() == "calls + " + I);
  auto findings = checkGraph(bug);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].check == "loop-control");
  CHECK_THAT(findings[0].diag.message,
             Catch::Contains("dataflow.invariant 'dotk/%ctrl_a' input 'd'") &&
                 Catch::Contains("a loop-body memory-control carry must be driven by after_cond"));
}

TEST_CASE("dotk in LOOM's form against a CPU version as LOOM prints it: the stream bound to "
          "the rotated scf.while marked loom.stream, I = its before region's executions",
          "[infer-rates]") {
  ParseResult p = parseFile(input("dotk_rotated_src.mlir"));
  REQUIRE(p.module);
  const Function* f = p.module->lookup("dotk");
  REQUIRE(f);
  // A do-while of N iterations runs its before region N times, its after region N - 1:
  // the stream's N is the while's iterations plus its activations.
  std::string w = "(op " + std::to_string(loopOf(*f, OpKind::While)) + ")";
  checkDotkRates(*f, "A" + w + " + I" + w);
  dfg::Graph g = readOne(input("dotk.mlir"));
  CHECK(inferRates(g, *f).boundToWhile == 1);

  // A stream whose condition is not the one marked is bound all the same (the ledger
  // counts it), with a note.
  dfg::Graph off = readOne(input("dotk_off_by_one.mlir"));
  RateInference o = inferRates(off, *f);
  CHECK(o.bound == 1);
  REQUIRE(o.notes.size() == 1);
  CHECK_THAT(o.notes[0], Catch::Contains("loop 'dotk/%idx' (+= <=) is bound to scf.while at") &&
                             Catch::Contains("marked loom.stream += <: they differ in step or "
                                             "condition"));
}

TEST_CASE("loops that do not match the function's stay without rates, with a note",
          "[infer-rates]") {
  // Two loops at the top of the function, one in the network.
  ParseResult p = parseModule(R"(
func.func @dotk(%a: memref<8xi32>, %b: memref<8xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %k, %a[%i] : memref<8xi32>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %x = memref.load %b[%i] : memref<8xi32>
    %t = arith.addi %s, %x : i32
    scf.yield %t : i32
  }
  return %r : i32
}
)",
                              "two.mlir");
  REQUIRE(p.module);
  dfg::Graph g = readOne(input("dotk.mlir"));
  RateInference r = inferRates(g, *p.module->lookup("dotk"));
  CHECK(r.loops == 1);
  CHECK(r.bound == 0);
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0] ==
        "at the top of '@dotk': the network has 1 loop(s) with a stream, the function 2 "
        "(scf.for, or scf.while marked loom.stream): their channels have no rate");
  CHECK(!rateInto(g, "dotk/%x", 0).known());
  CHECK(rateInto(g, "dotk/return", 1).known() == false);
  // What needs no loop is still known: the constants' start token.
  CHECK(rateInto(g, "dotk/%idx", 0).formula() == "calls");
}
