#include "systemc/sc_engine.h"

#include "systemc/sc_channel.h"
#include "systemc/sc_op_module.h"

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
    : EventEngine(circuit), period_(period) {}

void ScEngine::attach(std::vector<ScOpModule*> modules, std::vector<ScChannel*> channels) {
  modules_ = std::move(modules);
  channels_ = std::move(channels);
}

bool ScEngine::step() {
  for (ScChannel* ch : raisedTransfers())
    ch->endTransfer();
  raisedTransfers().clear();
  stepping_ = true;
  ran_ = false;
  sc_core::sc_start(period_);
  stepping_ = false;
  // No edge in the period: the clock is not bound, or time is not on an edge.
  if (!ran_) throw std::logic_error("ScEngine::step(): no rising clock edge in one period");
  return moved_;
}

bool ScEngine::onEdge() {
  if (!stepping_) return false;
  c_ = cycle_;
  report_ = reports_.data();
  beginCycle();
  for (uint32_t op : woken())
    modules_[op]->wake();
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
  bool pushed = ch.model().pushedNow();
  if (observer_)
    commitOne<true>(&ch.model(), report_, c_);
  else
    commitOne<false>(&ch.model(), report_, c_);
  if (tracing_) {
    ch.sample(pushed);
    if (pushed) raisedTransfers().push_back(&ch);
  }
}

void ScEngine::onCycleEnd() {
  bool moved = !activity_.empty();
  activity_.clear();
  if (observer_ && report_ != reports_.data()) {
    // The update phase committed in SystemC's order; observers get index order.
    std::sort(
        reports_.data(), report_,
        [](const sim::ChannelReport& a, const sim::ChannelReport& b) { return a.index < b.index; });
    observer_->channelsChanged(c_, reports_.data(), static_cast<size_t>(report_ - reports_.data()),
                               circuit_.channelBase());
  }
  moved_ = endCycle(c_, moved);
  ran_ = true;
}

} // namespace loom::systemc
