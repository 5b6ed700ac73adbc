// embed/loomsim.h: a kernel as one module of a user's SystemC model. An embedded call
// gives the event engine's results and cycles; bad use is a loomsim::Error that says
// what is wrong (an unknown function, a user module whose ports do not match its op's
// contract, a Kernel built after sc_start, call() outside an SC_THREAD).
//
// Each TEST_CASE runs in a process of its own (catch_discover_tests): SystemC
// elaborates once per process.
#include "embed/loomsim.h"
#include "host/program_run.h"

#include <catch2/catch.hpp>
#include <sstream>

using Catch::Contains;

namespace {

const std::string kCalls = std::string(LOOM_SOURCE_DIR) + "/tests/embed/inputs/gcd_calls.mlir";
const std::vector<std::pair<int64_t, int64_t>> kPairs = {{1071, 462}, {89, 55}, {17, 5}};

struct Caller : sc_core::sc_module {
  loomsim::Kernel& k;
  std::vector<loomsim::CallResult> results;
  SC_HAS_PROCESS(Caller);
  Caller(sc_core::sc_module_name n, loomsim::Kernel& k) : sc_core::sc_module(n), k(k) {
    SC_THREAD(run);
  }
  void run() {
    wait(7, sc_core::SC_NS); // anywhere on the time axis
    for (auto [a, b] : kPairs)
      results.push_back(k.call({a, b}));
    sc_core::sc_stop();
  }
};

// A module for arith.remui with a port named wrong ("rhs" for in_1).
struct BadRem : loomsim::OpModule {
  sc_core::sc_port<loom::systemc::ScPopIf> in_0{"in_0"}, rhs{"rhs"};
  sc_core::sc_port<loom::systemc::ScPushIf> out_0{"out_0"};
  explicit BadRem(sc_core::sc_module_name n) : loomsim::OpModule(n) {}
  bool busy() const override { return false; }
};

} // namespace

TEST_CASE("embed: calls give the event engine's results and cycles, checks passed",
          "[systemc][embed]") {
  // The same calls by `loom-sim run` on the event engine.
  loom::LoadedProgram prog = loom::loadProgram(kCalls);
  REQUIRE(prog.module);
  std::ostringstream out;
  loom::ProgramRun plain(*prog.module, loom::RunSettings{}, out);
  REQUIRE(!plain.prepare());
  REQUIRE(plain.run().passed);
  const auto& calls = plain.report().calls;
  REQUIRE(calls.size() == 3);

  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  loomsim::Kernel k("k", loomsim::readFile(kCalls), "gcd64");
  k.clk(clk);
  Caller tb("tb", k);
  sc_core::sc_start();
  REQUIRE(tb.results.size() == 3);
  std::istringstream printed(out.str());
  for (size_t i = 0; i < 3; ++i) {
    const loomsim::CallResult& r = tb.results[i];
    REQUIRE(r.ok);
    std::string gcd, steps;
    printed >> gcd >> steps;
    CHECK(r.printed == std::vector<std::string>{gcd, steps});
    CHECK(r.cycles == calls[i].cycles);
  }
  CHECK(tb.results[0].results == std::vector<double>{21, 3});
  CHECK(k.cycles() == plain.cycles());
  CHECK(k.passed());
  std::ostringstream rep;
  CHECK(k.report(rep));
  CHECK_THAT(rep.str(),
             Contains("loomsim: k: 3 call(s)") && Contains("all checks passed (0 finding(s))"));
  // The hierarchy: the network under the kernel, its extmemory-free ops as modules.
  CHECK(std::string(k.network().name()) == "k.gcd64");
}

TEST_CASE("embed: an unknown function is an Error naming the functions there are",
          "[systemc][embed]") {
  CHECK_THROWS_MATCHES(loomsim::Kernel("k", loomsim::readFile(kCalls), "gcd32"), loomsim::Error,
                       Catch::Matchers::Message(
                           "loomsim::Kernel 'k': no function '@gcd32' with a body in the program "
                           "(it has: gcd64, main)"));
}

TEST_CASE("embed: a user module whose ports do not match the op's contract is an Error",
          "[systemc][embed]") {
  loomsim::replaceOp("arith.remui", [](const char* name, const loomsim::OpContract& c) {
    CHECK(c.inputs == std::vector<std::string>{"in_0", "in_1"});
    CHECK(c.outputs == std::vector<std::string>{"out_0"});
    return std::make_unique<BadRem>(name);
  });
  CHECK_THROWS_WITH(loomsim::Kernel("k", loomsim::readFile(kCalls), "gcd64"),
                    Contains("user module 'k.gcd64.") && Contains("for arith.remui") &&
                        Contains("no input port 'in_1'") &&
                        Contains("inputs in_0, in_1 as sc_port<ScPopIf>"));
  CHECK_THROWS_WITH(loomsim::replaceOp("handshake.extmemory", nullptr),
                    Contains("swapped through its TLM-2.0 socket"));
}

TEST_CASE("embed: a Kernel built after sc_start is an Error, and so is call() outside a thread",
          "[systemc][embed]") {
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  loomsim::Kernel k("k", loomsim::readFile(kCalls), "gcd64");
  k.clk(clk);
  CHECK_THROWS_WITH(k.memorySocket(0), Contains("argument #0 of '@gcd64' has no extmemory"));
  sc_core::sc_start(3, sc_core::SC_NS);
  CHECK_THROWS_WITH(loomsim::Kernel("late", loomsim::readFile(kCalls), "gcd64"),
                    Contains("'late': SystemC has already elaborated"));
  CHECK_THROWS_WITH(k.call({1, 2}), Contains("call it from an SC_THREAD"));
}
