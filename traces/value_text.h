// A token's value as people read it: integers and index in signed decimal (i1 as 0/1),
// floats in the shortest decimal form that reads back to the same value, none as "-".
#pragma once

#include "lowering/ir/types.h"

#include <string>

namespace loom::traces {

void appendValue(std::string& out, Bits value, const Type& t);
std::string valueText(Bits value, const Type& t);

} // namespace loom::traces
