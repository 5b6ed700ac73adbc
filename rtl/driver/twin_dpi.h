// The C side of rtl/sv/loom_fcompute.sv's DPI-C import, loom_dpi_arith, and the setter
// that gives it loom-sim's arithmetic (rtl/twin.h: twinArith, evalArith's adapter).
// The one definition of both: included once per program, by the twin's driver
// (rtl/driver/twin_driver.cpp) and by the op-by-op RTL tests (tests/rtl/test_rtl_ops.cpp),
// which Verilate loom_fcompute without a driver.
#pragma once

#include "twin_abi.h"

namespace {
LoomTwinArith loomTwinArith = nullptr;
} // namespace

extern "C" {

// The DPI-C import of rtl/sv/loom_fcompute.sv. Before loom_twin_set_arith: 0.
LOOM_TWIN_API uint64_t loom_dpi_arith(int op, int attr, int operandType, int resultType, uint64_t a,
                                      uint64_t b, uint64_t c) {
  const uint64_t operands[3] = {a, b, c};
  return loomTwinArith ? loomTwinArith(op, attr, operandType, resultType, operands) : 0;
}

LOOM_TWIN_API void loom_twin_set_arith(LoomTwinArith f) {
  loomTwinArith = f;
}

} // extern "C"
