// The DFG's MLIR text format: the printed form of a loop (golden), print -> read ->
// print round trips of hand-built graphs (structurally identical, textually equal),
// forward references and fan-out, locations, and the field encodings (values, types,
// rates). Diagnostics are in test_dfg_text_errors.cpp, the MLIR and Graphviz tools in
// test_dfg_text_tools.cpp.

#include "dfg/text/dfg_text.h"
#include "dfg/text/fields.h"
#include "dfg_samples.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace loom;
using namespace loom::dfg;

namespace {

std::vector<Graph> readOk(const std::string& text) {
  ReadResult r = readMlir(text, "t.mlir");
  INFO((r.error ? r.error->str() : std::string()));
  REQUIRE_FALSE(r.error);
  return std::move(r.graphs);
}

void checkRoundTrip(const Graph& g) {
  std::string text = printMlir(g);
  INFO(text);
  std::vector<Graph> back = readOk(text);
  REQUIRE(back.size() == 1);
  CHECK(samples::structuralDiff(g, back[0]) == "");
  CHECK(printMlir(back[0]) == text);
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
    ++n;
  return n;
}

} // namespace

TEST_CASE("a loop prints as one generic op per node inside a loom.dfg op", "[dfg-text]") {
  // MLIR's generic form: attributes sorted by name, SSA values numbered by MLIR (the
  // sink defines none), each op's source position as its location.
  const char* expected =
      R"("loom.dfg"() ({
  %0:5 = "loom.entry"() {loom.name = "sum/entry", loom.rates = ["entry = invocations", "entry = invocations", "entry = invocations", "entry = invocations", "entry = invocations"], loom.roles = ["data", "data", "data", "data", "body_ctrl"], loom.scope = 0 : i64} : () -> (index, index, index, index, none) loc(unknown)
  %1:2 = "dataflow.stream"(%0#0, %0#2, %0#1) {cont_cond = "<", loom.name = "sum/for0/stream", loom.origin = 7 : i64, loom.rates = ["loop_boundary#7 = non_empty#7 + iterations#7", "loop_boundary#7 = non_empty#7 + iterations#7"], loom.roles = ["raw_index", "raw_will_continue"], loom.scope = 1 : i64, step_op = "+="} : (index, index, index) -> (index, i1) loc("sum.mlir":3:5)
  %2:2 = "dataflow.gate"(%1#0, %1#1) {loom.name = "sum/for0/gate", loom.origin = 7 : i64, loom.rates = ["loop_body#7 = iterations#7", "loop_body#7 = iterations#7"], loom.roles = ["body_index", "after_cond"], loom.scope = 1 : i64} : (index, i1) -> (index, i1) loc("sum.mlir":3:5)
  %3 = "dataflow.carry"(%1#1, %0#3, %5) {loom.capacities = [0, 0, 3], loom.name = "sum/for0/carry", loom.rates = ["loop_boundary#7 = non_empty#7 + iterations#7"], loom.roles = ["iter_carry"], loom.scope = 1 : i64} : (i1, index, index) -> index loc(unknown)
  %4:2 = "handshake.cond_br"(%1#1, %3) {loom.name = "sum/for0/split", loom.rates = ["loop_body#7 = iterations#7", "loop_exit#7 = non_empty#7"], loom.scope = 1 : i64} : (i1, index) -> (index, index) loc(unknown)
  %5 = "arith.addi"(%4#0, %2#0) {loom.name = "sum/for0/addi", loom.origin = 9 : i64, loom.rates = ["loop_body#7 = iterations#7"], loom.scope = 1 : i64} : (index, index) -> index loc("sum.mlir":4:12)
  "handshake.sink"(%2#1) {loom.name = "sum/for0/sink", loom.scope = 1 : i64} : (i1) -> () loc(unknown)
  %6:2 = "handshake.return"(%4#1, %0#4) {loom.name = "sum/return", loom.rates = ["entry = invocations", "entry = invocations"], loom.roles = ["result", "done"], loom.scope = 0 : i64} : (index, none) -> (index, none) loc(unknown)
}) {function_type = (index, index, index, index) -> index, loom.scopes = [["function", "sum", -1, -1], ["loop_body", "sum/for0", 0, 7]], sym_name = "sum"} : () -> () loc(unknown)
)";
  CHECK(printMlir(samples::loopGraph()) == expected);
}

TEST_CASE("printed graphs read back structurally identical and print the same text", "[dfg-text]") {
  SECTION("loop: stream -> gate, carry with a feedback edge") {
    checkRoundTrip(samples::loopGraph());
  }
  SECTION("memory with a store and a load") {
    checkRoundTrip(samples::memoryGraph());
  }
  SECTION("every node kind") {
    checkRoundTrip(samples::everyKindGraph());
  }
  SECTION("unconnected and doubly connected inputs, per-channel overrides") {
    checkRoundTrip(samples::oddGraph());
  }
}

TEST_CASE("several functions in one text", "[dfg-text]") {
  Graph loop = samples::loopGraph(), mem = samples::memoryGraph();
  std::vector<Graph> back = readOk(printMlir(loop) + "\n// the second one\n" + printMlir(mem));
  REQUIRE(back.size() == 2);
  CHECK(samples::structuralDiff(loop, back[0]) == "");
  CHECK(samples::structuralDiff(mem, back[1]) == "");
}

TEST_CASE("feedback is a forward reference, fan-out is SSA multi-use", "[dfg-text]") {
  std::string text = printMlir(samples::loopGraph());
  // The carry (vertex 3) takes the addi (vertex 5) defined two lines further down.
  CHECK(count(text, "%3 = \"dataflow.carry\"(%1#1, %0#3, %5)") == 1);
  // `cont` feeds the gate, the carry and the split: three uses of one value.
  CHECK(count(text, "%1#1") == 3);
}

TEST_CASE("what the reader gives back: locations, origins, entry and return", "[dfg-text]") {
  std::vector<Graph> back = readOk(printMlir(samples::loopGraph()));
  const Graph& g = back[0];
  const Node& stream = g.node(1);
  const Node& gate = g.node(2);
  CHECK(stream.origin.loc.str() == "sum.mlir:3:5");
  CHECK(stream.origin.loc.file == gate.origin.loc.file); // one string per file name
  CHECK(stream.origin.op == nullptr);
  CHECK(stream.origin.opId == 7);
  CHECK(g.node(3).origin.opId == Origin::kNoOp);
  CHECK_FALSE(g.node(3).origin.loc.file);
  CHECK(g.entry == 0);
  CHECK(g.ret == 7);
  EdgeId feedback;
  REQUIRE(g.inEdge(3, 2, feedback));
  CHECK(g.src(feedback) == 5);
  CHECK(g.edge(feedback).capacity == 3);
  CHECK(g.edge(feedback).rate.str() == "loop body of op #7 (N per activation)");
}

TEST_CASE("hand-written text: any value names, result groups, comments, default names",
          "[dfg-text]") {
  const char* text = R"(// a hand-edited wiring
"loom.dfg"() ({
  %ctl = "handshake.sink"(%start) : (none) -> ()   // names are free-form
  %x, %start = "loom.entry"() : () -> (i32, none) loc("k.mlir":1:1)
  %r:2 = "handshake.return"(%x, %start) {loom.name = "f/ret"} : (i32, none) -> (i32, none)
}) {sym_name = "f"} : () -> ()
)";
  // `%ctl = ` names no result of a sink: MLIR's parser rejects it.
  ReadResult bad = readMlir(text, "t.mlir");
  REQUIRE(bad.error);
  CHECK(bad.error->str() == "t.mlir:3:3: error: cannot name an operation with no results");

  std::string fixed = text;
  fixed.replace(fixed.find("%ctl = "), 7, "");
  std::vector<Graph> back = readOk(fixed);
  const Graph& g = back[0];
  CHECK(g.node(0).name == "f/sink0");
  CHECK(g.node(1).name == "f/entry1");
  CHECK(g.entry == 1);
  CHECK(g.numEdges() == 3);
  // An op written without a location has none (not its place in the DFG text).
  CHECK_FALSE(g.node(0).origin.loc.file);
  CHECK(g.node(1).origin.loc.str() == "k.mlir:1:1");
  CHECK(printMlir(g) ==
        R"("loom.dfg"() ({
  "handshake.sink"(%0#1) {loom.name = "f/sink0", loom.scope = 0 : i64} : (none) -> () loc(unknown)
  %0:2 = "loom.entry"() {loom.name = "f/entry1", loom.scope = 0 : i64} : () -> (i32, none) loc("k.mlir":1:1)
  %1:2 = "handshake.return"(%0#0, %0#1) {loom.name = "f/ret", loom.scope = 0 : i64} : (i32, none) -> (i32, none) loc(unknown)
}) {function_type = () -> (), sym_name = "f"} : () -> () loc(unknown)
)");
}

TEST_CASE("source positions are MLIR locations, the original source a name around them",
          "[dfg-text]") {
  Graph mem = samples::memoryGraph(), odd = samples::oddGraph();
  std::string text = printMlir(mem) + printMlir(odd);
  CHECK(count(text, "loc(\"mem.c:7:9\"(\"mem.mlir\":5:3))") == 1);
  CHECK(count(text, "loc(\"dir/we\\22ird:name.mlir\":1:1)") == 1); // MLIR escapes as hex
  CHECK(count(text, "loc(\"odd.c:4:1 'j'\")") == 1);
  std::vector<Graph> back = readOk(text);
  const Loc& store = back[0].node(1).origin.loc;
  CHECK(store.where() == "mem.c:7:9 (mem.mlir:5:3)");
  const Loc& join = back[1].node(1).origin.loc;
  CHECK_FALSE(join.file);
  CHECK(*join.source == "odd.c:4:1 'j'");
  // Other kinds of MLIR location keep what they name, as the original source.
  const char* fused = R"("loom.dfg"() ({
  %0 = "loom.entry"() : () -> none loc(fused["a.c":1:2, "b.c":3:4])
  %1 = "handshake.return"(%0) : (none) -> none loc("r.mlir":2:3 to 2:9)
}) {sym_name = "f"} : () -> ()
)";
  std::vector<Graph> f = readOk(fused);
  CHECK(f[0].node(0).origin.loc.where() == *f[0].node(0).origin.loc.source);
  CHECK(f[0].node(1).origin.loc.str() == "r.mlir:2:3");
}

