#include "host/finding_waves.h"

namespace loom {

using traces::Tracer;

const Tracer::Waves* wavesOf(const std::vector<Tracer::Waves>& waves, const std::string& function) {
  for (const Tracer::Waves& w : waves)
    if (w.network.function == function && w.network.graph && w.network.opOfVertex) return &w;
  return nullptr;
}

void nameWaves(std::vector<harness::Finding>& findings, const std::vector<Tracer::Waves>& waves) {
  for (harness::Finding& f : findings) {
    if (!f.edge) continue;
    if (const Tracer::Waves* w = wavesOf(waves, f.function))
      f.wave = w->paths.channel[w->network.channelOf(*f.edge)];
  }
}

} // namespace loom
