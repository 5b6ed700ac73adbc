// ClockedEngine: the reference engine. Every cycle it evaluates every op (in index
// order; the channel rule makes the order irrelevant) and commits every channel. It
// does the most work and the least reasoning, which is what a reference is for: the
// event engine must reproduce its cycle counts, transfers, counters and traces.
#pragma once

#include "sim/engine.h"

namespace loom::sim {

class ClockedEngine final : public Engine {
public:
  explicit ClockedEngine(Circuit& circuit) : Engine(circuit) {}

  EngineKind kind() const override { return EngineKind::Clocked; }
  bool step() override;
  // Every op is evaluated every cycle anyway.
  void wake(uint32_t) override {}
  void wakeAll() override {}

private:
  bool anyBusy() const;
};

} // namespace loom::sim
