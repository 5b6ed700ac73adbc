// The networks an Accelerator runs (host/accelerator.h): which functions run on one,
// and each one lowered (or given, `--dfg`), checked statically and elaborated.
#pragma once

#include "harness/findings.h"
#include "host/accel_options.h"
#include "host/call_engine.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loom {

// What runs on a network: its name, and the function of the program it stands for; a
// name the options cannot accelerate is bad input.
using AccelFunctions = std::vector<std::pair<std::string, const Function*>>;
std::optional<Diag> acceleratedFunctions(const Module& m, const AccelOptions& opts,
                                         AccelFunctions& out);

// What building the networks shares: the lowering's options (the injections, and the
// ones it applied), the functions it lowered, and where findings and times go.
struct NetworkBuild {
  const Module& mod;
  const AccelOptions& opts;
  LowerOptions lower;
  std::set<Injection> applied;
  std::vector<std::string> lowered;
  std::vector<harness::Finding>& findings;
  PhaseTimes& times;
  NetworkBuild(const Module& m, const AccelOptions& o, std::vector<harness::Finding>& findings,
               PhaseTimes& times);
};

// The network of `name` (standing for `f`): its graph given or lowered, its static
// findings reported, elaborated for the models; an error makes it unusable.
std::optional<Diag> buildNetwork(NetworkBuild& b, const std::string& name, const Function& f,
                                 std::unique_ptr<AccelNetwork>& out);

} // namespace loom
