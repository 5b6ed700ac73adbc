// The network's Verilated twin as a CallEngine (host/call_engine.h, `--engine
// verilator`, docs/rtl.md): the twin is built (or found in the cache) as deep as the
// call's largest buffer, then runs the call and its drain; its probes count each
// channel's pushes and the tokens it holds after the call. The network is still
// elaborated: it numbers and names the channels and the harness reads it.
#pragma once

#include "host/call_engine.h"
#include "rtl/twin.h"
#include "traces/token_log.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace loom {

struct VerilatorOptions {
  std::string cache;      // where the twins are built (empty: rtl::defaultTwinCache())
  bool fastBuild = false; // the twins' C++ at -O0: quicker to build, slower to run
  // `--rtl-trace`: the twins built with Verilator's tracing, each writing the VCD of
  // every signal on the run's cycle axis (docs/rtl.md "Waveform"): the first twin
  // loaded to this file, each later one to `<trace>.<function>` (a deeper twin of a
  // function traced before: `.<function>.<n>`). Empty: untraced.
  std::string trace;
  // Asked before a later twin's trace file (`<trace>.<function>`, named only when the
  // twin is loaded) is created: the reason it may not be written (it is one of the run's
  // inputs or outputs, cli/output_paths.h), or nothing. Unset: every name is free.
  std::function<std::optional<std::string>(const std::string& path)> refusesTrace;
  // `--rtl-capture`: what a standalone testbench of each twin needs, written into this
  // folder (docs/rtl.md "A twin outside loom-sim"): per twin loaded, a folder
  // `<top>-<words>w` with the library, the top without probes (an `active` output
  // instead) and its binding header; in it, per call, `call-<n>.txt`: the entry's tokens,
  // the memories going in, and the twin's outcome (status, cycles, results, memories
  // coming out). Empty: nothing is written.
  std::string capture;
};

// What the twins of one run share.
struct TwinSession {
  const VerilatorOptions& options;
  const models::TimingConfig& timing;
  uint64_t maxCycles;
  traces::TokenLog* tokenLog = nullptr; // where the twins' tokens go (null: nowhere)
  int traces = 0;                       // --rtl-trace: the twins traced so far
};

class TwinEngine : public CallEngine {
public:
  // What the RTL library cannot build is bad input, before anything runs: the top of
  // `a`'s network, generated here once for the first twin. `tokenBase`: the network's
  // first channel in the run's token log.
  static std::optional<std::string> generate(AccelNetwork& a, TwinSession& session,
                                             uint32_t tokenBase, std::unique_ptr<TwinEngine>& out);
  bool runsModels() const override { return false; }
  std::optional<Diag> run(CallState& s) override;
  // The twin drained within its call: a drain the cycle budget cut short is a finding.
  void settle(CallState& s, std::vector<harness::Finding>& out) override;
  sim::CallSpan span(const CallState& s) const override { return s.span; }

private:
  TwinEngine(AccelNetwork& a, TwinSession& session, uint32_t tokenBase)
      : a_(a), session_(session), tokenBase_(tokenBase) {}
  std::optional<Diag> load(CallState& s, uint64_t need);
  std::optional<Diag> bind(CallState& s, std::vector<uint64_t>& entry,
                           std::vector<uint64_t*>& memories, std::vector<uint64_t>& words);
  void readOutcome(CallState& s, const LoomTwinCall& c, const std::vector<uint64_t>& results,
                   std::map<uint32_t, std::vector<Bits>>& atReturn);
  std::optional<Diag> captureTwin(CallState& s, const rtl::RtlOptions& ro);
  std::optional<Diag> captureCall(CallState& s, const LoomTwinCall& c,
                                  const std::vector<uint64_t>& entry,
                                  const std::vector<std::vector<uint64_t>>& before,
                                  const std::vector<uint64_t*>& memories,
                                  const std::vector<uint64_t>& words,
                                  const std::vector<uint64_t>& results);

  AccelNetwork& a_;
  TwinSession& session_;
  uint32_t tokenBase_;
  rtl::RtlOptions generated_;       // the options of `top_`
  std::string top_;                 // the top of the first twin, as prepare() generated it
  std::unique_ptr<rtl::Twin> twin_; // from the first call on
  int loads_ = 0;                   // twins loaded (a deeper one: a reload)
  std::string captureDir_;          // --rtl-capture: the folder of the loaded twin
};

} // namespace loom
