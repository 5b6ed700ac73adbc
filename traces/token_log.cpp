#include "traces/token_log.h"

#include "traces/value_text.h"

#include <charconv>

namespace loom::traces {

namespace {

constexpr size_t kSpillBytes = 1 << 20;

void appendNumber(std::string& out, uint64_t n) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, static_cast<size_t>(r.ptr - buf));
}

} // namespace

class TokenLog::NetObserver : public sim::CycleObserver {
public:
  NetObserver(TokenLog& log, uint32_t base) : log_(log), base_(base) {}
  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      sim::ChannelChange change) override {
    if (change.pushed) log_.token(cycle, base_ + index, ch);
  }
  void phaseChanged(uint64_t, uint32_t, const models::Op&, int, int) override {}

private:
  TokenLog& log_;
  uint32_t base_;
};

TokenLog::TokenLog(std::ostream& out) : stream_(out) {
  out_.reserve(kSpillBytes + (1 << 12));
  out_ += "# loom-sim token log: one line per token, <cycle> <channel> <value>; <cycle> is the "
          "global cycle its producer pushed it in (the consumer sees it from the next cycle)\n";
}

TokenLog::~TokenLog() {
  close();
}

sim::CycleObserver& TokenLog::addNetwork(const TracedNetwork& n) {
  const sim::Circuit& c = n.circuit();
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    const models::Channel& ch = c.channel(i);
    out_ += "# channel " + std::to_string(channels_ + i) + " " + ch.type().str() + " " + ch.name() +
            "\n";
  }
  nets_.push_back(std::make_unique<NetObserver>(*this, channels_));
  channels_ += static_cast<uint32_t>(c.numChannels());
  return *nets_.back();
}

void TokenLog::token(uint64_t cycle, uint32_t channel, const models::Channel& ch) {
  ++tokens_;
  appendNumber(out_, cycle);
  out_.push_back(' ');
  appendNumber(out_, channel);
  out_.push_back(' ');
  // After the commit the pushed token is the newest one held.
  appendValue(out_, ch.peek(ch.count() - 1), ch.type());
  out_.push_back('\n');
  if (out_.size() >= kSpillBytes) spill();
}

void TokenLog::spill() {
  stream_.write(out_.data(), static_cast<std::streamsize>(out_.size()));
  out_.clear();
}

void TokenLog::close() {
  if (closed_) return;
  spill();
  stream_.flush();
  closed_ = true;
}

} // namespace loom::traces
