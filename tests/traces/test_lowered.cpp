// Traces of really lowered kernels (parse + lower + elaborate, as `loom-sim run` does):
// nested for loops and a while loop are found and counted, the VCD's hierarchy is the
// lowering's scopes, every phase the models visit has its legend name, and GTKWave
// reads the file back unchanged (f32 data as reals included).
#include "frontend/parse.h"
#include "gtkwave_check.h"
#include "lowering/lower.h"
#include "phase_check.h"
#include "sim/elaborate.h"
#include "traces/stats.h"
#include "traces/timeline.h"
#include "traces/vcd.h"
#include "vcd_reader.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <sstream>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

namespace {

const char* kKernels = R"(
func.func @nest(%n: index, %m: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (i32) {
    %r2 = scf.for %j = %c0 to %m step %c1 iter_args(%b = %a) -> (i32) {
      %jj = arith.index_cast %j : index to i32
      %s = arith.addi %b, %jj : i32
      scf.yield %s : i32
    }
    scf.yield %r2 : i32
  }
  func.return %r : i32
}

func.func @steps(%x0: i64) -> i32 {
  %one = arith.constant 1 : i64
  %three = arith.constant 3 : i64
  %zero32 = arith.constant 0 : i32
  %one32 = arith.constant 1 : i32
  %r:2 = scf.while (%x = %x0, %k = %zero32) : (i64, i32) -> (i64, i32) {
    %go = arith.cmpi ne, %x, %one : i64
    scf.condition(%go) %x, %k : i64, i32
  } do {
  ^bb0(%x: i64, %k: i32):
    %bit = arith.andi %x, %one : i64
    %odd = arith.cmpi eq, %bit, %one : i64
    %nx = scf.if %odd -> (i64) {
      %t = arith.muli %x, %three : i64
      %t1 = arith.addi %t, %one : i64
      scf.yield %t1 : i64
    } else {
      %h = arith.shrui %x, %one : i64
      scf.yield %h : i64
    }
    %k1 = arith.addi %k, %one32 : i32
    scf.yield %nx, %k1 : i64, i32
  }
  func.return %r#1 : i32
}

func.func @fsum(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %h = arith.constant 0.5 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f32) {
    %s = arith.addf %a, %h : f32
    scf.yield %s : f32
  }
  func.return %r : f32
}
)";

// The module's functions lowered and elaborated, traced into one VCD (and stats) on
// one time axis.
struct Lowered {
  std::unique_ptr<Module> mod;
  std::map<std::string, dfg::Graph> graphs;
  std::map<std::string, sim::Elaboration> elabs;
  Timeline timeline;
  std::ostringstream text;
  VcdWriter vcd{text};
  StatsCollector stats;
  std::vector<std::unique_ptr<NetworkTap>> taps;

  explicit Lowered(std::vector<sim::CycleObserver*> extra = {}) {
    ParseResult p = parseModule(kKernels, "kernels.mlir");
    INFO((p.error ? p.error->str() : std::string()));
    REQUIRE(p.module);
    mod = std::move(p.module);
    for (const char* fn : {"nest", "steps", "fsum"}) {
      dfg::Graph& g = graphs[fn];
      auto err = lowerFunction(*mod, *mod->lookup(fn), LowerOptions{}, g);
      INFO((err ? err->str() : std::string()));
      REQUIRE_FALSE(err);
      sim::Elaboration& el = elabs[fn] = sim::elaborate(g, {});
      REQUIRE(el.ok());
      taps.push_back(std::make_unique<NetworkTap>(timeline, timeline.addNetwork()));
      TracedNetwork t = TracedNetwork::of(g, el);
      taps.back()->add(vcd.addNetwork(t));
      taps.back()->add(stats.addNetwork(t));
      for (sim::CycleObserver* o : extra)
        taps.back()->add(*o);
      el.network->engine().setObserver(taps.back().get());
    }
  }
  Bits call(const std::string& fn, std::vector<Bits> args) {
    sim::Invocation inv;
    inv.scalars = std::move(args);
    sim::InvocationResult r = elabs.at(fn).network->invoke(inv);
    INFO(r.message);
    REQUIRE(r.done());
    elabs.at(fn).network->drain(1000);
    return r.results.at(0);
  }
  const NetworkStats& statsOf(const std::vector<NetworkStats>& all, const std::string& fn) {
    for (const NetworkStats& s : all)
      if (s.function == fn) return s;
    FAIL("no stats for " << fn);
    return all.front();
  }
};

