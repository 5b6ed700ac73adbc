// The stream's index and continue sequences for every step_op x cont_cond pair, one row
// each: the token model's tests and the RTL twin's check the same table.
#pragma once

#include "models/stream.h"
#include "tests/models/testbench.h"

#include <cstdint>
#include <vector>

namespace loom::models::test {

struct StreamCase {
  StepOp op;
  ContCond cc;
  int64_t start, step, bound;
  Tokens idx;
  Tokens cont;
};

// Each sequence derived by hand: emit next_idx and (next_idx cc bound); on true apply
// next_idx = next_idx op step. The update is unsigned (LOOM's simulators): /= of a
// negative index divides 2^64 + idx, >>= shifts zeros in (2^64 - 64 >> 2 = 2^62 - 16).
inline const std::vector<StreamCase> kStreamCases = {
    // +=
    {StepOp::Add, ContCond::Lt, 0, 2, 5, ints({0, 2, 4, 6}), {T, T, T, F}},
    {StepOp::Add, ContCond::Le, 0, 2, 4, ints({0, 2, 4, 6}), {T, T, T, F}},
    {StepOp::Add, ContCond::Gt, 6, -2, 1, ints({6, 4, 2, 0}), {T, T, T, F}},
    {StepOp::Add, ContCond::Ge, 6, -2, 2, ints({6, 4, 2, 0}), {T, T, T, F}},
    {StepOp::Add, ContCond::Ne, 0, 3, 9, ints({0, 3, 6, 9}), {T, T, T, F}},
    // -=
    {StepOp::Sub, ContCond::Lt, 0, -2, 5, ints({0, 2, 4, 6}), {T, T, T, F}},
    {StepOp::Sub, ContCond::Le, 1, -2, 5, ints({1, 3, 5, 7}), {T, T, T, F}},
    {StepOp::Sub, ContCond::Gt, 10, 3, 2, ints({10, 7, 4, 1}), {T, T, T, F}},
    {StepOp::Sub, ContCond::Ge, 10, 3, 4, ints({10, 7, 4, 1}), {T, T, T, F}},
    {StepOp::Sub, ContCond::Ne, 10, 5, 0, ints({10, 5, 0}), {T, T, F}},
    // *=
    {StepOp::Mul, ContCond::Lt, 1, 2, 10, ints({1, 2, 4, 8, 16}), {T, T, T, T, F}},
    {StepOp::Mul, ContCond::Le, 1, 2, 8, ints({1, 2, 4, 8, 16}), {T, T, T, T, F}},
    {StepOp::Mul, ContCond::Gt, -1, 3, -20, ints({-1, -3, -9, -27}), {T, T, T, F}},
    {StepOp::Mul, ContCond::Ge, -1, 2, -8, ints({-1, -2, -4, -8, -16}), {T, T, T, T, F}},
    {StepOp::Mul, ContCond::Ne, 3, 3, 81, ints({3, 9, 27, 81}), {T, T, T, F}},
    // /=
    {StepOp::Div, ContCond::Lt, -64, 2, -8, ints({-64, 9223372036854775776}), {T, F}},
    {StepOp::Div, ContCond::Le, -20, 3, -1, ints({-20, 6148914691236517198}), {T, F}},
    {StepOp::Div, ContCond::Gt, 100, 3, 2, ints({100, 33, 11, 3, 1}), {T, T, T, T, F}},
    {StepOp::Div, ContCond::Ge, 64, 4, 1, ints({64, 16, 4, 1, 0}), {T, T, T, T, F}},
    {StepOp::Div, ContCond::Ne, 81, 3, 1, ints({81, 27, 9, 3, 1}), {T, T, T, T, F}},
    // <<=
    {StepOp::Shl, ContCond::Lt, 1, 2, 100, ints({1, 4, 16, 64, 256}), {T, T, T, T, F}},
    {StepOp::Shl, ContCond::Le, 3, 1, 24, ints({3, 6, 12, 24, 48}), {T, T, T, T, F}},
    {StepOp::Shl, ContCond::Gt, -1, 1, -10, ints({-1, -2, -4, -8, -16}), {T, T, T, T, F}},
    {StepOp::Shl, ContCond::Ge, -1, 2, -16, ints({-1, -4, -16, -64}), {T, T, T, F}},
    {StepOp::Shl, ContCond::Ne, 1, 3, 512, ints({1, 8, 64, 512}), {T, T, T, F}},
    // >>=
    {StepOp::Shr, ContCond::Lt, -64, 2, -2, ints({-64, 4611686018427387888}), {T, F}},
    {StepOp::Shr, ContCond::Le, -8, 1, -2, ints({-8, 9223372036854775804}), {T, F}},
    {StepOp::Shr, ContCond::Gt, 40, 1, 4, ints({40, 20, 10, 5, 2}), {T, T, T, T, F}},
    {StepOp::Shr, ContCond::Ge, 40, 1, 5, ints({40, 20, 10, 5, 2}), {T, T, T, T, F}},
    {StepOp::Shr, ContCond::Ne, 96, 2, 0, ints({96, 24, 6, 1, 0}), {T, T, T, T, F}},
};

} // namespace loom::models::test
