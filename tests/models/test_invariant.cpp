// dataflow.invariant: the brief's example, phases, reset, back-pressure.
#include "models/invariant.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

constexpr Bits A = 10, B = 20;

struct InvariantBench {
  Bench b;
  Invariant& inv;
  RecordSink* o = nullptr;
  InvariantBench(Tokens d, Tokens a, RecordSink::Pattern accept = {}, int outCapacity = 0)
      : inv(b.add<Invariant>("inv")) {
    b.feed(inv, Invariant::kD, Type::i1(), std::move(d));
    b.feed(inv, Invariant::kA, Type::index(), std::move(a));
    o = &b.collect(inv, Invariant::kO, Type::index(), std::move(accept), outCapacity);
  }
};

} // namespace

MODEL_TEST_CASE("invariant: d=[T,T,F,T,T,T,T,F] a=[A,B] gives [A,A,A,B,B,B,B,B]", "[invariant]") {
  //   c1 Init(A, push)  c2 T push  c3 T push  c4 F -> NeedInit (nothing)
  //   c5 Init(B, push)  c6..c9 T push  c10 F -> NeedInit
  // Pushes in 1,2,3,5,6,7,8,9 -> popped one cycle later.
  InvariantBench ib({T, T, F, T, T, T, T, F}, {A, B});
  SECTION("tokens and cycles") {
    ib.b.run(14);
    CHECK(ib.o->values() == Tokens{A, A, A, B, B, B, B, B});
    CHECK(ib.o->cycles() == std::vector<uint64_t>{2, 3, 4, 6, 7, 8, 9, 10});
    CHECK(ib.inv.stats().firings == 10);
    CHECK(ib.inv.isQuiescent());
    CHECK(ib.b.quiescent());
  }
  SECTION("phase transitions and the stored value") {
    ib.b.run(2); // c0, c1: Init A
    CHECK(ib.inv.phaseName() == std::string("NeedCond"));
    CHECK(ib.inv.stored() == A);
    ib.b.run(2); // c2, c3: T, T
    CHECK(ib.inv.phaseName() == std::string("NeedCond"));
    ib.b.run(1); // c4: F
    CHECK(ib.inv.phaseName() == std::string("NeedInit"));
    CHECK(ib.inv.isQuiescent());
    ib.b.run(1); // c5: Init B
    CHECK(ib.inv.phaseName() == std::string("NeedCond"));
    CHECK(ib.inv.stored() == B);
  }
}

MODEL_TEST_CASE("invariant: a false needs no output space", "[invariant]") {
  // Output capacity 1, sink pops only from c10: c1 Init pushes A (output now full),
  // c2 d=F fires anyway (no push) -> NeedInit.
  InvariantBench ib(
      {F}, {A}, [](uint64_t c) { return c >= 10; }, 1);
  ib.b.run(3);
  CHECK(ib.inv.phaseName() == std::string("NeedInit"));
  CHECK(ib.inv.stats().firings == 2);
  ib.b.run(10);
  CHECK(ib.o->got() == Got{{10, A}});
}

MODEL_TEST_CASE("invariant: back-pressure, capacity-1 output", "[invariant]") {
  // Each push fills the channel; the pop in the next cycle frees it one cycle later:
  //   c1 push A; c2 stall; c3 push A; c4 stall; c5 push A; c6 F (no push needed)
  //   c7 Init push B; c8 stall; c9 B; c10 stall; c11 B; c12 stall; c13 B; c14 stall;
  //   c15 B; c16 F.
  InvariantBench ib({T, T, F, T, T, T, T, F}, {A, B}, {}, 1);
  ib.b.run(20);
  CHECK(ib.o->values() == Tokens{A, A, A, B, B, B, B, B});
  CHECK(ib.o->cycles() == std::vector<uint64_t>{2, 4, 6, 8, 10, 12, 14, 16});
  CHECK(ib.inv.stats().outputStallCycles == 6);
  CHECK(ib.b.quiescent());
}
