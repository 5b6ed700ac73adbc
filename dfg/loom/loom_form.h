// LOOM's form of a DFG (docs/loom.md): what LOOM's SCFToDFG prints, a `handshake.func`
// per function in CIRCT's handshake syntax with LOOM's `dataflow` ops inside:
//
//   handshake.func @ld(%mem: memref<?xi32>, %idx: index, %ctrl: none, ...) -> (i32, none)
//       attributes {argNames = ["mem", "idx", "ctrl"], resNames = ["out_data", "done"]} {
//     %lddata, %ldaddr = load [%idx] %memif#0, %ctrl : index, i32
//     %memif:2 = extmemory[ld = 1, st = 0] (%mem : memref<?xi32>) (%ldaddr) {id = 0 : i32}
//         : (index) -> (i32, none)
//     return %lddata, %memif#1 : i32, none
//   }
//
// read into the same dfg::Graph that `loom-sim lower` builds, and printed from one. MLIR
// 22 parses and prints it (small handshake and dataflow dialects, one parse and one
// print function per syntax family, chosen by the op table's kind: dfg/loom/syntax.h).
// This header includes no MLIR.
//
// How the text maps onto the graph:
//   - the function's arguments are the SCF function's, then the start token (`none`);
//     its results the SCF function's, then the done token (`none`). A `memref`
//     argument is the memref of an `extmemory`; the others, with the start token, are
//     the outputs of the graph's entry node. A memref whose type leaves descriptor
//     fields dynamic (sizes, strides) hands them to the network as entry tokens too
//     (host/host_memory.h): `lower --format loom` writes them as `index` arguments
//     right after their memref, marked `{loom.memref_field = "size0"}`; LOOM writes no
//     such arguments, and the reader then gives the fields to sinks.
//   - every op is a node, in text order after the entry; ports in the op table's order
//     (ops/op_table.cpp), which is CIRCT's for every op (syntax.cpp says where).
//   - a value used several times is forked (an eager `handshake.fork`) and an unused one
//     sunk (`handshake.sink`), as CIRCT materializes them; LOOM leaves both implicit.
//   - a node is named after the SSA value it defines, as written ("ld/%lddata"), and
//     located at its op in the text (with the source its `loc(...)` records, if any).
//   - channels carry no rates (LOOM writes none: the ledger has nothing to check them
//     against); roles are inferred from the ops (a stream's will-continue is
//     raw_will_continue, a gate's condition after_cond, a memory's none outputs done
//     tokens, other none channels control), as far as the static checks use them.
//
// Not read: loads and stores with more than one address (loom-sim's memories take a
// flattened index), `memory` with `lsq = true`, ops outside the op table (`never`,
// `pack`, `instance`, ...). Errors are located `file:line:col: error: ...`, the first
// one in text order: unknown ops and attributes by name, wrong operand counts with the
// ports the op takes, `[ld = N, st = M]` that does not fit the operands.
#pragma once

#include "dfg/dfg.h"
#include "dfg/text/dfg_text.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace loom::dfg {

// Whether `text` is in LOOM's form: its first top-level op (inside an optional
// `module`) is a `handshake.func`.
bool isLoomForm(const std::string& text);

// Reads LOOM's form (errors as readMlir's: the first one, located).
ReadResult readLoom(const std::string& text, const std::string& filename);

// Reads a DFG file in either form: LOOM's (isLoomForm) or loom-sim's own `loom.dfg`
// text (dfg_text.h). A missing file is an error located at "<file>:0:0".
ReadResult readDfgFile(const std::string& path);

// The two text forms of a DFG: loom-sim's own (`loom.dfg`, dfg_text.h) and LOOM's.
enum class DfgFormat : uint8_t { LoomDfg, Loom };
// "loom.dfg" or "loom"; false for anything else.
bool dfgFormatFromName(const std::string& name, DfgFormat& out);
// Every graph in `format`; what cannot be written, if anything (then nothing is).
std::optional<std::string> printDfg(const std::vector<Graph>& graphs, DfgFormat format,
                                    std::ostream& os);

// Writes `g` as a handshake.func in LOOM's form (as LOOM prints it: no locations, values
// numbered by MLIR). Returns what cannot be written (nothing for a graph `lower` made).
std::optional<std::string> printLoom(const Graph& g, std::ostream& os);

} // namespace loom::dfg
