// LOOM's form of a DFG (dfg/loom, docs/loom.md): hand-written handshake.func files read
// into the graph the lowering builds (ports in the op table's order, nodes named after
// their SSA values, forks and sinks made explicit, roles inferred), simulate to
// hand-derived results, and report the classic raw-vs-gated bug at the load's ctrl;
// every op and every shipped kernel's lowering print and read back to the same network,
// which simulates exactly as the loom.dfg form does; bad input is a located error.

#include "analysis/static_rules.h"
#include "cli/dfg_arguments.h"
#include "dfg/loom/file_kind.h"
#include "dfg/loom/loom_form.h"
#include "frontend/parse.h"
#include "host/dfg_run.h"
#include "lowering/lower.h"
#include "tests/dfg/loom/loom_inputs.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

using namespace loom;
using dfg::NodeKind;
using dfg::PortRef;
using dfg::Role;
using dfg::Vertex;
using loom_test::input;
using loom_test::readOne;

using loom_test::errorOf;
using loom_test::named;
using loom_test::producer;

namespace {

std::string printed(const dfg::Graph& g) {
  std::ostringstream os;
  auto err = dfg::printLoom(g, os);
  INFO((err ? *err : ""));
  REQUIRE(!err);
  return os.str();
}

// "" when `a` and `b` are the same network: vertex for vertex the same kind, types and
// attributes, and the same channels; names, locations, roles and rates aside (LOOM's
// form carries none of them).
std::string networkDiff(const dfg::Graph& a, const dfg::Graph& b) {
  if (a.numNodes() != b.numNodes())
    return std::to_string(a.numNodes()) + " vs " + std::to_string(b.numNodes()) + " nodes";
  if (a.argTypes != b.argTypes || a.resultTypes != b.resultTypes) return "signature";
  for (Vertex v = 0; v < a.numNodes(); ++v) {
    const dfg::Node &x = a.node(v), &y = b.node(v);
    std::string at = "vertex " + std::to_string(v) + " (" + x.name + " / " + y.name + "): ";
    if (x.kind != y.kind || (x.kind == NodeKind::Compute && x.arith != y.arith))
      return at + x.opName() + " vs " + y.opName();
    if (x.inTypes != y.inTypes || x.outTypes != y.outTypes) return at + "types";
    if (x.arithAttrs.cmpi != y.arithAttrs.cmpi || x.arithAttrs.cmpf != y.arithAttrs.cmpf ||
        x.constValue != y.constValue || x.stepOp != y.stepOp || x.contCond != y.contCond ||
        x.bufferSlots != y.bufferSlots || x.bufferFifo != y.bufferFifo ||
        x.bufferInit != y.bufferInit || x.numStores != y.numStores || x.numLoads != y.numLoads ||
        x.memType != y.memType || x.argIndex != y.argIndex || x.memGroup != y.memGroup)
      return at + "attributes";
  }
  auto channels = [](const dfg::Graph& g) {
    std::multiset<std::tuple<Vertex, unsigned, Vertex, unsigned, std::string>> out;
    for (dfg::EdgeId ch : g.edges())
      out.insert(
          {g.src(ch), g.edge(ch).srcPort, g.dst(ch), g.edge(ch).dstPort, g.edge(ch).type.str()});
    return out;
  };
  return channels(a) == channels(b) ? "" : "channels";
}

DfgOutcome simulate(const dfg::Graph& g, const std::vector<std::string>& args,
                    const std::vector<std::string>& mems,
                    sim::EngineKind engine = sim::EngineKind::Event) {
  DfgRun run(g, models::TimingConfig{}, engine);
  REQUIRE(run.elaborationErrors().empty());
  DfgArguments values;
  auto err = cli::parseDfgArguments(g, args, mems, values);
  if (!err) err = run.setArguments(values);
  INFO((err ? *err : ""));
  REQUIRE(!err);
  traces::TraceOptions none;
  none.progress = false;
  traces::Tracer tracer(none);
  return run.run(sim::kDefaultMaxCycles, tracer);
}

std::string lines(const DfgOutcome& o) {
  std::string s;
  for (const std::string& l : o.lines)
    s += l + "\n";
  return s;
}

} // namespace

