// The DFG text reader's diagnostics: the exact `line:col: error: message` for each kind
// of bad input. Syntax errors and SSA value errors are MLIR's parser's (message and
// place); the DFG's own checks (unknown ops and attributes, port counts and types, names,
// scopes, values of constants) report at the op's name. And no input makes it crash.

#include "dfg/text/dfg_text.h"
#include "dfg_samples.h"
#include "frontend/parse.h"

#include <catch2/catch.hpp>
#include <random>

using namespace loom;
using namespace loom::dfg;

namespace {

// "line:col: error: message" of the first error, or "" (the file name is fixed).
std::string diagnose(const std::string& text) {
  ReadResult r = readMlir(text, "t.mlir");
  if (!r.error) return "";
  CHECK(r.graphs.empty());
  CHECK(r.error->str().rfind("t.mlir:", 0) == 0);
  return std::to_string(r.error->loc.line) + ":" + std::to_string(r.error->loc.col) +
         ": error: " + r.error->message;
}

// A function whose line 2 is the entry (%0: i1, index, none), line 3 is `op` and line 4
// the return.
std::string withOp(const std::string& op, const std::string& attrs = "{sym_name = \"f\"}") {
  return "\"loom.dfg\"() ({\n"
         "  %0:3 = \"loom.entry\"() : () -> (i1, index, none)\n" +
         op +
         "\n"
         "  %9:2 = \"handshake.return\"(%0#1, %0#2) : (index, none) -> (index, none)\n"
         "}) " +
         attrs + " : () -> ()\n";
}

} // namespace

TEST_CASE("the reader accepts the base function of these tests", "[dfg-text][errors]") {
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) : (i1) -> ()")) == "");
}

// MLIR's parser reports these, with its own message, where it puts them.
TEST_CASE("syntax errors are MLIR's", "[dfg-text][errors]") {
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) (i1) -> ()")) ==
        "3:27: error: expected '{' to begin a region");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0 : (i1) -> ()")) ==
        "3:24: error: expected ')' to end operand list");
  CHECK(diagnose(withOp("  \"handshake.sink")) == "3:18: error: expected '\"' in string literal");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) : (i1) ()")) ==
        "3:32: error: expected '->' in function type");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) : (i33x) -> ()")) ==
        "3:29: error: expected non-function type");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {x = } : (i1) -> ()")) ==
        "3:30: error: expected attribute value");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {x = [1, 2} : (i1) -> ()")) ==
        "3:36: error: expected ',' or ']'");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%) : (i1) -> ()")) ==
        "3:20: error: invalid SSA name");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {s = \"a\\q\"} : (i1) -> ()")) ==
        "3:33: error: unknown escape in string literal");
  CHECK(diagnose(
            withOp("  \"handshake.sink\"(%0#0) {loom.scope = 0, loom.scope = 0} : (i1) -> ()")) ==
        "3:43: error: duplicate key 'loom.scope' in dictionary attribute");
  // A missing '}': the end of the text, with a note at the '{' left open.
  CHECK(diagnose("\"loom.dfg\"() ({\n") == "1:16: error: unexpected end of file: missing '}'");
  CHECK(readMlir("\"loom.dfg\"() ({\n", "t.mlir").error->notes.at(0).str("note") ==
        "t.mlir:1:15: note: this '{' is never closed");
  std::string deep =
      "\"loom.dfg\"() ({}) {x = " + std::string(kMaxBracketDepth + 1, '[') + "} : () -> ()";
  CHECK(diagnose(deep) == "1:" + std::to_string(kMaxBracketDepth + 23) +
                              ": error: nesting deeper than " + std::to_string(kMaxBracketDepth) +
                              " levels is not supported");
}

