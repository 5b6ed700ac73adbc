// The models on SystemC's scheduler as a CallEngine (host/call_engine.h): every network
// is SystemC modules on one clock (sc_start per call), with the event engine's cycles
// and results. ScSession holds what the networks share: the clock, their top-level
// names and the --sc-trace file.
#pragma once

#include "host/model_engine.h"
#include "systemc/sc_network.h"
#include "systemc/sc_rising_clock.h"
#include "traces/trace_out.h"

#include <memory>
#include <optional>
#include <set>
#include <string>

namespace loom {

struct SystemcOptions {
  // Write a VCD of every channel and state machine through SystemC's sc_trace to this
  // file (empty: none).
  std::string trace;
  // Embedded in a user's SystemC model (embed/loomsim.h): every network's clk is bound
  // to this port instead of a clock of the accelerator's own, and each call's cycles are
  // waited for by the calling SC_THREAD instead of sc_start. `period` is the clock's
  // period (TLM delays are counted in it).
  sc_core::sc_in<bool>* clock = nullptr;
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS);
};

// What every network of a SystemC run shares. SystemC elaborates once, at the first
// sc_start: every module exists before.
class ScSession {
public:
  explicit ScSession(const SystemcOptions& options);
  ~ScSession();
  ScSession(const ScSession&) = delete;
  ScSession& operator=(const ScSession&) = delete;

  // The network as SystemC modules, under a top-level name made of `function`'s, unique
  // beside the clock and the others (SystemC would rename a duplicate with a warning on
  // stdout), its clk bound to the session's clock.
  std::unique_ptr<systemc::ScNetwork> module(const std::string& function, sim::Network& net);
  // --sc-trace: opens the file and traces every network made so far; why it cannot.
  std::optional<std::string> openTrace(const std::vector<systemc::ScNetwork*>& networks);
  // Closes the --sc-trace file (after the run); returns why it could not be written.
  std::optional<std::string> closeTrace();

private:
  const SystemcOptions& options_;
  std::unique_ptr<systemc::ScRisingClock> clock_; // not embedded
  std::set<std::string> taken_{"clk"};
  // SystemC writes its VCD into a private temporary directory; the close copies it to
  // the user's file, opened (and so checked) by openTrace().
  sc_core::sc_trace_file* trace_ = nullptr;
  std::unique_ptr<traces::TraceOut> out_;
  std::string dir_;
};

class SystemcEngine : public ModelEngine {
public:
  SystemcEngine(AccelNetwork& a, uint64_t maxCycles, ScSession& session)
      : ModelEngine(a, maxCycles), sc_(session.module(a.name, *a.elab.network)) {}
  systemc::ScNetwork& network() { return *sc_; }

protected:
  sim::InvocationResult invoke(const sim::Invocation& inv) override { return sc_->invoke(inv); }

private:
  std::unique_ptr<systemc::ScNetwork> sc_;
};

} // namespace loom
