// Hand-built DFGs for the text-format tests, and a structural comparison.
//
//   loopGraph     sum of a loop index: stream -> gate, an iter_arg carry whose feedback
//                 comes from an addi further down, a cond_br split, fan-out of `cont`
//   memoryGraph   a memory with one store and one load ordered by the store's done; the
//                 store's location records its C source
//   everyKindGraph many kinds in one network (each kind's own round trip is the op
//                 table's test, tests/ops/test_op_table.cpp), a spread of arith ops, float
//                 constants that need hex (NaN), a seq buffer with initial values, an
//                 extmemory with a strided memref type
//   oddGraph      what only a broken or unmaterialized graph has: an unconnected input,
//                 a doubly connected input, declared input types and channel types,
//                 roles and rates that differ from their producers', a location whose
//                 file name has quotes and colons, a source without a .mlir position,
//                 rates with unusual coefficients
#pragma once

#include "dfg/dfg.h"

#include <string>

namespace loom::dfg::samples {

Graph loopGraph();
Graph memoryGraph();
Graph everyKindGraph();
Graph oddGraph();

// "" if `a` and `b` are structurally identical (every Node, Edge, Scope and Graph
// field except the Op pointers), else the first difference.
std::string structuralDiff(const Graph& a, const Graph& b);

} // namespace loom::dfg::samples
