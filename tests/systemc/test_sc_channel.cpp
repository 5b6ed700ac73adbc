// ScChannel on its own: the timing model's FIFO through SystemC's evaluate/update
// rule, checked cycle by cycle against the channel rule worked out by hand
// (docs/design.md "The timing model"): a push in cycle t is visible to the consumer in
// t + 1, a slot freed in t is visible to the producer in t + 1, capacity C.
//
// SystemC elaborates once per process: this binary holds one test case.
#include "systemc/sc_channel.h"

#include <catch2/catch.hpp>
#include <systemc>
#include <type_traits>

using namespace loom;
using namespace loom::systemc;

// Direction is in the types: a producer's port cannot pop, a consumer's cannot push.
static_assert(!std::is_base_of_v<ScPopIf, ScPushIf> && !std::is_base_of_v<ScPushIf, ScPopIf>);

namespace {

// What the two ends see of the channel.
struct Seen {
  bool canPush, hasToken;
  Bits front;
  bool operator==(const Seen& o) const {
    return canPush == o.canPush && hasToken == o.hasToken && front == o.front;
  }
};

// One process on the clock edge, scripted per cycle: it records what the ends see,
// pushes and pops as the script says (a push only if can_push, a pop only if
// has_token, as the interfaces require), then records again: within a cycle nothing it
// did may show (the start-of-cycle state holds until update() commits).
struct Bench : sc_core::sc_module {
  sc_core::sc_in<bool> clk;
  sc_core::sc_port<ScPushIf> out;
  sc_core::sc_port<ScPopIf> in;
  std::vector<Seen> before, after;
  std::vector<bool> pushAt, popAt; // per cycle

  SC_HAS_PROCESS(Bench);
  explicit Bench(sc_core::sc_module_name n) : sc_core::sc_module(n), clk("clk") {
    SC_METHOD(edge);
    sensitive << clk.pos();
    dont_initialize();
  }
  Seen look() const {
    return {out->can_push(), in->has_token(), in->has_token() ? in->front() : 0};
  }
  void edge() {
    size_t c = before.size();
    before.push_back(look());
    if (c < pushAt.size() && pushAt[c] && out->can_push()) out->push(100 + c);
    if (c < popAt.size() && popAt[c] && in->has_token()) in->pop();
    after.push_back(look());
  }
};

} // namespace

TEST_CASE("ScChannel: latency 1 both ways, capacity 2, update() commits", "[systemc]") {
  models::Channel fifo("c", Type::integer(32), 2);
  ScChannel ch("ch", fifo, 0, nullptr);
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  Bench b("bench");
  b.clk(clk);
  b.out(ch);
  b.in(ch);
  //         cycle:  0     1     2     3      4      5
  b.pushAt = {true, true, true, true, false, false};
  b.popAt = {false, false, true, true, true, false};
  sc_core::sc_start(6, sc_core::SC_NS);
  REQUIRE(b.before.size() == 6);
  const std::vector<Seen> expected = {
      {true, false, 0},   // 0: empty; push 100
      {true, true, 100},  // 1: 100 visible (pushed in 0), a slot free; push 101
      {false, true, 100}, // 2: full; the push is refused, 100 popped
      {true, true, 101},  // 3: the slot freed in 2 is visible; 101 popped, 103 pushed
      {true, true, 103},  // 4: 103 (pushed in 3); popped
      {true, false, 0},   // 5: empty again
  };
  for (size_t c = 0; c < expected.size(); ++c) {
    INFO("cycle " << c);
    CHECK(b.before[c] == expected[c]);
    CHECK(b.after[c] == expected[c]); // nothing of the cycle's own push or pop shows
  }
  CHECK(fifo.pushes() == 3);
  CHECK(fifo.pops() == 3);
  CHECK(std::string(ch.kind()) == "loom_channel");
}
