// `loom-sim sweep plan|run|status|report`: a manifest's tasks run on this machine, each
// as `loom-sim run` runs one kernel, their results kept one file per task, and merged
// into one table (docs/sweeps.md).
#include "cli/batch.h"
#include "cli/command.h"
#include "cli/run_command.h"
#include "support/numbers.h"
#include "support/text.h"
#include "sweep/manifest.h"
#include "sweep/plan.h"
#include "sweep/results.h"
#include "sweep/table.h"

#include <chrono>
#include <filesystem>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace loom::cli {
namespace {

namespace fs = std::filesystem;
using sweep::Manifest;
using sweep::Plan;
using sweep::SweepDir;
using sweep::Task;
using sweep::TaskResult;

struct SweepArgs {
  std::string manifest, out, dir;
  unsigned jobs = 1;
  bool rerunFailing = false;
  std::string chunk;     // run --chunk I/N: the I-th of N equal runs of consecutive tasks
  std::string csv, json; // report outputs (default DIR/report/sweep.csv and .json)
};

// Reads the manifest and expands it; prints the error (located) and returns false.
bool loadPlan(const std::string& path, Manifest& m, Plan& plan) {
  if (auto err = sweep::readManifest(path, m)) return std::cerr << err->text() << "\n", false;
  if (auto err = sweep::makePlan(m, plan)) return std::cerr << err->text() << "\n", false;
  return true;
}

// "57 kernel(s) x 9 point(s) x 2 engine(s) = 1026 tasks"
std::string planShape(const Manifest& m, const Plan& plan) {
  size_t programs = plan.tasks.size() / (plan.points.size() * m.engines.size());
  size_t seeds = m.seeds.size();
  std::string p = seeds ? std::to_string(programs - seeds) + " kernel(s) + " +
                              std::to_string(seeds) + " seed(s)"
                        : std::to_string(programs) + " kernel(s)";
  return p + " x " + std::to_string(plan.points.size()) + " point(s) x " +
         std::to_string(m.engines.size()) + " engine(s) = " + plural(plan.tasks.size(), "task");
}

int planCommand(const SweepArgs& a) {
  Manifest m;
  Plan plan;
  if (!loadPlan(a.manifest, m, plan)) return kBadInput;
  size_t width = 6;
  for (const Task& t : plan.tasks)
    width = std::max(width, sweep::programName(t).size());
  std::cout << padRight("task", 6) << "  " << padRight("kernel", width) << "  "
            << padRight("engine", 9) << "  point\n";
  for (const Task& t : plan.tasks)
    std::cout << padLeft(std::to_string(t.id), 6) << "  " << padRight(sweep::programName(t), width)
              << "  " << padRight(t.engine, 9) << "  " << sweep::pointText(plan, t.point) << "\n";
  std::cout << planShape(m, plan) << "\n";
  return kOk;
}

// loom-gen, from the folder loom-sim runs from (the build folder, or the installed bin/).
std::string generatorPath() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("loom-gen") : (self.parent_path() / "loom-gen").string();
}

// Writes loom-gen's program of each seed a task will run, if it is not there yet.
std::optional<std::string> generatePrograms(const SweepDir& dir, const Plan& plan,
                                            const std::vector<size_t>& todo) {
  std::string gen = generatorPath();
  for (size_t id : todo) {
    const Task& t = plan.tasks[id];
    std::error_code ec;
    if (!t.seed || fs::exists(dir.programFile(*t.seed), ec)) continue;
    std::string tmp = dir.programFile(*t.seed) + "." + std::to_string(::getpid()) + ".tmp";
    pid_t pid = ::fork();
    if (pid == 0) {
      FILE* out = std::freopen(tmp.c_str(), "w", stdout);
      if (!out) ::_exit(127);
      std::string seed = std::to_string(*t.seed);
      ::execl(gen.c_str(), gen.c_str(), "--seed", seed.c_str(), "--size",
              plan.generatorSize.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0) {
      fs::remove(tmp, ec);
      return "cannot generate the program of seed " + std::to_string(*t.seed) + " with " + gen +
             (WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " (not found)" : "");
    }
    fs::rename(tmp, dir.programFile(*t.seed), ec);
    if (ec) return "cannot write '" + dir.programFile(*t.seed) + "': " + ec.message();
  }
  return std::nullopt;
}

std::string readWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// The first line of a run's log that reports an error, else its summary line.
std::string firstError(const std::string& log, const std::string& summary) {
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.find("error:") != std::string::npos) return line;
  return summary;
}

