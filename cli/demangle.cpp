#include "cli/demangle.h"

#include <cstdlib>
#include <llvm/Demangle/Demangle.h>

namespace loom::cli {

namespace {

// The base name of a whole mangled symbol; "" if it is not one.
std::string baseName(const std::string& mangled) {
  llvm::ItaniumPartialDemangler d;
  if (d.partialDemangle(mangled.c_str()) || !d.isFunction()) return "";
  char* base = d.getFunctionBaseName(nullptr, nullptr);
  std::string out = base ? base : "";
  std::free(base);
  return out;
}

} // namespace

std::string shortFunctionName(const std::string& symbol) {
  if (symbol.rfind("_Z", 0) != 0) return symbol;
  if (std::string base = baseName(symbol); !base.empty()) return base;
  // A suffix appended after the mangled name ("_esi"): the symbol before it, then it.
  size_t cut = symbol.rfind('_');
  if (cut == std::string::npos || cut < 3) return symbol;
  std::string base = baseName(symbol.substr(0, cut));
  return base.empty() ? symbol : base + symbol.substr(cut);
}

} // namespace loom::cli
