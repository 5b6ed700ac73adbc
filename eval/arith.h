// The one definition of arithmetic: the reference interpreter and the simulator's
// compute models both call evalArith, so their results cannot drift apart.
//
// Semantics follow MLIR's arith dialect as lowered to LLVM by MLIR 22 (scripts/oracle.sh:
// mlir-opt --arith-expand ... and mlir-runner):
// two's-complement wrap at every width, IEEE-754 float results (f32 rounded to single
// precision after every op). Where LLVM's behaviour is undefined (division by zero,
// INT_MIN / -1) evalArith reports an error instead of inventing a value. Where LLVM's
// result is poison (shift amount >= width, fptosi/fptoui of a value that does not fit)
// it reports that too; evalArithPoison turns it into a poison result, which loom-sim
// carries until something observes it (docs/design.md "Poison").
#pragma once

#include "ir/types.h"
#include "ops/op_kind.h"

#include <string>

namespace loom {

enum class EvalError : uint8_t {
  None,
  DivisionByZero,  // divsi/divui/remsi/remui/ceildiv*/floordivsi by 0
  SignedOverflow,  // divsi/remsi/ceildivsi/floordivsi of INT_MIN by -1
  ShiftOutOfRange, // shli/shrsi/shrui amount >= width
  FloatToIntRange, // fptosi/fptoui of NaN or of a value out of the result's range
  PoisonDivisor,   // a division or remainder by a poison value (it may be 0)
};

const char* evalErrorMessage(EvalError e);

// Attribute of the op that changes its meaning.
struct ArithAttrs {
  CmpIPred cmpi = CmpIPred::eq;
  CmpFPred cmpf = CmpFPred::AlwaysFalse;
};

// Evaluates one compute op (an arith or math op: a LOOM_COMPUTE row of ops/op_kinds.def).
// `operandType` is the type of its type operand (for select, the type of the true/false
// operands; for fpowi the float base, the exponent being i32); `resultType` the type of the result.
// Operands and result are raw Bits as defined in types.h. Returns EvalError::None on
// success (no math op has an error case).
EvalError evalArith(OpKind op, const ArithAttrs& attrs, const Type& operandType,
                    const Type& resultType, const Bits* operands, Bits& result);

// Which operands of an op are poison: bit i for operand i.
using PoisonMask = uint32_t;

// What an op gives when some operands may be poison: the error that stops it (None, or
// LLVM's undefined behaviour: division by zero, INT_MIN / -1, a poison divisor) and
// whether its result is poison. A result is poison when LLVM makes it so (shift amount
// >= width, fptosi/fptoui out of range) or when an operand is, except for select, whose
// result is poison only when its condition or the operand it picks is. A poison
// result's bits are still defined (so every engine and the RTL twin agree on them):
// what a hardware shifter gives (0, or the sign for shrsi), 0 for a conversion,
// the ordinary result of the bits for an op with a poison operand (0 where that fails).
struct ArithOutcome {
  EvalError error = EvalError::None;
  bool poison = false;
  // A poison result's origin: the operand whose poison it carries (a select's condition
  // or picked operand, else the first poison operand), -1 when the op made it itself.
  int from = -1;
};
ArithOutcome evalArithPoison(OpKind op, const ArithAttrs& attrs, const Type& operandType,
                             const Type& resultType, const Bits* operands, PoisonMask poisoned,
                             Bits& result);
// Why an op that makes poison made it, for messages ("shift amount is not less than the
// bit width"); null for ub.poison (its name says it) and for ops that make none.
const char* poisonReason(OpKind op);
// The result of an op is poison where LLVM makes it so (not an error of the program).
inline bool isPoisonResult(EvalError e) {
  return e == EvalError::ShiftOutOfRange || e == EvalError::FloatToIntRange;
}

// MLIR folds an op whose operands are constants while it lowers the program
// (scripts/oracle.sh), with APFloat or the host's libm. For a few math ops the folded
// value differs from what the lowered code computes, which is evalArith's result:
// expm1 and log1p (folded with libm's expm1/log1p, computed as exp(x) - 1 and
// log(1 + x)), fma with an invalid product or sum (folded to +NaN; x86 gives the NaN
// operand or its default -NaN), atan2 of two zeros (folded to NaN) and fpowi on f16
// (folded with half-precision multiplications). True when `op` on these constant
// operands is one of those cases; found by tests/eval's [oracle] cases.
bool mathFoldDisagrees(OpKind op, const Type& operandType, const Bits* operands);

// Conversions between Bits and host values.
Bits bitsFromF32(float f);
Bits bitsFromF64(double d);
float f32FromBits(Bits b);
double f64FromBits(Bits b);
// Host double -> Bits of a float type (rounding to single for f32).
Bits bitsFromDouble(double d, const Type& t);
double doubleFromBits(Bits b, const Type& t);
// Integer of any width from a host integer (masked to the width).
Bits bitsFromInt(int64_t v, const Type& t);

// Text exactly as mlir-runner's vector.print prints one scalar of type t
// (iN sign-extended except i1 as 0/1, index unsigned, floats as printf("%g")).
std::string formatVectorPrint(Bits b, const Type& t);

} // namespace loom
