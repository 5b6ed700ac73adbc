// CycleObserver: what a tracer (VCD writer, token log) sees of a run, change-only.
//
// An engine with an observer attached reports, at the end of every cycle c:
//   - channelChanged for every channel pushed or popped in c, after its commit: the
//     channel's start-of-cycle-(c+1) state (count(), front(), ready(), the pushed token
//     as peek(count() - 1)) is readable, and `change` says what moved in c;
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
#include "models/op.h"

#include <cstdint>

namespace loom::sim {

struct ChannelChange {
  bool pushed = false;
  bool popped = false;
};

class CycleObserver {
public:
  virtual ~CycleObserver() = default;
  virtual void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                              ChannelChange change) = 0;
  virtual void phaseChanged(uint64_t cycle, uint32_t index, const models::Op& op, int oldPhase,
                            int newPhase) = 0;
  virtual void cycleEnd(uint64_t cycle) {}
  // Asked once, when the observer is attached (see above).
  virtual bool needsChannelOrder() const { return true; }
};

} // namespace loom::sim