namespace {

// entry -> constant -> sink, return: a graph that holds one constant of type `t` (or,
// for none, a buffer whose initial token is `bits`).
Graph constantGraph(Bits bits, const Type& t) {
  Graph g;
  g.function = "c";
  auto node = [&](NodeKind k, const char* name, std::vector<Type> ins, std::vector<Type> outs) {
    Node n;
    n.kind = k;
    n.name = std::string("c/") + name;
    n.inTypes = std::move(ins);
    n.outTypes = std::move(outs);
    n.outRoles.assign(n.outTypes.size(), Role::Data);
    n.outRates.assign(n.outTypes.size(), Rate{});
    return g.addNode(std::move(n));
  };
  g.entry = node(NodeKind::Entry, "entry", {}, {Type::none(), Type::none()});
  Vertex c = node(t.isNone() ? NodeKind::Buffer : NodeKind::Constant, "k", {Type::none()}, {t});
  g.node(c).constValue = t.isNone() ? 0 : bits;
  if (t.isNone()) g.node(c).bufferInit = {bits};
  Vertex sink = node(NodeKind::Sink, "sink", {t}, {});
  g.ret = node(NodeKind::Return, "return", {Type::none()}, {Type::none()});
  g.connect({g.entry, 0}, c, 0);
  g.connect({c, 0}, sink, 0);
  g.connect({g.entry, 1}, g.ret, 0);
  return g;
}

} // namespace

