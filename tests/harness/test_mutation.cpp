// Mutants (dfg/mutate.h) and the campaign that classifies them (host/mutation.h). The
// sites of dot's network are counted by hand from its lowering (docs/mutation.md walks
// through them): one scf.for with an f32 iter_arg and two loads, each memory with its
// ctrl-done carry, a zero-trip guard. Every mutant of four kernels must stay well
// formed (each input fed once, each output taken once) and elaborate.

#include "dfg/edit.h"
#include "dfg/mutate.h"
#include "host/mutation.h"
#include "lowering/lower.h"
#include "sim/elaborate.h"

#include <catch2/catch.hpp>
#include <map>
#include <sstream>

using namespace loom;
using dfg::MutationOp;

namespace {

const std::string kKernels = LOOM_KERNELS_DIR;

dfg::Graph lowered(const LoadedProgram& p, const std::string& function) {
  const Function* f = p.module->lookup(function);
  REQUIRE(f);
  dfg::Graph g;
  REQUIRE(!lowerFunction(*p.module, *f, LowerOptions{}, g));
  return g;
}

dfg::Vertex named(const dfg::Graph& g, const std::string& name) {
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
    if (g.node(v).name == name) return v;
  FAIL("no op " << name);
  return 0;
}

// Every input port fed by one channel, every output port feeding one (but the return's:
// elaboration gives them to the host).
void requireWellFormed(const dfg::Graph& g, const std::string& what) {
  INFO(what);
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    std::vector<int> in(n.inTypes.size(), 0), out(n.outTypes.size(), 0);
    for (dfg::EdgeId e : g.inEdges(v)) {
      REQUIRE(g.edge(e).dstPort < in.size());
      ++in[g.edge(e).dstPort];
    }
    for (dfg::EdgeId e : g.outEdges(v)) {
      REQUIRE(g.edge(e).srcPort < out.size());
      ++out[g.edge(e).srcPort];
    }
    for (size_t p = 0; p < in.size(); ++p) {
      INFO(n.name << " input " << p);
      REQUIRE(in[p] == 1);
    }
    for (size_t p = 0; p < out.size() && n.kind != dfg::NodeKind::Return; ++p) {
      INFO(n.name << " output " << p);
      REQUIRE(out[p] == 1);
    }
  }
}

} // namespace

TEST_CASE("dot's network has the sites its lowering makes", "[mutation]") {
  LoadedProgram p = loadProgram(kKernels + "/dot.mlir");
  REQUIRE(p.module);
  dfg::Graph g = lowered(p, "dot");
  // Hand-counted: the stream's raw_will_continue drives the accumulator's carry (d) and
  // its split (cond); the gate's after_cond drives both memory carries and their splits;
  // each load's ctrl can move to the call's start token.
  std::map<MutationOp, size_t> want = {
      {MutationOp::ControlSource, 5}, // split.acc cond, 2 mem.split conds, 2 load ctrls
      {MutationOp::CarryCondition, 3},
      {MutationOp::CarryInitSwap, 3},
      // 3 guard cond_brs whose false side is a sink (one side each), then br.zero,
      // split.acc, mem.br, mem.split, mem.br.1, mem.split.1 (both sides each).
      {MutationOp::SplitBypass, 15},
      {MutationOp::InvariantRaw, 0}, // nothing from outside the loop but its control
      {MutationOp::ForkToSink, 2},   // the join of the two memories' dones
      {MutationOp::MuxSelect, 0},    // the guard's muxes only: one condition
      {MutationOp::AccessCtrl, 2},   // each load's ctrl from the other's done
      {MutationOp::OrderSwap, 0},    // one access per memory: no chain
      {MutationOp::GuardRemoved, 1},
  };
  for (auto [op, n] : want) {
    INFO(dfg::mutationName(op));
    CHECK(dfg::mutationSites(g, op).size() == n);
  }
}

