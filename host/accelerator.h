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
#include "harness/checks.h"
#include "harness/findings.h"
#include "interp/interpreter.h"
#include "lowering/lower.h"
#include "models/timing.h"
#include "sim/elaborate.h"
#include "systemc/sc_network.h"
#include "traces/token_log.h"
#include "traces/trace_out.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace loom {

// What one accelerated call did, as two runs of a program are compared (a mutation
// campaign, host/mutation.h): not the checks' verdict but what they look at.
struct CallBehaviour {
  std::string function; // the accelerated function (an esi_instance's handshake.func)
  uint64_t invocation = 0;
  std::string status;        // "done", or why the network stopped ("deadlock", ...)
  std::vector<Bits> results; // the network's
  uint64_t memory = 0;       // a hash of the call's memref arguments' buffers after it
  // Tokens each op input took in the call, by "op name:port" (the drain included).
  std::map<std::string, uint64_t> inputs;
  // After the call and its drain: the channels holding tokens (by their consumer's
  // "op name:port") and the ops not at rest (by name).
  std::vector<std::string> held;
};

struct AccelOptions {
  std::string entry = "main";
  std::vector<std::string> accel; // empty: every defined function but the entry
  std::set<Injection> inject;
  // An injection that changes no lowered function is bad input (exit 2); a rerun with
  // some networks given (try-fix's) keeps the first run's injections without asking.
  bool injectionSitesRequired = true;
  models::TimingConfig timing;
  sim::EngineKind engine = sim::EngineKind::Event;
  uint64_t maxCycles = sim::kDefaultMaxCycles; // per call
  bool checks = true;
  // Sum each channel's tokens and expected count over the checked calls, for
  // channelTotals() (`run --dot`); off, a call's checks do not count them twice.
  bool channelTotals = false;
  // Run every network as SystemC modules on one sc_clock (sc_start per call) instead
  // of stepping the engine directly: same cycles and results, SystemC's scheduler.
  bool systemc = false;
  // `--engine verilator`: every call runs on its network's Verilated twin (rtl/twin.h,
  // docs/rtl.md), built in `rtlCache` (empty: rtl::defaultTwinCache()). The networks
  // are still elaborated: they number and name the channels and the harness reads them.
  bool verilator = false;
  std::string rtlCache;
  bool rtlFastBuild = false; // the twins' C++ at -O0: quicker to build, slower to run
  // `--rtl-trace`: the twins built with Verilator's tracing, each writing the VCD of
  // every signal on the run's cycle axis (docs/rtl.md "Waveform"): the first twin
  // loaded to this file, each later one to `<rtlTrace>.<function>` (a deeper twin of a
  // function traced before: `.<function>.<n>`). Empty: untraced.
  std::string rtlTrace;
  // Asked before a later twin's trace file (`<rtlTrace>.<function>`, named only when the
  // twin is loaded) is created: the reason it may not be written (it is one of the run's
  // inputs or outputs, cli/output_paths.h), or nothing. Unset: every name is free.
  std::function<std::optional<std::string>(const std::string& path)> refusesTrace;
  // With systemc: write a VCD of every channel and state machine through SystemC's
  // sc_trace to this file (empty: none).
  std::string scTrace;
  // With systemc, embedded in a user's SystemC model (embed/loomsim.h): every network's
  // clk is bound to this port instead of a clock of the accelerator's own, and each
  // call's cycles are waited for by the calling SC_THREAD instead of sc_start. `scPeriod`
  // is the clock's period (TLM delays are counted in it).
  sc_core::sc_in<bool>* scClock = nullptr;
  sc_core::sc_time scPeriod = sc_core::sc_time(1, sc_core::SC_NS);
  // Applied to every lowered graph before it is checked and elaborated: lets tests
  // plant wiring mistakes that no injection mode commits (a hand-edited DFG, in effect).
  std::function<void(dfg::Graph&)> transform;
  // `run --dfg FUNC=FILE`: the network of FUNC is this graph (read from a file, in
  // either form) instead of FUNC's lowering. FUNC is accelerated even if --accel does
  // not name it; the graph's signature must be FUNC's (argument and result types, the
  // entry tokens the host hands it, memref arguments as extmemory by argIndex). No
  // injection applies to it; `transform` does. A graph read from text has no rates
  // unless the file writes them: the ledger skips channels whose rate is Unknown.
  std::map<std::string, dfg::Graph> graphs;
  // Called with each accelerated call's arguments before anything runs (the golden run
  // takes them as changed): a campaign varies a loop bound this way.
  std::function<void(const Function& f, std::vector<RtValue>& args)> adjustArgs;
  // Told what each call did, once it ended (the event and clocked engines, SystemC).
  std::function<void(const CallBehaviour&)> observeCalls;
};

class Accelerator {
public:
  Accelerator(const Module& m, Interpreter& interp, AccelOptions opts);
  ~Accelerator();

