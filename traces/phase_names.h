// The names of every phase of an op's state machine, for a VCD `phase` variable's
// legend: the op table's (ops/op_table.h), which Op::phaseName() reads too.
#pragma once

#include "models/model.h"

#include <string>
#include <vector>

namespace loom::traces {

// Names of phases 0 .. op.phaseCount() - 1.
std::vector<std::string> phaseNames(const models::Model& op);
// Bits of the trace's `phase` variable of `op` (at least 2: see phase_names.cpp).
unsigned phaseWidth(const models::Model& op);

} // namespace loom::traces