Bits f32Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}

} // namespace

TEST_CASE("loops of lowered kernels: activations, iterations, II", "[lowered][stats]") {
  Lowered l;
  CHECK(l.call("nest", {3, 4}) == 18); // 3 * (0 + 1 + 2 + 3)
  CHECK(l.call("nest", {2, 0}) == 0);  // the inner loop never runs
  CHECK(l.call("steps", {6}) == 8);    // 6 3 10 5 16 8 4 2 1
  CHECK(l.call("fsum", {100}) == f32Bits(50.0f));
  std::vector<NetworkStats> all = l.stats.collect();

  const NetworkStats& nest = l.statsOf(all, "nest");
  REQUIRE(nest.loops.size() == 2);
  CHECK(nest.loops[0].name == "nest/for0.guard/for0");
  CHECK(nest.loops[1].name == "nest/for0.guard/for0/for1.guard/for1");
  // Outer: two calls, 3 + 2 iterations. Inner: 3 activations of 4 iterations in the
  // first call; the second call's 2 inner activations have zero trips and the zero-trip
  // guard skips them, so they never reach the loop.
  CHECK(nest.loops[0].counts.activations == 2);
  CHECK(nest.loops[0].counts.iterations == 5);
  CHECK(nest.loops[1].counts.activations == 3);
  CHECK(nest.loops[1].counts.iterations == 12);
  REQUIRE(nest.loops[1].counts.ii());
  CHECK(*nest.loops[1].counts.ii() >= 1.0);

  const NetworkStats& steps = l.statsOf(all, "steps");
  REQUIRE(steps.loops.size() == 1);
  CHECK(steps.loops[0].name == "steps/while0.guard/while0");
  CHECK(steps.loops[0].counts.activations == 1);
  CHECK(steps.loops[0].counts.iterations == 8);
  REQUIRE(steps.loops[0].counts.ii());

  const NetworkStats& fsum = l.statsOf(all, "fsum");
  REQUIRE(fsum.loops.size() == 1);
  CHECK(fsum.loops[0].counts.iterations == 100);
  // The float add (latency 4) is on the loop-carried path, with the carry's NeedLoop
  // and NeedCond firings and the branch around it: 6 cycles per iteration once the
  // channels have filled, a little less on average while the stream runs ahead.
  REQUIRE(fsum.loops[0].counts.ii());
  CHECK(*fsum.loops[0].counts.ii() > 5.5);
  CHECK(*fsum.loops[0].counts.ii() <= 6.0);
}

TEST_CASE("the VCD of lowered kernels follows their scopes and reads back in GTKWave",
          "[lowered][vcd][gtkwave]") {
  // Every phase a model reports has the legend's name for it.
  PhaseNameCheck names;
  Lowered l({&names});
  l.call("nest", {3, 4});
  l.call("steps", {27});
  l.call("fsum", {5});
  l.vcd.close();
  CHECK(names.seen > 50);
  CHECK(names.wrong.empty());

  VcdFile v = readVcd(l.text.str());
  INFO(v.error);
  REQUIRE(v.error.empty());
  // The lowering's scopes, nested; the guard compare named like its scope is renamed.
  for (const char* s :
       {"nest", "nest.for0_guard", "nest.for0_guard.for0", "nest.for0_guard.for0.for1_guard.for1",
        "nest.for0_guard.for0_stream", "nest.for0_guard.for0_gate", "steps.while0_guard.while0"})
    CHECK(std::find(v.scopes.begin(), v.scopes.end(), s) != v.scopes.end());
  CHECK(v.find("nest.for0_guard.for0_stream.cont.transfer"));
  CHECK(v.find("nest.for0_guard.for0_gate.after_cond.valid"));
  // f32 data are reals.
  bool real = false;
  for (const VcdVar& var : v.vars)
    real = real || (var.type == "real" && var.path.rfind("fsum.", 0) == 0);
  CHECK(real);

  std::string diff = gtkwaveRoundTrip(l.text.str(), "lowered");
  INFO(diff);
  CHECK(diff.empty());
}
