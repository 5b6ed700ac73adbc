// One call of a DFG on its own, as `loom-sim sim` does it, for a user's own driver: a
// graph read from text (possibly edited by hand), arguments given as values, no SCF
// program. Without the program there is no golden run, so the checks are the static
// verifier, quiescence after the call (tokens latched in a channel, named at the op and
// input they wait in with the path back to the loop control, machines not at rest) and,
// for a call that stops, the wait-for chain.
//
//   DfgRun run(graph, timing, sim::EngineKind::Event);
//   DfgArguments args;                  // cli/dfg_arguments.h reads them from text
//   args.scalars = {0, 0, 4};
//   args.memories = {memory, nullptr, nullptr};
//   if (auto err = run.setArguments(args)) ...
//   DfgOutcome out = run.run(maxCycles, tracer);
#pragma once

#include "dfg/dfg.h"
#include "eval/memref.h"
#include "harness/findings.h"
#include "host/host_memory.h"
#include "models/timing.h"
#include "sim/elaborate.h"
#include "traces/tracer.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// The graph of `function` in `graphs` (empty: the only one), or a message.
const dfg::Graph* selectGraph(const std::vector<dfg::Graph>& graphs, const std::string& function,
                              std::string& error);

// The findings of a call without a golden run, one text block each (harness/findings.h):
// quiescence (tokens latched after the call, machines not at rest) and a call that
// stopped (deadlock, cycle cap, op error) with its wait-for chain.
void quiescence(const dfg::Graph& g, const sim::Elaboration& elab, std::vector<std::string>& out);
std::string stopFinding(const dfg::Graph& g, const sim::Elaboration& elab,
                        const sim::InvocationResult& res);

struct DfgOutcome {
  sim::InvocationResult result;
  std::vector<std::string> lines;    // the results and memories, as `sim` prints them
  std::vector<std::string> findings; // quiescence or deadlock findings (a text block each)
  std::vector<std::string> traceErrors;
  bool passed() const { return result.done() && findings.empty() && traceErrors.empty(); }
};

// A call's arguments, by position (one entry per argument of the graph in each list).
struct DfgArguments {
  std::vector<Bits> scalars; // a scalar argument's value; unused for memrefs and control inputs
  std::vector<std::shared_ptr<MemRefView>> memories; // a memref argument's contents; else null
};

class DfgRun {
public:
  DfgRun(const dfg::Graph& g, const models::TimingConfig& timing, sim::EngineKind engine);

  // Elaboration problems (bad input), one message each; empty when the network exists.
  const std::vector<std::string>& elaborationErrors() const { return elab_.errors; }
  // The call's arguments; its memories are the ones the call runs on (run() prints
  // them). Returns a problem if they do not fit the graph's signature.
  std::optional<std::string> setArguments(const DfgArguments& args);
  // Runs the call (and the work the return does not wait for), then the checks.
  DfgOutcome run(uint64_t maxCycles, traces::Tracer& tracer);

private:
  const dfg::Graph& g_;
  sim::Elaboration elab_;
  sim::Invocation inv_;
  std::vector<std::shared_ptr<MemRefView>> mems_;
  std::vector<std::unique_ptr<BufferBacking>> backings_;
};

} // namespace loom
