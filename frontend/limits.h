// The front end's limits on its input (docs/design.md "Limits"): what parse.h, the
// importer and the text reader all check, below all three.
#pragma once

#include <cstddef>

namespace loom {

// The deepest nesting of regions the front end accepts: an op (scf.for, scf.if,
// scf.while, scf.execute_region, ...) whose regions would lie more than kMaxNestingDepth
// regions deep in its function is refused with a located error. Real kernels nest a few
// dozen levels at most; every later stage is measured at this depth (docs/design.md
// "Limits").
constexpr unsigned kMaxNestingDepth = 4096;

// The deepest nesting of brackets (`{`, `(`, `[`, `<`) in the text, checked before MLIR's
// parser, which recurses once per level, sees it: the regions' braces plus room for a
// module, a function and an op's own brackets. Deeper text is refused with a located
// error instead of risking the stack.
constexpr unsigned kMaxBracketDepth = kMaxNestingDepth + 256;

// The largest input file read (a program or a DFG): eight times a 200,000-op function, and
// MLIR holds about 50 bytes per byte of text.
constexpr size_t kMaxSourceBytes = size_t(64) << 20;

} // namespace loom
