// The name each finding's channel has in the run's VCD or FST file (Finding::wave): part
// of the run's report. The GTKWave view built on them is present/wave_view.h.
#pragma once

#include "harness/findings.h"
#include "traces/tracer.h"

#include <string>
#include <vector>

namespace loom {

// The traced network of `function` (null if it is not traced).
const traces::Tracer::Waves* wavesOf(const std::vector<traces::Tracer::Waves>& waves,
                                     const std::string& function);

// Sets Finding::wave for every finding on a channel of a traced network.
void nameWaves(std::vector<harness::Finding>& findings,
               const std::vector<traces::Tracer::Waves>& waves);

} // namespace loom
