// How a run ends when it does not end well: deadlock (with who waits on what), the
// cycle cap, an op error; and the plain Engine::runUntil.
#include "dfgs.h"
#include "engine_check.h"
#include "models/sink.h"
#include "models/source.h"
#include "sim/elaborate.h"
#include "sim/make_engine.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::sim;
using namespace loom::sim::test;

namespace {

// A call capped at `maxCycles` cycles: a network that hangs ends the test soon.
Invocation capped(std::vector<Bits> scalars, uint64_t maxCycles = 100'000) {
  Invocation inv = call(std::move(scalars));
  inv.maxCycles = maxCycles;
  return inv;
}

} // namespace

TEST_CASE("a join waiting for a token that never comes is a deadlock", "[run]") {
  for (EngineKind kind : {EngineKind::Event, EngineKind::Clocked}) {
    INFO(engineKindName(kind));
    auto net = build(gatedJoin(), kind);
    SECTION("b = 1 finishes") {
      // c2 br sends ctrl to the join's input 1; c3 join; c4 return; c5 host: 6 cycles.
      InvocationResult r = net->invoke(capped({1}));
      CHECK(r.done());
      CHECK(r.cycles() == 6);
    }
    SECTION("b = 0 deadlocks") {
      // c2: the ctrl goes to the false sink; the join holds input 0 and waits for input
      // 1 from then on. c4 is the first quiet cycle: deadlock, 5 cycles.
      InvocationResult r = net->invoke(capped({0}));
      REQUIRE(r.status == InvocationStatus::Deadlock);
      CHECK(r.endCycle == 5);
      REQUIRE(r.waits.size() == 1);
      const Wait& w = r.waits[0];
      CHECK(net->circuit().op(w.op).name() == "f/join");
      CHECK(w.status == models::CycleStatus::InputStall);
      CHECK(w.emptyInputs == std::vector<int>{1});
      CHECK(w.fullOutputs.empty());
      CHECK(describeWait(net->circuit(), w) ==
            "handshake.join 'f/join' waits (input stall): empty inputs 1 [f/br:0 -> f/join:1]; "
            "full outputs: none");
      CHECK(r.message == "deadlock: nothing can move after cycles 0..5 (5); 1 op(s) waiting");
    }
  }
}

TEST_CASE("the cycle cap stops a long invocation", "[run]") {
  for (EngineKind kind : {EngineKind::Event, EngineKind::Clocked}) {
    INFO(engineKindName(kind));
    auto net = build(sumLoop(), kind);
    InvocationResult r = net->invoke(capped({0, 1000, 0}, 50));
    CHECK(r.status == InvocationStatus::CycleCap);
    CHECK(r.cycles() == 50);
    CHECK(r.message == "cycle cap reached: cycles 0..50 (50)");
    CHECK(r.results.empty());
  }
}

TEST_CASE("an op error ends the invocation and names the op", "[run]") {
  for (EngineKind kind : {EngineKind::Event, EngineKind::Clocked}) {
    INFO(engineKindName(kind));
    auto net = build(storeThenLoad(NodeKind::Memory), kind);
    // Load from address 9 of a memref<4xi32>: the memory issues the load in c4 (see
    // test_engines.cpp) and fails there; the invocation ends after that cycle.
    InvocationResult r = net->invoke(capped({1, 9, 5}));
    REQUIRE(r.status == InvocationStatus::OpError);
    CHECK(r.endCycle == 5);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].op->name() == "f/mem");
    CHECK(r.message ==
          "handshake.memory 'f/mem' at cycle 4: load port 0: address 9 out of bounds (size 4)");
  }
}

TEST_CASE("Engine::runUntil: goal, quiet cycle, cap", "[run]") {
  for (EngineKind kind : {EngineKind::Event, EngineKind::Clocked}) {
    INFO(engineKindName(kind));
    // A bare circuit, no network: source -> sink runs forever; the predicate decides.
    Circuit c;
    auto& src = c.add<models::Source>("src");
    auto& snk = c.add<models::Sink>("snk");
    c.connect(src, 0, snk, 0, Type::none());
    REQUIRE(c.seal().empty());
    auto engine = makeEngine(kind, c);
    // The source pushes from c0 on, the sink pops from c1 on: 4 pops after 5 cycles.
    RunResult r = engine->runUntil([&] { return c.channel(0).pops() == 4; }, 100);
    CHECK(r.status == RunStatus::Done);
    CHECK(r.cycles == 5);
    CHECK(engine->runUntil([] { return false; }, 7).status == RunStatus::CycleCap);
    CHECK(engine->cycle() == 12);
    CHECK(engine->runUntil([] { return true; }, 7).cycles == 0);
  }
  // Nothing to do at all (an empty circuit): the first cycle is quiet.
  Circuit c;
  REQUIRE(c.seal().empty());
  auto engine = makeEngine(EngineKind::Event, c);
  CHECK(engine->runUntil([] { return false; }, 7).status == RunStatus::Deadlock);
}

TEST_CASE("wiring errors are reported and the network refuses to run", "[run]") {
  Circuit c;
  auto& src = c.add<models::Source>("src");
  c.add<models::Sink>("snk");
  auto& other = c.add<models::Sink>("other");
  c.connect(src, 0, other, 0, Type::none());
  c.connect(src, 0, other, 0, Type::none());
  std::vector<std::string> errors = c.seal();
  REQUIRE(errors.size() == 3);
  CHECK(errors[0] ==
        "channel src:0 -> other:0: output port 0 of 'src' is missing or already bound");
  CHECK(errors[1] ==
        "channel src:0 -> other:0: input port 0 of 'other' is missing or already bound");
  CHECK(errors[2] == "handshake.sink 'snk': input 0 is not connected");
}