TEST_CASE("values: undefined, redefined, wrong type, missing result (MLIR's messages)",
          "[dfg-text][errors]") {
  CHECK(diagnose(withOp("  \"handshake.sink\"(%7) : (i1) -> ()")) ==
        "3:20: error: use of undeclared SSA value name");
  CHECK(diagnose(withOp("  %0 = \"handshake.source\"() : () -> none")) ==
        "3:3: error: redefinition of SSA value '%0'");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#1) : (i1) -> ()")) ==
        "3:20: error: use of value '%0' expects different type than prior uses: 'i1' vs 'index'");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#5) : (i1) -> ()")) ==
        "3:20: error: reference to invalid result number");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) : (i1, i1) -> ()")) ==
        "3:28: error: expected 1 operand type but had 2");
  CHECK(diagnose(withOp("  %1 = \"handshake.sink\"(%0#0) : (i1) -> ()")) ==
        "3:3: error: cannot name an operation with no results");
}

TEST_CASE("the DFG's own errors are at the op: unknown ops and attributes", "[dfg-text][errors]") {
  CHECK(diagnose(withOp("  %1 = \"dataflow.frob\"(%0#0) : (i1) -> i1")) ==
        "3:8: error: unknown op 'dataflow.frob'");
  CHECK(diagnose(withOp("  %1 = \"arith.constant\"() {value = 1 : i32} : () -> i32")) ==
        "3:8: error: unknown op 'arith.constant'");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {frob = 1} : (i1) -> ()")) ==
        "3:3: error: unknown attribute 'frob' on 'handshake.sink'");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {mem_port = 1} : (i1) -> ()")) ==
        "3:3: error: unknown attribute 'mem_port' on 'handshake.sink'");
  // The hand-written text's spelling of a location before MLIR 22: now a real location.
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {loom.loc = \"k.mlir:1:2\"} : (i1) -> ()")) ==
        "3:3: error: unknown attribute 'loom.loc' on 'handshake.sink'");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) ({}) : (i1) -> ()")) ==
        "3:3: error: 'handshake.sink' cannot have regions");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) <{slots = 2}> : (i1) -> ()")) ==
        "3:3: error: 'handshake.sink' cannot have properties (<{...}>): write its attributes in "
        "{...}");
  CHECK(diagnose(withOp("", "{sym_name = \"f\", frob = 1}")) ==
        "1:1: error: unknown attribute 'frob' on 'loom.dfg'");
  CHECK(diagnose(withOp("", "{}")) == "1:1: error: 'loom.dfg' needs a 'sym_name' attribute");
  CHECK(diagnose("\"dataflow.gate\"() : () -> ()") ==
        "1:1: error: expected a 'loom.dfg' op at the top level, found 'dataflow.gate'");
  CHECK(diagnose("\"loom.dfg\"() ({\n  \"handshake.source\"() : () -> none\n^bb1:\n}) "
                 "{sym_name = \"f\"} : () -> ()") ==
        "3:1: error: a 'loom.dfg' region is one block (no block labels)");
}

TEST_CASE("arith ops: MLIR's defaults accepted, other flags refused, MLIR's rules kept",
          "[dfg-text][errors]") {
  CHECK(
      diagnose(withOp("  %1 = \"arith.addi\"(%0#1, %0#1) <{overflowFlags = #arith.overflow<none>}> "
                      ": (index, index) -> index")) == "");
  CHECK(diagnose(withOp("  %1 = arith.cmpi slt, %0#1, %0#1 : index")) == "");
  CHECK(
      diagnose(withOp("  %1 = \"arith.addi\"(%0#1, %0#1) <{overflowFlags = #arith.overflow<nsw>}> "
                      ": (index, index) -> index")) ==
      "3:8: error: unsupported attribute 'overflowFlags = #arith.overflow<nsw>' on 'arith.addi'");
  // Not in signature.h: index_cast needs index on one side.
  CHECK(diagnose(withOp("  %1 = \"arith.index_cast\"(%0#0) : (i1) -> i64")) ==
        "3:8: error: 'arith.index_cast' op operand type 'i1' and result type 'i64' are cast "
        "incompatible");
  CHECK(diagnose(withOp("  %1 = \"arith.frob\"(%0#1) : (index) -> index")) ==
        "3:8: error: unknown op 'arith.frob'");
}

