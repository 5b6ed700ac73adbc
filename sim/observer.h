// CycleObserver: what a tracer (VCD writer, token log) sees of a run, change-only.
//
// An engine with an observer attached reports, at the end of every cycle c:
//   - channelChanged, once, for every channel pushed or popped in c, after the cycle's
//     commits: the channel's start-of-cycle-(c+1) state (count(), front(), ready(), the
//     pushed token as peek(count() - 1)) is readable, and `change` says what moved in
//     c. Engines hand over the cycle's reports in one channelsChanged() call, which
//     makes the channelChanged() calls unless the observer takes the batch itself;
//   - phaseChanged for every op whose phase() differs from the one it had before c;
//   - cycleEnd(c) once, after the two above.
// Within a cycle, channels come in index order and ops in index order, whichever
// engine runs, so two engines give identical callback sequences (an observer for which
// only the set of a cycle's changes matters, like the VCD writer, can waive the channel
// order with needsChannelOrder(): then channels come in the order they moved, which is
// the same from run to run of one engine). Channels and ops
// that did not change are not reported: a VCD writer emits only what changed.
//
// Without an observer an engine does none of this work (one untaken branch per
// cycle), so tracing costs nothing when it is off.
#pragma once

#include "models/channel.h"
#include "models/model.h"

#include <cstddef>
#include <cstdint>

namespace loom::sim {

struct ChannelChange {
  bool pushed = false;
  bool popped = false;
};

// One channel's report in a cycle's batch.
struct ChannelReport {
  uint32_t index;
  ChannelChange change;
};

class CycleObserver {
public:
  virtual ~CycleObserver() = default;
  virtual void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                              ChannelChange change) = 0;
  // The cycle's reports at once; report r is about channels[r.index] (the circuit's
  // channel array). A tracer that sees tens of millions of reports overrides this to
  // save a call per channel.
  virtual void channelsChanged(uint64_t cycle, const ChannelReport* reports, size_t n,
                               const models::Channel* channels) {
    for (const ChannelReport* r = reports; r != reports + n; ++r)
      channelChanged(cycle, r->index, channels[r->index], r->change);
  }
  virtual void phaseChanged(uint64_t cycle, uint32_t index, const models::Model& op, int oldPhase,
                            int newPhase) = 0;
  virtual void cycleEnd(uint64_t cycle) {}
  // Asked once, when the observer is attached (see above).
  virtual bool needsChannelOrder() const { return true; }
};

} // namespace loom::sim
