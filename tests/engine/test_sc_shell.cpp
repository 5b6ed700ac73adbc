// The SystemC shell: a network elaborated as sc_modules and stepped by an sc_clock
// gives the same results and cycle counts as the plain engine, the module hierarchy
// follows the DFG's function/loop/... names, and sc_start(n periods) advances the
// network n cycles.
//
// SystemC elaborates once per process, so this binary holds exactly one test case
// (no SECTIONs: Catch would re-run the case and elaborate twice).
#define CATCH_CONFIG_RUNNER
#include "dfgs.h"
#include "sim/elaborate.h"
#include "systemc/sc_network.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <systemc>

using namespace loom;
using namespace loom::sim;
using namespace loom::systemc;
using namespace loom::sim::test;

// SystemC's library owns main(); silence its banner, then let it call sc_main.
int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}

extern "C" int sc_main(int argc, char* argv[]) {
  return Catch::Session().run(argc, argv);
}

namespace {

Invocation call(std::vector<Bits> scalars) {
  Invocation inv;
  inv.scalars = std::move(scalars);
  return inv;
}

std::vector<std::string> childNames(const sc_core::sc_object& parent) {
  std::vector<std::string> names;
  for (const sc_core::sc_object* o : parent.get_child_objects())
    names.push_back(o->basename());
  return names;
}

} // namespace

TEST_CASE("SystemC shell: same results and cycles as the plain engine, DFG hierarchy",
          "[systemc]") {
  dfg::Graph g = sumLoop();
  const std::vector<Invocation> calls = {call({0, 4, 100}), call({3, 7, 10})};

  // The plain engine, no SystemC.
  Elaboration plain = elaborate(g, {});
  REQUIRE(plain.ok());
  std::vector<InvocationResult> expected;
  for (const Invocation& inv : calls)
    expected.push_back(plain.network->invoke(inv));

  // The same DFG as sc_modules on a 1 ns clock.
  Elaboration el = elaborate(g, {});
  REQUIRE(el.ok());
  Network& net = *el.network;
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  ScNetwork top("accel", net);
  top.clk(clk);

  // The hierarchy: accel / f / loop0 / body, names sanitized ('.' -> '_').
  auto nameOf = [&](const std::string& node) {
    for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
      if (g.node(v).name == node) return std::string(top.opModule(el.opOfVertex[v]).name());
    return std::string("?");
  };
  CHECK(nameOf("f/loop0/gate") == "accel.f.loop0.gate");
  CHECK(nameOf("f/loop0/cont.fork") == "accel.f.loop0.cont_fork");
  CHECK(nameOf("f/loop0/body/add") == "accel.f.loop0.body.add");
  CHECK(nameOf("f/entry") == "accel.f.entry");
  CHECK(childNames(top) == std::vector<std::string>{"clk", "f", "onRisingEdge"});
  CHECK(childNames(*top.get_child_objects()[1]) ==
        std::vector<std::string>{"entry", "ctrl_fork", "return", "return_result0", "return_done",
                                 "loop0"});
  CHECK(top.opModule(0).kind() == std::string("loom_op"));

  for (size_t k = 0; k < calls.size(); ++k) {
    INFO("invocation " << k);
    InvocationResult r = top.invoke(calls[k]);
    REQUIRE(r.done());
    CHECK(r.results == expected[k].results);
    CHECK(r.startCycle == expected[k].startCycle);
    CHECK(r.endCycle == expected[k].endCycle);
    // One rising edge per cycle, cycle c at c ns; the next edge is not yet run.
    CHECK(sc_core::sc_time_stamp() == sc_core::sc_time(double(r.endCycle), sc_core::SC_NS));
  }
  CHECK(expected[1].results == std::vector<Bits>{28});

  // sc_start(n periods) advances the network n cycles (idle cycles: quiet, no harm).
  uint64_t before = net.engine().cycle();
  sc_core::sc_start(5, sc_core::SC_NS);
  CHECK(net.engine().cycle() == before + 5);
  // And an invocation after idle cycles still starts on the same axis.
  InvocationResult r = top.invoke(call({0, 4, 100}));
  CHECK(r.startCycle == before + 5);
  CHECK(r.cycles() == expected[0].cycles());
  CHECK(r.results == std::vector<Bits>{106});
}
