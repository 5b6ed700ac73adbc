// `loom-sim check FILE`: parse and verify a program; report the first error.
#include "cli/command.h"
#include "host/program_run.h"
#include "ir/printer.h"

#include <iostream>

namespace loom::cli {

Command addCheckCommand(CLI::App& app) {
  struct Args {
    std::string file;
    bool print = false;
  };
  auto a = std::make_shared<Args>();
  CLI::App* c = app.add_subcommand("check", "Parse and verify a program; report the first error");
  c->add_option("file", a->file, "MLIR file")->required();
  c->add_flag("--print", a->print, "Print the parsed module back as MLIR text");
  return {c, [a] {
            if (refusesOutputs({{"the input program", a->file}},
                               {a->print ? stdoutPath() : NamedPath{}}))
              return kBadInput;
            LoadedProgram prog = loadProgram(a->file);
            if (!printed(prog)) return kBadInput;
            if (!a->print) return kOk;
            if (auto why = unprintable(*prog.module)) {
              std::cerr << why->str() << "\n";
              return kBadInput;
            }
            printModule(*prog.module, std::cout);
            return kOk;
          }};
}

} // namespace loom::cli
