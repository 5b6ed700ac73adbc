// MLIR-14 spellings rewritten into the current (MLIR 22) ones, as plain text: no MLIR
// headers, so the front end can upgrade a file before MLIR parses it and map MLIR's
// diagnostics back to the columns the user wrote.
//
// Rewrites happen only at op-name positions (the first token of a line, after an
// optional result list `%x = `, `%a:2 = `, `%a, %b = `) and, for the runtime print
// functions, at `@symbol` references; never inside string literals or `//` comments.
// Every rewrite stays within its line, so line numbers never change.
//
//   func @f / func private @f     -> func.func        builtin.func    -> func.func
//   return, std.return            -> func.return      call @, std.call -> func.call
//   call_indirect, std.call_indirect -> func.call_indirect
//   select, std.select            -> arith.select     constant @f, std.constant @f -> func.constant
//   br, cond_br, assert, switch (bare or std.)        -> cf.*
//   arith.maxf / arith.minf       -> arith.maximumf / arith.minimumf
//   math.abs                      -> math.absf
//   @print_memref_{i8,i32,i64,f32,f64} -> @printMemref{I8,I32,I64,F32,F64}
//   memref/tensor.expand_shape without output_shape, fully static result
//                                 -> `output_shape [d0, ...]` added after the reassociation
//   memref<4xf32, offset: 2, strides: [1]> (anywhere in the code of a line)
//                                 -> memref<4xf32, strided<[1], offset: 2>>
// A dynamic expand_shape is left as it is (MLIR reports the missing output_shape).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

// In the NEW text, at (line, col) `delta` characters were inserted (negative: that many
// were removed just before col). 1-based. A renamed token keeps its common prefix and
// suffix with the old name; the difference is one insertion or removal between them
// (`return` -> `func.return` inserts 5 at the token's start, `arith.maxf` ->
// `arith.maximumf` inserts 4 before the `f`).
struct UpgradeEdit {
  uint32_t line;
  uint32_t col;
  int32_t delta;
};

struct Upgraded {
  std::string text;
  // One entry per kind of rewrite, in order of first occurrence, e.g.
  // "func @f -> func.func @f (3x)", "return -> func.return (5x)".
  std::vector<std::string> changes;
  std::vector<UpgradeEdit> edits; // sorted by line, then col
};

// Rewrites MLIR-14 spellings into MLIR 22 ones; line numbers never change (rewrites are
// within a line). Returns the text unchanged and no changes when nothing looks old.
Upgraded upgradeMlir14(const std::string& text);

// Maps a column of the upgraded text back to the column of the original on the same
// line. A column inside inserted text maps to the original column where the insertion
// happened (the start of a renamed op for `func.` of `func.return`).
uint32_t originalColumn(const Upgraded& u, uint32_t line, uint32_t newCol);

// Cheap check: any of the old spellings present at an op position (or an old runtime
// print function name); true exactly when upgradeMlir14 would change something.
bool looksLikeMlir14(const std::string& text);

} // namespace loom
