// A token's value as people read it: integers and index in signed decimal (i1 as 0/1),
// floats in the shortest decimal form that reads back to the same value, f16 as its raw
// bits in hex, none as "-".
#pragma once

#include "ir/types.h"

#include <string>

namespace loom::traces {

constexpr size_t kMaxValueText = 48;

// Writes the value at `p` (kMaxValueText bytes of room) and returns where it ended.
char* putValue(char* p, Bits value, const Type& t);
std::string valueText(Bits value, const Type& t);

} // namespace loom::traces