TEST_CASE("a load through an extmemory: CIRCT's operands and results are the op table's ports",
          "[loom-form]") {
  dfg::Graph g = readOne(input("load.mlir"));
  CHECK(g.function == "pick");
  REQUIRE(g.argTypes.size() == 2); // the memref and the index; the start token is the entry's
  CHECK(g.argTypes[0].str() == "memref<8xi32>");
  CHECK(g.node(g.entry).outTypes == std::vector<Type>{Type::index(), Type::none()});
  Vertex load = named(g, "pick/%value"), mem = named(g, "pick/%port");
  CHECK(g.node(load).kind == NodeKind::Load);
  CHECK(g.node(mem).kind == NodeKind::ExtMemory);
  CHECK(g.node(mem).argIndex == 0);
  CHECK(g.node(mem).numLoads == 1);
  CHECK(g.node(mem).numStores == 0);
  CHECK(g.node(mem).inTypes == std::vector<Type>{Type::index()}); // the memref is no port
  // load [%idx] %port#0, %go: addr, mem_data, ctrl
  CHECK(producer(g, load, 0) == PortRef{g.entry, 0});
  CHECK(producer(g, load, 1) == PortRef{mem, 0});
  CHECK(producer(g, load, 2) == PortRef{g.entry, 1});
  // results data, addr: the address goes to the memory's ld0.addr
  CHECK(producer(g, mem, 0) == PortRef{load, 1});
  CHECK(producer(g, g.ret, 0) == PortRef{load, 0});
  CHECK(producer(g, g.ret, 1) == PortRef{mem, 1}); // ld0.done
  CHECK(g.node(load).memPort == 0);
  CHECK(g.node(load).origin.loc.str() == input("load.mlir") + ":6:19");
  CHECK(checkGraph(g).empty());
}

TEST_CASE("a value used twice is forked, an unused one sunk, the mux takes its select first",
          "[loom-form]") {
  dfg::Graph g = readOne(input("absdiff.mlir"));
  Vertex gt = named(g, "absdiff/%gt"), fork = named(g, "absdiff/%gt.fork");
  CHECK(g.node(fork).kind == NodeKind::Fork);
  CHECK(g.node(fork).outTypes.size() == 4); // three cond_brs and the mux
  CHECK(producer(g, fork, 0) == PortRef{gt, 0});
  Vertex mux = named(g, "absdiff/%diff");
  CHECK(producer(g, mux, 0).node == fork);
  CHECK(producer(g, mux, 1) == PortRef{named(g, "absdiff/%else"), 0}); // select 0: "false"
  CHECK(producer(g, mux, 2) == PortRef{named(g, "absdiff/%then"), 0});
  Vertex merge = named(g, "absdiff/%done"), sink = named(g, "absdiff/%which.sink");
  CHECK(g.node(merge).kind == NodeKind::ControlMerge);
  CHECK(g.node(sink).kind == NodeKind::Sink);
  CHECK(producer(g, sink, 0) == PortRef{merge, 1});
  CHECK(checkGraph(g).empty());
}

