#include "systemc/sc_engine.h"

#include "systemc/sc_channel.h"
#include "systemc/sc_op_module.h"
#include "systemc/sc_user_op.h"

#include <algorithm>
#include <stdexcept>

namespace loom::systemc {

namespace {
// The channels whose transfer trace flag is up, of every network: the flags of cycle
// c are sampled at the end of time step c and lowered before the next cycle, whichever
// network runs it.
std::vector<ScChannel*>& raisedTransfers() {
  static std::vector<ScChannel*> raised;
  return raised;
}
} // namespace

ScEngine::ScEngine(sim::Circuit& circuit, sc_core::sc_time period)
    : EventEngine(circuit), period_(period), changes_(circuit.numChannels()) {}

void ScEngine::attach(std::vector<ScOpModule*> modules, std::vector<ScChannel*> channels,
                      std::vector<ScUserOp*> users) {
  modules_ = std::move(modules);
  channels_ = std::move(channels);
  users_ = std::move(users);
}

bool ScEngine::step() {
  for (ScChannel* ch : raisedTransfers())
    ch->endTransfer();
  raisedTransfers().clear();
  stepping_ = true;
  ran_ = false;
  edged_ = false;
  if (embedded_) {
    // The caller is an SC_THREAD of the user's model (a wait() elsewhere is SystemC's
    // own error report, not an abort).
    sc_core::wait(cycleDone_);
  } else {
    sc_core::sc_start(period_);
    // The cycle's bookkeeping, when no cycle-end process ran it (endsInProcess()).
    if (edged_) onCycleEnd();
  }
  stepping_ = false;
  // No edge in the period: the clock is not bound, or time is not on an edge.
  if (!ran_) throw std::logic_error("ScEngine::step(): no rising clock edge in one period");
  return moved_;
}

bool ScEngine::onEdge() {
  if (!stepping_) return false;
  c_ = cycle_;
  edged_ = !endsInProcess();
  beginCycle();
  if (users_.empty()) {
    for (uint32_t op : woken())
      modules_[op]->wake();
  } else {
    for (uint32_t op : woken())
      if (ScOpModule* m = modules_[op]) m->wake();
  }
  return true;
}

void ScEngine::evaluate(uint32_t op) {
  const size_t before = activity_.size();
  if (observer_)
    evaluateOne<true>(op, c_);
  else
    evaluateOne<false>(op, c_);
  ++evaluations_;
  // The channels this op was the first to push or pop this cycle: commit them in this
  // delta's update phase.
  const models::Channel* base = circuit_.channelBase();
  for (size_t k = before; k < activity_.size(); ++k)
    channels_[static_cast<size_t>(activity_[k] - base)]->noteActive();
  if (tracing_) modules_[op]->samplePhase();
}

void ScEngine::commit(ScChannel& ch) {
  models::Channel& fifo = ch.model();
  const bool pushed = fifo.pushedNow();
  changes_[ch.index()] = {pushed, fifo.poppedNow()};
  fifo.commit();
  if (tracing_) {
    ch.sample(pushed);
    if (pushed) raisedTransfers().push_back(&ch);
  }
}

void ScEngine::onCycleEnd() {
  // The update phase committed in SystemC's order; the wakes and reports go in the event
  // engine's: its activity list (the order channels first moved in, which SystemC's
  // evaluation order keeps), sorted by index if an observer needs it. So the next
  // cycle's ops are woken, and evaluated, in the event engine's order too.
  const bool moved = !activity_.empty();
  if (observer_) sortActivity();
  const models::Channel* base = circuit_.channelBase();
  size_t n = 0;
  for (const models::Channel* fifo : activity_) {
    const auto index = static_cast<uint32_t>(fifo - base);
    wakeEnds(index, changes_[index].pushed, c_);
    if (observer_) reports_[n++] = {index, changes_[index]};
  }
  if (n > 0) observer_->channelsChanged(c_, reports_.data(), n, circuit_.channelBase());
  activity_.clear();
  bool busy = false; // a user module holding work: not a quiet cycle
  for (const ScUserOp* u : users_)
    busy = busy || u->busy();
  moved_ = endCycle(c_, moved || busy);
  ran_ = true;
  edged_ = false;
  if (embedded_) {
    stepping_ = false; // the next edge does nothing until the thread steps again
    cycleDone_.notify(sc_core::SC_ZERO_TIME);
  }
}

} // namespace loom::systemc
