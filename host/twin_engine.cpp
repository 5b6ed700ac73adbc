#include "host/twin_engine.h"

#include "host/host_memory.h"
#include "support/numbers.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <spdlog/spdlog.h>

namespace loom {

namespace {

// What the twin's driver hands back per token: written through the run's token log.
struct TwinTokens {
  traces::TokenLog* log;
  const sim::Circuit* circuit;
  uint64_t start; // the call's first cycle on the run's axis
  uint32_t base;  // the network's first channel in the log
  // The tokens pushed into the return's channels, by channel: what a stopped call's
  // ports hold (the twin's held counts say how many are still there).
  std::map<uint32_t, std::vector<Bits>> atReturn;
  static void token(void* p, uint64_t cycle, uint32_t channel, uint64_t bits) {
    auto& t = *static_cast<TwinTokens*>(p);
    if (t.log)
      t.log->token(t.start + cycle, t.base + channel, bits, t.circuit->channel(channel).type());
    auto it = t.atReturn.find(channel);
    if (it != t.atReturn.end()) it->second.push_back(bits);
  }
};

// Cycles the twin may go without a push or pop while an op is still busy: longer than
// any latency of the timing model or buffer of the graph.
uint64_t quietHorizon(const models::TimingConfig& timing, const dfg::Graph& g) {
  uint64_t h = 0;
  for (const models::TimingField& f : models::timingFields())
    h = std::max<uint64_t>(h, static_cast<uint64_t>(timing.*f.member));
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
    if (g.node(v).kind == dfg::NodeKind::Buffer) h = std::max<uint64_t>(h, g.node(v).bufferSlots);
  return h + 16;
}

// The twin's extmemories as deep as `need` words (a power of two, at least 16), each as
// deep as the host's whole buffer (a view's addresses run over its root allocation).
rtl::RtlOptions twinOptions(const models::TimingConfig& timing, uint64_t need) {
  rtl::RtlOptions ro;
  ro.timing = timing;
  ro.extWords = 16;
  while (ro.extWords < need)
    ro.extWords *= 2;
  ro.extWordsAlways = true;
  return ro;
}

// `n` words in hex, eight a line.
void writeWords(std::ostream& os, const uint64_t* w, uint64_t n) {
  char hex[20];
  for (uint64_t i = 0; i < n; ++i) {
    std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(w[i]));
    os << hex << (i % 8 == 7 || i + 1 == n ? "\n" : " ");
  }
}

} // namespace

std::optional<std::string> TwinEngine::generate(AccelNetwork& a, TwinSession& session,
                                                uint32_t tokenBase,
                                                std::unique_ptr<TwinEngine>& out) {
  out.reset(new TwinEngine(a, session, tokenBase));
  out->generated_ = twinOptions(session.timing, 0);
  out->generated_.probes = true; // as rtl::Twin::load builds it
  return rtl::generateTop(a.graph, out->generated_, out->top_);
}

// The entry's tokens and the host's buffers (the whole root allocation of a view); the
// twin loaded as deep as the largest of them.
std::optional<Diag> TwinEngine::bind(CallState& s, std::vector<uint64_t>& entry,
                                     std::vector<uint64_t*>& memories,
                                     std::vector<uint64_t>& words) {
  const Function& f = s.f;
  words.assign(s.args.size(), 0);
  memories.assign(s.args.size(), nullptr);
  uint64_t need = 16;
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (f.argTypes[i].isMemRef()) {
      descriptorTokens(f.argTypes[i], *s.args[i].mem, entry);
      memories[i] = s.args[i].mem->buf->data.data();
      words[i] = s.args[i].mem->buf->data.size();
      need = std::max<uint64_t>(need, words[i]);
    } else {
      entry.push_back(s.args[i].bits);
    }
  }
  entry.push_back(0); // the start token (none)
  if (need > rtl::kMaxTwinWords)
    return Diag{s.site.loc, "--engine verilator: @" + a_.name + " is called with a buffer of " +
                                withCommas(need) + " words; the RTL twin's memory is at most " +
                                withCommas(rtl::kMaxTwinWords) + " words deep"};
  if (!twin_ || twin_->extWords() < need)
    if (auto err = load(s, need)) return err;
  return std::nullopt;
}

