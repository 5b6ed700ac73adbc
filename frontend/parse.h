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

#include "frontend/limits.h"
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

// Parses and verifies `text`; `filename` names it in locations. Never throws.
ParseResult parseModule(std::string text, const std::string& filename);

// The whole text of a file; a file that cannot be read, a directory or a file larger
// than kMaxSourceBytes is an error located at the file ("f.mlir: error: cannot open
// file").
std::optional<std::string> readSourceFile(const std::string& path, std::optional<Diag>& error);

// Reads and parses a file; a missing file is an error located at the file ("f.mlir: error: cannot
// open file").
ParseResult parseFile(const std::string& path);

} // namespace loom
