// Mistakes, not symptoms (docs/design.md "Mistakes"). A mistake is one lowering rule
// (dfg/rules.h) broken, at every op where it is broken: its instances. It explains
// findings: first by the network's paths (the cause groups of harness/causes.h whose
// roots are its instances), then, where a rerun with only its repairs was made
// (host/prove.h), by what that rerun shows: the findings that are gone. A finding that
// no mistake explains is listed as unexplained.
#pragma once

#include "harness/causes.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace loom::harness {

struct Mistake {
  dfg::RuleId rule = dfg::RuleId::None;
  struct Instance {
    size_t finding = 0; // the root finding that names it
    std::string function;
    std::string op;   // "dataflow.carry %8"
    std::string port; // "input 'd'" ("" where the rule names no input)
    Loc loc;
    dfg::Rewire rewire; // its repair (none where the rule has none)
  };
  std::vector<Instance> instances;
  std::vector<size_t> explains; // finding indexes, ascending
  // How `explains` was found: by the network's paths, or by a rerun with only this
  // mistake's repairs (proven); unproven: the rerun could not say (it crashed, ran out
  // of time, or the mistake has no repair) and `explains` is the paths'.
  enum class Attribution : uint8_t { Paths, Proven, Unproven };
  Attribution attribution = Attribution::Paths;
  std::string proof; // what the rerun showed, or why there is none
  size_t repairs() const;
};

// A set of mistakes whose repairs together remove findings that survive each one's alone.
struct Combination {
  std::vector<size_t> mistakes; // indexes into Mistakes::list
  std::vector<size_t> removes;  // finding indexes
};

struct Mistakes {
  std::vector<Mistake> list;
  std::vector<size_t> unexplained; // finding indexes no mistake explains
  std::vector<Combination> combinations;
  // Findings no repair removed, alone or together (proven runs only): said plainly.
  std::vector<size_t> unremoved;
  bool proven = false; // whether reruns were made
};

// The mistakes the findings' cause groups show, by the paths (no rerun yet); instances
// named from the networks.
Mistakes findMistakes(const std::vector<Finding>& findings, const std::vector<CauseGroup>& groups,
                      const GraphOf& graphOf);

// Puts the mistake that explains most first (ties in code order); the combinations'
// indexes follow.
void sortMistakes(Mistakes& m);

// A finding's identity across runs of one program (a rerun with repairs adds ops but
// never renumbers one): its check, function, call, op, channel producer, port and rule.
std::string findingKey(const Finding& f);

// The text `run` leads with: a line per mistake (`expand`: its instances under it, each
// function named by `nameOf`, as it is without one), the unexplained count; "" when
// there is no finding.
using NameOf = std::function<std::string(const std::string& function)>;
std::string mistakesText(const std::vector<Finding>& findings, const Mistakes& m, bool expand,
                         const NameOf& nameOf = {});

// The report's `mistakes` (each with its code, rule, instances and the indexes of the
// findings it explains), `unexplained`, `combinations` and `unremoved`.
void addMistakes(nlohmann::json& report, const Mistakes& m);

} // namespace loom::harness
