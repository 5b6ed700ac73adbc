// The DFG as MLIR generic-op text, which `mlir-opt-14 --allow-unregistered-dialect`
// parses and read_mlir.h reads back (so a user can hand-edit a wiring and simulate it).
//
// One `"loom.dfg"` op per function; its single region is a graph region (MLIR treats
// the region of an unregistered op as one), so a carry's feedback operand may name a
// value defined further down. Inside, one op per node in vertex order, and value
// `%N` (or `%N#p`) is output p of vertex N:
//
//   "loom.dfg"() ({
//     %0:3 = "loom.entry"() {loom.name = "f/entry", loom.scope = 0, loom.roles = ["data",
//         "data", "body_ctrl"], loom.rates = ["entry = invocations", ...]}
//         : () -> (index, index, none)
//     %4:2 = "dataflow.stream"(%1, %2, %0#1) {step_op = "+=", cont_cond = "<",
//         loom.name = "f/for0/stream", loom.scope = 1, loom.loc = "f.mlir:3:5",
//         loom.origin = 7, loom.roles = ["raw_index", "raw_will_continue"],
//         loom.rates = ["loop_boundary#7 = non_empty#7 + iterations#7", ...]}
//         : (index, index, index) -> (index, i1)
//     %6 = "dataflow.carry"(%5#1, %0#0, %9) {...} : (i1, index, index) -> index
//     %9 = "arith.addi"(%6, %1) {...} : (index, index) -> index
//     ...
//   }) {sym_name = "f", function_type = (index, index) -> index,
//       loom.scopes = [["function", "f", -1, -1], ["loop_body", "f/for0", 0, 7]]} : () -> ()
//
// Why a "loom.entry" op rather than block arguments: the entry node has a name, a
// scope, a location, roles and rates like every other node, and MLIR block arguments
// cannot carry attributes; one op per node keeps printer and reader uniform.
//
// Attributes, in this order (kind-specific ones first, without a prefix):
//   arith.cmpi/cmpf  predicate = N (MLIR's numbering, as mlir-opt-14's arith expects)
//   constant         value = typed literal (text_attrs.h)
//   stream           step_op = "+=", cont_cond = "<"
//   buffer           slots = N, kind = "fifo" | "seq", init = [values] (if any)
//   (ext)memory      mem_type = memref<...>, num_stores, num_loads, mem_group,
//                    arg_index (if not -1)
//   load, store      mem_group, mem_port
//   every node       loom.name, loom.scope, loom.loc (if any), loom.origin (if any),
//                    loom.roles / loom.rates (one per output; left out when every output
//                    is data / unknown)
//   per operand      loom.capacities (if any channel has a capacity override),
//                    loom.in_ports (if the operands are not ports 0..n-1 in order: an
//                    unconnected or doubly connected input), loom.in_types (if the
//                    node's declared input types differ from its operands' types),
//                    loom.edge_types / loom.edge_roles / loom.edge_rates (if a channel's
//                    differ from its producer port's)
// Fan-out (before materialization) is plain SSA multi-use. arith.select is printed as
// "std.select", its MLIR 14 name (mlir-opt-14 rejects "arith.select").
#pragma once

#include "lowering/dfg/dfg.h"

#include <ostream>
#include <string>

namespace loom::dfg {

void printMlir(const Graph& g, std::ostream& os);
std::string printMlir(const Graph& g);

} // namespace loom::dfg