TEST_CASE("roles are inferred from the ops: raw_will_continue, after_cond, done, control",
          "[loom-form]") {
  dfg::Graph g = readOne(input("dotk.mlir"));
  Vertex stream = named(g, "dotk/%idx"), gate = named(g, "dotk/%i");
  CHECK(g.node(stream).outRoles[1] == Role::RawWillContinue);
  CHECK(g.node(gate).outRoles[1] == Role::AfterCond);
  Vertex rawFork = named(g, "dotk/%more.fork");
  for (Role r : g.node(rawFork).outRoles)
    CHECK(r == Role::RawWillContinue);
  CHECK(g.node(named(g, "dotk/%mem_a")).outRoles[1] == Role::Done);
  CHECK(g.node(gate).outRoles[0] == Role::BodyIndex); // the stream's index, gated
  // The invariant that hands the load its ctrl is the access's memory control; the join of
  // the done carry and the memory's done is a done token, and so is what the loop's
  // after_cond splits of it (spec-dataflow-memory), as the lowering gives them.
  CHECK(g.node(named(g, "dotk/%ctrl_a")).outRoles[0] == Role::MemCtrl);
  CHECK(g.node(named(g, "dotk/%seen_a")).outRoles[0] == Role::MemCtrl);
  CHECK(g.node(named(g, "dotk/%pair_a")).outRoles[0] == Role::Done);
  for (Role r : g.node(named(g, "dotk/%more_a")).outRoles)
    CHECK(r == Role::Done);
  CHECK(g.node(named(g, "dotk/%kk")).outRoles[0] == Role::Data);
  CHECK(g.node(named(g, "dotk/%acc_in")).outRoles[0] == Role::Data); // a split value
  for (Vertex v = 0; v < g.numNodes(); ++v)
    for (const dfg::Rate& r : g.node(v).outRates)
      CHECK(!r.known()); // LOOM writes no rates
  CHECK(checkGraph(g).empty());
}

TEST_CASE("hand-written files simulate to hand-derived results, alike on both engines",
          "[loom-form]") {
  std::string a = input("a8.txt"), b = input("b8.txt"), m = input("mem8.txt");
  struct Case {
    const char* file;
    std::vector<std::string> args, mems;
    const char* result;
  };
  for (const Case& c : {Case{"load.mlir", {"1=5"}, {"0=" + m}, "result #0: 15"},
                        Case{"absdiff.mlir", {"0=7", "1=3"}, {}, "result #0: 4"},
                        Case{"absdiff.mlir", {"0=2", "1=9"}, {}, "result #0: 7"},
                        // 3 * (1*2 + 2*2 + 3*2 + 4*2)
                        Case{"dotk.mlir", {"2=4", "3=3"}, {"0=" + a, "1=" + b}, "result #0: 60"}}) {
    INFO(c.file);
    dfg::Graph g = readOne(input(c.file));
    DfgOutcome event = simulate(g, c.args, c.mems);
    DfgOutcome clocked = simulate(g, c.args, c.mems, sim::EngineKind::Clocked);
    CHECK(event.passed());
    REQUIRE(event.lines.size() >= 2);
    CHECK(event.lines[1] == c.result);
    CHECK(lines(event) == lines(clocked));
  }
}

TEST_CASE("the classic bug: a body's memory ctrl on raw_will_continue leaves one token in the "
          "load's ctrl, reported there with the path back to the raw stream",
          "[loom-form]") {
  std::vector<std::string> args = {"2=4", "3=3"};
  std::vector<std::string> mems = {"0=" + input("a8.txt"), "1=" + input("b8.txt")};
  DfgOutcome fixed = simulate(readOne(input("dotk.mlir")), args, mems);
  CHECK(fixed.passed());
  DfgOutcome bad = simulate(readOne(input("dotk_raw_ctrl.mlir")), args, mems);
  CHECK(bad.result.done());
  CHECK(lines(bad) == lines(fixed)); // same results: only the extra token tells them apart
  REQUIRE(bad.findings.size() == 1);
  const std::string f = bad.findings[0].text();
  INFO(f);
  CHECK(f.rfind(input("dotk_raw_ctrl.mlir") +
                    ":25:17: error: 1 token(s) latched in handshake.load 'dotk/%x' input "
                    "'ctrl' after the call [@dotk, quiescence]\n",
                0) == 0);
  CHECK(f.find("  op        handshake.load 'dotk/%x', input 'ctrl' (port 2)\n") !=
        std::string::npos);
  CHECK(f.find("  upstream  'd' <- raw_will_continue from handshake.fork 'dotk/%more.fork'") !=
        std::string::npos);
  CHECK(f.find("the raw-vs-gated miswire") != std::string::npos);
}

