#include "host/accel_networks.h"

#include "analysis/rates.h"
#include "analysis/static_rules.h"
#include "host/host_memory.h"
#include "host/static_finding.h"
#include "sim/elaborate.h"

#include <spdlog/spdlog.h>

namespace loom {

namespace {

std::string signature(const std::vector<Type>& args, const std::vector<Type>& results) {
  auto list = [](const std::vector<Type>& ts) {
    std::string s = "(";
    for (size_t i = 0; i < ts.size(); ++i)
      s += (i ? ", " : "") + ts[i].str();
    return s + ")";
  };
  return list(args) + " -> " + list(results);
}

// The entry tokens the host hands a network of `f` (host/host_memory.h): each scalar
// argument, each dynamic descriptor field of a memref argument, then the start token.
size_t entryTokens(const Function& f) {
  size_t n = 1;
  for (const Type& t : f.argTypes) {
    if (!t.isMemRef()) {
      ++n;
      continue;
    }
    const MemRefInfo& m = *t.mem; // as descriptorTokens hands them
    std::vector<int64_t> strides = m.identity ? identityStrides(m.shape) : m.strides;
    if (!m.identity && m.offset == kDynamic) ++n;
    for (int64_t d : m.shape)
      n += d == kDynamic;
    for (int64_t s : strides)
      n += s == kDynamic;
  }
  return n;
}

// Whether the network `g` (from --dfg) can stand for `f`: a located error at the
// network, with a note at the function, if not.
std::optional<Diag> checkSignature(const Function& f, const dfg::Graph& g) {
  Loc at = g.node(g.entry).origin.loc;
  std::string theirs = signature(g.argTypes, g.resultTypes);
  std::string ours = signature(f.argTypes, f.resultTypes);
  std::vector<Diag> note{Diag{f.loc, "'@" + f.name + "' " + ours + " is defined here"}};
  std::string head = "--dfg " + f.name + ": the network '@" + g.function + "' ";
  if (g.argTypes != f.argTypes || g.resultTypes != f.resultTypes)
    return Diag{at, head + "is " + theirs + ", but '@" + f.name + "' is " + ours, note};
  size_t want = entryTokens(f), have = g.node(g.entry).outTypes.size();
  if (have != want)
    return Diag{at,
                head + "takes " + std::to_string(have) + " entry token(s), but the host hands '@" +
                    f.name + "' " + std::to_string(want) +
                    " (its scalar arguments, dynamic memref fields and start token)",
                note};
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    const dfg::Node& n = g.node(v);
    if (n.kind != dfg::NodeKind::ExtMemory) continue;
    if (n.argIndex < 0 || static_cast<size_t>(n.argIndex) >= f.argTypes.size() ||
        f.argTypes[n.argIndex] != n.memType)
      return Diag{n.origin.loc,
                  head + "has an extmemory '" + n.name + "' for argument " +
                      std::to_string(n.argIndex) + " of type " + n.memType.str() +
                      ", which is not a memref argument of '@" + f.name + "' " + ours,
                  note};
  }
  return std::nullopt;
}

// A network given without rates (--dfg, or LOOM's own in a program it compiled): its
// rates inferred from its loop control, bound to the loops of `f` (the function it stands
// for, or LOOM's CPU version), so the ledger checks its channels too.
RateInference inferGivenRates(const Function& f, dfg::Graph& g) {
  RateInference r = inferRates(g, f);
  size_t marked = r.boundToWhile, plain = r.boundCarries, fors = r.bound - marked - plain;
  std::vector<std::pair<size_t, std::string>> kinds = {
      {fors, "scf.for"}, {marked, "scf.while marked loom.stream"}, {plain, "scf.while"}};
  std::string to, each;
  size_t nonzero = 0;
  for (auto& [count, kind] : kinds) {
    if (!count) continue;
    ++nonzero;
    to = "an " + kind;
    each += (each.empty() ? "" : ", ") + std::to_string(count) + " " + kind;
  }
  if (nonzero != 1) to = nonzero ? "a loop (" + each + ")" : "an scf.for";
  spdlog::info("@{}: rates inferred for {} of {} channel(s); {} of {} loop(s) bound to {} of "
               "'@{}'",
               g.function, r.known, r.channels, r.bound, r.loops, to, f.name);
  for (const std::string& n : r.notes)
    spdlog::info("@{}: {}", g.function, n);
  return r;
}

// The graph of a given network (--dfg) for `f`, its rates inferred if it has none. The
// static rules then run on `localStatic` (the given graph, with its own loop and
// condition symbols) where a loop stays unbound, or is bound to LOOM's CPU version
// (whose zero-trip guards the network does not keep, so the guard's sides stay without
// a count), as `verify` does; the ledger uses the counts.
std::optional<Diag> takeGiven(const Function& f, const dfg::Graph& given, AccelNetwork& a,
                              const dfg::Graph*& localStatic) {
  if (auto err = checkSignature(f, given)) return err;
  a.graph = given;
  a.given = true;
  if (!hasRates(a.graph)) {
    RateInference r = inferGivenRates(f, a.graph);
    if (r.bound < r.loops || r.boundToWhile) localStatic = &given;
    a.ratesInferred = true;
  }
  return std::nullopt;
}

// The network's models, and what the harness probes of them.
std::optional<Diag> elaborateNetwork(NetworkBuild& b, AccelNetwork& a) {
  if (auto err = sim::applyChannelCapacities(b.opts.timing, a.name, a.graph))
    return Diag{a.loc, *err};
  a.elab = sim::elaborate(a.graph, b.opts.timing, modelsEngine(b.opts.engine));
  if (!a.elab.ok()) {
    std::string msg = "cannot elaborate the network of '@" + a.name + "'";
    if (!a.elab.errors.empty()) msg += ": " + a.elab.errors.front();
    return Diag{a.loc, msg};
  }
  for (dfg::Vertex v = 0; v < a.graph.numNodes(); ++v) {
    dfg::NodeKind k = a.graph.node(v).kind;
    if (k == dfg::NodeKind::Memory || k == dfg::NodeKind::ExtMemory) a.memories.push_back(v);
  }
  a.taps = harness::findShapeTaps(a.graph);
  a.paces = harness::findPaceTaps(a.graph, b.opts.timing);
  if (b.opts.channelNeeds) a.needs.resize(a.elab.network->circuit().numChannels());
  return std::nullopt;
}

} // namespace

