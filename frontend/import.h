// Internal to the front end (includes MLIR): imports a parsed and verified MLIR module
// into loom-sim's SCF IR. parse.h is the interface the rest of the project uses.
#pragma once

#include "ir/ir.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"

#include <memory>
#include <optional>

namespace loom::frontend {

class MlirText;

// The dialects of the input language (func, scf, arith, memref, math, vector, cf; LLVM
// and ub for host code that calls C: llvm.call, llvm.inttoptr, ub.poison), in a
// context of its own: one per parse, since a parse happens once per run.
std::unique_ptr<mlir::MLIRContext> makeInputContext();

// Imports every function of the parsed and verified text (`module` wrappers included)
// into `out`. Returns the first op loom-sim cannot simulate, as a located error.
std::optional<Diag> importModule(MlirText& text, Module& out);

// Converts an MLIR type; nullopt for a type outside the input language.
std::optional<Type> importType(mlir::Type t);

} // namespace loom::frontend
