// Runs one DFG under an engine and records everything two engines must agree on:
// per invocation the result, status and cycle span; per channel the transfers; per op
// the counters and final phase; and the change-only trace an observer sees.
#pragma once

#include "dfg/dfg.h"
#include "sim/elaborate.h"

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

namespace loom::sim::test {

// A CycleObserver that writes every callback as one line.
class TraceRecorder : public CycleObserver {
public:
  std::vector<std::string> lines;

  void channelChanged(uint64_t cycle, uint32_t index, const models::Channel& ch,
                      ChannelChange change) override {
    std::string s = "c" + std::to_string(cycle) + " ch" + std::to_string(index) + " " + ch.name();
    if (change.pushed) s += " push " + std::to_string(ch.peek(ch.count() - 1));
    if (change.popped) s += " pop";
    lines.push_back(s + " count " + std::to_string(ch.count()));
  }
  void phaseChanged(uint64_t cycle, uint32_t index, const models::Model& op, int oldPhase,
                    int newPhase) override {
    lines.push_back("c" + std::to_string(cycle) + " op" + std::to_string(index) + " " + op.name() +
                    " " + std::to_string(oldPhase) + "->" + std::to_string(newPhase));
  }
  void cycleEnd(uint64_t cycle) override { ++cyclesSeen; }
  uint64_t cyclesSeen = 0;
};

struct EngineRun {
  std::vector<InvocationResult> results;
  std::vector<uint64_t> pushes, pops;
  std::vector<models::OpStats> stats;
  std::vector<int> phases;
  std::vector<std::string> trace;
  std::vector<std::string> channelNames, opNames;
  uint64_t evaluations = 0;
  uint64_t cycles = 0; // the network's, after the run (and the drain)
  bool drained = false;
  bool quiescent = false;

  uint64_t pushesOf(const std::string& channel) const {
    return pushes[find(channelNames, channel)];
  }
  const models::OpStats& statsOf(const std::string& op) const { return stats[find(opNames, op)]; }

private:
  static size_t find(const std::vector<std::string>& names, const std::string& name) {
    for (size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return i;
    FAIL("no channel or op named " << name);
    return 0;
  }
};

// The network of `g` under `kind`; an elaboration error (shown) ends the test.
inline std::unique_ptr<Network> build(const dfg::Graph& g, EngineKind kind = EngineKind::Event,
                                      models::TimingConfig timing = {}) {
  Elaboration el = elaborate(g, timing, kind);
  INFO((el.errors.empty() ? std::string() : el.errors.front()));
  REQUIRE(el.ok());
  return std::move(el.network);
}

// `drain`: after the invocations, run the network until it is quiet (Network::drain), as
// the host does after every call.
inline EngineRun runDfg(const dfg::Graph& g, EngineKind kind, const std::vector<Invocation>& invs,
                        models::TimingConfig timing = {}, bool traced = true, bool drain = false) {
  std::unique_ptr<Network> network = build(g, kind, timing);
  Network& net = *network;
  TraceRecorder rec;
  if (traced) net.engine().setObserver(&rec);
  EngineRun run;
  for (const Invocation& inv : invs)
    run.results.push_back(net.invoke(inv));
  if (drain) run.drained = net.drain(100'000);
  run.cycles = net.cycles();
  net.engine().flushStats();
  const Circuit& c = net.circuit();
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    run.pushes.push_back(c.channel(i).pushes());
    run.pops.push_back(c.channel(i).pops());
    run.channelNames.push_back(c.channel(i).name());
  }
  for (uint32_t i = 0; i < c.numOps(); ++i) {
    run.stats.push_back(c.op(i).stats());
    run.phases.push_back(c.op(i).phase());
    run.opNames.push_back(c.op(i).name());
  }
  run.trace = std::move(rec.lines);
  run.evaluations = net.engine().evaluations();
  run.quiescent = c.quiescent();
  return run;
}

inline void checkSameRun(const EngineRun& a, const EngineRun& b) {
  REQUIRE(a.results.size() == b.results.size());
  for (size_t k = 0; k < a.results.size(); ++k) {
    INFO("invocation " << k);
    CHECK(a.results[k].status == b.results[k].status);
    CHECK(a.results[k].results == b.results[k].results);
    CHECK(a.results[k].startCycle == b.results[k].startCycle);
    CHECK(a.results[k].endCycle == b.results[k].endCycle);
    CHECK(a.results[k].message == b.results[k].message);
  }
  CHECK(a.pushes == b.pushes);
  CHECK(a.pops == b.pops);
  REQUIRE(a.stats.size() == b.stats.size());
  for (size_t i = 0; i < a.stats.size(); ++i) {
    INFO("op " << i);
    CHECK(a.stats[i].firings == b.stats[i].firings);
    CHECK(a.stats[i].activeCycles == b.stats[i].activeCycles);
    CHECK(a.stats[i].inputStallCycles == b.stats[i].inputStallCycles);
    CHECK(a.stats[i].outputStallCycles == b.stats[i].outputStallCycles);
  }
  CHECK(a.phases == b.phases);
  CHECK(a.trace == b.trace);
  CHECK(a.cycles == b.cycles);
  CHECK(a.drained == b.drained);
  CHECK(a.quiescent == b.quiescent);
}

// Runs `g` under both engines and checks they agree; returns the event engine's run.
inline EngineRun runBothEngines(const dfg::Graph& g, const std::vector<Invocation>& invs,
                                models::TimingConfig timing = {}, bool drain = false) {
  EngineRun clocked = runDfg(g, EngineKind::Clocked, invs, timing, true, drain);
  EngineRun event = runDfg(g, EngineKind::Event, invs, timing, true, drain);
  checkSameRun(clocked, event);
  // The event engine skipped work the clocked one did.
  CHECK(event.evaluations < clocked.evaluations);
  return event;
}

} // namespace loom::sim::test
