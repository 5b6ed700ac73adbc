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

  void channelChanged(uint64_t, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override {
    noteFull(index, ch);
    if (change.pushed) count(1);
  }
  void channelsChanged(uint64_t, const sim::ChannelReport* reports, size_t n,
                       const models::Channel* channels) override {
    uint64_t pushed = 0;
    for (const sim::ChannelReport* r = reports; r != reports + n; ++r) {
      pushed += r->change.pushed ? 1 : 0;
      noteFull(r->index, channels[r->index]);
    }
    if (pushed) count(pushed);
  }
  void phaseChanged(uint64_t, uint32_t, const models::Model&, int, int) override {}
  bool needsChannelOrder() const override { return false; }

  const std::vector<CallActivity>& calls() const { return calls_; }
  const std::string& function() const { return info_.function; }

  // The cycles each channel was full, up to the engine's current cycle.
  std::vector<uint64_t> fullCycles() const {
    std::vector<uint64_t> out = full_;
    const uint64_t now = info_.network->engine().cycle();
    for (size_t i = 0; i < since_.size(); ++i)
      if (since_[i] != kNever && now > since_[i]) out[i] += now - since_[i];
    return out;
  }

private:
  static constexpr uint64_t kNever = ~uint64_t(0);

  // After the cycle's commits the channel's state is the next cycle's: a channel full now
  // is full from the next cycle on, until a change leaves room.
  void noteFull(uint32_t index, const models::Channel& ch) {
    if (since_.empty()) {
      since_.assign(info_.network->circuit().numChannels(), kNever);
      full_.assign(since_.size(), 0);
    }
    if (index >= since_.size()) return;
    const uint64_t next = info_.network->engine().cycle() + 1;
    if (!ch.ready()) {
      if (since_[index] == kNever) since_[index] = next;
    } else if (since_[index] != kNever) {
      full_[index] += next - since_[index];
      since_[index] = kNever;
    }
  }

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
  std::vector<uint64_t> since_, full_; // per channel: full since (kNever: not full), total
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

std::vector<uint64_t> ActivityCollector::fullCycles(const std::string& function) const {
  for (const auto& p : probes_)
    if (p->function() == function) return p->fullCycles();
  return {};
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
