// The harness's run-time checks of one invocation of an accelerated function
// (docs/design.md "The harness", items 2 to 5):
//   ledger      every channel's transfers against the expected count of its rate
//               domain, computed from the reference interpreter's region counts;
//   access      per memref access: ctrl = address = done = interpreter executions;
//   order       per memory group, accesses performed in program order (loads between
//               two stores may trade places: RAR);
//   quiescence  after the invocation, every channel empty and every state machine in
//               its reset phase: anything else is a latched token.
// Each violation becomes a Finding with its diagnosis (diagnosis.cpp).
#pragma once

#include "dfg/dfg.h"
#include "harness/findings.h"
#include "interp/interpreter.h"
#include "models/memory.h"
#include "sim/elaborate.h"
#include "sim/waits.h"

#include <map>
#include <vector>

namespace loom::harness {

// The expected count of a rate for one invocation.
int64_t expectedCount(const dfg::Rate& r, const ExecutionRecord& rec);

// Everything the checks look at for one invocation.
struct InvocationContext {
  const dfg::Graph& graph;
  const sim::Elaboration& elab;
  const sim::Circuit& circuit;
  const ExecutionRecord& golden;
  const std::vector<uint64_t>& pushesBefore; // per channel, before the invocation
  std::string function;
  uint64_t invocation = 0;
  // The RTL twin (`run --engine verilator`), whose circuit did not run: per channel, the
  // invocation's pushes and the tokens held after it, counted from the twin's probes.
  // Quiescence then reports held tokens (no values) and cannot see the state machines.
  const std::vector<uint64_t>* twinPushes = nullptr;
  const std::vector<uint64_t>* twinHeld = nullptr;
  // Whether `golden` is a reference run of this invocation. Without one (`sim`: a network
  // run on its own), no channel has a count to compare and quiescence tells each latched
  // token by its op, its input and its path back to the loop control.
  bool reference = true;

  uint64_t observed(dfg::EdgeId e) const;
};

// `stalled`: the invocation stopped early (deadlock, cycle cap): only channels that
// carried more tokens than their domain allows are reported (a shortfall is what a
// stall leaves behind, an excess is what caused it).
void checkLedger(const InvocationContext& c, std::vector<Finding>& out, bool stalled = false);
void checkAccessCounts(const InvocationContext& c, std::vector<Finding>& out);

// The golden access trace of one invocation, restricted to one memory group, against
// what the memory performed (its access log, ports mapped back to DFG accesses).
// `stopped`: the invocation stopped early (an op error): the accesses it performed must
// be the trace's first ones, in its order.
// `trace`, if given: the positions in c.golden.accesses that may be this memory's
// (tracePerMemory), instead of a walk over the whole trace for each memory.
void checkOrder(const InvocationContext& c, dfg::Vertex memory,
                const std::vector<models::MemoryAccess>& log, bool stopped,
                std::vector<Finding>& out, const std::vector<size_t>* trace = nullptr);
// Per memory of `memories`, the positions in c.golden.accesses of its accesses, in
// trace order: one pass over the trace for all the memories of a call.
std::vector<std::vector<size_t>> tracePerMemory(const InvocationContext& c,
                                                const std::vector<dfg::Vertex>& memories);

// After the invocation (and a drain): tokens left in channels (counted against the rate
// where there is one), machines not at rest, tokens left in the host's own channels.
// `stalled`: only tokens on channels that carried more than their domain allows.
void checkQuiescence(const InvocationContext& c, std::vector<Finding>& out, bool stalled = false);

// The check a stopped invocation is reported under: "deadlock", "cycle-cap", "op-error",
// "bad-input" ("done" for a finished one).
const char* stopCheck(sim::InvocationStatus s);

// A race between two iterations of an scf.parallel, found by the reference interpreter
// (the golden run of a call, or the host's own run: `function` is then the one whose
// loop it is, invocation 0).
Finding raceFinding(const Race& r, const std::string& function, uint64_t invocation);

// The error that stopped a run (an out-of-bounds access, a division by zero, a runaway
// loop, ...), as the reference interpreter or a call's network reported it, as a finding
// of check "runtime-error" at the op that failed; `kind` names which error
// (runtimeErrorKind). The command prints the error itself, once (Diag::str).
Finding runtimeErrorFinding(const Diag& error, const std::string& function);
// "out-of-bounds", "division-by-zero", "signed-overflow", "shift-out-of-range",
// "float-to-int-range", "poison-divisor", "runaway", "cycle-cap", "assertion",
// "call-failed" (an accelerated call stopped: its findings are in the report already),
// or "other": read off the message, whose first words each
// error's reporter fixes.
std::string runtimeErrorKind(const std::string& message);

// ---- diagnosis (diagnosis.cpp) ---------------------------------------------------------

// The path from a node back to the loop-control stream its rate derives from, one
// line per hop, ending at raw_will_continue or after_cond (or the function entry).
struct Upstream {
  std::vector<std::string> lines;
  dfg::Role rootRole = dfg::Role::Data; // RawWillContinue, AfterCond, or Data (entry)
  dfg::Vertex root = 0;                 // the stream or gate (or entry)
  bool reached = false;
  // Where the walk stopped (the root's producer when reached, else the op with no pacing
  // input: an entry, a memory, a stream), and the last channel it walked, if any.
  dfg::Vertex stop = 0;
  dfg::EdgeId last{};
  bool walked = false;
  std::vector<dfg::EdgeId> edges; // the channels walked, from `v`'s input back
};
Upstream upstreamOf(const dfg::Graph& g, dfg::Vertex v);

// The rewiring that moves the op the walk `up` ended at onto the loop's other stream.
dfg::Rewire rewireOf(const dfg::Graph& g, const Upstream& up, dfg::Rewire::Kind kind);
// What a token latched in input `port` of `consumer` most likely means, from the op and
// the loop control its input's path leads back to (`up`): `f`'s cause, the rule it
// breaks and the rewiring that undoes it (each left as it is where nothing is known).
void explainLatch(const dfg::Graph& g, dfg::Vertex consumer, unsigned port, const Upstream& up,
                  Finding& f);

// A call that deadlocked in which an scf.for or scf.parallel ran zero times in some
// activation while its stream starts in every one (the stream's rate counts the loop's
// activations, not the non-empty ones: no zero-trip guard lets it start only when it
// runs): the stop's cause, rule L106, placed at the loop's stream. Nothing otherwise.
void diagnoseZeroTrip(const InvocationContext& c, Finding& stop);

// Fills location, op and the likely cause of a count mismatch on edge `e`.
void diagnoseMismatch(const InvocationContext& c, dfg::EdgeId e, int64_t expected, int64_t observed,
                      Finding& f);

// The wait-for chain of a stalled network, from the Return back to the first op that
// waits on a producer that is not itself waiting (or round a cycle), one line per op
// with what it waits on and its SCF source. `capped`: the cycle cap stopped a network
// still running, so an op with nothing to wait for was still working, not finished.
std::vector<std::string> waitChain(const dfg::Graph& g, const sim::Elaboration& elab,
                                   const sim::Circuit& circuit, const std::vector<sim::Wait>& waits,
                                   bool capped = false);

// Describes a node and its SCF source into a finding.
void locate(const dfg::Graph& g, dfg::Vertex v, Finding& f);

} // namespace loom::harness
