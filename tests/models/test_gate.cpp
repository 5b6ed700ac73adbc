// dataflow.gate: spec example, zero-trip, bursts, phases, back-pressure.
#include "models/gate.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

struct GateBench {
  Bench b;
  Gate& g;
  RecordSink* value = nullptr;
  RecordSink* cond = nullptr;
  GateBench(Tokens values, Tokens conds, RecordSink::Pattern condAccept = {})
      : g(b.add<Gate>("g")) {
    b.feed(g, Gate::kBeforeValue, Type::index(), std::move(values));
    b.feed(g, Gate::kBeforeCond, Type::i1(), std::move(conds));
    value = &b.collect(g, Gate::kAfterValue, Type::index());
    cond = &b.collect(g, Gate::kAfterCond, Type::i1(), std::move(condAccept));
  }
};

} // namespace

MODEL_TEST_CASE("gate: spec example [0..4]/[T,T,T,T,F]", "[gate]") {
  // The sources push pair k in cycle k (k = 0..4); the gate sees it and fires in k+1:
  //   c1 NeedHead T: push value 0          -> NeedNext
  //   c2 NeedNext T: push value 1, cond T  c3: 2,T   c4: 3,T
  //   c5 NeedNext F: push cond F           -> NeedHead
  // Sinks pop one cycle after each push.
  GateBench gb(ints({0, 1, 2, 3, 4}), {T, T, T, T, F});
  SECTION("tokens and cycles") {
    gb.b.run(10);
    CHECK(gb.value->values() == ints({0, 1, 2, 3}));
    CHECK(gb.cond->values() == Tokens{T, T, T, F});
    CHECK(gb.value->cycles() == std::vector<uint64_t>{2, 3, 4, 5});
    CHECK(gb.cond->cycles() == std::vector<uint64_t>{3, 4, 5, 6});
    CHECK(gb.g.stats().firings == 5);
    CHECK(gb.b.quiescent());
  }
  SECTION("phase transitions") {
    CHECK(gb.g.phaseName() == std::string("NeedHead"));
    gb.b.run(2); // c0, c1: head
    CHECK(gb.g.phaseName() == std::string("NeedNext"));
    CHECK_FALSE(gb.g.isQuiescent());
    gb.b.run(3); // c2..c4
    CHECK(gb.g.phase() == static_cast<int>(Gate::Phase::NeedNext));
    gb.b.run(1); // c5: terminating false
    CHECK(gb.g.phaseName() == std::string("NeedHead"));
    CHECK(gb.g.isQuiescent());
  }
}

MODEL_TEST_CASE("gate: a lone false (zero-trip activation) emits nothing", "[gate]") {
  GateBench gb(ints({7}), {F});
  gb.b.run(1);
  gb.b.run(1); // c1: NeedHead F: consume, emit nothing, stay
  CHECK(gb.g.phaseName() == std::string("NeedHead"));
  CHECK(gb.g.stats().firings == 1);
  gb.b.run(8);
  CHECK(gb.value->count() == 0);
  CHECK(gb.cond->count() == 0);
  CHECK(gb.b.quiescent()); // both inputs consumed
}

MODEL_TEST_CASE("gate: bursts reset after each terminating false", "[gate]") {
  // Burst 1 (N=2): a T, b T, c F -> value a b, cond T F.
  // Burst 2 (N=0): d F -> nothing.
  // Burst 3 (N=1): e T, f F -> value e, cond F.
  GateBench gb(ints({1, 2, 3, 4, 5, 6}), {T, T, F, F, T, F});
  gb.b.run(12);
  CHECK(gb.value->values() == ints({1, 2, 5}));
  CHECK(gb.cond->values() == Tokens{T, F, F});
  // Pair k fires in cycle k+1; pushes of cycle c are popped in c+1.
  CHECK(gb.value->cycles() == std::vector<uint64_t>{2, 3, 6});
  CHECK(gb.cond->cycles() == std::vector<uint64_t>{3, 4, 7});
  CHECK(gb.g.isQuiescent());
}

MODEL_TEST_CASE("gate: back-pressure on after_cond", "[gate]") {
  // after_cond's sink pops only from cycle 8 on.
  //   c1 head push v0; c2 push v1,T (cond ch 1); c3 push v2,T (cond ch 2, full)
  //   c4..c8: NeedNext T needs after_cond space: stall (the pop in c8 frees it for c9)
  //   c9 push v3,T; c10 push F.
  // after_value pops: 2,3,4,10. after_cond pops: 8 (T of c2), 9 (T of c3), 10, 11.
  GateBench gb(ints({0, 1, 2, 3, 4}), {T, T, T, T, F}, [](uint64_t c) { return c >= 8; });
  gb.b.run(14);
  CHECK(gb.value->values() == ints({0, 1, 2, 3}));
  CHECK(gb.value->cycles() == std::vector<uint64_t>{2, 3, 4, 10});
  CHECK(gb.cond->values() == Tokens{T, T, T, F});
  CHECK(gb.cond->cycles() == std::vector<uint64_t>{8, 9, 10, 11});
  CHECK(gb.g.stats().outputStallCycles == 5); // c4..c8
  CHECK(gb.g.stats().firings == 5);
  CHECK(gb.b.quiescent());
}
