// Every operation of the input language, mapped to an enum once at parse time so
// nothing on a hot path compares op names.
#pragma once

#include <cstdint>
#include <string_view>

namespace loom {

enum class OpKind : uint16_t {
  // func (func.func, func.return, func.call)
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
  // comparisons and select
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
  IndexCastUI, // index <-> iN, zero-extending
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  Bitcast,
  // math: float ops that mlir-runner computes exactly as loom-sim can (see
  // eval/arith.cpp); each result has its operand's type, except isnan and
  // isfinite (i1). Unary: AbsF..Tanh; binary: CopySign..FPowI; ternary: Fma.
  AbsF,
  Ceil,
  Floor,
  Trunc,
  Round,
  RoundEven,
  Sqrt,
  Rsqrt,
  Exp,
  Exp2,
  ExpM1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  CopySign,
  Atan2,
  PowF,
  FPowI, // float base, i32 exponent
  Fma,
  IsNaN,
  IsFinite,
  // math: integer ops (any signless width and index)
  AbsI,
  CtLz,
  CtTz,
  CtPop,
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
  Parallel,     // scf.parallel: lbs, ubs, steps (one per induction variable), then inits
  Reduce,       // scf.reduce: the parallel body's terminator, one region per operand
  ReduceReturn, // scf.reduce.return: a reduce region's terminator
  // vector
  VectorPrint,
  // cf: unstructured control flow, on the host only (a producer may leave it in main)
  CfBr,
  CfCondBr,
  CfAssert,
  // the host code of a program LOOM compiled (docs/loom.md "LOOM's programs"); none of
  // these runs in an accelerated function. They stay last (isHostCode).
  GetGlobal,      // memref.get_global: the memref of a memref.global
  ExtractPointer, // memref.extract_aligned_pointer_as_index: a buffer's address
  IntToPtr,       // llvm.inttoptr: an address as a pointer (the same bits)
  LlvmCall,       // llvm.call of a C library function (puts, printf)
  IndexSwitch,    // scf.index_switch: one region per case value, then the default
  Poison,         // ub.poison: an unspecified value (loom-sim's is 0)
  EsiWrap,        // esi.wrap.vr: a value into a channel (and ready = true)
  EsiUnwrap,      // esi.unwrap.vr: a channel's value (and valid = true)
  ConstClock,     // seq.const_clock: the clock, which is the simulator's
  EsiInstance,    // handshake.esi_instance: a call of a handshake.func on its network
};

// cmpi predicates, numbered as MLIR numbers them.
enum class CmpIPred : uint8_t { eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge };
// cmpf predicates, numbered as MLIR numbers them.
enum class CmpFPred : uint8_t {
  AlwaysFalse,
  oeq,
  ogt,
  oge,
  olt,
  ole,
  one,
  ord,
  ueq,
  ugt,
  uge,
  ult,
  ule,
  une,
  uno,
  AlwaysTrue
};

// Canonical name (the current spelling, e.g. "arith.addi", "func.call").
std::string_view opName(OpKind k);

// Looks up a name in either spelling ("select" and "arith.select", "func" and
// "func.func", "std.return"...). Returns false if the op is not in the input language.
bool lookupOpKind(std::string_view name, OpKind& out);

// Host code of a program that calls C or runs a network: GetGlobal and every kind after it.
inline bool isHostCode(OpKind k) {
  return k >= OpKind::GetGlobal;
}
bool isArithBinaryInt(OpKind k);
bool isArithBinaryFloat(OpKind k);
bool isArithCast(OpKind k);
// Integer division and remainder (divsi ... floordivsi): the ops a zero divisor stops.
bool isIntDivision(OpKind k);
bool isTerminator(OpKind k);
// scf.for, scf.while, scf.parallel: the ops whose body runs a number of times.
inline bool isLoop(OpKind k) {
  return k == OpKind::For || k == OpKind::While || k == OpKind::Parallel;
}
// math dialect ops (AbsF through CtPop). Inline: eval uses them without the IR.
inline bool isMathOp(OpKind k) {
  return k >= OpKind::AbsF && k <= OpKind::CtPop;
}
// First operand a float: AbsF..IsFinite.
inline bool isMathFloat(OpKind k) {
  return k >= OpKind::AbsF && k <= OpKind::IsFinite;
}
inline bool isMathInt(OpKind k) {
  return k >= OpKind::AbsI && k <= OpKind::CtPop;
}
// isnan, isfinite: a float operand, an i1 result.
inline bool isMathFloatTest(OpKind k) {
  return k == OpKind::IsNaN || k == OpKind::IsFinite;
}
// 1, 2 (CopySign..FPowI) or 3 (Fma).
inline int mathOperandCount(OpKind k) {
  if (k == OpKind::Fma) return 3;
  return k >= OpKind::CopySign && k <= OpKind::FPowI ? 2 : 1;
}

} // namespace loom
