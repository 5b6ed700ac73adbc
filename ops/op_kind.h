// Every operation of the input language (OpKind), mapped once at parse time so nothing on
// a hot path compares op names, and every fact about each: its row of ops/op_kinds.def.
// Callers ask the row (computeSpec, opGroup) instead of listing kinds; what must stay an
// exhaustive switch (an op's value, its lowering, its interpretation) is one switch per
// question, in the folder that answers it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace loom {

enum class OpKind : uint16_t {
#define LOOM_OP(Kind, Name, Group) Kind,
#include "ops/op_kinds.def"
};

// What an op is, for the ops that are not compute units.
enum class OpGroup : uint8_t {
  Function,   // func.func, func.call
  Terminator, // ends a block: func.return, scf.yield/condition/reduce(.return), cf.br/cond_br
  Constant,   // arith.constant
  Compute,    // an arith or math op a compute unit executes: computeSpec() has its row
  Access,     // memref.load, memref.store
  Storage,    // memref.alloc, alloca, dealloc
  View,       // a memref's view: cast, subview, reinterpret_cast, collapse/expand_shape, dim
  Loop,       // scf.for, scf.while, scf.parallel: a body that runs a number of times
  Branch,     // scf.if
  Effect,     // vector.print, cf.assert: run for their effect on the host
  Host,       // the host code of a program LOOM compiled; never in an accelerated function
};

// What a compute op computes: the evaluator, the verifier, the DFG's signature check and
// the printer branch on it.
enum class ComputeCategory : uint8_t {
  IntBinary,
  FloatBinary,
  FloatNegate,
  IntCompare,
  FloatCompare,
  Select,
  Cast,
  Math,
};

// What a type must be.
enum class TypeClass : uint8_t {
  Same,    // (result) the operand type
  IntLike, // an integer or index
  Integer, // a signless integer
  Float,
  Scalar,
  I1,
};

// A class as messages name it: "an integer or index", "a float", "i1"...
const char* typeClassText(TypeClass c);

// How a compute op's operands other than its type operand are typed.
enum class OperandRule : uint8_t {
  Same,         // all of the type operand's type
  CondThenSame, // operand 0 an i1 condition, the others of the type operand's type (select)
  ExponentI32,  // operand 1 an i32 exponent (fpowi)
};

// How a cast's result relates to its operand.
enum class WidthRule : uint8_t {
  Any,
  Wider,     // ext: strictly more bits
  Narrower,  // trunc: strictly fewer bits
  SameBits,  // bitcast: the same bit width, neither side index
  IndexSide, // index_cast: one side index, the other an integer
};

// The latency class of a compute op: each is one field of the timing file
// (models/timing.h).
enum class LatencyClass : uint8_t {
  IntAlu,
  IntMul,
  IntDiv,
  FloatAdd,
  FloatMul,
  FloatDiv,
  FloatSign,
  FloatRound,
  FloatSqrt,
  FloatFma,
  FloatFunc,
};

// What poison (an unspecified value) or an out-of-range operand does to a compute op.
enum class PoisonRule : uint8_t {
  Propagate,    // a poison operand gives a poison result
  DivisorStops, // integer division: a poison divisor stops the run (it may be zero)
  Picked,       // select: a poison condition or a poison picked operand poisons the result
  ShiftRange,   // a shift amount >= the width gives poison
  ConvertRange, // a float out of the integer's range gives poison
};

// How a compute op's MLIR text is printed.
enum class PrintForm : uint8_t {
  Generic,     // name %a, %b : result type
  Compare,     // name pred, %a, %b : operand type
  Cast,        // name %a : operand type to result type
  OperandType, // name %a : operand type (isnan, isfinite: an i1 result)
  EachType,    // name %a, %b : type of a, type of b (fpowi)
};

// Which module of the RTL twin computes a compute op whose operands are integers: the
// library's loom_compute, or loom_fcompute (evalArith through DPI-C, for simulation only),
// which also computes every op on floats.
enum class RtlCompute : uint8_t { Library, Dpi };

struct ComputeSpec {
  ComputeCategory category;
  uint8_t arity;
  uint8_t typeOperand;
  OperandRule operands;
  TypeClass operand, result;
  WidthRule width;
  LatencyClass latency;
  PoisonRule poison;
  PrintForm form;
  RtlCompute rtl;
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

namespace detail {
inline constexpr OpGroup kOpGroups[] = {
#define LOOM_OP(Kind, Name, Group) OpGroup::Group,
#include "ops/op_kinds.def"
};
// A compute op's row; a default row for every other kind (opGroup says which is which).
inline constexpr ComputeSpec kComputeSpecs[] = {
#define LOOM_OP(Kind, Name, Group) ComputeSpec{},
#define LOOM_COMPUTE(Kind, Name, Category, Arity, TypeOperand, Operands, OperandClass,             \
                     ResultClass, Width, Latency, Poison, Form, Rtl)                               \
  ComputeSpec{ComputeCategory::Category,                                                           \
              Arity,                                                                               \
              TypeOperand,                                                                         \
              OperandRule::Operands,                                                               \
              TypeClass::OperandClass,                                                             \
              TypeClass::ResultClass,                                                              \
              WidthRule::Width,                                                                    \
              LatencyClass::Latency,                                                               \
              PoisonRule::Poison,                                                                  \
              PrintForm::Form,                                                                     \
              RtlCompute::Rtl},
#include "ops/op_kinds.def"
};
} // namespace detail

inline OpGroup opGroup(OpKind k) {
  return detail::kOpGroups[static_cast<size_t>(k)];
}
// The row of a compute op (opGroup(k) == Compute); any other kind has none: null.
inline const ComputeSpec* computeSpec(OpKind k) {
  return opGroup(k) == OpGroup::Compute ? &detail::kComputeSpecs[static_cast<size_t>(k)] : nullptr;
}

inline bool isComputeOp(OpKind k) {
  return opGroup(k) == OpGroup::Compute;
}
// Host code of a program that calls C or runs a network.
inline bool isHostCode(OpKind k) {
  return opGroup(k) == OpGroup::Host;
}
inline bool isTerminator(OpKind k) {
  return opGroup(k) == OpGroup::Terminator;
}
// scf.for, scf.while, scf.parallel: the ops whose body runs a number of times.
inline bool isLoop(OpKind k) {
  return opGroup(k) == OpGroup::Loop;
}
inline bool hasCategory(OpKind k, ComputeCategory c) {
  const ComputeSpec* s = computeSpec(k);
  return s && s->category == c;
}
inline bool isArithCast(OpKind k) {
  return hasCategory(k, ComputeCategory::Cast);
}
inline bool isMathOp(OpKind k) {
  return hasCategory(k, ComputeCategory::Math);
}
// Integer division and remainder (divsi ... floordivsi): the ops a zero divisor stops.
inline bool isIntDivision(OpKind k) {
  const ComputeSpec* s = computeSpec(k);
  return s && s->poison == PoisonRule::DivisorStops;
}
// The operand count of a compute op (0 for any other kind).
inline int computeArity(OpKind k) {
  const ComputeSpec* s = computeSpec(k);
  return s ? s->arity : 0;
}
// The operand whose type is the op's operand type (select: its first data operand).
inline unsigned typeOperand(OpKind k) {
  const ComputeSpec* s = computeSpec(k);
  return s ? s->typeOperand : 0;
}

} // namespace loom
