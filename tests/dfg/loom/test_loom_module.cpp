// The forms of LOOM's files beyond one handshake.func with its start and done tokens
// (docs/loom.md "What loom-sim reads"): several control inputs, no start or done token,
// the ESI wrapper's i1 tokens, the older stream spelling (stop_cond, no types), untriggered
// constants, a whole compiled module with its host code; the forks and sinks loom-sim
// adds, counted by hand on small inputs; located errors for what stays refused.

#include "analysis/rates.h"
#include "cli/dfg_arguments.h"
#include "dfg/loom/loom_form.h"
#include "dfg/print_dot.h"
#include "harness/checks.h"
#include "host/dfg_run.h"
#include "tests/dfg/loom/loom_inputs.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

using namespace loom;
using dfg::NodeKind;
using dfg::PortRef;
using dfg::Vertex;

using loom_test::errorOf;
using loom_test::named;
using loom_test::producer;

namespace {

dfg::Graph readText(const std::string& text) {
  dfg::ReadResult r = dfg::readLoom(text, "t.mlir");
  INFO((r.error ? r.error->str() : ""));
  REQUIRE(!r.error);
  REQUIRE(r.graphs.size() == 1);
  return std::move(r.graphs[0]);
}

size_t countAdded(const dfg::Graph& g, NodeKind k) {
  size_t n = 0;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    n += g.node(v).added && g.node(v).kind == k;
  return n;
}

// One call on the event engine: the output lines ("@f: done after N cycles", results).
std::vector<std::string> run(const dfg::Graph& g, const std::vector<std::string>& args,
                             const std::vector<std::string>& mems = {}) {
  DfgRun r(g, models::TimingConfig{}, sim::EngineKind::Event);
  REQUIRE(r.elaborationErrors().empty());
  DfgArguments values;
  auto err = cli::parseDfgArguments(g, args, mems, values);
  if (!err) err = r.setArguments(values);
  INFO((err ? *err : ""));
  REQUIRE(!err);
  traces::TraceOptions none;
  none.progress = false;
  traces::Tracer tracer(none);
  DfgOutcome o = r.run(sim::kDefaultMaxCycles, tracer);
  INFO((o.findings.empty() ? "" : o.findings[0].text()));
  CHECK(o.passed());
  return o.lines;
}

std::string fileText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

} // namespace

TEST_CASE("several none inputs: each an entry output the host hands one token per call, the "
          "last argument the start token",
          "[loom-form]") {
  dfg::Graph g = readText(R"(
handshake.func @f(%a: i32, %c0: none, %b: i32, %c1: none, %go: none, ...) -> (i32, none, none) {
  %k = constant %c0 {value = 1 : i32} : i32
  %s = arith.addi %a, %k : i32
  %t = arith.addi %s, %b : i32
  %j = join %c1, %t : none, i32
  return %t, %j, %go : i32, none, none
})");
  // The start token is the entry's ctrl; the other none arguments are arguments.
  CHECK(g.argTypes ==
        std::vector<Type>{Type::integer(32), Type::none(), Type::integer(32), Type::none()});
  CHECK(g.node(g.entry).outTypes == std::vector<Type>{Type::integer(32), Type::none(),
                                                      Type::integer(32), Type::none(),
                                                      Type::none()});
  CHECK(g.resultTypes == std::vector<Type>{Type::integer(32), Type::none()});
  CHECK(producer(g, named(g, "f/%k"), 0) == PortRef{g.entry, 1});
  CHECK(producer(g, g.ret, 2) == PortRef{g.entry, 4}); // the done token: %go
  CHECK(checkGraphInferring(g).empty());
  // The host gives the control inputs their tokens: only the i32s need values.
  std::vector<std::string> out = run(g, {"0=5", "2=7"});
  REQUIRE(out.size() == 3);
  CHECK(out[1] == "result #0: 13");
  CHECK(out[2] == "result #1: none");
}

