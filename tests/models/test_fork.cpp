// handshake.fork (eager) and handshake.lazy_fork.
#include "models/fork.h"
#include "models/lazy_fork.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

MODEL_TEST_CASE("fork: every token reaches every output once", "[fork]") {
  // Tokens pushed in c0, c1, c2; the fork copies each in the next cycle to both
  // outputs; the sinks pop one cycle later.
  Bench b;
  auto& f = b.add<Fork>("f", 2);
  b.feed(f, Fork::kIn, Type::index(), {1, 2, 3});
  auto& o0 = b.collect(f, 0, Type::index());
  auto& o1 = b.collect(f, 1, Type::index());
  b.run(8);
  CHECK(o0.got() == Got{{2, 1}, {3, 2}, {4, 3}});
  CHECK(o1.got() == o0.got());
  CHECK(f.stats().firings == 6); // one per copy sent
  CHECK(f.stats().activeCycles == 3);
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("fork: half-sent state under back-pressure", "[fork]") {
  // Output 1 has capacity 1 and its sink pops only from c5.
  //   c1 token 1: both copies sent, input popped (output 1 now full)
  //   c2 token 2: copy 0 sent; output 1 full -> half-sent, input kept
  //   c3, c4, c5: output stall (the pop in c5 is visible in c6); copy 0 not resent
  //   c6 copy 1 of token 2 sent, input popped
  Bench b;
  auto& f = b.add<Fork>("f", 2);
  b.feed(f, Fork::kIn, Type::index(), {1, 2});
  auto& o0 = b.collect(f, 0, Type::index());
  auto& o1 = b.collect(
      f, 1, Type::index(), [](uint64_t c) { return c >= 5; }, 1);
  b.run(2);
  CHECK(f.isQuiescent());
  b.run(1); // c2
  CHECK(f.sent(0));
  CHECK_FALSE(f.sent(1));
  CHECK_FALSE(f.isQuiescent());
  b.run(3); // c3..c5
  CHECK_FALSE(f.isQuiescent());
  b.run(1); // c6
  CHECK(f.isQuiescent());
  b.run(4);
  CHECK(o0.got() == Got{{2, 1}, {3, 2}});
  CHECK(o1.got() == Got{{5, 1}, {7, 2}});
  CHECK(f.stats().firings == 4);
  CHECK(f.stats().outputStallCycles == 3);
  CHECK(b.quiescent());
  checkEnginesAgree(
      [](Bench& x) {
        auto& f = x.add<Fork>("f", 2);
        x.feed(f, Fork::kIn, Type::index(), {1, 2});
        x.collect(f, 0, Type::index());
        x.collect(
            f, 1, Type::index(), [](uint64_t c) { return c >= 5; }, 1);
      },
      12);
}

MODEL_TEST_CASE("lazy_fork: all outputs at once, only when all have space", "[fork][lazy_fork]") {
  // Same back-pressure as above: c1 sends token 1 to both; c2..c5 output 1 is full, so
  // nothing is sent (not even to output 0); c6 sends token 2 to both.
  Bench b;
  auto& f = b.add<LazyFork>("f", 2);
  b.feed(f, LazyFork::kIn, Type::index(), {1, 2});
  auto& o0 = b.collect(f, 0, Type::index());
  auto& o1 = b.collect(
      f, 1, Type::index(), [](uint64_t c) { return c >= 5; }, 1);
  b.run(10);
  CHECK(o0.got() == Got{{2, 1}, {7, 2}});
  CHECK(o1.got() == Got{{5, 1}, {7, 2}});
  CHECK(f.stats().firings == 2);
  CHECK(f.stats().outputStallCycles == 4);
  CHECK(b.quiescent());
}