TEST_CASE("every op reads, prints and reads back to the same network and text", "[loom-form]") {
  dfg::Graph g = readOne(input("every_op.mlir"));
  std::set<NodeKind> kinds;
  for (Vertex v = 0; v < g.numNodes(); ++v)
    kinds.insert(g.node(v).kind);
  for (const ops::OpSpec& s : ops::table()) {
    std::string name = s.name;
    if (name.rfind("handshake.", 0) != 0 && name.rfind("dataflow.", 0) != 0) continue;
    INFO(name << " is missing from every_op.mlir (has it a syntax in dfg/loom/syntax.cpp?)");
    CHECK(kinds.count(s.kind));
  }
  std::string text = printed(g);
  dfg::ReadResult back = dfg::readLoom(text, "printed.mlir");
  INFO(text << (back.error ? back.error->str() : ""));
  REQUIRE(!back.error);
  REQUIRE(back.graphs.size() == 1);
  CHECK(networkDiff(g, back.graphs[0]).empty());
  CHECK(printed(back.graphs[0]) == text);
  CHECK(text.find("%5:2 = dataflow.stream %2, %3, %in1 {step_op = \"+=\", cont_cond = \"<\"} : "
                  "(index, index, index) -> (index, i1)") != std::string::npos);
  CHECK(text.find("memory[ld = 0, st = 1] (") != std::string::npos);
  CHECK(text.find("buffer [2] seq ") != std::string::npos);
  CHECK(text.find("{initValues = [7, -1]}") != std::string::npos);
}

TEST_CASE("every shipped kernel's lowering prints in LOOM's form and reads back to the same "
          "network, which passes the static checks",
          "[loom-form][kernels]") {
  namespace fs = std::filesystem;
  int functions = 0;
  for (const auto& entry : fs::directory_iterator(LOOM_KERNELS_DIR)) {
    if (entry.path().extension() != ".mlir") continue;
    INFO(entry.path());
    ParseResult p = parseFile(entry.path().string());
    REQUIRE(p.module);
    for (auto& f : p.module->functions) {
      if (f->isDeclaration || f->name == "main") continue;
      INFO(f->name);
      dfg::Graph g;
      REQUIRE(!lowerFunction(*p.module, *f, LowerOptions{}, g));
      std::string text = printed(g);
      dfg::ReadResult back = dfg::readLoom(text, "k.mlir");
      INFO((back.error ? back.error->str() : ""));
      REQUIRE(back.graphs.size() == 1);
      CHECK(networkDiff(g, back.graphs[0]).empty());
      CHECK(checkGraph(back.graphs[0]).empty());
      CHECK(printed(back.graphs[0]) == text);
      ++functions;
    }
  }
  CHECK(functions > 50);
}