TEST_CASE("port counts and types must fit the kind", "[dfg-text][errors]") {
  CHECK(diagnose(withOp("  %1 = \"dataflow.carry\"(%0#0, %0#1) : (i1, index) -> index")) ==
        "3:8: error: 'dataflow.carry' must have 3 operands, got 2");
  CHECK(diagnose(withOp(
            "  %1 = \"dataflow.carry\"(%0#1, %0#1, %0#1) : (index, index, index) -> index")) ==
        "3:8: error: operand #0 (d) of 'dataflow.carry' must be i1, got index");
  CHECK(diagnose(withOp("  %1 = \"dataflow.invariant\"(%0#0, %0#1) : (i1, index) -> i1")) ==
        "3:8: error: result #0 (o) of 'dataflow.invariant' must have the type of operand #1 (a) "
        "(index), got i1");
  CHECK(diagnose(withOp("  \"handshake.fork\"(%0#0) : (i1) -> ()")) ==
        "3:3: error: 'handshake.fork' must have at least 1 result, got 0");
  CHECK(diagnose(withOp("  %1 = \"arith.addi\"(%0#0, %0#1) : (i1, index) -> i1")) ==
        "3:8: error: operand #1 (in1) of 'arith.addi' must have the type of operand #0 (in0) "
        "(i1), got index");
  CHECK(diagnose(withOp("  %1 = \"arith.extsi\"(%0#0) : (i1) -> i1")) ==
        "3:8: error: result of 'arith.extsi' must be wider than its operand (i1), got i1");
  CHECK(diagnose(withOp("  %1:2 = \"handshake.memory\"(%0#1, %0#1) {mem_type = memref<4xindex>, "
                        "num_stores = 1, num_loads = 1} : (index, index) -> (index, none)")) ==
        "3:10: error: 'handshake.memory' must have 3 operands, got 2");
  CHECK(diagnose(
            withOp("  %1 = \"handshake.buffer\"(%0#1) {slots = 1, init = [1 : index, 2 : index]} "
                   ": (index) -> index")) ==
        "3:8: error: 'handshake.buffer' has 2 initial values for 1 slot");
  CHECK(
      diagnose(withOp("  %1 = \"handshake.join\"(%0#2) {loom.in_ports = [1]} : (none) -> none")) ==
      "3:8: error: operand #0 feeds input 1 but 'handshake.join' has 1 input types");
  CHECK(diagnose(withOp("  %1 = \"handshake.source\"() : () -> bf16")) ==
        "3:8: error: unsupported type bf16 in 'handshake.source'");
}

