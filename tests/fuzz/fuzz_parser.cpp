// libFuzzer target: the parser and verifier must never crash, hang or report success on
// text they cannot print back; whatever verifies must print, re-parse and re-verify to
// the same text.
#include "ir/printer.h"
#include "frontend/parse.h"
#include "ir/verify/verifier.h"

#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  loom::ParseResult r = loom::parseModule(text, "fuzz.mlir");
  if (!r.module) return 0;
  if (loom::verifyModule(*r.module)) return 0;
  std::string printed = loom::printModule(*r.module);
  loom::ParseResult again = loom::parseModule(printed, "printed.mlir");
  if (!again.module || loom::verifyModule(*again.module)) {
    std::fprintf(stderr, "printed module does not re-parse:\n%s\n%s\n", printed.c_str(),
                 again.error ? again.error->str().c_str() : "verifier error");
    std::abort();
  }
  if (loom::printModule(*again.module) != printed) {
    std::fprintf(stderr, "printing is not a fixpoint:\n%s\n", printed.c_str());
    std::abort();
  }
  return 0;
}
