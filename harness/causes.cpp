#include "harness/causes.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <map>
#include <optional>
#include <sstream>

namespace loom::harness {

namespace {

// Which of two causes leads when both could: the order the checks look from the
// network's structure to its results.
int rank(const std::string& check) {
  // An order finding leads the run-time ones: a call whose accesses were out of order
  // computed other data than the program, and every count after follows that data.
  static const char* order[] = {"runtime-error", "static",       "order",     "race",
                                "ledger",        "access-count", "shape",     "quiescence",
                                "return-order",  "deadlock",     "cycle-cap", "op-error",
                                "results",       "memory",       "alias"};
  for (size_t i = 0; i < std::size(order); ++i)
    if (check == order[i]) return static_cast<int>(i);
  return static_cast<int>(std::size(order));
}

bool namesMistake(const Finding& f) {
  return !f.cause.empty() || f.check == "static";
}

// Causes by construction: a static finding is the network's structure itself; a ledger
// finding's producer had every input right, so only a static finding about the
// structure upstream explains it.
bool alwaysRoot(const Finding& f) {
  return f.check == "static";
}

// A cause that holds by the network's structure, so a ledger finding downstream follows
// from it: a static finding, or a loop that ran zero times with loop control unguarded
// (its rate has no guard term, and the program's run had such activations): its body's
// invariants take their seeds in an activation that gives them nothing, and every value
// of the body is an activation late from then on.
bool structural(const Finding& f) {
  return f.check == "static" || (f.rule == dfg::RuleId::ZeroTripGuard &&
                                 (f.check == "deadlock" || f.check == "cycle-cap"));
}

// The same finding in another invocation: everything but the call and the counts. The
// op itself is part of it (its vertex): two ops whose names differ only in a number
// ("mem.split.1", "mem.split.2") are two findings, not one repeated.
std::string repeatKey(const Finding& f) {
  std::string summary;
  for (char c : f.summary)
    if (!std::isdigit(static_cast<unsigned char>(c))) summary += c;
  return f.check + '\x1f' + f.function + '\x1f' + std::to_string(f.vertex) + '\x1f' +
         std::to_string(f.producer) + '\x1f' + f.op + '\x1f' + f.port + '\x1f' + f.channel +
         '\x1f' + f.cause + '\x1f' + f.loc.str() + '\x1f' + summary;
}

dfg::Vertex start(const Finding& f) {
  return f.producer != Finding::kNoVertex ? f.producer : f.vertex;
}

class Grouper {
public:
  Grouper(const std::vector<Finding>& fs, const GraphOf& graphOf) : fs_(fs), graphOf_(graphOf) {}

  std::vector<CauseGroup> run() {
    std::vector<size_t> order(fs_.size());
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return rank(fs_[a].check) < rank(fs_[b].check); });
    groupOf_.assign(fs_.size(), -1);
    // Causes with an op first (and races, a cause in the program), then everything else.
    for (size_t i : order)
      if (namesMistake(fs_[i]) && (start(fs_[i]) != Finding::kNoVertex || fs_[i].check == "race"))
        place(i, true);
    for (size_t i : order)
      if (groupOf_[i] < 0) place(i, false);
    std::vector<size_t> byRoot(groups_.size());
    for (size_t k = 0; k < byRoot.size(); ++k)
      byRoot[k] = k;
    std::stable_sort(byRoot.begin(), byRoot.end(), [&](size_t a, size_t b) {
      return rank(fs_[groups_[a].root].check) < rank(fs_[groups_[b].root].check);
    });
    std::vector<CauseGroup> out;
    for (size_t k : byRoot) {
      std::sort(groups_[k].explained.begin(), groups_[k].explained.end());
      out.push_back(groups_[k]);
    }
    return out;
  }

private:
  const std::vector<Finding>& fs_;
  const GraphOf& graphOf_;
  std::vector<CauseGroup> groups_;
  std::vector<int> groupOf_;
  std::map<std::string, size_t> rootByKey_;
  std::map<std::pair<std::string, dfg::Vertex>, std::vector<int>> distances_;

  void place(size_t i, bool asCause) {
    const Finding& f = fs_[i];
    auto same = rootByKey_.find(repeatKey(f));
    if (same != rootByKey_.end()) return join(i, same->second, true);
    if (f.check == "race")
      if (auto g = raceOfLoop(f)) return join(i, *g, false);
    // A stop that names the rule a cause of its call already names is that cause's.
    if (f.check == "deadlock" || f.check == "cycle-cap")
      if (auto g = sameRuleInCall(f)) return join(i, *g, false);
    if (!alwaysRoot(f))
      if (auto g = nearestRoot(f, f.check == "ledger")) return join(i, *g, false);
    if (followsData(f))
      if (auto g = orderRootOfCall(f)) return join(i, *g, false);
    if (!asCause && !alwaysRoot(f) && f.check != "ledger")
      if (auto g = rootOfCall(f)) return join(i, *g, false);
    groupOf_[i] = static_cast<int>(groups_.size());
    rootByKey_[repeatKey(f)] = groups_.size();
    groups_.push_back(CauseGroup{i, {}, {}});
  }

