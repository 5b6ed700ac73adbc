// Model: the base of every token model. One model is one DFG vertex (an op); its behaviour is a
// plain C++ state machine that an engine (sim::ClockedEngine, the reference;
// sim::EventEngine; a SystemC shell) evaluates once per cycle.
//
// Driving an op. Each cycle the engine calls evaluate(cycle) on the ops it visits,
// then commits the channels. evaluate() runs step(), which reads only start-of-cycle
// state (its own members and its channels' valid/front/ready), makes at most one
// firing per independent part, and pushes/pops through its ports. A firing is one row
// of the op's state-machine table; an op fires only if every channel that firing
// pushes has space. An op that did not fire, does not advance by itself
// (advancesNextCycle()) and whose channels saw no push or pop cannot fire next cycle, so an
// event-driven engine need not visit it; every op must be visited in the first cycle.
//
// Counters (OpStats), per cycle of the run, one class per cycle:
//   firings             number of firings (a cycle can hold several when an op has
//                       independent parts: each output send of an eager fork, the
//                       address and data halves of a load, a memory's requests and
//                       responses);
//   activeCycles        cycles with at least one firing;
//   outputStallCycles   cycles without a firing in which some firing had every input
//                       token it needs but an output channel it would push was full
//                       (for a pipelined unit: a finished result could not leave);
//   inputStallCycles    cycles without a firing that are not output stalls, in which
//                       the op is waiting for a token: one of its input channels holds
//                       a token, or it is mid-activity (not isQuiescent()) with nothing in
//                       flight (so an empty input is what holds it back);
//   idle                every other cycle (not counted): nothing offered, or only
//                       in-flight work advancing.
// The class of a cycle depends only on the op's state and its channels' start-of-cycle
// state. An event-driven engine skips an op only while neither can change the class:
// its channels do not change in a way it waits for, and its own state does not move on
// by itself (a self-timed op names, through nextWake(), the cycle in which a pipeline's
// finished result meets a full output, a held token comes of age, a request comes due:
// it is evaluated then, even when it cannot fire). So a skipped cycle has the class of
// the op's last evaluated cycle, skipped cycles are accounted lazily (at the next
// evaluate() or at flushStats()), and both engines produce identical counters by
// construction. docs/counters.md defines every counter of a run.

//
// Errors. An op that cannot go on (memory out of bounds, division by zero in a compute
// unit, a mux select out of range) calls fail(): the error (op + message + cycle) is
// recorded on the op and appended to the engine's ErrorLog, and the op never fires
// again. Nothing throws; the engine checks the log after each cycle.
#pragma once

#include "models/channel.h"
#include "ops/op_table.h"

#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace loom::models {

class Model;

// "No timed wake": see Model::nextWake().
constexpr uint64_t kNoWake = UINT64_MAX;

// What a self-timed op tells the event engine after a cycle it was evaluated in (see
// Model::nextWake()).
struct Wake {
  uint64_t cycle = kNoWake; // the first later cycle it must be evaluated in, or kNoWake
  bool advancing = false;   // advancesNextCycle() holds until then
};

struct OpError {
  const Model* op = nullptr;
  std::string message;
  uint64_t cycle = 0;
  // The input whose token made the error (a memory's out-of-bounds address: the access's
  // op is the producer of that input), or -1.
  int input = -1;
  // "<kind> '<name>' at cycle <c>: <message>"
  std::string str() const;
};

// What a DFG node gives the constructor of a model that carries attributes (a stream, a
// buffer, a constant): its name, its output types and the attributes of its row.
// Elaboration fills it from the node (ops/node_kinds.def; a model without attributes is
// built from its name, and its variadic group's count if its row has one).
struct ModelArgs {
  std::string name;
  std::vector<Type> outTypes;
  ops::StepOp stepOp = ops::StepOp::Add;      // stream
  ops::ContCond contCond = ops::ContCond::Lt; // stream
  Bits constValue = 0;                        // constant
  bool bufferFifo = true;                     // buffer
  int bufferSlots = 2;                        // buffer
  std::vector<Bits> bufferInit;               // buffer
};

// Errors of all ops of one engine, in the order they happened.
class ErrorLog {
public:
  void report(OpError e) { errors_.push_back(std::move(e)); }
  bool empty() const { return errors_.empty(); }
  size_t size() const { return errors_.size(); }
  const std::vector<OpError>& all() const { return errors_; }
  void clear() { errors_.clear(); }

private:
  std::vector<OpError> errors_;
};

struct OpStats {
  uint64_t firings = 0;
  uint64_t activeCycles = 0;
  uint64_t inputStallCycles = 0;
  uint64_t outputStallCycles = 0;
};

// The class of one evaluated cycle (see the counters above).
enum class CycleStatus : uint8_t { Fired, OutputStall, InputStall, Idle };

class Model {
public:
  Model(std::string name, int numInputs, int numOutputs);
  virtual ~Model() = default;
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  const std::string& name() const { return cold_->name; }
  // The op table row this model implements (ops/op_table.h): its name, ports, phases.
  virtual ops::NodeKind nodeKind() const = 0;
  // The DFG op name, e.g. "dataflow.carry", "handshake.fork"; a compute unit names its
  // arith or math op ("arith.addi").
  virtual const char* kindName() const { return ops::kindName(nodeKind()); }

