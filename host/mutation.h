// A mutation campaign (`loom-sim mutate`, docs/mutation.md): how much a miswire can
// hide from the harness. The program runs once as it is (it must pass every check: the
// base); then every mutant of its networks (dfg/mutate.h) runs with every check on the
// same inputs and on inputs with a loop bound varied (0 and 1 trips, where the host
// passes the bound as an argument), and is classified by what the checks said and by
// what the run did against the base's runs (results, memory, tokens left, tokens into
// each op input):
//   caught_static   a static rule found it (which rule);
//   caught_runtime  a run-time check found it (which check);
//   timeout         it ran out of cycles (the budget: ten times the base's longest
//                   call) or of time, unchecked;
//   wrong_uncaught  no finding, yet a run differs from the base's: a miss;
//   harmless        no finding, and every run equals the base's.
// A mutant a run-time check catches although every run equals the base's is a false
// finding (an order finding excepted: the order is what the results cannot show).
// Parsing and lowering are shared: the mutants run in forked copies of this process,
// `jobs` at once.
#pragma once

#include "dfg/mutate.h"
#include "host/program_run.h"

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom {

struct MutationOptions {
  std::vector<dfg::MutationOp> operators; // empty: every operator
  std::vector<std::string> functions;     // empty: every accelerated function
  unsigned jobs = 1;
  double limitSeconds = 60; // per mutant, all its inputs
  bool vary = true;         // the inputs with a loop bound varied, where there are any
  // Only this site of this operator (the campaign of one mutant), when set.
  std::optional<std::pair<dfg::MutationOp, unsigned>> only;
  // A progress line on the terminal (stderr) while mutants run.
  bool progress = false;
};

struct Mutant {
  std::string function;
  dfg::MutationOp op = dfg::MutationOp::ControlSource;
  unsigned site = 0;
  std::string text;                // what it changes, by the ops' names
  std::string cls;                 // "caught_static", ..., or "error" (the tool failed)
  std::vector<std::string> rules;  // the static rules that found it ("L101")
  std::vector<std::string> checks; // the run-time checks that found something
  std::string finding;             // the first finding, one line
  bool differs = false;            // some run differs from the base's
  bool reached = false;            // the op it changes took tokens in the base's runs
  std::string difference;          // the first difference: "%n = 1: call 1 results"
  bool falseFinding = false;
  std::string why; // class "error" or "timeout": what happened
  nlohmann::json json() const;
};

struct Campaign {
  std::string file;
  std::vector<std::string> functions; // mutated
  std::vector<std::string> inputs;    // "own", "%n = 0", ...
  std::vector<std::string> dropped;   // inputs not used, and why
  // Per operator, the functions where it has no site.
  std::vector<std::pair<dfg::MutationOp, std::string>> noSite;
  std::vector<Mutant> mutants;
  uint64_t cycleBudget = 0; // per call
  double seconds = 0;
  size_t count(const std::string& cls) const;
  size_t falseFindings() const;
  // No miss and no false finding (nor a mutant the tool failed on).
  bool clean() const;
  nlohmann::json json() const;
  // The table per operator, the checks' catches, the survivors with their reproducers,
  // and one line of counts per class, last.
  void print(std::ostream& os, const std::string& reproduceArgs) const;
};

// Runs the campaign. Bad input (exit 2): the program does not run, its networks already
// have findings (named), a function or site that does not exist.
std::optional<Diag> runCampaign(const LoadedProgram& prog, const RunSettings& s,
                                const MutationOptions& o, Campaign& out);

// The mutants a campaign with `o` would run, per function, without running them (the
// base is run and must pass, as for a campaign).
std::optional<Diag>
mutationSitesOf(const LoadedProgram& prog, const RunSettings& s, const MutationOptions& o,
                std::vector<std::pair<std::string, std::vector<dfg::MutationSite>>>& out);

// The networks `prog` runs with `s` (lowered, or given), with one mutant applied: for
// printing it (`mutate --mutant OP:SITE --emit`). Bad input as above.
std::optional<Diag> mutantNetwork(const LoadedProgram& prog, const RunSettings& s,
                                  const std::string& function, dfg::MutationOp op, unsigned site,
                                  dfg::Graph& out, std::string& text);

} // namespace loom
