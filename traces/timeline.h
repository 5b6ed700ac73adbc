// Timeline: one cycle axis for a whole run that uses several networks.
//
// Every network has its own engine and so its own cycle counter, which advances only
// while that network runs. The host runs one network at a time (an accelerated call
// runs to completion, including the drain after it, before the program goes on), so
// the run is a sequence of network cycles. The global cycle numbers that sequence:
// a network's cycles are placed right after the last global cycle of whichever
// network ran before it, and host code between calls takes no time. So:
//   - within one network, global cycle = local cycle + a constant while it keeps
//     running (cycle differences, II and latencies, are the network's own);
//   - the global axis has no gaps and no overlaps; its length is the sum of all
//     networks' cycles, which is the sum of the calls' spans (Accelerator::totalCycles(),
//     the summary line's cycles; docs/counters.md), and a call's first global cycle is
//     the report's start_cycle;
//   - a network that is not running shows no activity (its signals hold).
//
// NetworkTap is the engine-side end when a network has several tracers: the one
// CycleObserver attached to its engine; it translates the engine's cycles to global
// cycles and forwards every callback to the tracers (VCD, token log, loop probe,
// progress) in order. A lone tracer is attached directly, with a NetClock.
#pragma once

#include "sim/observer.h"

#include <cstdint>
#include <vector>

namespace loom::traces {

class Timeline {
public:
  // A new network; returns its number.
  uint32_t addNetwork();
  // The global cycle of local cycle `local` of network `net`. Switching networks
  // re-anchors `net` at the end of the axis.
  uint64_t toGlobal(uint32_t net, uint64_t local) {
    if (net != current_) anchor(net, local);
    return static_cast<uint64_t>(static_cast<int64_t>(local) + offsets_[net]);
  }
  // Global cycle `g` is over.
  void endCycle(uint64_t g) { end_ = g + 1; }
  // One past the last global cycle that ended (the axis' length so far).
  uint64_t end() const { return end_; }

private:
  void anchor(uint32_t net, uint64_t local);

  std::vector<int64_t> offsets_;
  uint32_t current_ = UINT32_MAX;
  uint64_t end_ = 0;
};

// How a tracer's per-network observer gets global cycles. Behind a NetworkTap (or on a
// lone network) the cycles it is given are already global: the default. Attached
// straight to an engine, as the only tracer of a network, it translates them itself,
// which saves the tap's extra call per event (tracers see tens of millions).
struct NetClock {
  Timeline* timeline = nullptr;
  uint32_t net = 0;
  uint64_t global(uint64_t local) const {
    return timeline ? timeline->toGlobal(net, local) : local;
  }
  // Call once per cycle, after the cycle's callbacks, with the global cycle.
  void endCycle(uint64_t g) const {
    if (timeline) timeline->endCycle(g);
  }
};

class NetworkTap : public sim::CycleObserver {
public:
  NetworkTap(Timeline& timeline, uint32_t net) : timeline_(timeline), net_(net) {}
  // Forward to `o` as well (in the order added).
  void add(sim::CycleObserver& o) { sinks_.push_back(&o); }
  bool empty() const { return sinks_.empty(); }

  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override;
  void channelsChanged(uint64_t cycle, const sim::ChannelReport* reports, size_t n,
                       const models::Channel* channels) override;
  void phaseChanged(uint64_t cycle, uint32_t index, const models::Model& op, int oldPhase,
                    int newPhase) override;
  void cycleEnd(uint64_t cycle) override;
  bool needsChannelOrder() const override {
    for (const sim::CycleObserver* o : sinks_)
      if (o->needsChannelOrder()) return true;
    return false;
  }

private:
  Timeline& timeline_;
  uint32_t net_;
  std::vector<sim::CycleObserver*> sinks_;
};

} // namespace loom::traces
