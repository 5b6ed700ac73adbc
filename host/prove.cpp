#include "host/prove.h"

#include "host/try_fix.h"
#include "support/forked.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

namespace loom {

namespace {

using harness::Finding;
using harness::Mistake;
using harness::Mistakes;

// What a rerun showed: the keys of its findings (harness::findingKey), or why it could
// not say.
struct Trial {
  std::vector<size_t> mistakes; // indexes into Mistakes::list
  bool ok = false;
  std::string why;
  std::set<std::string> remaining;
  size_t findings = 0;
  bool verified = false;
};

Trial trialOf(std::vector<size_t> mistakes) {
  Trial t;
  t.mistakes = std::move(mistakes);
  return t;
}

// Runs in the forked child: repair with the trial's rules only, rerun, report the keys.
std::string runTrial(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first,
                     const std::set<dfg::RuleId>& rules) {
  FixAttempt fix;
  repairNetworks(
      first, [&](dfg::RuleId r) { return rules.count(r) > 0; }, fix);
  nlohmann::json j;
  if (fix.fixed.empty()) {
    j["error"] = "no repair applies";
    return j.dump();
  }
  std::vector<Finding> after;
  rerunRepaired(prog, s, fix, &after);
  nlohmann::json keys = nlohmann::json::array();
  for (const Finding& f : after)
    keys.push_back(harness::findingKey(f));
  j["keys"] = keys;
  j["findings"] = after.size();
  j["verified"] = fix.verified();
  if (fix.error && after.empty()) j["error"] = fix.summary;
  return j.dump();
}

std::vector<Trial> runTrials(const LoadedProgram& prog, const RunSettings& s,
                             const ProgramRun& first, const Mistakes& m, std::vector<Trial> trials,
                             const ProveOptions& o) {
  std::vector<std::function<std::string()>> jobs;
  for (const Trial& t : trials) {
    std::set<dfg::RuleId> rules;
    for (size_t k : t.mistakes)
      rules.insert(m.list[k].rule);
    jobs.push_back([&prog, &s, &first, rules] { return runTrial(prog, s, first, rules); });
  }
  std::vector<ForkedResult> results = runForked(jobs, o.jobs, o.limitSeconds);
  for (size_t i = 0; i < trials.size(); ++i) {
    Trial& t = trials[i];
    if (!results[i].ok) {
      t.why = results[i].why;
      continue;
    }
    nlohmann::json j = nlohmann::json::parse(results[i].text, nullptr, false);
    if (j.is_discarded() || j.contains("error")) {
      t.why = j.is_discarded() ? "its answer could not be read" : j["error"].get<std::string>();
      continue;
    }
    t.ok = true;
    for (const auto& k : j["keys"])
      t.remaining.insert(k.get<std::string>());
    t.findings = j["findings"].get<size_t>();
    t.verified = j["verified"].get<bool>();
  }
  return trials;
}

// The first run's findings (by their keys) that the trial's rerun no longer has.
std::vector<size_t> removedBy(const Trial& t, const std::vector<std::string>& keys) {
  std::vector<size_t> gone;
  for (size_t i = 0; i < keys.size(); ++i)
    if (!t.remaining.count(keys[i])) gone.push_back(i);
  return gone;
}

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// What each single repair's rerun proves of its mistake; `removed` marks the findings
// some rerun no longer has. Returns the mistakes whose rerun could run.
std::vector<size_t> attributeSingles(const std::vector<Trial>& singles, size_t findings,
                                     const std::vector<std::string>& keys, Mistakes& m,
                                     std::vector<bool>& removed) {
  const std::set<std::string> before(keys.begin(), keys.end());
  std::vector<size_t> repairable;
  for (const Trial& t : singles) {
    Mistake& x = m.list[t.mistakes[0]];
    if (!t.ok) {
      x.attribution = Mistake::Attribution::Unproven;
      x.proof = "the rerun with only its repairs " + t.why + "; the findings are the paths'";
      continue;
    }
    repairable.push_back(t.mistakes[0]);
    std::vector<size_t> gone = removedBy(t, keys);
    size_t added = 0;
    for (const std::string& key : t.remaining)
      added += before.count(key) ? 0 : 1;
    x.attribution = Mistake::Attribution::Proven;
    x.explains = gone;
    x.proof =
        "with only its " + plural(x.repairs(), "repair", "repairs") + ", " +
        std::to_string(gone.size()) + " of " + plural(findings, "finding", "findings") +
        " are gone" +
        (added ? ", " + plural(added, "new one", "new ones") + (added == 1 ? " appears" : " appear")
               : "") +
        (t.verified ? "; that rerun passes every check" : "");
    for (size_t i : gone)
      removed[i] = true;
  }
  return repairable;
}

// What no single repair removes: pairs of repairable mistakes, then all of them.
void tryCombinations(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first,
                     const std::vector<size_t>& repairable, const std::vector<std::string>& keys,
                     Mistakes& m, std::vector<bool>& removed, const ProveOptions& o) {
  bool survivors = std::find(removed.begin(), removed.end(), false) != removed.end();
  if (!survivors || repairable.size() < 2) return;
  std::vector<Trial> sets;
  if (repairable.size() <= 6)
    for (size_t a = 0; a < repairable.size(); ++a)
      for (size_t b = a + 1; b < repairable.size(); ++b)
        sets.push_back(trialOf({repairable[a], repairable[b]}));
  if (repairable.size() > 2) sets.push_back(trialOf(repairable));
  sets = runTrials(prog, s, first, m, sets, o);
  for (const Trial& t : sets) {
    if (!t.ok) continue;
    harness::Combination c{t.mistakes, {}};
    for (size_t i : removedBy(t, keys))
      if (!removed[i]) c.removes.push_back(i), removed[i] = true;
    if (!c.removes.empty()) m.combinations.push_back(std::move(c));
  }
}

// The verdict on each finding: explained by a proven mistake or a combination, by an
// unproven mistake's paths, or by none.
void judgeFindings(size_t findings, const std::vector<bool>& removed, bool anyRepairable,
                   Mistakes& m) {
  std::vector<bool> explained(findings, false);
  for (const Mistake& x : m.list)
    for (size_t i : x.explains)
      explained[i] = true;
  for (const harness::Combination& c : m.combinations)
    for (size_t i : c.removes)
      explained[i] = true;
  m.unexplained.clear();
  m.unremoved.clear();
  for (size_t i = 0; i < findings; ++i) {
    if (!explained[i]) m.unexplained.push_back(i);
    if (!removed[i] && anyRepairable) m.unremoved.push_back(i);
  }
}

} // namespace

void proveMistakes(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first,
                   Mistakes& m, const ProveOptions& o) {
  const std::vector<Finding>& fs = first.report().findings;
  std::vector<std::string> keys;
  for (const Finding& f : fs)
    keys.push_back(harness::findingKey(f));
  std::vector<Trial> singles;
  for (size_t k = 0; k < m.list.size(); ++k) {
    if (m.list[k].repairs() == 0) {
      m.list[k].attribution = Mistake::Attribution::Unproven;
      m.list[k].proof = "no repair to rerun with (loom-sim explain " +
                        std::string(dfg::ruleInfo(m.list[k].rule).code) + ")";
      continue;
    }
    singles.push_back(trialOf({k}));
  }
  if (singles.empty()) return;
  m.proven = true;
  singles = runTrials(prog, s, first, m, singles, o);
  std::vector<bool> removed(fs.size(), false);
  std::vector<size_t> repairable = attributeSingles(singles, fs.size(), keys, m, removed);
  tryCombinations(prog, s, first, repairable, keys, m, removed, o);
  judgeFindings(fs.size(), removed, !repairable.empty(), m);
  // One that now explains nothing is still a rule broken, and stays.
  harness::sortMistakes(m);
}

} // namespace loom
