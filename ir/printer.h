// MLIR text of a module in the current spelling (custom op syntax, the source's value names).
#pragma once

#include "ir/ir.h"

#include <optional>
#include <ostream>
#include <string>

namespace loom {

void printModule(const Module& m, std::ostream& os);
std::string printModule(const Module& m);

// What of `m` the printer does not write, if anything: a memref.global, or the first op
// of host code that calls C or runs a network (llvm.call, memref.get_global,
// handshake.esi_instance, ...: docs/loom.md "LOOM's programs"), with where it stands.
// printModule of such a module would not read back.
std::optional<Diag> unprintable(const Module& m);

} // namespace loom
