// The float arithmetic of a Verilated twin's loom_fcompute units (rtl/sv/loom_fcompute.sv),
// which call it through DPI-C (rtl/driver/twin_dpi.h: loom_dpi_arith, given it by
// loom_twin_set_arith). Defined in rtl/twin.cpp; a header of its own so that a test bench
// of the RTL library (tests/rtl/test_rtl_ops.cpp) needs nothing else of the twin.
#pragma once

#include <cstdint>

namespace loom::rtl {

// A LoomTwinArith (rtl/driver/twin_abi.h): evalArith itself, op and cmpf predicate as
// OpKind and CmpFPred numbers, types coded (TypeKind << 8) | width. An undefined result,
// which the model reports as an op error, gives 0 here (the token logs then differ).
uint64_t twinArith(int op, int attr, int operandType, int resultType, const uint64_t* operands);

} // namespace loom::rtl
