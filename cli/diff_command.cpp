// `loom-sim diff FILE --dfg FUNC=NET`: FUNC's own lowering beside the network in NET (LOOM's,
// say), compared where the specs say it matters (present/network_diff.h), and the cycles of
// both on the same inputs: two runs of the program, one per network.
#include "cli/accel_arguments.h"
#include "cli/command.h"
#include "present/network_diff.h"

namespace loom::cli {
namespace {
struct DiffArgs {
  std::string file, timingFile, engine = "event";
  std::vector<std::string> dfgSpecs, funcs;
  RunSettings s;
};

// "41 cycles, 175 transfers, all checks passed (0 finding(s))"
std::string outcome(const ProgramRun& run, const RunOutcome& o) {
  size_t n = run.report().findings.size();
  return withCommas(run.cycles()) + " cycles, " + withCommas(run.transfers()) + " transfers, " +
         (o.passed ? "all checks passed" : "FAILED") + " (" + std::to_string(n) + " finding(s))";
}

int diff(DiffArgs& a) {
  if (refusesOutputs(runInputs(a.file, a.timingFile, a.dfgSpecs, a.funcs), {stdoutPath()}))
    return kBadInput;
  if (auto err = parseDfgSpecs(a.dfgSpecs, a.funcs, a.s.dfgFiles))
    return printError(*err), kBadInput;
  LoadedProgram prog = loadProgram(a.file);
  if (!printed(prog)) return kBadInput;
  if (auto err = configureAccel(a.s.accel, a.engine, {}, a.timingFile))
    return printError(*err), kBadInput;
  RunSettings mine = a.s;
  mine.dfgFiles.clear();
  std::ostream discard(nullptr); // the program's own output: the runs are compared, not shown
  ProgramRun ours(*prog.module, mine, discard), theirs(*prog.module, a.s, discard);
  if (auto err = ours.prepare()) return print(*err), kBadInput;
  if (auto err = theirs.prepare()) return print(*err), kBadInput;
  int differences = 0;
  for (const DfgFile& given : a.s.dfgFiles) {
    const std::string& func = given.function;
    const Function* f = prog.module->lookup(func);
    NetworkDiff d = diffNetworks(*prog.module, *f, *ours.graph(func), *theirs.graph(func));
    for (const std::string& l : d.lines)
      std::cout << l << "\n";
    differences += d.differences;
  }
  RunOutcome o1 = ours.run(), o2 = theirs.run();
  std::cout << "cycles on the same inputs (a run of '@" << a.s.entry << "' on each)\n"
            << "  ours    " << outcome(ours, o1) << "\n"
            << "  theirs  " << outcome(theirs, o2) << "\n"
            << differences << " difference(s)\n";
  return differences ? kFailed : kOk;
}

} // namespace

Command addDiffCommand(CLI::App& app) {
  auto a = std::make_shared<DiffArgs>();
  CLI::App* c = app.add_subcommand(
      "diff", "Compare a function's own lowering with a network lowered elsewhere (--dfg): "
              "loop control of accesses, invariants and carries, ctrl-done order, cycles");
  c->add_option("file", a->file, "MLIR file (the SCF program)")->required();
  c->add_option("--dfg", a->dfgSpecs,
                "FUNC=FILE: the network to compare with FUNC's lowering (repeatable); FILE "
                "alone with one --func FUNC")
      ->required();
  addFunctionOption(c, a->funcs, "The function whose lowering --dfg FILE is compared with");
  c->add_option("--entry", a->s.entry, "Function to run (no arguments)")->capture_default_str();
  addNetworkOptions(c, a->timingFile, a->engine, a->s.accel.maxCycles);
  return {c, [a] { return diff(*a); }};
}

} // namespace loom::cli