std::optional<Diag> acceleratedFunctions(const Module& m, const AccelOptions& opts,
                                         AccelFunctions& fs) {
  auto add = [&](const std::string& n, const Function* f) {
    for (const auto& e : fs)
      if (e.first == n) return;
    fs.emplace_back(n, f);
  };
  // A program LOOM compiled runs its handshake.funcs (the graphs given), not its functions.
  if (opts.accel.empty() && m.networks.empty()) {
    for (auto& f : m.functions)
      if (!f->isDeclaration && f->name != opts.entry) add(f->name, f.get());
  }
  for (const std::string& n : opts.accel) {
    const Function* f = m.lookup(n);
    if (!f || f->isDeclaration)
      return Diag{Loc{m.file, 0, 0}, "--accel " + n + ": no function '@" + n + "' with a body"};
    if (n == opts.entry)
      return Diag{f->loc, "--accel " + n + ": the entry function runs on the host"};
    add(n, f);
  }
  for (auto& [n, g] : opts.graphs) {
    const NetworkFunction* net = m.network(n);
    const Function* f = m.lookup(net ? net->reference : n);
    Loc at = g.node(g.entry).origin.loc;
    if (!f || f->isDeclaration)
      return Diag{at, "--dfg " + n + ": no function '@" + n + "' with a body in " + *m.file};
    if (n == opts.entry)
      return Diag{f->loc, "--dfg " + n + ": the entry function runs on the host"};
    add(n, f);
  }
  // The timing file's per-channel capacities name functions of this program (a function
  // that is not accelerated in this run keeps its entry unused).
  if (opts.timing.channels)
    for (const auto& entry : *opts.timing.channels) {
      const Function* f = m.lookup(entry.first);
      if (!m.network(entry.first) && (!f || f->isDeclaration))
        return Diag{Loc{m.file, 0, 0}, "timing key 'channels': no function '@" + entry.first +
                                           "' with a body in " + *m.file};
    }
  return std::nullopt;
}

NetworkBuild::NetworkBuild(const Module& m, const AccelOptions& o,
                           std::vector<harness::Finding>& findings, PhaseTimes& times)
    : mod(m), opts(o), findings(findings), times(times) {
  lower.inject = opts.inject;
  lower.verify = false;
  lower.applied = &applied;
}

namespace {

// The cache of lowerings this build may use, or null (host/accel_options.h).
LoweringCache* loweringCache(const NetworkBuild& b) {
  return b.opts.inject.empty() && !b.opts.transform ? b.opts.lowered.get() : nullptr;
}

// The graph of `a` (given, lowered before or lowered now) and its static findings.
std::optional<Diag> makeGraph(NetworkBuild& b, const std::string& name, const Function& f,
                              AccelNetwork& a) {
  const dfg::Graph* localStatic = nullptr; // the given graph, checked on its own symbols
  auto given = b.opts.graphs.find(name);
  LoweringCache* cache = given == b.opts.graphs.end() ? loweringCache(b) : nullptr;
  if (cache && cache->count(name)) { // lowered before, and found clean
    a.graph = cache->at(name);
    b.lowered.push_back(name);
    return std::nullopt;
  }
  if (given != b.opts.graphs.end()) {
    if (auto err = takeGiven(f, given->second, a, localStatic)) return err;
  } else if (auto err = lowerFunction(b.mod, f, b.lower, a.graph)) {
    return err;
  } else {
    b.lowered.push_back(name);
  }
  if (b.opts.transform) b.opts.transform(a.graph);
  size_t before = b.findings.size();
  for (const GraphFinding& gf :
       localStatic ? checkGraphInferring(*localStatic) : checkGraph(a.graph))
    b.findings.push_back(staticFinding(a.graph, gf, name));
  if (cache && b.findings.size() == before) cache->emplace(name, a.graph);
  return std::nullopt;
}

} // namespace

std::optional<Diag> buildNetwork(NetworkBuild& b, const std::string& name, const Function& f,
                                 std::unique_ptr<AccelNetwork>& out) {
  auto a = std::make_unique<AccelNetwork>();
  a->name = name;
  a->func = &f;
  const NetworkFunction* net = b.mod.network(name);
  a->loc = net ? net->loc : f.loc;
  std::clock_t clock = std::clock();
  if (auto err = makeGraph(b, name, f, *a)) return err;
  lap(clock, b.times.lower);
  if (auto err = elaborateNetwork(b, *a)) return err;
  lap(clock, b.times.elaborate);
  spdlog::info("lowered @{}: {} ops, {} channels", name, a->graph.numNodes(), a->graph.numEdges());
  out = std::move(a);
  return std::nullopt;
}

} // namespace loom
