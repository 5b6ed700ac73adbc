#include "traces/tracer.h"

namespace loom::traces {

namespace {

// The writers hand the stream ~1 MB at a time, so its own buffer hardly matters.
bool openFile(std::ofstream& f, const std::string& path) {
  f.open(path, std::ios::binary | std::ios::trunc);
  return static_cast<bool>(f);
}

} // namespace

Tracer::Tracer(TraceOptions options)
    : options_(std::move(options)),
      progress_(stderr, options_.progress ? Progress::Mode::Auto : Progress::Mode::Never) {}

Tracer::~Tracer() {
  // finish() is the normal end; without it, at least leave complete files behind.
  if (vcd_) vcd_->close();
  if (tokens_) tokens_->close();
}

std::optional<std::string> Tracer::open() {
  if (!options_.vcd.empty()) {
    if (!openFile(vcdFile_, options_.vcd))
      return "cannot create the VCD file '" + options_.vcd + "'";
    vcd_ = std::make_unique<VcdWriter>(vcdFile_);
  }
  if (!options_.tokens.empty()) {
    if (!openFile(tokenFile_, options_.tokens))
      return "cannot create the token log '" + options_.tokens + "'";
    tokens_ = std::make_unique<TokenLog>(tokenFile_);
  }
  if (!options_.stats.empty()) {
    // Created now, so that a bad path fails before the run, not after it.
    std::ofstream probe(options_.stats);
    if (!probe) return "cannot create the stats file '" + options_.stats + "'";
    stats_ = std::make_unique<StatsCollector>();
  }
  return std::nullopt;
}

void Tracer::addNetwork(const TracedNetwork& n) {
  if (!active()) return;
  uint32_t id = timeline_.addNetwork();
  int tracers =
      (vcd_ ? 1 : 0) + (tokens_ ? 1 : 0) + (stats_ ? 1 : 0) + (progress_.enabled() ? 1 : 0);
  // A lone tracer goes straight on the engine and keeps the time axis itself; several
  // share a tap, which does it for them.
  NetClock clock = tracers == 1 ? NetClock{&timeline_, id} : NetClock{};
  std::vector<sim::CycleObserver*> sinks;
  if (vcd_) sinks.push_back(&vcd_->addNetwork(n, clock));
  if (tokens_) sinks.push_back(&tokens_->addNetwork(n, clock));
  if (stats_) sinks.push_back(&stats_->addNetwork(n));
  if (progress_.enabled()) sinks.push_back(&progress_.addNetwork(n));
  if (sinks.size() == 1) {
    n.network->engine().setObserver(sinks[0]);
  } else {
    auto tap = std::make_unique<NetworkTap>(timeline_, id);
    for (sim::CycleObserver* s : sinks)
      tap->add(*s);
    n.network->engine().setObserver(tap.get());
    taps_.push_back(std::move(tap));
  }
  networks_.push_back(n.network);
}

std::optional<std::string> Tracer::finish() {
  if (finished_) return std::nullopt;
  finished_ = true;
  progress_.finish();
  for (sim::Network* n : networks_)
    n->engine().setObserver(nullptr);
  std::optional<std::string> err;
  if (vcd_) {
    vcd_->close();
    vcdFile_.close();
    if (!vcdFile_) err = "cannot write the VCD file '" + options_.vcd + "'";
  }
  if (tokens_) {
    tokens_->close();
    tokenFile_.close();
    if (!tokenFile_ && !err) err = "cannot write the token log '" + options_.tokens + "'";
  }
  if (stats_)
    if (auto e = stats_->write(options_.stats); e && !err) err = e;
  return err;
}

} // namespace loom::traces
