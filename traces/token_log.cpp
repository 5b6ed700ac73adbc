#include "traces/token_log.h"

#include "support/version.h"
#include "traces/value_text.h"

#include <charconv>

namespace loom::traces {

namespace {

constexpr size_t kMaxTokenLine = 96; // two numbers, a value, separators

char* putNumber(char* p, uint64_t n) {
  return std::to_chars(p, p + 24, n).ptr;
}

} // namespace

class TokenLog::NetObserver : public sim::CycleObserver {
public:
  NetObserver(TokenLog& log, uint32_t base, NetClock clock)
      : log_(log), base_(base), clock_(clock) {}
  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override {
    if (change.pushed) log_.token(clock_.global(cycle), base_ + index, ch);
  }
  void phaseChanged(uint64_t, uint32_t, const models::Model&, int, int) override {}
  void cycleEnd(uint64_t cycle) override { clock_.endCycle(clock_.global(cycle)); }

private:
  TokenLog& log_;
  uint32_t base_;
  NetClock clock_;
};

TokenLog::TokenLog(std::ostream& out) : TokenLog(std::make_unique<TraceOut>(out)) {}

TokenLog::TokenLog(std::unique_ptr<TraceOut> out) : out_(std::move(out)) {
  out_->append("# " + versionLine() +
               " token log: one line per token, <cycle> <channel> <value>; <cycle> is "
               "the global cycle its producer pushed it in (the consumer sees it from the next "
               "cycle)\n");
}

TokenLog::~TokenLog() {
  close();
}

sim::CycleObserver& TokenLog::addNetwork(const TracedNetwork& n, NetClock clock) {
  const sim::Circuit& c = n.circuit();
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    const models::Channel& ch = c.channel(i);
    out_->append("# channel " + std::to_string(channels_ + i) + " " + ch.type().str() + " " +
                 ch.name() + "\n");
  }
  nets_.push_back(std::make_unique<NetObserver>(*this, channels_, clock));
  channels_ += static_cast<uint32_t>(c.numChannels());
  return *nets_.back();
}

void TokenLog::token(uint64_t cycle, uint32_t channel, const models::Channel& ch) {
  // After the commit the pushed token is the newest one held.
  token(cycle, channel, ch.peek(ch.count() - 1), ch.type());
}

void TokenLog::token(uint64_t cycle, uint32_t channel, Bits value, const Type& type) {
  ++tokens_;
  char* p = out_->room(kMaxTokenLine);
  p = putNumber(p, cycle);
  *p++ = ' ';
  p = putNumber(p, channel);
  *p++ = ' ';
  p = putValue(p, value, type);
  *p++ = '\n';
  out_->commit(p);
  out_->poll();
}

std::optional<std::string> TokenLog::close() {
  return out_->close();
}

} // namespace loom::traces
