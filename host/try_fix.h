// `run --try-fix` (docs/debugging.md "Trying the fix"): the rewirings the diagnosis
// names (dfg/rewire.h) applied to a copy of each network, and the whole program run
// again on the same inputs with the copies in place. The fix is verified when the rerun
// has no finding, no error, and every call's results equal the reference (the
// interpreter's, or for a program LOOM compiled its CPU version's).
#pragma once

#include "host/program_run.h"

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
  bool callsPassed = false; // results and memories equal the reference in every rerun call
  bool error = false;       // the rerun stopped with a runtime error
  std::string summary;      // the rerun's summary line (no time)
  std::string lastOutput;   // the last line the rerun's program printed
  bool verified() const { return rerun && findings == 0 && callsPassed && !error; }
  std::string verdict() const;
  nlohmann::json json() const;
};

// Applies every rewiring `first`'s findings name and reruns `prog` with `s` (no traces,
// output captured). Nothing to apply: `rerun` stays false.
FixAttempt tryFix(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first);

} // namespace loom
