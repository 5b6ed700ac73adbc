// The netlist and the models are one: an op module whose sc_port is bound to another
// channel than the one its model uses is refused at the end of elaboration, with an
// error naming the port (never a silent run on two different netlists).
//
// SystemC elaborates once per process: this binary holds one test case.
#include "sim/elaborate.h"
#include "systemc/sc_op_module.h"
#include "tests/sim/dfgs.h"

#include <catch2/catch.hpp>
#include <systemc>

using namespace loom;
using namespace loom::systemc;

TEST_CASE("ScOpModule: a port bound to another channel than its model's is an error", "[systemc]") {
  dfg::Graph g = sim::test::sumLoop();
  sim::Elaboration el = sim::elaborate(g, {});
  REQUIRE(el.ok());
  sim::Circuit& circuit = el.network->circuit();
  // An op with two outputs; its ports bound the wrong way round.
  uint32_t op = sim::kNoOp;
  for (uint32_t i = 0; i < circuit.numOps() && op == sim::kNoOp; ++i)
    if (circuit.op(i).numInputs() == 1 && circuit.op(i).numOutputs() == 2) op = i;
  REQUIRE(op != sim::kNoOp);
  models::Model& m = circuit.op(op);
  auto& in = const_cast<models::Channel&>(*m.inputChannel(0));
  auto& out0 = const_cast<models::Channel&>(*m.outputChannel(0));
  auto& out1 = const_cast<models::Channel&>(*m.outputChannel(1));
  ScChannel cin("cin", in, circuit.indexOf(in), nullptr);
  ScChannel c0("c0", out0, circuit.indexOf(out0), nullptr);
  ScChannel c1("c1", out1, circuit.indexOf(out1), nullptr);
  ScOpModule module("op", m, op, nullptr);
  module.in(0).bind(cin);
  module.out(0).bind(c1); // swapped
  module.out(1).bind(c0);
  std::string message;
  try {
    sc_core::sc_start(1, sc_core::SC_NS);
  } catch (const sc_core::sc_report& r) {
    message = r.what();
  }
  INFO(message);
  CHECK(message.find("loom/binding") != std::string::npos);
  CHECK(message.find("op: output port '" + std::string(module.out(0).basename()) +
                     "' is bound to another channel than the one the op model uses") !=
        std::string::npos);
}
