// Findings grouped by cause, and --try-fix: each injection of the lowering, run on a
// program where it matters. The expectations are hand-derived from the lowering: which
// inputs each injection moves onto the wrong control stream (lowering/memory.cpp,
// lowering/control.cpp), hence which static findings are causes and which rewirings
// undo the injection; the repaired run is held to the reference interpreter.

#include "harness/causes.h"
#include "host/program_run.h"
#include "host/try_fix.h"

#include <catch2/catch.hpp>
#include <optional>
#include <set>
#include <sstream>

using namespace loom;

namespace {

const std::string kInputs = LOOM_HARNESS_INPUTS;

struct Run {
  LoadedProgram prog;
  RunSettings settings;
  std::ostringstream out;
  std::unique_ptr<ProgramRun> run;
  RunOutcome outcome;
};

std::unique_ptr<Run> runWith(const std::string& file, std::optional<Injection> inject) {
  auto r = std::make_unique<Run>();
  r->prog = loadProgram(kInputs + "/" + file);
  REQUIRE(r->prog.module);
  if (inject) r->settings.accel.inject.insert(*inject);
  r->settings.accel.maxCycles = 100000;
  r->run = std::make_unique<ProgramRun>(r->prog, r->settings, r->out);
  auto err = r->run->prepare();
  REQUIRE(!err);
  r->outcome = r->run->run();
  return r;
}

std::string dump(const ProgramRun& run) {
  return harness::causesText(run.report().findings, run.causes(), harness::Detail::Lines);
}

// Every finding is in exactly one group: as its root, a repeat or an explained one.
void requirePartition(const ProgramRun& run) {
  std::multiset<size_t> seen;
  for (const harness::CauseGroup& g : run.causes()) {
    seen.insert(g.root);
    seen.insert(g.repeats.begin(), g.repeats.end());
    seen.insert(g.explained.begin(), g.explained.end());
  }
  INFO(dump(run));
  REQUIRE(seen.size() == run.report().findings.size());
  for (size_t i = 0; i < run.report().findings.size(); ++i)
    REQUIRE(seen.count(i) == 1);
}

} // namespace

TEST_CASE("mem-ctrl-raw: the carry and the split it moves are the causes, the rest folds",
          "[causes]") {
  // The injection takes the memory-control carry's d and the done split's cond from
  // raw_will_continue (lowering/memory.cpp): two inputs, two static causes.
  auto r = runWith("invariant.mlir", Injection::MemCtrlRaw);
  requirePartition(*r->run);
  std::vector<harness::CauseGroup> groups = r->run->causes();
  INFO(dump(*r->run));
  REQUIRE(groups.size() == 2);
  const auto& fs = r->run->report().findings;
  CHECK(fs[groups[0].root].check == "static");
  CHECK(fs[groups[0].root].summary.find("'scale/for0.guard/mem.carry' input 'd'") !=
        std::string::npos);
  CHECK(fs[groups[1].root].check == "static");
  CHECK(fs[groups[1].root].summary.find("'scale/for0.guard/mem.split' cond") != std::string::npos);
  // The deadlock, the ledger's long channel and the latched ctrl token are consequences.
  CHECK(groups[0].explained.size() + groups[1].explained.size() == fs.size() - 2);
}

TEST_CASE("every injection's findings are partitioned into causes", "[causes]") {
  // Causes per injection, from what each one changes in the lowering: body-ctrl-raw and
  // invariant-raw one invariant's d; mem-ctrl-raw and iter-carry-gated a carry's d and
  // its split's cond (two inputs, two static findings); no-zero-trip-guard lets both the
  // invariant and the memory-control chain emit in the N = 0 activation (two producers
  // whose inputs were right, two ledger causes); no-branch-gate one mux; no-mem-order
  // one memory's order.
  const std::vector<std::tuple<std::string, Injection, size_t>> cases = {
      {"body_ctrl.mlir", Injection::BodyCtrlRaw, 1},
      {"invariant.mlir", Injection::MemCtrlRaw, 2},
      {"invariant.mlir", Injection::InvariantRaw, 1},
      {"invariant.mlir", Injection::IterCarryGated, 2},
      {"zero_trip.mlir", Injection::NoZeroTripGuard, 2},
      {"branch_gate.mlir", Injection::NoBranchGate, 1},
      {"mem_order.mlir", Injection::NoMemOrder, 1}};
  for (auto& [file, inject, causes] : cases) {
    INFO(file << " --inject " << injectionName(inject));
    auto r = runWith(file, inject);
    REQUIRE(!r->run->report().findings.empty());
    requirePartition(*r->run);
    INFO(dump(*r->run));
    CHECK(r->run->causes().size() == causes);
  }
}

