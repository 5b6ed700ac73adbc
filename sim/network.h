// Network: one elaborated function, ready to be invoked any number of times.
//
// A Network is a Circuit (ops + channels) plus its host ends (host_end.h) and the
// engine that drives it. The same network serves every invocation, on one continuous
// cycle axis: nothing is reset between invocations except what the host owns (the
// entry tokens, the extmemory buffers, the zero-filled internal memories); the FSMs
// must come back to their reset phases by themselves, which is exactly what the
// harness checks.
//
// One invocation:
//   1. begin(): check the inputs, bind each extmemory to the host buffer of its
//      function argument, re-zero the internal memories, arm the EntrySource with the
//      scalar arguments (Entry's output order) followed by the none ctrl token, and
//      wake it;
//   2. tick() once per cycle (invoke() loops; the SystemC shell calls it on every
//      clock edge) until the invocation settles:
//        done      every Return output has delivered this invocation's token to its
//                  HostSink AND every memory is idle (nothing in flight);
//        deadlock  a quiet cycle first (nothing moved, nothing busy): the result lists
//                  which ops wait on which empty input or full output;
//        cycle cap Invocation::maxCycles cycles without settling (waits listed too);
//        op error  an op failed (memory out of bounds, division by zero, ...);
//   3. finish(): the result (status, result tokens, cycles) and the extmemories are
//      unbound again, so the network never touches a host buffer between invocations.
// Settling checks, in order: op error, done, quiet cycle, cycle cap (RunMonitor).
//
// The cycles and transfers of every call (docs/counters.md) are kept here, in one
// place: every cycle the network runs belongs to the call begun last (its invocation,
// then the drain() after it), so the calls' spans tile the network's cycle axis and add
// up to cycles(). The host, the report, the summary line and the stats read them.
#pragma once

#include "models/memory.h"
#include "models/return.h"
#include "sim/circuit.h"
#include "sim/engine.h"
#include "sim/host_end.h"
#include "sim/waits.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::sim {

// The default cap on the cycles of one call (`--max-cycles`): a few seconds of the event
// engine, far beyond any shipped kernel (docs/design.md "Limits").
constexpr uint64_t kDefaultMaxCycles = 50'000'000;

struct Invocation {
  std::vector<Bits> scalars; // Entry's outputs except the final ctrl token, in order
  // Host buffers by function argument index; an extmemory uses memories[argIndex].
  // They must outlive the invocation (not the network).
  std::vector<models::MemoryBacking*> memories;
  uint64_t maxCycles = kDefaultMaxCycles;
};

// One call of the network on its own cycle axis (docs/counters.md "Calls").
struct CallSpan {
  uint64_t invocation = 0; // 1, 2, ...
  uint64_t start = 0;      // its first cycle: the one begin() armed the entry for
  uint64_t settled = 0;    // one past the cycle its invocation settled in
  uint64_t end = 0;        // one past its last cycle: the next call's start, or cycles()
  uint64_t transfers = 0;  // tokens pushed in [start, end)
  bool done = false;       // it settled as done: the host took every result
  // Its span: the cycles the network ran for it, the drain's quiet cycle included.
  uint64_t cycles() const { return end - start; }
  // Done calls: its first cycle through the one the host took its last result in.
  uint64_t latency() const { return settled - start; }
};

enum class InvocationStatus : uint8_t { Done, Deadlock, CycleCap, OpError, BadInput };
const char* invocationStatusName(InvocationStatus s);

struct InvocationResult {
  InvocationStatus status = InvocationStatus::BadInput;
  std::vector<Bits> results;           // the Return's results in order (status Done)
  uint64_t startCycle = 0;             // the invocation's first cycle
  uint64_t endCycle = 0;               // one past its last cycle
  std::vector<models::OpError> errors; // OpError: the errors of this invocation
  std::vector<Wait> waits;             // Deadlock, CycleCap: who waits on what
  // Deadlock, CycleCap: the token waiting at each input of the Return (its results, then
  // its ctrl), if any. LOOM's form gives each result a port of its own: a value here has
  // reached the host there, whatever else never came.
  std::vector<std::optional<Bits>> atReturn;
  std::string message; // one-line summary (BadInput: what is wrong)

  bool done() const { return status == InvocationStatus::Done; }
  uint64_t cycles() const { return endCycle - startCycle; }
};

class Network {
public:
  Network(models::TimingConfig timing, EngineKind engine);

  Circuit& circuit() { return circuit_; }
  const Circuit& circuit() const { return circuit_; }
  // The channels into the return, by port (the last: the done token); kNoChannel where a
  // port has none.
  std::vector<uint32_t> returnChannels() const;
  static constexpr uint32_t kNoChannel = 0xFFFFFFFFu;

