// The engines an accelerated call runs on (host/accelerator.h): the event and clocked
// engines stepping the models (model_engine.h), the same models on SystemC's scheduler
// (systemc_engine.h) and the network's Verilated twin (twin_engine.h). The accelerator
// drives one CallEngine per network and never asks which one it is: an engine runs the
// call on the real buffers, lets the work the return does not wait for settle, and says
// what the call's span was; the harness reads the rest from the call's CallState.
#pragma once

#include "dfg/dfg.h"
#include "harness/checks.h"
#include "harness/findings.h"
#include "harness/pace.h"
#include "harness/shapes.h"
#include "interp/interpreter.h"
#include "sim/elaborate.h"
#include "sim/need_tap.h"

#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// Which engine runs the accelerated calls.
enum class CallEngineKind {
  Event,     // the event engine steps the models (sim/)
  Clocked,   // the clocked engine steps them: the same cycles and results
  Systemc,   // the models as SystemC modules on one clock (systemc_engine.h)
  Verilator, // each network's Verilated twin (twin_engine.h)
};
// The engine every network is elaborated for: the models' own under SystemC and the
// twin too (they number and name the channels the harness reads).
inline sim::EngineKind modelsEngine(CallEngineKind k) {
  return k == CallEngineKind::Clocked ? sim::EngineKind::Clocked : sim::EngineKind::Event;
}

// CPU seconds spent in each phase, summed over the run (for the report's "time" object
// and scripts/bench.sh): lowering with the static checks, elaboration, the golden
// interpreter runs, the network runs, and the checks after each call.
struct PhaseTimes {
  double lower = 0, elaborate = 0, golden = 0, simulate = 0, checks = 0;
  // --engine verilator: building (or finding) the twins, and the seconds its driver
  // spent evaluating the models (part of `simulate`, which adds loading and reading
  // the memories through the host ports).
  double rtlBuild = 0, rtlModel = 0;
};

// Adds the CPU seconds since `start` to `total` and restarts the clock. CPU time, not
// wall time: the figures stay meaningful on a machine busy with other work.
void lap(std::clock_t& start, double& total);

class CallEngine;

// One accelerated function's network, as Accelerator::prepare() made it.
struct AccelNetwork {
  // What runs: a function of the program, or a handshake.func of a program LOOM compiled
  // (then `func` is the function it is checked against, LOOM's CPU version).
  std::string name;
  Loc loc;
  const Function* func = nullptr;
  dfg::Graph graph;
  sim::Elaboration elab;
  uint64_t calls = 0;
  std::vector<dfg::Vertex> memories;   // Memory / ExtMemory vertices
  std::vector<harness::ShapeTap> taps; // loop-control channels
  std::vector<harness::PaceTap> paces; // the loops' critical carries (harness/pace.h)
  // Per channel of the circuit, the capacity its pushes needed over the calls (sim/
  // need_tap.h); empty unless AccelOptions::channelNeeds.
  std::vector<sim::NeedTap> needs;
  bool given = false;                 // the graph is AccelOptions::graphs' (--dfg)
  bool ratesInferred = false;         // given without rates: inferred from the network
  std::unique_ptr<CallEngine> engine; // what runs its calls
};

// One call as it goes through the pipeline, whichever engine runs it.
struct CallState {
  CallState(AccelNetwork& a, const Op& site, const Function& f, std::vector<RtValue>& args,
            uint64_t invocation, uint64_t startCycle, PhaseTimes& times, bool models)
      : a(a), site(site), f(f), args(args), invocation(invocation), startCycle(startCycle),
        clock(std::clock()), times(times), models(models) {}
  AccelNetwork& a;
  const Op& site;
  const Function& f;
  std::vector<RtValue>& args;
  uint64_t invocation;
  uint64_t startCycle; // the call's first cycle on the run's axis
  std::clock_t clock;
  PhaseTimes& times;
  // The models ran the call (CallEngine::runsModels): their probes, their channels'
  // counts and their state after it are the call's.
  bool models;

  std::map<const Buffer*, std::shared_ptr<Buffer>> clones; // the golden run's buffers
  sim::InvocationStatus status = sim::InvocationStatus::Done;
  std::vector<Bits> results;
  std::vector<uint64_t> before; // per channel: pushes before the call (the twin: zeros)
  ExecutionRecord golden;
  CallResult goldenResult;
  // What the invocation returned (the twin: only what waits at the return's ports).
  sim::InvocationResult res;
  // An engine without models (the twin): its call's figures and its probes' counts.
  sim::CallSpan span;
  bool drainCapped = false;
  std::vector<uint64_t> pushes, held;

  bool done() const { return status == sim::InvocationStatus::Done; }
  // Adds the CPU seconds since the last lap to `phase`.
  void lap(double PhaseTimes::*phase) { loom::lap(clock, times.*phase); }
  // What the harness' checks read of the call.
  harness::InvocationContext context() const;
};

class CallEngine {
public:
  virtual ~CallEngine() = default;
  // Whether the call runs on the models: their probes (access logs, shape taps) are
  // armed for it and their state after it (a stop's explanation, what the call did) is
  // the call's.
  virtual bool runsModels() const = 0;
  // Runs the call on the real buffers (memref arguments bound to the caller's memrefs,
  // scalars and dynamic memref fields as entry tokens) until its results reach the host
  // or it stops: sets s.status, s.results, s.before and s.res. An error ends the program.
  virtual std::optional<Diag> run(CallState& s) = 0;
  // After a call that completed: the work its return did not wait for, within the
  // cycle budget; what did not finish is a finding.
  virtual void settle(CallState& s, std::vector<harness::Finding>& out) = 0;
  // The call's figures (docs/counters.md), the drain included once settled.
  virtual sim::CallSpan span(const CallState& s) const = 0;
};

} // namespace loom