std::optional<Diag> TwinEngine::run(CallState& s) {
  std::vector<uint64_t> entry, words;
  std::vector<uint64_t*> memories;
  if (auto err = bind(s, entry, memories, words)) return err;
  const sim::Circuit& circuit = a_.elab.network->circuit();
  size_t nch = static_cast<size_t>(twin_->channels());
  if (nch != circuit.numChannels())
    return Diag{s.site.loc, "--engine verilator: the twin of @" + a_.name + " has " +
                                std::to_string(nch) + " channels, its network " +
                                std::to_string(circuit.numChannels())};
  s.before.assign(nch, 0);
  s.pushes.assign(nch, 0);
  s.held.assign(nch, 0);
  std::vector<uint64_t> results(twin_->returnPorts());
  TwinTokens sink{session_.tokenLog, &circuit, s.startCycle, tokenBase_, {}};
  for (uint32_t k : a_.elab.network->returnChannels())
    if (k != sim::Network::kNoChannel) sink.atReturn[k];
  std::vector<std::vector<uint64_t>> before; // --rtl-capture: the memories going in
  if (!session_.options.capture.empty())
    for (size_t i = 0; i < memories.size(); ++i)
      before.emplace_back(memories[i] ? memories[i] : nullptr,
                          memories[i] ? memories[i] + words[i] : nullptr);
  LoomTwinCall c{};
  c.entry = entry.data();
  c.memories = memories.data();
  c.memoryWords = words.data();
  c.maxCycles = session_.maxCycles;
  c.horizon = quietHorizon(session_.timing, a_.graph);
  c.sink = &sink;
  c.token = &TwinTokens::token;
  c.traceOffset = s.startCycle;
  c.results = results.data();
  c.pushes = s.pushes.data();
  c.held = s.held.data();
  s.lap(&PhaseTimes::checks);
  twin_->call(c);
  s.lap(&PhaseTimes::simulate);
  s.times.rtlModel += c.modelSeconds;
  readOutcome(s, c, results, sink.atReturn);
  if (!session_.options.capture.empty())
    return captureCall(s, c, entry, before, memories, words, results);
  return std::nullopt;
}

// The loaded twin's folder: the library, its top without probes (with `active`), and
// the binding header a testbench includes.
std::optional<Diag> TwinEngine::captureTwin(CallState& s, const rtl::RtlOptions& ro) {
  rtl::RtlOptions lean = ro;
  lean.probes = false;
  lean.activity = true;
  std::string top = rtl::topModuleName(a_.graph), sv, bind;
  if (auto err = rtl::generateTop(a_.graph, lean, sv))
    return Diag{s.site.loc, "--rtl-capture: " + *err};
  if (auto err = rtl::testbenchBinding(a_.graph, lean, bind))
    return Diag{s.site.loc, "--rtl-capture: " + *err};
  namespace fs = std::filesystem;
  fs::path dir =
      fs::path(session_.options.capture) / (top + "-" + std::to_string(ro.extWords) + "w");
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::vector<std::pair<std::string, const char*>> files = {{top + ".sv", sv.c_str()},
                                                            {top + "_bind.h", bind.c_str()}};
  for (const rtl::SvFile& f : rtl::library())
    files.emplace_back(f.name, f.text);
  for (auto& [name, text] : files)
    if (!(std::ofstream(dir / name, std::ios::binary) << text))
      return Diag{s.site.loc, "--rtl-capture: cannot write " + (dir / name).string()};
  captureDir_ = dir.string();
  return std::nullopt;
}

// `call-<n>.txt` in the twin's folder: keyword lines a testbench reads in order.
std::optional<Diag> TwinEngine::captureCall(CallState& s, const LoomTwinCall& c,
                                            const std::vector<uint64_t>& entry,
                                            const std::vector<std::vector<uint64_t>>& before,
                                            const std::vector<uint64_t*>& memories,
                                            const std::vector<uint64_t>& words,
                                            const std::vector<uint64_t>& results) {
  std::string path =
      (std::filesystem::path(captureDir_) / ("call-" + std::to_string(s.invocation) + ".txt"))
          .string();
  std::ofstream os(path);
  os << "function " << a_.name << "\ninvocation " << s.invocation << "\nhorizon " << c.horizon
     << "\nmax_cycles " << c.maxCycles << "\nentry " << entry.size();
  for (uint64_t t : entry)
    os << " " << t;
  os << "\n";
  for (size_t i = 0; i < memories.size(); ++i)
    if (memories[i]) {
      os << "memory " << i << " " << words[i] << "\n";
      writeWords(os, before[i].data(), words[i]);
    }
  os << "status " << c.status << "\nsettled " << c.settled << "\nend " << c.end << "\nresults "
     << results.size();
  for (uint64_t r : results)
    os << " " << r;
  os << "\n";
  for (size_t i = 0; i < memories.size(); ++i)
    if (memories[i]) {
      os << "after " << i << " " << words[i] << "\n";
      writeWords(os, memories[i], words[i]);
    }
  os << "done\n";
  if (!os.flush()) return Diag{s.site.loc, "--rtl-capture: cannot write " + path};
  return std::nullopt;
}

