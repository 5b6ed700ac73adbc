// Structural verifier of the SCF IR: SSA dominance across regions, operand and result
// types of every op, region terminators, yield and condition arity and types, calls.
#pragma once

#include "ir/ir.h"

#include <optional>

namespace loom {

// Returns the first violation found, in source order, or nothing.
std::optional<Diag> verifyModule(const Module& m);

// Runtime functions the host provides (print_memref_* and printMemref*): the element
// type each prints, or nullopt if `name` is not one of them.
std::optional<Type> runtimePrintElemType(std::string_view name);

} // namespace loom
