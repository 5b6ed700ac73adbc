// ScEngine: the event engine's cycle, run by SystemC's scheduler.
//
// It is an EventEngine (sim/event_engine.h) whose step() is one clock period of
// sc_start: the cycle's parts run in SystemC processes and phases, in the order the
// event engine runs them, so the two produce the same cycles, counters, token log and
// phase reports by construction (the wake rules, the timed wakes and the lazy stats are
// the event engine's own code, not a copy):
//
//   rising clock edge, evaluate phase   ScNetwork's edge process: beginCycle() (the
//                                       ops woken for this cycle), then an immediate
//                                       notification of each woken op's module;
//   same evaluate phase                 each notified ScOpModule's process evaluates its
//                                       op model (evaluateOne) and requests the update
//                                       of the channels its op pushed or popped first;
//   update phase                        each such ScChannel::update() commits its FIFO
//                                       (and records what moved);
//   next delta, evaluate phase          ScNetwork's cycle-end process: the wakes of the
//                                       moved channels' ends (wakeEnds) and the reports
//                                       to the observer, both in the event engine's
//                                       order (its activity list), then endCycle()
//                                       (timed wakes, phases, cycle + 1). In a plain
//                                       run (endsInProcess() false) step() does this
//                                       once sc_start returns instead.
//
// Order. Exactness does not depend on the order of the ops within a cycle (the channel
// rule, models/channel.h), but it is the event engine's all the same: SystemC runs the
// processes made runnable by immediate notifications in the order they were notified,
// so the ops are evaluated in the wake list's order, the channels first move in the
// same order, and the next cycle's wake list comes out the same. So even the observers
// that take a cycle's channels in the order they moved (our VCD writer) and the order
// of op errors within a cycle are the event engine's (tests/systemc: the VCDs are
// compared byte for byte). Only the network being stepped does anything on an edge:
// every network of a program shares the clock, and an idle one neither counts cycles
// nor evaluates.
#pragma once

#include "sim/event_engine.h"
#include "systemc/sc_cycle.h"

#include <systemc>
#include <vector>

namespace loom::systemc {

class ScChannel;
class ScOpModule;
class ScUserOp;

class ScEngine final : public sim::EventEngine, public ScCycle {
public:
  ScEngine(sim::Circuit& circuit, sc_core::sc_time period);

  // One cycle: sc_start(one period), in which this network's edge runs. Requires the
  // modules and channels (attach()) and SystemC time on a rising edge of the clock.
  bool step() override;

  // Set by ScNetwork at construction: the module of each op, the ScChannel of each
  // channel (by index).
  // An op a user module stands in for (sc_user_op.h) has no module: it is never
  // evaluated, and the user modules' busy() keeps the cycles from being quiet.
  void attach(std::vector<ScOpModule*> modules, std::vector<ScChannel*> channels,
              std::vector<ScUserOp*> users = {});
  // Trace variables kept up to date (--sc-trace): phases and channel transfer flags.
  void setTracing(bool on) { tracing_ = on; }
  sc_core::sc_time period() const override { return period_; }
  // Embedded in a running simulation (embed/loomsim.h): step() is called from an
  // SC_THREAD and waits for the cycle at the clock's next rising edge instead of
  // calling sc_start.
  void setEmbedded(bool on) { embedded_ = on; }

  // --- Called by the SystemC processes and channels ---------------------------------
  // The rising edge; returns false if this network is not being stepped.
  bool onEdge();
  void evaluate(uint32_t op) override;
  void commit(ScChannel& ch) override;
  void onCycleEnd();
  // Whether the network's cycle-end process ends the cycle, one delta after the edge:
  // when embedded (the user's thread waits for it) or with user modules (their busy()
  // is read in that delta). Otherwise step() ends it once sc_start returns, which
  // spares SystemC a delta cycle per clock cycle (about 5% of the run) and is the same
  // cycle: nothing runs between that delta and the end of the period but the clock's
  // falling edge, to which no process of ours is sensitive.
  bool endsInProcess() const { return embedded_ || !users_.empty(); }

private:
  sc_core::sc_time period_;
  std::vector<ScOpModule*> modules_;
  std::vector<ScChannel*> channels_;
  std::vector<ScUserOp*> users_;
  bool stepping_ = false;                   // inside step()
  bool ran_ = false;                        // the stepped cycle ended
  bool moved_ = false;                      // what endCycle() said
  bool edged_ = false;                      // the edge ran, step() ends the cycle
  bool tracing_ = false;                    // keep trace variables
  bool embedded_ = false;                   // step() waits instead of sc_start
  sc_core::sc_event cycleDone_;             // embedded: the stepped cycle ended
  uint64_t c_ = 0;                          // the running cycle
  std::vector<sim::ChannelChange> changes_; // per channel: its change in the running cycle
};

} // namespace loom::systemc
