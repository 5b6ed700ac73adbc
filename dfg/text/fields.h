// The spelling of the DFG fields that MLIR has no attribute for, as strings inside the
// DFG text (dfg_text.h): rates, scope kinds and buffer kinds. Everything else (types,
// constants, integers, locations) is a real MLIR attribute or location, printed and
// parsed by MLIR. No MLIR here: the tests compare graphs through these spellings too.
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
//   A string rather than nested arrays: one rate per output port, read and edited by
//   people, and "loop_body#7 = iterations#7" says at a glance what an array would not.
// Scope::Kind: function loop_body loop_before if_then if_else guard.
// Buffer kind: fifo seq.
#pragma once

#include "dfg/dfg.h"

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

} // namespace loom::dfg::text
