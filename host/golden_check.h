// An accelerated call against its golden run (host/accelerator.h): the interpreter runs
// the callee on copies of its memref arguments; the network's results and memory are
// compared with that run's.
#pragma once

#include "harness/findings.h"
#include "interp/interpreter.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace loom {

// The golden run's buffers, by the real buffer each copies.
using GoldenClones = std::map<const Buffer*, std::shared_ptr<Buffer>>;

// The arguments of the golden run: each memref argument on a copy of its buffer
// (arguments sharing a buffer share the copy: aliases stay aliases).
std::vector<RtValue> goldenCopies(const std::vector<RtValue>& args, GoldenClones& clones);

// The text of a value of type `t`, as findings and the report write it.
std::string valueText(Bits b, const Type& t);

// A result that differs from the golden run's: a "results" finding (`how` follows the
// value the network gave).
harness::Finding resultFinding(const Loc& loc, const std::string& function, uint64_t invocation,
                               size_t i, const Type& t, Bits got, Bits want,
                               const std::string& how);

// The call's results and memory against the golden run's: a finding per differing
// result, and per memref argument at its first differing element.
struct GoldenCompare {
  const Loc& site;
  const std::string& function;
  const Function& f;
  uint64_t invocation;
};
void compareWithGolden(const GoldenCompare& call, const std::vector<Bits>& results,
                       const CallResult& golden, const std::vector<RtValue>& args,
                       const GoldenClones& clones, std::vector<harness::Finding>& out);

} // namespace loom
