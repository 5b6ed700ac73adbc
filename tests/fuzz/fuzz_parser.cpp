// libFuzzer target: the parser and verifier must never crash, hang or report success on
// text they cannot print back; whatever verifies must print, re-parse and re-verify to
// the same text, and its `main` (if it takes no arguments) must run in the interpreter,
// for at most 100,000 operations, to its end or a located error, never a crash. Text
// with a `handshake.func` also goes through the readers of LOOM's form, as `sim` and
// `run` read it (dfg/loom/loom_form.h): errors, never a crash.
#include "dfg/loom/loom_form.h"
#include "frontend/parse.h"
#include "interp/interpreter.h"
#include "ir/printer.h"
#include "verify/verifier.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
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

// An error without a message would reach the user as a bare location.
void requireMessage(const std::optional<loom::Diag>& error, const char* reader) {
  if (error && error->message.empty()) {
    std::fprintf(stderr, "%s: an error without a message\n", reader);
    std::abort();
  }
}

// What `sim` (readDfgFile) and `run` (loadProgram) do with LOOM's form.
void readLoomForm(const std::string& text) {
  loom::dfg::ReadResult g = loom::dfg::readLoom(text, "fuzz.mlir");
  requireMessage(g.error, "readLoom");
  if (!loom::dfg::isLoomProgram(text)) return;
  loom::dfg::LoomProgram p = loom::dfg::readLoomProgram(text, "fuzz.mlir");
  requireMessage(p.error, "readLoomProgram");
  if (p.module) (void)loom::verifyModule(*p.module);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // A substring rather than isLoomForm: text it misses is read as LOOM's form too.
  if (text.find("handshake.func") != std::string::npos) readLoomForm(text);
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
