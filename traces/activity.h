// Activity: the tokens every accelerated call moved, per cycle bucket, for the plot of
// `run --html` (TraceOptions::activity), and the cycles each channel was full, for its
// graph's tooltips.
//
// A transfer is a push into a channel, counted in the cycle of the push, as the report
// counts a call's transfers (docs/counters.md "Transfers"), so a call's buckets add up
// to its report's "transfers". Each call is bucketed on its own cycles, from its first
// cycle (the report's start_cycle on the run's axis): bucket b holds the transfers of
// the call's cycles [b * width, (b + 1) * width). The width starts at one cycle and
// doubles whenever a call would need more than kMaxBuckets buckets, so a call of fifty
// million cycles costs a few kilobytes, and a short one is drawn cycle by cycle.
#pragma once

#include "sim/observer.h"
#include "traces/traced_network.h"

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace loom::traces {

constexpr size_t kMaxActivityBuckets = 400;

// The transfers of one call, bucketed from its first cycle.
struct CallActivity {
  std::string function;
  uint64_t invocation = 0; // 1-based, as the report numbers the function's calls
  uint64_t width = 1;      // cycles per bucket (a power of two)
  std::vector<uint64_t> transfers;
  // Counts `n` transfers in cycle `offset` of the call (offset 0: its first cycle).
  void add(uint64_t offset, uint64_t n);
  uint64_t total() const;
};

class ActivityCollector {
public:
  ActivityCollector();
  ~ActivityCollector();
  // Returns the observer to attach to the network's engine (or its tap).
  sim::CycleObserver& addNetwork(const TracedNetwork& n);
  // Every call seen so far, network by network, each network's in call order.
  std::vector<CallActivity> calls() const;
  // Per channel of `function`'s circuit, the cycles it was full (its producer could not
  // push into it) over every call so far; empty for a function not traced.
  std::vector<uint64_t> fullCycles(const std::string& function) const;

private:
  class Probe;
  std::vector<std::unique_ptr<Probe>> probes_;
};

// [{"function", "invocation", "width", "transfers": [...]}, ...]
nlohmann::json activityJson(const std::vector<CallActivity>& calls);

} // namespace loom::traces
