// Shared by the trace tests: the hand-built sum loop elaborated and run with tracers
// attached through a NetworkTap, and a reference observer that records what the
// engine did, cycle by cycle, to compare the traces against.
#pragma once

#include "sim/elaborate.h"
#include "sum_loop.h"
#include "traces/hierarchy.h"
#include "traces/timeline.h"
#include "traces/traced_network.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace loom::traces::test {

struct ChannelState {
  int count = 0;
  bool ready = true;
  Bits front = 0;
};

// What the engine reported, and every channel's and op's state after every cycle.
class Reference : public sim::CycleObserver {
public:
  explicit Reference(const sim::Circuit& c) : circuit_(c) {}

  std::map<uint64_t, std::set<uint32_t>> pops, pushes; // cycle -> channels
  std::map<uint64_t, std::vector<ChannelState>> after; // cycle -> state after it
  std::map<uint64_t, std::vector<int>> phases;         // cycle -> phases after it
  uint64_t lastCycle = 0;

  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel&,
                      sim::ChannelChange change) override {
    if (change.popped) pops[cycle].insert(index);
    if (change.pushed) pushes[cycle].insert(index);
  }
  void phaseChanged(uint64_t, uint32_t, const models::Model&, int, int) override {}
  void cycleEnd(uint64_t cycle) override {
    std::vector<ChannelState>& s = after[cycle];
    for (uint32_t i = 0; i < circuit_.numChannels(); ++i) {
      const models::Channel& ch = circuit_.channel(i);
      s.push_back({ch.count(), ch.ready(), ch.count() > 0 ? ch.front() : 0});
    }
    for (uint32_t i = 0; i < circuit_.numOps(); ++i)
      phases[cycle].push_back(circuit_.op(i).phase());
    lastCycle = cycle;
  }

private:
  const sim::Circuit& circuit_;
};

inline sim::Invocation sumCall(Bits lb, Bits ub, Bits init) {
  sim::Invocation inv;
  inv.scalars = {lb, ub, init};
  return inv;
}

// The sum loop, elaborated, with a tap (on its own timeline) attached to its engine.
struct SumRun {
  SumLoop loop;
  sim::Elaboration el;
  TracedNetwork net;
  Timeline timeline;
  std::unique_ptr<NetworkTap> tap;

  explicit SumRun(sim::EngineKind kind = sim::EngineKind::Event) {
    el = sim::elaborate(loop.g, {}, kind);
    INFO((el.errors.empty() ? std::string() : el.errors.front()));
    REQUIRE(el.ok());
    net = TracedNetwork::of(loop.g, el);
    tap = std::make_unique<NetworkTap>(timeline, timeline.addNetwork());
    network().engine().setObserver(tap.get());
  }
  sim::Network& network() { return *el.network; }
  const sim::Circuit& circuit() { return el.network->circuit(); }
  // One invocation, expecting the sum.
  void call(Bits lb, Bits ub, Bits init, Bits expect) {
    sim::InvocationResult r = network().invoke(sumCall(lb, ub, init));
    REQUIRE(r.done());
    CHECK(r.results == std::vector<Bits>{expect});
  }
  uint32_t channel(const std::string& name) {
    for (uint32_t i = 0; i < circuit().numChannels(); ++i)
      if (circuit().channel(i).name() == name) return i;
    FAIL("no channel " << name);
    return 0;
  }
  uint32_t op(const std::string& name) {
    for (uint32_t i = 0; i < circuit().numOps(); ++i)
      if (circuit().op(i).name() == name) return i;
    FAIL("no op " << name);
    return 0;
  }
};

// The VCD scope path ("f.loop0_stream.start") of every channel's consumer port.
inline std::map<uint32_t, std::string> consumerPortPaths(const ScopeNode& s,
                                                         const std::string& prefix = "") {
  std::map<uint32_t, std::string> out;
  std::string here = prefix.empty() ? s.name : prefix + "." + s.name;
  for (const ScopeNode& c : s.scopes)
    for (auto& [ch, path] : consumerPortPaths(c, here))
      out[ch] = path;
  for (const OpNode& op : s.ops)
    for (const PortNode& p : op.ports)
      if (p.input) out[p.channel] = here + "." + op.name + "." + p.name;
  return out;
}

// The VCD scope path of every op.
inline std::map<uint32_t, std::string> opPaths(const ScopeNode& s, const std::string& prefix = "") {
  std::map<uint32_t, std::string> out;
  std::string here = prefix.empty() ? s.name : prefix + "." + s.name;
  for (const ScopeNode& c : s.scopes)
    for (auto& [op, path] : opPaths(c, here))
      out[op] = path;
  for (const OpNode& op : s.ops)
    out[op.op] = here + "." + op.name;
  return out;
}

} // namespace loom::traces::test