TEST_CASE("try-fix undoes each raw-vs-gated injection and the rerun equals the reference",
          "[causes][try-fix]") {
  // Hand-derived rewirings: body-ctrl-raw moves the body's control invariant (1 input);
  // mem-ctrl-raw the memory-control carry and its done split (2); invariant-raw the
  // value invariant (1); iter-carry-gated the iter_arg carry and its split back onto
  // raw_will_continue (2: lower_for's carryCond feeds both).
  const std::vector<std::tuple<std::string, Injection, size_t>> cases = {
      {"body_ctrl.mlir", Injection::BodyCtrlRaw, 1},
      {"invariant.mlir", Injection::MemCtrlRaw, 2},
      {"invariant.mlir", Injection::InvariantRaw, 1},
      {"invariant.mlir", Injection::IterCarryGated, 2}};
  for (auto& [file, inject, rewirings] : cases) {
    INFO(file << " --inject " << injectionName(inject));
    auto r = runWith(file, inject);
    INFO(dump(*r->run));
    REQUIRE(!r->run->report().findings.empty());
    FixAttempt fix = tryFix(r->prog, r->settings, *r->run);
    INFO(fix.json().dump(2));
    CHECK(fix.applied.size() == rewirings);
    CHECK(fix.refused.empty());
    CHECK(fix.rerun);
    CHECK(fix.findings == 0);
    CHECK(fix.callsPassed);
    CHECK(fix.verified());
  }
}

// no-branch-gate feeds both values clamp_sum's scf.if yields from outside it (%cap and
// %v) to the mux unsplit: both come every iteration, and the mux takes one. The repair is
// the spec's split of each on the branch's condition, the mux's select (1 rewiring: the
// mux's two inputs at once); the rerun gives main's 22.
TEST_CASE("try-fix splits both inputs of a mux that takes values made every time",
          "[causes][try-fix]") {
  auto r = runWith("branch_gate.mlir", Injection::NoBranchGate);
  REQUIRE(!r->run->report().findings.empty());
  FixAttempt fix = tryFix(r->prog, r->settings, *r->run);
  INFO(fix.json().dump(2));
  REQUIRE(fix.applied.size() == 1);
  CHECK(fix.applied[0].find("takes each data input through a new handshake.cond_br on its "
                            "select") != std::string::npos);
  CHECK(fix.verified());
  CHECK(fix.lastOutput == "22");
}

TEST_CASE("try-fix names no rewiring for a missing zero-trip guard", "[causes][try-fix]") {
  for (auto& [file, inject] : std::vector<std::pair<std::string, Injection>>{
           {"zero_trip.mlir", Injection::NoZeroTripGuard}}) {
    INFO(file);
    auto r = runWith(file, inject);
    REQUIRE(!r->run->report().findings.empty());
    FixAttempt fix = tryFix(r->prog, r->settings, *r->run);
    CHECK(fix.applied.empty());
    CHECK_FALSE(fix.rerun);
    CHECK_FALSE(fix.verified());
    CHECK(fix.verdict() == "no rewiring to try");
  }
}

// A race in the program explains what it does to the network's results: the memory
// mismatch of the sum folds under the race, and so does the race's second pair of
// accesses (both stores) in the same loop.
TEST_CASE("a race leads the wrong results it makes", "[causes][parallel]") {
  auto r = runWith("parallel_race_sum.mlir", std::nullopt);
  requirePartition(*r->run);
  INFO(dump(*r->run));
  const auto& fs = r->run->report().findings;
  const auto& groups = r->run->causes();
  REQUIRE(groups.size() == 1);
  CHECK(fs[groups[0].root].check == "race");
  std::multiset<std::string> explained;
  for (size_t i : groups[0].explained)
    explained.insert(fs[i].check);
  CHECK(explained == std::multiset<std::string>{"memory", "race"});
}

// An op error that the data made: the index loaded before the store that writes it is
// the buffer's old 100, an address out of bounds (order_stop.mlir). The accesses the
// stopped call performed are checked against the program's first ones: the load came
// first where the store must, and that order finding leads the op error.
TEST_CASE("a call stopped by an op error has its accesses' order checked", "[causes][order]") {
  auto plain = runWith("order_stop.mlir", std::nullopt);
  CHECK(plain->run->report().findings.empty());
  CHECK(plain->out.str() == "42\n");

  auto r = runWith("order_stop.mlir", Injection::NoMemOrder);
  requirePartition(*r->run);
  INFO(dump(*r->run));
  const auto& fs = r->run->report().findings;
  const auto& groups = r->run->causes();
  REQUIRE(groups.size() == 1);
  const harness::Finding& root = fs[groups[0].root];
  CHECK(root.check == "order");
  CHECK(root.rule == dfg::RuleId::MemoryOrder);
  REQUIRE(root.details.size() == 2);
  CHECK(root.details[0].find("the store at") != std::string::npos);
  CHECK(root.details[0].find("order_stop.mlir:9:3 of element 0") != std::string::npos);
  CHECK(root.details[1].find("the load at") != std::string::npos);
  CHECK(root.details[1].find("order_stop.mlir:10:8 of element 0") != std::string::npos);
  REQUIRE(groups[0].explained.size() == 1);
  const harness::Finding& stop = fs[groups[0].explained[0]];
  CHECK(stop.check == "op-error");
  CHECK(stop.summary.find("address 100 out of bounds (size 8)") != std::string::npos);
}