TEST_CASE("the lowering in LOOM's form simulates exactly as in loom.dfg form: dot, gemm, gcd, "
          "bicg on both engines",
          "[loom-form][kernels]") {
  struct Case {
    const char* kernel;
    const char* function;
    std::vector<std::string> args, mems;
  };
  for (const Case& c :
       {Case{"dot", "dot", {"2=8"}, {"0=random:1:8", "1=random:2:8"}},
        Case{"gemm", "gemm", {}, {"0=random:1:4x4", "1=random:2:4x4", "2=zeros:4x4"}},
        Case{"gcd", "gcd_array", {"3=6"}, {"0=random:1:6", "1=random:2:6", "2=zeros:6"}},
        Case{"bicg",
             "bicg",
             {},
             {"0=random:1", "1=random:2", "2=random:3", "3=zeros", "4=zeros"}}}) {
    INFO(c.kernel);
    ParseResult p = parseFile(std::string(LOOM_KERNELS_DIR) + "/" + c.kernel + ".mlir");
    REQUIRE(p.module);
    dfg::Graph g;
    REQUIRE(!lowerFunction(*p.module, *p.module->lookup(c.function), LowerOptions{}, g));
    std::ostringstream mlir, loom;
    REQUIRE(!dfg::printDfg({g}, dfg::DfgFormat::LoomDfg, mlir));
    REQUIRE(!dfg::printDfg({g}, dfg::DfgFormat::Loom, loom));
    dfg::ReadResult a = dfg::readMlir(mlir.str(), "k.dfg.mlir");
    dfg::ReadResult b = dfg::readLoom(loom.str(), "k.loom.mlir");
    REQUIRE(a.graphs.size() == 1);
    REQUIRE(b.graphs.size() == 1);
    for (sim::EngineKind e : {sim::EngineKind::Event, sim::EngineKind::Clocked}) {
      DfgOutcome x = simulate(a.graphs[0], c.args, c.mems, e);
      DfgOutcome y = simulate(b.graphs[0], c.args, c.mems, e);
      CHECK(x.passed());
      CHECK(y.passed());
      CHECK(lines(x) == lines(y)); // "@f: done after N cycles", results, memories
    }
  }
}

TEST_CASE("a memref with dynamic descriptor fields: marked arguments, or sinks when LOOM writes "
          "none",
          "[loom-form]") {
  const char* marked = R"(
handshake.func @f(%m: memref<?xi32>, %m_size0: index {loom.memref_field = "size0"},
                  %go: none, ...) -> (index, none) {
  return %m_size0, %go : index, none
})";
  dfg::ReadResult r = dfg::readLoom(marked, "t.mlir");
  REQUIRE(r.graphs.size() == 1);
  const dfg::Graph& g = r.graphs[0];
  CHECK(g.argTypes.size() == 1); // the size is the memref's, not an argument of its own
  DfgOutcome o = simulate(g, {}, {"0=zeros:5"});
  REQUIRE(o.lines.size() >= 2);
  CHECK(o.lines[1] == "result #0: 5");
  const char* loom = R"(
handshake.func @f(%m: memref<?xi32>, %go: none, ...) -> (none) {
  return %go : none
})";
  r = dfg::readLoom(loom, "t.mlir");
  REQUIRE(r.graphs.size() == 1);
  Vertex sink = named(r.graphs[0], "f/%m.size0.sink");
  CHECK(producer(r.graphs[0], sink, 0) == PortRef{r.graphs[0].entry, 0});
  CHECK(simulate(r.graphs[0], {}, {"0=zeros:5"}).passed());
}

