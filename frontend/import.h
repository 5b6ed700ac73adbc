// Internal to the front end (includes MLIR): imports a parsed and verified MLIR module
// into loom-sim's SCF IR. parse.h is the interface the rest of the project uses.
#pragma once

#include "lowering/ir/ir.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Location.h"

#include <functional>
#include <optional>

namespace mlir {
class AsmParserState;
}

namespace loom::frontend {

// Where things stand in the .mlir text: maps MLIR's source positions to loom Locs
// (1-based line and column of the file as the user wrote it).
struct Positions {
  std::function<Loc(llvm::SMLoc)> at;
  // The original source a producer recorded in an MLIR location ("kernel.c:12:3"), or
  // null when the location is only the .mlir position itself.
  std::function<std::shared_ptr<const std::string>(mlir::Location)> source;
};

// Imports every function of `top` (the parsed file, `module` wrappers included) into
// `out`. Returns the first op loom-sim cannot simulate, as a located error.
std::optional<Diag> importModule(mlir::Block& top, const mlir::AsmParserState& state,
                                 const Positions& pos, Module& out);

// Converts an MLIR type; nullopt for a type outside the input language.
std::optional<Type> importType(mlir::Type t);

} // namespace loom::frontend