// The figures of a finished run: from its report (calls, cycles, transfers, findings)
// and its stats file (stall cycles summed over every op).
void readFigures(const std::string& report, const std::string& stats, TaskResult& r) {
  std::error_code ec;
  if (fs::exists(report, ec)) {
    nlohmann::json j = nlohmann::json::parse(readWholeFile(report), nullptr, false);
    if (j.is_object()) {
      for (const nlohmann::json& c : j.value("calls", nlohmann::json::array())) {
        ++r.calls;
        r.cycles += c.value("cycles", uint64_t{0});
        r.transfers += c.value("transfers", uint64_t{0});
      }
      r.findings = j.value("findings", nlohmann::json::array()).size();
    }
  }
  if (fs::exists(stats, ec)) {
    nlohmann::json j = nlohmann::json::parse(readWholeFile(stats), nullptr, false);
    if (j.is_object())
      for (const nlohmann::json& net : j.value("networks", nlohmann::json::array()))
        for (const nlohmann::json& op : net.value("ops", nlohmann::json::array())) {
          r.inputStalls += op.value("input_stall_cycles", uint64_t{0});
          r.outputStalls += op.value("output_stall_cycles", uint64_t{0});
        }
  }
  fs::remove(report, ec);
  fs::remove(stats, ec);
}

const char* verdictOf(int exitCode) {
  return exitCode == kOk ? "PASS" : exitCode == kFailed ? "FAIL" : "ERROR";
}

// In a child process: runs one task as `loom-sim run` would, and writes its result.
int runTask(const SweepDir& dir, const Manifest& m, const Plan& plan, const Task& t) {
  RunArgs a;
  a.file = t.seed ? dir.programFile(*t.seed) : (fs::path(m.folder) / t.kernel).string();
  a.engine = t.engine;
  a.timingFile = dir.pointFile(t.point);
  a.s.accel.checks = m.checks;
  a.s.accel.maxCycles = m.maxCycles;
  std::string scratch =
      dir.resultsDir() + "/." + std::to_string(t.id) + "." + std::to_string(::getpid());
  a.reportFile = scratch + ".report.json";
  a.s.traces.stats = scratch + ".stats.json";
  KernelVerdict v;
  a.verdict = &v;
  auto t0 = std::chrono::steady_clock::now();
  int rc = runProgram(a);
  TaskResult r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.id = t.id;
  r.exitCode = rc;
  r.verdict = verdictOf(rc);
  readFigures(a.reportFile, a.s.traces.stats, r);
  std::cerr.flush();
  // The child's stderr is a file of runInChildren's (cli/batch.h): its log so far.
  if (rc != kOk) r.firstError = firstError(readWholeFile("/proc/self/fd/2"), v.summary);
  if (auto err = sweep::writeAtomically(dir.resultFile(t.id), nlohmann::json(r).dump() + "\n"))
    return printError(*err), kBadInput;
  return rc;
}

// The line of a task that did not pass, under the progress: verdict, task, program,
// engine, point, first error.
std::string taskLine(const Plan& plan, const Task& t, const TaskResult& r) {
  return padRight(r.verdict, 5) + " " + padLeft(std::to_string(t.id), 6) + "  " +
         sweep::programName(t) + "  " + t.engine + "  " + sweep::pointText(plan, t.point) +
         (r.firstError.empty() ? "" : "\n      " + r.firstError) + "\n";
}

int runCommand(const SweepArgs& a) {
  auto t0 = std::chrono::steady_clock::now();
  Manifest m;
  Plan plan;
  if (!loadPlan(a.manifest, m, plan)) return kBadInput;
  unsigned jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
  size_t first = 0, end = 0;
  if (auto err = sweep::chunkTasks(a.chunk, plan.tasks.size(), first, end))
    return printError(*err), kBadInput;
  SweepDir dir{a.out};
  if (auto err = sweep::openSweepDir(dir, m, plan)) return printError(*err), kBadInput;
  sweep::Results results = sweep::readResults(dir, plan);
  std::vector<size_t> todo;
  for (size_t id = first; id < end; ++id)
    if (sweep::needsRun(results[id], a.rerunFailing)) todo.push_back(id);
  if (auto err = generatePrograms(dir, plan, todo)) return printError(*err), kBadInput;
  int worst = kOk;
  auto work = [&](size_t i, const std::string&) {
    return runTask(dir, m, plan, plan.tasks[todo[i]]);
  };
  auto done = [&](size_t i, KernelVerdict& v, const std::string&) {
    const Task& t = plan.tasks[todo[i]];
    std::optional<TaskResult> r = sweep::readResult(dir, t.id);
    if (!r || v.signal) { // killed, or it could not write its result: a crash
      r = TaskResult{};
      r->id = t.id, r->verdict = "CRASH", r->exitCode = kFailed, r->signal = v.signal;
      r->seconds = v.seconds;
      r->firstError = firstError(v.log, v.signal ? "killed by signal " + std::to_string(v.signal)
                                                 : "it wrote no result");
      if (auto err = sweep::writeAtomically(dir.resultFile(t.id), nlohmann::json(*r).dump() + "\n"))
        printError(*err);
    }
    results[t.id] = r;
    worst = std::max(worst, r->exitCode == kOk         ? kOk
                            : r->exitCode == kBadInput ? kBadInput
                                                       : kFailed);
    if (r->verdict != "PASS") std::cout << taskLine(plan, t, *r) << std::flush;
  };
  auto name = [&](size_t i) { return sweep::programName(plan.tasks[todo[i]]); };
  if (auto err = runInChildren(todo.size(), jobs, work, done, name))
    return printError(*err), kBadInput;
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  sweep::Results mine(results.begin() + first, results.begin() + end);
  std::cout << "ran " << todo.size() << " of " << plural(end - first, "task")
            << (a.chunk.empty() ? "" : " (chunk " + a.chunk + ")") << " in "
            << withCommas(static_cast<uint64_t>(s * 1000)) << " ms; "
            << sweep::countsLine(sweep::countVerdicts(mine)) << "\n";
  for (const std::optional<TaskResult>& r : mine)
    if (r && r->exitCode != kOk)
      worst = std::max(worst, r->exitCode == kBadInput ? kBadInput : kFailed);
  return worst;
}

