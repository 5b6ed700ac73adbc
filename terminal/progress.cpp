#include "terminal/progress.h"

#include "support/numbers.h"
#include "terminal/status_line.h"

#include <unistd.h>

namespace loom::terminal {

namespace {

std::string rateText(double perSecond) {
  char buf[32];
  if (perSecond >= 1e6)
    std::snprintf(buf, sizeof buf, "%.1fM", perSecond / 1e6);
  else if (perSecond >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1fk", perSecond / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", perSecond);
  return buf;
}

} // namespace

class Progress::NetObserver : public sim::CycleObserver {
public:
  explicit NetObserver(Progress& p) : p_(p) {}
  void channelChanged(uint64_t, uint32_t, const models::Channel&, sim::ChannelChange) override {}
  void phaseChanged(uint64_t, uint32_t, const models::Model&, int, int) override {}
  void cycleEnd(uint64_t) override { p_.cycleDone(); }

private:
  Progress& p_;
};

Progress::Progress(std::FILE* out, Mode mode, std::chrono::milliseconds interval)
    : out_(out), interval_(interval) {
  enabled_ = mode == Mode::Always || (mode == Mode::Auto && out && isatty(fileno(out)));
}

Progress::~Progress() {
  finish();
}

sim::CycleObserver& Progress::addNetwork(const sim::Circuit& circuit) {
  circuits_.push_back(&circuit);
  nets_.push_back(std::make_unique<NetObserver>(*this));
  return *nets_.back();
}

void Progress::cycleDone() {
  if (!started_) {
    started_ = true;
    start_ = lastDraw_ = Clock::now();
  }
  // The clock is not free: look at it once per 1024 cycles.
  if ((++cycles_ & 1023) == 0) maybeDraw();
}

void Progress::maybeDraw() {
  if (!enabled_) return;
  Clock::time_point now = Clock::now();
  if (now - lastDraw_ < interval_) return;
  lastDraw_ = now;
  if (StatusLine::show(out_, line())) drawn_ = true;
}

uint64_t Progress::tokens() const {
  uint64_t t = 0;
  for (const sim::Circuit* c : circuits_)
    for (uint32_t i = 0; i < c->numChannels(); ++i)
      t += c->channel(i).pushes();
  return t;
}

std::string Progress::line() const {
  uint64_t t = tokens();
  double seconds = started_ ? std::chrono::duration<double>(Clock::now() - start_).count() : 0;
  std::string s = "loom-sim: " + withCommas(cycles_) + " cycles, " + withCommas(t) + " tokens";
  if (seconds > 0) s += ", " + rateText(static_cast<double>(t) / seconds) + " tokens/s";
  return s;
}

void Progress::finish() {
  if (drawn_) StatusLine::clear();
  drawn_ = false;
  enabled_ = false;
}

} // namespace loom::terminal
