// The event and clocked engines as a CallEngine (host/call_engine.h): the call is one
// invocation of the elaborated network, and the drain steps it until it is quiet.
#pragma once

#include "host/call_engine.h"

namespace loom {

class ModelEngine : public CallEngine {
public:
  ModelEngine(AccelNetwork& a, uint64_t maxCycles) : a_(a), maxCycles_(maxCycles) {}
  bool runsModels() const override { return true; }
  std::optional<Diag> run(CallState& s) override;
  void settle(CallState& s, std::vector<harness::Finding>& out) override;
  // The network's record of its last call, which the drain extends.
  sim::CallSpan span(const CallState&) const override { return a_.elab.network->lastCall(); }

protected:
  // One invocation on whatever steps the network.
  virtual sim::InvocationResult invoke(const sim::Invocation& inv) {
    return a_.elab.network->invoke(inv);
  }
  AccelNetwork& a_;

private:
  uint64_t maxCycles_;
};

} // namespace loom
