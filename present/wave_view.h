// A run's findings, seen in its trace: the GTKWave view `run --gtkw` writes
// (traces/gtkw.h), on the names host/finding_waves.h gives each finding's channel.
//
// The view opens on the bug: for each root cause (harness/causes.h) a group with its
// channel's valid/ready/data/transfer, the phases of the channel's producer and
// consumer, and the channels of its upstream path back to the loop-control stream (the
// stream's phase last), then the channels of the first three findings it explains (where
// the extra token ends up) with their consumers' phases; the cursor and marker A on the first root
// cause's cycle (the end of the call it is seen in: where a latched token sits, a deadlock has
// stopped, a count is complete), one marker per further cause, then one at the start of each
// accelerated call. Then each loop's critical recurrence (docs/performance-analysis.md): the
// channels of its way round op by op with each op's phase, the loops slower than their
// bound first; without findings the view opens on the first of them (its call shown, the
// cursor on its start), and each loop's raw_will_continue and after_cond follow, closed.
#pragma once

#include "harness/causes.h"
#include "harness/findings.h"
#include "traces/gtkw.h"
#include "traces/tracer.h"

#include <string>
#include <vector>

namespace loom {

// The view of trace `dumpFile` (an absolute path) for a run's report.
traces::WaveView waveView(const std::string& dumpFile, const harness::Report& report,
                          const std::vector<harness::CauseGroup>& causes,
                          const std::vector<traces::Tracer::Waves>& waves);

} // namespace loom
