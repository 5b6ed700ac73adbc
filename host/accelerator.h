// The host/accelerator split (docs/design.md "Host and accelerator"): the reference
// interpreter runs the program; each call to an accelerated function runs instead on
// that function's elaborated dataflow network, while the harness checks the run.
//
// One accelerated call:
//   1. golden: the interpreter runs the callee on copies of its memref arguments,
//      recording region counts, trip counts and the access trace (a runtime error
//      there is the call's error, with the op's location, exactly as the interpreter
//      reports it);
//   2. the network runs on the real buffers (extmemory bound to the caller's memrefs,
//      scalar arguments and dynamic memref fields as entry tokens);
//   3. checks: results and memory against the golden run, the channel ledger, access
//      counts, per-group access order, quiescence; violations become findings;
//   4. the simulated results go back to the interpreter.
#pragma once

#include "dfg/dfg.h"
#include "harness/findings.h"
#include "host/accel_networks.h"
#include "host/accel_options.h"
#include "host/call_engine.h"
#include "host/channel_totals.h"
#include "host/systemc_engine.h"
#include "host/twin_engine.h"
#include "interp/interpreter.h"
#include "sim/elaborate.h"
#include "traces/token_log.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

class Accelerator {
public:
  Accelerator(const Module& m, Interpreter& interp, AccelOptions opts);
  ~Accelerator();

  // Lowers, checks statically and elaborates every accelerated function, and makes the
  // engine of each. Errors that make a function unusable are returned (exit 2); static
  // check findings go into the report and the function still runs, so the run-time
  // checks show their effect.
  std::optional<Diag> prepare();

  // The interpreter's call hook.
  std::optional<std::vector<RtValue>> call(const Op& site, const Function& f,
                                           std::vector<RtValue>& args, std::optional<Diag>& error);

  const harness::Report& report() const { return report_; }
  harness::Report& report() { return report_; }
  // The run's cycles: every accelerated call's span, laid end to end (docs/counters.md).
  uint64_t totalCycles() const { return cycles_; }
  size_t numAccelerated() const { return accels_.size(); }
  // The lowered graph and network of an accelerated function (null if not accelerated).
  const dfg::Graph* graph(const std::string& function) const;
  // Tokens each channel of a function's network carried over every checked call, and
  // what the reference's counts make its rate expect (host/channel_totals.h): what `run
  // --dot` writes on each edge. Null before a checked call, or without
  // AccelOptions::channelTotals.
  using ChannelTotals = loom::ChannelTotals;
  const ChannelTotals* channelTotals(const std::string& function) const;
  // The capacity each channel of a function's network needed over the run, by channel
  // index of its circuit (sim/need_tap.h); null without AccelOptions::channelNeeds.
  const std::vector<sim::NeedTap>* channelNeeds(const std::string& function) const;
  // Whether the graph was given without rates and its rates were inferred from it.
  bool ratesInferred(const std::string& function) const;
  sim::Network* network(const std::string& function) const;
  const sim::Elaboration* elaboration(const std::string& function) const;
  std::vector<std::string> functions() const; // the accelerated functions, by name
  // SystemC: the SystemC netlist of an accelerated function (null if none).
  systemc::ScNetwork* scNetwork(const std::string& function) const;

  // CPU seconds spent in each phase, summed over the run (host/call_engine.h).
  using PhaseTimes = loom::PhaseTimes;
  const PhaseTimes& times() const { return times_; }

  // --engine verilator: the token log the twins' tokens go to (the engines' observers
  // never see them); null: none.
  void setTokenLog(traces::TokenLog* log);

  // Closes the --sc-trace file (after the run); returns why it could not be written.
  std::optional<std::string> closeScTrace();

private:
  const Module& mod_;
  Interpreter& interp_;
  AccelOptions opts_;
  std::map<std::string, std::unique_ptr<AccelNetwork>> accels_;
  harness::Report report_;
  ChannelTotalsBook totals_;
  PhaseTimes times_;
  std::unique_ptr<ScSession> sc_;      // SystemC: the clock, the names, --sc-trace
  std::unique_ptr<TwinSession> twins_; // --engine verilator
  uint64_t cycles_ = 0;                // the spans of the calls so far: where the next call starts
  traces::TokenLog* tokenLog_ = nullptr;

  std::optional<Diag> makeEngines();
  std::optional<Diag> makeScEngines();
  std::optional<Diag> makeTwinEngines();
  ChannelTotalsBook* totals() { return opts_.channelTotals ? &totals_ : nullptr; }

  // One call, one pipeline for every engine (accelerator.cpp, "one call").
  std::vector<Race> runGolden(CallState& s, std::vector<RtValue>& goldenArgs);
  bool goldenFailed(CallState& s, std::optional<Diag>& error);
  void finishStopped(CallState& s, const CallProbes& probes, std::optional<Diag>& error);
  void checkFinished(CallState& s, const CallProbes& probes, size_t findingsBefore);
  Diag reportStop(CallState& s);
  void observe(const CallState& s) const;
  harness::Report::Call recordCall(const std::string& function, uint64_t invocation,
                                   const sim::CallSpan& span);
};

} // namespace loom
