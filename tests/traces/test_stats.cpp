// Stats: per-op counters as the models count them, per-loop activations, iterations
// and measured II, derived by hand for the sum loop; the JSON and text files.
#include "fixture.h"
#include "traces/stats.h"
#include "traces/token_log.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

namespace {

const OpRow& opRow(const NetworkStats& s, const std::string& name) {
  for (const OpRow& o : s.ops)
    if (o.name == name) return o;
  FAIL("no op " << name);
  return s.ops.front();
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The sum loop over [0, 6) from 0, twice, with the stats collector attached.
struct StatsRun : SumRun {
  StatsCollector stats;
  StatsRun() {
    tap->add(stats.addNetwork(net));
    call(0, 6, 0, 15);
    call(0, 6, 0, 15);
  }
};

} // namespace

TEST_CASE("op counters are the models' counters, derived by hand", "[stats]") {
  StatsRun run;
  std::vector<NetworkStats> all = run.stats.collect();
  REQUIRE(all.size() == 1);
  const NetworkStats& s = all[0];
  CHECK(s.function == "f");
  CHECK(s.invocations == 2);
  CHECK(s.cycles == run.network().engine().cycle());
  CHECK(s.ops.size() == run.circuit().numOps());
  // Firings per invocation of a 6-iteration loop: the stream activates once and emits
  // 7 pairs; the gate takes 7 pairs; the carry: NeedInit once, NeedCond 7 times,
  // NeedLoop 6 times; the exit branch routes 7 values; the adder runs 6 times; the cont
  // fork sends 7 tokens to 3 outputs; the entry sends its 4 tokens in one cycle.
  CHECK(opRow(s, "f/loop0.stream").stats.firings == 2 * 8);
  CHECK(opRow(s, "f/loop0.gate").stats.firings == 2 * 7);
  CHECK(opRow(s, "f/loop0.carry").stats.firings == 2 * 14);
  CHECK(opRow(s, "f/loop0.exit.br").stats.firings == 2 * 7);
  CHECK(opRow(s, "f/loop0/add").stats.firings == 2 * 6);
  CHECK(opRow(s, "f/loop0.cont.fork").stats.firings == 2 * 21);
  CHECK(opRow(s, "f/entry").stats.firings == 2 * 4);
  CHECK(opRow(s, "f/entry").stats.activeCycles == 2 * 1);
  CHECK(opRow(s, "f/loop0.stream").stats.activeCycles == 2 * 8);
  // The return's ctrl token waits from cycle 2 (the ctrl fork forwarded it in 1); the
  // exit value comes out of the branch in 24 and the return fires in 25: 23 cycles of
  // input stall per invocation, none of output stall (the host always takes results).
  CHECK(opRow(s, "f/return").stats.inputStallCycles == 2 * 23);
  CHECK(opRow(s, "f/return").stats.outputStallCycles == 0);
  // Every row is exactly what the op counted.
  for (uint32_t i = 0; i < run.circuit().numOps(); ++i) {
    const models::Model& op = run.circuit().op(i);
    const OpRow& r = opRow(s, op.name());
    CHECK(r.kind == op.kindName());
    CHECK(r.stats.firings == op.stats().firings);
    CHECK(r.stats.activeCycles == op.stats().activeCycles);
    CHECK(r.stats.inputStallCycles == op.stats().inputStallCycles);
    CHECK(r.stats.outputStallCycles == op.stats().outputStallCycles);
  }
}

TEST_CASE("loops: activations, iterations and measured II", "[stats]") {
  StatsRun run;
  const NetworkStats s = run.stats.collect().at(0);
  REQUIRE(s.loops.size() == 1);
  const LoopRow& l = s.loops[0];
  CHECK(l.name == "f/loop0");
  CHECK(l.counts.activations == 2);
  CHECK(l.counts.iterations == 12);
  // The stream emits its trues in cycles 4, 5, 7, 8, 10, 12 of each call (the token
  // log test checks such cycles against the engine): it runs ahead while the channels
  // fill, then the carry paces it at one iteration per 2 cycles (NeedCond and NeedLoop
  // are separate firings). (12 - 4) / 5 per activation; the two activations are not
  // joined across the false between them.
  CHECK(l.counts.spanCycles == 2 * 8);
  CHECK(l.counts.spans == 2 * 5);
  REQUIRE(l.counts.ii());
  CHECK(*l.counts.ii() == Approx(1.6));
}

TEST_CASE("the loop probe times iterations by the raw condition's pushes", "[stats]") {
  SumRun run;
  StatsCollector stats;
  std::ostringstream text;
  TokenLog log(text);
  run.tap->add(stats.addNetwork(run.net));
  run.tap->add(log.addNetwork(run.net));
  run.call(0, 6, 0, 15);
  log.close();
  uint32_t cont = run.channel("f/loop0.stream:1 -> f/loop0.cont.fork:0");
  std::vector<uint64_t> trues;
  std::istringstream in(text.str());
  for (std::string line; std::getline(in, line);) {
    if (line[0] == '#') continue;
    std::istringstream l(line);
    uint64_t cycle;
    uint32_t ch;
    std::string v;
    l >> cycle >> ch >> v;
    if (ch == cont && v == "1") trues.push_back(cycle);
  }
  CHECK(trues == std::vector<uint64_t>{4, 5, 7, 8, 10, 12});
  const auto collected = stats.collect(); // keep the result alive: c refers into it
  const sim::LoopCounts& c = collected.at(0).loops.at(0).counts;
  CHECK(c.spanCycles == trues.back() - trues.front());
}

TEST_CASE("a loop that never runs two iterations has no II", "[stats]") {
  SumRun run;
  StatsCollector stats;
  run.tap->add(stats.addNetwork(run.net));
  run.call(0, 1, 5, 5);
  run.call(3, 3, 5, 5);                   // zero trips: the stream emits only its false
  const auto collected = stats.collect(); // keep the result alive: c refers into it
  const sim::LoopCounts& c = collected.at(0).loops.at(0).counts;
  CHECK(c.activations == 2);
  CHECK(c.iterations == 1);
  CHECK_FALSE(c.ii());
}

TEST_CASE("the stats file: JSON for .json, aligned text otherwise", "[stats]") {
  StatsRun run;
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("loom_stats_" + std::to_string(getpid()));
  fs::create_directories(dir);

  REQUIRE_FALSE(run.stats.write((dir / "s.json").string()));
  nlohmann::json j = nlohmann::json::parse(slurp(dir / "s.json"));
  CHECK(j["cycles"] == run.network().engine().cycle());
  REQUIRE(j["networks"].size() == 1);
  const nlohmann::json& n = j["networks"][0];
  CHECK(n["function"] == "f");
  CHECK(n["invocations"] == 2);
  CHECK(n["ops"].size() == run.circuit().numOps());
  bool found = false;
  for (const auto& o : n["ops"])
    if (o["name"] == "f/loop0.carry") {
      found = true;
      CHECK(o["kind"] == "dataflow.carry");
      CHECK(o["firings"] == 28);
      for (const char* k : {"active_cycles", "input_stall_cycles", "output_stall_cycles"})
        CHECK(o.contains(k));
    }
  CHECK(found);
  REQUIRE(n["loops"].size() == 1);
  CHECK(n["loops"][0]["name"] == "f/loop0");
  CHECK(n["loops"][0]["activations"] == 2);
  CHECK(n["loops"][0]["iterations"] == 12);
  CHECK(n["loops"][0]["ii"].get<double>() == Approx(1.6));

  REQUIRE_FALSE(run.stats.write((dir / "s.txt").string()));
  std::string text = slurp(dir / "s.txt");
  CHECK(text.rfind("loom-sim stats: 1 network(s), ", 0) == 0);
  CHECK(text.find("@f: 2 invocation(s)") != std::string::npos);
  // Right-aligned numbers: every row of the op table ends in the same column.
  std::istringstream in(text);
  std::vector<size_t> widths;
  for (std::string line; std::getline(in, line);)
    if (line.find(" dataflow.") != std::string::npos ||
        line.find(" handshake.") != std::string::npos)
      widths.push_back(line.size());
  REQUIRE(widths.size() > 5);
  CHECK(std::all_of(widths.begin(), widths.end(), [&](size_t w) { return w == widths[0]; }));
  CHECK(text.find("f/loop0            2          12  1.60") != std::string::npos);
  fs::remove_all(dir);

  CHECK(run.stats.write((dir / "missing" / "s.json").string()));
}
