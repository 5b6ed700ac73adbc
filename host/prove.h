// Proven attribution (docs/design.md "Mistakes"): for each mistake with a repair, the
// program runs again with only that mistake's repairs, and the findings the rerun no
// longer has are the ones it explains. Findings that survive every single repair are
// tried against pairs of repairs, then all of them; what no set removes is said to be
// unremoved. Reruns run in forked processes, `jobs` at once, each within `limitSeconds`:
// one that crashes or runs out of time leaves its mistake unproven and never changes
// the first run's verdict.
#pragma once

#include "harness/mistakes.h"
#include "host/program_run.h"

namespace loom {

struct ProveOptions {
  unsigned jobs = 1;
  double limitSeconds = 60;
};

// Replaces each repairable mistake's `explains` by what its rerun shows.
void proveMistakes(const LoadedProgram& prog, const RunSettings& s, const ProgramRun& first,
                   harness::Mistakes& m, const ProveOptions& o);

} // namespace loom
