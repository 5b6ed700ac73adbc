// Findings grouped by cause (docs/design.md "Causes and consequences").
//
// One miswire shows as many findings: the channel it makes long, every channel and op
// downstream, the latched tokens, the results. A group is led by a root cause, a
// finding that names a mistake (a diagnosed cause, or a static check of the network),
// and folds the findings it explains:
//   - the same finding in the call's other invocations (its repeats);
//   - each finding whose op lies downstream of the cause's op (the nearest cause, by
//     channels walked), except that a static finding is always a cause and a ledger
//     finding (its producer had every input right) folds only under a static one;
//   - in a call whose accesses were out of program order (an order finding no static
//     cause explains), every other run-time finding goes to that order finding: the
//     data the call loaded were not the program's, and its counts and results follow;
//   - a finding with no op of its own (results, a stop) goes to the cause of its call
//     whose op its wait-for chain passes last, else to its call's first cause; a stop
//     that names a rule (a loop without its zero-trip guard) goes to a cause of its call
//     that names the same one.
// A finding that no cause explains leads a group of its own.
#pragma once

#include "harness/findings.h"

#include <functional>
#include <string>
#include <vector>

namespace loom::harness {

struct CauseGroup {
  size_t root = 0;               // index into the findings
  std::vector<size_t> repeats;   // the root's finding in other invocations
  std::vector<size_t> explained; // the findings it explains, in report order
};

// The network of an accelerated function (null if there is none to walk).
using GraphOf = std::function<const dfg::Graph*(const std::string& function)>;

std::vector<CauseGroup> groupByCause(const std::vector<Finding>& findings, const GraphOf& graphOf);

// How much of the findings a root explains the terminal shows: their count only
// (`--brief`), a line each (a stop with its wait-for chain), or each whole block
// (`--expand`).
enum class Detail : uint8_t { Brief, Lines, Blocks };

// The groups as the terminal shows them: each root's block, its calls, the count of the
// findings it explains by check, then those findings at `detail`.
std::string causesText(const std::vector<Finding>& findings, const std::vector<CauseGroup>& groups,
                       Detail detail);

// The groups for the JSON report: root, repeats and explained as finding indices, and the
// explained findings counted by check.
nlohmann::json causesJson(const std::vector<Finding>& findings,
                          const std::vector<CauseGroup>& groups);

} // namespace loom::harness
