// The spelling of DFG fields inside the MLIR text format (print_mlir.h, read_mlir.h):
// one place that says how a rate, a scope kind, a constant, a location or a type is
// written, so the printer and the reader cannot disagree.
//
// Rate: `domain[#op][ = term (+|- term)*]`, term: `[coef*]count[#op][[ctx]]`, e.g.
//     "loop_boundary#12 = non_empty#12 + iterations#12", "loop_body#4 = iterations#4[W2:l/]"
//   domains: entry loop_body loop_boundary loop_exit loop_body_tail if_then if_else
//            guard_enter guard_skip unknown
//   counts:  invocations activations non_empty iterations then else
//   `#op` is left out when it is 0 for the domain and count that name no op (entry,
//   unknown, invocations); reading a missing `#op` gives 0. A term's context
//   (RateTerm::ctx: which copy of a while's before region) is written in brackets when
//   not empty, with `]` and `\` escaped by `\`.
// Scope::Kind: function loop_body loop_before if_then if_else guard.
// Constant value: the MLIR typed literal of the value's type: `42 : i32`, `true`,
//   `1.5 : f32` (shortest decimal that reads back exactly, always with a '.'), hex bits
//   for floats that are not finite and for f16 (`0x7FC00000 : f32`), `unit` for none.
// Loc: "file:line:col".
// Type: the MLIR 14 spelling; strided layouts become affine maps (mlir-opt-14 has no
//   strided<>): memref<4x?xf32, affine_map<(d0, d1)[s0] -> (s0 + d0 * 8 + d1)>>.
#pragma once

#include "lowering/dfg/dfg.h"

#include <optional>
#include <string>
#include <string_view>

namespace loom::dfg::text {

// ---- rates ---------------------------------------------------------------------------
std::string rateText(const Rate& r);
// On error returns false and sets `error` (without the location).
bool parseRate(std::string_view text, Rate& out, std::string& error);
bool isDefaultRate(const Rate& r); // Unknown, op 0, no terms: what an unannotated port has

// ---- scopes and buffers -------------------------------------------------------------
const char* scopeKindName(Scope::Kind k);
bool scopeKindFromName(std::string_view name, Scope::Kind& out);
const char* bufferKindName(bool fifo); // "fifo" / "seq"
bool bufferKindFromName(std::string_view name, bool& fifo);

// ---- values ---------------------------------------------------------------------------
// The MLIR attribute text of value `b` of scalar type `t` (see the table above).
std::string valueText(Bits b, const Type& t);

// A literal as the reader found it: its spelling and what kind of token it was.
enum class LiteralKind : uint8_t { Integer, Float, Bool, Unit };
// Converts a literal written with type `t` to Bits. On error returns false and sets
// `error`: out of range for the type, a decimal integer for a float type, ...
bool valueFromLiteral(LiteralKind kind, std::string_view spelling, const Type& t, Bits& out,
                      std::string& error);

// ---- locations, strings, types ------------------------------------------------------
std::string locText(const Loc& loc);
bool hasLoc(const Loc& loc); // anything worth printing
// "file:line:col" -> Loc; the file pointer comes from `intern` so that every location
// of one file shares it.
template <typename Intern> bool parseLocText(std::string_view text, Intern&& intern, Loc& out);

std::string quote(std::string_view s); // an MLIR string literal, escaped
std::string typeText(const Type& t);   // the MLIR 14 spelling
std::string functionTypeText(const std::vector<Type>& args, const std::vector<Type>& results);

// ---- implementation of the template -------------------------------------------------
bool splitLocText(std::string_view text, std::string_view& file, uint32_t& line, uint32_t& col);

template <typename Intern> bool parseLocText(std::string_view text, Intern&& intern, Loc& out) {
  std::string_view file;
  if (!splitLocText(text, file, out.line, out.col)) return false;
  out.file = intern(std::string(file));
  return true;
}

} // namespace loom::dfg::text
