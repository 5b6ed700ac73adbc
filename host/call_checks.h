// The run-time checks of one accelerated call (docs/design.md "The harness"), on what the
// engine left in its CallState (host/call_engine.h), and what a stopped call tells.
#pragma once

#include "host/call_engine.h"
#include "host/channel_totals.h"

#include <map>
#include <string>
#include <vector>

namespace loom {

// The per-call probes of the models: each memory's access log and the loop-control
// shape taps, armed for one call and disarmed however it ends. The twin has neither.
class CallProbes {
public:
  CallProbes(AccelNetwork& a, bool armed);
  ~CallProbes();
  CallProbes(const CallProbes&) = delete;
  CallProbes& operator=(const CallProbes&) = delete;

  // The accesses of the call itself end with its golden run: what its drain performs
  // later is not in the logs.
  void stopAccessLogs();

  std::vector<std::vector<models::MemoryAccess>> logs; // per memory of AccelNetwork::memories

private:
  AccelNetwork& a_;
  bool armed_;
  models::Memory& memory(size_t k);
};

// Each memory's accesses against the golden trace, where they know their source ops (not
// so in a graph read from LOOM's form).
void checkOrders(const CallState& s, const CallProbes& probes, bool stopped,
                 std::vector<harness::Finding>& out);

// The run-time checks of a finished call: the ledger, the access counts, and on the
// models the access order and the return after every done; quiescence; and on the
// models the loop-control shapes, whose per-loop summary goes into the call's record.
// `totals` (null: not kept) adds the call's channel counts.
void checkCall(const CallState& s, const CallProbes& probes, harness::Report& report,
               ChannelTotalsBook* totals, harness::Report::Call& call);

// A call whose network stopped before its results reached the host: the finding, with
// what the engine can tell of why (on the models with `checks`, the channels that
// carried more than their domain allows and the tokens they left).
void explainStop(const CallState& s, bool checks, std::vector<harness::Finding>& out,
                 ChannelTotalsBook* totals);

// What reached the return of a stopped call, port by port: each result that came,
// against the reference where the golden run has one (a "results" finding where it
// differs), and what never came; "" where nothing came.
std::string portsAtStop(const CallState& s, std::vector<harness::Finding>& out);

// What one accelerated call did, as two runs of a program are compared (a mutation
// campaign, host/mutation.h): not the checks' verdict but what they look at.
struct CallBehaviour {
  std::string function; // the accelerated function (an esi_instance's handshake.func)
  uint64_t invocation = 0;
  std::string status;        // "done", or why the network stopped ("deadlock", ...)
  std::vector<Bits> results; // the network's
  uint64_t memory = 0;       // a hash of the call's memref arguments' buffers after it
  // Tokens each op input took in the call, by "op name:port" (the drain included).
  std::map<std::string, uint64_t> inputs;
  // After the call and its drain: the channels holding tokens (by their consumer's
  // "op name:port") and the ops not at rest (by name).
  std::vector<std::string> held;
};

// What a call on the models did (work still in flight after the return belongs to the
// call: its span ends with the drain's quiet cycle, checks or not: docs/counters.md).
CallBehaviour behaviourOf(const CallState& s);

} // namespace loom