TEST_CASE("without a start token the host's token goes to a sink, without a done token it is "
          "the return's ctrl: the call ends when every result is there",
          "[loom-form]") {
  // No start and no done token; the i1 argument and result are data (not named as tokens).
  dfg::Graph g = readText(R"(
handshake.func @g(%x: index, %c: i1) -> (index, i1) {
  %y = arith.addi %x, %x : index
  handshake.return %y, %c : index, i1
})");
  CHECK(g.argTypes == std::vector<Type>{Type::index(), Type::i1()});
  CHECK(g.resultTypes == std::vector<Type>{Type::index(), Type::i1()});
  REQUIRE(g.node(g.entry).outTypes.size() == 3);
  CHECK(producer(g, g.ret, 2) == PortRef{g.entry, 2});
  CHECK(checkGraphInferring(g).empty());
  std::vector<std::string> out = run(g, {"0=3", "1=1"});
  REQUIRE(out.size() == 3);
  CHECK(out[1] == "result #0: 6");
  CHECK(out[2] == "result #1: 1");

  // A done token but no start token: the host's token is sunk.
  dfg::Graph h = readText(R"(
handshake.func @h(%x: i32) -> (i32, none) {
  %d = join %x : i32
  return %x, %d : i32, none
})");
  Vertex sink = named(h, "h/entry.ctrl.sink");
  CHECK(h.node(sink).added);
  CHECK(producer(h, sink, 0) == PortRef{h.entry, 1});
  CHECK(run(h, {"0=4"}).at(1) == "result #0: 4");
}

TEST_CASE("the ESI wrapper's i1 start and done tokens: a constant true from the host's token, "
          "a join making the done token none",
          "[loom-form]") {
  dfg::Graph g = readText(R"(
handshake.func @e(%x: i32, %arg1: i1, ...) -> (i32, i1)
    attributes {argNames = ["x", "start_token"], resNames = ["out0", "done_token"]} {
  %go = join %arg1 : i1
  %k = constant %go {value = 2 : i32} : i32
  %y = arith.muli %x, %k : i32
  %done = constant %go {value = true} : i1
  return %y, %done : i32, i1
})");
  // The same signature as the plain variant's: the tokens are not arguments or results.
  CHECK(g.argTypes == std::vector<Type>{Type::integer(32)});
  CHECK(g.resultTypes == std::vector<Type>{Type::integer(32)});
  Vertex start = named(g, "e/%arg1"), join = named(g, "e/done_token.join");
  CHECK(g.node(start).kind == NodeKind::Constant);
  CHECK(g.node(start).added);
  CHECK(g.node(start).constValue == 1);
  CHECK(producer(g, start, 0) == PortRef{g.entry, 1});
  CHECK(producer(g, named(g, "e/%go"), 0) == PortRef{start, 0});
  CHECK(g.node(join).kind == NodeKind::Join);
  CHECK(g.node(join).added);
  CHECK(producer(g, join, 0) == PortRef{named(g, "e/%done"), 0});
  CHECK(producer(g, g.ret, 1) == PortRef{join, 0});
  CHECK(checkGraphInferring(g).empty());
  CHECK(run(g, {"0=21"}).at(1) == "result #0: 42");
}

