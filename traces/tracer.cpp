#include "traces/tracer.h"

#include "traces/fst.h"

#include <fstream>

namespace loom::traces {

namespace {

std::unique_ptr<TraceOut> createFile(const std::string& path, const std::string& what,
                                     std::optional<std::string>& err) {
  std::string why;
  auto out = TraceOut::create(path, why);
  if (!out) err = "cannot create the " + what + " '" + path + "': " + why;
  return out;
}

} // namespace

Tracer::Tracer(TraceOptions options)
    : options_(std::move(options)),
      progress_(stderr, options_.progress ? terminal::Progress::Mode::Auto
                                          : terminal::Progress::Mode::Never) {}

Tracer::~Tracer() {
  // finish() is the normal end; without it, at least leave complete files behind.
  if (vcd_) vcd_->close();
  if (fst_) fst_->close();
  if (tokens_) tokens_->close();
}

std::optional<std::string> Tracer::open() {
  std::optional<std::string> err;
  if (!options_.vcd.empty()) {
    auto out = createFile(options_.vcd, "VCD file", err);
    if (!out) return err;
    vcd_ = std::make_unique<VcdWriter>(std::move(out));
  }
  if (!options_.fst.empty()) {
    std::string why;
    auto out = createFstOut(options_.fst, why);
    if (!out) return "cannot create the FST file '" + options_.fst + "': " + why;
    fst_ = std::make_unique<FstWriter>(std::move(out));
  }
  if (!options_.tokens.empty()) {
    auto out = createFile(options_.tokens, "token log", err);
    if (!out) return err;
    tokens_ = std::make_unique<TokenLog>(std::move(out));
  }
  if (!options_.stats.empty()) {
    // Created now, so that a bad path fails before the run, not after it.
    std::ofstream probe(options_.stats);
    if (!probe) return "cannot create the stats file '" + options_.stats + "'";
    stats_ = std::make_unique<StatsCollector>();
  }
  if (options_.activity) activity_ = std::make_unique<ActivityCollector>();
  return std::nullopt;
}

void Tracer::addNetwork(const TracedNetwork& n) {
  if (!active()) return;
  uint32_t id = timeline_.addNetwork();
  int tracers = (vcd_ ? 1 : 0) + (fst_ ? 1 : 0) + (tokens_ ? 1 : 0) + (stats_ ? 1 : 0) +
                (activity_ ? 1 : 0) + (progress_.enabled() ? 1 : 0);
  // A lone tracer goes straight on the engine and keeps the time axis itself; several
  // share a tap, which does it for them.
  NetClock clock = tracers == 1 ? NetClock{&timeline_, id} : NetClock{};
  std::vector<sim::CycleObserver*> sinks;
  if (vcd_) sinks.push_back(&vcd_->addNetwork(n, clock));
  if (fst_) sinks.push_back(&fst_->addNetwork(n, clock));
  if (tokens_) sinks.push_back(&tokens_->addNetwork(n, clock));
  if (stats_) sinks.push_back(&stats_->addNetwork(n));
  if (activity_) sinks.push_back(&activity_->addNetwork(n));
  if (progress_.enabled()) sinks.push_back(&progress_.addNetwork(n.circuit()));
  if (sinks.size() == 1) {
    n.network->engine().setObserver(sinks[0]);
  } else {
    auto tap = std::make_unique<NetworkTap>(timeline_, id);
    for (sim::CycleObserver* s : sinks)
      tap->add(*s);
    n.network->engine().setObserver(tap.get());
    taps_.push_back(std::move(tap));
  }
  traced_.push_back(n);
}

std::vector<Tracer::Waves> Tracer::waves() const {
  std::vector<Waves> out;
  if (!vcd_ && !fst_) return out;
  for (size_t i = 0; i < traced_.size(); ++i)
    out.push_back({traced_[i], vcd_ ? vcd_->paths(i) : fst_->paths(i)});
  return out;
}

std::optional<std::string> Tracer::finish() {
  if (finished_) return std::nullopt;
  finished_ = true;
  progress_.finish();
  for (const TracedNetwork& n : traced_)
    n.network->engine().setObserver(nullptr);
  std::optional<std::string> err;
  if (vcd_)
    if (auto e = vcd_->close()) err = "cannot write the VCD file '" + options_.vcd + "': " + *e;
  if (fst_)
    if (auto e = fst_->close(); e && !err)
      err = "cannot write the FST file '" + options_.fst + "': " + *e;
  if (tokens_)
    if (auto e = tokens_->close(); e && !err)
      err = "cannot write the token log '" + options_.tokens + "': " + *e;
  if (stats_)
    if (auto e = stats_->write(options_.stats); e && !err) err = e;
  return err;
}

} // namespace loom::traces
