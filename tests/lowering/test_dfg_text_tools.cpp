// The printed forms against the real tools: mlir-opt-14 --allow-unregistered-dialect
// must parse the MLIR text (feedback edges are forward references inside the loom.dfg
// region) and Graphviz's dot must render the DOT text without a warning. A missing tool
// fails the test: install mlir-14-tools and graphviz (scripts/install-deps.sh).

#include "dfg_samples.h"
#include "lowering/dfg/print_dot.h"
#include "lowering/dfg/print_mlir.h"
#include "lowering/dfg/read_mlir.h"

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
  std::string err;
};

// Runs `tool args in > out 2> err` on `text`.
ToolResult runOn(const std::string& tool, const std::string& args, const std::string& text,
                 const std::string& ext) {
  std::string in = tempPath("in." + ext), out = tempPath("out"), err = tempPath("err");
  writeFile(in, text);
  int status = run(tool + " " + args + " " + in + " > " + out + " 2> " + err);
  ToolResult r{status, readFile(err)};
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

std::string allSamplesMlir() {
  return printMlir(samples::loopGraph()) + printMlir(samples::memoryGraph()) +
         printMlir(samples::everyKindGraph()) + printMlir(samples::oddGraph());
}

const char* const kOpt = "mlir-opt-14";
const char* const kOptArgs = "--allow-unregistered-dialect";

} // namespace

TEST_CASE("mlir-opt-14 parses the printed DFG text, forward references included",
          "[dfg-text][tools]") {
  requireTool(kOpt, "mlir-14-tools");
  std::string text = allSamplesMlir();
  ToolResult r = runOn(kOpt, kOptArgs, text, "mlir");
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(r.err.empty());
}

TEST_CASE("mlir-opt-14 is a real check: it rejects what the reader rejects", "[dfg-text][tools]") {
  requireTool(kOpt, "mlir-14-tools");
  std::string text = printMlir(samples::loopGraph());
  SECTION("a use whose type differs from its definition (the carry's feedback)") {
    std::string bad = text;
    bad.replace(bad.find(": (i1, index, index) -> index"), 29, ": (i1, index, i32) -> index");
    ToolResult r = runOn(kOpt, kOptArgs, bad, "mlir");
    CHECK(r.status != 0);
    CHECK(r.err.find("definition of SSA value '%5#0' has type 'index'") != std::string::npos);
    CHECK(readMlir(bad, "t.mlir").error->message ==
          "use of value '%5' expects type i32 but it is defined as index");
  }
  SECTION("arith.select: MLIR 14 knows only std.select, which is why the printer uses it") {
    std::string sel = printMlir(samples::everyKindGraph());
    sel.replace(sel.find("\"std.select\""), 12, "\"arith.select\"");
    ToolResult r = runOn(kOpt, kOptArgs, sel, "mlir");
    CHECK(r.status != 0);
    CHECK(r.err.find("unregistered operation 'arith.select'") != std::string::npos);
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
    ToolResult r = runOn("dot", "-Tsvg", os.str(), "dot");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
  }
}

TEST_CASE("DOT: scopes nest as clusters, control edges are dashed", "[dfg-text][dot]") {
  DotOptions opts;
  opts.edgeLabels = true;
  const char* expected = R"DOT(digraph "loom" {
  node [fontname="Helvetica", fontsize=10];
  edge [fontname="Helvetica", fontsize=8];
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
  f0_n0 -> f0_n1 [tooltip="sum/entry:0 -> sum/for0/stream:0\nindex, data, function entry (once per invocation)", label="index"];
  f0_n0 -> f0_n1 [tooltip="sum/entry:2 -> sum/for0/stream:1\nindex, data, function entry (once per invocation)", label="index"];
  f0_n0 -> f0_n1 [tooltip="sum/entry:1 -> sum/for0/stream:2\nindex, data, function entry (once per invocation)", label="index"];
  f0_n1 -> f0_n2 [tooltip="sum/for0/stream:0 -> sum/for0/gate:0\nindex, raw_index, loop boundary of op #7 (N + 1 per activation)", label="index raw_index"];
  f0_n1 -> f0_n2 [tooltip="sum/for0/stream:1 -> sum/for0/gate:1\ni1, raw_will_continue, loop boundary of op #7 (N + 1 per activation)", label="i1 raw_will_continue"];
  f0_n1 -> f0_n3 [tooltip="sum/for0/stream:1 -> sum/for0/carry:0\ni1, raw_will_continue, loop boundary of op #7 (N + 1 per activation)", label="i1 raw_will_continue"];
  f0_n0 -> f0_n3 [tooltip="sum/entry:3 -> sum/for0/carry:1\nindex, data, function entry (once per invocation)", label="index"];
  f0_n5 -> f0_n3 [tooltip="sum/for0/addi:0 -> sum/for0/carry:2\nindex, data, loop body of op #7 (N per activation), capacity 3", label="index"];
  f0_n1 -> f0_n4 [tooltip="sum/for0/stream:1 -> sum/for0/split:0\ni1, raw_will_continue, loop boundary of op #7 (N + 1 per activation)", label="i1 raw_will_continue"];
  f0_n3 -> f0_n4 [tooltip="sum/for0/carry:0 -> sum/for0/split:1\nindex, iter_carry, loop boundary of op #7 (N + 1 per activation)", label="index iter_carry"];
  f0_n4 -> f0_n5 [tooltip="sum/for0/split:0 -> sum/for0/addi:0\nindex, data, loop body of op #7 (N per activation)", label="index"];
  f0_n2 -> f0_n5 [tooltip="sum/for0/gate:0 -> sum/for0/addi:1\nindex, body_index, loop body of op #7 (N per activation)", label="index body_index"];
  f0_n2 -> f0_n6 [tooltip="sum/for0/gate:1 -> sum/for0/sink:0\ni1, after_cond, loop body of op #7 (N per activation)", label="i1 after_cond"];
  f0_n4 -> f0_n7 [tooltip="sum/for0/split:1 -> sum/return:0\nindex, data, loop exit of op #7 (1 per activation)", label="index"];
  f0_n0 -> f0_n7 [tooltip="sum/entry:4 -> sum/return:1\nnone, body_ctrl, function entry (once per invocation)", style=dashed, label="body_ctrl"];
}
)DOT";
  // Entry and return sit in the function's cluster, the loop's nodes in a nested one;
  // the control token from the entry to the return is dashed and labelled with its role;
  // the sized feedback channel shows its capacity in the tooltip.
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
