// The names of every phase of an op's state machine, for a VCD `phase` variable's
// legend. Op::phaseName() names only the current phase, and a VCD header must name
// them all before the run, so the names are listed here by op kind, as the models
// spell them (tests/traces checks the two agree on every phase a run visits).
#pragma once

#include "models/op.h"

#include <string>
#include <vector>

namespace loom::traces {

// Names of phases 0 .. op.phaseCount() - 1; "p<i>" for a kind this table does not know.
std::vector<std::string> phaseNames(const models::Op& op);

} // namespace loom::traces
