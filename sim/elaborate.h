// Elaboration: one dfg::Graph becomes one Network (sim/network.h), bound to a
// TimingConfig.
//
//   DFG                         network
//   --------------------------  ----------------------------------------------------
//   node (any kind but below)   the token model of its kind (models/*.h), same name
//   Entry                       EntrySource: the host arms it once per invocation
//   Return                      models::Return + one HostSink per output (host side)
//   Memory                      models::Memory over a zero-filled VectorBacking of the
//                               memref's (static) element count, re-zeroed per call
//   ExtMemory                   models::Memory over a HostBacking, bound per call to
//                               the host buffer of function argument argIndex
//   Compute                     models::Compute with its latency class's latency
//   edge                        one channel, named "producer:port -> consumer:port",
//                               capacity Edge::capacity or, if 0, the timing default
//
// The graph must be materialized: every port connected exactly once (fan-out through
// forks, unused values into sinks), except the Return's outputs, which belong to the
// host and must have no edge. Anything else is an elaboration error that names the
// node or edge; no network is returned then.
#pragma once

#include "dfg/dfg.h"
#include "models/timing.h"
#include "sim/network.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::sim {

struct Elaboration {
  std::unique_ptr<Network> network; // null if there are errors
  std::vector<std::string> errors;
  std::vector<uint32_t> opOfVertex; // the op index of each DFG vertex

  bool ok() const { return errors.empty() && network; }
  // The channel index of DFG edge `e` (the channel feeding e's input port).
  uint32_t channelOf(const dfg::Graph& g, dfg::EdgeId e) const;
};

Elaboration elaborate(const dfg::Graph& g, const models::TimingConfig& timing,
                      EngineKind engine = EngineKind::Event);

// The timing's per-channel capacities of `function` (models::ChannelCapacities) set on
// the edges of `g` they name. A name that is no channel of `g` is an error (the timing
// file's mistake), returned with the first few names `g` has; `g` is then unchanged.
std::optional<std::string> applyChannelCapacities(const models::TimingConfig& timing,
                                                  const std::string& function, dfg::Graph& g);

} // namespace loom::sim