  // Lowers, checks statically and elaborates every accelerated function. Errors that
  // make a function unusable are returned (exit 2); static check findings go into the
  // report and the function still runs, so the run-time checks show their effect.
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
  // what the reference's counts make its rate expect (-1: a channel without a rate), in
  // the order of Graph::edges(): what `run --dot` writes on each edge. Null before a
  // checked call, or without AccelOptions::channelTotals.
  struct ChannelTotals {
    std::vector<uint64_t> observed;
    std::vector<int64_t> expected;
  };
  const ChannelTotals* channelTotals(const std::string& function) const;
  // Whether the graph was given without rates and its rates were inferred from it.
  bool ratesInferred(const std::string& function) const;
  sim::Network* network(const std::string& function) const;
  const sim::Elaboration* elaboration(const std::string& function) const;
  std::vector<std::string> functions() const; // the accelerated functions, by name
  // --systemc: the SystemC netlist of an accelerated function (null if none).
  systemc::ScNetwork* scNetwork(const std::string& function) const;

  // CPU seconds spent in each phase, summed over the run (for the report's
  // "time" object and scripts/bench.sh): lowering with the static checks, elaboration,
  // the golden interpreter runs, the network runs, and the checks after each call.
  struct PhaseTimes {
    double lower = 0, elaborate = 0, golden = 0, simulate = 0, checks = 0;
    // --engine verilator: building (or finding) the twins, and the seconds its driver
    // spent evaluating the models (part of `simulate`, which adds loading and reading
    // the memories through the host ports).
    double rtlBuild = 0, rtlModel = 0;
  };
  const PhaseTimes& times() const { return times_; }

  // --engine verilator: the token log the twins' tokens go to (the engines' observers
  // never see them); null: none.
  void setTokenLog(traces::TokenLog* log) { tokenLog_ = log; }

  // Closes the --sc-trace file (after the run); returns why it could not be written.
  std::optional<std::string> closeScTrace();

private:
  struct Accel;
  const Module& mod_;
  Interpreter& interp_;
  AccelOptions opts_;
  std::map<std::string, std::unique_ptr<Accel>> accels_;
  harness::Report report_;
  std::map<std::string, ChannelTotals> totals_;
  PhaseTimes times_;
  std::unique_ptr<systemc::ScRisingClock> clock_; // --systemc, not embedded
  // --sc-trace: SystemC writes its VCD into a private temporary directory; the close
  // copies it to the user's file, opened (and so checked) at prepare().
  sc_core::sc_trace_file* scTrace_ = nullptr;
  std::unique_ptr<traces::TraceOut> scTraceOut_;
  std::string scTraceDir_;
  uint64_t cycles_ = 0; // the spans of the calls so far: where the next call starts
  int rtlTraces_ = 0;   // --rtl-trace: the twins traced so far
  traces::TokenLog* tokenLog_ = nullptr;

  // One call, one pipeline for every engine (accelerator.cpp, "one call").
  class CallProbes;
  struct CallState;
  std::optional<Diag> runNetwork(CallState& s);
  std::optional<Diag> runTwin(CallState& s);
  std::optional<Diag> loadTwin(CallState& s, uint64_t need);
  Diag reportStop(CallState& s);
  std::string portsAtStop(CallState& s);
  void addResultFinding(const Loc& loc, const std::string& function, uint64_t invocation, size_t i,
                        const Type& t, Bits got, Bits want, const std::string& how);
  void explainStop(CallState& s, harness::Finding& h);
  void placeAtRunningLoop(const CallState& s, harness::Finding& h);
  void settle(CallState& s);
  sim::CallSpan span(const CallState& s) const;
  harness::InvocationContext context(const CallState& s) const;
  void runChecks(CallState& s, const CallProbes& probes, harness::Report::Call& call);
  void checkOrders(CallState& s, const CallProbes& probes, bool stopped);
  void addTotals(const harness::InvocationContext& c);
  std::vector<RtValue> goldenCopies(const std::vector<RtValue>& args,
                                    std::map<const Buffer*, std::shared_ptr<Buffer>>& clones);
  void compareWithGolden(const Op& site, const std::string& name, const Function& f,
                         uint64_t invocation, const std::vector<Bits>& results,
                         const CallResult& golden, const std::vector<RtValue>& args,
                         const std::map<const Buffer*, std::shared_ptr<Buffer>>& clones);

  void drain(Accel& a, uint64_t invocation);
  void observe(const CallState& s) const;
  std::optional<std::string> openScTrace();
  harness::Report::Call recordCall(const std::string& function, uint64_t invocation,
                                   const sim::CallSpan& span);

  void checkAliasing(Accel& a, const Op& site, const Function& f, const std::vector<RtValue>& args,
                     uint64_t invocation);
  void checkReturnAfterDones(Accel& a, const std::vector<std::vector<models::MemoryAccess>>& logs,
                             uint64_t invocation);
};

} // namespace loom
