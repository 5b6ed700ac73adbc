// An extmemory's TLM-2.0 side: its requests leave through a
// tlm_utils::simple_initiator_socket (blocking transport, loosely timed) and the shipped
// target, ScMemoryTarget, serves them from the host's buffer with the timing's latency.
//
// The protocol (what a user's target sees; docs/systemc.md "Memory through TLM-2.0"):
//   - one generic payload per request, issued in the cycle the memory pops it: a load
//     is TLM_READ_COMMAND, a store TLM_WRITE_COMMAND;
//   - the address is the element index times 8 (each element is one 8-byte word, the
//     loom::Bits value in host byte order: data length and streaming width 8, no byte
//     enables), in the extmemory's own address space [0, 8 * size);
//   - the delay passed in is zero; the target adds its latency. The request's tokens are
//     seen by their consumers delay / period cycles after the issue cycle, rounded up
//     to whole clock periods, at least one (the memory's minimum); a port completes its
//     requests in order, and holds at most the timing's latency of them in flight;
//   - the target must not wait() (the memory is evaluated in an SC_METHOD): annotate the
//     delay instead;
//   - a response status other than TLM_OK_RESPONSE (TLM_INCOMPLETE_RESPONSE included,
//     a target that did not answer), a SystemC error thrown by the target, or a delay
//     beyond 2^32 cycles is the memory's op error: the run stops with it, exit 1.
// The access is performed by the target when it is called, so the load's value is the
// memory's state in the issue cycle (the event engine reads it when the tokens leave:
// the same values whenever the program orders its accesses, as the lowering does and
// the harness checks).
#pragma once

#include "models/memory.h"

#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

namespace loom::systemc {

constexpr unsigned kElementBytes = 8; // one element per 8-byte word

class ScMemoryPort;
using ScMemoryInitiatorSocket = tlm_utils::simple_initiator_socket<ScMemoryPort>;

// The memory's end: a models::MemoryTransport over an initiator socket. Created inside
// the extmemory's ScOpModule (the socket is its child "mem").
class ScMemoryPort : public models::MemoryTransport {
public:
  ScMemoryPort(const char* socketName, sc_core::sc_time period);
  ScMemoryInitiatorSocket socket;

  uint64_t transport(bool isStore, uint64_t addr, Bits& data, std::string& error) override;
  // How many times the socket is bound (before the end of elaboration).
  int bindings() { return socket.get_base_port().bind_count(); }

private:
  sc_core::sc_time period_;
  tlm::tlm_generic_payload payload_;
};

// The shipped target: reads and writes `backing` (an extmemory's: the host buffer of the
// current call), adding `latency` clock periods to the delay. A user's target can put
// itself in front of one (an interconnect, a slower memory) and forward to it.
class ScMemoryTarget : public sc_core::sc_module {
public:
  tlm_utils::simple_target_socket<ScMemoryTarget> socket;

  ScMemoryTarget(sc_core::sc_module_name name, models::MemoryBacking& backing, uint64_t latency,
                 sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS));
  const char* kind() const override { return "loom_memory_target"; }
  uint64_t latency() const { return latency_; }

private:
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay);

  models::MemoryBacking& backing_;
  uint64_t latency_;
  sc_core::sc_time delay_; // latency_ periods, the delay each access adds
};

} // namespace loom::systemc