TEST_CASE("constant values are MLIR's typed literals and read back exactly", "[dfg-text]") {
  struct Case {
    Bits bits;
    Type type;
    const char* text; // as MLIR 22 prints it
  };
  const Case cases[] = {
      {42, Type::integer(32), "value = 42 : i32"},
      {bitsFromInt(-1, Type::integer(8)), Type::integer(8), "value = -1 : i8"},
      {bitsFromInt(std::numeric_limits<int64_t>::min(), Type::integer(64)), Type::integer(64),
       "value = -9223372036854775808 : i64"},
      {~Bits(0), Type::index(), "value = -1 : index"},
      {1, Type::i1(), "value = true"},
      {0, Type::i1(), "value = false"},
      {bitsFromF32(1.5f), Type::f32(), "value = 1.500000e+00 : f32"},
      {bitsFromF32(0.1f), Type::f32(), "value = 1.000000e-01 : f32"},
      {bitsFromF32(1e10f), Type::f32(), "value = 1.000000e+10 : f32"},
      {bitsFromF64(0.1), Type::f64(), "value = 1.000000e-01 : f64"},
      {bitsFromF64(1.0 / 3), Type::f64(), "value = 0.33333333333333331 : f64"},
      {bitsFromF64(-0.0), Type::f64(), "value = -0.000000e+00 : f64"},
      {bitsFromF64(5e-324), Type::f64(), "value = 4.940660e-324 : f64"},
      {0x7FC00000, Type::f32(), "value = 0x7FC00000 : f32"},
      {0x7FC00001, Type::f32(), "value = 0x7FC00001 : f32"},
      {bitsFromF64(-INFINITY), Type::f64(), "value = 0xFFF0000000000000 : f64"},
      {0x3C00, Type{TypeKind::F16, 16, nullptr}, "value = 1.000000e+00 : f16"},
      {0x7E00, Type{TypeKind::F16, 16, nullptr}, "value = 0x7E00 : f16"},
      {0, Type::none(), "{init = [unit], kind = \"fifo\""}, // a control buffer's token
  };
  for (const Case& c : cases) {
    INFO(c.text);
    Graph g = constantGraph(c.bits, c.type);
    std::string text = printMlir(g);
    INFO(text);
    CHECK(count(text, c.text) == 1);
    std::vector<Graph> back = readOk(text);
    CHECK((c.type.isNone() ? back[0].node(1).bufferInit.at(0) : back[0].node(1).constValue) ==
          c.bits);
    CHECK(samples::structuralDiff(g, back[0]) == "");
  }
}

