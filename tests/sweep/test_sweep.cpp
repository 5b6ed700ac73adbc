// Sweep manifests and plans (sweep/manifest.h, sweep/plan.h): every error at its line and
// column, counted by hand from the texts below, and the task order worked out by hand.
#include "sweep/manifest.h"
#include "sweep/plan.h"
#include "sweep/results.h"
#include "sweep/table.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace loom::sweep;

namespace {

// A scratch folder with two kernels (copies of nothing: the plan only reads their bytes).
struct Scratch {
  fs::path dir;
  Scratch() {
    dir = fs::temp_directory_path() / ("loom-sweep-test-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "k");
    std::ofstream(dir / "k" / "a.mlir") << "func.func @a() { return }\n";
    std::ofstream(dir / "k" / "b.mlir") << "func.func @b() { return }\n";
    std::ofstream(dir / "k" / "notes.txt") << "not a kernel\n";
  }
  ~Scratch() { fs::remove_all(dir); }
  std::string manifest(const std::string& text, const std::string& name = "m.toml") const {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

// The error readManifest (and makePlan) gives for `text`, as "line:column: message".
std::string errorOf(const Scratch& s, const std::string& text) {
  Manifest m;
  std::string path = s.manifest(text);
  std::optional<ManifestError> e = readManifest(path, m);
  if (!e) {
    Plan p;
    e = makePlan(m, p);
  }
  if (!e) return "no error";
  REQUIRE(e->where.file == path);
  return std::to_string(e->where.line) + ":" + std::to_string(e->where.column) + ": " + e->message;
}

} // namespace

TEST_CASE("a manifest's errors are located at the value they are about") {
  Scratch s;
  CHECK(errorOf(s, "kernels = [\"k\"]\n[grid]\nchannelCapacty = [1, 2]\n") ==
        "3:1: unknown timing field 'channelCapacty' (did you mean channelCapacity?); "
        "`loom-sim timing --defaults` lists them");
  CHECK(errorOf(s, "kernels = [\"k\"]\n[grid]\n") ==
        "2:1: the grid is empty: give each swept timing field its values, e.g. "
        "channelCapacity = [1, 2, 4]");
  CHECK(errorOf(s, "kernels = [\"k\"]\n[grid]\nmemoryLatency = []\n") ==
        "3:17: grid.memoryLatency has no values");
  CHECK(errorOf(s, "kernels = [\"k\"]\n[grid]\nmemoryLatency = [1, 0]\n") ==
        "3:21: grid.memoryLatency: a value is a whole number from 1 to 2147483647");
  CHECK(errorOf(s, "kernels = [\"k\"]\n[grid]\nmemoryLatency = [4, 4]\n") ==
        "3:21: grid.memoryLatency: 4 is named twice");
  CHECK(errorOf(s, "kernels = [\"k\"]\nengines = [\"event\", \"clockd\"]\n[grid]\n"
                   "memoryLatency = [1]\n") ==
        "2:21: unknown engine 'clockd' (did you mean clocked?); the engines are event, "
        "clocked, verilator");
  CHECK(errorOf(s, "kernel = [\"k\"]\n[grid]\nmemoryLatency = [1]\n") ==
        "1:1: unknown key 'kernel' (did you mean kernels?); the keys are kernels, engines, "
        "checks, max_cycles, timing, generator, grid, mode, mutate_operators");
  CHECK(errorOf(s, "kernels = [\"k\"]\n") ==
        "1:1: the manifest has no [grid]: give each swept timing field its values, e.g. "
        "[grid] channelCapacity = [1, 2, 4]");
  CHECK(errorOf(s, "[grid]\nmemoryLatency = [1]\n") ==
        "1:1: the manifest names no kernels and no [generator] seeds: nothing to run");
  // A pattern that names nothing: at the pattern.
  CHECK(errorOf(s, "kernels = [\"k\", \"x/*.mlir\"]\n[grid]\nmemoryLatency = [1]\n") ==
        "1:17: 'x/*.mlir' names no kernel (from " + s.dir.string() + ", no file matches)");
  // TOML's own syntax errors, where toml++ finds them.
  CHECK(errorOf(s, "kernels = [\"k\"\n[grid]\n").rfind("2:1: ", 0) == 0);
  CHECK(errorOf(s, "kernels = [\"k\"]\n[generator]\nseeds = [1, -2]\n[grid]\n"
                   "memoryLatency = [1]\n") == "3:13: a seed is a whole number of at least 0");
  CHECK(errorOf(s, "kernels = [\"k\"]\ntiming = \"none.json\"\n[grid]\nmemoryLatency = [1]\n")
            .rfind("2:10: ", 0) == 0);
  Manifest m;
  std::optional<ManifestError> missing = readManifest((s.dir / "absent.toml").string(), m);
  REQUIRE(missing);
  CHECK(missing->text() == (s.dir / "absent.toml").string() + ": error: no such manifest file");
}

TEST_CASE("a plan runs programs slowest, then grid points (first axis slowest), then engines") {
  Scratch s;
  Manifest m;
  REQUIRE_FALSE(
      readManifest(s.manifest("kernels = [\"k/b.mlir\", \"k\"]\n"
                              "engines = [\"clocked\", \"event\"]\n"
                              "[generator]\nseeds = [7]\n"
                              "[grid]\nmemoryLatency = [4, 1]\nchannelCapacity = [2, 3]\n"),
                   m));
  Plan p;
  REQUIRE_FALSE(makePlan(m, p));
  CHECK(p.parameters == std::vector<std::string>{"memoryLatency", "channelCapacity"});
  CHECK(p.points == std::vector<std::vector<int>>{{4, 2}, {4, 3}, {1, 2}, {1, 3}});
  // k/b.mlir once (named first), then k's a.mlir; notes.txt is not a kernel.
  REQUIRE(p.tasks.size() == 3 * 4 * 2);
  CHECK(programName(p.tasks[0]) == "k/b.mlir");
  CHECK(p.tasks[0].engine == "clocked");
  CHECK(p.tasks[1].engine == "event");
  CHECK(p.tasks[1].point == 0);
  CHECK(p.tasks[2].point == 1);
  CHECK(programName(p.tasks[8]) == "k/a.mlir");
  CHECK(programName(p.tasks[16]) == "seed:7");
  CHECK(pointText(p, 2) == "memoryLatency=1 channelCapacity=2");
  loom::models::TimingConfig t = pointTiming(m, p, 3);
  CHECK(t.memoryLatency == 1);
  CHECK(t.channelCapacity == 3);
  CHECK(t.extmemoryLatency == 10); // a default the grid does not touch

  // The fingerprint changes with a kernel's bytes, and not with the manifest's path.
  Plan same;
  REQUIRE_FALSE(makePlan(m, same));
  CHECK(same.fingerprint == p.fingerprint);
  std::ofstream(s.dir / "k" / "a.mlir", std::ios::app) << "// edited\n";
  Plan edited;
  REQUIRE_FALSE(makePlan(m, edited));
  CHECK(edited.fingerprint != p.fingerprint);

  // The plan read back from sweep.json is the plan.
  Plan back;
  REQUIRE_FALSE(planFromJson(planJson(m, p), back));
  CHECK(back.fingerprint == p.fingerprint);
  CHECK(back.points == p.points);
  REQUIRE(back.tasks.size() == p.tasks.size());
  CHECK(back.tasks[16].seed == std::optional<uint64_t>(7));
  CHECK(back.tasks[9].kernel == "k/a.mlir");
}

TEST_CASE("chunks split the tasks into consecutive runs of nearly equal size") {
  size_t first = 0, end = 0;
  // 10 tasks in 3 chunks: [0,3) [3,6) [6,10).
  REQUIRE_FALSE(chunkTasks("0/3", 10, first, end));
  CHECK((first == 0 && end == 3));
  REQUIRE_FALSE(chunkTasks("2/3", 10, first, end));
  CHECK((first == 6 && end == 10));
  REQUIRE_FALSE(chunkTasks("", 10, first, end));
  CHECK((first == 0 && end == 10));
  // More chunks than tasks: some are empty, none overlaps.
  REQUIRE_FALSE(chunkTasks("1/4", 2, first, end));
  CHECK((first == 0 && end == 1));
  for (const char* bad : {"3/3", "1", "a/3", "1/0", "1/3x", "/3"})
    CHECK(chunkTasks(bad, 10, first, end).has_value());
}

TEST_CASE("batches cut the tasks into consecutive runs, a multiple of -j of them") {
  using Batches = std::vector<std::vector<size_t>>;
  std::vector<size_t> todo{0, 1, 2, 3, 4, 7, 8, 9, 10, 11};
  // 10 tasks, at most 4 a batch: 3 batches, as equal as can be.
  CHECK(makeBatches(todo, 4, 1) == Batches{{0, 1, 2}, {3, 4, 7}, {8, 9, 10, 11}});
  // -j 2: 3 batches round up to 4, two for each process.
  CHECK(makeBatches(todo, 4, 2) == Batches{{0, 1}, {2, 3, 4}, {7, 8}, {9, 10, 11}});
  // Room for all: one batch; -j 3 splits it into three.
  CHECK(makeBatches(todo, 200, 1) == Batches{todo});
  CHECK(makeBatches(todo, 200, 3) == Batches{{0, 1, 2}, {3, 4, 7}, {8, 9, 10, 11}});
  // Size 1: a process per task; more processes than tasks: still one task each.
  CHECK(makeBatches(todo, 1, 1).size() == 10);
  CHECK(makeBatches({5, 6}, 200, 8) == Batches{{5}, {6}});
  CHECK(makeBatches({}, 200, 2).empty());
}

TEST_CASE("a sweep's folder is refused when it holds another sweep or other files") {
  Scratch s;
  Manifest m;
  REQUIRE_FALSE(readManifest(s.manifest("kernels = [\"k\"]\n[grid]\nmemoryLatency = [1, 2]\n"), m));
  Plan p;
  REQUIRE_FALSE(makePlan(m, p));
  SweepDir dir{(s.dir / "out").string()};
  REQUIRE_FALSE(openSweepDir(dir, m, p));
  CHECK(fs::exists(dir.planFile()));
  CHECK(fs::exists(dir.pointFile(1)));
  REQUIRE_FALSE(openSweepDir(dir, m, p)); // the same plan: resumed

  TaskResult r;
  r.id = 2, r.verdict = "PASS", r.cycles = 889;
  REQUIRE_FALSE(writeAtomically(dir.resultFile(2), nlohmann::json(r).dump()));
  std::vector<std::optional<TaskResult>> results = readResults(dir, p);
  CHECK(results[2]->cycles == 889);
  CHECK_FALSE(results[1]);
  for (const auto& entry : fs::directory_iterator(dir.resultsDir()))
    CHECK(entry.path().filename().string() == "000002.json"); // no temporary left behind

  Manifest other;
  REQUIRE_FALSE(readManifest(
      s.manifest("kernels = [\"k\"]\n[grid]\nmemoryLatency = [1, 3]\n", "other.toml"), other));
  Plan q;
  REQUIRE_FALSE(makePlan(other, q));
  std::optional<std::string> err = openSweepDir(dir, other, q);
  REQUIRE(err);
  CHECK(err->find("holds another sweep's results (4 tasks, 1 done)") != std::string::npos);
  CHECK(readResult(dir, 2)->cycles == 889); // untouched

  SweepDir foreign{(s.dir / "k").string()};
  err = openSweepDir(foreign, m, p);
  REQUIRE(err);
  CHECK(err->find("is not empty and holds no sweep") != std::string::npos);
  CHECK_FALSE(fs::exists(foreign.planFile()));
}

TEST_CASE("the merged table has a row per task, MISSING where no result is") {
  Scratch s;
  Manifest m;
  REQUIRE_FALSE(
      readManifest(s.manifest("kernels = [\"k/a.mlir\"]\n[grid]\nmemoryLatency = [1, 2]\n"), m));
  Plan p;
  REQUIRE_FALSE(makePlan(m, p));
  Results results(2);
  TaskResult r;
  r.id = 0, r.verdict = "FAIL", r.exitCode = 1, r.calls = 1, r.cycles = 12, r.transfers = 30,
  r.inputStalls = 5, r.outputStalls = 2, r.findings = 1, r.seconds = 0.5;
  r.firstError = "k/a.mlir:1:1: error: a \"quoted\", comma";
  results[0] = r;
  CHECK(tableCsv(p, results) ==
        "id,kernel,seed,engine,memoryLatency,verdict,exit_code,calls,cycles,transfers,"
        "input_stalls,output_stalls,findings,first_error,seconds\n"
        "0,k/a.mlir,,event,1,FAIL,1,1,12,30,5,2,1,\"k/a.mlir:1:1: error: a \"\"quoted\"\", "
        "comma\",0.5\n"
        "1,k/a.mlir,,event,2,MISSING,,,,,,,,,\n");
  nlohmann::json j = tableJson(p, results);
  CHECK(j["counts"]["failed"] == 1);
  CHECK(j["counts"]["missing"] == 1);
  CHECK(j["rows"][0]["cycles"] == 12);
  CHECK(j["rows"][1]["cycles"].is_null());
  CHECK(countsLine(countVerdicts(results)) ==
        "2 tasks: 0 passed, 1 failed, 0 bad input, 0 crashed, 1 missing");
}

TEST_CASE("a manifest's mode: run or mutate, and what a campaign cannot take, located") {
  Scratch s;
  const std::string grid = "[grid]\nmemoryLatency = [1]\n";
  CHECK(errorOf(s, "kernels = [\"k\"]\nmode = \"mutat\"\n" + grid) ==
        "2:8: unknown mode 'mutat' (did you mean mutate?); 'mode' is \"run\" (each task a run) "
        "or \"mutate\" (each task a mutation campaign)");
  CHECK(errorOf(s, "kernels = [\"k\"]\nmode = 1\n" + grid) ==
        "2:8: unknown mode; 'mode' is \"run\" (each task a run) or \"mutate\" (each task a "
        "mutation campaign)");
  // verilator with mutate: at the engine, whichever key comes first.
  const std::string verilator =
      "2:21: engine 'verilator' with mode = \"mutate\": a campaign runs the event or clocked "
      "engine (the twin is checked against them, docs/rtl.md)";
  CHECK(errorOf(s, "kernels = [\"k\"]\nengines = [\"event\", \"verilator\"]\nmode = \"mutate\"\n" +
                       grid) == verilator);
  CHECK(errorOf(s, "mode = \"mutate\"\nengines = [\"event\", \"verilator\"]\nkernels = [\"k\"]\n" +
                       grid) == verilator);
  CHECK(errorOf(s, "kernels = [\"k\"]\nengines = [\"verilator\"]\n" + grid) == "no error");
  CHECK(errorOf(s, "kernels = [\"k\"]\nmode = \"mutate\"\nchecks = false\n" + grid) ==
        "3:10: 'checks = false' with mode = \"mutate\": a campaign runs every check, they are "
        "what it measures");
  CHECK(errorOf(s, "kernels = [\"k\"]\nmode = \"mutate\"\n"
                   "mutate_operators = [\"control-source\", \"carry-conditon\"]\n" +
                       grid) ==
        "3:39: unknown mutation operator 'carry-conditon' (did you mean carry-condition?); the "
        "operators are control-source, carry-condition, carry-init-swap, split-bypass, "
        "invariant-raw, fork-to-sink, mux-select, access-ctrl, order-swap, guard-removed");
  CHECK(errorOf(s, "kernels = [\"k\"]\nmode = \"mutate\"\nmutate_operators = []\n" + grid)
            .rfind("3:20: 'mutate_operators' is a non-empty list: control-source, ", 0) == 0);
  CHECK(errorOf(s, "kernels = [\"k\"]\nmode = \"mutate\"\n"
                   "mutate_operators = [\"order-swap\", \"order-swap\"]\n" +
                       grid) == "3:35: operator 'order-swap' is named twice");
  CHECK(errorOf(s, "kernels = [\"k\"]\nmutate_operators = [\"order-swap\"]\n" + grid) ==
        "2:20: 'mutate_operators' is for mode = \"mutate\" (the manifest's mode is \"run\")");

  // A good one: the mode reaches the plan, its JSON and its fingerprint.
  Manifest run, mutate;
  REQUIRE_FALSE(readManifest(s.manifest("kernels = [\"k/a.mlir\"]\n" + grid, "run.toml"), run));
  REQUIRE_FALSE(readManifest(s.manifest("kernels = [\"k/a.mlir\"]\nmode = \"mutate\"\n"
                                        "engines = [\"clocked\"]\n"
                                        "mutate_operators = [\"order-swap\", \"mux-select\"]\n" +
                                            grid,
                                        "mutate.toml"),
                             mutate));
  CHECK(run.mode == "run");
  CHECK(mutate.mode == "mutate");
  CHECK(mutate.mutateOperators == std::vector<std::string>{"order-swap", "mux-select"});
  Plan pr, pm;
  REQUIRE_FALSE(makePlan(run, pr));
  REQUIRE_FALSE(makePlan(mutate, pm));
  CHECK(pm.mode == "mutate");
  // A run sweep's plan says no mode: its sweep.json and fingerprint are as they were.
  CHECK_FALSE(planJson(run, pr).contains("mode"));
  CHECK(planJson(mutate, pm)["mutate_operators"] ==
        nlohmann::json::array({"order-swap", "mux-select"}));
  Manifest fewer = mutate;
  fewer.mutateOperators = {"order-swap"};
  Plan pf;
  REQUIRE_FALSE(makePlan(fewer, pf));
  CHECK(pf.fingerprint != pm.fingerprint); // the operators decide the results too
  Plan back;
  REQUIRE_FALSE(planFromJson(planJson(mutate, pm), back));
  CHECK(back.mode == "mutate");
  REQUIRE_FALSE(planFromJson(planJson(run, pr), back));
  CHECK(back.mode == "run");
}

TEST_CASE("a mutation sweep's table carries the campaigns' classes instead of a run's figures") {
  Scratch s;
  Manifest m;
  REQUIRE_FALSE(readManifest(
      s.manifest(
          "kernels = [\"k/a.mlir\"]\nmode = \"mutate\"\n[grid]\nmemoryLatency = [1, 2, 3]\n"),
      m));
  Plan p;
  REQUIRE_FALSE(makePlan(m, p));
  Results results(3);
  TaskResult r;
  r.id = 0, r.verdict = "PASS", r.mutants = 10, r.caughtStatic = 3, r.caughtRuntime = 4,
  r.harmless = 2, r.timeout = 1, r.seconds = 2;
  results[0] = r;
  r.id = 1, r.verdict = "FAIL", r.exitCode = 1, r.wrongUncaught = 1, r.mutants = 11,
  r.falseFindings = 1, r.firstError = "k/a.mlir: mutant @a order-swap:0 (x): wrong_uncaught: y";
  // A result file read back: every figure survives the round trip.
  results[1] = nlohmann::json(r).get<TaskResult>();
  CHECK(tableCsv(p, results) ==
        "id,kernel,seed,engine,memoryLatency,verdict,exit_code,mutants,caught_static,"
        "caught_runtime,wrong_uncaught,harmless,timeout,mutant_errors,false_findings,first_error,"
        "seconds\n"
        "0,k/a.mlir,,event,1,PASS,0,10,3,4,0,2,1,0,0,,2.0\n"
        "1,k/a.mlir,,event,2,FAIL,1,11,3,4,1,2,1,0,1,k/a.mlir: mutant @a order-swap:0 (x): "
        "wrong_uncaught: y,2.0\n"
        "2,k/a.mlir,,event,3,MISSING,,,,,,,,,,,\n");
  CHECK(mutantsLine(results) == "21 mutants: 6 caught_static, 8 caught_runtime, 1 wrong_uncaught, "
                                "4 harmless, 2 timeout, 0 mutant_errors; 1 false_findings");
  nlohmann::json j = tableJson(p, results);
  CHECK(j["counts"]["mutants"]["caught_runtime"] == 8);
  CHECK(j["counts"]["mutants"]["mutants"] == 21);
  CHECK(j["rows"][1]["wrong_uncaught"] == 1);
  CHECK(j["rows"][2]["harmless"].is_null());
  CHECK_FALSE(j["rows"][0].contains("cycles"));
}

TEST_CASE("a result file written before mutation sweeps still reads, its campaign figures 0") {
  nlohmann::json old = nlohmann::json::parse(
      R"({"id":3,"verdict":"PASS","exit_code":0,"signal":0,"calls":1,"cycles":889,)"
      R"("transfers":5,"input_stalls":1,"output_stalls":2,"findings":0,"first_error":"",)"
      R"("seconds":0.01})");
  TaskResult r = old.get<TaskResult>();
  CHECK(r.cycles == 889);
  CHECK(r.mutants == 0);
  CHECK(r.falseFindings == 0);
}
