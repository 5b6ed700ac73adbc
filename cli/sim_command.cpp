// `loom-sim sim`: simulate a DFG file written by `loom-sim lower` (possibly edited by
// hand) without the SCF program: arguments and memories come from the command line,
// results and final memories are printed. Without the program there is no golden run,
// so the checks are the static verifier and quiescence (latched tokens, machines not
// at rest) after the call.

#include "cli/sim_command.h"

#include "dfg/text/dfg_text.h"
#include "eval/arith.h"
#include "lowering/static_verify.h"
#include "models/timing_json.h"
#include "sim/elaborate.h"
#include "sim/waits.h"
#include "host/host_memory.h"
#include "cli/output_paths.h"
#include "traces/tracer.h"

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

namespace loom {

namespace {

struct BadArg {
  std::string message;
};

// "INDEX=TEXT"
std::pair<size_t, std::string> splitAssignment(const std::string& s, const char* option) {
  size_t eq = s.find('=');
  if (eq == std::string::npos || eq == 0)
    throw BadArg{std::string(option) + " " + s + ": expected INDEX=VALUE (the argument's position, from 0)"};
  char* end = nullptr;
  unsigned long i = std::strtoul(s.c_str(), &end, 10);
  if (end != s.c_str() + eq) throw BadArg{std::string(option) + " " + s + ": '" + s.substr(0, eq) + "' is not an argument index"};
  return {i, s.substr(eq + 1)};
}

Bits parseScalar(const std::string& text, const Type& t, const std::string& what) {
  if (t.isI1() && (text == "true" || text == "false")) return text == "true";
  errno = 0;
  char* end = nullptr;
  if (t.isFloat()) {
    double d = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end) throw BadArg{what + ": '" + text + "' is not a " + t.str() + " value"};
    return bitsFromDouble(d, t);
  }
  long long v = std::strtoll(text.c_str(), &end, 0);
  if (end == text.c_str() || *end || errno == ERANGE)
    throw BadArg{what + ": '" + text + "' is not an integer"};
  return static_cast<Bits>(v) & widthMask(t.width);
}

// SPEC = zeros | random:SEED | FILE, optionally followed by :SHAPE (e.g. 8x8) when the
// memref type has dynamic sizes: {source, shape text}.
std::pair<std::string, std::string> splitMemorySpec(const std::string& spec, const Type& t) {
  auto lastColon = spec.rfind(':');
  if (lastColon != std::string::npos &&
      spec.find_first_not_of("0123456789x", lastColon + 1) == std::string::npos &&
      spec.find('x', lastColon) != std::string::npos)
    return {spec.substr(0, lastColon), spec.substr(lastColon + 1)};
  // random:SEED:N (1-D): the colon after "random:" must be a second one.
  bool randomSeedOnly = spec.rfind("random:", 0) == 0 && lastColon == std::string("random:").size() - 1;
  if (lastColon != std::string::npos && !randomSeedOnly &&
      spec.find_first_not_of("0123456789", lastColon + 1) == std::string::npos &&
      t.mem->shape.size() == 1)
    return {spec.substr(0, lastColon), spec.substr(lastColon + 1)};
  return {spec, ""};
}

bool isFileSource(const std::string& source) {
  return source != "zeros" && source.rfind("random:", 0) != 0;
}

// The files --mem reads, as inputs for checkOutputPaths (a spec that is no file, or is
// wrong, is left to the argument parsing below).
void memoryFiles(const std::vector<std::string>& mems, const dfg::Graph& g,
                 std::vector<NamedPath>& out) {
  for (const std::string& m : mems) {
    size_t eq = m.find('=');
    char* end = nullptr;
    unsigned long i = std::strtoul(m.c_str(), &end, 10);
    if (eq == std::string::npos || eq == 0 || end != m.c_str() + eq) continue;
    if (i >= g.argTypes.size() || !g.argTypes[i].isMemRef()) continue;
    std::string source = splitMemorySpec(m.substr(eq + 1), g.argTypes[i]).first;
    if (isFileSource(source)) out.push_back({"the --mem " + std::to_string(i) + " file", source});
  }
}

std::shared_ptr<MemRefView> parseMemory(const std::string& spec, const Type& t,
                                        const std::string& what) {
  auto [source, shapeText] = splitMemorySpec(spec, t);
  std::vector<int64_t> shape = t.mem->shape;
  if (!shapeText.empty()) {
    std::vector<int64_t> given;
    std::stringstream ss(shapeText);
    std::string dim;
    while (std::getline(ss, dim, 'x')) given.push_back(std::stoll(dim));
    if (given.size() != shape.size()) throw BadArg{what + ": shape " + shapeText + " does not fit " + t.str()};
    for (size_t d = 0; d < shape.size(); ++d)
      if (shape[d] != kDynamic && shape[d] != given[d]) throw BadArg{what + ": shape " + shapeText + " does not fit " + t.str()};
    shape = given;
  }
  for (int64_t d : shape)
    if (d == kDynamic) throw BadArg{what + ": " + t.str() + " has dynamic sizes: give the shape, e.g. zeros:8x8"};
  if (!t.mem->identity) throw BadArg{what + ": only memref arguments with the identity layout can be created here"};
  auto v = std::make_shared<MemRefView>();
  v->buf = std::make_shared<Buffer>();
  v->buf->elem = t.mem->elem;
  v->sizes = shape;
  v->strides = identityStrides(shape);
  size_t n = 1;
  for (int64_t d : shape) n *= static_cast<size_t>(d);
  v->buf->data.assign(n, 0);
  const Type& e = t.mem->elem;
  if (source == "zeros") return v;
  if (source.rfind("random:", 0) == 0) {
    std::mt19937_64 rng(std::strtoull(source.c_str() + 7, nullptr, 10));
    for (Bits& b : v->buf->data)
      b = e.isFloat() ? bitsFromDouble(static_cast<double>(rng() % 1000) / 100.0, e) : bitsFromInt(static_cast<int64_t>(rng() % 100), e);
    return v;
  }
  std::ifstream in(source);
  if (!in) throw BadArg{what + ": cannot open '" + source + "' (expected zeros, random:SEED or a file of values)"};
  std::string word;
  size_t k = 0;
  while (in >> word) {
    if (k == n) throw BadArg{what + ": '" + source + "' has more than " + std::to_string(n) + " values"};
    Bits x = parseScalar(word, e, what + " element " + std::to_string(k));
    v->buf->data[k++] = x;
  }
  if (k != n) throw BadArg{what + ": '" + source + "' has " + std::to_string(k) + " values, the memref needs " + std::to_string(n)};
  return v;
}

} // namespace