TEST_CASE("LOOM's older stream: stop_cond for cont_cond, no type signature, and step_op and "
          "stop_cond at the defaults its spec gives (+=, <) when left out",
          "[loom-form]") {
  std::string text = fileText(loom_test::input("dotk.mlir"));
  std::string current = "{step_op = \"+=\", cont_cond = \"<\"}\n"
                        "      : (index, index, index) -> (index, i1)";
  size_t at = text.find(current);
  REQUIRE(at != std::string::npos);
  std::string older = text;
  older.replace(at, current.size(), "{step_op = \"+=\", stop_cond = \"<\"}");
  dfg::Graph a = readText(text), b = readText(older);
  Vertex sa = named(a, "dotk/%idx"), sb = named(b, "dotk/%idx");
  CHECK(b.node(sb).contCond == a.node(sa).contCond);
  CHECK(b.node(sb).stepOp == a.node(sa).stepOp);
  CHECK(b.node(sb).inTypes == a.node(sa).inTypes);
  CHECK(b.node(sb).outTypes == a.node(sa).outTypes);
  CHECK(b.numNodes() == a.numNodes());
  CHECK(b.numEdges() == a.numEdges());
  std::vector<std::string> mems = {"0=" + loom_test::input("a8.txt"),
                                   "1=" + loom_test::input("b8.txt")};
  CHECK(run(b, {"2=4", "3=3"}, mems) == run(a, {"2=4", "3=3"}, mems));

  // LOOM's spec of that form: "If step_op is omitted, it defaults to +=. If stop_cond is
  // omitted, it defaults to <." Each one alone.
  for (const char* attrs : {"", "{stop_cond = \"<\"}", "{step_op = \"+=\"}"}) {
    CAPTURE(attrs);
    std::string bare = text;
    bare.replace(at, current.size(), attrs);
    dfg::Graph c = readText(bare);
    Vertex s = named(c, "dotk/%idx");
    CHECK(c.node(s).stepOp == dfg::StepOp::Add);
    CHECK(c.node(s).contCond == dfg::ContCond::Lt);
    CHECK(checkGraphInferring(c).empty());
    CHECK(run(c, {"2=4", "3=3"}, mems) == run(a, {"2=4", "3=3"}, mems));
  }
  // A default stands only for what is left out: `!=` given stays `!=`.
  std::string ne = text;
  ne.replace(at, current.size(), "{stop_cond = \"!=\"}");
  dfg::Graph d = readText(ne);
  CHECK(d.node(named(d, "dotk/%idx")).contCond == dfg::ContCond::Ne);
  CHECK(d.node(named(d, "dotk/%idx")).stepOp == dfg::StepOp::Add);

  std::string both = text;
  both.replace(at, current.size(), "{step_op = \"+=\", cont_cond = \"<\", stop_cond = \"<\"}");
  CHECK(errorOf(both).find("error: 'dataflow.stream' has both 'cont_cond' and its older name "
                           "'stop_cond'") != std::string::npos);
}

TEST_CASE("implicit fan-out: a value used three times gets one fork with three outputs, an "
          "unused result a sink, each marked as added",
          "[loom-form]") {
  dfg::Graph g = readText(R"(
handshake.func @fan(%a: i32, %c: i1, %go: none, ...) -> (i32, none) {
  %x = arith.addi %a, %a : i32
  %y = arith.muli %x, %a : i32
  %t, %f = cond_br %c, %y : i32
  %z = arith.addi %t, %x : i32
  return %z, %go : i32, none
})");
  // By hand: %a is used 3 times (a fork of 3), %x twice (a fork of 2), %f never (a sink).
  // Nodes: entry, %x, %y, %t, %z, return, 2 forks, 1 sink = 9. Channels: the entry's 3
  // (%a, %c, %go), %a's fork 3, %x to its fork 1 and the fork's 2, %y 1, %t 1, %f 1,
  // %z 1 = 13.
  CHECK(g.numNodes() == 9);
  CHECK(g.numEdges() == 13);
  CHECK(countAdded(g, NodeKind::Fork) == 2);
  CHECK(countAdded(g, NodeKind::Sink) == 1);
  Vertex fa = named(g, "fan/%a.fork"), fx = named(g, "fan/%x.fork");
  CHECK(g.node(fa).outTypes.size() == 3);
  CHECK(g.node(fx).outTypes.size() == 2);
  CHECK(producer(g, fa, 0) == PortRef{g.entry, 0});
  CHECK(producer(g, named(g, "fan/%f.sink"), 0) == PortRef{named(g, "fan/%t"), 1});
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    INFO(n.name);
    CHECK(n.added == (n.kind == NodeKind::Fork || n.kind == NodeKind::Sink));
  }
  // DOT says so, for each of the three.
  std::ostringstream dot;
  dfg::printDot({g}, dot);
  size_t said = 0;
  for (size_t at = 0; (at = dot.str().find("(added by loom-sim)", at)) != std::string::npos; ++at)
    ++said;
  CHECK(said == 2 * 3); // label and tooltip
  // So does a finding's report, at one of them and only there.
  harness::Finding atFork, atAdd;
  harness::locate(g, fa, atFork);
  harness::locate(g, named(g, "fan/%x"), atAdd);
  CHECK(atFork.json().value("op_added_by", "") == "loom-sim");
  CHECK(!atAdd.json().contains("op_added_by"));
}

