// ScRisingClock on its own: the rising edges of an sc_clock of the same period, at the
// same times (0, p, 2p, ...), and nothing else; its level as an sc_clock's; a falling
// edge asked for is an error report naming the clock, not a wait that never ends.
//
// SystemC elaborates once per process: this binary holds one test case.
#include "systemc/sc_rising_clock.h"

#include <catch2/catch.hpp>
#include <systemc>

using namespace loom::systemc;

namespace {

// Records, at each rising edge of `clk`, the time and whether the port says posedge;
// and the level it reads at some times in between.
struct Watcher : sc_core::sc_module {
  sc_core::sc_in<bool> clk;
  std::vector<sc_core::sc_time> edges;
  std::vector<bool> posedgeSeen;
  std::vector<std::pair<sc_core::sc_time, bool>> levels;

  SC_HAS_PROCESS(Watcher);
  explicit Watcher(sc_core::sc_module_name n) : sc_core::sc_module(n), clk("clk") {
    SC_METHOD(edge);
    sensitive << clk.pos();
    dont_initialize();
    SC_THREAD(sample);
  }
  void edge() {
    edges.push_back(sc_core::sc_time_stamp());
    posedgeSeen.push_back(clk->posedge());
  }
  void sample() {
    // Levels at 0.25, 0.75, 1.25, 1.75 ns (period 1 ns): high, low, high, low.
    wait(250, sc_core::SC_PS);
    for (int k = 0; k < 4; ++k) {
      levels.emplace_back(sc_core::sc_time_stamp(), clk.read());
      wait(500, sc_core::SC_PS);
    }
  }
};

} // namespace

TEST_CASE("ScRisingClock: an sc_clock's rising edges and level, no falling edge", "[systemc]") {
  const sc_core::sc_time ns(1, sc_core::SC_NS);
  ScRisingClock rising("rising", ns);
  sc_core::sc_clock reference("reference", ns);
  Watcher a("a"), b("b");
  a.clk(rising);
  b.clk(reference);
  sc_core::sc_start(5500, sc_core::SC_PS);

  // The same edges at the same times: 0, 1, ..., 5 ns.
  REQUIRE(a.edges.size() == 6);
  CHECK(a.edges == b.edges);
  for (size_t k = 0; k < a.edges.size(); ++k)
    CHECK(a.edges[k] == static_cast<double>(k) * ns);
  for (bool seen : a.posedgeSeen)
    CHECK(seen);
  CHECK_FALSE(rising.posedge()); // not in an edge's delta now
  CHECK_FALSE(rising.negedge());

  // The level, as the sc_clock has it.
  REQUIRE(a.levels.size() == 4);
  CHECK(a.levels == b.levels);
  CHECK(a.levels[0].second);
  CHECK_FALSE(a.levels[1].second);

  // No falling edge, no change event: a SystemC error report naming the clock.
  sc_core::sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_THROW);
  try {
    (void)rising.negedge_event();
    FAIL("negedge_event() returned");
  } catch (const sc_core::sc_report& r) {
    CHECK(std::string(r.get_msg()).find("rising has rising edges only, no negedge_event()") !=
          std::string::npos);
  }
  CHECK_THROWS_AS(rising.value_changed_event(), sc_core::sc_report);
  CHECK(std::string(rising.kind()) == "loom_rising_clock");
  CHECK(rising.period() == ns);
}
