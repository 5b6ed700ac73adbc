// dataflow.carry: the brief's example, phases, reset between bursts, back-pressure.
#include "models/carry.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

constexpr Bits A = 10, B = 20, C = 1, D = 2, E = 3, Fv = 4, G = 5, H = 6;

struct CarryBench {
  Bench b;
  Carry& c;
  RecordSink* o = nullptr;
  CarryBench(Tokens d, Tokens a, Tokens bb, RecordSink::Pattern accept = {})
      : c(b.add<Carry>("c")) {
    b.feed(c, Carry::kD, Type::i1(), std::move(d));
    b.feed(c, Carry::kA, Type::index(), std::move(a));
    b.feed(c, Carry::kB, Type::index(), std::move(bb));
    o = &b.collect(c, Carry::kO, Type::index(), std::move(accept));
  }
};

} // namespace

MODEL_TEST_CASE("carry: d=[T,T,F,T,T,T,T,F] a=[A,B] b=[C..H] gives [A,C,D,B,E,F,G,H]", "[carry]") {
  // One firing per cycle, inputs always there in time:
  //   c1 Init(A, push)  c2 Cond T  c3 Loop(C, push)  c4 Cond T  c5 Loop(D, push)
  //   c6 Cond F -> NeedInit (second burst)
  //   c7 Init(B, push)  c8 T  c9 E  c10 T  c11 F  c12 T  c13 G  c14 T  c15 H  c16 F
  // Pushes in 1,3,5,7,9,11,13,15 -> popped in 2,4,...,16.
  CarryBench cb({T, T, F, T, T, T, T, F}, {A, B}, {C, D, E, Fv, G, H});
  SECTION("tokens and cycles") {
    cb.b.run(20);
    CHECK(cb.o->values() == Tokens{A, C, D, B, E, Fv, G, H});
    CHECK(cb.o->cycles() == std::vector<uint64_t>{2, 4, 6, 8, 10, 12, 14, 16});
    CHECK(cb.c.stats().firings == 16); // 2 inits + 8 conds + 6 loops
    CHECK(cb.c.isQuiescent());
    CHECK(cb.b.quiescent());
  }
  SECTION("phase transitions") {
    const char* expect[] = {"NeedInit", // after c0
                            "NeedCond", "NeedLoop", "NeedCond", "NeedLoop", "NeedCond",
                            "NeedInit", // c6: d false resets
                            "NeedCond", "NeedLoop"};
    for (const char* p : expect) {
      cb.b.run(1);
      CHECK(cb.c.phaseName() == std::string(p));
    }
    cb.b.run(8); // through c16
    CHECK(cb.c.phaseName() == std::string("NeedInit"));
  }
}

MODEL_TEST_CASE("carry: NeedCond consumes d only, false emits nothing", "[carry]") {
  // a=[A], d=[F]: c1 Init (push A), c2 Cond F -> NeedInit; one output token only.
  CarryBench cb({F}, {A}, {});
  cb.b.run(2);
  CHECK(cb.c.phaseName() == std::string("NeedCond"));
  cb.b.run(1);
  CHECK(cb.c.phaseName() == std::string("NeedInit"));
  cb.b.run(5);
  CHECK(cb.o->values() == Tokens{A});
  CHECK(cb.b.quiescent());
}

MODEL_TEST_CASE("carry: waits in NeedLoop for b", "[carry]") {
  // b arrives in cycle 6 (pushed in 5): c1 Init, c2 Cond T, c3..c5 wait (input stall),
  // c6 Loop pushes, c7 Cond F.
  Bench b;
  auto& c = b.add<Carry>("c");
  b.feed(c, Carry::kD, Type::i1(), {T, F});
  b.feed(c, Carry::kA, Type::index(), {A});
  b.feed(c, Carry::kB, Type::index(), {C}, 0, /*start=*/5);
  auto& o = b.collect(c, Carry::kO, Type::index());
  b.run(10);
  CHECK(o.values() == Tokens{A, C});
  CHECK(o.cycles() == std::vector<uint64_t>{2, 7});
  CHECK(c.stats().inputStallCycles == 3);
}

MODEL_TEST_CASE("carry: back-pressure, the sink pops every fourth cycle", "[carry]") {
  // Output channel capacity 2; the sink pops in cycles 4, 8, 12, ...
  //   c1 push A (1)  c2 T  c3 push C (2)  c4 pop A (1)  c5 push D (2)  c6 F
  //   c7 Init B: full -> stall; c8 stall (the pop of c8 is visible in c9); c9 push B
  //   c10 T, c11-12 stall, c13 push E; c14 T, c15-16 stall, c17 push F; c18 T, c19-20
  //   stall, c21 G; c22 T, c23-24 stall, c25 H; c26 F.
  CarryBench cb({T, T, F, T, T, T, T, F}, {A, B}, {C, D, E, Fv, G, H},
                [](uint64_t c) { return c % 4 == 0; });
  cb.b.run(34);
  CHECK(cb.o->values() == Tokens{A, C, D, B, E, Fv, G, H});
  CHECK(cb.o->cycles() == std::vector<uint64_t>{4, 8, 12, 16, 20, 24, 28, 32});
  CHECK(cb.c.stats().outputStallCycles == 10);
  CHECK(cb.c.stats().firings == 16);
  CHECK(cb.b.quiescent());
}

MODEL_TEST_CASE("carry: a waiting phase awaits its own input only", "[carry][await]") {
  // NeedCond waits for the condition: an early init value for the next activation does
  // not let it fire, so the event engine need not evaluate it for that token.
  Bench b;
  auto& c = b.add<Carry>("c");
  b.feed(c, Carry::kA, Type::index(), {5, 6});
  b.feed(c, Carry::kD, Type::i1(), {});
  b.feed(c, Carry::kB, Type::index(), {});
  b.collect(c, Carry::kO, Type::index());
  b.run(4); // c1 NeedInit pushes 5; then NeedCond, with 6 waiting on A
  REQUIRE(c.phase() == static_cast<int>(Carry::Phase::NeedCond));
  CHECK(c.lastStatus() == CycleStatus::InputStall);
  CHECK(c.awaits(Carry::kD));
  CHECK_FALSE(c.awaits(Carry::kA));
  CHECK_FALSE(c.awaits(Carry::kB));
}
