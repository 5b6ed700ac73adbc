// The lowering rules a network must keep (docs/design.md "Mistakes"), each with a
// stable code: what a finding breaks, what `loom-sim explain CODE` prints, and what the
// report's `mistakes` group findings by. A code never changes meaning; a rule that is
// dropped keeps its code unused.
#pragma once

#include "dfg/dfg.h"
#include "dfg/rewire.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loom::dfg {

enum class RuleId : uint8_t {
  None,
  // Loop control: which of a loop's two streams an input takes (L1xx).
  BodyCtrlOnRaw,
  InvariantOnRaw,
  MemCtrlOnRaw,
  BodyCondBrOnRaw,
  IterCarryOnGated,
  ZeroTripGuard,
  GateCounts,
  StreamStartSign,
  CarryCondition,
  // Values entering a region (L2xx).
  MissingInvariant,
  UnsplitBranchValue,
  InitialValue,
  SameExecution,
  // Structure and memory (L3xx).
  Ports,
  AccessPaths,
  MemoryOrder,
  ReturnOrder,
  GroupIndependence,
  // The program's own (L4xx).
  ParallelRace,
};

struct RuleInfo {
  RuleId id;
  const char* code;   // "L103": stable, what `explain` takes
  const char* name;   // "mem-ctrl-on-raw": the same, in words
  const char* title;  // one line: the mistake, as the lowering makes it
  const char* spec;   // "spec-dataflow-memory, scf.for in Memory Control"
  const char* words;  // the spec's own words for the rule
  const char* wrong;  // a small network that breaks it
  const char* right;  // the same network as the spec lowers it
  const char* repair; // what `run --try-fix` does about it ("" where it does nothing)
  bool repairable;    // whether a dfg::Rewire exists for it
};

const RuleInfo& ruleInfo(RuleId id);
// Every rule, in code order (RuleId::None excluded).
const std::vector<RuleInfo>& allRules();
// By code ("L103", any case) or name ("mem-ctrl-on-raw"); null if none.
const RuleInfo* findRule(std::string_view codeOrName);

// The rule a raw_will_continue reaching input `port` of `consumer` breaks, where that op
// belongs to a loop body (its N events): a memory-control carry or an access's ctrl, a
// done split, an invariant, another cond_br, or body control in general.
RuleId ruleOfRawConsumer(const Graph& g, Vertex consumer, unsigned port);
// The rule an after_cond reaching input `port` of `consumer` breaks, where that op is on
// the loop boundary (its N + 1 events): an iter_arg carry or its split, one rule.
RuleId ruleOfGatedConsumer(const Graph& g, Vertex consumer, unsigned port);

// The rule a rewiring repairs (None for none).
RuleId ruleOfRewire(const Graph& g, const Rewire& r);

// `loom-sim explain`'s text of one rule.
std::string explainText(const RuleInfo& r);

} // namespace loom::dfg
