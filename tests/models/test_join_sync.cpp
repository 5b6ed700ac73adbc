// handshake.join and handshake.sync.
#include "models/join.h"
#include "models/sync.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

MODEL_TEST_CASE("join: one none token when every input has one", "[join]") {
  // Inputs 0 and 1 arrive in c1; input 2 is pushed in c3, visible in c4: the join
  // fires in c4 (input stall c1..c3) and its sink pops in c5.
  Bench b;
  auto& j = b.add<Join>("j", 3);
  b.feed(j, 0, Type::none(), {0, 0});
  b.feed(j, 1, Type::integer(32), {7, 8});
  b.feed(j, 2, Type::none(), {0, 0}, 0, /*start=*/3);
  auto& o = b.collect(j, Join::kOut, Type::none());
  b.run(10);
  CHECK(o.got() == std::vector<std::pair<uint64_t, Bits>>{{5, 0}, {6, 0}});
  CHECK(j.stats().inputStallCycles == 3);
  CHECK(b.quiescent());
}

MODEL_TEST_CASE("sync: inputs pass together to their outputs", "[sync]") {
  // Output 1 has capacity 1; its sink pops from c5. c1 passes (1, 10); c2..c5 stall
  // (output 1 full); c6 passes (2, 20).
  Bench b;
  auto& s = b.add<Sync>("s", 2);
  b.feed(s, 0, Type::index(), {1, 2});
  b.feed(s, 1, Type::index(), {10, 20});
  auto& o0 = b.collect(s, 0, Type::index());
  auto& o1 = b.collect(
      s, 1, Type::index(), [](uint64_t c) { return c >= 5; }, 1);
  b.run(10);
  CHECK(o0.got() == std::vector<std::pair<uint64_t, Bits>>{{2, 1}, {7, 2}});
  CHECK(o1.got() == std::vector<std::pair<uint64_t, Bits>>{{5, 10}, {7, 20}});
  CHECK(s.stats().outputStallCycles == 4);
  CHECK(b.quiescent());
}
