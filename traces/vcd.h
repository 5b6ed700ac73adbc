// VcdWriter: a change-only VCD of a whole run, written as the engines report it
// (sim/observer.h), loadable in GTKWave and Surfer.
//
// Signals (one time unit = one clock cycle; declared as 1 ns):
//   per channel, under both of its ports (see hierarchy.h):
//     valid     the channel holds a token (its consumer sees one this cycle)
//     ready     the channel has a free slot (its producer may push this cycle)
//     data      the token at the head while valid; holds the last head afterwards
//               (x until the first token). Integers as bit vectors of their width,
//               f32/f64 as reals; none-typed channels have no data
//     transfer  1 in each cycle a token leaves the channel (its consumer pops it)
//   per op with a state machine (stream, gate, carry, invariant, the entry source):
//     phase       the phase as a number; a $comment in the op's scope is the legend
//                 ("phase: 0 NeedInit, 1 NeedCond, 2 NeedLoop"); in an FST file
//                 (fst.h) it is an enum of those names
//   per network (top scope):
//     invocation  how many invocations of the function have begun
// Values are start-of-cycle state, as the ops see it: a token pushed in cycle c makes
// valid rise at c+1; a token popped in c shows transfer = 1 at c (with valid = 1 and
// data = that token) and is gone at c+1; a phase change in c shows at c+1.
//
// Change-only: a value is written only when it differs from the last one written, and
// a time stamp only when something changed, so a quiet stretch costs nothing.
//
// Several networks share one file and one time axis: give each its observer through a
// NetworkTap (timeline.h) so that cycles become global cycles. Every network must be
// added before the first cycle is reported (the header lists them all).
//
// One writer, two encodings of the changes: VcdText (a VCD file) and ChangeRecords
// (binary records of the same changes after the same VCD header, which the FST writer
// reads: fst.h). So a VCD and an FST of one run cannot differ in what they say.
#pragma once

#include "sim/observer.h"
#include "traces/change_records.h"
#include "traces/hierarchy.h"
#include "traces/ptr_list.h"
#include "traces/text_buffer.h"
#include "traces/timeline.h"
#include "traces/trace_out.h"
#include "traces/traced_network.h"
#include "traces/vcd_text.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace loom::traces {

template <class Encoding> class WaveWriter {
public:
  using Code = typename Encoding::Code;
  // Writes to `out`, which must outlive the writer (until close()).
  explicit WaveWriter(std::ostream& out);
  // Writes to a file of its own (TraceOut::create, createFstOut).
  explicit WaveWriter(std::unique_ptr<TraceOut> out);
  ~WaveWriter();
  WaveWriter(const WaveWriter&) = delete;
  WaveWriter& operator=(const WaveWriter&) = delete;

  // Declares the signals of one network; returns the observer to attach to its engine
  // (or to its NetworkTap). The network must outlive the writer.
  // `clock`: see timeline.h (default: the observer is given global cycles).
  sim::CycleObserver& addNetwork(const TracedNetwork& n, NetClock clock = {});

  // Writes the changes still pending and a final time stamp, and closes the output.
  // Nothing is written after. Returns why not all of the text could be written, if so.
  std::optional<std::string> close();

  uint64_t bytesWritten() const { return out_->size(); }
  // The names of the signals of the `i`th network added, as this file has them.
  WavePaths paths(size_t i) const;

private:
  struct ChannelSig;
  struct PhaseSig;
  class NetObserver;
  struct Net;
  friend class NetObserver;

  // --- events, on the global cycle axis ---
  // During cycle c the callbacks write what changed straight to text: transfers that
  // start (time c) to now_, the state after c (channels, phases; time c + 1) to next_.
  // endCycle() adds the transfers that end and writes both out, in time order.
  void endCycle(uint64_t cycle, Net& net);
  // The time stamp unless the file is at that time already.
  char* stampIfNew(char* p, uint64_t time) {
    if (time == lastStamp_) return p;
    lastStamp_ = time;
    return stamp_.put(p, time);
  }

  // --- header ---
  void ensureHeader() {
    if (!headerDone_) writeHeader();
  }
  void writeHeader();
  void writeScope(std::string& h, const Net& net, const ScopeNode& s) const;
  void writeOp(std::string& h, const Net& net, const OpNode& op) const;
  void writeChannelVars(std::string& h, const ChannelSig& s) const;
  void writeInitialValues();
  Code nextCode() { return Encoding::code(codes_++); }
  void assignChannelCodes(Net& net);

  std::unique_ptr<TraceOut> out_;
  std::vector<std::unique_ptr<Net>> nets_;
  PtrList<ChannelSig> high_;         // channels whose transfer is 1
  size_t highBefore_ = 0;            // of those, on before the current cycle
  TextBuffer now_, next_;            // the current cycle's text at its time, the next
  size_t channels_ = 0, phases_ = 0; // over all networks
  typename Encoding::Stamp stamp_;
  uint64_t lastCycle_ = 0; // the last cycle ended
  bool anyCycle_ = false;  // a cycle has ended
  uint64_t lastStamp_ = 0;
  uint64_t codes_ = 0;
  bool headerDone_ = false;
  bool closed_ = false;
};

// A VCD file (text).
using VcdWriter = WaveWriter<VcdText>;
// The changes for the FST writer (fst.h: createFstOut gives the TraceOut to write to).
using FstWriter = WaveWriter<ChangeRecords>;

extern template class WaveWriter<VcdText>;
extern template class WaveWriter<ChangeRecords>;

} // namespace loom::traces