  // --- Wiring ----------------------------------------------------------------------
  int numInputs() const { return static_cast<int>(inputs_.size()); }
  int numOutputs() const { return static_cast<int>(outputs_.size()); }
  // Connects a port; records this op as the channel's consumer/producer. Returns false
  // (and changes nothing) if the port does not exist or is already bound, or the
  // channel already has a consumer/producer.
  bool bindInput(int port, Channel& ch);
  bool bindOutput(int port, Channel& ch);
  const Channel* inputChannel(int port) const { return inputs_[port]; }
  const Channel* outputChannel(int port) const { return outputs_[port]; }
  bool fullyBound() const;

  // --- Driving ---------------------------------------------------------------------
  // Evaluates cycle `cycle` (cycles strictly increase between calls). Returns true if
  // anything fired. A failed op does nothing. Inline: the engines' inner loop.
  bool evaluate(uint64_t cycle) {
    // The cycles skipped since the last evaluation (flushStats(), inline: the engines'
    // inner loop). On the first evaluation the difference wraps, and is not used.
    const uint64_t skipped = cycle - now_ - 1;
    if (skipped != 0 && evaluatedOnce_)
      account(lastStatus_ == CycleStatus::Fired ? CycleStatus::Idle : lastStatus_, skipped);
    now_ = cycle;
    evaluatedOnce_ = true;
    if (failed_) {
      lastStatus_ = CycleStatus::Idle;
      return false;
    }
    outputBlocked_ = false;
    awaited_ = kAwaitAll;
    uint64_t before = stats_.firings;
    bool any = step();
    assert(any == (stats_.firings != before) && "step() result disagrees with fired()");
    any = stats_.firings != before;
    lastStatus_ = any              ? CycleStatus::Fired
                  : outputBlocked_ ? CycleStatus::OutputStall
                                   : waitingStatus();
    account(lastStatus_, 1);
    return any;
  }
  // --- Questions the engines ask after the cycle's commit ---------------------------
  // Self-timed: can the op ever hold work that advances with no channel activity (a
  // pipeline, memory latency, buffer stages)? Set once, by setCanAdvanceAlone() in the
  // constructor; the event engine asks the next three questions of such ops only.
  bool canAdvanceAlone() const { return canAdvanceAlone_; }
  // Must the op be evaluated next cycle even if none of its channels changes? Only a
  // self-timed op may say yes (the event engine asserts it).
  virtual bool advancesNextCycle() const { return false; }
  // Can a slot freed on an output let it fire now? (default: yes)
  virtual bool freedOutputMatters() const { return true; }
  // The first cycle after now() in which the op must be evaluated though none of its
  // channels changes (kNoWake: none): one in which it may fire, or whose class of cycle
  // may differ from the one just evaluated (a finished result or a due request meeting
  // a full output, a held token coming of age). Until then the op must be unable to
  // fire and each cycle must repeat the last one's class: so the event engine can skip
  // it and still count what the clocked engine counts. `advancing`: whether
  // advancesNextCycle() holds until then (a wake that only settles a class of cycle
  // does not keep a cycle from being quiet).
  virtual Wake nextWake() const { return advancesNextCycle() ? Wake{now_ + 1, true} : Wake{}; }
  // After an evaluation that ended in an input stall: could a token pushed on input
  // `port` complete the inputs of one of the op's firings? False only if step() said
  // so through awaitOnly() (default: every port); the event engine does not wake a
  // waiting op for a push it does not await.
  bool awaits(int port) const { return port >= 32 || (awaited_ >> port & 1u) != 0; }
  // The ports awaits() names below the 33rd, a bit each (all bits: every port).
  uint32_t awaitedPorts() const { return awaited_; }

  // --- State for traces and the quiescence check ------------------------------------
  // FSM phase (0 for ops without phases), numbered as the op table lists the phases;
  // its name as the spec spells it ("" for ops without phases); phaseCount() is 0 for
  // ops without phases.
  virtual int phase() const { return 0; }
  const char* phaseName() const {
    const auto& names = ops::spec(nodeKind()).phases;
    return names.empty() ? "" : names.at(static_cast<size_t>(phase()));
  }
  int phaseCount() const { return static_cast<int>(ops::spec(nodeKind()).phases.size()); }
  // Is it in its reset phase holding nothing (no latched value, no half-sent fork,
  // nothing in flight)?
  virtual bool isQuiescent() const { return true; }
  // Does it hold work that advances by itself (pipeline stages, memory requests)?
  virtual bool hasWorkInFlight() const { return false; }

  // --- Errors ----------------------------------------------------------------------
  // Why this op makes poison tokens (a compute unit's oversized shift), for the error
  // of the op that observes one; null if it makes none.
  virtual const char* poisonReason() const { return nullptr; }
  void setErrorLog(ErrorLog* log) { cold_->errorLog = log; }
  bool failed() const { return failed_; }
  const OpError& error() const { return cold_->error; }

