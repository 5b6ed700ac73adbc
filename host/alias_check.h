// LOOM's memory lowering gives every memref argument its own ctrl-done network: the
// spec's alias-free model (spec-dataflow-memory, "Alias Assumption"). Arguments that
// overlap in one buffer, with a store through either, break that contract.
#pragma once

#include "host/call_engine.h"

#include <vector>

namespace loom {

// An "alias" finding per pair of memref arguments of the call that overlap in one
// buffer while the network stores through one of them.
void checkAliasing(const AccelNetwork& a, const Loc& site, const std::vector<RtValue>& args,
                   uint64_t invocation, std::vector<harness::Finding>& out);

} // namespace loom
