// loom.entry: the host's tokens into the network (sim/host_end.h, EntrySource).
#include "sim/host_end.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

MODEL_TEST_CASE("entry: each output sends its token once per arming, independently", "[entry]") {
  // out1's sink takes nothing before c4 and its channel holds one token: out1 of the
  // second call waits for the slot that pop frees (c5) while out0 goes at once.
  Bench b;
  auto& e = b.add<sim::EntrySource>("entry", 2);
  auto& a = b.collect(e, 0, Type::integer(32));
  auto& k = b.collect(
      e, 1, Type::none(), [](uint64_t c) { return c >= 4; }, 1);
  REQUIRE(e.arm({5, 0}));
  CHECK_FALSE(e.isQuiescent());
  CHECK_FALSE(e.arm({9, 0})); // its tokens are not sent yet
  b.run(2);                   // c0: both sent
  CHECK(e.isQuiescent());
  REQUIRE(e.arm({6, 0}));
  b.engine().wake(b.circuit.indexOf(e)); // as the host does
  b.run(7);                              // c2: out0 sent; out1 full until the pop in c4
  CHECK(a.got() == Got{{1, 5}, {3, 6}});
  CHECK(k.got() == Got{{4, 0}, {6, 0}});
  CHECK(e.stats().firings == 4); // c0 twice, c2, c5
  CHECK(b.quiescent());
}
