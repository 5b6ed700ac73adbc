// Internal to dfg/loom (includes MLIR): the `handshake` and `dataflow` dialects of
// LOOM's form. Neither registers its ops one by one (no ODS, no generated code): each
// hands MLIR's parser and printer the function of the op's syntax family through
// Dialect::getParseOperationHook / getOperationPrinter, so `handshake.fork` is an
// unregistered op of a loaded dialect, printed and parsed in CIRCT's syntax.
//
// The one registered op is `handshake.func`: its body's ops are written without their
// `handshake.` prefix, which MLIR's parser resolves only inside a registered op whose
// OpAsmOpInterface names a default dialect (an op parsed through a dialect hook gets
// none), and its name scope is isolated like any function's.
#pragma once

#include "mlir/IR/Dialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"

#include <memory>

namespace loom::dfg::loomform {

// handshake.func @name(%a: T, ..., %ctrl: none, ...) -> (U, none) attributes {...} {...}
// (CIRCT's FuncOp syntax: a function signature with a trailing `...`, an optional
// attribute dictionary after `attributes`, one graph region).
class FuncOp : public mlir::Op<FuncOp, mlir::OpTrait::OneRegion, mlir::OpTrait::ZeroResults,
                               mlir::OpTrait::ZeroSuccessors, mlir::OpTrait::ZeroOperands,
                               mlir::OpTrait::IsIsolatedFromAbove, mlir::OpAsmOpInterface::Trait,
                               mlir::RegionKindInterface::Trait> {
public:
  using Op::Op;
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FuncOp)

  static constexpr llvm::StringLiteral getOperationName() { return "handshake.func"; }
  static llvm::ArrayRef<llvm::StringRef> getAttributeNames() { return {}; }
  static mlir::ParseResult parse(mlir::OpAsmParser& parser, mlir::OperationState& result);
  void print(mlir::OpAsmPrinter& p);

  // OpAsmOpInterface: the body's ops are handshake's unless prefixed; arguments print
  // under their argNames.
  static llvm::StringRef getDefaultDialect() { return "handshake"; }
  // A graph region, as CIRCT's: a carry's feedback names a value defined further down.
  static mlir::RegionKind getRegionKind(unsigned) { return mlir::RegionKind::Graph; }
  void getAsmBlockArgumentNames(mlir::Region& region, mlir::OpAsmSetValueNameFn setName);
};

// Attribute names of handshake.func.
constexpr const char* kSymName = "sym_name";
constexpr const char* kFunctionType = "function_type";
constexpr const char* kArgAttrs = "arg_attrs";
constexpr const char* kResAttrs = "res_attrs";
constexpr const char* kArgNames = "argNames";
constexpr const char* kResNames = "resNames";
constexpr const char* kVisibility = "sym_visibility";

class HandshakeDialect : public mlir::Dialect {
public:
  explicit HandshakeDialect(mlir::MLIRContext* ctx);
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HandshakeDialect)
  static constexpr llvm::StringLiteral getDialectNamespace() { return "handshake"; }

  std::optional<ParseOpHook> getParseOperationHook(llvm::StringRef opName) const override;
  llvm::unique_function<void(mlir::Operation*, mlir::OpAsmPrinter&)>
  getOperationPrinter(mlir::Operation* op) const override;
};

class DataflowDialect : public mlir::Dialect {
public:
  explicit DataflowDialect(mlir::MLIRContext* ctx);
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DataflowDialect)
  static constexpr llvm::StringLiteral getDialectNamespace() { return "dataflow"; }

  std::optional<ParseOpHook> getParseOperationHook(llvm::StringRef opName) const override;
  llvm::unique_function<void(mlir::Operation*, mlir::OpAsmPrinter&)>
  getOperationPrinter(mlir::Operation* op) const override;
};

// A context with handshake, dataflow, arith and math loaded (compute nodes are arith and
// math ops, which MLIR knows and verifies). Other dialects' ops in generic form parse as
// unregistered ops, for the reader to name them.
std::unique_ptr<mlir::MLIRContext> makeLoomContext();

} // namespace loom::dfg::loomform
