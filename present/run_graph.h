// The networks of a run as a graph (`run --dot`, `--svg`, `--html`): every channel's
// tokens over the run against its rate's count, and the findings' ops and channels,
// which dfg/print_dot.h draws in red.
#pragma once

#include "dfg/print_dot.h"
#include "host/program_run.h"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom {

struct RunGraphs {
  std::vector<std::string> functions;    // the accelerated functions with a network
  std::vector<const dfg::Graph*> graphs; // their networks, in the same order
  std::map<const dfg::Graph*, dfg::DotRun> runs;
};

// After run(): what the run adds to each network. The token counts are there when the
// run counted them (AccelOptions::channelTotals).
RunGraphs runGraphs(const ProgramRun& run);

// A loop's critical recurrence (the report's loop record, its bottleneck) on `g`: each op
// of the way round with the channel its token comes in on (none for the carry), then the
// channel closing the round into the carry. Null for a loop bound by its stream, or one
// whose ops `g` does not have.
struct CriticalPath {
  struct Step {
    dfg::Vertex op;
    std::optional<dfg::EdgeId> in;
  };
  std::vector<Step> steps;
  std::optional<dfg::EdgeId> closing;
};
std::optional<CriticalPath> criticalPath(const nlohmann::json& loop, const dfg::Graph& g);

// The channel a finding names, as Graph::describe names it in `g` ("" if none).
std::string findingChannel(const harness::Finding& f, const dfg::Graph& g);

// Every network in one `digraph`, with `ids` (dfg::DotOptions::ids) if asked.
std::string runGraphDot(const RunGraphs& graphs, bool ids);

} // namespace loom
