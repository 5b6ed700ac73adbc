// The stats file of a run (--stats FILE): per op and per loop, per network. Every
// figure is defined once, in docs/counters.md, and counted by the engine layer; this
// file only reads them:
//
//   per network  cycles: the network's cycle count (sim::Network::cycles(), the sum of
//                its calls' spans); invocations; the header's total is the sum over
//                the networks, the run's axis (the summary line's cycles);
//   per op       firings, active cycles, input stall cycles, output stall cycles: the
//                models' OpStats (models/model.h defines each class of cycle), over the
//                whole run, read after Engine::flushStats(); idle cycles: the rest of
//                the network's cycles (each cycle is in exactly one class);
//   per loop     activations, iterations, measured II (sim/loop_counter.h defines and
//                counts them; loops.h watches each loop's control with one).
//
// FILE.json gets JSON:
//   {"cycles": C, "networks": [{"function": "gemm", "cycles": C, "invocations": K,
//     "ops":   [{"name", "kind", "firings", "active_cycles", "input_stall_cycles",
//               "output_stall_cycles", "idle_cycles"}, ...],
//     "loops": [{"name", "activations", "iterations", "ii"}, ...]}]}
// ("ii" is null for a loop that never ran two iterations in one activation); any
// other name gets the same numbers as aligned text tables. Ops and loops are sorted
// by name, so a scope's ops are listed together.
#pragma once

#include "traces/loops.h"
#include "traces/traced_network.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::traces {

struct OpRow {
  std::string name, kind;
  models::OpStats stats;
  uint64_t idleCycles = 0; // the network's cycles in none of the other classes
};

struct LoopRow {
  std::string name;
  sim::LoopCounts counts;
  LoopPace pace;                  // its bound and bottleneck
  std::optional<double> achieved; // the II at its critical carry (LoopProbe::achieved)
};

struct NetworkStats {
  std::string function;
  uint64_t cycles = 0;
  uint64_t invocations = 0;
  std::vector<OpRow> ops;
  std::vector<LoopRow> loops;
};

class StatsCollector {
public:
  // Returns the loop probe to attach to the network's engine (or its tap).
  sim::CycleObserver& addNetwork(const TracedNetwork& n);

  // The numbers so far (settles every engine's counters first).
  std::vector<NetworkStats> collect() const;

  // Writes JSON if `path` ends in ".json", the text tables otherwise. Returns an error
  // message if the file cannot be written.
  std::optional<std::string> write(const std::string& path) const;

private:
  struct Net {
    TracedNetwork info;
    std::unique_ptr<LoopProbe> probe;
  };
  std::vector<Net> nets_;
};

nlohmann::json statsJson(const std::vector<NetworkStats>& nets);
std::string statsText(const std::vector<NetworkStats>& nets);

} // namespace loom::traces
