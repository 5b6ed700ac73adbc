// Every operation of the input language, mapped to an enum once at parse time so
// nothing on a hot path compares op names.
#pragma once

#include <cstdint>
#include <string_view>

namespace loom {

enum class OpKind : uint16_t {
  // func (MLIR-14 `func`/`return`/`call` and func.func/func.return/func.call)
  Func,
  Return,
  Call,
  // arith: constants and integer arithmetic
  Constant,
  AddI,
  SubI,
  MulI,
  DivSI,
  DivUI,
  RemSI,
  RemUI,
  CeilDivSI,
  CeilDivUI,
  FloorDivSI,
  AndI,
  OrI,
  XOrI,
  ShLI,
  ShRSI,
  ShRUI,
  MaxSI,
  MaxUI,
  MinSI,
  MinUI,
  // arith: float arithmetic
  AddF,
  SubF,
  MulF,
  DivF,
  RemF,
  NegF,
  MaxF,
  MinF,
  // comparisons and select (std.select in MLIR 14, arith.select later)
  CmpI,
  CmpF,
  Select,
  // casts
  ExtSI,
  ExtUI,
  TruncI,
  ExtF,
  TruncF,
  IndexCast,
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  Bitcast,
  // memref
  Load,
  Store,
  Alloc,
  Alloca,
  Dealloc,
  Cast,
  Subview,
  ReinterpretCast,
  CollapseShape,
  ExpandShape,
  Dim,
  // scf
  For,
  While,
  If,
  Yield,
  Condition,
  // vector
  VectorPrint,
  // cf: unstructured control flow, on the host only (a producer may leave it in main)
  CfBr,
  CfCondBr,
  CfAssert,
};

// cmpi predicates, numbered as MLIR numbers them.
enum class CmpIPred : uint8_t { eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge };
// cmpf predicates, numbered as MLIR numbers them.
enum class CmpFPred : uint8_t {
  AlwaysFalse, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, AlwaysTrue
};

// Canonical name (the current spelling, e.g. "arith.addi", "func.call").
std::string_view opName(OpKind k);

// Looks up a name in either spelling ("select" and "arith.select", "func" and
// "func.func", "std.return"...). Returns false if the op is not in the input language.
bool lookupOpKind(std::string_view name, OpKind& out);

bool isArithBinaryInt(OpKind k);
bool isArithBinaryFloat(OpKind k);
bool isArithCast(OpKind k);
bool isTerminator(OpKind k);

} // namespace loom
