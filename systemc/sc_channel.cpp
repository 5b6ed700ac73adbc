#include "systemc/sc_channel.h"

#include "systemc/sc_cycle.h"

namespace loom::systemc {

ScChannel::ScChannel(const char* name, models::Channel& ch, uint32_t index, ScCycle* engine)
    : sc_core::sc_prim_channel(name), ch_(ch), index_(index), engine_(engine) {
  sample(false);
}

void ScChannel::push(Bits v) {
  ch_.push(v);
  request_update();
}

void ScChannel::pop() {
  ch_.pop();
  request_update();
}

void ScChannel::update() {
  if (engine_) {
    engine_->commit(*this); // commits, wakes the ends, reports; then sample()
    return;
  }
  bool pushed = ch_.pushedNow();
  ch_.commit();
  sample(pushed);
}

void ScChannel::sample(bool pushed) {
  valid_ = ch_.valid();
  ready_ = ch_.ready();
  if (valid_) data_ = ch_.front();
  transfer_ = pushed;
}

void ScChannel::traceTo(sc_core::sc_trace_file* tf, const std::string& prefix) const {
  sc_core::sc_trace(tf, valid_, prefix + ".valid");
  sc_core::sc_trace(tf, ready_, prefix + ".ready");
  unsigned width = ch_.type().width;
  if (width > 0) sc_core::sc_trace(tf, data_, prefix + ".data", static_cast<int>(width));
  sc_core::sc_trace(tf, transfer_, prefix + ".transfer");
}

void sc_trace(sc_core::sc_trace_file* tf, const ScChannel& ch, const std::string& name) {
  ch.traceTo(tf, name);
}

} // namespace loom::systemc
