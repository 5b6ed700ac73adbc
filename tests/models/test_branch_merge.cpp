// handshake.cond_br, handshake.mux, handshake.merge, handshake.control_merge.
#include "models/cond_br.h"
#include "models/control_merge.h"
#include "models/merge.h"
#include "models/mux.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

MODEL_TEST_CASE("cond_br: routes by the condition", "[cond_br]") {
  Bench b;
  auto& br = b.add<CondBr>("br");
  b.feed(br, CondBr::kCond, Type::i1(), {T, F, T});
  b.feed(br, CondBr::kData, Type::index(), {1, 2, 3});
  auto& t = b.collect(br, CondBr::kTrue, Type::index());
  auto& f = b.collect(br, CondBr::kFalse, Type::index());
  // Pair k fires in c(k+1), popped in c(k+2).
  b.run(8);
  CHECK(t.got() == Got{{2, 1}, {4, 3}});
  CHECK(f.got() == Got{{3, 2}});
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("cond_br: a full untaken output does not block", "[cond_br]") {
  // The true output has capacity 1, holds a token, and its sink never pops; cond=F
  // routes to the false output in c1 all the same.
  Bench b;
  auto& br = b.add<CondBr>("br");
  b.feed(br, CondBr::kCond, Type::i1(), {F, T});
  b.feed(br, CondBr::kData, Type::index(), {5, 6});
  auto& t = b.collect(
      br, CondBr::kTrue, Type::index(), [](uint64_t) { return false; }, 1);
  auto& f = b.collect(br, CondBr::kFalse, Type::index());
  b.outputChannel(br, CondBr::kTrue).preload(99);
  b.run(6);
  CHECK(f.got() == Got{{2, 5}});
  CHECK(t.count() == 0);
  // The second pair (true) waits for the full true output: an output stall.
  CHECK(br.stats().outputStallCycles == 4); // c2..c5
  CHECK(br.inputChannel(CondBr::kData)->count() == 1);
}

MODEL_TEST_CASE("mux: the select picks one data input and only it is consumed", "[mux]") {
  SECTION("tokens and cycles") {
    // c1 sel=1 -> 20; c2 sel=0 -> 10; c3 sel=1 -> 21. Data 0's second token stays.
    Bench b;
    auto& m = b.add<Mux>("m", 2);
    b.feed(m, Mux::kSelect, Type::index(), {1, 0, 1});
    b.feed(m, Mux::kFirstData + 0, Type::integer(32), {10, 11});
    b.feed(m, Mux::kFirstData + 1, Type::integer(32), {20, 21});
    auto& o = b.collect(m, Mux::kOut, Type::integer(32));
    b.run(8);
    CHECK(o.got() == Got{{2, 20}, {3, 10}, {4, 21}});
    CHECK(m.inputChannel(Mux::kFirstData + 0)->count() == 1);
    CHECK(m.inputChannel(Mux::kFirstData + 0)->front() == 11);
  }
  SECTION("waits for the selected input, ignoring the other") {
    // sel=0 from c1, data 0 pushed in c4: fires in c5; data 1's token is left alone.
    Bench b;
    auto& m = b.add<Mux>("m", 2);
    b.feed(m, Mux::kSelect, Type::i1(), {0});
    b.feed(m, Mux::kFirstData + 0, Type::integer(32), {10}, 0, 4);
    b.feed(m, Mux::kFirstData + 1, Type::integer(32), {20});
    auto& o = b.collect(m, Mux::kOut, Type::integer(32));
    b.run(8);
    CHECK(o.got() == Got{{6, 10}});
    CHECK(m.inputChannel(Mux::kFirstData + 1)->count() == 1);
    // c1..c4 (select waits for data 0), c6, c7 (data 1 waits for a select)
    CHECK(m.stats().inputStallCycles == 6);
  }
  SECTION("select out of range is an op error") {
    Bench b;
    auto& m = b.add<Mux>("m", 2);
    b.feed(m, Mux::kSelect, Type::index(), {2});
    b.feed(m, Mux::kFirstData + 0, Type::integer(32), {10});
    b.feed(m, Mux::kFirstData + 1, Type::integer(32), {20});
    b.collect(m, Mux::kOut, Type::integer(32));
    CHECK(b.runUntil([] { return false; }, 5).status == sim::RunStatus::OpError);
    REQUIRE(b.errors().size() == 1);
    CHECK(b.errors().all()[0].str() ==
          "handshake.mux 'm' at cycle 1: select value 2 out of range (2 data inputs)");
  }
}

MODEL_TEST_CASE("merge: lowest valid input wins", "[merge]") {
  // c1: inputs 0 (1) and 1 (10) valid -> 1; c2: input 0 (2) -> 2; c3: input 1 -> 10.
  Bench b;
  auto& m = b.add<Merge>("m", 2);
  b.feed(m, 0, Type::index(), {1, 2});
  b.feed(m, 1, Type::index(), {10});
  auto& o = b.collect(m, Merge::kOut, Type::index());
  b.run(8);
  CHECK(o.got() == Got{{2, 1}, {3, 2}, {4, 10}});
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("control_merge: merge plus the winning index", "[merge][control_merge]") {
  Bench b;
  auto& m = b.add<ControlMerge>("cm", 2);
  b.feed(m, 0, Type::none(), {0, 0});
  b.feed(m, 1, Type::none(), {0});
  auto& o = b.collect(m, ControlMerge::kResult, Type::none());
  auto& idx = b.collect(m, ControlMerge::kIndex, Type::index());
  b.run(8);
  CHECK(o.cycles() == std::vector<uint64_t>{2, 3, 4});
  CHECK(idx.got() == Got{{2, 0}, {3, 0}, {4, 1}});
  SECTION("needs both outputs") {
    Bench b2;
    auto& m2 = b2.add<ControlMerge>("cm", 1);
    b2.feed(m2, 0, Type::index(), {5});
    b2.collect(m2, ControlMerge::kResult, Type::index());
    auto& i2 = b2.collect(
        m2, ControlMerge::kIndex, Type::index(), [](uint64_t) { return false; }, 1);
    b2.outputChannel(m2, ControlMerge::kIndex).preload(0);
    b2.run(5);
    CHECK(m2.stats().firings == 0);
    CHECK(m2.stats().outputStallCycles == 4);
    CHECK(i2.count() == 0);
  }
}

MODEL_TEST_CASE("an input-stalled op awaits only the inputs that can complete a firing",
                "[await]") {
  // Op::awaits() lets the event engine skip a waiting op when a token arrives on an
  // input no firing is missing; every port is awaited unless the model narrows it.
  SECTION("cond_br: data in, condition missing") {
    Bench b;
    auto& br = b.add<CondBr>("br");
    b.feed(br, CondBr::kCond, Type::i1(), {});
    b.feed(br, CondBr::kData, Type::index(), {7});
    b.collect(br, CondBr::kTrue, Type::index());
    b.collect(br, CondBr::kFalse, Type::index());
    b.run(3);
    CHECK(br.lastStatus() == CycleStatus::InputStall);
    CHECK(br.awaits(CondBr::kCond));
    CHECK_FALSE(br.awaits(CondBr::kData));
  }
  SECTION("mux: select in, the selected data missing") {
    Bench b;
    auto& m = b.add<Mux>("m", 2);
    b.feed(m, Mux::kSelect, Type::index(), {1});
    b.feed(m, Mux::kFirstData + 0, Type::integer(32), {10});
    b.feed(m, Mux::kFirstData + 1, Type::integer(32), {});
    b.collect(m, Mux::kOut, Type::integer(32));
    b.run(3);
    CHECK(m.lastStatus() == CycleStatus::InputStall);
    CHECK(m.awaits(Mux::kFirstData + 1));
    CHECK_FALSE(m.awaits(Mux::kFirstData + 0));
    CHECK_FALSE(m.awaits(Mux::kSelect));
  }
  SECTION("mux: select missing, so every input is awaited") {
    Bench b;
    auto& m = b.add<Mux>("m", 2);
    b.feed(m, Mux::kSelect, Type::index(), {});
    b.feed(m, Mux::kFirstData + 0, Type::integer(32), {10});
    b.feed(m, Mux::kFirstData + 1, Type::integer(32), {});
    b.collect(m, Mux::kOut, Type::integer(32));
    b.run(3);
    CHECK(m.lastStatus() == CycleStatus::InputStall);
    CHECK(m.awaits(Mux::kSelect));
    CHECK(m.awaits(Mux::kFirstData + 1));
  }
  SECTION("an op that fired awaits everything again") {
    Bench b;
    auto& br = b.add<CondBr>("br");
    b.feed(br, CondBr::kCond, Type::i1(), {T});
    b.feed(br, CondBr::kData, Type::index(), {7});
    b.collect(br, CondBr::kTrue, Type::index());
    b.collect(br, CondBr::kFalse, Type::index());
    b.run(2); // c1 fires
    CHECK(br.lastStatus() == CycleStatus::Fired);
    CHECK(br.awaits(CondBr::kData));
  }
}
