// Internal to dfg/loom (includes MLIR): the custom assembly of LOOM's form, one parse
// and one print function per syntax family; the op table (ops/op_table.h) gives each op
// in the handshake and dataflow namespaces its family. The facts
// of each syntax are CIRCT's HandshakeOps.td / HandshakeOps.cpp and LOOM's
// DataflowOps.td (read, not copied; syntax.cpp cites them).
//
// The dialects (dialects.h) hand these functions to MLIR's parser and printer for ops
// they do not register: an op is an unregistered `handshake.fork` whose attributes are
// what its syntax carries (`[N]`, `[ld = N, st = M]`, a buffer's slots and kind) plus its
// attribute dictionary.
#pragma once

#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Operation.h"
#include "ops/op_table.h"

#include "llvm/ADT/StringRef.h"

namespace loom::dfg::loomform {

// The op table names each op's family (ops::OpSpec::loomSyntax).
using Syntax = ops::LoomSyntax;

struct OpSyntax {
  ops::NodeKind kind;
  Syntax syntax;
};

// The ops of LOOM's form: every row of the op table with a syntax family, in table order.
const std::vector<OpSyntax>& syntaxTable();
// The row of the op called `name` ("handshake.fork"), or null.
const OpSyntax* syntaxOf(llvm::StringRef name);

// Attribute names the syntax itself carries (CIRCT's names for them; the op table's
// AttrSpec::loomName where the attribute is one of the op table's).
constexpr const char* kSize = "size";             // fork, lazy_fork: [N]
constexpr const char* kSlots = "slots";           // buffer: [N]
constexpr const char* kBufferType = "bufferType"; // buffer: seq | fifo
constexpr const char* kLdCount = "ldCount";       // memory, extmemory: [ld = N, ...]
constexpr const char* kStCount = "stCount";       //   [..., st = M]
constexpr const char* kMemRefType = "memRefType"; // memory: its memref type
// A stream's attributes, which its printer writes first, as LOOM declares them.
constexpr const char* kStepOp = "step_op";
constexpr const char* kContCond = "cont_cond";
// LOOM's names of the function's tokens (argNames, resNames): an i1 argument or result
// so named is the start or done token (a none one is whatever its name).
constexpr const char* kStartTokenName = "start_token";
constexpr const char* kDoneTokenName = "done_token";
// Attributes of the `loom.` namespace (loom.annotations, ...) are LOOM's notes to its own
// tools: read on every op and function and left aside, except kMemRefField.
constexpr const char* kLoomPrefix = "loom.";
// loom-sim's note of the capacities of an op's input channels, per input port (0: the
// timing's default), where some channel has its own: LOOM's syntax has no place for them.
constexpr const char* kLoomCapacities = "loom.capacities";
// loom-sim's own: an argument that is a dynamic descriptor field of the memref before it.
constexpr const char* kMemRefField = "loom.memref_field";

// The parse function of a family, in static storage (MLIR's parse hook is a
// function_ref); parseUnknown refuses an op the dialect does not have, naming it.
using ParseFn = mlir::ParseResult (*)(mlir::OpAsmParser&, mlir::OperationState&);
const ParseFn& parserOf(Syntax s);
const ParseFn& unknownOpParser();
void printOp(Syntax s, mlir::Operation* op, mlir::OpAsmPrinter& p);

} // namespace loom::dfg::loomform