  // --- Building (elaborate.cpp, or tests by hand); then seal() ------------------------
  // The entry: `numOutputs` = scalar arguments + 1 (the ctrl token, last).
  EntrySource& setEntry(std::string name, int numOutputs);
  // Creates one HostSink per output of `ret` (named "<ret>.result<i>", "<ret>.done")
  // and connects them; `resultTypes` are the types of ret's results.
  void attachReturn(models::Return& ret, const std::vector<Type>& resultTypes);
  // handshake.memory: owns a zero-filled backing of `size` elements.
  models::Memory& addInternalMemory(std::string name, models::MemoryConfig config, size_t size);
  // handshake.extmemory for function argument `argIndex`.
  models::Memory& addExternalMemory(std::string name, models::MemoryConfig config, int argIndex);
  // Seals the circuit and creates the engine. Returns the wiring errors; a network
  // with wiring errors refuses to run (begin() reports BadInput).
  std::vector<std::string> seal();

  // --- Running ------------------------------------------------------------------------
  InvocationResult invoke(const Invocation& inv);
  // Stepwise form of invoke() for clock-driven hosts. begin() returns a BadInput
  // result if the invocation cannot start, nothing if it started.
  std::optional<InvocationResult> begin(const Invocation& inv);
  // One cycle, with or without an invocation. True if this cycle settled it.
  bool tick();
  bool invoking() const { return active_.has_value(); } // begun, not finished
  bool settled() const { return outcome_.has_value(); } // the invocation is over
  InvocationResult finish();                            // requires settled()
  // Runs until a quiet cycle (the network can do nothing more on its own), an op error
  // or `maxCycles`; for the quiescence check after an invocation. True if quiet. Its
  // cycles, the quiet one included, belong to the last call's span.
  bool drain(uint64_t maxCycles);

  Engine& engine() { return *engine_; }
  // Replaces the engine seal() made, before the network has run a cycle: the SystemC
  // network (systemc/sc_network.h) drives the circuit through its own engine.
  void useEngine(std::unique_ptr<Engine> engine);
  const Engine& engine() const { return *engine_; }
  EntrySource* entry() const { return entry_; }
  const std::vector<HostSink*>& returnSinks() const { return sinks_; } // results, then done
  // The extmemory of function argument `argIndex` (null: none).
  models::Memory* externalMemory(int argIndex) const;
  uint64_t invocations() const { return invocations_; }

  // --- Counters (docs/counters.md) -----------------------------------------------------
  // The cycles the network has run: its engine's counter, the sum of its calls' spans.
  uint64_t cycles() const { return engine_ ? engine_->cycle() : 0; }
  // Every call begun so far, in order; the last one's end and transfers are as of now.
  std::vector<CallSpan> calls() const;
  // The call begun last, as of now (a default CallSpan before the first).
  CallSpan lastCall() const;

private:
  struct ExternalMemory {
    models::Memory* op;
    int argIndex;
    std::shared_ptr<HostBacking> backing;
  };
  struct InternalMemory {
    models::Memory* op;
    std::shared_ptr<models::VectorBacking> backing;
  };
  struct Active {
    RunMonitor monitor;
    uint64_t startCycle;
    std::vector<size_t> baseline; // tokens each HostSink had received before
  };

  std::optional<std::string> checkInputs(const Invocation& inv) const;
  void prepareMemories(const Invocation& inv);
  bool invocationDone() const;
  void settle(RunStatus status);
  void unbindExternalMemories();
  InvocationResult badInput(std::string message) const;
  std::vector<std::optional<Bits>> waitingAtReturn() const;

  Circuit circuit_;
  EngineKind engineKind_;
  std::unique_ptr<Engine> engine_;
  bool sound_ = false;
  EntrySource* entry_ = nullptr;
  std::vector<HostSink*> sinks_;
  const models::Return* return_ = nullptr;
  int numResults_ = 0;
  std::vector<ExternalMemory> external_;
  std::vector<InternalMemory> internal_;
  std::vector<models::Memory*> memories_; // both kinds, for the idle check
  std::optional<Active> active_;
  std::optional<InvocationResult> outcome_;
  uint64_t invocations_ = 0;
  std::vector<CallSpan> calls_; // the last one's end and transfers are filled in on demand
  uint64_t pushesAtStart_ = 0;  // tokens pushed before the last call began
  uint64_t pushes() const;      // tokens pushed so far, on every channel
};

} // namespace loom::sim
