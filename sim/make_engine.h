// The engine of a kind: above the engine interface (engine.h) and both engines, so that
// neither includes the other.
#pragma once

#include "sim/engine.h"

#include <memory>

namespace loom::sim {

// The engine of `kind` over `circuit`; null if the circuit is not sound (unsealed or
// with wiring errors), which no engine can run.
std::unique_ptr<Engine> makeEngine(EngineKind kind, Circuit& circuit);

} // namespace loom::sim