  void join(size_t i, size_t group, bool repeat) {
    groupOf_[i] = static_cast<int>(group);
    (repeat ? groups_[group].repeats : groups_[group].explained).push_back(i);
  }

  // Channels walked from `from` to every op of the function's network (-1: unreachable).
  const std::vector<int>* distancesFrom(const std::string& function, dfg::Vertex from) {
    auto key = std::make_pair(function, from);
    auto it = distances_.find(key);
    if (it != distances_.end()) return &it->second;
    const dfg::Graph* g = graphOf_ ? graphOf_(function) : nullptr;
    if (!g || from >= g->numNodes()) return nullptr;
    std::vector<int> d(g->numNodes(), -1);
    std::deque<dfg::Vertex> work{from};
    d[from] = 0;
    while (!work.empty()) {
      dfg::Vertex v = work.front();
      work.pop_front();
      for (dfg::EdgeId e : g->outEdges(v))
        if (d[g->dst(e)] < 0) d[g->dst(e)] = d[v] + 1, work.push_back(g->dst(e));
    }
    return &(distances_[key] = std::move(d));
  }

  // The root of the function whose op reaches this finding's op in the fewest channels.
  std::optional<size_t> nearestRoot(const Finding& f, bool onlyStatic) {
    if (f.vertex == Finding::kNoVertex && f.producer == Finding::kNoVertex) return std::nullopt;
    std::optional<size_t> best;
    int bestDistance = 0;
    for (size_t k = 0; k < groups_.size(); ++k) {
      const Finding& r = fs_[groups_[k].root];
      if (r.function != f.function || !namesMistake(r) || start(r) == Finding::kNoVertex ||
          (onlyStatic && !structural(r)))
        continue;
      const std::vector<int>* d = distancesFrom(r.function, start(r));
      if (!d) continue;
      for (dfg::Vertex v : {f.producer, f.vertex}) {
        if (v == Finding::kNoVertex || v >= d->size() || (*d)[v] < 0) continue;
        if (!best || (*d)[v] < bestDistance) best = k, bestDistance = (*d)[v];
      }
    }
    return best;
  }

  // The cause of a finding with no op of its own, in its invocation (a static cause
  // holds for every invocation): the one whose op its wait-for chain passes last (the
  // nearest to where the tokens stopped coming), else the first.
  std::optional<size_t> rootOfCall(const Finding& f) {
    std::optional<size_t> first, waited;
    size_t deepest = 0;
    for (size_t k = 0; k < groups_.size(); ++k) {
      const Finding& r = fs_[groups_[k].root];
      if (r.function != f.function || !namesMistake(r) || !inCall(k, f.invocation)) continue;
      if (!first) first = k;
      std::string name = quotedName(r);
      for (size_t line = 0; !name.empty() && line < f.upstream.size(); ++line)
        if (f.upstream[line].find(name) != std::string::npos && (!waited || line >= deepest))
          waited = k, deepest = line;
    }
    return waited ? waited : first;
  }

  // What a run computes, counts and leaves behind follows the data its memories gave:
  // every run-time finding but the ones about the program (a race), the host (aliases)
  // or the order itself.
  static bool followsData(const Finding& f) {
    return f.check != "static" && f.check != "race" && f.check != "alias" && f.check != "order" &&
           f.check != "return-order" && f.check != "runtime-error";
  }

  // A call's accesses out of program order (memory-order, not explained by a static
  // cause): the data it loaded may not be the program's, so counts taken against the
  // program's run (the ledger, the access counts, the loops' shapes) and the results
  // differ from it for that reason first.
  std::optional<size_t> orderRootOfCall(const Finding& f) const {
    for (size_t k = 0; k < groups_.size(); ++k) {
      const Finding& r = fs_[groups_[k].root];
      if (r.check == "order" && r.rule == dfg::RuleId::MemoryOrder && r.function == f.function &&
          inCall(k, f.invocation))
        return k;
    }
    return std::nullopt;
  }

  std::optional<size_t> sameRuleInCall(const Finding& f) const {
    if (f.rule == dfg::RuleId::None) return std::nullopt;
    for (size_t k = 0; k < groups_.size(); ++k) {
      const Finding& r = fs_[groups_[k].root];
      if (r.rule == f.rule && r.function == f.function && inCall(k, f.invocation)) return k;
    }
    return std::nullopt;
  }

