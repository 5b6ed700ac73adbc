// One time axis for several networks: cycles placed back to back in the order the
// networks run, a lone tracer attached straight to an engine keeping the axis itself,
// and the Tracer bundle writing every file of a two-network run.
#include "fixture.h"
#include "gtkwave_check.h"
#include "traces/tracer.h"
#include "traces/vcd.h"
#include "vcd_reader.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

namespace {

// A sum loop in function `name`, elaborated.
struct Net {
  SumLoop loop;
  sim::Elaboration el;
  explicit Net(const std::string& name) : loop(name) {
    el = sim::elaborate(loop.g, {});
    REQUIRE(el.ok());
  }
  sim::Network& network() { return *el.network; }
  TracedNetwork traced() const { return TracedNetwork::of(loop.g, el); }
  uint64_t call(Bits lb, Bits ub, Bits init) {
    sim::InvocationResult r = network().invoke(sumCall(lb, ub, init));
    REQUIRE(r.done());
    return r.cycles();
  }
};

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

} // namespace

TEST_CASE("the timeline places networks back to back", "[timeline]") {
  Timeline t;
  uint32_t a = t.addNetwork(), b = t.addNetwork();
  for (uint64_t c = 0; c < 10; ++c) // a runs its cycles 0..9
    t.endCycle(t.toGlobal(a, c));
  CHECK(t.toGlobal(b, 0) == 10); // b starts where a stopped
  for (uint64_t c = 0; c < 5; ++c)
    t.endCycle(t.toGlobal(b, c));
  CHECK(t.toGlobal(a, 10) == 15); // a goes on after b, with its own cycle 10
  t.endCycle(t.toGlobal(a, 10));
  CHECK(t.toGlobal(a, 11) == 16); // and stays anchored while it runs
  CHECK(t.end() == 16);
}

TEST_CASE("two networks share one VCD on one axis", "[timeline][vcd]") {
  Net f("f"), g("g");
  Timeline timeline;
  std::ostringstream text;
  VcdWriter writer(text);
  NetworkTap tf(timeline, timeline.addNetwork()), tg(timeline, timeline.addNetwork());
  tf.add(writer.addNetwork(f.traced()));
  tg.add(writer.addNetwork(g.traced()));
  f.network().engine().setObserver(&tf);
  g.network().engine().setObserver(&tg);
  uint64_t f1 = f.call(0, 3, 10);
  uint64_t g1 = g.call(0, 5, 0);
  uint64_t f2 = f.call(0, 2, 0);
  writer.close();
  VcdFile v = readVcd(text.str());
  INFO(v.error);
  REQUIRE(v.error.empty());
  // Each network is its own top scope; its invocations start where the axis was.
  CHECK(v.find("f.invocation"));
  CHECK(v.find("g.invocation"));
  CHECK(v.times("f.invocation") == std::vector<uint64_t>{0, f1 + g1});
  CHECK(v.times("g.invocation") == std::vector<uint64_t>{0, f1});
  CHECK(v.at("g.invocation", f1 - 1) == "b0");
  CHECK(v.at("g.invocation", f1) == "b1");
  CHECK(timeline.end() == f1 + g1 + f2);
  CHECK(v.stamps.back() == f1 + g1 + f2);
  // g's first stream activation, 3 cycles into its run (see test_vcd.cpp).
  CHECK(v.at("g.loop0_stream.start.transfer", f1 + 3) == "1");
  CHECK(v.at("g.loop0_stream.start.transfer", f1 + 2) == "0");
  std::string diff = gtkwaveRoundTrip(text.str(), "two_networks");
  INFO(diff);
  CHECK(diff.empty());
}

TEST_CASE("a lone tracer keeps the axis itself, with the same result as a tap", "[timeline][vcd]") {
  auto run = [](bool direct) {
    Net f("f"), g("g");
    Timeline timeline;
    std::ostringstream text;
    VcdWriter writer(text);
    std::vector<std::unique_ptr<NetworkTap>> taps;
    for (Net* n : {&f, &g}) {
      uint32_t id = timeline.addNetwork();
      if (direct) {
        n->network().engine().setObserver(&writer.addNetwork(n->traced(), NetClock{&timeline, id}));
      } else {
        taps.push_back(std::make_unique<NetworkTap>(timeline, id));
        taps.back()->add(writer.addNetwork(n->traced()));
        n->network().engine().setObserver(taps.back().get());
      }
    }
    f.call(0, 3, 10);
    g.call(0, 4, 1);
    f.call(1, 3, 0);
    writer.close();
    return text.str();
  };
  std::string direct = run(true), tapped = run(false);
  CHECK(direct.size() > 1000);
  CHECK(direct == tapped);
}

TEST_CASE("the Tracer writes the VCD, the token log and the stats of a run", "[tracer]") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("loom_tracer_" + std::to_string(getpid()));
  fs::create_directories(dir);
  Net f("f"), g("g");
  TraceOptions o{(dir / "run.vcd").string(),
                 (dir / "run.json").string(),
                 (dir / "run.tokens").string(),
                 false,
                 false,
                 ""};
  {
    Tracer tracer(o);
    REQUIRE_FALSE(tracer.open());
    CHECK(tracer.active());
    tracer.addNetwork(f.traced());
    tracer.addNetwork(g.traced());
    f.call(0, 3, 10);
    g.call(0, 2, 0);
    REQUIRE_FALSE(tracer.finish());
    CHECK(tracer.vcdBytes() == fs::file_size(dir / "run.vcd"));
  }
  // Detached: the networks run on untraced.
  CHECK(f.network().engine().observer() == nullptr);
  VcdFile v = readVcd(slurp(dir / "run.vcd"));
  CHECK(v.error.empty());
  CHECK(v.find("f.invocation"));
  CHECK(v.find("g.invocation"));
  std::string tokens = slurp(dir / "run.tokens");
  CHECK(tokens.find("# channel 0 ") != std::string::npos);
  auto stats = nlohmann::json::parse(slurp(dir / "run.json"));
  CHECK(stats["networks"].size() == 2);
  CHECK(stats["networks"][1]["function"] == "g");
  CHECK(stats["networks"][1]["loops"][0]["iterations"] == 2);
  fs::remove_all(dir);
}

TEST_CASE("the Tracer refuses files it cannot create and attaches nothing when idle", "[tracer]") {
  Tracer bad(TraceOptions{"/nonexistent/dir/x.vcd", "", "", false, false, ""});
  auto err = bad.open();
  REQUIRE(err);
  CHECK(err->find("x.vcd") != std::string::npos);
  Net f("f");
  Tracer idle(TraceOptions{"", "", "", false, false, ""});
  REQUIRE_FALSE(idle.open());
  CHECK_FALSE(idle.active());
  idle.addNetwork(f.traced());
  CHECK(f.network().engine().observer() == nullptr);
  CHECK_FALSE(idle.finish());
}
