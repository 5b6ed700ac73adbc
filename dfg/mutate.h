// Mutants of a correct network (docs/mutation.md): each one local change that a
// lowering could plausibly make, from the specs' wiring rules, for measuring what the
// harness' checks miss. A mutant is named by its operator and its site: the site's index
// in the list mutationSites() makes for that operator on the same graph, so (file,
// function, operator, site) reproduces it.
#pragma once

#include "dfg/dfg.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loom::dfg {

enum class MutationOp : uint8_t {
  ControlSource,  // a control input moved to another control source of the same loop
  CarryCondition, // a carry's condition taken from the loop's other control stream
  CarryInitSwap,  // a carry's initial value and loop-back exchanged
  SplitBypass,    // one side of a cond_br's split bypassed: every token goes on
  InvariantRaw,   // an invariant replaced by its raw value
  ForkToSink,     // a value a join waits for sent to a sink instead
  MuxSelect,      // a mux's select taken from another branch condition
  AccessCtrl,     // a load's or store's ctrl taken from another access's done
  OrderSwap,      // two accesses exchanged in their memory's ctrl-done chain
  GuardRemoved,   // a loop's zero-trip guard removed
};
constexpr int kNumMutationOps = static_cast<int>(MutationOp::GuardRemoved) + 1;

const char* mutationName(MutationOp op); // "control-source", ...
bool mutationFromName(std::string_view name, MutationOp& out);
std::vector<MutationOp> allMutationOps();
// One line: what the operator changes, as docs/mutation.md says it.
const char* mutationWhat(MutationOp op);

// Where one mutant of an operator applies. `text` says, by the ops' names, what it
// changes; the rest is for applyMutation on the graph the site was found on.
struct MutationSite {
  MutationOp op = MutationOp::ControlSource;
  Vertex v = 0;      // the op changed (its input `port`)
  unsigned port = 0; //
  PortRef from;      // the output it takes instead
  Vertex other = 0;  // a second op: the other access (OrderSwap)
  uint32_t loop = 0; // GuardRemoved: the scf op of the loop the guard guards
  std::string text;
};

// Every site of `op` in `g`, in a fixed order (the ops' order, then their ports).
std::vector<MutationSite> mutationSites(const Graph& g, MutationOp op);

// Applies `s` (found on `g` as it is) to `g`. The mutant stays well formed: every
// output feeds one channel, every input is fed by one (a producer that loses a consumer
// gets a sink, a fork drops that output). Ops it makes are marked added. On failure the
// reason, and `g` may be half changed: apply to a copy.
std::optional<std::string> applyMutation(Graph& g, const MutationSite& s);

} // namespace loom::dfg
