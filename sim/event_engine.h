// EventEngine: the default engine. It visits only the ops that can fire: every op in
// the first cycle; afterwards, for each channel pushed or popped in the previous cycle,
//   - its consumer if it popped (it fired: its state changed) or if the pushed token
//     is one it awaits: an op whose last evaluation was an input stall and that named
//     the inputs that can complete a firing (Model::awaits) is not woken for a token on
//     another input, which cannot make it fire (its class of cycle stays an input
//     stall);
//   - its producer if it pushed (it fired), or if the pop freed a slot it may be
//     waiting for: its last evaluation found an output full (OutputStall) or fired, or
//     it is self-timed with work in flight (Model::freedOutputMatters). Any other
//     producer could not fire for want of an input and its inputs did not change;
// plus the self-timed ops whose nextWake() (asked after the commit) names this cycle,
// and the ops the host woke. Everything else is skipped. A skipped op can neither fire
// nor change its class of cycle (models/model.h): a self-timed op's nextWake() names every
// cycle in which its own state would change the class (a finished result meeting a
// full output, a request coming due behind full outputs), so Model's lazy accounting gives
// skipped cycles exactly the counters the clocked engine gives them. A memory waiting
// for its oldest request to become due sleeps until then instead of being visited
// every cycle.
//
// Quiet cycles (engine.h) are told by the cycle's channel activity and by
// advancesNextCycle(), which nextWake() reports beside its cycle: a wake that only settles
// a class of cycle does not keep a cycle from being quiet, exactly as the clocked engine
// asks advancesNextCycle() of every op.
//
// The hot loop is built to do no bookkeeping it does not need:
//   - the wake list is a dense list of op indices (models::FixedList: appending has no
//     growth path), and a per-op stamp (the cycle the op is queued for) makes
//     "already queued?" one compare, with nothing to clear;
//   - whether a token or a freed slot wakes an op is noted in two dense arrays when the
//     op is evaluated (noteWakeRules), so the commit loop does not read the op;
//   - the channels sit in one array (Circuit), so the Channel* on the ActivityList is
//     turned into its index, and from there into its two op indices, by a subtraction;
//   - all buffers are sized once at construction: no allocation per cycle (the timed
//     wakes' heap holds at most one live entry per op, and each evaluation adds at most
//     one);
//   - the only virtual calls are the ops' own step(), and nextWake() and
//     freedOutputMatters() of self-timed ops;
//   - the evaluation and commit loops come in two instances, with and without an
//     observer, so the plain one tests nothing for it.
#pragma once

#include "sim/engine.h"
#include "support/hot.h"

namespace loom::sim {

// Not final: the SystemC engine (systemc/sc_engine.h) runs the same cycle split across
// SystemC processes, through the protected steps below.
class EventEngine : public Engine {
public:
  explicit EventEngine(Circuit& circuit);

  EngineKind kind() const override { return EngineKind::Event; }
  bool step() override;
  void wake(uint32_t op) override { enqueue(op, cycle_); }
  void wakeAll() override;

  // Ops queued for the next cycle (for tests and statistics).
  size_t pending() const { return next_.size(); }

protected:
  // The cycle in steps, as step() runs them (SystemC runs them from its processes):
  // beginCycle() puts the timed wakes due now on the wake list and makes it current_;
  // evaluateOne() evaluates one op of current_; commitOne() commits one channel of the
  // cycle's activity, records its report and wakes its ends (wakeEnds()); endCycle() asks the
  // self-timed ops for their next wake, reports phases and ends the cycle.
  void beginCycle();
  template <bool Observed> LOOM_ALWAYS_INLINE void evaluateOne(uint32_t i, uint64_t c) {
    Model* op = ops_[i];
    op->evaluate(c);
    noteWakeRules(i, *op);
    if (op->canAdvanceAlone()) timedNow_.push_back(i);
    if (Observed) notePhase(i); // a phase changes only in an evaluation
  }
  template <bool Observed>
  LOOM_ALWAYS_INLINE void commitOne(Channel* ch, ChannelReport*& report, uint64_t c) {
    const bool pushed = ch->pushedNow(), popped = ch->poppedNow();
    ch->commit();
    if (Observed) *report++ = {static_cast<uint32_t>(ch - base_), {pushed, popped}};
    wakeEnds(static_cast<uint32_t>(ch - base_), pushed, c);
  }
  // Wakes the ends of a channel that moved in cycle c (`pushed`: it was pushed, else
  // only popped) for cycle c + 1.
  LOOM_ALWAYS_INLINE void wakeEnds(uint32_t channel, bool pushed, uint64_t c) {
    const ChannelEnds& e = ends_[channel];
    // Who is woken, and why that is exact: see the file comment.
    if (!pushed || wantsToken(e.consumer, e.consumerPort)) enqueue(e.consumer, c + 1);
    if (pushed || wantsRoom(e.producer)) enqueue(e.producer, c + 1);
  }
  // What wantsToken() and wantsRoom() will answer for op until its next evaluation,
  // noted while the op is at hand: the op changes only when it is evaluated, so the
  // commit loop reads two dense arrays instead of the op.
  LOOM_ALWAYS_INLINE void noteWakeRules(uint32_t i, const Model& op) {
    const models::CycleStatus s = op.lastStatus();
    const bool timed = op.canAdvanceAlone();
    tokenWake_[i] = s != models::CycleStatus::InputStall || timed ? ~0u : op.awaitedPorts();
    roomWake_[i] = s == models::CycleStatus::OutputStall || s == models::CycleStatus::Fired
                       ? kRoomWakes
                   : timed ? kRoomAsk
                           : kRoomIgnored;
  }
  // `moved`: a channel was pushed or popped in the cycle. Returns what step() returns.
  bool endCycle(uint64_t c, bool moved);
  // The ops to evaluate in the running cycle (after beginCycle()).
  const models::FixedList<uint32_t>& woken() const { return current_; }

