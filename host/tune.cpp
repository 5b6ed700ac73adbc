#include "host/tune.h"

#include <algorithm>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <spdlog/spdlog.h>

namespace loom {

int TuneResult::addedSlots() const {
  int n = 0;
  for (const TunedChannel& c : channels)
    n += c.after - c.before;
  return n;
}

namespace {

using Slots = models::ChannelCapacities; // function -> channel name -> slots

// What one checked run of the program showed.
struct Trial {
  std::optional<Diag> error; // bad input
  bool passed = false;
  // Every call completed and every run-time check passed (static findings may remain:
  // buffering does not change the network's structure), by function too.
  bool progressed = false;
  std::set<std::string> stuck; // functions with a run-time finding
  uint64_t cycles = 0;
  size_t calls = 0;                           // accelerated calls
  std::string summary;                        // the summary line without its time
  std::map<std::string, uint64_t> byFunction; // cycles of each function's calls
  Slots capacity;                             // each channel's slots in this run
  Slots need;                                 // each channel's need (measured runs)
  std::map<std::string, std::map<std::string, std::string>> source; // its consumer's place
};

// The run of `prog` with `s`, its program output discarded; `measure`: the channels'
// needs too.
Trial runOnce(const LoadedProgram& prog, RunSettings s, bool measure) {
  Trial t;
  s.accel.channelNeeds = measure;
  s.traces = {};
  std::ostream discard(nullptr);
  ProgramRun run(prog, s, discard);
  if ((t.error = run.prepare())) return t;
  RunOutcome o = run.run();
  t.passed = o.passed;
  t.progressed = !o.error;
  for (const harness::Finding& f : run.report().findings)
    if (f.check != "static") t.progressed = false, t.stuck.insert(f.function);
  t.cycles = run.cycles();
  std::string line = run.summaryLine(o, 0);
  t.summary = line.substr(0, line.rfind(", "));
  t.calls = run.report().calls.size();
  for (const harness::Report::Call& c : run.report().calls)
    t.byFunction[c.function] += c.cycles;
  const Accelerator* acc = run.accelerator();
  if (!acc) return t;
  for (const std::string& f : acc->functions()) {
    const dfg::Graph& g = *acc->graph(f);
    const sim::Elaboration& elab = *acc->elaboration(f);
    const std::vector<sim::NeedTap>* needs = acc->channelNeeds(f);
    for (dfg::EdgeId e : g.edges()) {
      uint32_t ch = elab.channelOf(g, e);
      std::string name = g.describe(e);
      t.capacity[f][name] = elab.network->circuit().channel(ch).capacity();
      t.source[f][name] = g.node(g.dst(e)).origin.loc.where();
      if (needs) t.need[f][name] = (*needs)[ch].need();
    }
  }
  return t;
}

// `base` with `slots` as its per-channel capacities (over any the base has).
models::TimingConfig withSlots(const models::TimingConfig& base, const Slots& slots) {
  models::TimingConfig t = base;
  auto all = std::make_shared<Slots>(base.channels ? *base.channels : Slots{});
  for (const auto& [f, chans] : slots)
    for (const auto& [name, n] : chans)
      (*all)[f][name] = n;
  t.channels = std::move(all);
  return t;
}

class Tuner {
public:
  Tuner(const LoadedProgram& prog, const RunSettings& s, const TuneOptions& o, TuneResult& r)
      : prog_(prog), s_(s), o_(o), r_(r) {
    // Lowering reads neither timing nor engine: every run after the first reuses it.
    if (!s_.accel.lowered && s_.accel.inject.empty())
      s_.accel.lowered = std::make_shared<LoweringCache>();
  }

  void run() {
    Trial before = trial(s_.accel.timing, "as given", {}, false);
    if (before.error) return void(r_.error = before.error);
    r_.before = before.cycles;
    r_.beforePassed = goal(before);
    r_.beforeStatus = goal(before) ? "passed" : before.summary;
    r_.calls = before.calls;
    if (!before.calls) return; // no network ran: nothing to size
    given_ = before.capacity;
    source_ = before.source;

    Trial ceiling = trial(ceilingTiming(),
                          "every channel at " + std::to_string(o_.ceiling) + " slots", {}, true);
    if (stops(ceiling, "")) return;
    r_.ceiling = ceiling.cycles;

    // Every channel at what the ceiling run needed, never below what it had.
    for (const auto& [f, chans] : ceiling.need)
      for (const auto& [name, need] : chans) {
        int had = given_[f][name];
        if (need > had) sizes_[f][name] = need;
      }
    Trial sized = trial(timing(), "every channel at its need", {}, false);
    if (stops(sized, "the run with every channel at its need failed: ")) return;
    r_.target = sized.cycles;
    target_ = sized.byFunction;
    // A function whose calls reach the target as given needs none of its raised slots.
    for (const auto& [f, cycles] : before.byFunction)
      if (o_.goal == TuneGoal::Cycles ? before.passed && cycles <= target_[f]
                                      : !before.stuck.count(f))
        sizes_.erase(f);
    minimize();
    Trial after = trial(timing(), "the result", {}, false);
    if (stops(after, "the result's run failed: ")) return;
    r_.after = after.cycles;
    r_.timing = timing();
    for (const auto& [f, chans] : sizes_)
      for (const auto& [name, n] : chans)
        r_.channels.push_back({f, name, source_[f][name], given_[f][name], n});
  }

private:
  const LoadedProgram& prog_;
  RunSettings s_;
  const TuneOptions& o_;
  TuneResult& r_;
  Slots given_; // each channel's slots as given
  Slots sizes_; // the raised channels' slots
  std::map<std::string, std::map<std::string, std::string>> source_;
  std::map<std::string, uint64_t> target_;

