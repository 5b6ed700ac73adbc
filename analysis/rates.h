// The rates of a network lowered elsewhere: LOOM's own SCFToDFG output prints no rates,
// so, to check every channel's token count against the reference interpreter, loom-sim
// infers them from the network's loop control and binds its loops to the SCF function's
// (docs/loom.md, "The rates of LOOM's network").
//
// Each dataflow.stream is one loop L, activated once per token of its start (rate S).
// From the state machines' tables:
//   stream                    idx, cont: I(L) + S    (N + 1 per activation)
//   gate on L's cont          after_value, after_cond: I(L)
//   invariant, carry          o: d's rate (the a of each activation, then one per true d);
//                             on L's control, its role's: an iter_arg carry I(L) + S, a
//                             memory-control carry and an invariant I(L), so a repeater
//                             on the wrong stream breaks the rate rule at the repeater
//   cond_br on L's cont       true: I(L), false: S
//   cond_br on L's after_cond true: I(L) - S, false: S
//   mux                       the select's; merge, control_merge: the sum of the inputs
//   memory, extmemory         each port's data and done: the rate of its address
//   sync                      port by port; load, store: the address's
//   the others                their pacing input's (the op table's)
//   cond_br on a condition    true: A'(L) (activations with an iteration), false: the rest
//     guarding L (its true side starts L's stream: a zero-trip guard)
// LOOM's lowering has no zero-trip guard, so after_cond's false tokens are expected once
// per activation (S): a zero-trip activation is then a finding at the loop's exit.
//
// A carry loop (an scf.while: carries on a condition no stream or gate decides) is a loop
// too, activated as often as its carries' initial values come (S):
//   literal (a gate on the condition: the spec's lower_while)
//     condition, carries and invariants on it I(L) + S; gate I(L); cond_br true I(L), false S
//   rotated (no gate: loom-sim's do-while behind a zero-trip guard)
//     condition, carries and invariants on it I(L); cond_br true I(L) - S, false S
//
// Binding: where every loop's stream or carries come from a loop op of the function of
// their own (a network loom-sim lowered, read back in either form), each is bound to it.
// Otherwise the network's loops nest by their start rates (S = calls: at the top; S =
// I(L'): in the body of L'; behind a guard: where its condition is decided), the
// function's loops by their regions; the two trees are matched level by level, children
// of each kind in order (the network's in the file's order, the function's in program
// order). The function's loops are its scf.for and scf.parallel ops and the scf.while ops
// LOOM's compiler marks `loom.stream` in a CPU version (rotated do-whiles: I = the before
// region's executions, I + A of the while; the scf.if of its zero-trip guard is no
// level), paired with streams; its other scf.while ops, paired with carry loops. What
// cannot be inferred stays unknown and the ledger skips it: placed by the trees, a loop
// inside a branch (its activations depend on data) and the two sides of a cond_br on a
// data condition that guards no loop; a loop or a branch in nested before regions (the
// lowering writes a before region twice, the program has one op: a branch in one is told
// apart by where its condition is decided, a loop by whether the while's carry loop is
// around it in the network); a loop whose tree does not match the function's.
#pragma once

#include "analysis/static_rules.h"
#include "dfg/dfg.h"
#include "ir/ir.h"

#include <map>
#include <string>
#include <vector>

namespace loom {

struct RateInference {
  size_t channels = 0, known = 0;          // channels, and those with a rate
  size_t loops = 0, bound = 0;             // streams and carry loops, and those bound
  size_t boundToWhile = 0;                 // of those, bound to a loom.stream scf.while
  size_t boundCarries = 0;                 // carry loops bound (to an scf.while)
  std::vector<std::string> notes;          // what could not be inferred, and why
  std::map<uint32_t, std::string> symbols; // inferLocalRates: each symbol's loop or condition
};

// Whether `g` carries rates (a network lowered by loom-sim, or read from its own form).
bool hasRates(const dfg::Graph& g);
// Makes every output port's and channel's rate unknown, for inferring them afresh.
void clearRates(dfg::Graph& g);

// Sets the rate of every output port and channel of `g` that follows from its loop
// control, with its loops bound to `f`'s scf.for ops.
RateInference inferRates(dfg::Graph& g, const Function& f);

// Without the function (`verify`, `sim`): every loop, and every data condition, counts on
// a symbol of its own, named in `symbols`; enough for the static rate checks, which
// compare rates, not counts.
RateInference inferLocalRates(dfg::Graph& g);

// The static verifier (static_rules.h) on a network that may carry no rates (a file in
// LOOM's form, `verify` and `sim`): its rates are inferred locally first, so the rate
// checks run too, with loops named by their streams in the messages.
std::vector<GraphFinding> checkGraphInferring(const dfg::Graph& g);

} // namespace loom
