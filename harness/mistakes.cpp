#include "harness/mistakes.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace loom::harness {

namespace {

// "kernels.cpp:22": the place a person looks, without folders or column.
std::string shortWhere(const Loc& loc) {
  std::string s = loc.source ? *loc.source : loc.str();
  if (!loc.source && !loc.line) return "";
  size_t slash = s.rfind('/');
  if (slash != std::string::npos) s = s.substr(slash + 1);
  // file:line:col -> file:line
  size_t last = s.rfind(':');
  if (last != std::string::npos && s.find(':') != last) s = s.substr(0, last);
  return s;
}

// "%8" of "_Z10vecsum_dsaPKjjj_esi/%8": the op's own name, without its function's.
std::string ownName(const std::string& name, const std::string& function) {
  if (name.size() > function.size() + 1 && name.compare(0, function.size(), function) == 0 &&
      name[function.size()] == '/')
    return name.substr(function.size() + 1);
  return name;
}

Mistake::Instance instanceOf(const Finding& f, size_t index, const GraphOf& graphOf) {
  Mistake::Instance in;
  in.finding = index;
  in.function = f.function;
  in.loc = f.loc;
  in.rewire = f.rewire;
  in.port = f.port;
  const dfg::Graph* g = graphOf ? graphOf(f.function) : nullptr;
  dfg::Vertex v = f.rewire.any() ? f.rewire.consumer : f.vertex;
  if (g && v != Finding::kNoVertex && v < g->numNodes()) {
    const dfg::Node& n = g->node(v);
    in.op = n.opName() + " " + ownName(n.name, f.function);
    if (n.origin.loc.line) in.loc = n.origin.loc;
    if (f.rewire.kind == dfg::Rewire::Kind::SplitMuxInputs)
      in.port = "data inputs";
    else if (f.rewire.any())
      in.port = "input '" + n.portName(true, f.rewire.port) + "'";
  } else {
    in.op = f.op;
  }
  return in;
}

std::string instanceKey(const Mistake::Instance& in) {
  return in.function + '\x1f' + in.op + '\x1f' + in.port;
}

} // namespace

size_t Mistake::repairs() const {
  size_t n = 0;
  for (const Instance& in : instances)
    n += in.rewire.any() ? 1 : 0;
  return n;
}

std::string findingKey(const Finding& f) {
  return f.check + '\x1f' + f.function + '\x1f' + std::to_string(f.invocation) + '\x1f' +
         std::to_string(f.vertex) + '\x1f' + std::to_string(f.producer) + '\x1f' + f.port + '\x1f' +
         dfg::ruleInfo(f.rule).code + '\x1f' + std::to_string(f.rewire.port);
}

Mistakes findMistakes(const std::vector<Finding>& fs, const std::vector<CauseGroup>& groups,
                      const GraphOf& graphOf) {
  Mistakes out;
  std::map<dfg::RuleId, size_t> byRule;
  std::vector<std::set<size_t>> explains;
  std::vector<std::set<std::string>> seen;
  for (const CauseGroup& g : groups) {
    const Finding& root = fs[g.root];
    std::vector<size_t> members{g.root};
    members.insert(members.end(), g.repeats.begin(), g.repeats.end());
    members.insert(members.end(), g.explained.begin(), g.explained.end());
    if (root.rule == dfg::RuleId::None) {
      out.unexplained.insert(out.unexplained.end(), members.begin(), members.end());
      continue;
    }
    auto [it, added] = byRule.emplace(root.rule, out.list.size());
    if (added) {
      out.list.push_back(Mistake{});
      out.list.back().rule = root.rule;
      explains.emplace_back();
      seen.emplace_back();
    }
    size_t k = it->second;
    Mistake::Instance in = instanceOf(root, g.root, graphOf);
    if (seen[k].insert(instanceKey(in)).second) out.list[k].instances.push_back(std::move(in));
    explains[k].insert(members.begin(), members.end());
  }
  for (size_t k = 0; k < out.list.size(); ++k)
    out.list[k].explains.assign(explains[k].begin(), explains[k].end());
  std::sort(out.unexplained.begin(), out.unexplained.end());
  sortMistakes(out);
  return out;
}

void sortMistakes(Mistakes& m) {
  std::vector<size_t> order(m.list.size()), at(m.list.size());
  for (size_t k = 0; k < order.size(); ++k)
    order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Mistake &x = m.list[a], &y = m.list[b];
    if (x.explains.size() != y.explains.size()) return x.explains.size() > y.explains.size();
    return x.rule < y.rule;
  });
  std::vector<Mistake> sorted;
  for (size_t k = 0; k < order.size(); ++k)
    at[order[k]] = k, sorted.push_back(std::move(m.list[order[k]]));
  m.list = std::move(sorted);
  for (Combination& c : m.combinations) {
    for (size_t& k : c.mistakes)
      k = at[k];
    std::sort(c.mistakes.begin(), c.mistakes.end());
  }
}

