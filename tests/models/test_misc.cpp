// handshake.sink, handshake.source, handshake.constant, handshake.return, handshake.br,
// handshake.never.
#include "models/br.h"
#include "models/constant.h"
#include "models/merge.h"
#include "models/never.h"
#include "models/return.h"
#include "models/sink.h"
#include "models/source.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

MODEL_TEST_CASE("sink: pops every cycle", "[sink]") {
  Bench b;
  auto& k = b.add<Sink>("k");
  auto& src = b.feed(k, Sink::kIn, Type::index(), {1, 2, 3});
  b.run(6);
  CHECK(src.pushCycles() == std::vector<uint64_t>{0, 1, 2});
  CHECK(k.stats().firings == 3);
  CHECK(k.inputChannel(Sink::kIn)->pops() == 3);
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("source: one none token per cycle while there is space", "[source]") {
  SECTION("free-running") {
    Bench b;
    auto& s = b.add<Source>("s");
    auto& o = b.collect(s, Source::kOut, Type::none());
    b.run(5);
    CHECK(o.got() == Got{{1, 0}, {2, 0}, {3, 0}, {4, 0}});
    CHECK(s.stats().firings == 5);
  }
  SECTION("back-pressure") {
    // Sink pops every third cycle; capacity 2: pushes c0, c1, then one per freed slot.
    Bench b;
    auto& s = b.add<Source>("s");
    auto& o = b.collect(s, Source::kOut, Type::none(), [](uint64_t c) { return c % 3 == 0; });
    b.run(10);
    CHECK(o.cycles() == std::vector<uint64_t>{3, 6, 9});
    CHECK(s.stats().firings == 4);                      // c0, c1, c4, c7
    CHECK(s.outputChannel(Source::kOut)->count() == 1); // c7 push, c9 pop
  }
}

MODEL_TEST_CASE("constant: one value per control token", "[constant]") {
  Bench b;
  auto& k = b.add<Constant>("k", 42);
  b.feed(k, Constant::kCtrl, Type::none(), {0, 0}, 0, /*start=*/2);
  auto& o = b.collect(k, Constant::kOut, Type::integer(32));
  b.run(8);
  // ctrl pushed in c2, c3; constant fires in c3, c4; sink pops in c4, c5.
  CHECK(o.got() == Got{{4, 42}, {5, 42}});
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("return: results leave with the control token", "[return]") {
  // Result pushed in c0, ctrl in c3: return fires in c4, sinks pop in c5.
  Bench b;
  auto& r = b.add<Return>("ret", 2);
  b.feed(r, 0, Type::integer(32), {5});
  b.feed(r, 1, Type::f64(), {0x4009000000000000ull});
  b.feed(r, r.ctrlInput(), Type::none(), {0}, 0, /*start=*/3);
  auto& r0 = b.collect(r, 0, Type::integer(32));
  auto& r1 = b.collect(r, 1, Type::f64());
  auto& done = b.collect(r, r.doneOutput(), Type::none());
  b.run(8);
  CHECK(r0.got() == Got{{5, 5}});
  CHECK(r1.values() == Tokens{0x4009000000000000ull});
  CHECK(done.got() == Got{{5, 0}});
  CHECK(r.stats().inputStallCycles == 3);
  SECTION("no results: forwards the control token") {
    Bench b2;
    auto& r2 = b2.add<Return>("ret", 0);
    b2.feed(r2, r2.ctrlInput(), Type::none(), {0});
    auto& d2 = b2.collect(r2, r2.doneOutput(), Type::none());
    b2.run(4);
    CHECK(d2.got() == Got{{2, 0}});
  }
}

MODEL_TEST_CASE("br: passes each token on unchanged, one per cycle", "[br]") {
  SECTION("free-flowing") {
    // Tokens pushed in c0, c1, c2; br fires in c1, c2, c3; the sink pops in c2, c3, c4.
    Bench b;
    auto& br = b.add<Br>("br");
    b.feed(br, Br::kIn, Type::integer(32), {7, 8, 9});
    auto& o = b.collect(br, Br::kOut, Type::integer(32));
    b.run(8);
    CHECK(o.got() == Got{{2, 7}, {3, 8}, {4, 9}});
    CHECK(br.stats().firings == 3);
    CHECK(std::string(br.kindName()) == "handshake.br");
    CHECK(br.phaseCount() == 0);
    CHECK(b.quiescent());
  }
  SECTION("back-pressure") {
    // The sink pops only in cycles divisible by 4: br stalls on its output in between and
    // every value still arrives, in order.
    Bench b;
    auto& br = b.add<Br>("br");
    b.feed(br, Br::kIn, Type::integer(32), {1, 2, 3, 4});
    auto& o = b.collect(br, Br::kOut, Type::integer(32), [](uint64_t c) { return c % 4 == 0; });
    b.run(24);
    CHECK(o.values() == Tokens{1, 2, 3, 4});
    CHECK(br.stats().outputStallCycles > 0);
    CHECK(b.quiescent());
  }
}

MODEL_TEST_CASE("never: no token, no stall, always at rest", "[never]") {
  Bench b;
  auto& n = b.add<Never>("n");
  auto& o = b.collect(n, Never::kOut, Type::integer(32));
  b.run(6);
  CHECK(o.got().empty());
  CHECK(n.stats().firings == 0);
  CHECK(n.stats().activeCycles == 0);
  CHECK(n.stats().inputStallCycles == 0); // it waits for nothing: idle
  CHECK(n.stats().outputStallCycles == 0);
  CHECK(n.lastStatus() == CycleStatus::Idle);
  CHECK(n.isQuiescent());
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("never: a merge of a never passes its other input's tokens", "[never][merge]") {
  // 4, 5 pushed c0, c1; the merge fires c1, c2; the sink pops c2, c3.
  Bench b;
  auto& n = b.add<Never>("n");
  auto& m = b.add<Merge>("m", 2);
  b.feed(m, 0, Type::integer(32), {4, 5});
  b.connect(n, Never::kOut, m, 1, Type::integer(32));
  auto& o = b.collect(m, Merge::kOut, Type::integer(32));
  b.run(6);
  CHECK(o.got() == Got{{2, 4}, {3, 5}});
  CHECK(m.stats().firings == 2);
  CHECK(b.quiescent());
}
