// Invoking one elaborated network many times: results, the continuous cycle axis, FSM
// reset by the network itself, the host's buffers, internal memories re-zeroed, bad
// inputs, the stepwise interface.
#include "dfgs.h"
#include "engine_check.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::sim;
using namespace loom::sim::test;

TEST_CASE("invocations share one network and one cycle axis", "[invoke]") {
  for (EngineKind kind : {EngineKind::Event, EngineKind::Clocked}) {
    INFO(engineKindName(kind));
    auto net = build(sumLoop(), kind);
    // First call: 21 cycles (derived in test_engines.cpp). The FSMs are back in their
    // reset phases afterwards, so an identical second call takes the same 21 cycles.
    InvocationResult a = net->invoke(call({0, 4, 100}));
    REQUIRE(a.done());
    CHECK(a.results == std::vector<Bits>{106});
    CHECK(net->circuit().quiescent());
    InvocationResult b = net->invoke(call({0, 4, 100}));
    REQUIRE(b.done());
    CHECK(b.results == std::vector<Bits>{106});
    CHECK(b.startCycle == a.endCycle);
    CHECK(b.cycles() == a.cycles());
    // Different arguments, still right: 10 + 3 + 4 + 5 + 6 = 28; a zero-trip loop
    // (lb = ub) returns init untouched.
    CHECK(net->invoke(call({3, 7, 10})).results == std::vector<Bits>{28});
    CHECK(net->invoke(call({5, 5, 42})).results == std::vector<Bits>{42});
    CHECK(net->invocations() == 4);
    CHECK(net->engine().cycle() == net->returnSinks()[0]->log().back().first + 1);
  }
}

TEST_CASE("internal memory is re-zeroed for every invocation", "[invoke]") {
  auto net = build(storeThenLoad(NodeKind::Memory));
  // m[1] = 5; load m[1].
  InvocationResult a = net->invoke(call({1, 1, 5}));
  REQUIRE(a.done());
  CHECK(a.results == std::vector<Bits>{5});
  // m[2] = 7; load m[1]: 0, not the 5 of the previous invocation.
  InvocationResult b = net->invoke(call({2, 1, 7}));
  REQUIRE(b.done());
  CHECK(b.results == std::vector<Bits>{0});
  CHECK(b.startCycle == 8);
  CHECK(b.cycles() == 8);
}

TEST_CASE("extmemory reads and writes the host's buffer of each invocation", "[invoke]") {
  auto net = build(storeThenLoad(NodeKind::ExtMemory));
  models::VectorBacking first(4, 0), second(4, 0);
  second.data() = {10, 11, 12, 13};
  // Store 9 at 0 of `first`, load it back.
  CHECK(net->invoke(call({0, 0, 9}, {&first})).results == std::vector<Bits>{9});
  CHECK(first.data() == std::vector<Bits>{9, 0, 0, 0});
  // Another buffer next time: the load sees that buffer's contents.
  CHECK(net->invoke(call({1, 3, 5}, {&second})).results == std::vector<Bits>{13});
  CHECK(second.data() == std::vector<Bits>{10, 5, 12, 13});
  CHECK(first.data() == std::vector<Bits>{9, 0, 0, 0});
}

TEST_CASE("bad invocation inputs are reported, not run", "[invoke]") {
  auto net = build(storeThenLoad(NodeKind::ExtMemory));
  models::VectorBacking buf(4, 0);
  SECTION("wrong number of scalars") {
    InvocationResult r = net->invoke(call({1, 2}, {&buf}));
    CHECK(r.status == InvocationStatus::BadInput);
    CHECK(r.message == "expected 3 scalar argument(s), got 2");
  }
  SECTION("no buffer for the memref argument") {
    InvocationResult r = net->invoke(call({1, 2, 3}));
    CHECK(r.status == InvocationStatus::BadInput);
    CHECK(r.message == "no host buffer for memref argument 0 (extmemory 'f/mem')");
  }
  CHECK(net->engine().cycle() == 0);
  // The network is still usable.
  CHECK(net->invoke(call({1, 1, 3}, {&buf})).results == std::vector<Bits>{3});
}

TEST_CASE("the stepwise interface is what invoke() does", "[invoke]") {
  auto net = build(sumLoop());
  REQUIRE_FALSE(net->begin(call({0, 4, 100})));
  CHECK(net->invoking());
  // A second begin while running is refused.
  auto again = net->begin(call({0, 4, 100}));
  REQUIRE(again);
  CHECK(again->message == "an invocation is already running");
  int ticks = 0;
  while (!net->tick())
    ++ticks;
  CHECK(ticks + 1 == 21);
  CHECK(net->settled());
  InvocationResult r = net->finish();
  CHECK(r.results == std::vector<Bits>{106});
  CHECK_FALSE(net->invoking());
  // Ticking with no invocation advances the axis (an idle network: quiet cycles).
  net->tick();
  CHECK(net->engine().cycle() == 22);
  CHECK(net->invoke(call({0, 4, 100})).startCycle == 22);
}

TEST_CASE("drain runs to a quiet cycle", "[invoke]") {
  auto net = build(countTo());
  REQUIRE(net->invoke(call({3})).done());
  CHECK(net->drain(100));
  CHECK(net->circuit().quiescent());
}