int simCommand(const SimOptions& o) {
  dfg::ReadResult rr = dfg::readMlirFile(o.file);
  if (rr.error) {
    std::cerr << rr.error->str() << "\n";
    return 2;
  }
  const dfg::Graph* g = nullptr;
  for (const dfg::Graph& x : rr.graphs)
    if (o.func.empty() || x.function == o.func) {
      if (g && o.func.empty()) {
        std::cerr << o.file << ":0:0: error: the file holds several functions; choose one with --func\n";
        return 2;
      }
      g = &x;
    }
  if (!g) {
    std::cerr << o.file << ":0:0: error: no function '@" << o.func << "' in the file\n";
    return 2;
  }
  // Every file the command reads, and every file it writes (a new output is one more line).
  std::vector<NamedPath> inputs = {{"the input DFG", o.file}, {"the --timing file", o.timingFile}};
  memoryFiles(o.mems, *g, inputs);
  if (refusesOutputs(inputs, {{"--vcd", o.vcdFile}, stdoutPath()})) return 2;
  bool failed = false;
  for (const GraphFinding& f : checkGraph(*g)) {
    std::cerr << f.diag.str() << " [static: " << f.check << "]\n";
    failed = true;
  }
  models::TimingConfig timing;
  if (!o.timingFile.empty())
    if (auto err = models::readTimingFile(o.timingFile, timing)) {
      std::cerr << "loom-sim: error: " << *err << "\n";
      return 2;
    }
  sim::EngineKind ek;
  if (!sim::engineKindFromName(o.engine, ek)) {
    std::cerr << "loom-sim: error: unknown --engine '" << o.engine << "' (clocked or event)\n";
    return 2;
  }
  sim::Elaboration elab = sim::elaborate(*g, timing, ek);
  if (!elab.ok()) {
    for (const std::string& e : elab.errors) std::cerr << o.file << ": error: " << e << "\n";
    return 2;
  }

  // Arguments, in the function's order.
  sim::Invocation inv;
  inv.maxCycles = o.maxCycles;
  std::vector<std::shared_ptr<MemRefView>> mems(g->argTypes.size());
  std::vector<std::unique_ptr<BufferBacking>> backings;
  inv.memories.assign(g->argTypes.size(), nullptr);
  try {
    std::map<size_t, std::string> scalars, memories;
    for (const std::string& a : o.args) scalars.insert(splitAssignment(a, "--arg"));
    for (const std::string& m : o.mems) memories.insert(splitAssignment(m, "--mem"));
    for (auto& [i, v] : scalars)
      if (i >= g->argTypes.size() || g->argTypes[i].isAnyMemRef())
        throw BadArg{"--arg " + std::to_string(i) + ": the function has no scalar argument " + std::to_string(i)};
    for (auto& [i, v] : memories)
      if (i >= g->argTypes.size() || !g->argTypes[i].isMemRef())
        throw BadArg{"--mem " + std::to_string(i) + ": the function has no memref argument " + std::to_string(i)};
    for (size_t i = 0; i < g->argTypes.size(); ++i) {
      const Type& t = g->argTypes[i];
      std::string what = "argument " + std::to_string(i) + " (" + t.str() + ")";
      if (t.isMemRef()) {
        auto it = memories.find(i);
        if (it == memories.end()) throw BadArg{what + " needs --mem " + std::to_string(i) + "=zeros|random:SEED|FILE"};
        mems[i] = parseMemory(it->second, t, "--mem " + std::to_string(i));
        descriptorTokens(t, *mems[i], inv.scalars);
        backings.push_back(std::make_unique<BufferBacking>(*mems[i]->buf));
        inv.memories[i] = backings.back().get();
      } else {
        auto it = scalars.find(i);
        if (it == scalars.end()) throw BadArg{what + " needs --arg " + std::to_string(i) + "=VALUE"};
        inv.scalars.push_back(parseScalar(it->second, t, "--arg " + std::to_string(i)));
      }
    }
  } catch (BadArg& e) {
    std::cerr << "loom-sim sim: error: " << e.message << "\n";
    return 2;
  }

  traces::TraceOptions to;
  to.vcd = o.vcdFile;
  traces::Tracer tracer(to);
  if (auto err = tracer.open()) {
    std::cerr << "loom-sim: error: " << *err << "\n";
    return 2;
  }
  tracer.addNetwork(traces::TracedNetwork::of(*g, elab));
  sim::Network& net = *elab.network;
  sim::InvocationResult res = net.invoke(inv);
  net.drain(o.maxCycles); // work the return does not wait for (see Accelerator::runChecks)
  if (auto err = tracer.finish()) {
    std::cerr << "loom-sim: error: " << *err << "\n";
    failed = true;
  }

  std::cout << "@" << g->function << ": " << sim::invocationStatusName(res.status) << " after " << res.cycles()
            << " cycles\n";
  if (!res.done()) {
    std::cout << "  " << res.message << "\n";
    for (const models::OpError& e : res.errors) std::cout << "  " << e.str() << "\n";
    for (const sim::Wait& w : res.waits) std::cout << "  " << sim::describeWait(net.circuit(), w) << "\n";
    return 1;
  }
  for (size_t i = 0; i < res.results.size(); ++i)
    std::cout << "result #" << i << ": " << formatVectorPrint(res.results[i], g->resultTypes[i]) << "\n";
  for (size_t i = 0; i < mems.size(); ++i)
    if (mems[i]) std::cout << "memory #" << i << ": " << formatPrintMemref(*mems[i], 0x10000000 + i * 0x1000);

  // Quiescence without a golden run: anything left in a channel or a machine.
  const sim::Circuit& c = net.circuit();
  for (uint32_t ch = 0; ch < c.numChannels(); ++ch)
    if (c.channel(ch).count() > 0) {
      std::cerr << "error: " << c.channel(ch).count() << " token(s) latched in channel " << c.channel(ch).name()
                << " after the call [quiescence]\n";
      failed = true;
    }
  for (uint32_t op = 0; op < c.numOps(); ++op)
    if (!c.op(op).atRest()) {
      std::cerr << "error: " << c.op(op).kindName() << " '" << c.op(op).name() << "' is not at rest (phase "
                << c.op(op).phaseName() << ") [quiescence]\n";
      failed = true;
    }
  return failed ? 1 : 0;
}

} // namespace loom
