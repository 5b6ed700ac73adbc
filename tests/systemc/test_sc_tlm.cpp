// extmemory through TLM-2.0 (systemc/sc_memory_socket.h): a target of one's own bound
// to the memory sockets of a --systemc run changes its cycles, not its results; a
// target that answers an error, or binding a socket twice, is a clear error.
//
// Each TEST_CASE runs in a process of its own (catch_discover_tests): SystemC
// elaborates once per process.
#include "host/program_run.h"
#include "systemc/sc_network.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <sstream>
#include <systemc>
#include <tlm>

using namespace loom;
using namespace loom::systemc;

namespace {

const std::string kGemm = std::string(LOOM_SOURCE_DIR) + "/kernels/gemm.mlir";

// The program's output without printMemref's buffer addresses.
std::string normalized(const std::string& text) {
  return std::regex_replace(text, std::regex("base@ = 0x[0-9a-f]+"), "base@ = ?");
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return normalized(s.str());
}

// A memory `extra` clock periods slower than the shipped target it forwards to, or one
// that answers every request with `status` (anything but TLM_OK_RESPONSE).
struct SlowMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<SlowMemory> in;
  tlm_utils::simple_initiator_socket<SlowMemory> out;
  uint64_t extra;
  tlm::tlm_response_status status;
  uint64_t requests = 0;
  SlowMemory(sc_core::sc_module_name n, uint64_t extra,
             tlm::tlm_response_status status = tlm::TLM_OK_RESPONSE)
      : sc_core::sc_module(n), in("in"), out("out"), extra(extra), status(status) {
    in.register_b_transport(this, &SlowMemory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    ++requests;
    if (status != tlm::TLM_OK_RESPONSE) {
      t.set_response_status(status);
      return;
    }
    out->b_transport(t, delay);
    delay += static_cast<double>(extra) * sc_core::sc_time(1, sc_core::SC_NS);
  }
};

struct Outcome {
  std::string output;
  RunOutcome run;
  uint64_t cycles = 0;
};

// gemm's run; with `bind`, under SystemC, `bind` called on its network after prepare()
// and `after` after the run (while the network exists).
template <class Bind, class After> Outcome runGemm(bool systemc, Bind bind, After after) {
  LoadedProgram prog = loadProgram(kGemm);
  REQUIRE(prog.module);
  RunSettings s;
  s.systemc = systemc;
  std::ostringstream out;
  ProgramRun run(*prog.module, s, out);
  REQUIRE(!run.prepare());
  ScNetwork* net = systemc ? run.accelerator()->scNetwork("gemm") : nullptr;
  if (systemc) {
    REQUIRE(net);
    bind(*net);
  }
  Outcome o;
  o.run = run.run();
  o.output = normalized(out.str());
  o.cycles = run.cycles();
  if (net) after(*net);
  return o;
}
template <class Bind> Outcome runGemm(bool systemc, Bind bind) {
  return runGemm(systemc, bind, [](ScNetwork&) {});
}

// gemm's memref arguments (A, B, C: arguments 0, 1, 2) behind SlowMemory's.
struct Slow {
  std::vector<std::unique_ptr<SlowMemory>> slow;
  std::vector<std::unique_ptr<ScMemoryTarget>> store;
  void operator()(ScNetwork& net, uint64_t extra, tlm::tlm_response_status status) {
    for (int arg = 0; arg < 3; ++arg) {
      ScMemoryPort* port = net.memoryPort(arg);
      REQUIRE(port);
      std::string n = "slow" + std::to_string(arg);
      slow.push_back(std::make_unique<SlowMemory>(n.c_str(), extra, status));
      n = "store" + std::to_string(arg);
      auto& m = static_cast<models::Memory&>(net.network().circuit().op(
          net.network().circuit().indexOf(*net.network().externalMemory(arg))));
      store.push_back(std::make_unique<ScMemoryTarget>(n.c_str(), m.backing(),
                                                       static_cast<uint64_t>(m.config().latency)));
      port->socket.bind(slow.back()->in);
      slow.back()->out.bind(store.back()->socket);
    }
  }
};

} // namespace

TEST_CASE("TLM: a slower memory target gives more cycles and the same checked results",
          "[systemc][tlm]") {
  Outcome plain = runGemm(false, [](ScNetwork&) {});
  REQUIRE(plain.run.passed);
  REQUIRE(plain.output == readFile(std::string(LOOM_SOURCE_DIR) + "/kernels/gemm.expected"));

  Slow slow;
  Outcome sc = runGemm(true, [&](ScNetwork& net) { slow(net, 3, tlm::TLM_OK_RESPONSE); });
  CHECK(sc.run.passed); // results and memories against the interpreter, ledger, order
  CHECK(!sc.run.error);
  CHECK(sc.output == plain.output);
  CHECK(sc.cycles > plain.cycles);
  // Every access went through the sockets: A and B are read, C read and written.
  for (auto& s : slow.slow)
    CHECK(s->requests > 0);
}

TEST_CASE("TLM: a target answering TLM_ADDRESS_ERROR_RESPONSE stops the run with the memory's "
          "op error",
          "[systemc][tlm]") {
  Slow slow;
  Outcome sc =
      runGemm(true, [&](ScNetwork& net) { slow(net, 0, tlm::TLM_ADDRESS_ERROR_RESPONSE); });
  CHECK(!sc.run.passed);
  CHECK(sc.run.exitCode() == 1);
  REQUIRE(sc.run.error);
  CHECK_THAT(sc.run.error->message, Catch::Contains("did not complete (op-error)"));
}

TEST_CASE("TLM: a memory socket bound twice is an error at elaboration before any cycle",
          "[systemc][tlm]") {
  std::vector<std::unique_ptr<SlowMemory>> targets;
  LoadedProgram prog = loadProgram(kGemm);
  REQUIRE(prog.module);
  RunSettings s;
  s.systemc = true;
  std::ostringstream out;
  ProgramRun run(*prog.module, s, out);
  REQUIRE(!run.prepare());
  ScMemoryPort* port = run.accelerator()->scNetwork("gemm")->memoryPort(0);
  REQUIRE(port);
  for (const char* n : {"t1", "t2"}) {
    targets.push_back(std::make_unique<SlowMemory>(n, 0));
    port->socket.bind(targets.back()->in);
  }
  CHECK_THROWS_WITH(run.run(),
                    Catch::Contains("gemm.gemm.ext") && Catch::Contains("bound 2 times"));
}

TEST_CASE("TLM: unbound sockets get the shipped target and the event engine's cycles",
          "[systemc][tlm]") {
  Outcome plain = runGemm(false, [](ScNetwork&) {});
  int checked = 0;
  Outcome sc = runGemm(
      true, [](ScNetwork&) {},
      [&](ScNetwork& net) {
        // Every extmemory went through its socket to a shipped target of the timing's
        // latency.
        for (int arg = 0; arg < 3; ++arg) {
          models::Memory* m = net.network().externalMemory(arg);
          REQUIRE(m);
          ScOpModule& op = net.opModule(net.network().circuit().indexOf(*m));
          REQUIRE(op.defaultMemoryTarget());
          CHECK(op.defaultMemoryTarget()->latency() == 10);
          CHECK(std::string(op.defaultMemoryTarget()->name()) ==
                std::string(op.name()) + ".mem_target");
          CHECK(m->transport() == op.memoryPort());
          ++checked;
        }
      });
  CHECK(checked == 3);
  CHECK(sc.run.passed);
  CHECK(sc.output == plain.output);
  CHECK(sc.cycles == plain.cycles);
}
