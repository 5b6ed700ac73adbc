#include "host/model_engine.h"

#include "host/host_memory.h"

namespace loom {

std::optional<Diag> ModelEngine::run(CallState& s) {
  sim::Network& net = *a_.elab.network;
  sim::Invocation inv;
  inv.maxCycles = maxCycles_;
  std::vector<std::unique_ptr<BufferBacking>> backings;
  inv.memories.assign(s.args.size(), nullptr);
  for (size_t i = 0; i < s.args.size(); ++i) {
    const Type& t = s.f.argTypes[i];
    if (t.isMemRef()) {
      descriptorTokens(t, *s.args[i].mem, inv.scalars);
      backings.push_back(std::make_unique<BufferBacking>(*s.args[i].mem->buf));
      inv.memories[i] = backings.back().get();
    } else {
      inv.scalars.push_back(s.args[i].bits);
    }
  }
  const sim::Circuit& circuit = net.circuit();
  s.before.resize(circuit.numChannels());
  for (uint32_t c = 0; c < circuit.numChannels(); ++c)
    s.before[c] = circuit.channel(c).pushes();
  s.res = invoke(inv);
  s.lap(&PhaseTimes::simulate);
  s.status = s.res.status;
  s.results = s.res.results;
  return std::nullopt;
}

// Work still in flight after the return belongs to the call: a pipeline finishing a
// value nobody uses, or a whole loop nest whose values reach neither a result nor a
// memory (the return does not wait for it, and it may run for any number of cycles).
// Let it settle, within the run's cycle budget, before counting anything.
void ModelEngine::settle(CallState& s, std::vector<harness::Finding>& out) {
  sim::Network& net = *a_.elab.network;
  uint64_t drainStart = net.cycles();
  if (net.drain(maxCycles_)) return;
  harness::Finding h;
  h.check = "cycle-cap";
  h.function = a_.name;
  h.invocation = s.invocation;
  h.loc = a_.loc;
  h.summary = "work of the call still running " + std::to_string(net.cycles() - drainStart) +
              " cycle(s) after the return (cycle budget --max-cycles, or an op error)";
  h.cause = "the ledger and quiescence findings below count an unfinished invocation";
  out.push_back(std::move(h));
}

} // namespace loom