namespace {

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string attributionText(const Mistake& m) {
  switch (m.attribution) {
  case Mistake::Attribution::Proven: return "proven";
  case Mistake::Attribution::Unproven: return "not proven";
  case Mistake::Attribution::Paths: break;
  }
  return "by the network's paths";
}

std::string instanceText(const Mistake::Instance& in, const NameOf& nameOf) {
  std::string s = "@" + (nameOf ? nameOf(in.function) : in.function) + ": " + in.op;
  if (!in.port.empty()) s += " " + in.port;
  std::string where = shortWhere(in.loc);
  if (!where.empty()) s += " (" + where + ")";
  return s;
}

} // namespace

std::string mistakesText(const std::vector<Finding>& fs, const Mistakes& m, bool expand,
                         const NameOf& nameOf) {
  // A run held to a baseline (check "performance") is not a wiring question.
  size_t wiring = 0;
  for (const Finding& f : fs)
    wiring += f.check != "performance";
  if (!wiring) return "";
  std::ostringstream s;
  size_t explained = fs.size() - m.unexplained.size();
  if (m.list.empty()) {
    s << "loom-sim: no lowering rule explains the " << plural(wiring, "finding", "findings")
      << " below\n";
    return s.str();
  }
  s << "loom-sim: " << plural(m.list.size(), "lowering mistake", "lowering mistakes")
    << (m.list.size() == 1 ? " explains " : " explain ") << explained << " of "
    << plural(fs.size(), "finding", "findings") << ":\n";
  size_t codeWidth = 0;
  for (const Mistake& x : m.list) {
    const dfg::RuleInfo& r = dfg::ruleInfo(x.rule);
    codeWidth = std::max(codeWidth, std::string(r.code).size() + 1 + std::string(r.name).size());
  }
  for (const Mistake& x : m.list) {
    const dfg::RuleInfo& r = dfg::ruleInfo(x.rule);
    std::string head = std::string(r.code) + " " + r.name;
    s << "  " << head << std::string(codeWidth - head.size() + 2, ' ')
      << plural(x.instances.size(), "instance, ", "instances,") << " explains " << x.explains.size()
      << " (" << attributionText(x) << ")\n";
    s << "      " << r.title << "\n";
    if (!expand) continue;
    for (const Mistake::Instance& in : x.instances)
      s << "      - " << instanceText(in, nameOf) << "\n";
    if (!x.proof.empty()) s << "      rerun: " << x.proof << "\n";
  }
  for (const Combination& c : m.combinations) {
    std::string codes;
    for (size_t k : c.mistakes)
      codes += (codes.empty() ? "" : " + ") + std::string(dfg::ruleInfo(m.list[k].rule).code);
    s << "  " << codes << " together remove " << plural(c.removes.size(), "finding", "findings")
      << " neither removes alone\n";
  }
  if (!m.unexplained.empty())
    s << "  unexplained: " << plural(m.unexplained.size(), "finding", "findings")
      << " no lowering rule names\n";
  if (!m.unremoved.empty())
    s << "  no repair removes " << plural(m.unremoved.size(), "finding", "findings")
      << ", alone or together\n";
  s << "loom-sim: `loom-sim explain CODE` for a rule"
    << (expand ? "" : "; --expand lists each mistake's instances") << "\n";
  return s.str();
}

void addMistakes(nlohmann::json& report, const Mistakes& m) {
  nlohmann::json list = nlohmann::json::array();
  for (const Mistake& x : m.list) {
    const dfg::RuleInfo& r = dfg::ruleInfo(x.rule);
    nlohmann::json instances = nlohmann::json::array();
    for (const Mistake::Instance& in : x.instances) {
      nlohmann::json i = {{"finding", in.finding}, {"function", in.function}, {"op", in.op}};
      if (!in.port.empty()) i["port"] = in.port;
      if (in.loc.line) i["source"] = in.loc.where();
      i["repairable"] = in.rewire.any();
      instances.push_back(std::move(i));
    }
    const char* attribution = x.attribution == Mistake::Attribution::Proven     ? "proven"
                              : x.attribution == Mistake::Attribution::Unproven ? "unproven"
                                                                                : "paths";
    nlohmann::json j = {{"code", r.code},
                        {"rule", r.name},
                        {"title", r.title},
                        {"spec", r.spec},
                        {"instances", instances},
                        {"explains", x.explains},
                        {"attribution", attribution}};
    if (!x.proof.empty()) j["proof"] = x.proof;
    list.push_back(std::move(j));
  }
  nlohmann::json combinations = nlohmann::json::array();
  for (const Combination& c : m.combinations) {
    nlohmann::json codes = nlohmann::json::array();
    for (size_t k : c.mistakes)
      codes.push_back(dfg::ruleInfo(m.list[k].rule).code);
    combinations.push_back({{"mistakes", codes}, {"removes", c.removes}});
  }
  report["mistakes"] = std::move(list);
  report["unexplained"] = m.unexplained;
  report["combinations"] = std::move(combinations);
  report["unremoved"] = m.unremoved;
  report["attribution_proven"] = m.proven;
}

} // namespace loom::harness
