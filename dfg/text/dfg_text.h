// The DFG as MLIR text: printed by MLIR's printer, read by MLIR's parser (MLIR 22), so
// that a user can hand-edit a wiring, run it through MLIR tools and simulate it.
// Whatever `mlir-opt --allow-unregistered-dialect` re-prints of the text (generic or
// default form, `module` wrapper, attributes in any order) reads back to the same graph,
// the nodes' source positions included when it prints locations (below). This header
// includes no MLIR; MLIR stays inside frontend/.
//
// One `"loom.dfg"` op per function, in generic form. Its single region is a graph
// region (MLIR's verifier asks no dominance in the region of an unregistered op), so a
// carry's feedback operand may name a value defined further down. Inside, one op per
// node in vertex order (vertex i is the i-th op); SSA values are numbered by MLIR:
//
//   "loom.dfg"() ({
//     %0:3 = "loom.entry"() {loom.name = "f/entry", loom.rates = ["entry = invocations",
//         ...], loom.roles = ["data", "data", "body_ctrl"], loom.scope = 0 : i64}
//         : () -> (index, index, none) loc("f.mlir":1:1)
//     %1:2 = "dataflow.stream"(%0#0, %0#1, %0#1) {cont_cond = "<", loom.name =
//         "f/for0/stream", loom.origin = 7 : i64, loom.rates = [...], loom.roles =
//         ["raw_index", "raw_will_continue"], loom.scope = 1 : i64, step_op = "+="}
//         : (index, index, index) -> (index, i1) loc("f.mlir":3:5)
//     %2 = "dataflow.carry"(%1#1, %0#0, %3) {...} : (i1, index, index) -> index loc(unknown)
//     %3 = "arith.addi"(%2, %0#1) {...} : (index, index) -> index loc("f.mlir":4:12)
//     ...
//   }) {function_type = (index, index) -> index, loom.scopes = [["function", "f", -1, -1],
//       ["loop_body", "f/for0", 0, 7]], sym_name = "f"} : () -> () loc(unknown)
//
// Why a "loom.entry" op rather than block arguments: the entry node has a name, a
// scope, a location, roles and rates like every other node, and MLIR block arguments
// cannot carry attributes; one op per node keeps printer and reader uniform.
//
// A node's source position (Origin::loc) is the op's MLIR location: loc("file":line:col),
// loc("kernel.c:12:3"("file":line:col)) when the .mlir file recorded an original source
// (Loc::source), loc(unknown) for none. mlir-opt drops locations unless it is given
// `--mlir-print-debuginfo`; an op without one reads back without a source position.
//
// Attributes (MLIR sorts them by name; every one is a real MLIR attribute):
//   arith.cmpi/cmpf  predicate = N : i64 (MLIR's numbering, arith's own attribute)
//   constant         value = typed literal as MLIR prints it: 42 : i32, true,
//                    1.500000e+00 : f32, 0x7FC00000 : f32 (a float that would not read
//                    back exactly from decimal)
//   stream           step_op = "+=", cont_cond = "<"
//   buffer           slots = N, kind = "fifo" | "seq", init = [values] (if any; `unit`
//                    for a token of a none buffer)
//   (ext)memory      mem_type = memref<...>, num_stores, num_loads, mem_group,
//                    arg_index (if not -1)
//   load, store      mem_group, mem_port
//   every node       loom.name, loom.scope, loom.origin (the SCF op id, if any),
//                    loom.roles / loom.rates (one string per output, fields.h; left out
//                    when every output is data / unknown)
//   per operand      loom.capacities (if any channel has a capacity override),
//                    loom.in_ports (if the operands are not ports 0..n-1 in order: an
//                    unconnected or doubly connected input), loom.in_types (if the
//                    node's declared input types differ from its operands' types),
//                    loom.edge_types / loom.edge_roles / loom.edge_rates (if a channel's
//                    differ from its producer port's)
//   loom.dfg         sym_name, function_type, loom.scopes ([kind, name, parent, op id or
//                    -1] per scope)
// Fan-out (before materialization) is plain SSA multi-use. Compute nodes are arith ops,
// which MLIR knows: mlir-opt verifies them and may print them in their own syntax
// (`arith.cmpi slt, %a, %b : index`) with their default properties
// (`<{overflowFlags = #arith.overflow<none>}>`); the reader knows the arith dialect too
// and accepts exactly those defaults.
#pragma once

#include "dfg/dfg.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace loom::dfg {

// Every channel must leave an output its producer declares (Graph::connect sees to it).
void printMlir(const Graph& g, std::ostream& os);
std::string printMlir(const Graph& g);

// What readMlir gives back: nodes in the order of their ops, edges in operand order,
// every attribute as printed. Locations are `Loc`s whose file pointer is shared per file
// name; Origin::op and Scope::op are null (the SCF module is not there), Origin::opId
// and Scope::opId are kept. Graph::entry and Graph::ret are the function's one
// "loom.entry" and one "handshake.return" op.
//
// Errors are `file:line:col: error: ...`, the first one in text order. Syntax errors
// (and undefined, redefined or mistyped values) are MLIR's, where MLIR puts them; the
// DFG's own (unknown ops and attributes, port counts and types that do not fit the kind
// (signature.h), duplicate node names, out-of-range scopes, ...) are at the op's name.
// Nothing throws.
struct ReadResult {
  std::vector<Graph> graphs; // empty on error
  std::optional<Diag> error;
};

// `filename` names the text in diagnostics.
ReadResult readMlir(const std::string& text, const std::string& filename);
// A missing file is an error located at "<file>:0:0".
ReadResult readMlirFile(const std::string& path);

} // namespace loom::dfg
