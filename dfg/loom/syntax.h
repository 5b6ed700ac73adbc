// Internal to dfg/loom (includes MLIR): the custom assembly of LOOM's form, one parse
// and one print function per syntax family, and the table that gives each op of the op
// table (ops/op_table.h) in the handshake and dataflow namespaces its family. The facts
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

enum class Syntax : uint8_t {
  SizedList,    // fork, lazy_fork   [N] %x attrs : T
  SameTypeList, // merge, br, sink   %a, %b attrs : T
  ControlMerge, //                   %a, %b attrs : T, I
  Mux,          //                   %sel [%a, %b] attrs : S, T
  CondBr,       //                   %cond, %data attrs : T
  Source,       //                   attrs
  Constant,     //                   %ctrl attrs : T
  TypedList,    // join, sync        %a, %b attrs : T1, T2
  Buffer,       //                   [N] seq|fifo %x attrs : T
  Access,       // load, store       [%addr] %a, %ctrl attrs : A, T
  Memory,       //                   [ld = N, st = M] (%in) attrs : memref<..>, (Ts) -> (Us)
  ExtMemory,    //                   [ld = N, st = M] (%m : memref<..>) (%in) attrs : (Ts) -> (Us)
  Return,       //                   attrs %a, %b : T1, T2
  Functional,   // dataflow ops      %a, %b attrs : T1, T2 -> U1, U2 (stream: in parentheses)
};

struct OpSyntax {
  ops::NodeKind kind;
  Syntax syntax;
};

// The ops of LOOM's form, one per kind of the op table named "handshake.*" or
// "dataflow.*" (its entry, host and compute rows excepted).
const std::vector<OpSyntax>& syntaxTable();
// The row of the op called `name` ("handshake.fork"), or null.
const OpSyntax* syntaxOf(llvm::StringRef name);

// Attribute names the syntax itself carries (CIRCT's names for them).
constexpr const char* kSize = "size";             // fork, lazy_fork: [N]
constexpr const char* kSlots = "slots";           // buffer: [N]
constexpr const char* kBufferType = "bufferType"; // buffer: seq | fifo
constexpr const char* kLdCount = "ldCount";       // memory, extmemory: [ld = N, ...]
constexpr const char* kStCount = "stCount";       //   [..., st = M]
constexpr const char* kMemRefType = "memRefType"; // memory: its memref type
// Attribute names of the dictionary.
constexpr const char* kValue = "value";           // constant
constexpr const char* kInitValues = "initValues"; // buffer
constexpr const char* kId = "id";                 // memory, extmemory
constexpr const char* kLsq = "lsq";               // memory
constexpr const char* kStepOp = "step_op";        // stream
constexpr const char* kContCond = "cont_cond";
constexpr const char* kStopCond = "stop_cond"; //   cont_cond's older name, same meaning
// LOOM's names of the function's tokens (argNames, resNames): an i1 argument or result
// so named is the start or done token (a none one is whatever its name).
constexpr const char* kStartTokenName = "start_token";
constexpr const char* kDoneTokenName = "done_token";
// Attributes of the `loom.` namespace (loom.annotations, ...) are LOOM's notes to its own
// tools: read on every op and function and left aside, except kMemRefField.
constexpr const char* kLoomPrefix = "loom.";
// loom-sim's own: an argument that is a dynamic descriptor field of the memref before it.
constexpr const char* kMemRefField = "loom.memref_field";

// The parse function of a family, in static storage (MLIR's parse hook is a
// function_ref); parseUnknown refuses an op the dialect does not have, naming it.
using ParseFn = mlir::ParseResult (*)(mlir::OpAsmParser&, mlir::OperationState&);
const ParseFn& parserOf(Syntax s);
const ParseFn& unknownOpParser();
void printOp(Syntax s, mlir::Operation* op, mlir::OpAsmPrinter& p);

} // namespace loom::dfg::loomform
