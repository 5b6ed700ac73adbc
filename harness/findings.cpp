#include "harness/findings.h"

#include <sstream>

namespace loom::harness {

nlohmann::json Finding::json() const {
  nlohmann::json j;
  j["check"] = check;
  if (!kind.empty()) j["kind"] = kind;
  j["function"] = function;
  if (invocation) j["invocation"] = invocation;
  j["summary"] = summary;
  if (!channel.empty()) j["channel"] = channel;
  if (!wave.empty()) j["wave"] = wave;
  if (!op.empty()) j["op"] = op;
  if (opAdded) j["op_added_by"] = "loom-sim";
  if (!port.empty()) j["port"] = port;
  if (loc.line) {
    j["source"] = loc.where();
    j["mlir"] = loc.str();
  }
  if (!scfOp.empty()) j["scf_op"] = scfOp;
  if (!domain.empty()) j["domain"] = domain;
  if (hasCounts) {
    j["expected"] = expected;
    j["observed"] = observed;
    if (!formula.empty()) j["formula"] = formula;
  }
  if (!upstream.empty()) j["upstream"] = upstream;
  if (!cause.empty()) j["cause"] = cause;
  if (rule != dfg::RuleId::None) j["rule"] = dfg::ruleInfo(rule).code;
  if (!details.empty()) j["details"] = details;
  if (related) j["related"] = related;
  return j;
}

void nameOps(Finding& f, const dfg::OpNames& names) {
  for (std::string* s : {&f.summary, &f.domain, &f.formula, &f.cause})
    *s = dfg::nameOps(*s, names);
  for (std::vector<std::string>* list : {&f.details, &f.upstream})
    for (std::string& s : *list)
      s = dfg::nameOps(s, names);
}

std::string Finding::text() const {
  std::ostringstream s;
  s << (loc.line ? loc.where() + ": " : std::string()) << "error: " << summary;
  if (!function.empty()) {
    s << " [@" << function;
    if (invocation) s << ", call " << invocation;
    s << ", " << check << "]";
  }
  s << "\n";
  auto line = [&](const char* key, const std::string& v) {
    if (!v.empty()) s << "  " << key << std::string(10 - std::string(key).size(), ' ') << v << "\n";
  };
  line("channel", channel);
  line("wave", wave);
  line("op", op + (port.empty() ? "" : ", " + port));
  if (!scfOp.empty()) line("source", scfOp + " at " + loc.where());
  if (hasCounts)
    line("domain", domain + ": expected " + std::to_string(expected) +
                       (formula.empty() ? "" : " = " + formula) + ", observed " +
                       std::to_string(observed));
  else
    line("domain", domain);
  bool waits = check == "deadlock" || check == "cycle-cap";
  for (size_t i = 0; i < upstream.size(); ++i)
    line(i ? "" : (waits ? "waits" : "upstream"), (i ? (waits ? "-> " : "<- ") : "") + upstream[i]);
  line("cause", cause);
  if (rule != dfg::RuleId::None)
    line("rule", std::string(dfg::ruleInfo(rule).code) + " " + dfg::ruleInfo(rule).name +
                     " (loom-sim explain " + dfg::ruleInfo(rule).code + ")");
  for (const std::string& d : details)
    line("note", d);
  if (related)
    line("also", std::to_string(related) + " channel(s) downstream are off by the same cause");
  return s.str();
}

} // namespace loom::harness
