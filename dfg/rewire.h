// A rewiring of one op input between a loop's two control streams: the fix the
// diagnosis names for the raw-vs-gated miswire (docs/design.md "Trying a fix"); or a
// value from outside a loop that its body uses without the dataflow.invariant that
// repeats it once per iteration: the invariant added; or a value made outside a
// branch that an op on one side of it takes without the cond_br that splits it: the
// cond_br added (for a mux both of whose inputs come every time, one per input).
//
// A loop's stream emits raw_will_continue, N + 1 tokens per activation; the gate's
// after_cond carries the N of them that start an iteration. Body-local control,
// invariants and memory control belong on after_cond; an iter_arg carry and its split
// on raw_will_continue. A Rewire moves one input from the one to the other.
#pragma once

#include "dfg/dfg.h"

#include <optional>
#include <string>
#include <tuple>

namespace loom::dfg {

struct Rewire {
  enum class Kind : uint8_t {
    None,
    ToAfterCond,
    ToRawWillContinue,
    AddInvariant,
    SplitByCondition,
    SplitMuxInputs,
    SplitAfterBody,
    ShareInput,
    ZeroExtend
  };
  Kind kind = Kind::None;
  Vertex consumer = 0; // the op whose input moves
  unsigned port = 0;   // that input
  // AddInvariant: an input of `consumer` in the loop body; the dataflow.gate nearest
  // upstream of it is the loop's, whose after_cond drives the invariant. Unless `via`
  // names that gate: an outer loop's, for a value an inner loop takes once per
  // activation.
  unsigned bodyPort = 0;
  // SplitByCondition: the data cond_br whose condition decides the branch, and the side
  // (0 true, 1 false) the input belongs to. ShareInput: the op (`via`) whose input
  // `bodyPort` has the tokens the input must take too.
  static constexpr Vertex kNone = ~Vertex(0);
  Vertex via = kNone;
  unsigned side = 0;
  bool any() const { return kind != Kind::None; }
  auto key() const { return std::tie(consumer, port, kind, bodyPort, via, side); }
  bool operator<(const Rewire& o) const { return key() < o.key(); }
  bool operator==(const Rewire& o) const { return key() == o.key(); }
};

// The rewiring of the first op on the path back from input `port` of `consumer` (each
// op's pacing input, ops/op_table.h) that takes the stream `kind` moves away from: the
// one to move. None when the path reaches no such stream.
Rewire rewireBackFrom(const Graph& g, Vertex consumer, unsigned port, Rewire::Kind kind);

// The gate nearest upstream of input `port` of `consumer` (breadth first over the ops'
// inputs): the loop whose body that input belongs to.
std::optional<Vertex> gateBackFrom(const Graph& g, Vertex consumer, unsigned port);

// Applies `r` to `g`: the input's channel is removed, the loop's other stream gets one
// more fork output for it (a fork is added where that output has none), and the old
// producer loses its output (a fork one output; any other op's output goes to a sink).
// AddInvariant: the input's channel goes through a new dataflow.invariant whose d is the
// after_cond of the gate on the path back from `bodyPort`. SplitByCondition: the input's
// channel goes through a new handshake.cond_br on `via`'s condition; the input takes
// side `side`, the other side goes to a sink.
// SplitMuxInputs: `consumer`, a two-input handshake.mux both of whose data inputs come
// every time it fires (a branch whose two sides are both computed, or values from
// outside it), takes each through a new cond_br on its select (cast to i1 where it is an
// index or a wider integer): the side that selects the input goes on to the mux, the
// other to a sink.
// SplitAfterBody: `consumer`, a handshake.cond_br on a loop's raw_will_continue that
// splits a memory-control carry's output before the body (true side to the body, false
// side to the exit), is moved after the body as spec-dataflow-memory places it: the body
// takes the carry's output, the cond_br splits the body's done token instead (true side
// to the carry's feedback, false side to the exit), and its condition moves to the
// loop's after_cond.
// ZeroExtend: the input, an arith.index_cast (through forks) of a narrower integer,
// takes a new arith.index_castui of that integer instead; the old cast's output it took
// goes to a sink (or its fork loses that output).
// ShareInput: the input takes a copy of what input `bodyPort` of `via` takes (a fork
// output of its producer): an invariant's initial value made once per activation, as
// another repeater of the same loop has it.
// Added ops are marked `added`. On success `done` says what changed; otherwise the
// reason the graph does not allow it (and `g` is unchanged).
std::optional<std::string> applyRewire(Graph& g, const Rewire& r, std::string& done);

} // namespace loom::dfg
