// MLIR text of a module in the current spelling (custom op syntax, the source's value names).
#pragma once

#include "ir/ir.h"

#include <ostream>
#include <string>

namespace loom {

void printModule(const Module& m, std::ostream& os);
std::string printModule(const Module& m);

} // namespace loom
