#include "host/try_fix.h"

#include "analysis/rates.h"
#include "dfg/rewire.h"

#include <set>
#include <sstream>

namespace loom {

namespace {

// Rounds of static repair before the rerun: each applies what the rules name on the
// last round's network (a stream, then what its new rates show).
constexpr int kRounds = 6;

// A split that puts an access's or a compute op's input on its side of a branch changes
// the rate of all the op's outputs drive (an inferred network's rates follow its inputs);
// a split or an invariant before a stream's start, step or bound changes how often its
// loop starts, and so the rates of all the loop computes and hands out.
bool changesRates(const dfg::Graph& g, const dfg::Rewire& r) {
  if (r.consumer >= g.numNodes()) return false;
  dfg::NodeKind k = g.node(r.consumer).kind;
  if (k == dfg::NodeKind::Stream)
    return r.kind == dfg::Rewire::Kind::SplitByCondition ||
           r.kind == dfg::Rewire::Kind::AddInvariant;
  if (r.kind != dfg::Rewire::Kind::SplitByCondition) return false;
  return k == dfg::NodeKind::Load || k == dfg::NodeKind::Store || k == dfg::NodeKind::Compute;
}

// The ops downstream of `from`'s outputs whose rates follow from it: a carry or an
// invariant only through its condition d (its output's count is d's), not through its
// values.
std::set<dfg::Vertex> downstream(const dfg::Graph& g, dfg::Vertex from) {
  std::set<dfg::Vertex> seen, walked;
  std::vector<dfg::Vertex> todo{from};
  while (!todo.empty()) {
    dfg::Vertex v = todo.back();
    todo.pop_back();
    for (dfg::EdgeId e : g.outEdges(v)) {
      dfg::Vertex d = g.dst(e);
      dfg::NodeKind k = g.node(d).kind;
      seen.insert(d);
      // A repeater's own input waits; what it drives, only if its condition changes.
      bool repeater = k == dfg::NodeKind::Carry || k == dfg::NodeKind::Invariant;
      if ((!repeater || g.edge(e).dstPort == 0) && walked.insert(d).second) todo.push_back(d);
    }
  }
  return seen;
}

// Of one round's rewirings, those whose op's rates follow from a rate-changing split in
// the same round wait: the rules name them again on the new rates if they still apply
// (what the run found, and no rule can name again, goes to `later`).
void rootsFirst(const dfg::Graph& g, std::set<dfg::Rewire>& next,
                const std::set<dfg::Rewire>& found, std::set<dfg::Rewire>& later) {
  std::set<dfg::Vertex> after;
  for (const dfg::Rewire& r : next)
    if (changesRates(g, r))
      for (dfg::Vertex v : downstream(g, r.consumer))
        after.insert(v);
  for (auto it = next.begin(); it != next.end();) {
    if (!after.count(it->consumer) || changesRates(g, *it)) {
      ++it;
      continue;
    }
    if (found.count(*it)) later.insert(*it);
    it = next.erase(it);
  }
}

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
  return {
      {"applied", applied},           {"refused", refused},     {"rerun", rerun},
      {"findings", findings},         {"remaining", remaining}, {"remaining_rules", remainingRules},
      {"results_equal", callsPassed}, {"verified", verified()}, {"summary", summary},
      {"printed", lastOutput}};
}

FixAttempt tryFix(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first) {
  FixAttempt out;
  repairNetworks(
      first, [](dfg::RuleId) { return true; }, out);
  if (out.fixed.empty()) return out;
  rerunRepaired(prog, s, out);
  return out;
}

void repairNetworks(const ProgramRun& first, const RuleFilter& take, FixAttempt& out) {
  // A network whose rates are inferred has the zero-trip guards the rules name repaired
  // first, alone: a guarded loop changes the rates of all it drives, and the static rules
  // then name on the new rates what still needs a repair (the first run's may name a
  // split the guard makes wrong). What the run found, not the static rules, waits for the
  // next round.
  std::map<std::string, std::set<dfg::Rewire>> byFunction, guards, found;
  for (const harness::Finding& f : first.report().findings)
    if (f.rewire.any() && take(f.rule)) {
      byFunction[f.function].insert(f.rewire);
      if (f.rule == dfg::RuleId::ZeroTripGuard) guards[f.function].insert(f.rewire);
      if (f.check != "static") found[f.function].insert(f.rewire);
    }
  for (auto& [function, rewires] : byFunction) {
    const dfg::Graph* g = first.graph(function);
    if (!g) continue;
    dfg::Graph copy = *g;
    bool changed = false;
    bool inferred = first.accelerator()->ratesInferred(function);
    std::set<dfg::Rewire> next = rewires, later, tried;
    if (inferred && !guards[function].empty()) next = guards[function], later = found[function];
    if (inferred) rootsFirst(copy, next, found[function], later);
    // Later rewirings name ops by vertex: rewiring adds ops but never removes one. A
    // network whose rates were inferred from it has them inferred again after each
    // round: a repaired stream gives its loop new rates, and the static rules then name
    // the splits that follow from them (docs/design.md "Trying a fix").
    for (int round = 0; round < kRounds && !next.empty(); ++round) {
      for (const dfg::Rewire& r : next) {
        tried.insert(r);
        std::string done;
        if (auto err = dfg::applyRewire(copy, r, done))
          out.refused.push_back("@" + function + ": " + *err);
        else
          out.applied.push_back("@" + function + ": " + done), changed = true;
      }
      if (!inferred) break;
      clearRates(copy);
      next.clear();
      for (const GraphFinding& f : checkGraphInferring(copy))
        if (f.rewire.any() && take(f.rule) && !tried.count(f.rewire)) next.insert(f.rewire);
      for (const dfg::Rewire& r : later)
        if (!tried.count(r)) next.insert(r);
      later.clear();
      rootsFirst(copy, next, found[function], later);
    }
    if (changed) out.fixed[function] = std::move(copy);
  }
}

void rerunRepaired(const LoadedProgram& prog, const RunSettings& s, FixAttempt& out,
                   std::vector<harness::Finding>* findings) {
  RunSettings again = s;
  again.accel.injectionSitesRequired = false; // the repaired networks are given
  again.traces = traces::TraceOptions{};      // the first run's trace files stay as they are
  again.accel.systemc.trace.clear();
  again.accel.verilator.trace.clear();
  for (auto& [function, g] : out.fixed)
    again.accel.graphs[function] = g;
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
    return;
  }
  RunOutcome o = rerun.run();
  out.error = o.error.has_value();
  out.findings = rerun.report().findings.size();
  out.callsPassed = !out.error && !rerun.report().calls.empty();
  for (const harness::Finding& f : rerun.report().findings) {
    if (f.check == "results" || f.check == "memory") out.callsPassed = false;
    out.remaining.push_back(f.check + ": " + (f.op.empty() ? "" : f.op + ": ") + f.summary);
    out.remainingRules.push_back(dfg::ruleInfo(f.rule).code);
  }
  std::string line = rerun.summaryLine(o, 0);
  out.summary = line.substr(0, line.rfind(", ")); // without the time
  out.output = programOutput.str();
  out.lastOutput = lastLine(out.output);
  if (findings) *findings = rerun.report().findings;
}

} // namespace loom