TEST_CASE("bad input is one located error that names what is wrong", "[loom-form]") {
  const std::string head = "handshake.func @f(%c: i1, %x: i32, %go: none, ...) -> (i32, none) {\n";
  const std::string tail = "  return %x, %go : i32, none\n}\n";
  auto body = [&](const std::string& line) { return errorOf(head + line + "\n" + tail); };
  CHECK(body("  %y = frobnicate %x : i32") ==
        "t.mlir:2:8: error: custom op 'handshake.frobnicate' is unknown (docs/loom.md, \"What "
        "loom-sim reads\", lists the handshake ops loom-sim reads)");
  CHECK(body("  %y = dataflow.loop %x : i32") ==
        "t.mlir:2:8: error: custom op 'dataflow.loop' is unknown (docs/loom.md, \"What loom-sim "
        "reads\", lists the dataflow ops loom-sim reads)");
  // A misspelling gets the op it is one edit away from.
  CHECK(body("  lazyfork %x : i32") ==
        "t.mlir:2:3: error: custom op 'handshake.lazyfork' is unknown; did you mean "
        "'handshake.lazy_fork'? (docs/loom.md, \"What loom-sim reads\", lists the handshake "
        "ops loom-sim reads)");
  CHECK(body("  %y = dataflow.gates %x : i32") ==
        "t.mlir:2:8: error: custom op 'dataflow.gates' is unknown; did you mean "
        "'dataflow.gate'? (docs/loom.md, \"What loom-sim reads\", lists the dataflow ops "
        "loom-sim reads)");
  CHECK(body("  %y = foo.bar %x : i32") == "t.mlir:2:8: error: unknown op 'foo.bar'");
  CHECK(body("  %y = \"foo.bar\"(%x) : (i32) -> i32") == "t.mlir:2:8: error: unknown op 'foo.bar'");
  CHECK(body("  %y:2 = fork [2] %x {color = \"red\"} : i32") ==
        "t.mlir:2:10: error: unknown attribute 'color' on 'handshake.fork'");
  CHECK(body("  %y = dataflow.carry %c, %x : i1, i32 -> i32") ==
        "t.mlir:2:23: error: custom op 'dataflow.carry' takes 3 operands (d, a, b), found 2");
  CHECK(body("  %t, %e = cond_br %c, %x, %x : i32") ==
        "t.mlir:2:20: error: custom op 'handshake.cond_br' takes 2 operands (cond, data), found 3");
  CHECK(body("  %v, %w = dataflow.gate %x, %c : i32, i1 -> i32") ==
        "t.mlir:2:46: error: custom op 'dataflow.gate' has 2 results (after_value, after_cond), "
        "found 1");
  CHECK(body("  %v, %w = dataflow.gate %x, %x : i32, i32 -> i32, i32") ==
        "t.mlir:2:12: error: operand #1 (before_cond) of 'dataflow.gate' must be i1, got i32");
  CHECK(body("  %s, %b = dataflow.stream %x, %x, %x {step_op = \"%=\"} : (i32, i32, i32) -> "
             "(i32, i1)") ==
        "t.mlir:2:12: error: unknown step_op '%=' (one of += -= *= /= <<= >>=)");
  CHECK(body("  %k = constant %go {value = 1 : i64} : i32") ==
        "t.mlir:2:8: error: 'value' of type i64 for a result of type i32");

  const std::string mem =
      "handshake.func @f(%m: memref<4xi32>, %i: index, %go: none, ...) -> (i32, none) {\n"
      "  %v, %a = load [%i] %p#0, %go : index, i32\n";
  auto memory = [&](const std::string& line) {
    return errorOf(mem + line + "\n  return %v, %p#1 : i32, none\n}\n");
  };
  CHECK(memory("  %p:2 = extmemory[ld = 1] (%m : memref<4xi32>) (%a) : (index) -> (i32, none)") ==
        "t.mlir:3:19: error: custom op 'handshake.extmemory' expected '[ld = N, st = M]' (load "
        "and store port counts, 0 to 65535)");
  CHECK(memory("  %p:2 = extmemory[ld = 1, st = -1] (%m : memref<4xi32>) (%a) : (index) -> (i32, "
               "none)") ==
        "t.mlir:3:19: error: custom op 'handshake.extmemory' expected '[ld = N, st = M]' (load "
        "and store port counts, 0 to 65535)");
  CHECK(memory("  %p:2 = extmemory[ld = 2, st = 0] (%m : memref<4xi32>) (%a) : (index) -> (i32, "
               "none)") ==
        "t.mlir:3:57: error: custom op 'handshake.extmemory' [ld = 2, st = 0] takes 2 operands "
        "(ld0.addr, ld1.addr), found 1");
  CHECK(memory("  %p:2 = extmemory[ld = 1, st = 0] (%m : memref<4xi32>) (%a) {lsq = false} : "
               "(index) -> (i32, none)") ==
        "t.mlir:3:10: error: unknown attribute 'lsq' on 'handshake.extmemory'");
  CHECK(errorOf("handshake.func @f(%m: memref<4x4xi32>, %i: index, %go: none, ...) -> (none) {\n"
                "  %v, %a, %b = load [%i, %i] %v, %go : index, index, i32\n"
                "  return %go : none\n}\n") ==
        "t.mlir:2:21: error: custom op 'handshake.load' takes one address ([%addr]), found 2: "
        "loom-sim's memories take a flattened index");
  CHECK(errorOf("handshake.func @f(%m: memref<4xi32>, %go: none, ...) -> (none) {\n"
                "  sink %m : memref<4xi32>\n  return %go : none\n}\n") ==
        "t.mlir:2:3: error: memref argument %m used here: a memref can only be the memref of an "
        "'extmemory'");

  CHECK(errorOf("handshake.func @f(%m: memref<4xi32>, %go: none, ...) -> (memref<4xi32>, none) "
                "{\n  return %m, %go : memref<4xi32>, none\n}\n") ==
        "t.mlir:1:1: error: result #0 of 'handshake.func' @f has type memref<4xi32>, not "
        "supported");
  CHECK(errorOf("handshake.func @f(%x: i32, %go: none, ...) -> (i64, none) {\n"
                "  return %x, %go : i32, none\n}\n") ==
        "t.mlir:2:3: error: 'handshake.return' returns (i32, none) but '@f' returns (i64, none)");
  CHECK(errorOf("\"handshake.func\"() : () -> ()") ==
        "t.mlir:1:1: error: a 'handshake.func' needs a name, a function type and a body");
  CHECK(errorOf("handshake.func @f(%go: none, ...) -> (none) attributes {speed = 3} {\n"
                "  return %go : none\n}\n") ==
        "t.mlir:1:1: error: unknown attribute 'speed' on 'handshake.func'");
  CHECK(errorOf("handshake.func @f(%go: none, ...) -> (none) {\n  return %go : none\n}\n"
                "\"loom.dfg\"() ({}) {sym_name = \"g\"} : () -> ()\n") ==
        "t.mlir:4:1: error: expected a 'handshake.func' at the top level, found 'loom.dfg'");
}

