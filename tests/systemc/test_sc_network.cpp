// The SystemC network (systemc/): a network elaborated as sc_modules and channels and
// run by SystemC's scheduler on an sc_clock gives the same results and cycle counts as
// the plain engine; the module hierarchy follows the DFG's function/loop/... names; the
// op modules' ports are named after the op table and bound to the channels their models
// use; one cycle is one clock period, and an idle network does nothing on an edge.
//
// SystemC elaborates once per process, so this binary holds exactly one test case
// (no SECTIONs: Catch would re-run the case and elaborate twice).
#include "sim/elaborate.h"
#include "systemc/sc_network.h"
#include "tests/sim/dfgs.h"

#include <catch2/catch.hpp>
#include <systemc>

using namespace loom;
using namespace loom::sim;
using namespace loom::systemc;
using namespace loom::sim::test;

namespace {

std::vector<std::string> childNames(const sc_core::sc_object& parent) {
  std::vector<std::string> names;
  for (const sc_core::sc_object* o : parent.get_child_objects())
    names.push_back(o->basename());
  return names;
}

} // namespace

TEST_CASE("SystemC network: same results and cycles as the plain engine, DFG hierarchy, ports",
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
  CHECK(childNames(top) == std::vector<std::string>{"clk", "f", "onRisingEdge", "onCycleEnd"});
  const sc_core::sc_object& f = *top.get_child_objects()[1];
  CHECK(childNames(f) == std::vector<std::string>{"entry", "ctrl_fork", "return", "return_result0",
                                                  "return_done", "entry__out0", "entry__out1",
                                                  "entry__out2", "entry__ctrl", "ctrl_fork__out0",
                                                  "ctrl_fork__out1", "return__out0", "return__ctrl",
                                                  "loop0"});
  CHECK(top.opModule(0).kind() == std::string("loom_op"));

  // Ports after the op table, bound to the channel the model uses: the fork's outputs
  // ("out%u") are the sc_vector "out" (itself an sc_object) of out_0..out_2; the gate's
  // ports are the spec's names (spec-dataflow-gate).
  auto moduleOf = [&](const std::string& node) -> const ScOpModule& {
    for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
      if (g.node(v).name == node) return top.opModule(el.opOfVertex[v]);
    FAIL("no node " << node);
    return top.opModule(0);
  };
  const ScOpModule& fork = moduleOf("f/loop0/cont.fork");
  CHECK(childNames(fork) ==
        std::vector<std::string>{"in0", "out", "out_0", "out_1", "out_2", "run"});
  const ScOpModule& gate = moduleOf("f/loop0/gate");
  CHECK(childNames(gate) == std::vector<std::string>{"before_value", "before_cond", "after_value",
                                                     "after_cond", "run"});
  for (int p = 0; p < gate.op().numInputs(); ++p)
    CHECK(&const_cast<ScOpModule&>(gate).in(p)->model() == gate.op().inputChannel(p));
  CHECK(top.channel(0).kind() == std::string("loom_channel"));

  for (size_t k = 0; k < calls.size(); ++k) {
    INFO("invocation " << k);
    InvocationResult r = top.invoke(calls[k]);
    REQUIRE(r.done());
    CHECK(r.results == expected[k].results);
    CHECK(r.startCycle == expected[k].startCycle);
    CHECK(r.endCycle == expected[k].endCycle);
    // One clock period per cycle, cycle c at c ns; the next edge is not yet run.
    CHECK(sc_core::sc_time_stamp() == sc_core::sc_time(double(r.endCycle), sc_core::SC_NS));
  }
  CHECK(expected[1].results == std::vector<Bits>{28});

  // Periods in which the network is not run: it does nothing (its cycle counter, which
  // the host's axis is made of, stays), and the next invocation goes on from there.
  uint64_t before = net.engine().cycle();
  uint64_t evaluations = net.engine().evaluations();
  sc_core::sc_start(5, sc_core::SC_NS);
  CHECK(net.engine().cycle() == before);
  CHECK(net.engine().evaluations() == evaluations);
  InvocationResult r = top.invoke(call({0, 4, 100}));
  CHECK(r.startCycle == before);
  CHECK(r.cycles() == expected[0].cycles());
  CHECK(r.results == std::vector<Bits>{106});
  CHECK(sc_core::sc_time_stamp() == sc_core::sc_time(double(r.endCycle + 5), sc_core::SC_NS));
}
