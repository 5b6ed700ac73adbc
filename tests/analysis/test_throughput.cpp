// The static II bound (analysis/throughput.h) of small loops, derived by hand from
// docs/timing.md's costs in each input's comment, under the default timing and others;
// the recurrence is named op by op. That no loop runs faster than its bound is
// ii_bound.sh's (every shipped kernel, these inputs, LOOM's repaired programs).
#include "analysis/throughput.h"
#include "lowering/lower.h"
#include "tests/parse_verified.h"

#include <catch2/catch.hpp>

using namespace loom;

namespace {

struct Lowered {
  std::unique_ptr<Module> mod;
  dfg::Graph g;
};

Lowered lowerInput(const std::string& file, const std::string& fn) {
  Lowered l;
  l.mod = loom_test::parseVerifiedFile(std::string(LOOM_ANALYSIS_INPUTS) + "/" + file);
  auto err = lowerFunction(*l.mod, *l.mod->lookup(fn), LowerOptions{}, l.g);
  INFO((err ? err->str() : ""));
  REQUIRE(!err);
  return l;
}

// The kinds and costs of the critical recurrence, as "kind cost" strings.
std::vector<std::string> steps(const dfg::Graph& g, const analysis::Recurrence& r) {
  std::vector<std::string> out;
  for (const analysis::RecurrenceStep& s : r.steps)
    out.push_back(g.node(s.op).opName() + " " + std::to_string(s.cost));
  return out;
}

} // namespace

TEST_CASE("a float sum through a 4-cycle adder: carry, split, addf", "[throughput]") {
  Lowered l = lowerInput("fsum.mlir", "fsum");
  models::TimingConfig t;
  std::vector<analysis::LoopBound> b = analysis::loopBounds(l.g, t);
  REQUIRE(b.size() == 1);
  REQUIRE(b[0].critical);
  CHECK(b[0].ii == 1 + 1 + 4);
  CHECK(b[0].critical->closed);
  CHECK_FALSE(b[0].critical->throughCond);
  CHECK(steps(l.g, *b[0].critical) ==
        std::vector<std::string>{"dataflow.carry 1", "handshake.cond_br 1", "arith.addf 4"});
  // The adder's latency is the timing's: 8 cycles make it 10.
  t.floatAddLatency = 8;
  CHECK(analysis::loopBounds(l.g, t)[0].ii == 1 + 1 + 8);
  // A one-cycle adder leaves the carry's own bound above the way round: 3.
  t.floatAddLatency = 1;
  CHECK(analysis::loopBounds(l.g, t)[0].ii == 3);
}

TEST_CASE("an independent map has no carry: its stream's II 1 bounds it", "[throughput]") {
  Lowered l = lowerInput("map.mlir", "inc");
  CHECK(analysis::loopBounds(l.g, models::TimingConfig{}).empty());
}

TEST_CASE("a load-modify-store through extmemory: the memory latency twice and the chain",
          "[throughput]") {
  Lowered l = lowerInput("bump.mlir", "bump");
  models::TimingConfig t;
  std::vector<analysis::LoopBound> b = analysis::loopBounds(l.g, t);
  REQUIRE(b.size() == 1);
  REQUIRE(b[0].critical);
  CHECK(analysis::isCtrlDone(l.g, *b[0].critical));
  CHECK(b[0].ii == 1 + 1 + 10 + 1 + 1 + 1 + 10 + 1);
  CHECK(steps(l.g, *b[0].critical) ==
        std::vector<std::string>{"dataflow.carry 1", "handshake.load 1", "handshake.extmemory 10",
                                 "handshake.load 1", "arith.addi 1", "handshake.store 1",
                                 "handshake.extmemory 10", "handshake.cond_br 1"});
  // With a 3-cycle memory: 1 + 1 + 3 + 1 + 1 + 1 + 3 + 1.
  t.extmemoryLatency = 3;
  CHECK(analysis::loopBounds(l.g, t)[0].ii == 12);
  CHECK(analysis::describe(l.g, *analysis::loopBounds(l.g, t)[0].critical) ==
        "12 cycles round 'bump/for0.guard/mem.carry': dataflow.carry 1, handshake.load 1, "
        "handshake.extmemory 3, handshake.load 1, arith.addi 1, handshake.store 1, "
        "handshake.extmemory 3, handshake.cond_br 1");
}

TEST_CASE("a while loop: the remainder goes round through the condition", "[throughput]") {
  // gcd64 (kernels/gcd.mlir), a do-while of (x, y, k): y's carry -> fork -> remui (y is
  // the divisor; intDivLatency 8) -> fork -> cmpi ne (the next condition, on m) -> fork ->
  // the cond_br splitting m by that condition -> y's b: 1 + 1 + 8 + 1 + 1 + 1 + 1 = 14.
  Lowered l;
  l.mod = loom_test::parseVerifiedFile(std::string(LOOM_KERNELS_DIR) + "/gcd.mlir");
  REQUIRE(!lowerFunction(*l.mod, *l.mod->lookup("gcd64"), LowerOptions{}, l.g));
  models::TimingConfig t;
  std::vector<analysis::LoopBound> b = analysis::loopBounds(l.g, t);
  REQUIRE(b.size() == 1);
  REQUIRE(b[0].critical);
  CHECK(b[0].carries == 3);
  CHECK(b[0].ii == 14);
  CHECK(l.g.node(b[0].critical->carry).name == "gcd64/while0.guard/while0.carry.y");
  CHECK(steps(l.g, *b[0].critical) ==
        std::vector<std::string>{"dataflow.carry 1", "handshake.fork 1", "arith.remui 8",
                                 "handshake.fork 1", "arith.cmpi 1", "handshake.fork 1",
                                 "handshake.cond_br 1"});
  t.intDivLatency = 20;
  CHECK(analysis::loopBounds(l.g, t)[0].ii == 26);
}
