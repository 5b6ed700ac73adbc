// The pace of each loop over one call against its static bound (analysis/throughput.h):
// the harness taps the d and o channels of every loop's critical carry and measures,
// with sim::PaceCounter, how far apart its tokens went. That is the loop's achieved II
// where its bound applies: the carry's tokens are exactly one per iteration and wait for
// the recurrence, while the loop's control (the stream) may run ahead into its channels'
// slots. A loop without a carry is paced by its stream alone: its achieved II is the
// one measured on the loop's control (harness/shapes.h).
#pragma once

#include "analysis/throughput.h"
#include "harness/shapes.h"
#include "sim/need_tap.h"

#include <memory>

namespace loom::harness {

struct PaceTap {
  analysis::LoopBound bound; // with its critical recurrence
  dfg::EdgeId decisions;     // the critical carry's d channel
  dfg::EdgeId outputs;       // its o channel
  sim::PaceCounter counter;
  // The ops of the critical recurrence (model indices) and their counters when the call
  // began: what each did in the call is the difference (addPaces).
  std::vector<uint32_t> cycleOps;
  std::vector<models::OpStats> before;
  // The producers of the recurrence's inputs from off it (model indices), the step each
  // feeds, and their counters when the call began: a starved step's feeder that could not
  // push is back-pressure upstream (addPaces).
  std::vector<LoopSummary::Feeder> feeders;
  std::vector<models::OpStats> feedersBefore;
  // The memories of the recurrence: step, model, and their ports' conflict cycles when
  // the call began (any port's: the ports' dones join before the chain goes on).
  struct MemoryStep {
    size_t step;
    uint32_t model;
    uint64_t before;
  };
  std::vector<MemoryStep> memories;

  // Each tap passes the token on to the tap it was set over (the shape taps').
  struct OnDecision : models::ChannelTap {
    PaceTap* owner = nullptr;
    models::ChannelTap* next = nullptr;
    void pushed(Bits token) override {
      owner->counter.decision(token & 1);
      if (next) next->pushed(token);
    }
    void popped() override {
      if (next) next->popped();
    }
  } onDecision;
  struct OnOutput : models::ChannelTap {
    PaceTap* owner = nullptr;
    models::ChannelTap* next = nullptr;
    const sim::Engine* engine = nullptr;
    void pushed(Bits token) override {
      owner->counter.output(engine->cycle());
      if (next) next->pushed(token);
    }
    void popped() override {
      if (next) next->popped();
    }
  } onOutput;
  // The output channels of the recurrence's ops and of its feeders, each one's full
  // cycles in the call: which channel held a blocked op back (LoopGap).
  std::vector<dfg::EdgeId> watched;
  std::unique_ptr<sim::FullTap[]> fulls;
};

// A pace tap per loop of `g` with a carry, its bound under timing `t`.
std::vector<PaceTap> findPaceTaps(const dfg::Graph& g, const models::TimingConfig& t);

// The loops of the taps, for summarizeLoops: each with its carry and a raw_will_continue
// one of the loop's carries takes.
std::vector<LoopOfCarry> loopsOf(const dfg::Graph& g, const std::vector<PaceTap>& taps);

// Starts (or, arm = false, stops) measuring, timed by `engine`. Arm after the shape taps
// and disarm before them: a pace tap passes tokens on to the tap it was set over.
void armPaceTaps(std::vector<PaceTap>& taps, const dfg::Graph& g, const sim::Elaboration& elab,
                 sim::Circuit& circuit, const sim::Engine& engine, bool arm);

// Gives each loop summary its bound, its achieved II (the stream's measure for a loop
// without a carry), what each op of its critical recurrence did in the call, and, for a
// loop slower than its bound, the cause (LoopGap).
void addPaces(const InvocationContext& c, std::vector<PaceTap>& taps, sim::Circuit& circuit,
              const sim::Engine& engine, std::vector<LoopSummary>& loops);

// How much slower than its bound a loop may run before the harness names a cause: half a
// cycle per iteration (less is the rounding of activations' first and last tokens).
constexpr double kGapSlack = 0.5;

} // namespace loom::harness
