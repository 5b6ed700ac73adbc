// `run --try-fix` (docs/debugging.md "Trying the fix"): the rewirings the diagnosis
// names (dfg/rewire.h) applied to a copy of each network, and the whole program run
// again on the same inputs with the copies in place. The fix is verified when the rerun
// has no finding, no error, and every call's results equal the reference (the
// interpreter's, or for a program LOOM compiled its CPU version's).
#pragma once

#include "host/program_run.h"

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace loom {

struct FixAttempt {
  std::vector<std::string> applied; // "@dotk: handshake.load 'dotk/%x' input 'ctrl' takes ..."
  std::vector<std::string> refused; // a rewiring the network does not allow, and why
  std::map<std::string, dfg::Graph> fixed; // the repaired networks, by function
  bool rerun = false;                      // whether the program ran again
  size_t findings = 0;                     // the rerun's
  std::vector<std::string> remaining;      // each of them: "deadlock: handshake.mux 'k/%22': ..."
  std::vector<std::string> remainingRules; // each one's rule code ("L204"), "" for none
  bool callsPassed = false; // results and memories equal the reference in every rerun call
  bool error = false;       // the rerun stopped with a runtime error
  std::string summary;      // the rerun's summary line (no time)
  std::string lastOutput;   // the last line the rerun's program printed
  std::string output;       // all it printed
  bool verified() const { return rerun && findings == 0 && callsPassed && !error; }
  std::string verdict() const;
  nlohmann::json json() const;
};

// Applies every rewiring `first`'s findings name and reruns `prog` with `s` (no traces,
// output captured). Nothing to apply: `rerun` stays false.
FixAttempt tryFix(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first);

// The rewirings of the findings whose rule `take` accepts, applied to copies of `first`'s
// networks (in rounds where rates are inferred: the rules' new findings on the repaired
// copy, again only those `take` accepts). Fills applied, refused and fixed.
using RuleFilter = std::function<bool(dfg::RuleId)>;
void repairNetworks(const ProgramRun& first, const RuleFilter& take, FixAttempt& out);

// Runs `prog` again with out.fixed in place of the networks; fills the rest of `out`.
// `rerun` receives the rerun's findings.
void rerunRepaired(const LoadedProgram& prog, const RunSettings& s, FixAttempt& out,
                   std::vector<harness::Finding>* findings = nullptr);

} // namespace loom
