#include "sim/run_command.h"

#include "lowering/interp/interpreter.h"
#include "lowering/ir/printer.h"
#include "lowering/parse/parser.h"
#include "lowering/verify/verifier.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <iostream>

namespace loom {

namespace {
void printDiag(const Diag& d) { std::cerr << d.str() << std::endl; }
} // namespace

int checkCommand(const std::string& file, bool print) {
  ParseResult parsed = parseFile(file);
  if (parsed.error) {
    printDiag(*parsed.error);
    return 2;
  }
  if (auto err = verifyModule(*parsed.module)) {
    printDiag(*err);
    return 2;
  }
  if (print) printModule(*parsed.module, std::cout);
  return 0;
}

int runCommand(const RunOptions& opts) {
  auto t0 = std::chrono::steady_clock::now();
  ParseResult parsed = parseFile(opts.file);
  if (parsed.error) {
    printDiag(*parsed.error);
    return 2;
  }
  const Module& mod = *parsed.module;
  if (auto err = verifyModule(mod)) {
    printDiag(*err);
    return 2;
  }
  const Function* entry = mod.lookup(opts.entry);
  if (!entry || entry->isDeclaration) {
    std::cerr << opts.file << ":0:0: error: no function '@" << opts.entry << "' to run\n";
    return 2;
  }
  if (!entry->argTypes.empty()) {
    std::cerr << entry->loc.str() << ": error: entry function '@" << opts.entry
              << "' must take no arguments\n";
    return 2;
  }
  if (!opts.noAccel) {
    std::cerr << "loom-sim: error: accelerated execution (the dataflow simulator) is not available "
                 "in this build yet; run with --no-accel\n";
    return 2;
  }
  spdlog::info("parsed {} ({} functions, {} ops)", opts.file, mod.functions.size(), mod.numOps);

  Interpreter interp(mod, std::cout);
  interp.setStepLimit(opts.maxSteps);
  CallResult r = interp.call(*entry, {});
  std::cout.flush();
  if (r.error) {
    printDiag(*r.error);
    return 1;
  }
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  spdlog::info("interpreted {} operations in {:.1f} ms", interp.steps(), ms);
  return 0;
}

} // namespace loom
