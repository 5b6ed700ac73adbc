// The static verifier of a lowered DFG (docs/design.md "The harness", the static verifier): every
// port connected exactly once; body-local invariants, body control, memory-control carries and body
// cond_brs driven by after_cond; iter-arg carries and boundary splits driven by raw_will_continue;
// each access with one ctrl, one done and one data path; the return control post-dominating every
// done token; no ctrl path between two memory groups except the final join. Each finding names the
// op, the port and the source location.
#pragma once

#include "dfg/dfg.h"
#include "dfg/rewire.h"
#include "dfg/rules.h"

#include <optional>
#include <string>
#include <vector>

namespace loom {

struct GraphFinding {
  std::string check;                    // short name of the rule, e.g. "ports", "invariant-on-raw"
  Diag diag;                            // located at the op's source, message names op and port
  dfg::Vertex vertex = 0;               // the op
  dfg::Rewire rewire;                   // the fix, where the rule names one (raw vs gated control)
  dfg::RuleId rule = dfg::RuleId::None; // the lowering rule it breaks (dfg/rules.h)
};

// All violations, in a stable order.
std::vector<GraphFinding> checkGraph(const dfg::Graph& g);

// The first violation, if any.
std::optional<Diag> verifyGraph(const dfg::Graph& g);

} // namespace loom