TEST_CASE("each operator changes what it says", "[mutation]") {
  LoadedProgram p = loadProgram(kKernels + "/dot.mlir");
  REQUIRE(p.module);
  const dfg::Graph base = lowered(p, "dot");
  auto mutant = [&](MutationOp op, size_t site) {
    dfg::Graph g = base;
    auto sites = dfg::mutationSites(g, op);
    REQUIRE(site < sites.size());
    REQUIRE(!dfg::applyMutation(g, sites[site]));
    requireWellFormed(g, sites[site].text);
    return g;
  };
  SECTION("control-source: the accumulator's split on after_cond") {
    dfg::Graph g = mutant(MutationOp::ControlSource, 0);
    dfg::PortRef from = dfg::originOf(g, named(g, "dot/for0.guard/for0.split.acc"), 0);
    CHECK(g.node(from.node).name == "dot/for0.guard/for0.gate");
    CHECK(from.port == dfg::kGateAfterCond);
  }
  SECTION("carry-init-swap: the loop-back value first") {
    dfg::Graph g = mutant(MutationOp::CarryInitSwap, 0);
    dfg::Vertex carry = named(g, "dot/for0.guard/for0.carry.acc");
    CHECK(g.node(dfg::originOf(g, carry, 1).node).name == "dot/for0.guard/for0/addf.s");
    CHECK(g.node(dfg::originOf(g, carry, 2).node).name == "dot/br.zero");
  }
  SECTION("split-bypass: the stream's start whatever the guard says") {
    dfg::Graph g = mutant(MutationOp::SplitBypass, 0);
    dfg::Vertex stream = named(g, "dot/for0.guard/for0.stream");
    CHECK(g.node(dfg::originOf(g, stream, 0).node).name == "dot/c.c0");
  }
  SECTION("fork-to-sink: the join waits for one memory only") {
    dfg::Graph g = mutant(MutationOp::ForkToSink, 0);
    CHECK(g.node(named(g, "dot/join")).inTypes.size() == 1);
  }
  SECTION("guard-removed: no op decides on the guard; the loop takes its inputs directly") {
    dfg::Graph g = mutant(MutationOp::GuardRemoved, 0);
    for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
      const dfg::Node& n = g.node(v);
      if (n.kind == dfg::NodeKind::CondBr || n.kind == dfg::NodeKind::Mux)
        CHECK(g.node(dfg::originOf(g, v, 0).node).name != "dot/for0.guard");
    }
    dfg::Vertex stream = named(g, "dot/for0.guard/for0.stream");
    CHECK(g.node(dfg::originOf(g, stream, 0).node).name == "dot/c.c0");
    CHECK(g.node(dfg::originOf(g, named(g, "dot/return"), 0).node).name ==
          "dot/for0.guard/for0.split.acc");
  }
}

TEST_CASE("order-swap and invariant-raw on histogram's loop", "[mutation]") {
  LoadedProgram p = loadProgram(kKernels + "/histogram.mlir");
  REQUIRE(p.module);
  const dfg::Graph base = lowered(p, "histogram");
  auto find = [&](MutationOp op, const std::string& text) {
    for (const dfg::MutationSite& s : dfg::mutationSites(base, op))
      if (s.text.find(text) != std::string::npos) return s;
    FAIL("no " << dfg::mutationName(op) << " site naming " << text);
    return dfg::MutationSite{};
  };
  SECTION("the store of hist goes before its load") {
    dfg::Graph g = base;
    dfg::Vertex load = named(g, "histogram/for0.guard/for0/load.hist");
    dfg::PortRef loadCtrl = dfg::originOf(g, load, 2);
    std::string carry = g.node(loadCtrl.node).name;
    REQUIRE(!dfg::applyMutation(g, find(MutationOp::OrderSwap, "store.hist' goes before")));
    requireWellFormed(g, "order-swap");
    dfg::Vertex store = named(g, "histogram/for0.guard/for0/store.hist");
    load = named(g, "histogram/for0.guard/for0/load.hist");
    CHECK(g.node(dfg::originOf(g, store, 2).node).name == carry);
    CHECK(g.node(dfg::originOf(g, load, 2).node).kind == dfg::NodeKind::ExtMemory);
  }
  SECTION("the shift amount once per activation") {
    dfg::Graph g = base;
    REQUIRE(!dfg::applyMutation(g, find(MutationOp::InvariantRaw, "inv.sixteen")));
    requireWellFormed(g, "invariant-raw");
    for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
      CHECK(g.node(v).name != "histogram/for0.guard/for0/inv.sixteen");
    dfg::Vertex shr = named(g, "histogram/for0.guard/for0/shrui.hi");
    CHECK(g.node(dfg::originOf(g, shr, 1).node).name == "histogram/br.sixteen");
  }
}

