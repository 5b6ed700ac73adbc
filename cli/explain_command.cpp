// `loom-sim explain [CODE]`: a lowering rule by its code or name (dfg/rules.h): the
// rule, the spec's words for it, a small wrong and right network, and the repair; with
// no code, every rule a line.
#include "cli/command.h"
#include "dfg/rules.h"
#include "support/text.h"

namespace loom::cli {

namespace {

std::string ruleList() {
  std::string s;
  size_t width = 0;
  for (const dfg::RuleInfo& r : dfg::allRules())
    width = std::max(width, std::string(r.name).size());
  for (const dfg::RuleInfo& r : dfg::allRules())
    s += std::string(r.code) + "  " + r.name +
         std::string(width - std::string(r.name).size(), ' ') + "  " + r.title + "\n";
  return s;
}

} // namespace

Command addExplainCommand(CLI::App& app) {
  auto code = std::make_shared<std::string>();
  CLI::App* c = app.add_subcommand(
      "explain", "Explain a lowering rule by its code (L103) or name (mem-ctrl-on-raw): the rule, "
                 "the spec's words, a wrong and a right network, the repair; without one, list "
                 "every rule");
  c->add_option("code", *code, "The rule's code or name, as a run's mistakes give it");
  return {c, [code] {
            if (refusesOutputs({}, {stdoutPath()})) return kBadInput;
            if (code->empty()) {
              std::cout << ruleList();
              return kOk;
            }
            const dfg::RuleInfo* r = dfg::findRule(*code);
            if (!r) {
              std::vector<std::string> names;
              for (const dfg::RuleInfo& x : dfg::allRules())
                names.push_back(x.code), names.push_back(x.name);
              std::string near = closest(*code, names);
              printError("no rule '" + *code + "'" +
                         (near.empty() ? "" : " (did you mean '" + near + "'?)") +
                         "; `loom-sim explain` lists them");
              return kBadInput;
            }
            std::cout << dfg::explainText(*r);
            return kOk;
          }};
}

} // namespace loom::cli
