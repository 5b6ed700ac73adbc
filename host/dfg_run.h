// One call of a DFG on its own, as `loom-sim sim` does it, for a user's own driver: a
// graph read from text (possibly edited by hand), arguments given as values, no SCF
// program. Without the program there is no golden run, so the checks are the static
// verifier, quiescence after the call (tokens latched in a channel, named at the op and
// input they wait in with the path back to the loop control, machines not at rest) and,
// for a call that stops, the wait-for chain.
//
//   DfgRun run(graph, timing, sim::EngineKind::Event);
//   for (const GraphFinding& f : run.checkStatic()) ...  // optional: the static verifier
//   DfgArguments args;                  // cli/dfg_arguments.h reads them from text
//   args.scalars = {0, 0, 4};
//   args.memories = {memory, nullptr, nullptr};
//   if (auto err = run.setArguments(args)) ...
//   DfgOutcome out = run.run(maxCycles, tracer);
//   run.reportJson(file, "event", out, run.summaryLine(out, ms));  // sim --report
#pragma once

#include "analysis/static_rules.h"
#include "dfg/dfg.h"
#include "eval/memref.h"
#include "harness/causes.h"
#include "harness/findings.h"
#include "host/host_memory.h"
#include "host/static_finding.h"
#include "models/timing.h"
#include "sim/elaborate.h"
#include "traces/tracer.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// The graph of `function` in `graphs` (empty: the only one), or a message.
const dfg::Graph* selectGraph(const std::vector<dfg::Graph>& graphs, const std::string& function,
                              std::string& error);

// The findings of a call without a golden run (harness/findings.h): quiescence (tokens
// latched after the call, machines not at rest) and a call that stopped (deadlock, cycle
// cap, op error) with its wait-for chain.
void quiescence(const dfg::Graph& g, const sim::Elaboration& elab,
                std::vector<harness::Finding>& out);
harness::Finding stopFinding(const dfg::Graph& g, const sim::Elaboration& elab,
                             const sim::InvocationResult& res);

struct DfgOutcome {
  sim::InvocationResult result;
  // The call's figures as `run`'s report has them (docs/counters.md): invocation 1 from
  // cycle 0, its span, latency (null if it did not complete), transfers and results.
  harness::Report::Call call;
  std::vector<std::string> lines; // the results and memories, as `sim` prints them
  // The static verifier's (checkStatic(), the first `staticFindings`), then the call's:
  // quiescence, or why it stopped.
  std::vector<harness::Finding> findings;
  size_t staticFindings = 0;
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
  // The static verifier on the graph (rates inferred where it has none, as `verify`
  // does); run() reports them first. Returns them as the verifier gives them.
  std::vector<GraphFinding> checkStatic();
  // Runs the call (and the work the return does not wait for), then the run-time checks
  // (quiescence) unless `checks` is false (`--no-checks`).
  DfgOutcome run(uint64_t maxCycles, traces::Tracer& tracer, bool checks = true);

  // After run(): the findings grouped by cause (harness/causes.h); the summary line,
  // "1 call, 41 cycles, 175 transfers, all checks passed (0 finding(s)), 2 ms" in `run`'s
  // wording (host/run_summary.h), `ms` the caller's wall-clock time; and the --report
  // document (docs/report.schema.json, "command": "sim"), `summary` as printed.
  std::vector<harness::CauseGroup> causes(const DfgOutcome& o) const;
  std::string summaryLine(const DfgOutcome& o, double ms) const;
  nlohmann::json reportJson(const std::string& file, const std::string& engine, const DfgOutcome& o,
                            const std::string& summary) const;

private:
  const dfg::Graph& g_;
  sim::Elaboration elab_;
  sim::Invocation inv_;
  std::vector<std::shared_ptr<MemRefView>> mems_;
  std::vector<std::unique_ptr<BufferBacking>> backings_;
  std::vector<harness::Finding> static_;

  void addOutputs(DfgOutcome& o) const;
  void record(DfgOutcome& o) const;
  std::string resultText(size_t i, Bits b) const; // result #i as `sim` prints it
};

} // namespace loom
