// What the harness found: one Finding per violation, rendered as a located text block
// for people and as JSON for tools. Every check produces Findings the same way, so the
// report, the exit code and the tests treat them alike.
#pragma once

#include "dfg/op_names.h"
#include "dfg/rewire.h"
#include "dfg/rules.h"
#include "ir/ir.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::harness {

struct Finding {
  std::string check;       // "static", "ledger", "shape", "access-count", "order", "quiescence",
                           // "results", "memory", "deadlock", "cycle-cap", "op-error",
                           // "runtime-error"
  std::string kind;        // runtime-error: "out-of-bounds", "division-by-zero", ... (below)
  std::string function;    // the accelerated function
  uint64_t invocation = 0; // 1-based; 0 when not tied to one invocation
  std::string summary;     // one line
  // Where (empty fields are left out of the report).
  std::string channel; // "producer:port -> consumer:port"
  std::string op;      // "dataflow.invariant 'k/for0/inv.x'"
  std::string port;    // "input 'd' (port 0)"
  Loc loc;             // the SCF source of the op
  std::string scfOp;   // "scf.for"
  std::string domain;  // "loop body of op #7 (N per activation)"
  // The op is loom-sim's, not the file's (dfg::Node::added): the report says so.
  bool opAdded = false;
  bool hasCounts = false;
  int64_t expected = 0, observed = 0;
  std::string formula;               // expected count as a formula of region counts
  std::vector<std::string> upstream; // path back to the loop-control stream
  std::string cause;                 // the likely mistake and the fix
  std::vector<std::string> details;  // anything else worth a line
  int related = 0;                   // downstream channels off because of this one
  // The signal of `channel` in the run's VCD/FST, as the trace names it (set when a
  // trace is written: traces/hierarchy.h WavePaths).
  std::string wave;

  // The DFG ops the finding is about, for grouping findings by cause (not printed): the
  // op it is located at and the producer of its channel; kNoVertex where there is none.
  static constexpr dfg::Vertex kNoVertex = static_cast<dfg::Vertex>(-1);
  dfg::Vertex vertex = kNoVertex, producer = kNoVertex;
  // The channel it is about, and the channels of `upstream` (for views of the trace).
  std::optional<dfg::EdgeId> edge;
  std::vector<dfg::EdgeId> upstreamEdges;
  // The rewiring the diagnosis names, if any: what `run --try-fix` applies.
  dfg::Rewire rewire;
  // The lowering rule it breaks, where it names one (dfg/rules.h): its mistake.
  dfg::RuleId rule = dfg::RuleId::None;

  nlohmann::json json() const;
  std::string text() const; // the multi-line block
};

// `f`'s text with each scf op its rates and domains count ("op 12") named by `names`.
void nameOps(Finding& f, const dfg::OpNames& names);

// Findings of a whole run, with the counters the summary needs.
struct Report {
  std::vector<Finding> findings;
  // One accelerated call; the figures are the network's (docs/counters.md).
  struct Call {
    std::string function;
    uint64_t invocation = 0;
    uint64_t startCycle = 0; // its first cycle on the run's axis (the token log's numbers)
    uint64_t cycles = 0;     // its span: first cycle through the drain's quiet cycle
    uint64_t transfers = 0;  // tokens pushed in its span
    nlohmann::json latency;  // cycles until the host took its last result (null: never)
    std::vector<std::string> results;
    bool passed = true;
    nlohmann::json loops = nlohmann::json::array(); // per loop: the N vs N+1 structure
  };
  std::vector<Call> calls;
  uint64_t channelsChecked = 0;
  uint64_t accessesChecked = 0;
  bool failed() const { return !findings.empty(); }
};

} // namespace loom::harness
