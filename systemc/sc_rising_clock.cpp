#include "systemc/sc_rising_clock.h"

#include <string>

namespace loom::systemc {

ScRisingClock::ScRisingClock(sc_core::sc_module_name name, sc_core::sc_time period)
    : sc_core::sc_module(name), period_(period), edge_("edge") {
  SC_HAS_PROCESS(ScRisingClock);
  SC_METHOD(onEdge);
  sensitive << edge_;
  dont_initialize();
  edge_.notify(sc_core::SC_ZERO_TIME); // the first edge at time 0
}

void ScRisingClock::onEdge() {
  edge_.notify(period_);
}

const bool& ScRisingClock::read() const {
  // High in [k * period, k * period + period / 2), as an sc_clock with the default duty
  // cycle and posedge first.
  const sc_core::sc_time phase =
      sc_core::sc_time::from_value(sc_core::sc_time_stamp().value() % period_.value());
  level_ = phase < period_ / 2;
  return level_;
}

const sc_core::sc_event& ScRisingClock::unsupported(const char* what) const {
  const std::string msg = std::string(name()) + " has rising edges only, no " + what +
                          ": bind the port to an sc_clock instead";
  SC_REPORT_ERROR("loom/clock", msg.c_str());
  return edge_; // not reached: an error report throws
}

const sc_core::sc_event& ScRisingClock::value_changed_event() const {
  return unsupported("value_changed_event()");
}

const sc_core::sc_event& ScRisingClock::negedge_event() const {
  return unsupported("negedge_event()");
}

} // namespace loom::systemc
