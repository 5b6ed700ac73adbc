// The extmemory's TLM-2.0 side (systemc/sc_memory_socket.h) on its own: the payload a
// target sees (command, address = index * 8, 8 data bytes), the delay rounded up to
// whole clock periods (at least one), and every way a target can fail a request; the
// shipped target's reads, writes, latency and error responses.
#include "systemc/sc_memory_socket.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::systemc;
using loom::models::VectorBacking;

namespace {

// Answers with `status`, adds `delay`, records what it saw; OK requests go on to `next`.
struct Probe : sc_core::sc_module {
  tlm_utils::simple_target_socket<Probe> in{"in"};
  tlm_utils::simple_initiator_socket<Probe> out{"out"};
  tlm::tlm_response_status status = tlm::TLM_OK_RESPONSE;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  bool answer = true, raise = false, forward = true;
  uint64_t address = 0;
  unsigned length = 0;
  tlm::tlm_command command = tlm::TLM_IGNORE_COMMAND;
  explicit Probe(sc_core::sc_module_name n) : sc_core::sc_module(n) {
    in.register_b_transport(this, &Probe::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& d) {
    address = t.get_address();
    length = t.get_data_length();
    command = t.get_command();
    if (raise) SC_REPORT_ERROR("probe", "the target broke");
    if (!answer) return; // TLM_INCOMPLETE_RESPONSE stays
    if (status != tlm::TLM_OK_RESPONSE) {
      t.set_response_status(status);
      return;
    }
    if (!forward) {
      t.set_response_status(tlm::TLM_OK_RESPONSE);
      return;
    }
    out->b_transport(t, d);
    d += delay;
  }
};

// The memory's end, in a module as in an extmemory's ScOpModule.
struct Initiator : sc_core::sc_module {
  ScMemoryPort port;
  Initiator(sc_core::sc_module_name n, sc_core::sc_time period)
      : sc_core::sc_module(n), port("mem", period) {}
};

} // namespace

TEST_CASE("TLM socket: payload, delays in whole periods, failures, the shipped target",
          "[systemc][tlm]") {
  const sc_core::sc_time ns(1, sc_core::SC_NS);
  VectorBacking store(8);
  for (int i = 0; i < 8; ++i)
    store.write(static_cast<uint64_t>(i), 100 + static_cast<Bits>(i));
  Initiator init("op", 2 * ns); // a 2 ns clock
  ScMemoryPort& port = init.port;
  Probe probe("probe");
  ScMemoryTarget target("target", store, 3, 2 * ns); // 3 periods
  port.socket.bind(probe.in);
  probe.out.bind(target.socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME); // elaborate
  std::string error;

  // A load of element 5: TLM_READ_COMMAND at 40, 8 bytes; the shipped target's 3
  // periods are 3 cycles.
  Bits data = 0;
  CHECK(port.transport(false, 5, data, error) == 3);
  CHECK(data == 105);
  CHECK(probe.command == tlm::TLM_READ_COMMAND);
  CHECK(probe.address == 40);
  CHECK(probe.length == 8);
  // A store, performed when called.
  data = 77;
  CHECK(port.transport(true, 2, data, error) == 3);
  CHECK(probe.command == tlm::TLM_WRITE_COMMAND);
  CHECK(probe.address == 16);
  CHECK(store.read(2) == 77);
  // Delays: 6 ns + 1 ns = 3.5 periods -> 4; + 2 ns -> 4 exactly.
  probe.delay = ns;
  CHECK(port.transport(false, 0, data, error) == 4);
  probe.delay = 2 * ns;
  CHECK(port.transport(false, 0, data, error) == 4);
  CHECK(error.empty());

  // Failures: an error response, no response, an error thrown, a delay too long.
  probe.status = tlm::TLM_ADDRESS_ERROR_RESPONSE;
  CHECK(port.transport(false, 1, data, error) == 0);
  CHECK(error == "TLM socket 'op.mem': the target answered TLM_ADDRESS_ERROR_RESPONSE");
  probe.status = tlm::TLM_OK_RESPONSE;
  probe.answer = false;
  CHECK(port.transport(false, 1, data, error) == 0);
  CHECK(error == "TLM socket 'op.mem': the target answered TLM_INCOMPLETE_RESPONSE");
  probe.answer = true;
  probe.raise = true;
  CHECK(port.transport(false, 1, data, error) == 0);
  CHECK_THAT(error, Catch::Contains("TLM socket 'op.mem': the target failed:") &&
                        Catch::Contains("the target broke"));
  probe.raise = false;
  probe.delay = sc_core::sc_time(1e10, sc_core::SC_NS); // 5e9 periods
  CHECK(port.transport(false, 1, data, error) == 0);
  CHECK_THAT(error, Catch::Contains("is beyond 2^32 clock periods"));
  probe.delay = sc_core::SC_ZERO_TIME;

  // A target that adds no delay: one cycle, the memory's minimum.
  probe.forward = false;
  CHECK(port.transport(false, 1, data, error) == 1);
  probe.forward = true;
  // The shipped target refuses an element outside its backing.
  CHECK(port.transport(false, 8, data, error) == 0);
  CHECK(error == "TLM socket 'op.mem': the target answered TLM_ADDRESS_ERROR_RESPONSE");
}
