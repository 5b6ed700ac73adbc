// ScRisingClock: the clock of a network's own SystemC run (not embedded): rising edges
// at 0, period, 2 * period, ..., as an sc_clock of that period has them, and nothing
// else.
//
// Why not an sc_clock: nothing in a LOOM network uses the falling edge (docs/timing.md:
// everything happens on the rising one), yet an sc_clock costs, every cycle, two timed
// events, two clock processes, two signal updates and two delta cycles, one pair of
// them for the falling edge alone. This channel has one event, re-armed by one method
// process one period ahead: the edge's own delta is the only one it adds. On gemm
// 48x48x48 that is the difference between 3.3x and under 3x the event engine's time
// (docs/systemc.md "Speed").
//
// It is an sc_signal_in_if<bool>, so a module's sc_in<bool> clk binds to it and pos()
// is the rising edge. read() is the level an sc_clock would have (high in the first
// half of each period, posedge first). A process cannot wait for a falling edge or a
// change of level: asking for negedge_event() or value_changed_event() is a SystemC
// error report naming the clock (bind an sc_clock instead), never a silent wait.
#pragma once

#include <systemc>

namespace loom::systemc {

class ScRisingClock : public sc_core::sc_module, public sc_core::sc_signal_in_if<bool> {
public:
  ScRisingClock(sc_core::sc_module_name name, sc_core::sc_time period);
  const char* kind() const override { return "loom_rising_clock"; }
  sc_core::sc_time period() const { return period_; }

  const sc_core::sc_event& posedge_event() const override { return edge_; }
  const sc_core::sc_event& default_event() const override { return edge_; }
  const sc_core::sc_event& value_changed_event() const override;
  const sc_core::sc_event& negedge_event() const override;
  const bool& read() const override;
  const bool& get_data_ref() const override { return read(); }
  bool event() const override { return posedge(); }
  bool posedge() const override { return edge_.triggered(); }
  bool negedge() const override { return false; }

private:
  void onEdge(); // re-arms the next edge
  const sc_core::sc_event& unsupported(const char* what) const;

  sc_core::sc_time period_;
  sc_core::sc_event edge_;
  mutable bool level_ = true;
};

} // namespace loom::systemc
