// Small edits of a lowered graph that keep it well formed (every output port feeds one
// channel, every input port is fed by one): what the repairs (dfg/rewire.h) and the
// mutants (dfg/mutate.h) are made of. An op these edits add is marked `added`, named
// after the op it sits beside, in that op's scope and place.
#pragma once

#include "dfg/dfg.h"

#include <string>
#include <vector>

namespace loom::dfg {

// The dataflow.gate's before_cond input and after_cond output (ops/op_table.cpp): its
// before_cond is the stream's raw_will_continue.
constexpr unsigned kGateBeforeCond = 1, kGateAfterCond = 1;

// Back through forks to the output a channel's tokens come from.
PortRef origin(const Graph& g, EdgeId e);
// The same for input `port` of `v` (v's own output 0 when it is not connected).
PortRef originOf(const Graph& g, Vertex v, unsigned port);

// A fork of output `of` with `outputs` outputs, or a sink of it: its type, role and
// rate are `of`'s; not connected yet.
Vertex addBeside(Graph& g, PortRef of, NodeKind kind, unsigned outputs);

// Connects `of` to input `port` of `to` as one more consumer: a fork's new output, or a
// fork put between `of` and the consumer it has.
void attach(Graph& g, PortRef of, Vertex to, unsigned port);

// `of` loses its channel (already removed): a fork drops the output (the later ones
// move down one), any other op's output goes to an added sink.
void detach(Graph& g, PortRef of);

// Input `port` of `consumer` takes `from` (one more consumer of it) instead of what it
// took, whose producer loses that output (detach). The channel keeps its capacity.
void retake(Graph& g, Vertex consumer, unsigned port, PortRef from);

// Removes input `port` of `v` (a join's or a sync's: a variadic group) and its channel;
// the later inputs move down one. The producer loses its output (detach).
void dropInput(Graph& g, Vertex v, unsigned port);

// "after_cond of dataflow.gate 'k/for0.gate'"
std::string where(const Graph& g, PortRef p);

} // namespace loom::dfg
