// The names a person reads for the functions of a program a C++ compiler made: LOOM's
// networks are named after their C++ functions' mangled symbols.
#pragma once

#include <string>

namespace loom::cli {

// "vecsum_dsa_esi" for "_Z10vecsum_dsaPKjjj_esi": a C++ function's name as its source
// spells it (LLVM's Itanium demangler, the base name without scope or parameters), with a
// suffix LOOM appended to the symbol ("_esi") kept; any other name as it is.
std::string shortFunctionName(const std::string& symbol);

} // namespace loom::cli
