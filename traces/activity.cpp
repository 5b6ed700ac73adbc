#include "traces/activity.h"

namespace loom::traces {

void CallActivity::add(uint64_t offset, uint64_t n) {
  while (offset / width >= kMaxActivityBuckets) {
    // Twice as wide: neighbouring buckets merge, and the call keeps at most half of them.
    std::vector<uint64_t> merged((transfers.size() + 1) / 2, 0);
    for (size_t i = 0; i < transfers.size(); ++i)
      merged[i / 2] += transfers[i];
    transfers = std::move(merged);
    width *= 2;
  }
  size_t b = static_cast<size_t>(offset / width);
  if (b >= transfers.size()) transfers.resize(b + 1, 0);
  transfers[b] += n;
}

uint64_t CallActivity::total() const {
  uint64_t t = 0;
  for (uint64_t n : transfers)
    t += n;
  return t;
}

// One network's observer. Every cycle a network runs belongs to the call begun last
// (sim/network.h), so a new invocation number starts the next call's buckets, and the
// engine's own cycle counter, which the callbacks see before it advances, places a
// push within the call whatever time axis the callbacks are given.
class ActivityCollector::Probe : public sim::CycleObserver {
public:
  explicit Probe(const TracedNetwork& n) : info_(n) {}

  void channelChanged(uint64_t, uint32_t, const models::Channel&,
                      sim::ChannelChange change) override {
    if (change.pushed) count(1);
  }
  void channelsChanged(uint64_t, const sim::ChannelReport* reports, size_t n,
                       const models::Channel*) override {
    uint64_t pushed = 0;
    for (const sim::ChannelReport* r = reports; r != reports + n; ++r)
      pushed += r->change.pushed ? 1 : 0;
    if (pushed) count(pushed);
  }
  void phaseChanged(uint64_t, uint32_t, const models::Model&, int, int) override {}
  bool needsChannelOrder() const override { return false; }

  const std::vector<CallActivity>& calls() const { return calls_; }

private:
  void count(uint64_t n) {
    const sim::Network& net = *info_.network;
    if (net.invocations() == 0) return; // no call yet: nothing the report counts
    if (calls_.empty() || calls_.back().invocation != net.invocations()) startCall(net);
    calls_.back().add(net.engine().cycle() - start_, n);
  }
  void startCall(const sim::Network& net) {
    sim::CallSpan span = net.lastCall();
    start_ = span.start;
    CallActivity a;
    a.function = info_.function;
    a.invocation = net.invocations();
    calls_.push_back(std::move(a));
  }

  TracedNetwork info_;
  uint64_t start_ = 0; // the current call's first cycle, on the network's own axis
  std::vector<CallActivity> calls_;
};

ActivityCollector::ActivityCollector() = default;
ActivityCollector::~ActivityCollector() = default;

sim::CycleObserver& ActivityCollector::addNetwork(const TracedNetwork& n) {
  probes_.push_back(std::make_unique<Probe>(n));
  return *probes_.back();
}

std::vector<CallActivity> ActivityCollector::calls() const {
  std::vector<CallActivity> out;
  for (const auto& p : probes_)
    out.insert(out.end(), p->calls().begin(), p->calls().end());
  return out;
}

nlohmann::json activityJson(const std::vector<CallActivity>& calls) {
  nlohmann::json out = nlohmann::json::array();
  for (const CallActivity& c : calls)
    out.push_back({{"function", c.function},
                   {"invocation", c.invocation},
                   {"width", c.width},
                   {"transfers", c.transfers}});
  return out;
}

} // namespace loom::traces
