// Per-activation shapes of the loop-control streams (docs/design.md "The harness", the rate
// ledger): a stream's will-continue is N trues then one false for every activation that reaches it;
// a gate's after_cond is N - 1 trues then one false (nothing for N = 0); the rotated while's
// condition is shaped like after_cond. The expected N of every activation comes from the
// interpreter's trip counts, in order; the observed N of every activation from the tap's
// loop counter (sim/loop_counter.h), the one the stats count loops with.
#pragma once

#include "analysis/throughput.h"
#include "harness/checks.h"
#include "sim/engine.h"
#include "sim/loop_counter.h"

namespace loom::harness {

// A channel tap that times each token by the engine's cycle (the loop counter's II).
struct TimedTap : models::ChannelTap {
  sim::LoopCounter* counter = nullptr;
  const sim::Engine* engine = nullptr;
  void pushed(Bits token) override { counter->token(engine->cycle(), token & 1); }
};

struct ShapeTap {
  enum class Kind { StreamCont, GateAfterCond, WhileCond } kind;
  dfg::EdgeId edge;    // the channel leaving the stream / gate / condition
  dfg::Vertex node;    // its producer
  uint32_t loop = 0;   // the scf op
  std::string ctx;     // the copy (dfg::RateTerm::ctx)
  bool guarded = true; // only non-empty activations reach it
  // Bound to a loop rotated into an scf.while's before region (LOOM's CPU version): the
  // stream's N per activation is the while's trips + 1.
  bool rotated = false;
  // The channel's tokens in the call, counted by activation and timed (armShapeTaps
  // taps the channel with `timed`, which feeds it; trips kept).
  sim::LoopCounter counter;
  TimedTap timed;
};

// The loop-control channels of a lowered function.
std::vector<ShapeTap> findShapeTaps(const dfg::Graph& g);

// Starts (or stops, with arm = false) recording the tapped channels, timed by `engine`.
void armShapeTaps(std::vector<ShapeTap>& taps, const dfg::Graph& g, const sim::Elaboration& elab,
                  sim::Circuit& circuit, const sim::Engine& engine, bool arm);

void checkShapes(const InvocationContext& c, const std::vector<ShapeTap>& taps,
                 std::vector<Finding>& out);

// Why a loop ran slower than its bound, in the order the harness looks for it:
//   inner-loop     each iteration runs activations of loops nested in it, whose
//                  iterations no bound of this loop's can count;
//   memory-port    a memory of the critical recurrence held requests back: the cycle's
//                  loadsPerCycle or storesPerCycle went to other ports of it;
//   back-pressure  an op of the critical recurrence could not push: an output was full;
//                  or it waited for an input from off the recurrence whose producer
//                  could not push (an output of that producer was full);
//   starved        an op of the critical recurrence waited for an input from off the
//                  recurrence (the loop's control, an address, a value from outside);
//   unexplained    none of these.
struct LoopGap {
  std::string cause;
  std::string text;       // one sentence naming ops and counts
  int64_t step = -1;      // the op of the recurrence it names, or -1
  uint32_t innerLoop = 0; // inner-loop: the innermost loop named
};

// One loop's N vs N+1 structure in one invocation, for the report.
struct LoopSummary {
  uint32_t loop;
  std::string source; // file:line:col
  std::string kind;   // "scf.for" / "scf.while"
  std::string ctx;
  uint64_t activations = 0, nonEmpty = 0, iterations = 0;
  int64_t rawExpected = 0, rawObserved = 0;   // will-continue tokens (N + 1, or N)
  int64_t bodyExpected = 0, bodyObserved = 0; // after_cond tokens (N)
  // The achieved II on the loop's raw_will_continue (or while condition), as --stats
  // measures it (sim/loop_counter.h); none without an activation of two iterations.
  std::optional<double> ii;
  // Its static bound and the II achieved where the bound applies (harness/pace.h): at
  // its critical carry, or the II above for a loop without a carry (bound 1). iiRange: the
  // least and the largest II of one activation at the carry.
  uint64_t iiBound = 1;
  std::optional<double> iiAchieved;
  std::optional<double> iiSteady; // without each activation's first lap (sim::PaceCounts)
  std::optional<std::pair<double, double>> iiRange;
  const analysis::LoopBound* bound = nullptr; // null: no carry, paced by its stream
  // Per op of the critical recurrence, in its order: cycles in the call it waited for an
  // input (starved) and could not push for a full output (blocked).
  struct Stalls {
    uint64_t starved = 0, blocked = 0;
  };
  std::vector<Stalls> cycleStalls;
  // The producers of the recurrence's inputs from off it: the step each feeds, the
  // producer, and the cycles in the call it could not push for a full output.
  struct Feeder {
    size_t step = 0;
    dfg::Vertex op = 0;
    uint32_t model = 0;
    uint64_t blocked = 0;
  };
  std::vector<Feeder> feeders;
  // The memories on the recurrence: the step, and the cycles in the call a request on one
  // of its ports lost to another port (models::Memory::conflictCycles).
  struct PortConflict {
    size_t step = 0;
    uint64_t cycles = 0;
  };
  std::vector<PortConflict> conflicts;
  // The output channels of the recurrence's ops and feeders, and the cycles in the call
  // each was full (sim::FullTap): which channel held a blocked op back.
  std::vector<std::pair<dfg::EdgeId, uint64_t>> fullChannels;
  std::optional<LoopGap> gap; // why it ran slower than its bound (harness/pace.h)
};
// A loop known by its carries (harness/pace.h): one of them, and the raw_will_continue
// channel one of its carries takes on d, if any.
struct LoopOfCarry {
  uint32_t loop = 0;
  std::string ctx;
  dfg::Vertex carry = 0;
  std::optional<dfg::EdgeId> rawControl;
};
// The loops of the tapped channels, and the loops of `carried` the taps miss.
std::vector<LoopSummary> summarizeLoops(const InvocationContext& c,
                                        const std::vector<ShapeTap>& taps,
                                        const std::vector<LoopOfCarry>& carried = {});

} // namespace loom::harness