TEST_CASE("kind-specific attributes", "[dfg-text][errors]") {
  const char* stream = "  %1:2 = \"dataflow.stream\"(%0#1, %0#1, %0#1) {ATTRS} : (index, index, "
                       "index) -> (index, i1)";
  auto withStream = [&](const std::string& attrs) {
    std::string s = stream;
    return withOp(s.replace(s.find("ATTRS"), 5, attrs));
  };
  CHECK(diagnose(withStream("cont_cond = \"<\"")) ==
        "3:10: error: 'dataflow.stream' needs a 'step_op' attribute");
  CHECK(diagnose(withStream("step_op = \"%=\", cont_cond = \"<\"")) ==
        "3:10: error: unknown step_op '%=' (one of += -= *= /= <<= >>=)");
  CHECK(diagnose(withStream("step_op = \"+=\", cont_cond = 1")) ==
        "3:10: error: 'cont_cond' must be a string");
  CHECK(diagnose(
            withOp("  %1 = \"arith.cmpi\"(%0#1, %0#1) {predicate = 12} : (index, index) -> i1")) ==
        "3:8: error: 'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed "
        "64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9");
  CHECK(diagnose(withOp("  %1 = \"arith.cmpi\"(%0#1, %0#1) : (index, index) -> i1")) ==
        "3:8: error: 'arith.cmpi' needs a 'predicate' attribute");
  CHECK(diagnose(withOp("  %1 = \"handshake.constant\"(%0#2) {value = 7 : i64} : (none) -> i32")) ==
        "3:8: error: value of type i64 for a result of type i32");
  CHECK(diagnose(withOp("  %1 = \"handshake.constant\"(%0#2) {value = 7} : (none) -> i32")) ==
        "3:8: error: value of type i64 for a result of type i32");
  CHECK(diagnose(withOp("  %1 = \"handshake.constant\"(%0#2) {value = 300 : i8} : (none) -> i8")) ==
        "3:44: error: integer constant out of range for attribute");
  CHECK(diagnose(withOp("  %1 = \"handshake.constant\"(%0#2) {value = 1 : f32} : (none) -> f32")) ==
        "3:44: error: unexpected decimal integer literal for a floating point value");
  CHECK(diagnose(withOp("  %1 = \"handshake.constant\"(%0#2) {value = \"7\"} : (none) -> i32")) ==
        "3:8: error: 'value' must be a literal (42 : i32, 1.5 : f32, true, unit)");
  CHECK(
      diagnose(withOp("  %1 = \"handshake.constant\"(%0#2) {value = 7 : i128} : (none) -> i32")) ==
      "3:8: error: 'value' has type i128, which no channel carries");
  CHECK(diagnose(withOp(
            "  %1 = \"handshake.buffer\"(%0#1) {slots = 2, kind = \"lifo\"} : (index) -> index")) ==
        "3:8: error: unknown buffer kind 'lifo' (fifo or seq)");
  CHECK(
      diagnose(withOp("  %1:2 = \"handshake.memory\"(%0#1, %0#1, %0#1) {mem_type = i32, "
                      "num_stores = 1, num_loads = 1} : (index, index, index) -> (index, none)")) ==
      "3:10: error: 'handshake.memory' needs a memref mem_type, got i32");
}

TEST_CASE("names, scopes, roles, rates", "[dfg-text][errors]") {
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {loom.name = \"f/x\"} : (i1) -> ()\n"
                        "  \"handshake.sink\"(%0#0) {loom.name = \"f/x\"} : (i1) -> ()")) ==
        "4:3: error: duplicate node name 'f/x' (first used at 3:3)");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {loom.scope = 4} : (i1) -> ()")) ==
        "3:3: error: scope 4 is out of range (the function has 0 scopes)");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {loom.scope = -1} : (i1) -> ()")) ==
        "3:3: error: 'loom.scope' must be an integer from 0 to 4294967295, got -1");
  CHECK(diagnose(withOp("  %1 = \"handshake.source\"() {loom.roles = [\"frob\"]} : () -> none")) ==
        "3:8: error: unknown role 'frob'");
  CHECK(diagnose(withOp("  %1 = \"handshake.source\"() {loom.roles = []} : () -> none")) ==
        "3:8: error: 'loom.roles' has 0 entries for 1 result");
  CHECK(diagnose(withOp(
            "  %1 = \"handshake.source\"() {loom.rates = [\"loop_body#x\"]} : () -> none")) ==
        "3:8: error: 'loom.rates' entry 0: expected an op id after '#'");
  CHECK(diagnose(withOp("  %1 = \"handshake.source\"() {loom.rates = [\"loop_body#1 = 2 "
                        "iterations\"]} : () -> none")) ==
        "3:8: error: 'loom.rates' entry 0: expected '*' after a coefficient");
  CHECK(
      diagnose(withOp("  %1 = \"handshake.source\"() {loom.rates = [\"forever\"]} : () -> none")) ==
      "3:8: error: 'loom.rates' entry 0: unknown rate domain 'forever'");
  CHECK(diagnose(withOp("  \"handshake.sink\"(%0#0) {loom.capacities = [1, 2]} : (i1) -> ()")) ==
        "3:3: error: 'loom.capacities' has 2 entries for 1 operand");
  CHECK(diagnose(withOp("", "{sym_name = \"f\", loom.scopes = [[\"function\", \"f\", 1, -1], "
                            "[\"loop_body\", \"f/l\", 0, 3]]}")) ==
        "1:1: error: the parent chain of scope 0 is a cycle");
  // A chain of scopes deeper than the nesting limit (the printers and the VCD writer walk
  // it recursively): 200,000 of them are refused at once.
  auto chain = [](unsigned n) {
    std::string s = "{sym_name = \"f\", loom.scopes = [[\"function\", \"f\", -1, -1]";
    for (unsigned i = 1; i < n; ++i)
      s += ", [\"loop_body\", \"f/l" + std::to_string(i) + "\", " + std::to_string(i - 1) + ", 3]";
    return s + "]}";
  };
  CHECK(diagnose(withOp("", chain(kMaxNestingDepth))) == "");
  CHECK(diagnose(withOp("", chain(200000))) ==
        "1:1: error: scope " + std::to_string(kMaxNestingDepth) + " is nested " +
            std::to_string(kMaxNestingDepth + 1) + " scopes deep; more than " +
            std::to_string(kMaxNestingDepth) + " is not supported");
  CHECK(diagnose(withOp("", "{sym_name = \"f\", loom.scopes = [[\"loop\", \"f\", -1, -1]]}")) ==
        "1:1: error: unknown scope kind 'loop'");
  CHECK(diagnose(withOp("", "{sym_name = \"f\", function_type = i32}")) ==
        "1:1: error: 'function_type' must be a function type");
}

