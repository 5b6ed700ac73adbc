// libFuzzer target: the parser and verifier must never crash, hang or report success on
// text they cannot print back; whatever verifies must print, re-parse and re-verify to
// the same text, and its `main` (if it takes no arguments) must run in the interpreter,
// for at most 100,000 operations, to its end or a located error, never a crash.
#include "frontend/parse.h"
#include "interp/interpreter.h"
#include "ir/printer.h"
#include "verify/verifier.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

namespace {

void runMain(const loom::Module& m) {
  const loom::Function* main = m.lookup("main");
  if (!main || main->isDeclaration || !main->argTypes.empty()) return;
  std::ostringstream out;
  loom::Interpreter interp(m, out);
  interp.setStepLimit(100000);
  loom::CallResult r = interp.call(*main, {});
  if (r.error && r.error->message.empty()) {
    std::fprintf(stderr, "a runtime error without a message\n");
    std::abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  loom::ParseResult r = loom::parseModule(text, "fuzz.mlir");
  if (!r.module) return 0;
  if (loom::verifyModule(*r.module)) return 0;
  // Host code that calls C is run, not printed (ir/printer.h says what is not written).
  if (loom::unprintable(*r.module)) {
    runMain(*r.module);
    return 0;
  }
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
  runMain(*r.module);
  return 0;
}