TEST_CASE("types are MLIR 22's builtin types, strided layouts read back equal", "[dfg-text]") {
  const Type i32 = Type::integer(32);
  struct Case {
    Type type;
    const char* text;
  };
  const Case cases[] = {
      {makeMemRef(i32, {4, kDynamic}), "memref<4x?xi32>"},
      {makeMemRef(Type::f32(), {}), "memref<f32>"},
      {makeStridedMemRef(i32, {4, kDynamic}, kDynamic, {kDynamic, 1}, "strided<[?, 1], offset: ?>"),
       "memref<4x?xi32, strided<[?, 1], offset: ?>>"},
      {makeStridedMemRef(i32, {8}, 3, {-2}, ""), "memref<8xi32, strided<[-2], offset: 3>>"},
      {makeStridedMemRef(i32, {2, 2}, 0, {0, 0}, ""), "memref<2x2xi32, strided<[0, 0]>>"},
      {makeUnrankedMemRef(Type::f64()), "memref<*xf64>"},
      {Type{TypeKind::F16, 16, nullptr}, "f16"},
      {Type::integer(64), "i64"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    Graph g = samples::loopGraph();
    g.argTypes = {c.type};
    std::string text = printMlir(g);
    CHECK(count(text, std::string("function_type = (") + c.text + ")") == 1);
    std::vector<Graph> back = readOk(text);
    REQUIRE(back[0].argTypes.size() == 1);
    CHECK(back[0].argTypes[0] == c.type);
  }
}

TEST_CASE("rates print as domain#op = terms and read back exactly", "[dfg-text]") {
  const Rate parent = Rate::loopBody(1);
  const Rate rates[] = {Rate::entry(),
                        Rate::loopBody(3),
                        Rate::loopBoundary(3, false, parent),
                        Rate::loopExit(0, true, parent),
                        Rate::loopBodyTail(3, true, parent),
                        Rate::guardEnter(5),
                        Rate::guardSkip(5, parent),
                        Rate::ifThen(8),
                        Rate::ifElse(8, Rate::entry()),
                        Rate::loopBody(6, "W2:f/"),
                        Rate{},
                        Rate{Rate::Domain::LoopBody, 4, {}}};
  for (const Rate& r : rates) {
    std::string s = text::rateText(r);
    INFO(s);
    Rate back;
    std::string err;
    REQUIRE(text::parseRate(s, back, err));
    CHECK(text::rateText(back) == s);
    CHECK(back.domain == r.domain);
    CHECK(back.op == r.op);
    CHECK(back.terms.size() == r.terms.size());
  }
  CHECK(text::rateText(Rate::entry()) == "entry = invocations");
  CHECK(text::rateText(Rate::loopBodyTail(3, true, parent)) ==
        "loop_body_tail#3 = -non_empty#3 + iterations#3");
  CHECK(text::rateText(Rate::guardSkip(0, parent)) == "guard_skip#0 = -non_empty#0 + iterations#1");
  CHECK(text::rateText(Rate{}) == "unknown");
  Rate odd{Rate::Domain::IfThen,
           2,
           {{Count::IfThen, 2, -3, "W4:f/W9:*/"}, {Count::Invocations, 1, 2, ""}}};
  CHECK(text::rateText(odd) == "if_then#2 = -3*then#2[W4:f/W9:*/] + 2*invocations#1");
  Rate back;
  std::string err;
  REQUIRE(text::parseRate("loop_body#1 = iterations#1[a\\]b\\\\]", back, err));
  CHECK(back.terms.at(0).ctx == "a]b\\");
  CHECK_FALSE(text::parseRate("loop_body#1 = iterations#1[W4:f/", back, err));
  CHECK(err == "unterminated '[' (a term's context)");
}

TEST_CASE("a scope that is its own parent is a root (as the lowering writes the function)",
          "[dfg-text]") {
  Graph g = samples::loopGraph();
  g.scopes[0].parent = 0;
  std::vector<Graph> back = readOk(printMlir(g));
  CHECK(samples::structuralDiff(g, back[0]) == "");
}