TEST_CASE("entry and return: exactly one of each, functions unique", "[dfg-text][errors]") {
  CHECK(diagnose(withOp("  %1 = \"loom.entry\"() : () -> none")) ==
        "3:8: error: second 'loom.entry' op in function 'f' (the first is at 2:10)");
  CHECK(diagnose("\"loom.dfg\"() ({\n}) {sym_name = \"g\"} : () -> ()") ==
        "1:1: error: function 'g' has no 'loom.entry' op");
  std::string f = withOp("");
  CHECK(diagnose(f + f) == "6:1: error: duplicate function 'f' (first defined at 1:1)");
  ReadResult missing = readMlirFile("/nonexistent/dir/nope.mlir");
  REQUIRE(missing.error);
  CHECK(missing.error->str() == "/nonexistent/dir/nope.mlir: error: cannot open file");
}

// Only a graph broken by hand has a channel from an output its producer does not
// declare: the printer gives the producer that output, the reader's check names it.
TEST_CASE("a channel from an undeclared output prints and reads back as an error",
          "[dfg-text][errors]") {
  Graph g = samples::loopGraph();
  Edge e;
  e.srcPort = 2; // the gate has outputs 0 and 1
  e.type = Type::i1();
  g.addEdge(2, 6, e);
  std::string text = printMlir(g);
  CHECK(text.find("%2:3 = \"dataflow.gate\"") != std::string::npos);
  ReadResult r = readMlir(text, "t.mlir");
  REQUIRE(r.error);
  CHECK(r.error->str() == "t.mlir:4:10: error: 'dataflow.gate' must have 2 results, got 3");
}

// Every prefix and many random corruptions of a real text: an error or graphs, never a
// crash (run under ASan + UBSan for the full effect).
TEST_CASE("no input makes the reader crash", "[dfg-text][errors]") {
  std::string text = printMlir(samples::everyKindGraph()) + printMlir(samples::oddGraph());
  size_t errors = 0;
  for (size_t n = 0; n < text.size(); n += 7)
    errors += readMlir(text.substr(0, n), "t.mlir").error ? 1 : 0;
  CHECK(errors > 0);
  std::mt19937 rng(4);
  const std::string alphabet = "%#:()[]{}<>\",=-0123456789xi ?*.";
  for (int i = 0; i < 3000; ++i) {
    std::string t = text;
    for (int k = 0; k < 3; ++k)
      t[rng() % t.size()] = alphabet[rng() % alphabet.size()];
    ReadResult r = readMlir(t, "t.mlir");
    CHECK((r.error.has_value() || !r.graphs.empty()));
  }
}
