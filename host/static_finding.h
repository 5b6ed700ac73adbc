// A static verifier's finding as the harness reports it: the one piece both runs share
// (the accelerator's calls and a DFG run on its own), below either of them.
#pragma once

#include "analysis/static_rules.h"
#include "harness/findings.h"

#include <string>

namespace loom {

// A static verifier's finding on `g`, the network of `function`, as the harness reports
// it: at the op, with the channel the rule names, its path back to the loop control and
// the rewiring that undoes it (`run --try-fix`).
harness::Finding staticFinding(const dfg::Graph& g, const GraphFinding& gf,
                               const std::string& function);

} // namespace loom
