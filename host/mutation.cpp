#include "host/mutation.h"

#include "analysis/rates.h"
#include "support/forked.h"
#include "support/numbers.h"
#include "terminal/status_line.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iomanip>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <sstream>
#include <unistd.h>

namespace loom {

namespace {

using harness::Finding;

// ---- inputs ---------------------------------------------------------------------------

// A loop bound the host passes: argument `arg` of a function is the upper bound of an
// scf.for whose lower bound and step are constants.
struct Bound {
  unsigned arg = 0;
  std::string name; // "%n"
  Bits lb = 0, step = 1;
};

const Op* definedBy(const Value* v) {
  return v ? v->def : nullptr;
}
bool constant(const Value* v, Bits& out) {
  const Op* d = definedBy(v);
  if (!d || d->kind != OpKind::ArithConstant) return false;
  out = d->constBits;
  return true;
}

// The function argument `v` is, through integer casts; null for anything else.
const Value* argument(const Value* v, const Block& entry) {
  for (int hops = 0; v && v->def && hops < 8; ++hops) {
    OpKind k = v->def->kind;
    if (k != OpKind::IndexCast && k != OpKind::IndexCastUI && k != OpKind::ExtUI &&
        k != OpKind::ExtSI && k != OpKind::TruncI)
      return nullptr;
    v = v->def->operand(0);
  }
  return v && !v->def && v->owner == &entry ? v : nullptr;
}

// An scf.for's bound: its upper bound an argument, its lower bound and step constants.
std::optional<Bound> forBound(const Op& op, const Block& entry) {
  Bound b;
  const Value* ub = op.operands.size() < 3 ? nullptr : argument(op.operand(1), entry);
  if (!ub || !constant(op.operand(0), b.lb) || !constant(op.operand(2), b.step))
    return std::nullopt;
  b.arg = ub->index;
  b.name = ub->name;
  return b;
}

// The integer after `key = ` in a dictionary attribute kept as its printed text.
std::optional<int64_t> dictInt(const std::string& dict, const std::string& key) {
  size_t at = dict.find(key + " = ");
  if (at == std::string::npos) return std::nullopt;
  return std::strtoll(dict.c_str() + at + key.size() + 3, nullptr, 10);
}

// A loop LOOM compiled (an scf.while marked loom.stream, counting up by `+=` from a
// constant): the argument its condition compares the counter with, and the counter's
// start and step.
std::optional<Bound> whileBound(const Op& op, const Block& entry) {
  auto it = op.attrs.find("loom.stream");
  if (op.kind != OpKind::While || it == op.attrs.end() ||
      it->second.s.find("step_op = \"+=\"") == std::string::npos)
    return std::nullopt;
  auto iv = dictInt(it->second.s, "iv");
  const Block& before = op.region(0).front();
  if (!iv || *iv < 0 || static_cast<size_t>(*iv) >= op.operands.size() ||
      static_cast<size_t>(*iv) >= before.args.size())
    return std::nullopt;
  Bound b;
  if (!constant(op.operand(static_cast<unsigned>(*iv)), b.lb)) return std::nullopt;
  const Value* counter = before.args[static_cast<size_t>(*iv)].get();
  bool stepped = false;
  const Value* bound = nullptr;
  for (const auto& o : before.ops) {
    if (o->kind == OpKind::AddI && o->operand(0) == counter && constant(o->operand(1), b.step))
      stepped = true;
    if (o->kind == OpKind::Condition && !o->operands.empty() && o->operand(0)->def &&
        o->operand(0)->def->kind == OpKind::CmpI)
      for (const Value* x : o->operand(0)->def->operands)
        if (const Value* a = argument(x, entry)) bound = a;
  }
  if (!stepped || !bound) return std::nullopt;
  b.arg = bound->index;
  b.name = bound->name;
  return b;
}

std::vector<Bound> boundsOf(const Function& f) {
  std::vector<Bound> out;
  if (f.body.empty()) return out;
  const Block& entry = f.body.front();
  walk(f.body, [&](const Op* op) {
    std::optional<Bound> b = forBound(*op, entry);
    if (!b) b = whileBound(*op, entry);
    if (!b) return;
    for (const Bound& o : out)
      if (o.arg == b->arg) return; // the first loop it bounds decides
    out.push_back(*b);
  });
  return out;
}

// One input the campaign runs: the program's own (trips < 0), or every loop bound an
// accelerated call takes set to `trips` trips.
struct Input {
  std::string name;
  int trips = -1;
};

// What one run of the program did, for comparing with the base's.
struct Run {
  std::vector<CallBehaviour> calls;
  std::string output;
  std::optional<std::string> error;
  std::vector<Finding> findings;
  size_t adjusted = 0; // calls whose arguments the input changed
  std::vector<std::string> adjustedNames;
  uint64_t longestCall = 0;
};

Run runWith(const LoadedProgram& prog, RunSettings s, const Input& in) {
  Run r;
  auto cache = std::make_shared<std::map<const Function*, std::vector<Bound>>>();
  if (in.trips >= 0)
    s.accel.adjustArgs = [&r, cache, trips = in.trips](const Function& f,
                                                       std::vector<RtValue>& args) {
      auto it = cache->find(&f);
      if (it == cache->end()) it = cache->emplace(&f, boundsOf(f)).first;
      for (const Bound& b : it->second) {
        if (b.arg >= args.size()) continue;
        args[b.arg].bits = b.lb + static_cast<Bits>(trips) * b.step;
        if (std::find(r.adjustedNames.begin(), r.adjustedNames.end(), b.name) ==
            r.adjustedNames.end())
          r.adjustedNames.push_back(b.name);
      }
      if (!it->second.empty()) ++r.adjusted;
    };
  s.accel.observeCalls = [&r](const CallBehaviour& b) { r.calls.push_back(b); };
  s.traces = traces::TraceOptions{};
  std::ostringstream output;
  ProgramRun run(prog, s, output);
  if (auto err = run.prepare()) {
    r.error = "refused: " + err->message;
    return r;
  }
  RunOutcome o = run.run();
  if (o.error) r.error = o.error->message;
  r.output = output.str();
  r.findings = run.report().findings;
  for (const harness::Report::Call& c : run.report().calls)
    r.longestCall = std::max(r.longestCall, c.cycles);
  return r;
}

std::string callLabel(const CallBehaviour& c) {
  return "@" + c.function + " call " + std::to_string(c.invocation);
}

// How a run differs from the base's on the same input; nothing when it does not.
std::optional<std::string> difference(const Run& base, const Run& m) {
  if (m.calls.size() != base.calls.size())
    return std::to_string(m.calls.size()) + " accelerated call(s), the base " +
           std::to_string(base.calls.size());
  for (size_t i = 0; i < m.calls.size(); ++i) {
    const CallBehaviour &b = base.calls[i], &x = m.calls[i];
    std::string at = callLabel(x) + ": ";
    if (x.status != b.status) return at + "the network stopped (" + x.status + ")";
    if (x.results != b.results) return at + "results";
    if (x.memory != b.memory) return at + "memory";
    if (x.held != b.held)
      return at + std::to_string(x.held.size()) + " channel(s) or op(s) not at rest" +
             (x.held.empty() ? "" : " (" + x.held.front() + ")");
    for (const auto& [key, n] : b.inputs) {
      auto it = x.inputs.find(key);
      if (it != x.inputs.end() && it->second != n)
        return at + std::to_string(it->second) + " token(s) into " + key + ", the base " +
               std::to_string(n);
    }
  }
  if (m.error != base.error) return "the run " + (m.error ? "stopped: " + *m.error : "ran on");
  if (m.output != base.output) return "the program's output";
  return std::nullopt;
}

std::string findingLine(const Finding& f) {
  std::string code = dfg::ruleInfo(f.rule).code;
  return f.check + (code.empty() ? "" : " " + code) + ": " + (f.op.empty() ? "" : f.op + ": ") +
         f.summary;
}

// ---- one mutant, in a forked child ------------------------------------------------------

struct Base {
  const LoadedProgram& prog;
  RunSettings settings; // the networks given: every accelerated function's base graph
  std::map<std::string, dfg::Graph> graphs;
  std::set<std::string> inferred; // functions whose rates the run inferred from the graph
  std::vector<Input> inputs;
  std::vector<Run> runs; // per input
};

std::string runMutant(const Base& b, const std::string& function, const dfg::MutationSite& site) {
  nlohmann::json j;
  dfg::Graph g = b.graphs.at(function);
  if (auto err = dfg::applyMutation(g, site)) {
    j["error"] = "the mutant cannot be made: " + *err;
    return j.dump();
  }
  if (b.inferred.count(function)) clearRates(g);
  RunSettings s = b.settings;
  s.accel.graphs[function] = std::move(g);
  nlohmann::json findings = nlohmann::json::array();
  std::set<std::string> seen;
  bool capped = false;
  for (size_t i = 0; i < b.inputs.size(); ++i) {
    Run r = runWith(b.prog, s, b.inputs[i]);
    for (const Finding& f : r.findings) {
      capped = capped || f.check == "cycle-cap";
      std::string line = findingLine(f);
      if (!seen.insert(line).second) continue;
      findings.push_back({{"check", f.check},
                          {"rule", dfg::ruleInfo(f.rule).code},
                          {"line", line},
                          {"input", b.inputs[i].name}});
    }
    for (const CallBehaviour& c : r.calls)
      capped = capped || c.status == sim::invocationStatusName(sim::InvocationStatus::CycleCap);
    if (!j.contains("difference"))
      if (auto d = difference(b.runs[i], r)) j["difference"] = b.inputs[i].name + ": " + *d;
    if (r.error && r.findings.empty() && !j.contains("stopped"))
      j["stopped"] = b.inputs[i].name + ": " + *r.error;
  }
  j["findings"] = findings;
  j["capped"] = capped;
  return j.dump();
}

void classify(Mutant& m, const ForkedResult& result) {
  if (!result.ok) {
    bool time = result.why.find("ran out") != std::string::npos;
    m.cls = time ? "timeout" : "error";
    m.why = result.why;
    return;
  }
  nlohmann::json j = nlohmann::json::parse(result.text, nullptr, false);
  if (j.is_discarded() || j.contains("error")) {
    m.cls = "error";
    m.why = j.is_discarded() ? "its answer could not be read" : j["error"].get<std::string>();
    return;
  }
  std::set<std::string> rules, checks;
  bool orderOnly = true;
  for (const auto& f : j["findings"]) {
    std::string check = f["check"].get<std::string>();
    if (m.finding.empty())
      m.finding = f["input"].get<std::string>() + ": " + f["line"].get<std::string>();
    if (check == "static") {
      rules.insert(f["rule"].get<std::string>().empty() ? "static" : f["rule"].get<std::string>());
    } else {
      checks.insert(check);
      orderOnly = orderOnly && check == "order";
    }
  }
  m.rules.assign(rules.begin(), rules.end());
  m.checks.assign(checks.begin(), checks.end());
  if (j.contains("difference")) {
    m.differs = true;
    m.difference = j["difference"].get<std::string>();
  }
  if (!rules.empty())
    m.cls = "caught_static";
  else if (j["capped"].get<bool>())
    m.cls = "timeout", m.why = "ran out of its cycles";
  else if (!checks.empty())
    m.cls = "caught_runtime";
  else if (m.differs)
    m.cls = "wrong_uncaught";
  else
    m.cls = "harmless";
  if (j.contains("stopped") && m.cls == "harmless") m.cls = "wrong_uncaught";
  m.falseFinding = m.cls == "caught_runtime" && !m.differs && !orderOnly;
}

// ---- the campaign ---------------------------------------------------------------------

std::string joined(const std::vector<std::string>& xs, const char* sep) {
  std::string out;
  for (const std::string& x : xs)
    out += (out.empty() ? "" : sep) + x;
  return out;
}

// The base: the program as it is must run and pass every check.
std::optional<Diag> firstRun(const LoadedProgram& prog, const RunSettings& s, Base& b,
                             std::vector<std::string>& functions) {
  RunSettings first = s;
  first.traces = traces::TraceOptions{};
  std::ostringstream output;
  ProgramRun run(prog, first, output);
  if (auto err = run.prepare()) return err;
  RunOutcome o = run.run();
  const std::vector<Finding>& fs = run.report().findings;
  if (!fs.empty()) {
    std::vector<Diag> notes;
    for (size_t i = 0; i < fs.size() && i < 5; ++i)
      notes.push_back(Diag{fs[i].loc, findingLine(fs[i])});
    return Diag{toolError("").loc,
                "the program's networks have " + std::to_string(fs.size()) +
                    " finding(s) already: a mutation base must pass every check (run it, or "
                    "repair it with `run --try-fix`)",
                notes};
  }
  if (o.error) return Diag{o.error->loc, "the program does not run as it is: " + o.error->message};
  Accelerator* a = run.accelerator();
  if (!a || a->numAccelerated() == 0) return toolError("the program has no accelerated function");
  std::vector<std::string> all = a->functions();
  for (const std::string& f : functions)
    if (std::find(all.begin(), all.end(), f) == all.end())
      return toolError("--func " + f + ": not an accelerated function of the program (" +
                       joined(all, ", ") + ")");
  if (functions.empty()) functions = all;
  for (const std::string& f : all) {
    b.graphs[f] = *a->graph(f);
    if (a->ratesInferred(f)) b.inferred.insert(f);
  }
  return std::nullopt;
}

// The base's runs on every input; the varied inputs that change nothing or do not pass
// are dropped, and said why.
std::optional<Diag> baseRuns(Base& b, bool vary, Campaign& out) {
  std::vector<Input> candidates{{"own", -1}};
  if (vary) candidates.push_back({"0 trips", 0}), candidates.push_back({"1 trip", 1});
  for (const Input& in : candidates) {
    Run r = runWith(b.prog, b.settings, in);
    if (in.trips >= 0 && r.adjusted == 0) {
      out.dropped.push_back(in.name + ": no accelerated call takes a loop bound as an argument");
      continue;
    }
    Input named = in;
    if (in.trips >= 0) named.name = joined(r.adjustedNames, ", ") + " = " + in.name;
    std::string bad = r.error              ? "the program stops: " + *r.error
                      : r.findings.empty() ? ""
                                           : findingLine(r.findings.front());
    if (!bad.empty()) {
      if (in.trips < 0)
        return toolError("the program's networks, given as networks, do not pass: " + bad);
      out.dropped.push_back(named.name + ": " + bad);
      continue;
    }
    b.inputs.push_back(named);
    b.runs.push_back(std::move(r));
    out.inputs.push_back(named.name);
  }
  return std::nullopt;
}

// The campaign's progress on a terminal (nothing in a pipe); "" erases it.
void terminalProgress(const std::string& text) {
  if (!::isatty(STDERR_FILENO)) return;
  if (text.empty())
    terminal::StatusLine::clear();
  else
    terminal::StatusLine::show(stderr, text);
}

struct Job {
  std::string function;
  dfg::MutationSite site;
  unsigned index;
  bool reached = false;
};

// Whether the op a mutant changes took any token in the base's runs: a mutant of an op
// no input reaches is equal to the base whatever it does.
bool reached(const Base& b, const std::string& function, const dfg::MutationSite& site) {
  const std::string& name = b.graphs.at(function).node(site.v).name;
  for (const Run& r : b.runs)
    for (const CallBehaviour& c : r.calls) {
      if (c.function != function) continue;
      for (auto it = c.inputs.lower_bound(name + ":"); it != c.inputs.end(); ++it) {
        if (it->first.compare(0, name.size() + 1, name + ":") != 0) break;
        if (it->second > 0) return true;
      }
    }
  return false;
}

std::vector<Job> jobsOf(const Base& b, const MutationOptions& o, Campaign& out,
                        std::optional<Diag>& error) {
  std::vector<Job> jobs;
  std::vector<dfg::MutationOp> ops = o.operators.empty() ? dfg::allMutationOps() : o.operators;
  if (o.only) ops = {o.only->first};
  for (const std::string& f : out.functions)
    for (dfg::MutationOp op : ops) {
      std::vector<dfg::MutationSite> sites = dfg::mutationSites(b.graphs.at(f), op);
      if (sites.empty()) out.noSite.push_back({op, f});
      for (unsigned i = 0; i < sites.size(); ++i)
        if (!o.only || o.only->second == i)
          jobs.push_back({f, sites[i], i, reached(b, f, sites[i])});
      if (o.only && o.only->second >= sites.size())
        error = toolError(std::string(dfg::mutationName(op)) + ":" +
                          std::to_string(o.only->second) + ": @" + f + " has " +
                          std::to_string(sites.size()) + " site(s) of " + dfg::mutationName(op) +
                          " (0 to " + std::to_string(sites.empty() ? 0 : sites.size() - 1) + ")");
    }
  return jobs;
}

// Mutants run a few to a child (a fork costs more than a small mutant's runs); a
// child that crashes or runs out of time has its mutants run again one to a child, so
// that each answer is its own.
std::vector<ForkedResult> runChunked(const Base& b, const std::vector<Job>& jobs, size_t first,
                                     size_t last, const MutationOptions& o) {
  size_t n = last - first, per = std::max<size_t>(1, n / (std::max(1u, o.jobs) * 2));
  std::vector<std::function<std::string()>> work;
  for (size_t k = first; k < last; k += per) {
    size_t end = std::min(last, k + per);
    work.push_back([&b, &jobs, k, end] {
      nlohmann::json answers = nlohmann::json::array();
      for (size_t i = k; i < end; ++i)
        answers.push_back(runMutant(b, jobs[i].function, jobs[i].site));
      return answers.dump();
    });
  }
  std::vector<ForkedResult> chunks = runForked(work, o.jobs, o.limitSeconds * per);
  std::vector<ForkedResult> out(n);
  std::vector<size_t> again;
  for (size_t c = 0; c < chunks.size(); ++c) {
    size_t k = first + c * per, end = std::min(last, k + per);
    nlohmann::json answers = nlohmann::json::parse(chunks[c].text, nullptr, false);
    bool whole = chunks[c].ok && answers.is_array() && answers.size() == end - k;
    for (size_t i = k; i < end; ++i) {
      if (!whole) {
        again.push_back(i);
        continue;
      }
      out[i - first].ok = true;
      out[i - first].text = answers[i - k].get<std::string>();
    }
  }
  if (per == 1 || again.empty()) {
    if (per == 1)
      for (size_t c = 0; c < chunks.size(); ++c)
        if (!chunks[c].ok) out[c] = chunks[c];
    return out;
  }
  std::vector<std::function<std::string()>> single;
  for (size_t i : again)
    single.push_back([&b, &job = jobs[i]] { return runMutant(b, job.function, job.site); });
  std::vector<ForkedResult> alone = runForked(single, o.jobs, o.limitSeconds);
  for (size_t a = 0; a < again.size(); ++a)
    out[again[a] - first] = alone[a];
  return out;
}

void runJobs(const Base& b, const std::vector<Job>& jobs, const MutationOptions& o, Campaign& out) {
  // In rounds, so that a terminal sees progress between them.
  size_t round = std::max<size_t>(1, o.jobs) * 32;
  for (size_t first = 0; first < jobs.size(); first += round) {
    if (o.progress)
      terminalProgress("mutate: " + std::to_string(first) + " of " + std::to_string(jobs.size()) +
                       " mutants");
    size_t last = std::min(jobs.size(), first + round);
    std::vector<ForkedResult> results = runChunked(b, jobs, first, last, o);
    for (size_t k = first; k < last; ++k) {
      Mutant m;
      m.function = jobs[k].function;
      m.op = jobs[k].site.op;
      m.site = jobs[k].index;
      m.text = jobs[k].site.text;
      m.reached = jobs[k].reached;
      classify(m, results[k - first]);
      out.mutants.push_back(std::move(m));
    }
  }
  if (o.progress) terminalProgress("");
}

} // namespace

nlohmann::json Mutant::json() const {
  nlohmann::json j = {{"function", function}, {"operator", dfg::mutationName(op)},
                      {"site", site},         {"class", cls},
                      {"change", text},       {"differs", differs},
                      {"reached", reached}};
  if (!rules.empty()) j["rules"] = rules;
  if (!checks.empty()) j["checks"] = checks;
  if (!finding.empty()) j["finding"] = finding;
  if (!difference.empty()) j["difference"] = difference;
  if (falseFinding) j["false_finding"] = true;
  if (!why.empty()) j["why"] = why;
  return j;
}

size_t Campaign::count(const std::string& cls) const {
  return static_cast<size_t>(
      std::count_if(mutants.begin(), mutants.end(), [&](const Mutant& m) { return m.cls == cls; }));
}

size_t Campaign::falseFindings() const {
  return static_cast<size_t>(std::count_if(mutants.begin(), mutants.end(),
                                           [](const Mutant& m) { return m.falseFinding; }));
}

bool Campaign::clean() const {
  return count("wrong_uncaught") == 0 && count("error") == 0 && falseFindings() == 0;
}

const char* const kClasses[] = {"caught_static", "caught_runtime", "wrong_uncaught", "harmless",
                                "timeout"};

nlohmann::json Campaign::json() const {
  nlohmann::json j = {{"file", file},
                      {"functions", functions},
                      {"inputs", inputs},
                      {"cycle_budget", cycleBudget},
                      {"seconds", seconds}};
  if (!dropped.empty()) j["dropped_inputs"] = dropped;
  nlohmann::json none = nlohmann::json::array();
  for (const auto& [op, f] : noSite)
    none.push_back({{"operator", dfg::mutationName(op)}, {"function", f}});
  j["no_site"] = none;
  nlohmann::json counts = nlohmann::json::object();
  for (const char* c : kClasses)
    counts[c] = count(c);
  if (count("error")) counts["error"] = count("error");
  j["counts"] = counts;
  j["false_findings"] = falseFindings();
  nlohmann::json ms = nlohmann::json::array();
  for (const Mutant& m : mutants)
    ms.push_back(m.json());
  j["mutants"] = ms;
  return j;
}

void Campaign::print(std::ostream& os, const std::string& reproduce) const {
  os << "mutate " << file << ": "
     << "@" << joined(functions, ", @") << ", " << mutants.size() << " mutant(s), " << inputs.size()
     << " input(s) (" << joined(inputs, "; ") << "), " << std::fixed << std::setprecision(1)
     << seconds << " s\n";
  for (const std::string& d : dropped)
    os << "  input not used: " << d << "\n";
  // The table: per operator, its sites and how they ended.
  os << "  " << std::left << std::setw(16) << "operator" << std::right << std::setw(6) << "sites";
  const char* heads[] = {"static", "runtime", "wrong", "harmless", "timeout"};
  for (const char* h : heads)
    os << std::setw(9) << h;
  os << "\n";
  for (dfg::MutationOp op : dfg::allMutationOps()) {
    std::vector<const Mutant*> of;
    for (const Mutant& m : mutants)
      if (m.op == op) of.push_back(&m);
    bool noneAnywhere = std::count_if(noSite.begin(), noSite.end(), [&](const auto& n) {
                          return n.first == op;
                        }) == static_cast<long>(functions.size());
    if (of.empty() && !noneAnywhere) continue; // not asked for
    os << "  " << std::left << std::setw(16) << dfg::mutationName(op) << std::right << std::setw(6)
       << of.size();
    if (of.empty()) {
      os << "  no site\n";
      continue;
    }
    for (const char* c : kClasses)
      os << std::setw(9)
         << std::count_if(of.begin(), of.end(), [&](const Mutant* m) { return m->cls == c; });
    os << "\n";
  }
  // What caught them: each static rule and run-time check, by how many mutants.
  std::map<std::string, size_t> by;
  for (const Mutant& m : mutants) {
    if (m.cls == "caught_static")
      for (const std::string& r : m.rules)
        ++by[r];
    if (m.cls == "caught_runtime")
      for (const std::string& c : m.checks)
        ++by[c];
  }
  if (!by.empty()) {
    std::string line;
    for (const auto& [what, n] : by)
      line += (line.empty() ? "" : ", ") + what + " " + std::to_string(n);
    os << "  caught by: " << line << "\n";
  }
  // The survivors, each with the commands that show it again.
  for (const Mutant& m : mutants) {
    bool survivor = m.cls == "wrong_uncaught" || m.cls == "harmless" || m.cls == "timeout" ||
                    m.cls == "error" || m.falseFinding;
    if (!survivor) continue;
    std::string label = m.falseFinding ? "false finding" : m.cls;
    if (m.cls == "harmless" && !m.reached) label += " (no input reaches it)";
    os << "  " << label << ": @" << m.function << " " << dfg::mutationName(m.op) << ":" << m.site
       << ": " << m.text << "\n";
    if (!m.difference.empty()) os << "      differs: " << m.difference << "\n";
    if (m.falseFinding) os << "      found: " << m.finding << "\n";
    if (!m.why.empty()) os << "      " << m.why << "\n";
    os << "      reproduce: loom-sim mutate " << reproduce << " --func " << m.function
       << " --mutant " << dfg::mutationName(m.op) << ":" << m.site << "\n";
  }
  std::string counts;
  for (const char* c : kClasses)
    counts += std::string(counts.empty() ? "" : ", ") + c + " " + std::to_string(count(c));
  if (count("error")) counts += ", error " + std::to_string(count("error"));
  if (falseFindings()) counts += " (" + std::to_string(falseFindings()) + " false finding(s))";
  os << counts << "\n";
}

std::optional<Diag> runCampaign(const LoadedProgram& prog, const RunSettings& s,
                                const MutationOptions& o, Campaign& out) {
  auto start = std::chrono::steady_clock::now();
  Base b{prog, s, {}, {}, {}, {}};
  out.functions = o.functions;
  if (auto err = firstRun(prog, s, b, out.functions)) return err;
  b.settings.traces = traces::TraceOptions{};
  b.settings.dfgFiles.clear();
  b.settings.accel.graphs = b.graphs;
  b.settings.accel.injectionSitesRequired = false;
  if (auto err = baseRuns(b, o.vary, out)) return err;
  // A mutant that runs away stops at ten times the base's longest call.
  uint64_t longest = 0;
  for (const Run& r : b.runs)
    longest = std::max(longest, r.longestCall);
  out.cycleBudget = std::max<uint64_t>(10 * longest, 10'000);
  if (s.accel.maxCycles) out.cycleBudget = std::min(out.cycleBudget, s.accel.maxCycles);
  b.settings.accel.maxCycles = out.cycleBudget;
  std::optional<Diag> error;
  std::vector<Job> jobs = jobsOf(b, o, out, error);
  if (error) return error;
  runJobs(b, jobs, o, out);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return std::nullopt;
}

std::optional<Diag>
mutationSitesOf(const LoadedProgram& prog, const RunSettings& s, const MutationOptions& o,
                std::vector<std::pair<std::string, std::vector<dfg::MutationSite>>>& out) {
  Base b{prog, s, {}, {}, {}, {}};
  std::vector<std::string> functions = o.functions;
  if (auto err = firstRun(prog, s, b, functions)) return err;
  std::vector<dfg::MutationOp> ops = o.operators.empty() ? dfg::allMutationOps() : o.operators;
  for (const std::string& f : functions) {
    std::vector<dfg::MutationSite> all;
    for (dfg::MutationOp op : ops)
      for (dfg::MutationSite& site : dfg::mutationSites(b.graphs.at(f), op))
        all.push_back(std::move(site));
    out.push_back({f, std::move(all)});
  }
  return std::nullopt;
}

std::optional<Diag> mutantNetwork(const LoadedProgram& prog, const RunSettings& s,
                                  const std::string& function, dfg::MutationOp op, unsigned site,
                                  dfg::Graph& out, std::string& text) {
  Base b{prog, s, {}, {}, {}, {}};
  std::vector<std::string> functions{function};
  if (auto err = firstRun(prog, s, b, functions)) return err;
  std::vector<dfg::MutationSite> sites = dfg::mutationSites(b.graphs.at(function), op);
  if (site >= sites.size())
    return toolError(std::string(dfg::mutationName(op)) + ":" + std::to_string(site) + ": @" +
                     function + " has " + std::to_string(sites.size()) + " site(s) of " +
                     dfg::mutationName(op));
  out = b.graphs.at(function);
  if (auto err = dfg::applyMutation(out, sites[site]))
    return toolError("the mutant cannot be made: " + *err);
  if (b.inferred.count(function)) clearRates(out);
  text = sites[site].text;
  return std::nullopt;
}

} // namespace loom
