// `loom-sim lower` and `loom-sim verify`: the lowering as a tool of its own.
//
//   loom-sim lower FILE.mlir [--func NAME] [-o OUT.mlir] [--dot OUT.dot] [--inject NAME]...
//     parses and verifies the SCF module, lowers the named function (default: every
//     defined function except `main`), writes the DFGs as MLIR generic-op text
//     (stdout without -o) and as DOT, then runs the static verifier on each.
//   loom-sim verify DFG.mlir
//     reads a DFG text (as `lower` writes it, possibly hand-edited) and runs the static
//     verifier on each function in it.
//
// Exit codes: 0 every graph passed; 1 the static verifier found a violation (`lower`
// still writes its outputs, so an injected bug can be looked at); 2 bad input or usage
// (parse, verify or lowering errors at their location, unknown function or injection,
// an output that cannot be written).
#pragma once

#include <string>
#include <vector>

namespace loom {

struct LowerCommandOptions {
  std::string file;
  std::string func;                // empty: every function but main
  std::string out;                 // empty: stdout
  std::string dot;                 // empty: no DOT
  std::vector<std::string> inject; // Injection names (lower.h)
};

int lowerCommand(const LowerCommandOptions& opts);
int verifyDfgCommand(const std::string& file);

} // namespace loom
