// DFG -> network: one op per node with the node's name, one channel per edge with its
// capacity, host ops at the entry and the return; and the errors of graphs that cannot
// be elaborated, each naming the node or edge.
#include "dfgs.h"
#include "sim/elaborate.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::sim;
using namespace loom::sim::test;

TEST_CASE("elaboration maps nodes to ops and edges to channels", "[elaborate]") {
  dfg::Graph g = countTo();
  models::TimingConfig t;
  t.channelCapacity = 3;
  Elaboration el = elaborate(g, t);
  REQUIRE(el.ok());
  const Circuit& c = el.network->circuit();
  // Every node, plus one host sink for the return's only output (done).
  CHECK(c.numOps() == g.numNodes() + 1);
  CHECK(c.numChannels() == g.numEdges() + 1);
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    const models::Model& op = c.op(el.opOfVertex[v]);
    CHECK(op.name() == g.node(v).name);
    if (g.node(v).kind != NodeKind::Entry) CHECK(op.kindName() == g.node(v).opName());
  }
  CHECK(c.op(el.opOfVertex[g.entry]).kindName() == std::string("loom.entry"));
  for (auto [it, end] = g.edges(); it != end; ++it) {
    const Channel& ch = c.channel(el.channelOf(g, *it));
    CHECK(ch.name() == g.describe(*it));
    // The edge's override, else the timing file's default.
    CHECK(ch.capacity() == (g.edge(*it).capacity ? 1 : 3));
  }
  REQUIRE(el.network->returnSinks().size() == 1);
  CHECK(el.network->returnSinks()[0]->name() == "f/return.done");
}

namespace {

std::vector<std::string> errorsOf(const dfg::Graph& g) {
  return elaborate(g, {}).errors;
}

// entry(x: i32) -> addi(x, x) via a fork -> return; edits break it in one place.
struct Small {
  DfgBuilder b;
  Vertex entry, fork, add, ret;
  Small() {
    Type i32 = Type::integer(32);
    entry = b.entry("f/entry", {i32});
    fork = b.fork("f/x.fork", i32, 2);
    add = b.compute("f/add", OpKind::AddI, {i32, i32}, i32);
    ret = b.ret("f/return", {i32});
  }
  void wireAll() {
    b.wire(entry, 0, fork, 0);
    b.wire(fork, 0, add, 0);
    b.wire(fork, 1, add, 1);
    b.wire(add, 0, ret, 0);
    b.wire(entry, 1, ret, 1);
  }
};

} // namespace

TEST_CASE("a small graph elaborates and runs", "[elaborate]") {
  Small s;
  s.wireAll();
  Elaboration el = elaborate(s.b.g, {});
  REQUIRE(el.ok());
  Invocation inv;
  inv.scalars = {21};
  CHECK(el.network->invoke(inv).results == std::vector<Bits>{42});
}

TEST_CASE("elaboration errors name the node or edge", "[elaborate]") {
  Small s;
  SECTION("unconnected input") {
    s.b.wire(s.entry, 0, s.fork, 0);
    s.b.wire(s.fork, 0, s.add, 0);
    s.b.wire(s.fork, 1, s.ret, 0);
    s.b.wire(s.add, 0, s.ret, 1);
    s.b.wire(s.entry, 1, s.b.sink("f/ctrl.sink", Type::none()), 0);
    CHECK(errorsOf(s.b.g) ==
          std::vector<std::string>{"arith.addi 'f/add': input 1 is not connected"});
  }
  SECTION("fan-out without a fork") {
    s.wireAll();
    s.b.wire(s.add, 0, s.b.sink("f/extra.sink", Type::integer(32)), 0);
    CHECK(errorsOf(s.b.g) ==
          std::vector<std::string>{"f/add (arith.addi): output 0 feeds 2 channels (fan-out needs "
                                   "a handshake.fork)"});
  }
  SECTION("a return output wired into the graph") {
    s.wireAll();
    s.b.wire(s.ret, 1, s.b.sink("f/done.sink", Type::none()), 0);
    CHECK(errorsOf(s.b.g) ==
          std::vector<std::string>{"edge f/return:1 -> f/done.sink:0: a return output feeds "
                                   "the DFG; the host collects return outputs"});
  }
  SECTION("ports that disagree with the model") {
    s.wireAll();
    s.b.g.node(s.add).inTypes.push_back(Type::integer(32));
    CHECK(errorsOf(s.b.g) ==
          std::vector<std::string>{"f/add (arith.addi): the node lists 3 input(s) and 1 "
                                   "output(s), its model has 2 and 1"});
  }
  SECTION("not a compute op") {
    s.wireAll();
    s.b.g.node(s.add).arith = OpKind::MemRefLoad;
    CHECK(errorsOf(s.b.g) ==
          std::vector<std::string>{"f/add (memref.load): memref.load is not a compute op"});
  }
  SECTION("an internal memory of dynamic size") {
    s.wireAll();
    s.b.memory("f/buf", NodeKind::Memory, makeMemRef(Type::integer(32), {kDynamic}), 0, 0);
    std::vector<std::string> errors = errorsOf(s.b.g);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].find("f/buf (handshake.memory): memory type") == 0);
    CHECK(errors[0].find("has a dynamic size") != std::string::npos);
  }
}
