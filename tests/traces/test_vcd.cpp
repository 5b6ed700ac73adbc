// The VCD writer on the hand-built sum loop: the header (scopes, variables, aliases),
// change-only output, the exact cycles of transfers and phase changes (derived by hand
// and compared with the engine cycle by cycle), invocations, quiet stretches.
#include "fixture.h"
#include "phase_check.h"
#include "traces/vcd.h"
#include "vcd_reader.h"

#include <catch2/catch.hpp>
#include <sstream>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

namespace {

struct VcdRun : SumRun {
  std::ostringstream text;
  VcdWriter writer{text};
  Reference ref{circuit()};

  VcdRun() {
    tap->add(writer.addNetwork(net));
    tap->add(ref);
  }
  VcdFile finish() {
    writer.close();
    VcdFile f = readVcd(text.str());
    INFO(f.error);
    REQUIRE(f.error.empty());
    return f;
  }
};

// How our writer spells an unsigned value in a variable of `width` bits.
std::string spelled(uint64_t v, unsigned width) {
  if (width == 1) return v ? "1" : "0";
  std::string b;
  for (int k = 63; k >= 0; --k)
    b += ((v >> k) & 1) ? '1' : '0';
  return canonicalValue("b" + b);
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

} // namespace

TEST_CASE("the VCD header follows the DFG hierarchy", "[vcd]") {
  VcdRun run;
  run.call(0, 3, 10, 13);
  VcdFile f = run.finish();
  CHECK(f.timescale == "1ns");
  // Function, loop body scope, ops (an op per scope), ports (a scope per port).
  for (const char* s : {"f", "f.loop0", "f.loop0.add", "f.loop0.cond_sink", "f.loop0_stream",
                        "f.loop0_stream.start", "f.loop0_stream.step", "f.loop0_stream.bound",
                        "f.loop0_stream.idx", "f.loop0_stream.cont", "f.loop0_gate.after_cond",
                        "f.return.ctrl", "f.return.ctrl_out", "f.return_done.in0"})
    CHECK(contains(f.scopes, s));
  const VcdVar* inv = f.find("f.invocation");
  REQUIRE(inv);
  CHECK(inv->type == "integer");
  // Channel signals: data as wide as the type; none-typed channels have no data.
  for (const char* sig : {"valid", "ready", "transfer"}) {
    const VcdVar* v = f.find(std::string("f.loop0_stream.start.") + sig);
    REQUIRE(v);
    CHECK(v->type == "wire");
    CHECK(v->width == 1);
  }
  REQUIRE(f.find("f.loop0_stream.start.data"));
  CHECK(f.find("f.loop0_stream.start.data")->width == 64);
  REQUIRE(f.find("f.loop0_stream.cont.data"));
  CHECK(f.find("f.loop0_stream.cont.data")->width == 1);
  CHECK(f.find("f.return.ctrl.valid"));
  CHECK_FALSE(f.find("f.return.ctrl.data"));
  // Phases, their names in a legend comment in the op's scope.
  REQUIRE(f.find("f.loop0_stream.phase"));
  CHECK(f.find("f.loop0_stream.phase")->width == 2); // two bits at least: GTKWave names vectors
  REQUIRE(f.find("f.loop0_carry.phase"));
  CHECK(f.find("f.loop0_carry.phase")->width == 2);
  CHECK(f.find("f.loop0_gate.phase"));
  CHECK(f.find("f.entry.phase"));
  CHECK_FALSE(f.find("f.loop0.add.phase"));
  const std::string text = run.text.str();
  CHECK(text.find("$comment phase: 0 A, 1 B $end") != std::string::npos);
  CHECK(text.find("$comment phase: 0 NeedInit, 1 NeedCond, 2 NeedLoop $end") != std::string::npos);
  CHECK(text.find("$comment phase: 0 NeedHead, 1 NeedNext $end") != std::string::npos);
  // One channel, two ports, one identifier.
  REQUIRE(f.find("f.loop0_cont_fork.in0.valid"));
  CHECK(f.find("f.loop0_stream.cont.valid")->code == f.find("f.loop0_cont_fork.in0.valid")->code);
}

TEST_CASE("the VCD is change-only", "[vcd]") {
  VcdRun run;
  run.call(0, 3, 10, 13);
  run.call(2, 6, 0, 14);
  // A quiet stretch: cycles run, nothing moves.
  for (int i = 0; i < 50; ++i)
    run.network().tick();
  uint64_t end = run.network().engine().cycle();
  VcdFile f = run.finish();
  // Never the same value twice in a row for a variable.
  for (const auto& [code, changes] : f.changes)
    for (size_t i = 1; i < changes.size(); ++i) {
      INFO("code " << code << " at " << changes[i].time);
      CHECK(canonicalValue(changes[i].value) != canonicalValue(changes[i - 1].value));
    }
  // No empty time stamps but the final one, which closes the run.
  REQUIRE(f.blockSizes.size() >= 2);
  for (size_t i = 0; i + 1 < f.blockSizes.size(); ++i) {
    INFO("time " << f.blockSizes[i].first);
    CHECK(f.blockSizes[i].second > 0);
  }
  CHECK(f.stamps.back() == end);
  // Nothing is written for the quiet cycles: the last change is the settling of the
  // drained network (a transfer falling), long before the end.
  uint64_t lastChange = f.stamps[f.stamps.size() - 2];
  CHECK(lastChange + 40 < end);
  CHECK(run.ref.pops.rbegin()->first + 1 == lastChange);
}

TEST_CASE("transfers and phases appear at the exact cycle", "[vcd]") {
  VcdRun run;
  run.call(0, 3, 10, 13);
  VcdFile f = run.finish();
  // Derived by hand: the entry sends in cycle 0; the ctrl fork forwards in 1; the step
  // constant fires in 2; the stream has start, step and bound in 3 and activates (phase
  // A -> B, popping all three), so start's transfer is 1 at 3 only, its valid is 1
  // from 1 to 3, and the phase shows B from 4; the first pair leaves in 4.
  CHECK(run.ref.pops.at(3).count(run.channel("f/entry:0 -> f/loop0.stream:0")));
  CHECK(f.times("f.loop0_stream.start.transfer") == std::vector<uint64_t>{0, 3, 4});
  CHECK(f.at("f.loop0_stream.start.transfer", 3) == "1");
  CHECK(f.at("f.loop0_stream.start.transfer", 4) == "0");
  CHECK(f.times("f.loop0_stream.start.valid") == std::vector<uint64_t>{0, 1, 4});
  CHECK(f.at("f.loop0_stream.start.data", 1) == "b0");
  CHECK(f.at("f.loop0_stream.step.valid", 2) == "0");
  CHECK(f.at("f.loop0_stream.step.valid", 3) == "1");
  CHECK(f.at("f.loop0_stream.phase", 3) == "b0");
  CHECK(f.at("f.loop0_stream.phase", 4) == "b1");
  CHECK(f.at("f.loop0_stream.idx.valid", 4) == "0");
  CHECK(f.at("f.loop0_stream.idx.valid", 5) == "1");
  // The stream's cont carries 1, 1, 1, 0 over the run; data holds the last token.
  std::vector<std::string> conts;
  const VcdVar* cont = f.find("f.loop0_stream.cont.data");
  for (const VcdChange& c : f.changes.at(cont->code))
    conts.push_back(c.value);
  CHECK(conts == std::vector<std::string>{"x", "1", "0"});
  CHECK(f.at("f.invocation", 0) == "b1");
}

TEST_CASE("the VCD waveform is the engine's state, cycle by cycle", "[vcd]") {
  for (sim::EngineKind kind : {sim::EngineKind::Event, sim::EngineKind::Clocked}) {
    INFO(sim::engineKindName(kind));
    VcdRun run;
    run.call(0, 3, 10, 13);
    run.call(5, 9, 1, 27);
    run.network().drain(100);
    VcdFile f = run.finish();
    ScopeNode tree = buildHierarchy(run.net);
    std::map<uint32_t, std::string> port = consumerPortPaths(tree);
    std::map<uint32_t, std::string> opPath = opPaths(tree);
    const sim::Circuit& c = run.circuit();
    size_t checked = 0;
    for (const auto& [cycle, state] : run.ref.after) {
      uint64_t t = cycle + 1; // the state after cycle c is the start of c + 1
      for (uint32_t i = 0; i < c.numChannels(); ++i) {
        INFO("channel " << c.channel(i).name() << " cycle " << cycle);
        const std::string& p = port.at(i);
        bool popped = run.ref.pops.count(cycle) && run.ref.pops.at(cycle).count(i);
        CHECK(f.at(p + ".transfer", cycle) == (popped ? "1" : "0"));
        CHECK(f.at(p + ".valid", t) == (state[i].count > 0 ? "1" : "0"));
        CHECK(f.at(p + ".ready", t) == (state[i].ready ? "1" : "0"));
        unsigned width = c.channel(i).type().width;
        if (state[i].count > 0 && width > 0)
          CHECK(f.at(p + ".data", t) == spelled(state[i].front, width));
        ++checked;
      }
      for (uint32_t i = 0; i < c.numOps(); ++i) {
        if (c.op(i).phaseCount() == 0) continue;
        const VcdVar* var = nullptr;
        for (const VcdVar& v : f.vars)
          if (v.path == opPath.at(i) + ".phase") var = &v;
        REQUIRE(var);
        INFO("op " << c.op(i).name() << " cycle " << cycle);
        CHECK(f.at(var->path, t) == spelled(run.ref.phases.at(cycle)[i], var->width));
      }
    }
    CHECK(checked > 100);
  }
}

TEST_CASE("phase names match what the models call their phases", "[vcd]") {
  // Every phase a run visits, named by the model, is the table's name for it.
  PhaseNameCheck names;
  SumRun run;
  run.tap->add(names);
  run.call(0, 4, 0, 6);
  CHECK(names.seen > 10);
  CHECK(names.wrong.empty());
}

TEST_CASE("the invocation counter marks where each call starts", "[vcd]") {
  VcdRun run;
  sim::InvocationResult a = run.network().invoke(sumCall(0, 3, 10));
  sim::InvocationResult b = run.network().invoke(sumCall(0, 2, 10));
  VcdFile f = run.finish();
  CHECK(f.times("f.invocation") == std::vector<uint64_t>{0, b.startCycle});
  CHECK(a.startCycle == 0);
  CHECK(f.at("f.invocation", b.startCycle - 1) == "b1");
  CHECK(f.at("f.invocation", b.startCycle) == "b10");
}
