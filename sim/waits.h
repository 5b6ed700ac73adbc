// Who waits on what: the raw material of a deadlock report.
//
// When a run stops (deadlock or cycle cap) the network's state is frozen, and every op
// whose last cycle was an input or output stall (models/model.h's counters) is waiting:
// for a token on one of its empty inputs, or for space on one of its full outputs.
// waitingOps() lists those ops with their empty inputs and full outputs; the harness
// turns the list into a wait-for cycle with provenance.
#pragma once

#include "sim/circuit.h"

#include <string>
#include <vector>

namespace loom::sim {

struct Wait {
  uint32_t op = kNoOp;
  models::CycleStatus status = models::CycleStatus::InputStall; // InputStall or OutputStall
  std::vector<int> emptyInputs; // input ports whose channel holds no token
  std::vector<int> fullOutputs; // output ports whose channel has no free slot
};

// Every waiting op, in op index order. Call after the engine's flushStats() or at the
// end of a run (the ops' last cycle class is what is read).
std::vector<Wait> waitingOps(const Circuit& circuit);

// "handshake.join 'f/join' waits (input stall): empty input 1 [f/c1:0 -> f/join:1];
//  full outputs: none"
std::string describeWait(const Circuit& circuit, const Wait& w);

} // namespace loom::sim