TEST_CASE("every mutant of four kernels is well formed and elaborates", "[mutation]") {
  // guard_shared_condition: a while's guard on the condition of an scf.if after it; the
  // guard's removal once took the if's cond_brs too, and the mutant could not be made.
  for (std::string k : {"dot", "histogram", "bubble_sort", "linear_search",
                        "../tests/harness/inputs/guard_shared_condition"}) {
    LoadedProgram p = loadProgram(kKernels + "/" + k + ".mlir");
    REQUIRE(p.module);
    for (const auto& f : p.module->functions) {
      if (f->name == "main" || f->isDeclaration) continue;
      dfg::Graph base;
      if (lowerFunction(*p.module, *f, LowerOptions{}, base)) continue; // stays on the host
      for (MutationOp op : dfg::allMutationOps())
        for (const dfg::MutationSite& s : dfg::mutationSites(base, op)) {
          dfg::Graph g = base;
          INFO(k << " " << dfg::mutationName(op) << ": " << s.text);
          REQUIRE(!dfg::applyMutation(g, s));
          requireWellFormed(g, s.text);
          sim::Elaboration e = sim::elaborate(g, models::TimingConfig{});
          REQUIRE(e.ok());
        }
    }
  }
}

TEST_CASE("a campaign classifies dot's mutants against its runs", "[mutation]") {
  LoadedProgram p = loadProgram(kKernels + "/dot.mlir");
  REQUIRE(p.module);
  RunSettings s;
  MutationOptions o;
  o.jobs = 2;
  Campaign c;
  REQUIRE(!runCampaign(p, s, o, c));
  // dot's host passes the length: the loop runs 24, 5 and 24 times, then 0 and 1 times.
  CHECK(c.inputs == std::vector<std::string>{"own", "%n = 0 trips", "%n = 1 trip"});
  CHECK(c.mutants.size() == 31);
  CHECK(c.clean());
  auto of = [&](MutationOp op, unsigned site) -> const Mutant& {
    for (const Mutant& m : c.mutants)
      if (m.op == op && m.site == site) return m;
    FAIL("no mutant");
    return c.mutants.front();
  };
  // The accumulator's split on after_cond never sends the exit value (N tokens, not
  // N + 1): the result never comes.
  const Mutant& split = of(MutationOp::ControlSource, 0);
  CHECK(split.cls == "caught_static");
  CHECK(split.differs);
  // Without the guard a loop of 0 trips still starts: only the 0-trip input shows it.
  const Mutant& guard = of(MutationOp::GuardRemoved, 0);
  CHECK(guard.cls == "caught_static");
  CHECK(guard.difference.rfind("%n = 0 trips", 0) == 0);
  // The return not waiting for a load's done changes nothing a run shows (loads
  // only), but breaks the rule that a call ends after its accesses.
  const Mutant& join = of(MutationOp::ForkToSink, 0);
  CHECK(join.cls == "caught_static");
  CHECK(join.rules == std::vector<std::string>{"L304"});
  CHECK(!join.differs);
}

TEST_CASE("a base with findings is refused, and they are named", "[mutation]") {
  LoadedProgram p = loadProgram(kKernels + "/dot.mlir");
  REQUIRE(p.module);
  RunSettings s;
  s.accel.inject.insert(Injection::MemCtrlRaw);
  MutationOptions o;
  Campaign c;
  auto err = runCampaign(p, s, o, c);
  REQUIRE(err);
  CHECK(err->message.find("finding(s) already") != std::string::npos);
  REQUIRE(!err->notes.empty());
  CHECK(c.mutants.empty());
}

TEST_CASE("without the run-time checks, what they caught is a miss", "[mutation]") {
  // The classes come from comparing runs, not from the checks: switch the run-time
  // checks off and every mutant only they caught, whose runs differ, must turn into
  // wrong_uncaught (results and memory are still compared with the reference, and a
  // network that stops is still said to).
  LoadedProgram p = loadProgram(kKernels + "/histogram.mlir");
  REQUIRE(p.module);
  MutationOptions o;
  o.jobs = 2;
  RunSettings on;
  Campaign checked;
  REQUIRE(!runCampaign(p, on, o, checked));
  RunSettings off = on;
  off.accel.checks = false;
  Campaign unchecked;
  REQUIRE(!runCampaign(p, off, o, unchecked));
  REQUIRE(checked.mutants.size() == unchecked.mutants.size());
  size_t turned = 0;
  for (size_t i = 0; i < checked.mutants.size(); ++i) {
    const Mutant &a = checked.mutants[i], &b = unchecked.mutants[i];
    INFO(dfg::mutationName(a.op) << ":" << a.site << " " << a.text);
    CHECK(a.differs == b.differs);
    if (a.cls == "caught_static") CHECK(b.cls == "caught_static");
    bool onlyCounts = true;
    for (const std::string& c : a.checks)
      onlyCounts =
          onlyCounts && c != "results" && c != "memory" && c != "deadlock" && c != "op-error";
    if (a.cls == "caught_runtime" && a.differs && onlyCounts) {
      CHECK(b.cls == "wrong_uncaught");
      ++turned;
    }
  }
  CHECK(turned > 0);
  CHECK(!unchecked.clean());
}
