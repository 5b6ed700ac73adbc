// What an MLIR file holds, told from its top-level ops before any parse, so that a
// command given a file meant for another says which command reads it (instead of
// MLIR's "Dialect `handshake' not found"). The kinds:
//   an SCF program            func.func (or MLIR 14's func) only: `run`, `lower`, `check`
//   a loom-sim DFG            "loom.dfg" ops, `lower`'s output: `sim`, `verify`, `rtl`
//   LOOM's networks           handshake.funcs without host code: `sim`, `verify`, `rtl`
//   a program LOOM compiled   handshake.funcs beside host func.funcs: every command
#pragma once

#include <cstdint>
#include <string>

namespace loom::dfg {

enum class FileKind : uint8_t { Unknown, ScfProgram, LoomSimDfg, LoomNetworks, LoomProgram };

struct SniffedKind {
  FileKind kind = FileKind::Unknown;
  unsigned line = 0, column = 0; // where the op that tells the kind begins (1-based)
};

// An op name where an op can begin (first on a line or right after a `{`), pretty or
// quoted, outside comments and strings, decides: handshake.func, "loom.dfg", func.func.
SniffedKind sniffFileKind(const std::string& text);

// The kind of the file at `path`; Unknown if it cannot be read (its reader says why).
FileKind fileKindOfPath(const std::string& path);

// "an SCF program", "a dataflow graph in loom-sim's form (loom.dfg)", ...
const char* fileKindName(FileKind kind);

// Whether a command reading programs (run, lower, check) or DFGs (sim, verify) can
// read a file of this kind; Unknown is left to the parser's own error.
bool isProgramKind(FileKind kind);
bool isDfgKind(FileKind kind);

// The error for a file of the wrong kind, naming the commands that read it:
//   "this file holds LOOM's dataflow networks (handshake.func, no host code), not a
//    program: `loom-sim sim FILE` simulates a call, `loom-sim verify FILE` checks it"
std::string wrongKindMessage(FileKind kind, const std::string& file, bool wantedProgram);

} // namespace loom::dfg
