// What an Accelerator (host/accelerator.h) runs and how: the functions, the injections,
// the timing, the cycle cap, the checks, and the engine with its own options.
#pragma once

#include "dfg/dfg.h"
#include "host/call_checks.h"
#include "host/call_engine.h"
#include "host/systemc_engine.h"
#include "host/twin_engine.h"
#include "lowering/lower.h"
#include "models/timing.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace loom {

// The functions' lowerings kept for the next run of the same program
// (AccelOptions::lowered), each one the static checks found nothing in.
using LoweringCache = std::map<std::string, dfg::Graph>; // by function

struct AccelOptions {
  std::string entry = "main";
  std::vector<std::string> accel; // empty: every defined function but the entry
  std::set<Injection> inject;
  // An injection that changes no lowered function is bad input (exit 2); a rerun with
  // some networks given (try-fix's) keeps the first run's injections without asking.
  bool injectionSitesRequired = true;
  models::TimingConfig timing;
  uint64_t maxCycles = sim::kDefaultMaxCycles; // per call
  bool checks = true;
  // Sum each channel's tokens and expected count over the checked calls, for
  // channelTotals() (`run --dot`); off, a call's checks do not count them twice.
  bool channelTotals = false;
  // Measure the capacity each channel needed over the run (Accelerator::channelNeeds;
  // `tune`), on the engines that run the models.
  bool channelNeeds = false;
  // What runs every call (SystemC: the same cycles and results as the event engine,
  // SystemC's scheduler), and the options of the engines that have their own.
  CallEngineKind engine = CallEngineKind::Event;
  SystemcOptions systemc;     // engine Systemc
  VerilatorOptions verilator; // engine Verilator (twins built in verilator.cache)
  // Applied to every lowered graph before it is checked and elaborated: lets tests
  // plant wiring mistakes that no injection mode commits (a hand-edited DFG, in effect).
  std::function<void(dfg::Graph&)> transform;
  // `run --dfg FUNC=FILE`: the network of FUNC is this graph (read from a file, in
  // either form) instead of FUNC's lowering. FUNC is accelerated even if --accel does
  // not name it; the graph's signature must be FUNC's (argument and result types, the
  // entry tokens the host hands it, memref arguments as extmemory by argIndex). No
  // injection applies to it; `transform` does. A graph read from text has no rates
  // unless the file writes them: the ledger skips channels whose rate is Unknown.
  std::map<std::string, dfg::Graph> graphs;
  // Called with each accelerated call's arguments before anything runs (the golden run
  // takes them as changed): a campaign varies a loop bound this way.
  std::function<void(const Function& f, std::vector<RtValue>& args)> adjustArgs;
  // Told what each call did, once it ended (the event and clocked engines, SystemC).
  std::function<void(const CallBehaviour&)> observeCalls;
  // The lowerings of earlier runs of the same program, and where this run's go: lowering
  // reads neither the timing nor the engine, so a sweep's batch lowers each function once
  // for all its tasks of that program. Used only without injections and `transform`, and
  // a lowering with static findings is not kept (a finding names edges of its own graph,
  // which a copy does not have), so every run lowers that function (null: every run
  // lowers every function).
  std::shared_ptr<LoweringCache> lowered;
};

} // namespace loom