int statusCommand(const SweepArgs& a) {
  SweepDir dir{a.dir};
  Plan plan;
  if (auto err = sweep::readSweepDir(dir, plan)) return printError(*err), kBadInput;
  sweep::Counts c = sweep::countVerdicts(sweep::readResults(dir, plan));
  std::cout << a.dir << ": " << sweep::countsLine(c) << "\n";
  return c.missing ? kFailed : kOk;
}

int reportCommand(const SweepArgs& a) {
  SweepDir dir{a.dir};
  Plan plan;
  if (auto err = sweep::readSweepDir(dir, plan)) return printError(*err), kBadInput;
  sweep::Results results = sweep::readResults(dir, plan);
  std::string csv = a.csv.empty() ? a.dir + "/report/sweep.csv" : a.csv;
  std::string json = a.json.empty() ? a.dir + "/report/sweep.json" : a.json;
  std::error_code ec;
  for (const std::string& f : {csv, json})
    if (f != "-" && fs::path(f).has_parent_path())
      fs::create_directories(fs::path(f).parent_path(), ec);
  if (!writeOutput(csv, [&](std::ostream& os) { os << sweep::tableCsv(plan, results); }))
    return kFailed;
  if (!writeOutput(
          json, [&](std::ostream& os) { os << sweep::tableJson(plan, results).dump(1) << "\n"; }))
    return kFailed;
  sweep::Counts c = sweep::countVerdicts(results);
  std::ostream& os = csv == "-" || json == "-" ? std::cerr : std::cout;
  os << sweep::countsLine(c) << "\n";
  for (const Task& t : plan.tasks)
    if (results[t.id] && results[t.id]->verdict != "PASS") os << taskLine(plan, t, *results[t.id]);
  if (csv != "-") os << "table: " << csv << "\n";
  if (json != "-") os << "table: " << json << "\n";
  return c.missing ? kFailed : kOk;
}

} // namespace

Command addSweepCommand(CLI::App& app) {
  auto a = std::make_shared<SweepArgs>();
  CLI::App* c = app.add_subcommand(
      "sweep", "Run every kernel of a manifest at every point of a grid of timing values, "
               "on this machine or a Slurm cluster, and merge the results (docs/sweeps.md)");
  c->require_subcommand(1);
  CLI::App* plan =
      c->add_subcommand("plan", "Print the tasks a manifest expands to, and their count");
  plan->add_option("manifest", a->manifest, "The sweep's manifest (TOML)")->required();
  CLI::App* run = c->add_subcommand(
      "run", "Run the manifest's tasks here, each in a process of its own; again, only the "
             "missing ones");
  run->add_option("manifest", a->manifest, "The sweep's manifest (TOML)")->required();
  run->add_option("--out", a->out, "The sweep's folder: its plan, and a result file per task")
      ->required();
  run->add_option("-j,--jobs", a->jobs, "Run this many tasks at once (0: one per core)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  run->add_flag("--rerun-failing", a->rerunFailing,
                "Also run again the tasks that failed or were refused (crashed and missing "
                "tasks always run)");
  run->add_option("--chunk", a->chunk,
                  "I/N: only the I-th (from 0) of N runs of consecutive tasks (a Slurm array "
                  "element's share)");
  CLI::App* status = c->add_subcommand("status", "Count a sweep's finished and missing tasks");
  status->add_option("dir", a->dir, "The sweep's folder")->required();
  CLI::App* report = c->add_subcommand(
      "report", "Merge a sweep's results into one table (CSV and JSON), and list its failures");
  report->add_option("dir", a->dir, "The sweep's folder")->required();
  report->add_option("--csv", a->csv, "Write the table here (default: DIR/report/sweep.csv)");
  report->add_option("--json", a->json, "Write the table here (default: DIR/report/sweep.json)");
  Command cmd{c, nullptr};
  cmd.run = [a, plan, run, status, report]() {
    if (plan->parsed()) return planCommand(*a);
    if (run->parsed()) return runCommand(*a);
    if (status->parsed()) return statusCommand(*a);
    return reportCommand(*a);
  };
  (void)report;
  return cmd;
}

} // namespace loom::cli