TEST_CASE("a file is in LOOM's form when it defines a handshake.func, whatever comes first",
          "[loom-form]") {
  CHECK(dfg::isLoomForm("handshake.func @f() -> none {}"));
  CHECK(dfg::isLoomForm("// a comment\n#map = affine_map<(d0) -> (d0)>\nmodule {\n"
                        "  handshake.func @f() -> none {}\n}"));
  CHECK(dfg::isLoomForm("module @m attributes {x = 1} {\n handshake.func @f() -> none {}\n}"));
  CHECK(dfg::isLoomForm("\"handshake.func\"() ({}) : () -> ()"));
  CHECK(!dfg::isLoomForm("\"loom.dfg\"() ({}) {sym_name = \"f\"} : () -> ()"));
  CHECK(!dfg::isLoomForm("func.func @f() { func.return }"));
  CHECK(!dfg::isLoomForm(""));
  // A whole module: host code first.
  CHECK(dfg::isLoomForm("module attributes {dlti.dl_spec = #dlti.dl_spec<>} {\n"
                        "  memref.global constant @s : memref<1xi8> = dense<0>\n"
                        "  func.func @main() { return }\n"
                        "  handshake.func @f() -> none {}\n}"));
  CHECK(dfg::isLoomForm("module { handshake.func @f() -> none {} }"));
  // Named in a comment or a string, or not where an op begins: not a definition.
  CHECK(!dfg::isLoomForm("// handshake.func @f\nfunc.func @f() { func.return }"));
  CHECK(!dfg::isLoomForm("func.func @f() attributes {n = \"\nhandshake.func\"} { return }"));
  CHECK(!dfg::isLoomForm("func.func @f() { %x = \"handshake.funcs\"() : () -> i32 }"));
}

