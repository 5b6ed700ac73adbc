// stack_use FILE: runs each stage loom-sim puts a program through, each on a fresh large
// stack (support/big_stack.h), and prints the stack each used, in KiB, one line each:
//   frontend 8596
//   verifier 12
//   ...
// (frontend: MLIR's parser and verifier, the import, MLIR's teardown; then loom-sim's
// verifier, the IR printer, the interpreter running main, the lowering of every other
// function with the static verifier, the DFG text and DOT printers, and the destruction
// of the IR). A stage that fails prints its line with `stopped: ` and the error, and is
// the last; the tool exits 1.
// tests/robust/stack_depth.sh divides these by the nesting depth (docs/design.md "Limits").
#include "dfg/print_dot.h"
#include "dfg/text/dfg_text.h"
#include "frontend/parse.h"
#include "interp/interpreter.h"
#include "ir/printer.h"
#include "lowering/lower.h"
#include "support/big_stack.h"
#include "verify/verifier.h"

#include <iostream>
#include <optional>
#include <sstream>

namespace {

// Runs `stage` on a stack of its own; prints what it used. False if it reported an error.
template <typename F> bool measure(const char* name, F&& stage) {
  std::optional<loom::Diag> err;
  loom::runOnLargeStack([&] { err = stage(); });
  std::cout << name << " " << loom::largeStackHighWater() / 1024;
  if (err) std::cout << " stopped: " << err->str();
  std::cout << "\n";
  return !err;
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: stack_use FILE\n";
    return 2;
  }
  std::unique_ptr<loom::Module> m;
  std::vector<loom::dfg::Graph> graphs;
  std::ostringstream sink;
  bool ok = measure("frontend", [&]() -> std::optional<loom::Diag> {
    loom::ParseResult r = loom::parseFile(argv[1]);
    m = std::move(r.module);
    return r.error;
  });
  ok = ok && measure("verifier", [&] { return loom::verifyModule(*m); });
  ok = ok && measure("printer", [&]() -> std::optional<loom::Diag> {
         loom::printModule(*m, sink);
         return std::nullopt;
       });
  ok = ok && measure("interpreter", [&]() -> std::optional<loom::Diag> {
         loom::Interpreter interp(*m, sink);
         const loom::Function* main = m->lookup("main");
         return main ? interp.call(*main, {}).error : std::nullopt;
       });
  ok = ok && measure("lowering", [&]() -> std::optional<loom::Diag> {
         for (const auto& f : m->functions) {
           if (f->name == "main" || f->isDeclaration) continue;
           graphs.emplace_back();
           if (auto err = loom::lowerFunction(*m, *f, {}, graphs.back())) return err;
         }
         return std::nullopt;
       });
  ok = ok && measure("dfg-printers", [&]() -> std::optional<loom::Diag> {
         for (const auto& g : graphs) {
           loom::dfg::printMlir(g, sink);
           loom::dfg::printDot(g, sink);
         }
         return std::nullopt;
       });
  ok = ok && measure("destruction", [&]() -> std::optional<loom::Diag> {
         graphs.clear();
         m.reset();
         return std::nullopt;
       });
  return ok ? 0 : 1;
}
