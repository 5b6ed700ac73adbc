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
//   - the function's tokens. The start token is the last argument when it is `none`, or
//     an `i1` that argNames calls "start_token" (LOOM's ESI wrapper, `<k>_dsa_esi`); the
//     done token is the last result when it is `none`, or an `i1` that resNames calls
//     "done_token". The start token is the entry's ctrl output (an `i1` one: a constant
//     `true` that ctrl triggers); the done token the return's ctrl (an `i1` one: through
//     a join that makes it `none`). Without a start token the entry's ctrl is sunk;
//     without a done token it is the return's ctrl, and Graph::doneToken is false: the
//     results are independent outputs, not one firing.
//   - the other arguments are the SCF function's (Graph::argTypes): a `memref` argument is
//     the memref of an `extmemory`; the others are outputs of the entry node, in order,
//     then its ctrl. A `none` argument is a control input: an entry output the host hands
//     one token per call, as it does the start token. A memref whose type leaves
//     descriptor fields dynamic (sizes, strides) hands them to the network as entry
//     tokens too (host/host_memory.h): `lower --format loom` writes them as `index`
//     arguments right after their memref, marked `{loom.memref_field = "size0"}`; LOOM
//     writes no such arguments, and the reader then gives the fields to sinks.
//   - the other results are the SCF function's (Graph::resultTypes, `none` ones too).
//   - every op is a node, in text order after the entry; ports in the op table's order
//     (ops/op_table.cpp), which is CIRCT's for every op (syntax.cpp says where). An
//     untriggered `arith.constant` or `ub.poison` (0) is a constant fed by a source.
//   - a value used several times is forked (an eager `handshake.fork`) and an unused one
//     sunk (`handshake.sink`), as CIRCT materializes them; LOOM leaves both implicit.
//     These, the token adapters and the sources are marked Node::added.
//   - a node is named after the SSA value it defines, as written ("ld/%lddata"), and
//     located at its op in the text (with the source its `loc(...)` records, if any).
//   - channels carry no rates (LOOM writes none: the ledger has nothing to check them
//     against); roles are inferred from the ops (a stream's will-continue is
//     raw_will_continue, a gate's condition after_cond, a memory's none outputs and an
//     i1 done token done tokens, other none channels control), as far as the static
//     checks use them.
//   - LOOM's older spellings: a stream's `stop_cond` is `cont_cond`, its types may be left
//     out, and a step_op or stop_cond left out takes the default its spec gives (`+=`,
//     `<`). `loom.*` attributes are accepted everywhere and left aside.
//   - a whole module (LOOM's compiled application): its handshake.funcs are read, its host
//     code (MLIR's dialects, ESI's wrappers, seq.const_clock, handshake.esi_instance:
//     host_code.h) parsed and checked to be ops loom-sim knows, each esi_instance against
//     the function it runs.
//
// Not read: loads and stores with more than one address (loom-sim's memories take a
// flattened index), `memory` with `lsq = true` (no load-store queue is modelled), ops
// outside the op table (`never`, `pack`, `instance`, MLIR ops no node models, host ops
// inside a handshake.func, ...), a `memref` result. Errors are located
// `file:line:col: error: ...`, the first one in text order: unknown ops and attributes
// by name, wrong operand counts with the ports the op takes, `[ld = N, st = M]` that does
// not fit the operands.
#pragma once

#include "dfg/dfg.h"
#include "dfg/text/dfg_text.h"

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace loom::dfg {

// Whether `text` is in LOOM's form: it defines a `handshake.func` (its name, pretty or
// quoted, first on a line or right after a `{`, outside comments and strings).
bool isLoomForm(const std::string& text);

// Reads LOOM's form (errors as readMlir's: the first one, located).
ReadResult readLoom(const std::string& text, const std::string& filename);

// A whole program LOOM compiled (docs/loom.md "LOOM's programs"): its host code and CPU
// versions as the SCF IR `run` executes, and each handshake.func as a network, listed in
// the module (Module::networks, each with the function it is checked against).
struct LoomProgram {
  std::unique_ptr<Module> module; // null on error
  std::vector<Graph> graphs;      // one per handshake.func, in the order of module->networks
  std::optional<Diag> error;
};
// Whether `text` is LOOM's form with host functions (`func.func`) beside its handshake.funcs.
bool isLoomProgram(const std::string& text);
// One parse: MLIR's verifier, the networks as readLoom reads them, the rest as the front
// end imports a program (frontend/parse.h).
LoomProgram readLoomProgram(std::string text, const std::string& filename);

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