  // --- Statistics ------------------------------------------------------------------
  const OpStats& stats() const { return stats_; }
  CycleStatus lastStatus() const { return lastStatus_; }
  // Accounts the cycles after the last evaluation up to (excluding) `endCycle`.
  void flushStats(uint64_t endCycle);

protected:
  // One cycle of the op's behaviour; see the file comment.
  virtual bool step() = 0;

  InPort in(int port) const { return InPort(inputs_[port]); }
  OutPort out(int port) const { return OutPort(outputs_[port]); }
  // True if output `port` has space; otherwise notes an output stall for this cycle.
  // Ops that are not self-timed must check their outputs through room() (never
  // Channel::ready() directly): the event engine wakes such an op on a freed output slot
  // only if its last evaluation was an output stall.
  bool room(int port) {
    bool ok = outputs_[port]->ready();
    if (!ok) outputBlocked_ = true;
    return ok;
  }
  // True if every listed output has space (notes a stall if one has not).
  bool room(std::initializer_list<int> ports) {
    bool ok = true;
    for (int p : ports)
      ok = room(p) && ok;
    return ok;
  }
  // True if every output has space (notes a stall if one has not): an op that gives to
  // all its outputs at once.
  bool roomOnEveryOutput() {
    bool ok = true;
    for (int p = 0; p < numOutputs(); ++p)
      ok = room(p) && ok;
    return ok;
  }
  // True if every input holds a token: an op that takes from all its inputs at once.
  bool everyInputValid() const {
    for (int p = 0; p < numInputs(); ++p)
      if (!inputs_[p]->valid()) return false;
    return true;
  }
  // Counts one firing.
  void fired() { ++stats_.firings; }
  // See canAdvanceAlone().
  void setCanAdvanceAlone() { canAdvanceAlone_ = true; }
  // See awaits(): when step() returns without firing for want of inputs, the inputs
  // that are missing from its firings (a bit per input port). Narrowing is optional;
  // a port left out must not be able to complete any firing's inputs.
  static constexpr uint32_t kAwaitAll = ~0u;
  void awaitOnly(uint32_t ports) { awaited_ = ports; }
  // The bit of every input that holds no token, for ops whose every firing needs all
  // their inputs (an input beyond the 32nd that is missing: every port); 0 when all
  // hold one.
  uint32_t missingInputs() const {
    uint32_t m = 0;
    for (size_t p = 0; p < inputs_.size(); ++p)
      if (!inputs_[p]->valid()) m |= p < 32 ? 1u << p : kAwaitAll;
    return m;
  }
  // Records an error (caused by the token on `input`, if one was); the op stops.
  void fail(std::string message, int input = -1);
  // A token that decides or addresses something (a condition, a select, a loop bound,
  // an address, a stored or returned value) must be defined (docs/design.md "Poison"):
  // false, with the op failed, when the front token of input `port` is poison. `role`
  // names the input in the error ("the condition").
  bool defined(int port, const char* role) { return !in(port).poison() || poisonStops(port, role); }
  // The front token of input `port` to output `out`, poison or not (the inputs an op
  // moves without looking at them).
  void forward(int inPort, int outPort) {
    out(outPort).push(in(inPort).front(), in(inPort).poison());
  }
  // The cycle being evaluated.
  uint64_t now() const { return now_; }

private:
  // defined()'s slow path: fails the op on the poison token of `port`; false.
  bool poisonStops(int port, const char* role);
  void account(CycleStatus s, uint64_t cycles) {
    switch (s) {
    case CycleStatus::Fired: stats_.activeCycles += cycles; break;
    case CycleStatus::OutputStall: stats_.outputStallCycles += cycles; break;
    case CycleStatus::InputStall: stats_.inputStallCycles += cycles; break;
    case CycleStatus::Idle: break;
    }
  }
  bool anyInputValid() const {
    for (const Channel* c : inputs_)
      if (c && c->valid()) return true;
    return false;
  }
  // The class of a cycle without a firing and without an output stall.
  CycleStatus waitingStatus() const {
    return anyInputValid() || (!isQuiescent() && !hasWorkInFlight()) ? CycleStatus::InputStall
                                                                     : CycleStatus::Idle;
  }

  // What an evaluation touches comes first, so that with the vtable pointer it fills
  // about a line and a half and a model's own fields follow at once; what only names
  // the op or reports its error lives apart (a network of 100,000 ops is cache-bound).
  std::vector<Channel*> inputs_;
  std::vector<Channel*> outputs_;
  uint64_t now_ = 0;
  OpStats stats_;
  uint32_t awaited_ = kAwaitAll; // see awaits()
  CycleStatus lastStatus_ = CycleStatus::Idle;
  bool failed_ = false;
  bool evaluatedOnce_ = false;
  bool canAdvanceAlone_ = false;
  bool outputBlocked_ = false; // set by room() during the current step()
  struct Cold {
    std::string name;
    ErrorLog* errorLog = nullptr;
    OpError error;
  };
  std::unique_ptr<Cold> cold_;
};

} // namespace loom::models