  // Another race of the same scf.parallel in this call: one mistake, several pairs of
  // accesses.
  std::optional<size_t> raceOfLoop(const Finding& f) const {
    for (size_t k = 0; k < groups_.size(); ++k) {
      const Finding& r = fs_[groups_[k].root];
      if (r.check == "race" && r.function == f.function && r.loc.str() == f.loc.str() &&
          inCall(k, f.invocation))
        return k;
    }
    return std::nullopt;
  }

  bool inCall(size_t group, uint64_t invocation) const {
    const Finding& r = fs_[groups_[group].root];
    if (r.invocation == 0 || r.invocation == invocation) return true;
    for (size_t rep : groups_[group].repeats)
      if (fs_[rep].invocation == invocation) return true;
    return false;
  }

  // "'k/%x'": the op a finding is about, as the wait-for chain quotes it.
  static std::string quotedName(const Finding& r) {
    const std::string& text = r.op.empty() ? r.summary : r.op;
    size_t a = text.find('\'');
    size_t b = a == std::string::npos ? a : text.find('\'', a + 1);
    return b == std::string::npos ? "" : text.substr(a, b - a + 1);
  }
};

// The first line of the finding's block without "error: ":
// "dotk.mlir:25:17: 1 token(s) latched in ... [@dotk, call 1, quiescence]".
std::string headline(const Finding& f) {
  std::string text = f.text();
  text = text.substr(0, text.find('\n'));
  size_t at = text.find("error: ");
  return at == std::string::npos ? text : text.erase(at, 7);
}

std::string countsByCheck(const std::vector<Finding>& fs, const std::vector<size_t>& idx) {
  std::map<std::pair<int, std::string>, size_t> counts; // by rank, for a stable order
  for (size_t i : idx)
    ++counts[{rank(fs[i].check), fs[i].check}];
  std::string s;
  for (auto& [check, n] : counts)
    s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + check.second;
  return s;
}

std::string callList(const std::vector<uint64_t>& calls) {
  std::string s;
  for (size_t i = 0; i < calls.size(); ++i) {
    size_t j = i;
    while (j + 1 < calls.size() && calls[j + 1] == calls[j] + 1)
      ++j;
    s += (s.empty() ? "" : ", ") + std::to_string(calls[i]) +
         (j > i ? (j == i + 1 ? ", " : "-") + std::to_string(calls[j]) : "");
    i = j;
  }
  return s;
}

} // namespace

std::vector<CauseGroup> groupByCause(const std::vector<Finding>& findings, const GraphOf& graphOf) {
  return Grouper(findings, graphOf).run();
}

namespace {

std::vector<uint64_t> invocations(const std::vector<Finding>& fs, const CauseGroup& g) {
  std::vector<uint64_t> calls;
  if (fs[g.root].invocation) calls.push_back(fs[g.root].invocation);
  for (size_t r : g.repeats)
    if (fs[r].invocation) calls.push_back(fs[r].invocation);
  std::sort(calls.begin(), calls.end());
  calls.erase(std::unique(calls.begin(), calls.end()), calls.end());
  return calls;
}

} // namespace

std::string causesText(const std::vector<Finding>& findings, const std::vector<CauseGroup>& groups,
                       Detail detail) {
  std::ostringstream s;
  for (const CauseGroup& g : groups) {
    // A runtime error on its own is printed by the command, as the error it is.
    if (findings[g.root].check == "runtime-error" && g.explained.empty()) continue;
    s << findings[g.root].text();
    std::vector<uint64_t> calls = invocations(findings, g);
    if (calls.size() > 1) s << "  calls     " << callList(calls) << " (the same finding in each)\n";
    if (g.explained.empty()) continue;
    s << "  explains  " << g.explained.size()
      << " finding(s): " << countsByCheck(findings, g.explained) << "\n";
    if (detail == Detail::Brief) continue;
    for (size_t i : g.explained) {
      const Finding& f = findings[i];
      if (detail == Detail::Blocks) {
        s << f.text();
        continue;
      }
      s << "            " << headline(f) << "\n";
      // A stop keeps its wait-for chain: where the tokens that never came were due.
      if (f.check == "deadlock" || f.check == "cycle-cap")
        for (size_t k = 0; k < f.upstream.size(); ++k)
          s << "              " << (k ? "-> " : "waits ") << f.upstream[k] << "\n";
    }
  }
  return s.str();
}

nlohmann::json causesJson(const std::vector<Finding>& findings,
                          const std::vector<CauseGroup>& groups) {
  nlohmann::json out = nlohmann::json::array();
  for (const CauseGroup& g : groups) {
    nlohmann::json byCheck = nlohmann::json::object();
    for (size_t i : g.explained)
      byCheck[findings[i].check] = byCheck.value(findings[i].check, 0) + 1;
    out.push_back({{"finding", g.root},
                   {"calls", invocations(findings, g)},
                   {"repeats", g.repeats},
                   {"explains", g.explained},
                   {"explained_by_check", byCheck}});
  }
  return out;
}

} // namespace loom::harness