  LOOM_ALWAYS_INLINE void enqueue(uint32_t op, uint64_t forCycle) {
    if (queuedFor_[op] == forCycle) return;
    queuedFor_[op] = forCycle;
    next_.push_back(op);
  }
  // Evaluates the ops woken for cycle c; commits the cycle's channels and wakes their
  // ends. `Observed`: report to the observer on the way.
  template <bool Observed> void evaluateWoken(uint64_t c);
  template <bool Observed> void commitActivity(uint64_t c);
  // Records op's timed wake (kNoWake: none), replacing the one it had; `advancing`: the
  // op advancesNextCycle() until then (a wake that only settles a class of cycle does not). Inline:
  // most evaluations leave the op's wake as it was.
  void setWake(uint32_t op, uint64_t cycle, bool advancing) {
    if (cycle == models::kNoWake) advancing = false;
    if (wakeAt_[op] != cycle || wakeAdvancing_[op] != advancing) replaceWake(op, cycle, advancing);
  }
  void replaceWake(uint32_t op, uint64_t cycle, bool advancing);
  // Could a slot freed on one of op's outputs let it fire? (see the file comment)
  bool wantsRoom(uint32_t op) const {
    const uint8_t r = roomWake_[op];
    return r == kRoomWakes || (r == kRoomAsk && ops_[op]->freedOutputMatters());
  }
  // Can a token pushed on input `port` let op fire? Not if op waits for other inputs
  // (Model::awaits); then its class of cycle stays an input stall, as the clocked engine
  // counts it.
  bool wantsToken(uint32_t op, uint32_t port) const {
    return port >= 32 || (tokenWake_[op] >> port & 1u) != 0;
  }

private:
  // roomWake_: a freed output slot wakes the op, or not, or ask freedOutputMatters()
  // (a self-timed op whose last evaluation neither fired nor stalled on an output).
  enum : uint8_t { kRoomIgnored, kRoomWakes, kRoomAsk };
  std::vector<uint32_t> tokenWake_;      // per op: the input ports whose token wakes it
  std::vector<uint8_t> roomWake_;        // per op: kRoom*
  models::FixedList<uint32_t> current_;  // ops evaluated in the running cycle
  models::FixedList<uint32_t> next_;     // ops queued for cycle cycle_
  std::vector<uint64_t> queuedFor_;      // per op: the cycle it is queued for
  models::FixedList<uint32_t> timedNow_; // self-timed ops evaluated in the running cycle
  // Timed wakes beyond the next cycle: per op its pending one (or kNoWake) and whether
  // the op advancesNextCycle() until then, and a min-heap of (cycle, op) in which entries
  // that no longer match wakeAt_ are stale. An advancing op always has a wake (the next
  // cycle, or a memory's due request), and advancesNextCycle() changes only in an
  // evaluation or by a slot freed on an output, which is channel activity: so after a
  // cycle without activity, some op advances exactly when one evaluated in it said so or
  // an advancing wake is pending.
  std::vector<uint64_t> wakeAt_;
  std::vector<uint8_t> wakeAdvancing_;
  std::vector<std::pair<uint64_t, uint32_t>> timed_;
  size_t advancingWakes_ = 0; // pending timed wakes of advancing ops
  const ChannelEnds* ends_;
  const Channel* base_;
};

} // namespace loom::sim