// What a file holds decides which commands read it; the op that tells is located, and
// the error of a command given the wrong kind is placed there.
TEST_CASE("a file's kind is told by its top-level ops, and located", "[loom-form]") {
  using dfg::FileKind;
  auto kind = [](const std::string& t) { return dfg::sniffFileKind(t).kind; };
  CHECK(kind("func.func @f() { func.return }") == FileKind::ScfProgram);
  CHECK(kind("module {\n  func @main() {\n    return\n  }\n}") == FileKind::ScfProgram); // MLIR 14
  CHECK(kind("\"loom.dfg\"() ({}) {sym_name = \"f\"} : () -> ()") == FileKind::LoomSimDfg);
  CHECK(kind("handshake.func @f() -> none {}") == FileKind::LoomNetworks);
  CHECK(kind("module {\n  func.func private @printf(i32)\n  handshake.func @f() -> none {}\n}") ==
        FileKind::LoomProgram);
  CHECK(kind("") == FileKind::Unknown);
  CHECK(kind("// func.func @f\n%x = arith.constant 1 : i32") == FileKind::Unknown);
  // Named in a string that spans lines, or where no op begins: no evidence.
  CHECK(kind("\"x\"() {n = \"a\nhandshake.func\"} : () -> ()") == FileKind::Unknown);
  CHECK(kind("func.func @f() { %x = \"loom.dfg\"() : () -> i32 }") == FileKind::ScfProgram);
  // Located at the op, its line counted past comments and a string of two lines.
  dfg::SniffedKind k = dfg::sniffFileKind("// header\n\"x\"() {s = \"a\nb\"} : () -> ()\n"
                                          "module {\n    handshake.func @f() -> none {}\n}");
  CHECK(k.kind == FileKind::LoomNetworks);
  CHECK(k.line == 5);
  CHECK(k.column == 5);
  k = dfg::sniffFileKind("module {\n  func.func @main() { return }\n  handshake.func @f()\n}");
  CHECK(k.kind == FileKind::LoomProgram);
  CHECK((k.line == 3 && k.column == 3)); // a program LOOM compiled: at its first network
  CHECK(dfg::isProgramKind(FileKind::LoomProgram));
  CHECK(dfg::isDfgKind(FileKind::LoomProgram));
  CHECK(!dfg::isProgramKind(FileKind::LoomSimDfg));
  CHECK(!dfg::isDfgKind(FileKind::ScfProgram));
  CHECK(dfg::wrongKindMessage(FileKind::ScfProgram, "k.mlir", false) ==
        "this file holds an SCF program, not a dataflow graph: `loom-sim lower k.mlir` lowers it "
        "to one (and verifies it), `loom-sim run k.mlir` runs it");
}

// A channel's own capacity (an scf.parallel's body has them) has no place in LOOM's
// syntax: it is written as loom-sim's note `loom.capacities` (per input port, 0 for the
// default), which LOOM's reader skips and loom-sim's reads back.
TEST_CASE("a channel's own capacity is written as loom.capacities and read back", "[loom-form]") {
  dfg::Graph g = readOne(input("load.mlir"));
  auto [it, end] = g.edges();
  dfg::EdgeId e = *it;
  g.edge(e).capacity = 4;
  dfg::Vertex consumer = g.dst(e);
  unsigned port = g.edge(e).dstPort;
  std::ostringstream os;
  REQUIRE(!dfg::printLoom(g, os));
  std::string expected = std::string("loom.capacities = [");
  CHECK(os.str().find(expected) != std::string::npos);
  dfg::ReadResult back = dfg::readLoom(os.str(), "back.mlir");
  REQUIRE(!back.error);
  REQUIRE(back.graphs.size() == 1);
  const dfg::Graph& h = back.graphs[0];
  unsigned withCapacity = 0;
  for (auto [i, iend] = h.edges(); i != iend; ++i)
    if (h.edge(*i).capacity) {
      ++withCapacity;
      CHECK(h.edge(*i).capacity == 4);
      CHECK(h.node(h.dst(*i)).kind == g.node(consumer).kind);
      CHECK(h.edge(*i).dstPort == port);
    }
  CHECK(withCapacity == 1);
}