  models::TimingConfig timing() const { return withSlots(s_.accel.timing, sizes_); }

  // Whether the search ends at `t`: bad input, or a run that misses the goal (its summary
  // after `why` becomes the failure).
  bool stops(const Trial& t, const std::string& why) {
    if (t.error)
      r_.error = t.error;
    else if (!goal(t))
      r_.failure = why + t.summary;
    return t.error || !goal(t);
  }

  // What a run must do for its sizes to count: pass every check (Cycles), or complete
  // with every run-time check passing (Progress).
  bool goal(const Trial& t) const { return o_.goal == TuneGoal::Cycles ? t.passed : t.progressed; }

  models::TimingConfig ceilingTiming() const {
    Slots all;
    for (const auto& [f, chans] : given_)
      for (const auto& [name, had] : chans)
        all[f][name] = std::max(had, o_.ceiling);
    models::TimingConfig t = withSlots(s_.accel.timing, all);
    t.channelCapacity = std::max(t.channelCapacity, o_.ceiling);
    return t;
  }

  // A checked run with `t`; `only`: the one function accelerated (others interpreted).
  Trial trial(const models::TimingConfig& t, const std::string& what, const std::string& only,
              bool measure) {
    RunSettings s = s_;
    s.accel.timing = t;
    if (!only.empty()) s.accel.accel = {only};
    Trial r = runOnce(prog_, s, measure);
    ++r_.runs;
    std::string line =
        "run " + std::to_string(r_.runs) + ": " + what + ": " + (r.error ? "bad input" : r.summary);
    spdlog::info("tune: {}", line);
    if (o_.progress) o_.progress(line);
    return r;
  }

  // Whether `f`'s calls keep their target with `slots` on its channel `name`.
  bool keeps(const std::string& f, const std::string& name, int slots) {
    int was = sizes_[f][name];
    sizes_[f][name] = slots;
    // A program LOOM compiled runs its networks whole: no function runs alone.
    std::string only = prog_.networks.empty() ? f : "";
    Trial t = trial(timing(), "@" + f + " " + name + " at " + std::to_string(slots), only, false);
    bool ok =
        !t.error && goal(t) && (o_.goal == TuneGoal::Progress || t.byFunction[f] <= target_[f]);
    sizes_[f][name] = was;
    return ok;
  }

  // Each raised channel back to its own slots, else to the fewest that keep the target.
  void minimize() {
    std::vector<std::pair<std::string, std::string>> raised;
    for (const auto& [f, chans] : sizes_)
      for (const auto& [name, n] : chans)
        raised.emplace_back(f, name);
    for (const auto& [f, name] : raised) {
      if (r_.runs >= o_.maxRuns) {
        r_.minimal = false;
        break;
      }
      int had = given_[f][name], lo = had + 1, hi = sizes_[f][name];
      if (keeps(f, name, had)) {
        sizes_[f].erase(name);
        continue;
      }
      // The smallest of (had, hi] that keeps the target: hi does.
      while (lo < hi && r_.runs < o_.maxRuns) {
        int mid = lo + (hi - lo) / 2;
        if (keeps(f, name, mid))
          hi = mid;
        else
          lo = mid + 1;
      }
      if (lo < hi) r_.minimal = false;
      sizes_[f][name] = hi;
    }
    for (auto it = sizes_.begin(); it != sizes_.end();)
      it = it->second.empty() ? sizes_.erase(it) : std::next(it);
  }
};

} // namespace

TuneResult tuneCapacities(const LoadedProgram& prog, const RunSettings& settings,
                          const TuneOptions& options) {
  TuneResult r;
  r.timing = settings.accel.timing;
  Tuner(prog, settings, options, r).run();
  return r;
}

} // namespace loom
