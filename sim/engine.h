// Engine: drives a sealed Circuit cycle by cycle, following the engine contract of
// docs/timing.md ("Engines"): a cycle evaluates ops on the start-of-cycle state, then
// commits the channels. Two engines with identical semantics:
//
//   ClockedEngine (clocked_engine.h)  the reference: every op evaluated every cycle,
//                                     every channel committed;
//   EventEngine   (event_engine.h)    the default: every op in the first cycle, then
//                                     only the ops woken by the previous cycle's channel
//                                     activity or by advancesNextCycle(); commits only the channels
//                                     on its ActivityList.
//
// Both keep one cycle counter for their whole life: a run, or an invocation, continues
// where the previous one stopped (one continuous cycle axis for traces).
//
// Quiet cycles and deadlock. step() returns false when the cycle was quiet: no channel
// was pushed or popped and no op is advancesNextCycle() afterwards. Then the next cycle starts from
// exactly the same state as this one (an op that did not fire, is not busy and saw no
// channel change cannot fire), so nothing can ever happen again unless the host adds
// work. A run that reaches a quiet cycle before its goal is a deadlock; RunMonitor
// makes that call, in one place, for runUntil() and for clock-driven stepping.
#pragma once

#include "sim/circuit.h"
#include "sim/observer.h"

#include <functional>
#include <memory>
#include <optional>
#include <string_view>

namespace loom::sim {

enum class EngineKind : uint8_t { Event, Clocked };
const char* engineKindName(EngineKind k); // "event", "clocked"
bool engineKindFromName(std::string_view name, EngineKind& out);

enum class RunStatus : uint8_t {
  Done,     // the goal was reached
  Deadlock, // a quiet cycle before the goal: nothing can change any more
  CycleCap, // the cycle budget ran out first
  OpError,  // an op failed (the circuit's ErrorLog says which and why)
};
const char* runStatusName(RunStatus s);

struct RunResult {
  RunStatus status = RunStatus::Done;
  uint64_t cycles = 0; // cycles run in this call
};

// Decides, after each cycle of a run, whether the run is over and how. Checks in this
// order: a new op error, the goal, a quiet cycle, the cycle budget.
class RunMonitor {
public:
  RunMonitor(const models::ErrorLog& errors, uint64_t maxCycles)
      : errors_(&errors), errorsBefore_(errors.size()), maxCycles_(maxCycles) {}
  // `moved` is what Engine::step() returned; `done` whether the goal holds now.
  // Inline: asked after every cycle of a run.
  std::optional<RunStatus> afterCycle(bool moved, bool done) {
    ++cycles_;
    if (errors_->size() > errorsBefore_) return RunStatus::OpError;
    if (done) return RunStatus::Done;
    if (!moved) return RunStatus::Deadlock;
    if (cycles_ >= maxCycles_) return RunStatus::CycleCap;
    return std::nullopt;
  }
  uint64_t cycles() const { return cycles_; }
  // Errors reported since the monitor was created.
  size_t firstNewError() const { return errorsBefore_; }

private:
  const models::ErrorLog* errors_;
  size_t errorsBefore_;
  uint64_t maxCycles_;
  uint64_t cycles_ = 0;
};

class Engine {
public:
  explicit Engine(Circuit& circuit);
  virtual ~Engine() = default;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  virtual EngineKind kind() const = 0;

  // Runs one cycle (number cycle()). Returns false if it was quiet (see above).
  virtual bool step() = 0;
  // The host changed an op between cycles (armed an entry source, swapped a backing):
  // make sure it is evaluated next cycle. A no-op for the clocked engine.
  virtual void wake(uint32_t op) = 0;
  virtual void wakeAll() = 0;

  // Steps until `done()` holds after a cycle, an op fails, a quiet cycle, or
  // `maxCycles` cycles in this call. `done` is also checked once before the first
  // cycle (0 cycles run if it already holds).
  RunResult runUntil(const std::function<bool()>& done, uint64_t maxCycles);

  // Cycles completed so far; the next step() evaluates cycle number cycle().
  uint64_t cycle() const { return cycle_; }
  // Model evaluations so far: the work the engine did (the clocked engine does
  // numOps() per cycle, the event engine only what was woken).
  uint64_t evaluations() const { return evaluations_; }

  // Attaches (or, with null, detaches) a tracer. The current phases become the
  // baseline against which phase changes are reported.
  void setObserver(CycleObserver* observer);
  CycleObserver* observer() const { return observer_; }

  // Settles every op's lazily accounted counters up to cycle() (see models/model.h). Call
  // before reading stats; running on afterwards is fine.
  void flushStats();

  Circuit& circuit() { return circuit_; }
  const Circuit& circuit() const { return circuit_; }

protected:
  // Reports this cycle's channel activity to the observer, in channel index order,
  // committing each reported channel first (a second commit is a no-op).
  void reportChannels(uint64_t cycle);
  // Puts the activity list in channel index order, if the observer needs it.
  void sortActivity();
  // Phase changes, reported in two steps: notePhase() for each op evaluated (once per
  // cycle each), then reportNotedPhases(), which reports them in op index order and
  // ends the cycle.
  void notePhase(uint32_t op) {
    if (phased_[op] && ops_[op]->phase() != phases_[op]) changedScratch_.push_back(op);
  }
  void reportNotedPhases(uint64_t cycle);
  void reportAllPhases(uint64_t cycle);

  Circuit& circuit_;
  std::vector<Model*> ops_;            // circuit ops, for tight loops
  models::ActivityList activity_;      // channels pushed or popped this cycle
  std::vector<ChannelReport> reports_; // the cycle's, for the observer (one per channel)
  uint64_t cycle_ = 0;
  uint64_t evaluations_ = 0;
  CycleObserver* observer_ = nullptr;

private:
  bool orderChannels_ = true;            // the observer needs channels in index order
  std::vector<int> phases_;              // last reported phase per op (with an observer)
  std::vector<uint8_t> phased_;          // per op: has phases (phaseCount() > 0)
  std::vector<uint32_t> phasedOps_;      // the ops with phases, in index order
  std::vector<uint32_t> changedScratch_; // the cycle's noted phase changes
};

} // namespace loom::sim
