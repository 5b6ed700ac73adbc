// ScCycle: what a network's SystemC channels and op modules call back into, the engine
// that runs its cycle (ScEngine, sc_engine.h). An interface below both, so that the
// engine includes them and they do not include the engine.
#pragma once

#include <cstdint>
#include <systemc>

namespace loom::systemc {

class ScChannel;

class ScCycle {
public:
  // An op module's process: evaluate op `op` in this cycle.
  virtual void evaluate(uint32_t op) = 0;
  // A channel's update: commit it, wake its ends, report what moved.
  virtual void commit(ScChannel& ch) = 0;
  // The clock period (a memory's TLM socket times its transactions by it).
  virtual sc_core::sc_time period() const = 0;

protected:
  ~ScCycle() = default;
};

} // namespace loom::systemc