// The call's figures, status and results as the twin reported them, and for a stopped
// call what waits at each port of the return, as the event engine says.
void TwinEngine::readOutcome(CallState& s, const LoomTwinCall& c,
                             const std::vector<uint64_t>& results,
                             std::map<uint32_t, std::vector<Bits>>& atReturn) {
  s.span.invocation = s.invocation;
  s.span.settled = c.settled;
  s.span.end = c.end;
  s.span.done = c.status == LOOM_TWIN_DONE || c.status == LOOM_TWIN_DRAIN_CAP;
  for (uint64_t p : s.pushes)
    s.span.transfers += p;
  s.drainCapped = c.status == LOOM_TWIN_DRAIN_CAP;
  s.status = s.span.done                      ? sim::InvocationStatus::Done
             : c.status == LOOM_TWIN_DEADLOCK ? sim::InvocationStatus::Deadlock
                                              : sim::InvocationStatus::CycleCap;
  s.results.assign(results.begin(), results.end() - 1); // the last: the done token
  if (s.span.done) return;
  for (uint32_t k : a_.elab.network->returnChannels()) {
    const std::vector<Bits>* pushed = k == sim::Network::kNoChannel ? nullptr : &atReturn[k];
    uint64_t held = pushed ? s.held[k] : 0;
    s.res.atReturn.push_back(held && held <= pushed->size()
                                 ? std::optional<Bits>((*pushed)[pushed->size() - held])
                                 : std::nullopt);
  }
}

// Builds (or finds in the cache) the twin of the call's function, its extmemories as
// deep as the largest buffer so far (a power of two): a larger buffer later builds a
// deeper twin, which starts from reset.
std::optional<Diag> TwinEngine::load(CallState& s, uint64_t need) {
  rtl::RtlOptions ro = twinOptions(session_.timing, need);
  const VerilatorOptions& o = session_.options;
  std::string cache = o.cache.empty() ? rtl::defaultTwinCache() : o.cache, err;
  s.lap(&PhaseTimes::checks);
  twin_.reset();
  std::string trace;
  if (!o.trace.empty()) {
    trace = session_.traces++ == 0 ? o.trace : o.trace + "." + a_.name;
    if (session_.traces > 1 && loads_ > 0) trace += "." + std::to_string(loads_ + 1);
    if (session_.traces > 1 && o.refusesTrace)
      if (auto why = o.refusesTrace(trace)) return Diag{s.site.loc, "--rtl-trace: " + *why};
    spdlog::info("@{}: the twin's waveform goes to {}", a_.name, trace);
  }
  ++loads_;
  // The top prepare() generated, where this twin is as deep as that one.
  const std::string* top = ro.extWords == generated_.extWords ? &top_ : nullptr;
  twin_ = rtl::Twin::load(a_.graph, ro, cache, o.fastBuild, err, trace, top);
  s.lap(&PhaseTimes::rtlBuild);
  if (!twin_) return Diag{s.site.loc, "--engine verilator: " + err};
  if (!o.capture.empty()) return captureTwin(s, ro);
  return std::nullopt;
}

void TwinEngine::settle(CallState& s, std::vector<harness::Finding>& out) {
  if (!s.drainCapped) return;
  harness::Finding h;
  h.check = "cycle-cap";
  h.function = a_.name;
  h.invocation = s.invocation;
  h.loc = a_.loc;
  h.summary = "work of the call still running " + std::to_string(s.span.end - s.span.settled) +
              " cycle(s) after the return (cycle budget --max-cycles)";
  out.push_back(std::move(h));
}

} // namespace loom
