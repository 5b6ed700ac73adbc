#include "sim/make_engine.h"

#include "sim/clocked_engine.h"
#include "sim/event_engine.h"

namespace loom::sim {

std::unique_ptr<Engine> makeEngine(EngineKind kind, Circuit& circuit) {
  if (!circuit.sound()) return nullptr;
  switch (kind) {
  case EngineKind::Event: return std::make_unique<EventEngine>(circuit);
  case EngineKind::Clocked: return std::make_unique<ClockedEngine>(circuit);
  }
  return nullptr;
}

} // namespace loom::sim
