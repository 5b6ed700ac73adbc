// Internal to dfg/loom (includes MLIR): the host code LOOM writes around its
// handshake.funcs in a whole compiled module, where MLIR 22 has no dialect for it:
//
//   %c = seq.const_clock low                                  -> !seq.clock
//   %ch, %ready = esi.wrap.vr %x, %valid : T                  -> !esi.channel<T>, i1
//   %x, %valid = esi.unwrap.vr %ch, %ready : T                -> T, i1
//   %r:2 = handshake.esi_instance @f "f_inst0" clk %c rst %rst(%ch0, %ch1)
//       : (!esi.channel<T0>, !esi.channel<T1>) -> (!esi.channel<U0>, !esi.channel<U1>)
//
// (CIRCT's ESI, Seq and Handshake dialects: facts of their syntax only.) They are
// parsed so that the module reads; loom-sim models none of them: an esi_instance is
// checked against the handshake.func it names (read.cpp), the others are not looked at.
// Their types are MLIR opaque types of the `esi` and `seq` namespaces, made in one
// spelling so that equal types compare equal.
#pragma once

#include "dfg/loom/syntax.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpImplementation.h"

namespace loom::dfg::loomform {

constexpr const char* kEsiInstance = "handshake.esi_instance";
// Attribute names the esi_instance syntax carries.
constexpr const char* kEsiModule = "module";     // @f: the handshake.func it runs
constexpr const char* kEsiInstName = "instName"; // "f_inst0"

// !esi.channel<T> and !seq.clock.
mlir::Type channelType(mlir::Type inner);
mlir::Type clockType(mlir::MLIRContext* ctx);

// The parse hook of a host op of these namespaces (`handshake.esi_instance`,
// `esi.wrap.vr`, ...), or null when `opName` is none of them.
const ParseFn* hostOpParser(llvm::StringRef opName);
// Refuses an op of the esi or seq namespace loom-sim does not read, naming those it does.
mlir::ParseResult parseUnknownHostOp(mlir::OpAsmParser& p, mlir::OperationState& st);

class EsiDialect : public mlir::Dialect {
public:
  explicit EsiDialect(mlir::MLIRContext* ctx);
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EsiDialect)
  static constexpr llvm::StringLiteral getDialectNamespace() { return "esi"; }

  std::optional<ParseOpHook> getParseOperationHook(llvm::StringRef opName) const override;
  mlir::Type parseType(mlir::DialectAsmParser& parser) const override;
};

class SeqDialect : public mlir::Dialect {
public:
  explicit SeqDialect(mlir::MLIRContext* ctx);
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SeqDialect)
  static constexpr llvm::StringLiteral getDialectNamespace() { return "seq"; }

  std::optional<ParseOpHook> getParseOperationHook(llvm::StringRef opName) const override;
  mlir::Type parseType(mlir::DialectAsmParser& parser) const override;
};

} // namespace loom::dfg::loomform
