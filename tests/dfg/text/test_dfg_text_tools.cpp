// The printed forms against the real tools: MLIR 22's mlir-opt --allow-unregistered-dialect
// must parse the MLIR text (feedback edges are forward references inside the loom.dfg
// region), whatever it prints back must read back to the same graphs, and Graphviz's dot
// must render the DOT text without a warning. A missing tool fails the test: install
// mlir-22-tools and graphviz (scripts/install-deps.sh).

#include "dfg/print_dot.h"
#include "dfg/text/dfg_text.h"
#include "dfg_samples.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace loom;
using namespace loom::dfg;

namespace {

std::string tempPath(const std::string& name) {
  return "/tmp/loom_dfg_text_" + std::to_string(getpid()) + "_" + name;
}

void writeFile(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Exit status of `command` run by the shell.
int run(const std::string& command) {
  int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void requireTool(const std::string& tool, const char* package) {
  if (run("command -v " + tool + " > /dev/null 2>&1") != 0)
    FAIL(tool << " is not installed (Debian package " << package << ")");
}

struct ToolResult {
  int status;
  std::string out, err;
};

// Runs `tool args in > out 2> err` on `text`; `in` is named `name` in the tool's messages.
ToolResult runOn(const std::string& tool, const std::string& args, const std::string& text,
                 const std::string& name) {
  std::string in = tempPath(name), out = tempPath("out"), err = tempPath("err");
  writeFile(in, text);
  int status = run(tool + " " + args + " " + in + " > " + out + " 2> " + err);
  ToolResult r{status, readFile(out), readFile(err)};
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

std::vector<Graph> allSamples() {
  return {samples::loopGraph(), samples::memoryGraph(), samples::everyKindGraph(),
          samples::oddGraph()};
}

std::string printAll(const std::vector<Graph>& gs) {
  std::string s;
  for (const Graph& g : gs)
    s += printMlir(g);
  return s;
}

// What a text printed without locations reads back as: no node has a source position.
Graph withoutLocations(Graph g) {
  for (Vertex v = 0; v < g.numNodes(); ++v)
    g.node(v).origin.loc = Loc{};
  return g;
}

const char* const kOpt = "/usr/lib/llvm-22/bin/mlir-opt";
const char* const kOptArgs = "--allow-unregistered-dialect";

} // namespace

TEST_CASE("mlir-opt parses the printed DFG text, forward references included",
          "[dfg-text][tools]") {
  requireTool(kOpt, "mlir-22-tools");
  ToolResult r = runOn(kOpt, kOptArgs, printAll(allSamples()), "in.mlir");
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
}

// mlir-opt re-prints in its own way: a module around the functions, attributes sorted,
// arith ops in their custom syntax with their default properties, locations only on
// request (then as aliases at the end). Each form reads back to the same graphs, with
// locations exactly when it printed them, and those print the original text again.
TEST_CASE("whatever mlir-opt re-prints reads back to the same graphs", "[dfg-text][tools]") {
  requireTool(kOpt, "mlir-22-tools");
  std::vector<Graph> graphs = allSamples();
  std::string text = printAll(graphs);
  for (std::string form : {"", "--mlir-print-op-generic"})
    for (bool debugInfo : {false, true}) {
      std::string args =
          std::string(kOptArgs) + " " + form + (debugInfo ? " --mlir-print-debuginfo" : "");
      INFO(args);
      ToolResult r = runOn(kOpt, args, text, "in.mlir");
      INFO(r.err);
      REQUIRE(r.status == 0);
      ReadResult back = readMlir(r.out, "reprinted.mlir");
      INFO((back.error ? back.error->str() : std::string()));
      INFO(r.out);
      REQUIRE(back.graphs.size() == graphs.size());
      for (size_t i = 0; i < graphs.size(); ++i) {
        const Graph& want = debugInfo ? graphs[i] : withoutLocations(graphs[i]);
        CHECK(samples::structuralDiff(want, back.graphs[i]) == "");
        CHECK(printMlir(back.graphs[i]) == printMlir(want));
      }
    }
}

// The reader is MLIR's parser: what mlir-opt rejects in the text, it rejects with the
// same message at the same place; and arith's own rules, which mlir-opt verifies, hold.
TEST_CASE("mlir-opt is a real check: it rejects what the reader rejects", "[dfg-text][tools]") {
  requireTool(kOpt, "mlir-22-tools");
  std::string text = printMlir(samples::loopGraph());
  auto firstLine = [](const std::string& s) { return s.substr(0, s.find('\n')); };
  auto tmpName = tempPath("bad.mlir");
  SECTION("a use whose type differs from its definition (the carry's feedback)") {
    std::string bad = text;
    bad.replace(bad.find(": (i1, index, index) -> index"), 29, ": (i1, index, i32) -> index");
    ToolResult r = runOn(kOpt, kOptArgs, bad, "bad.mlir");
    CHECK(r.status != 0);
    ReadResult mine = readMlir(bad, tmpName);
    REQUIRE(mine.error);
    CHECK(mine.error->message == "definition of SSA value '%5#0' has type 'index'");
    CHECK(firstLine(r.err) == firstLine(mine.error->str()));
    REQUIRE(mine.error->notes.size() == 1);
    CHECK(mine.error->notes[0].message == "previously used here with type 'i32'");
    CHECK(r.err.find(mine.error->notes[0].str("note")) != std::string::npos);
  }
  SECTION("an arith op whose types its signature allows but arith does not") {
    std::string bad = text;
    bad.replace(bad.find("\"arith.addi\"(%4#0, %2#0)"), 24, "\"arith.index_cast\"(%4#0)");
    bad.replace(bad.find(": (index, index) -> index loc(\"sum.mlir\":4:12)"), 25,
                ": (index) -> index");
    ToolResult r = runOn(kOpt, kOptArgs, bad, "bad.mlir");
    CHECK(r.status != 0);
    CHECK(r.err.find("'arith.index_cast' op operand type 'index' and result type 'index' are "
                     "cast incompatible") != std::string::npos);
    ReadResult mine = readMlir(bad, tmpName);
    REQUIRE(mine.error);
    CHECK(mine.error->message ==
          "'arith.index_cast' op operand type 'index' and result type 'index' are cast "
          "incompatible");
  }
}

TEST_CASE("dot renders the DOT text without warnings", "[dfg-text][tools]") {
  requireTool("dot", "graphviz");
  Graph loop = samples::loopGraph(), mem = samples::memoryGraph();
  Graph kinds = samples::everyKindGraph(), odd = samples::oddGraph();
  std::vector<const Graph*> all{&loop, &mem, &kinds, &odd};
  for (bool labels : {false, true}) {
    DotOptions opts;
    opts.edgeLabels = labels;
    std::ostringstream os;
    printDot(all, os, opts);
    INFO("edge labels: " << labels);
    ToolResult r = runOn("dot", "-Tsvg", os.str(), "in.dot");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
  }
}

TEST_CASE("DOT: scopes nest as clusters, ports at both ends, raw and gated control apart",
          "[dfg-text][dot]") {
  DotOptions opts;
  opts.edgeLabels = true;
  const char* expected = R"DOT(digraph "loom" {
  node [fontname="Helvetica", fontsize=10];
  edge [fontname="Helvetica", fontsize=8, labelfontsize=7];
  label="orange: raw loop control (N + 1 tokens per activation); blue: gated (N); dashed: control tokens";
  labelloc=b;
  subgraph "cluster_f0_" {
    label="func @sum";
    f0_n0 [label="loom.entry\nentry", tooltip="sum/entry (loom.entry)", shape=invhouse, style=filled, fillcolor="#dddddd"];
    f0_n7 [label="handshake.return\nreturn", tooltip="sum/return (handshake.return)", shape=house, style=filled, fillcolor="#dddddd"];
    subgraph "cluster_f0_s1" {
      label="sum/for0";
      f0_n1 [label="dataflow.stream\nstream", tooltip="sum/for0/stream (dataflow.stream) at sum.mlir:3:5", shape=box, style="rounded,filled", fillcolor="#cfe2f3"];
      f0_n2 [label="dataflow.gate\ngate", tooltip="sum/for0/gate (dataflow.gate) at sum.mlir:3:5", shape=box, style="rounded,filled", fillcolor="#cfe2f3"];
      f0_n3 [label="dataflow.carry\ncarry", tooltip="sum/for0/carry (dataflow.carry)", shape=box, style="rounded,filled", fillcolor="#cfe2f3"];
      f0_n4 [label="handshake.cond_br\nsplit", tooltip="sum/for0/split (handshake.cond_br)", shape=box];
      f0_n5 [label="arith.addi\naddi", tooltip="sum/for0/addi (arith.addi) at sum.mlir:4:12", shape=box, style=filled, fillcolor="#d9ead3"];
      f0_n6 [label="handshake.sink\nsink", tooltip="sum/for0/sink (handshake.sink)", shape=box];
    }
  }
  f0_n0 -> f0_n1 [tooltip="sum/entry:0 -> sum/for0/stream:0\nindex, data, function entry (once per invocation)", taillabel="out0", headlabel="start", label="index"];
  f0_n0 -> f0_n1 [tooltip="sum/entry:2 -> sum/for0/stream:1\nindex, data, function entry (once per invocation)", taillabel="out2", headlabel="step", label="index"];
  f0_n0 -> f0_n1 [tooltip="sum/entry:1 -> sum/for0/stream:2\nindex, data, function entry (once per invocation)", taillabel="out1", headlabel="bound", label="index"];
  f0_n1 -> f0_n2 [tooltip="sum/for0/stream:0 -> sum/for0/gate:0\nindex, raw_index, loop boundary of op #7 (N + 1 per activation)", taillabel="idx", headlabel="before_value", color="#e69138", fontcolor="#b45f06", penwidth=2, label="index raw_index"];
  f0_n1 -> f0_n2 [tooltip="sum/for0/stream:1 -> sum/for0/gate:1\ni1, raw_will_continue, loop boundary of op #7 (N + 1 per activation)", taillabel="cont", headlabel="before_cond", color="#e69138", fontcolor="#b45f06", penwidth=2, label="i1 raw_will_continue"];
  f0_n1 -> f0_n3 [tooltip="sum/for0/stream:1 -> sum/for0/carry:0\ni1, raw_will_continue, loop boundary of op #7 (N + 1 per activation)", taillabel="cont", headlabel="d", color="#e69138", fontcolor="#b45f06", penwidth=2, label="i1 raw_will_continue"];
  f0_n0 -> f0_n3 [tooltip="sum/entry:3 -> sum/for0/carry:1\nindex, data, function entry (once per invocation)", taillabel="out3", headlabel="a", label="index"];
  f0_n5 -> f0_n3 [tooltip="sum/for0/addi:0 -> sum/for0/carry:2\nindex, data, loop body of op #7 (N per activation), capacity 3", taillabel="out0", headlabel="b", label="index"];
  f0_n1 -> f0_n4 [tooltip="sum/for0/stream:1 -> sum/for0/split:0\ni1, raw_will_continue, loop boundary of op #7 (N + 1 per activation)", taillabel="cont", headlabel="cond", color="#e69138", fontcolor="#b45f06", penwidth=2, label="i1 raw_will_continue"];
  f0_n3 -> f0_n4 [tooltip="sum/for0/carry:0 -> sum/for0/split:1\nindex, iter_carry, loop boundary of op #7 (N + 1 per activation)", taillabel="o", headlabel="data", label="index iter_carry"];
  f0_n4 -> f0_n5 [tooltip="sum/for0/split:0 -> sum/for0/addi:0\nindex, data, loop body of op #7 (N per activation)", taillabel="true", headlabel="in0", label="index"];
  f0_n2 -> f0_n5 [tooltip="sum/for0/gate:0 -> sum/for0/addi:1\nindex, body_index, loop body of op #7 (N per activation)", taillabel="after_value", headlabel="in1", color="#3c78d8", fontcolor="#1c4587", penwidth=2, label="index body_index"];
  f0_n2 -> f0_n6 [tooltip="sum/for0/gate:1 -> sum/for0/sink:0\ni1, after_cond, loop body of op #7 (N per activation)", taillabel="after_cond", headlabel="in0", color="#3c78d8", fontcolor="#1c4587", penwidth=2, label="i1 after_cond"];
  f0_n4 -> f0_n7 [tooltip="sum/for0/split:1 -> sum/return:0\nindex, data, loop exit of op #7 (1 per activation)", taillabel="false", headlabel="in0", label="index"];
  f0_n0 -> f0_n7 [tooltip="sum/entry:4 -> sum/return:1\nnone, body_ctrl, function entry (once per invocation)", taillabel="ctrl", headlabel="ctrl", style=dashed, label="body_ctrl"];
}
)DOT";
  // Entry and return sit in the function's cluster, the loop's nodes in a nested one;
  // the control token from the entry to the return is dashed and labelled with its role;
  // the sized feedback channel shows its capacity in the tooltip. Each end names its port
  // as the spec does (the stream's start, step and bound; the gate's before_value and
  // before_cond; the carry's d, a, b); the stream's raw outputs are orange, the gate's
  // gated ones blue.
  CHECK(printDot(samples::loopGraph(), opts) == expected);
}

TEST_CASE("DOT: every node once, even when scope parents form a cycle", "[dfg-text][dot]") {
  Graph g = samples::oddGraph();
  g.scopes[1].parent = 2; // 1 -> 2 -> 1: only a hand-built graph can do this
  std::string dot = printDot(g);
  for (Vertex v = 0; v < g.numNodes(); ++v) {
    std::string decl = "f0_n" + std::to_string(v) + " [label=";
    INFO(decl);
    CHECK(dot.find(decl) != std::string::npos);
    CHECK(dot.find(decl) == dot.rfind(decl));
  }
  CHECK(dot.find("subgraph \"cluster_f0_s1\"") != std::string::npos);
  CHECK(dot.find("subgraph \"cluster_f0_s2\"") != std::string::npos);
}

TEST_CASE("DOT: with ids, every op and channel is an SVG element of that id",
          "[dfg-text][dot][tools]") {
  requireTool("dot", "graphviz");
  Graph loop = samples::loopGraph(), mem = samples::memoryGraph();
  std::vector<const Graph*> both{&loop, &mem};
  std::ostringstream plain, withIds;
  printDot(both, plain);
  DotOptions opts;
  opts.ids = true;
  printDot(both, withIds, opts);
  // The ids add one attribute to each statement and change nothing else.
  CHECK(plain.str().find(" id=") == std::string::npos);
  std::string stripped = withIds.str();
  for (size_t at; (at = stripped.find(", id=\"")) != std::string::npos;)
    stripped.erase(at, stripped.find('"', at + 6) + 1 - at);
  CHECK(stripped == plain.str());
  ToolResult svg = runOn("dot", "-Tsvg", withIds.str(), "ids.dot");
  REQUIRE(svg.status == 0);
  for (size_t gi = 0; gi < both.size(); ++gi) {
    const Graph& g = *both[gi];
    for (Vertex v = 0; v < g.numNodes(); ++v) {
      std::string node = "<g id=\"" + dotNodeId(gi, v) + "\" class=\"node\">";
      INFO(node);
      CHECK(svg.out.find(node) != std::string::npos);
    }
    for (size_t k = 0; k < g.numEdges(); ++k) {
      std::string edge = "<g id=\"" + dotEdgeId(gi, k) + "\" class=\"edge\">";
      INFO(edge);
      CHECK(svg.out.find(edge) != std::string::npos);
    }
  }
}
