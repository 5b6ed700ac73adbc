// Two networks of one function side by side (`loom-sim diff`, docs/loom.md "Side by
// side"): loom-sim's own lowering and a network lowered elsewhere (LOOM's), compared where
// the loop-control and memory specs say it matters, not op by op (two correct lowerings
// may name, fork and buffer everything differently):
//
//   control  for every loop (bound to its scf.for) and the function level: each memory
//            access' ctrl, each invariant's and each carry's d, by the loop control it
//            is paced by: raw_will_continue (N + 1 per activation), after_cond (N),
//            another access' done (the ctrl-done chain), or the function's start;
//   order    per memory (an extmemory by its argument, a memory by its place), its
//            accesses in ctrl-done order: levels of accesses that the chain orders one
//            after the other (accesses on one level are unordered: loads may trade
//            places, stores may not).
//
// Both networks need rates where they can have them: the lowering's own, or inferred
// (analysis/rates.h). The cycles of both on the same inputs come from two runs of
// the program (cli/diff_command.cpp).
#pragma once

#include "dfg/dfg.h"
#include "ir/ir.h"

#include <string>
#include <vector>

namespace loom {

// What paces one control input.
enum class Pacer : uint8_t { Raw, Gated, Chained, Start, Other };
const char* pacerName(Pacer p); // "raw", "gated", "chained", "start", "other"

// One control input of a network: an access' ctrl, an invariant's or carry's d.
struct ControlUse {
  std::string what;                   // "load", "store", "invariant", "carry"
  std::string memory;                 // accesses: "arg 0", "memory 1"; else ""
  uint32_t loop = dfg::Origin::kNoOp; // the scf.for its pacer belongs to (kNoOp: none)
  Pacer pacer = Pacer::Other;
  std::string node; // the node's name and place, for the listing
};
std::vector<ControlUse> controlUses(const dfg::Graph& g);

// One memory's accesses in ctrl-done order: levels[i] holds "load", "store" entries
// ("load (loop 12)") that the chain puts at depth i.
struct MemoryOrder {
  std::string memory;
  std::vector<std::vector<std::string>> levels;
};
std::vector<MemoryOrder> memoryOrders(const dfg::Graph& g);

struct NetworkDiff {
  std::vector<std::string> lines; // the listing, aligned
  int differences = 0;
};
// `ours` and `theirs` are networks of `f` (of module `m`, for the loops' locations).
NetworkDiff diffNetworks(const Module& m, const Function& f, const dfg::Graph& ours,
                         const dfg::Graph& theirs);

} // namespace loom
