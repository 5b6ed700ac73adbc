// The front end: MLIR text in, loom-sim's SCF IR out (docs/design.md "Front end").
//
// MLIR 22 parses and verifies the text (pretty or generic form, aliases, properties,
// attribute dictionaries, `module` wrappers, debug locations); the importer then maps
// the ops loom-sim simulates onto ir, keeping for every op both where it
// stands in the .mlir text and the source location the producer recorded in it (a C
// front end's `loc("kernel.c":12:3)`). MLIR types never leave this folder.
//
// Files in MLIR 14 spelling (`func @f`, bare `return`/`call`/`select`, `arith.maxf`,
// `math.abs`, `print_memref_*`) that MLIR 22 rejects are read through the upgrade of
// upgrade.h, with a note saying so (ParseResult::notes); columns in diagnostics are
// those of the file as written.
#pragma once

#include "ir/ir.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

struct ParseResult {
  std::unique_ptr<Module> module; // null on error
  std::optional<Diag> error;
  std::vector<Diag> notes; // remarks on a successful parse (the MLIR 14 upgrade)
};

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

// Parses and verifies `text`; `filename` names it in locations. Never throws.
ParseResult parseModule(std::string text, const std::string& filename);

// The largest input file read (a program or a DFG): eight times a 200,000-op function, and
// MLIR holds about 50 bytes per byte of text.
constexpr size_t kMaxSourceBytes = size_t(64) << 20;

// The whole text of a file; a file that cannot be read, a directory or a file larger
// than kMaxSourceBytes is an error located at the file ("f.mlir: error: cannot open
// file").
std::optional<std::string> readSourceFile(const std::string& path, std::optional<Diag>& error);

// Reads and parses a file; a missing file is an error located at the file ("f.mlir: error: cannot
// open file").
ParseResult parseFile(const std::string& path);

} // namespace loom