TEST_CASE("untriggered constants (arith.constant, ub.poison) are constants fed by an added "
          "source",
          "[loom-form]") {
  dfg::Graph g = readText(R"(
handshake.func @u(%x: i32, %go: none, ...) -> (i32, i64, none) {
  %one = arith.constant 1 : i32
  %p = ub.poison : i64
  %y = arith.addi %x, %one : i32
  return %y, %p, %go : i32, i64, none
})");
  Vertex one = named(g, "u/%one"), p = named(g, "u/%p");
  CHECK(g.node(one).kind == NodeKind::Constant);
  CHECK(!g.node(one).added);
  CHECK(g.node(one).constValue == 1);
  CHECK(g.node(p).kind == NodeKind::Constant);
  CHECK(g.node(p).constValue == 0);
  Vertex src = producer(g, one, 0).node;
  CHECK(g.node(src).kind == NodeKind::Source);
  CHECK(g.node(src).added);
  CHECK(g.node(src).name == "u/%one.source");
  CHECK(countAdded(g, NodeKind::Source) == 2);
}

TEST_CASE("a whole compiled module: its handshake.funcs are read, its host code parsed and "
          "checked, an esi_instance against the function it runs",
          "[loom-form]") {
  const std::string head = R"(#di_file = #llvm.di_file<"k.cpp" in "/src">
#loc1 = loc("k.cpp":3:0)
module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi64>>,
                   llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  memref.global constant @str : memref<3xi8> = dense<[111, 107, 0]> {alignment = 1 : i64}
  llvm.module_flags [#llvm.mlir.module_flag<max, "Dwarf Version", 5 : i32>]
  func.func @main() -> i32 {
    %true = arith.constant true
    %false = arith.constant false
    %clk = seq.const_clock low
    %c2 = arith.constant 2 : i32
    %ch, %ready = esi.wrap.vr %c2, %true : i32
    %st, %ready_1 = esi.wrap.vr %true, %true : i1
)";
  const std::string instance =
      "    %r:2 = handshake.esi_instance @k_esi \"k_inst0\" clk %clk rst %false(%ch, %st) : "
      "(!esi.channel<i32>, !esi.channel<i1>) -> (!esi.channel<i32>, !esi.channel<i1>)\n";
  const std::string tail = R"(    %y, %valid = esi.unwrap.vr %r#0, %true : i32
    %p = memref.get_global @str : memref<3xi8>
    %w = scf.while (%i = %y) : (i32) -> i32 {
      %more = arith.cmpi ne, %i, %c2 : i32
      scf.condition(%more) %i : i32
    } do {
    ^bb0(%i: i32):
      scf.yield %i : i32
    } attributes {loom.stream = {step_op = "+=", stop_cond = "!="}}
    %ptr = llvm.mlir.zero : !llvm.ptr
    %n = llvm.call @puts(%ptr) : (!llvm.ptr) -> i32
    return %w : i32
  } loc(#loc1)
  llvm.func @puts(!llvm.ptr) -> i32
  func.func private @llvm.lifetime.start.p0(memref<?xi8, strided<[1], offset: ?>>)
  handshake.func @k_esi(%arg0: i32 loc(#loc1), %arg1: i1, ...) -> (i32, i1)
      attributes {argNames = ["x", "start_token"], loom.annotations = ["loom.accel"],
                  resNames = ["out0", "done_token"]} {
    %0 = handshake.join %arg1 : i1
    %1 = handshake.constant %0 {value = 2 : i32} : i32
    %2 = arith.muli %arg0, %1 : i32
    %3 = handshake.constant %0 {value = true} : i1
    handshake.return %2, %3 : i32, i1
  } loc(#loc1)
  handshake.func @k(%arg0: i32, %arg1: none, ...) -> (i32, none)
      attributes {argNames = ["x", "start_token"], resNames = ["out0", "done_token"]} {
    %0 = handshake.join %arg1 : none
    %1 = handshake.constant %0 {value = 2 : i32} : i32
    %2 = arith.muli %arg0, %1 : i32
    handshake.return %2, %0 : i32, none
  }
}
)";
  std::string text = head + instance + tail;
  CHECK(dfg::isLoomForm(text));
  dfg::ReadResult r = dfg::readLoom(text, "t.mlir");
  INFO((r.error ? r.error->str() : ""));
  REQUIRE(!r.error);
  REQUIRE(r.graphs.size() == 2);
  CHECK(r.graphs[0].function == "k_esi");
  CHECK(r.graphs[1].function == "k");
  CHECK(r.graphs[0].argTypes == r.graphs[1].argTypes);
  CHECK(r.graphs[0].resultTypes == r.graphs[1].resultTypes);
  for (const dfg::Graph& g : r.graphs)
    CHECK(checkGraphInferring(g).empty());

  auto with = [&](const std::string& inst) { return errorOf(head + inst + tail); };
  CHECK(with("    %r:2 = handshake.esi_instance @k_esi \"k_inst0\" %clk rst %false(%ch, %st) : "
             "(!esi.channel<i32>, !esi.channel<i1>) -> (!esi.channel<i32>, !esi.channel<i1>)\n") ==
        "t.mlir:14:52: error: custom op 'handshake.esi_instance' expected 'clk'");
  CHECK(
      with("    %r:2 = handshake.esi_instance @nope \"k_inst0\" clk %clk rst %false(%ch, %st) "
           ": (!esi.channel<i32>, !esi.channel<i1>) -> (!esi.channel<i32>, !esi.channel<i1>)\n") ==
      "t.mlir:14:12: error: 'handshake.esi_instance' runs '@nope', which is no handshake.func "
      "of this file");
  CHECK(with("    %r:2 = handshake.esi_instance @k \"k_inst0\" clk %clk rst %false(%ch, %st) : "
             "(!esi.channel<i32>, !esi.channel<i1>) -> (!esi.channel<i32>, !esi.channel<i1>)\n") ==
        "t.mlir:14:12: error: 'handshake.esi_instance' of '@k': argument #1 is none, its "
        "channel !esi.channel<i1> (expected !esi.channel<none>)");
  CHECK(with("    %q = esi.bundle %ch : i32\n" + instance) ==
        "t.mlir:14:10: error: custom op 'esi.bundle' is unknown (the esi ops loom-sim reads: "
        "esi.unwrap.vr, esi.wrap.vr)");
  CHECK(with("    \"foo.bar\"() : () -> ()\n" + instance) ==
        "t.mlir:14:5: error: unknown op 'foo.bar' in the host code beside the handshake.funcs");
}

TEST_CASE("ops a handshake.func cannot hold are located errors that name them", "[loom-form]") {
  const std::string head = "handshake.func @f(%x: i32, %go: none, ...) -> (i32, none) {\n";
  const std::string tail = "  return %x, %go : i32, none\n}\n";
  auto body = [&](const std::string& line) { return errorOf(head + line + "\n" + tail); };
  CHECK(body("  %y = arith.scaling_extf %x, %x : i32, i32 to i32") ==
        "t.mlir:2:8: error: unsupported op 'arith.scaling_extf': no DFG node models it "
        "(docs/loom.md)");
  CHECK(body("  %y = frobnicate %x : i32")
            .find("t.mlir:2:8: error: custom op 'handshake.frobnicate' is unknown") == 0);
  CHECK(body("  %ch, %r = esi.wrap.vr %x, %x : i32").find("t.mlir:2:") == 0);
  CHECK(body("  %c = seq.const_clock low") ==
        "t.mlir:2:8: error: 'seq.const_clock' is host code: it cannot stand inside a "
        "'handshake.func'");
  CHECK(body("  %y = arith.addi %x, %x {loom.annotations = [\"a\"], color = 1} : i32") ==
        "t.mlir:2:8: error: unknown attribute 'color' on 'arith.addi'");
  CHECK(body("  %y = arith.addi %x, %x {loom.annotations = [\"a\"]} : i32") == "no error");
  CHECK(body("  %p:2 = memory[ld = 1, st = 0] (%x) {id = 0 : i32, lsq = true} : memref<4xi32>, "
             "(i32) -> (i32, none)")
            .find("'lsq' must be false: loom-sim does not model a load-store queue") !=
        std::string::npos);
}

TEST_CASE("a dense array of an element type MLIR 22's parser dies on is a located error, in the "
          "host code as anywhere",
          "[loom-form]") {
  const std::string fn =
      "  handshake.func @f(%go: none, ...) -> none {\n    return %go : none\n  }\n}\n";
  CHECK(errorOf("module attributes {x = array<index: 8, 16>} {\n" + fn) ==
        "t.mlir:1:29: error: a dense array of 'index': its elements must be integers or floats");
  CHECK(
      errorOf("module attributes {x = array<i32: 8, 16>, y = array<f32>, z = array<i1: true>} {\n" +
              fn) == "no error");
}
