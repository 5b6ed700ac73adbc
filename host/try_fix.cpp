#include "host/try_fix.h"

#include "dfg/rewire.h"
#include "lowering/infer_rates.h"

#include <set>
#include <sstream>

namespace loom {

namespace {

std::string lastLine(const std::string& text) {
  size_t end = text.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  size_t begin = text.rfind('\n', end);
  return text.substr(begin == std::string::npos ? 0 : begin + 1, end + 1 - (begin + 1));
}

} // namespace

std::string FixAttempt::verdict() const {
  if (!rerun) return "no rewiring to try";
  if (verified())
    return "the fix is verified: no finding, and every call's results equal the reference";
  if (error) return "the fix is not verified: the rerun stopped with an error";
  if (!callsPassed) return "the fix is not verified: results differ from the reference";
  return "the fix is not verified: " + std::to_string(findings) + " finding(s) remain";
}

nlohmann::json FixAttempt::json() const {
  return {{"applied", applied},   {"refused", refused},           {"rerun", rerun},
          {"findings", findings}, {"results_equal", callsPassed}, {"verified", verified()},
          {"summary", summary},   {"printed", lastOutput}};
}

FixAttempt tryFix(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first) {
  FixAttempt out;
  std::map<std::string, std::set<dfg::Rewire>> byFunction;
  for (const harness::Finding& f : first.report().findings)
    if (f.rewire.any()) byFunction[f.function].insert(f.rewire);
  RunSettings again = s;
  again.traces = traces::TraceOptions{}; // the first run's trace files stay as they are
  again.accel.scTrace.clear();
  again.accel.rtlTrace.clear();
  for (auto& [function, rewires] : byFunction) {
    const dfg::Graph* g = first.graph(function);
    if (!g) continue;
    dfg::Graph copy = *g;
    bool changed = false;
    // Later rewirings name ops by vertex: rewiring adds ops but never removes one.
    for (const dfg::Rewire& r : rewires) {
      std::string done;
      if (auto err = dfg::applyRewire(copy, r, done))
        out.refused.push_back("@" + function + ": " + *err);
      else
        out.applied.push_back("@" + function + ": " + done), changed = true;
    }
    if (!changed) continue;
    // A network whose rates were inferred from it has them inferred again: its loops'
    // rates follow the new wiring.
    if (first.accelerator()->ratesInferred(function)) clearRates(copy);
    again.accel.graphs[function] = copy;
    out.fixed[function] = std::move(copy);
  }
  if (out.fixed.empty()) return out;
  // A --dfg file of a repaired function would replace the repair: its spec goes.
  std::vector<DfgFile> files;
  for (const DfgFile& d : again.dfgFiles)
    if (!out.fixed.count(d.function)) files.push_back(d);
  again.dfgFiles = files;

  std::ostringstream programOutput;
  ProgramRun rerun(prog, again, programOutput);
  out.rerun = true;
  if (auto err = rerun.prepare()) {
    out.error = true;
    out.summary = "the repaired network was refused: " + err->message;
    return out;
  }
  RunOutcome o = rerun.run();
  out.error = o.error.has_value();
  out.findings = rerun.report().findings.size();
  out.callsPassed = !out.error && !rerun.report().calls.empty();
  for (const harness::Finding& f : rerun.report().findings)
    if (f.check == "results" || f.check == "memory") out.callsPassed = false;
  std::string line = rerun.summaryLine(o, 0);
  out.summary = line.substr(0, line.rfind(", ")); // without the time
  out.lastOutput = lastLine(programOutput.str());
  return out;
}

} // namespace loom
