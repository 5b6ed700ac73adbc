// `loom-sim mutate FILE`: a mutation campaign on the program's networks (host/mutation.h,
// docs/mutation.md); with --list, the mutants without running them; with --mutant
// OP:SITE --emit FORM, one mutant's network as text (the reproducer of a survivor).
#include "cli/accel_arguments.h"
#include "cli/command.h"
#include "dfg/loom/loom_form.h"
#include "host/mutation.h"

#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

namespace loom::cli {

namespace {

struct MutateArgs {
  std::string file, report, mutant, emit, out, timingFile, engine = "event";
  std::vector<std::string> funcs, dfgSpecs, operators;
  unsigned jobs = 1;
  double timeLimit = 60;
  bool noVary = false, list = false;
  uint64_t maxCycles = 0;
};

std::string operatorList() {
  std::string out;
  for (dfg::MutationOp op : dfg::allMutationOps())
    out += (out.empty() ? "" : ", ") + std::string(dfg::mutationName(op));
  return out;
}

// "control-source:3" into its operator and site.
std::optional<std::string> parseMutant(const std::string& text, MutationOptions& o) {
  size_t colon = text.rfind(':');
  dfg::MutationOp op;
  std::string name = text.substr(0, colon);
  if (!dfg::mutationFromName(name, op))
    return "--mutant " + text + ": no operator '" + name + "' (" + operatorList() + ")";
  std::string site = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (site.empty() || site.find_first_not_of("0123456789") != std::string::npos || site.size() > 9)
    return "--mutant " + text + ": OPERATOR:SITE, the site a number (`mutate --list` lists them)";
  o.only = std::make_pair(op, static_cast<unsigned>(std::stoul(site)));
  return std::nullopt;
}

std::optional<std::string> optionProblem(MutateArgs& a, RunSettings& s, MutationOptions& o) {
  for (const std::string& name : a.operators) {
    dfg::MutationOp op;
    if (!dfg::mutationFromName(name, op))
      return "--operator " + name + ": no such operator (" + operatorList() + ")";
    o.operators.push_back(op);
  }
  if (!a.mutant.empty())
    if (auto err = parseMutant(a.mutant, o)) return err;
  if (!a.emit.empty() && !o.only) return "--emit writes one mutant: it needs --mutant OP:SITE";
  if (!a.out.empty() && a.emit.empty())
    return "-o writes the mutant --emit prints: it needs --emit";
  if ((!a.emit.empty() || o.only) && a.funcs.size() != 1)
    return "--mutant names a site of one function: give exactly one --func";
  if (a.engine == "verilator")
    return "--engine verilator: a campaign runs the event or clocked engine (the twin is "
           "checked against them, docs/rtl.md)";
  s.accel.accel = a.funcs;
  o.functions = a.funcs;
  o.jobs = std::max(1u, a.jobs);
  o.limitSeconds = a.timeLimit;
  o.vary = !a.noVary;
  if (a.maxCycles) s.accel.maxCycles = a.maxCycles;
  if (auto err = parseDfgSpecs(a.dfgSpecs, a.funcs, s.dfgFiles)) return err;
  return configureAccel(s.accel, a.engine, {}, a.timingFile);
}

// The arguments a survivor's reproducer repeats: the file and its --dfg networks.
std::string reproduceArgs(const MutateArgs& a) {
  std::string out = a.file;
  for (const std::string& d : a.dfgSpecs)
    out += " --dfg " + d;
  return out;
}

int emitMutant(const LoadedProgram& prog, const RunSettings& s, const MutateArgs& a,
               const MutationOptions& o) {
  dfg::Graph g;
  std::string text;
  if (auto err = mutantNetwork(prog, s, a.funcs[0], o.only->first, o.only->second, g, text))
    return print(*err), kBadInput;
  dfg::DfgFormat format;
  dfg::dfgFormatFromName(a.emit, format);
  std::optional<std::string> err;
  bool ok = writeOutput(a.out, [&](std::ostream& os) { err = printDfg({g}, format, os); });
  if (err) return printError("the mutant cannot be written in " + a.emit + ": " + *err), kBadInput;
  std::cerr << "@" << a.funcs[0] << " " << a.mutant << ": " << text << "\n";
  return ok ? kOk : kFailed;
}

int mutate(MutateArgs& a) {
  RunSettings s;
  MutationOptions o;
  if (auto err = optionProblem(a, s, o)) return printError(*err), kBadInput;
  std::vector<NamedPath> inputs = runInputs(a.file, a.timingFile, a.dfgSpecs, a.funcs);
  if (refusesOutputs(inputs, {{"--report", a.report}, {"-o", a.out}})) return kBadInput;
  LoadedProgram prog = loadProgram(a.file);
  if (!printed(prog)) return kBadInput;
  if (!a.emit.empty()) return emitMutant(prog, s, a, o);
  o.progress = true;
  Campaign c;
  c.file = a.file;
  if (a.list) {
    std::vector<std::pair<std::string, std::vector<dfg::MutationSite>>> sites;
    if (auto err = mutationSitesOf(prog, s, o, sites)) return print(*err), kBadInput;
    for (const auto& [f, list] : sites) {
      std::map<dfg::MutationOp, unsigned> next; // the site numbers are per operator
      for (const dfg::MutationSite& m : list)
        std::cout << "@" << f << " " << dfg::mutationName(m.op) << ":" << next[m.op]++ << "  "
                  << m.text << "\n";
    }
    return kOk;
  }
  if (auto err = runCampaign(prog, s, o, c)) return print(*err), kBadInput;
  c.print(std::cout, reproduceArgs(a));
  if (!a.report.empty() &&
      !writeOutput(a.report, [&](std::ostream& os) { os << c.json().dump(2) << "\n"; }))
    return kFailed;
  return c.clean() ? kOk : kFailed;
}

} // namespace

Command addMutateCommand(CLI::App& app) {
  auto a = std::make_shared<MutateArgs>();
  CLI::App* c = app.add_subcommand(
      "mutate", "Mutation campaign: run every mutant of the program's networks (one plausible "
                "lowering mistake each) with every check, and say which the checks miss "
                "(docs/mutation.md)");
  c->add_option("file", a->file, "MLIR file whose networks pass every check")->required();
  addFunctionOption(c, a->funcs, "Mutate (and accelerate) only this function");
  c->add_option("--dfg", a->dfgSpecs,
                "FUNC=FILE: FUNC's network is read from FILE (either form), e.g. a repair "
                "`run --try-fix --fixed-dfg` wrote (repeatable)");
  c->add_option("--operator", a->operators, "Only this operator (repeatable): " + operatorList());
  c->add_option("--mutant", a->mutant, "Only this mutant, OPERATOR:SITE (`--list` numbers them)");
  c->add_flag("--list", a->list, "List the mutants (operator:site and the change) and exit");
  c->add_option("--emit", a->emit,
                "With --mutant: print the mutant's network in this form and exit")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"loom.dfg", "loom"}));
  c->add_option("-o", a->out, "With --emit: write to this file instead of stdout");
  c->add_option("-j,--jobs", a->jobs, "Mutants run at once, in forked copies of this process")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
  c->add_option("--report", a->report, "Write the campaign as JSON (every mutant and its class)");
  c->add_option("--time-limit", a->timeLimit,
                "Seconds a mutant may take over all its inputs before it counts as a timeout")
      ->check(CLI::Range(0.1, 86400.0))
      ->capture_default_str();
  c->add_flag("--no-vary", a->noVary,
              "Run the mutants on the program's own inputs only (not also with each loop "
              "bound an accelerated call takes at 0 and 1 trips)");
  c->add_option("--timing", a->timingFile, "Timing file (JSON; see `loom-sim timing --defaults`)");
  c->add_option("--engine", a->engine, "Simulation engine: event (default) or clocked")
      ->capture_default_str();
  c->add_option("--max-cycles", a->maxCycles,
                "Cycle budget of a mutant's call (default: ten times the base's longest call)")
      ->check(countValidator());
  return {c, [a] { return mutate(*a); }};
}

} // namespace loom::cli
