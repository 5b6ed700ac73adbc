#include "systemc/sc_memory_socket.h"

#include <cstring>

namespace loom::systemc {

namespace {
constexpr uint64_t kMaxLatency = uint64_t(1) << 32; // cycles
}

ScMemoryPort::ScMemoryPort(const char* socketName, sc_core::sc_time period)
    : socket(socketName), period_(period) {}

uint64_t ScMemoryPort::transport(bool isStore, uint64_t addr, Bits& data, std::string& error) {
  tlm::tlm_generic_payload& t = payload_;
  unsigned char bytes[kElementBytes];
  std::memcpy(bytes, &data, kElementBytes);
  t.set_command(isStore ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  t.set_address(addr * kElementBytes);
  t.set_data_ptr(bytes);
  t.set_data_length(kElementBytes);
  t.set_streaming_width(kElementBytes);
  t.set_byte_enable_ptr(nullptr);
  t.set_byte_enable_length(0);
  t.set_dmi_allowed(false);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  // Only a failure names the socket: no string is built per request.
  auto via = [&] { return std::string("TLM socket '") + socket.name() + "'"; };
  try {
    socket->b_transport(t, delay);
  } catch (const sc_core::sc_report& r) {
    error = via() + ": the target failed: " + r.what();
    return 0;
  } catch (const std::exception& e) {
    error = via() + ": the target failed: " + e.what();
    return 0;
  }
  t.set_data_ptr(nullptr);
  if (!t.is_response_ok()) {
    error = via() + ": the target answered " + t.get_response_string();
    return 0;
  }
  if (!isStore) std::memcpy(&data, bytes, kElementBytes);
  // Whole clock periods, rounded up; at least one (the memory's minimum latency).
  const sc_dt::uint64 d = delay.value(), p = period_.value();
  const uint64_t cycles = d / p + (d % p != 0);
  if (cycles > kMaxLatency) {
    error = via() + ": the target's delay " + delay.to_string() + " is beyond 2^32 clock periods";
    return 0;
  }
  return cycles == 0 ? 1 : cycles;
}

ScMemoryTarget::ScMemoryTarget(sc_core::sc_module_name name, models::MemoryBacking& backing,
                               uint64_t latency, sc_core::sc_time period)
    : sc_core::sc_module(name), socket("socket"), backing_(backing), latency_(latency),
      delay_(static_cast<double>(latency) * period) {
  socket.register_b_transport(this, &ScMemoryTarget::b_transport);
}

void ScMemoryTarget::b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
  const uint64_t address = t.get_address();
  if (t.get_byte_enable_ptr()) {
    t.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return;
  }
  if (t.get_data_length() != kElementBytes || t.get_streaming_width() != kElementBytes) {
    t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return;
  }
  if (address % kElementBytes != 0 || address / kElementBytes >= backing_.size()) {
    t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  const uint64_t index = address / kElementBytes;
  if (t.is_read()) {
    Bits v = backing_.read(index);
    std::memcpy(t.get_data_ptr(), &v, kElementBytes);
  } else if (t.is_write()) {
    Bits v;
    std::memcpy(&v, t.get_data_ptr(), kElementBytes);
    backing_.write(index, v);
  }
  delay += delay_;
  t.set_response_status(tlm::TLM_OK_RESPONSE);
}

} // namespace loom::systemc
