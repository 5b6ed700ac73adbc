// Reads the DFG text format (print_mlir.h) back into graphs, one per "loom.dfg" op,
// so that a hand-edited wiring can be verified and simulated.
//
// What comes back: nodes in the order of their ops (vertex i is the i-th op), edges in
// operand order, every attribute as printed. Locations are `Loc`s whose file pointer is
// shared per file name; Origin::op and Scope::op are null (the SCF module is not
// there), Origin::opId and Scope::opId are kept. Graph::entry and Graph::ret are the function's one
// "loom.entry" and one "handshake.return" op.
//
// Errors are `file:line:col: error: ...` at the offending token of the DFG text, the
// first one in text order: malformed syntax, unknown ops or attributes, undefined or
// redefined values, a use whose type differs from its definition, port counts or
// types that do not fit the kind (signature.h), duplicate node names, out-of-range
// scopes. Nothing throws.
#pragma once

#include "lowering/dfg/dfg.h"

#include <optional>
#include <string>
#include <vector>

namespace loom::dfg {

struct ReadResult {
  std::vector<Graph> graphs; // empty on error
  std::optional<Diag> error;
};

// `filename` names the text in diagnostics.
ReadResult readMlir(const std::string& text, const std::string& filename);
// A missing file is an error located at "<file>:0:0".
ReadResult readMlirFile(const std::string& path);

} // namespace loom::dfg
