// `loom-sim sweep plan|run|status|report`: a manifest's tasks run on this machine, each
// as `loom-sim run` runs one kernel (or, in a mutation sweep, as `loom-sim mutate` runs a
// campaign on it), in batches of consecutive tasks that share a process, their results
// kept one file per task, and merged into one table (docs/sweeps.md).
#include "cli/accel_arguments.h"
#include "cli/batch.h"
#include "cli/command.h"
#include "cli/run_command.h"
#include "host/mutation.h"
#include "support/files.h"
#include "support/numbers.h"
#include "support/process.h"
#include "support/text.h"
#include "sweep/manifest.h"
#include "sweep/plan.h"
#include "sweep/plots.h"
#include "sweep/report_page.h"
#include "sweep/results.h"
#include "sweep/slurm.h"
#include "sweep/table.h"
#include "terminal/status_line.h"

#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <set>
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
  bool resume = false;         // submit --resume
  size_t tasksPerElement = 50; // submit: tasks per array element
  sweep::SlurmOptions slurm;   // submit: what each element asks for
  double poll = 10;            // collect: seconds between looks at the queue
  std::string chunk;           // run --chunk I/N: the I-th of N equal runs of consecutive tasks
  size_t batch = 200;          // run: at most this many consecutive tasks per process
  bool noBatch = false;        // run --no-batch: a process per task
  std::string csv, json;       // report outputs (default DIR/report/sweep.csv and .json)
  bool noPlots = false;        // report: the tables only, without gnuplot
};

// Reads the manifest and expands it; prints the error (located) and returns false.
bool loadPlan(const std::string& path, Manifest& m, Plan& plan) {
  if (auto err = sweep::readManifest(path, m)) return std::cerr << err->text() << "\n", false;
  if (auto err = sweep::makePlan(m, plan)) return std::cerr << err->text() << "\n", false;
  return true;
}

// "1 batch", "7 batches"
std::string batchCount(size_t n) {
  return std::to_string(n) + (n == 1 ? " batch" : " batches");
}

// The batch size a run's options ask for (1: a process per task).
size_t batchSize(const SweepArgs& a) {
  return a.noBatch ? 1 : a.batch;
}

// How `sweep run -j 1` batches the plan: "7 batches of 177 to 178 consecutive tasks, ..."
std::string batchesLine(const Plan& plan, size_t size) {
  std::vector<size_t> all(plan.tasks.size());
  for (size_t i = 0; i < all.size(); ++i)
    all[i] = i;
  std::vector<std::vector<size_t>> b = sweep::makeBatches(all, size, 1);
  if (b.empty()) return "no batches";
  if (size == 1) return batchCount(b.size()) + " of 1 task: a process per task (--no-batch)";
  size_t least = b.front().size(), most = b.front().size();
  for (const std::vector<size_t>& ids : b)
    least = std::min(least, ids.size()), most = std::max(most, ids.size());
  return batchCount(b.size()) + " of " + std::to_string(least) +
         (most > least ? " to " + std::to_string(most) : "") +
         " consecutive tasks, each batch a process that loads each of its programs once "
         "(--batch " +
         std::to_string(size) + "; -j N makes a multiple of N)";
}

// "57 kernel(s) x 9 point(s) x 2 engine(s) = 1026 tasks"
std::string planShape(const Manifest& m, const Plan& plan) {
  size_t programs = plan.tasks.size() / (plan.points.size() * m.engines.size());
  size_t seeds = m.seeds.size();
  std::string p = seeds ? std::to_string(programs - seeds) + " kernel(s) + " +
                              std::to_string(seeds) + " seed(s)"
                        : std::to_string(programs) + " kernel(s)";
  return p + " x " + std::to_string(plan.points.size()) + " point(s) x " +
         std::to_string(m.engines.size()) + " engine(s) = " + plural(plan.tasks.size(), "task") +
         (plan.mode == "mutate" ? ", each a mutation campaign" : "");
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
  std::cout << planShape(m, plan) << "\n" << batchesLine(plan, batchSize(a)) << "\n";
  return kOk;
}

// This executable's path, for the job script of an array element.
std::string selfPath() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("loom-sim") : self.string();
}

// loom-gen, from the folder loom-sim runs from (the build folder, or the installed bin/).
std::string generatorPath() {
  return (fs::path(selfPath()).parent_path() / "loom-gen").string();
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

// The figures of a finished run: from its report (calls, cycles, transfers, findings)
// and its stats file (stall cycles summed over every op).
void readFigures(const std::string& report, const std::string& stats, TaskResult& r) {
  std::error_code ec;
  if (fs::exists(report, ec)) {
    nlohmann::json j = nlohmann::json::parse(readFileText(report), nullptr, false);
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
    nlohmann::json j = nlohmann::json::parse(readFileText(stats), nullptr, false);
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

// The same figures read from the run itself (a batch's task, which writes no files).
void runFigures(const ProgramRun& run, TaskResult& r) {
  for (const harness::Report::Call& c : run.report().calls) {
    ++r.calls;
    r.cycles += c.cycles;
    r.transfers += c.transfers;
  }
  r.findings = run.report().findings.size();
  const Accelerator& accel = *run.accelerator();
  for (const std::string& f : accel.functions()) {
    sim::Network& net = *accel.network(f);
    net.engine().flushStats();
    for (uint32_t i = 0; i < net.circuit().numOps(); ++i) {
      r.inputStalls += net.circuit().op(i).stats().inputStallCycles;
      r.outputStalls += net.circuit().op(i).stats().outputStallCycles;
    }
  }
}

const char* verdictOf(int exitCode) {
  return exitCode == kOk ? "PASS" : exitCode == kFailed ? "FAIL" : "ERROR";
}

// The first error this child process has printed so far, or `otherwise`: its stderr is a
// file of runInChildren's (cli/batch.h), its log.
std::string loggedError(const std::string& otherwise) {
  std::cerr.flush();
  return firstError(readFileText("/proc/self/fd/2"), otherwise);
}

std::string programFile(const SweepDir& dir, const Manifest& m, const Task& t) {
  return t.seed ? dir.programFile(*t.seed) : (fs::path(m.folder) / t.kernel).string();
}

// A program as a batch keeps it for its tasks: loaded once, each function lowered once.
struct BatchProgram {
  std::string file;
  LoadedProgram loaded;
  std::shared_ptr<LoweringCache> lowered = std::make_shared<LoweringCache>();
};

// Runs one task as `loom-sim run` would: its exit code, its figures in `r`. `prog`: the
// batch's program, or null.
int runRunTask(const SweepDir& dir, const Manifest& m, const Task& t, const BatchProgram* prog,
               TaskResult& r) {
  RunArgs a;
  a.file = programFile(dir, m, t);
  a.engine = t.engine;
  a.timingFile = dir.pointFile(t.point);
  a.s.accel.checks = m.checks;
  a.s.accel.maxCycles = m.maxCycles;
  KernelVerdict v;
  a.verdict = &v;
  if (prog) { // a batch's: the figures from the run
    a.program = &prog->loaded;
    a.s.accel.lowered = prog->lowered;
    a.inspect = [&r](const ProgramRun& run) { runFigures(run, r); };
    int rc = runProgram(a);
    if (rc != kOk) r.firstError = loggedError(v.summary);
    return rc;
  }
  std::string scratch =
      dir.resultsDir() + "/." + std::to_string(t.id) + "." + std::to_string(::getpid());
  a.reportFile = scratch + ".report.json";
  a.s.traces.stats = scratch + ".stats.json";
  int rc = runProgram(a);
  readFigures(a.reportFile, a.s.traces.stats, r);
  if (rc != kOk) r.firstError = loggedError(v.summary);
  return rc;
}

// What makes a campaign not clean, by its first such mutant: a miss, a mutant the tool
// failed on, or a false finding; with the mutant's name, as `mutate --mutant` takes it.
std::string campaignProblem(const Campaign& c) {
  for (const Mutant& m : c.mutants) {
    std::string what = m.falseFinding              ? "false finding: " + m.finding
                       : m.cls == "wrong_uncaught" ? "wrong_uncaught: " + m.difference
                       : m.cls == "error"          ? "the tool failed: " + m.why
                                                   : "";
    if (!what.empty())
      return c.file + ": mutant @" + m.function + " " + dfg::mutationName(m.op) + ":" +
             std::to_string(m.site) + " (" + m.text + "): " + what;
  }
  return "";
}

// The campaign's figures into the task's result.
void campaignFigures(const Campaign& c, TaskResult& r) {
  r.mutants = c.mutants.size();
  r.caughtStatic = c.count("caught_static");
  r.caughtRuntime = c.count("caught_runtime");
  r.wrongUncaught = c.count("wrong_uncaught");
  r.harmless = c.count("harmless");
  r.timeout = c.count("timeout");
  r.mutantErrors = c.count("error");
  r.falseFindings = c.falseFindings();
}

// Runs one task of a mutation sweep as `loom-sim mutate FILE --timing POINT` would: a
// campaign on every operator the manifest names, its JSON beside the result.
int runCampaignTask(const SweepDir& dir, const Manifest& m, const Task& t,
                    const BatchProgram* batch, TaskResult& r) {
  RunSettings s;
  s.accel.maxCycles = m.maxCycles; // caps the campaign's budget too, as mutate's --max-cycles
  if (auto err = configureAccel(s.accel, t.engine, {}, dir.pointFile(t.point)))
    return printError(*err), kBadInput;
  MutationOptions o; // one mutant at a time: the sweep runs its tasks side by side
  for (const std::string& name : m.mutateOperators) {
    dfg::MutationOp op;
    if (dfg::mutationFromName(name, op)) o.operators.push_back(op); // the manifest checked it
  }
  Campaign c;
  c.file = programFile(dir, m, t);
  LoadedProgram own;
  if (!batch) own = loadProgram(c.file);
  const LoadedProgram& prog = batch ? batch->loaded : own;
  if (!printed(prog)) return kBadInput;
  if (auto err = runCampaign(prog, s, o, c)) return print(*err), kBadInput;
  if (auto err = sweep::writeAtomically(dir.campaignFile(t.id), c.json().dump() + "\n"))
    return printError(*err), kBadInput;
  campaignFigures(c, r);
  if (c.clean()) return kOk;
  // Not the log's first error: that may be a mutant's finding, which is a catch.
  r.firstError = campaignProblem(c);
  return kFailed;
}

// In a child process: runs one task (on `prog` if it is loaded already), and writes its
// result; `written` says whether it could.
int runTask(const SweepDir& dir, const Manifest& m, const Task& t,
            const BatchProgram* prog = nullptr, bool* written = nullptr) {
  auto t0 = std::chrono::steady_clock::now();
  TaskResult r;
  int rc =
      m.mode == "mutate" ? runCampaignTask(dir, m, t, prog, r) : runRunTask(dir, m, t, prog, r);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.id = t.id;
  r.exitCode = rc;
  r.verdict = verdictOf(rc);
  if (rc != kOk && r.firstError.empty()) r.firstError = loggedError("");
  if (auto err = sweep::writeAtomically(dir.resultFile(t.id), nlohmann::json(r).dump() + "\n"))
    return printError(*err), kBadInput;
  if (written) *written = true;
  return rc;
}

// Empties this child's stderr file, so that it holds the next task's log alone: the log
// a task's first error is read from (loggedError), as in a process of its own.
void restartLog() {
  std::cerr.flush();
  std::fflush(stderr);
  if (::ftruncate(STDERR_FILENO, 0) == 0) ::lseek(STDERR_FILENO, 0, SEEK_SET);
}

// In a batch's child process: runs each task on its program, loaded (and lowered) once for
// the batch's consecutive tasks of that program, and appends the id of each task whose
// result is written to `donePath` (the parent runs the others again). Returns the worst
// exit code.
int runBatch(const SweepDir& dir, const Manifest& m, const Plan& plan,
             const std::vector<size_t>& ids, const std::string& donePath) {
  std::unique_ptr<BatchProgram> prog;
  int done = ::open(donePath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
  int worst = kOk;
  for (size_t id : ids) {
    if (std::string file = programFile(dir, m, plan.tasks[id]); !prog || file != prog->file)
      prog.reset(new BatchProgram{file, loadProgram(file)});
    restartLog();
    bool written = false;
    int rc = runTask(dir, m, plan.tasks[id], prog.get(), &written);
    worst = std::max(worst, rc);
    std::string line = std::to_string(id) + "\n";
    if (written && done >= 0 && ::write(done, line.data(), line.size()) < 0) break;
  }
  if (done >= 0) ::close(done);
  return worst;
}

// The ids a batch's child wrote to its done file.
std::set<size_t> finishedIds(const std::string& text) {
  std::set<size_t> ids;
  std::istringstream in(text);
  for (size_t id; in >> id;)
    ids.insert(id);
  return ids;
}

// The line of a task that did not pass, under the progress: verdict, task, program,
// engine, point, first error.
std::string taskLine(const Plan& plan, const Task& t, const TaskResult& r) {
  return padRight(r.verdict, 5) + " " + padLeft(std::to_string(t.id), 6) + "  " +
         sweep::programName(t) + "  " + t.engine + "  " + sweep::pointText(plan, t.point) +
         (r.firstError.empty() ? "" : "\n      " + r.firstError) + "\n";
}

// A local run's tasks in rounds of processes: a batch (several tasks) or a task alone.
// The tasks a batch's process did not finish (it crashed, or was killed) run again, the
// first of them in a process of its own, where a crash is its own as without batches, and
// the rest as a batch of the next round.
struct LocalRun {
  const SweepDir& dir;
  const Manifest& m;
  const Plan& plan;
  sweep::Results& results;
  unsigned jobs;
  size_t total = 0;              // the tasks to run
  size_t batches = 0, alone = 0; // processes started: batches, tasks run alone after a crash
  size_t finished = 0;           // tasks whose results are recorded
  std::string doneDir = "";      // the batches' done files (runBatch)

  std::string donePath(size_t round, size_t item) const {
    return doneDir + "/" + std::to_string(round) + "-" + std::to_string(item);
  }

  void record(const Task& t, const TaskResult& r) {
    ++finished;
    results[t.id] = r;
    if (r.verdict != "PASS") std::cout << taskLine(plan, t, r) << std::flush;
  }

  // A task that ran alone: a process that died or wrote no result is its crash.
  void finishAlone(size_t id, const KernelVerdict& v) {
    const Task& t = plan.tasks[id];
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
    record(t, *r);
  }

  // A batch whose process ended: its finished tasks recorded, what it did not finish
  // appended to `again`.
  void finishBatch(const std::vector<size_t>& ids, const std::string& doneText,
                   std::vector<std::vector<size_t>>& again) {
    std::set<size_t> finished = finishedIds(doneText);
    std::vector<size_t> missing;
    for (size_t id : ids) {
      std::optional<TaskResult> r;
      if (finished.count(id)) r = sweep::readResult(dir, id);
      if (r)
        record(plan.tasks[id], *r);
      else
        missing.push_back(id);
    }
    if (missing.empty()) return;
    again.push_back({missing.front()});
    if (missing.size() > 1) again.emplace_back(missing.begin() + 1, missing.end());
  }

  // The progress line: the tasks finished, those of the running batches included, and
  // the program each running process is at.
  std::string progress(size_t round, const std::vector<std::vector<size_t>>& items,
                       const std::vector<size_t>& running) const {
    size_t count = finished;
    std::vector<std::string> names;
    for (size_t i : running) {
      size_t at = items[i].size() > 1 ? finishedIds(readFileText(donePath(round, i))).size() : 0;
      count += at;
      names.push_back(sweep::programName(plan.tasks[items[i][std::min(at, items[i].size() - 1)]]));
    }
    return progressText(count, total, names);
  }

  std::optional<std::string> runRound(size_t round, const std::vector<std::vector<size_t>>& items,
                                      std::vector<std::vector<size_t>>& again) {
    for (const std::vector<size_t>& ids : items)
      ++(ids.size() > 1 || round == 0 ? batches : alone);
    auto work = [&](size_t i, const std::string&) {
      const std::vector<size_t>& ids = items[i];
      return ids.size() == 1 ? runTask(dir, m, plan.tasks[ids[0]])
                             : runBatch(dir, m, plan, ids, donePath(round, i));
    };
    auto done = [&](size_t i, KernelVerdict& v, const std::string&) {
      if (items[i].size() == 1) return finishAlone(items[i][0], v);
      finishBatch(items[i], readFileText(donePath(round, i)), again);
    };
    auto name = [&](size_t i) { return sweep::programName(plan.tasks[items[i].front()]); };
    auto status = [&](size_t, const std::vector<size_t>& running) {
      return progress(round, items, running);
    };
    return runInChildren(items.size(), jobs, work, done, name, status);
  }

  std::optional<std::string> runRounds(std::vector<std::vector<size_t>> items) {
    std::string tmpl = (fs::temp_directory_path() / "loom-sim-batch.XXXXXX").string();
    if (!::mkdtemp(tmpl.data()))
      return "cannot make a temporary directory: " + std::string(strerror(errno));
    doneDir = tmpl;
    std::optional<std::string> problem;
    for (size_t round = 0; !items.empty() && !problem; ++round) {
      std::vector<std::vector<size_t>> again;
      problem = runRound(round, items, again);
      items = std::move(again);
    }
    std::error_code ec;
    fs::remove_all(doneDir, ec);
    return problem;
  }

  // "7 batches", "7 batches, 1 task run alone after a crash"
  std::string batchesText() const {
    return batchCount(batches) +
           (alone ? ", " + plural(alone, "task") + " run alone after a crash" : "");
  }
};

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
  LocalRun run{dir, m, plan, results, jobs, todo.size()};
  size_t batch = batchSize(a);
  if (auto err = run.runRounds(sweep::makeBatches(todo, batch, jobs)))
    return printError(*err), kBadInput;
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  sweep::Results mine(results.begin() + first, results.begin() + end);
  std::cout << "ran " << todo.size() << " of " << plural(end - first, "task")
            << (a.chunk.empty() ? "" : " (chunk " + a.chunk + ")") << " in "
            << withCommas(static_cast<uint64_t>(s * 1000)) << " ms"
            << (batch > 1 ? ", " + run.batchesText() : "") << "; "
            << sweep::countsLine(sweep::countVerdicts(mine)) << "\n";
  if (plan.mode == "mutate") std::cout << sweep::mutantsLine(mine) << "\n";
  // The worst code of the share's tasks, those run before included (2 over 1 over 0).
  int worst = kOk;
  for (const std::optional<TaskResult>& r : mine)
    if (r && r->exitCode != kOk)
      worst = std::max(worst, r->exitCode == kBadInput ? kBadInput : kFailed);
  return worst;
}

int reportCommand(const SweepArgs& a);

// ---- Slurm ---------------------------------------------------------------------------

// The state squeue gives each chunk's latest element (none for an element Slurm has
// forgotten, or when squeue cannot be run: `why` then says so).
std::map<size_t, std::string> elementStates(const sweep::SlurmState& st, std::string& why) {
  if (st.submissions.empty()) return {};
  std::string jobs;
  for (const sweep::Submission& s : st.submissions)
    jobs += (jobs.empty() ? "" : ",") + s.job;
  ProcessResult r = runProcess({"squeue", "-h", "-r", "-t", "all", "-j", jobs, "-o", "%i %T"});
  if (!r.started) return why = "squeue: " + r.why, std::map<size_t, std::string>{};
  // Jobs Slurm no longer knows make squeue fail: their elements are simply not queued.
  return sweep::parseSqueue(r.out, st.submissions);
}

// Where each chunk stands: done (every task has a result), queued (an element pending or
// running), or incomplete (tasks missing and nothing queued: cancelled, failed, lost).
struct ChunkCounts {
  size_t done = 0, running = 0, pending = 0;
  std::vector<size_t> incomplete;
  std::map<std::string, size_t> ended; // states of the incomplete chunks' elements
};

ChunkCounts chunkCounts(const Plan& plan, const sweep::Results& results,
                        const sweep::SlurmState& st, const std::map<size_t, std::string>& states) {
  ChunkCounts c;
  std::vector<size_t> open = sweep::chunksToRun(plan, results, st.chunks, false);
  c.done = st.chunks - open.size();
  for (size_t chunk : open) {
    auto it = states.find(chunk);
    std::string state = it == states.end() ? "" : it->second;
    if (state == "RUNNING" || state == "COMPLETING")
      ++c.running;
    else if (sweep::isQueued(state))
      ++c.pending;
    else
      c.incomplete.push_back(chunk), ++c.ended[state.empty() ? "not in Slurm's queue" : state];
  }
  return c;
}

std::string chunkLine(const sweep::SlurmState& st, const ChunkCounts& c) {
  std::string jobs;
  for (const sweep::Submission& s : st.submissions)
    jobs += (jobs.empty() ? "" : ", ") + s.job + " (" + s.elements + ")";
  std::string line = "slurm: " + plural(st.chunks, "chunk") + ", job(s) " + jobs + ": " +
                     std::to_string(c.done) + " done, " + std::to_string(c.running) + " running, " +
                     std::to_string(c.pending) + " pending, " +
                     std::to_string(c.incomplete.size()) + " incomplete";
  if (!c.incomplete.empty()) {
    std::string states;
    for (const auto& [state, n] : c.ended)
      states += (states.empty() ? "" : ", ") + std::to_string(n) + " " + state;
    line += std::string(c.incomplete.size() == 1 ? " (chunk " : " (chunks ") +
            sweep::elementList(c.incomplete) + ": " + states +
            "; `loom-sim sweep submit --resume` submits them again)";
  }
  return line;
}

int statusCommand(const SweepArgs& a) {
  SweepDir dir{a.dir};
  Plan plan;
  if (auto err = sweep::readSweepDir(dir, plan)) return printError(*err), kBadInput;
  sweep::Results results = sweep::readResults(dir, plan);
  sweep::Counts c = sweep::countVerdicts(results);
  std::cout << a.dir << ": " << sweep::countsLine(c) << "\n";
  sweep::SlurmState st;
  if (auto err = sweep::readSlurmState(dir, st)) return printError(*err), kBadInput;
  if (st.chunks) {
    std::string why;
    std::map<size_t, std::string> states = elementStates(st, why);
    if (!why.empty()) std::cout << "slurm: " << why << "; the elements' states are unknown\n";
    std::cout << chunkLine(st, chunkCounts(plan, results, st, states)) << "\n";
  }
  return c.missing ? kFailed : kOk;
}

// Slurm's largest array index + 1 (scontrol show config's MaxArraySize), 0 if unknown.
size_t maxArraySize() {
  ProcessResult r = runProcess({"scontrol", "show", "config"});
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("MaxArraySize", 0) == 0 && line.find('=') != std::string::npos)
      return std::strtoul(line.substr(line.find('=') + 1).c_str(), nullptr, 10);
  return 0;
}

std::string absolute(const std::string& path) {
  std::error_code ec;
  return fs::absolute(path, ec).lexically_normal().string();
}

int submitCommand(const SweepArgs& a) {
  Manifest m;
  Plan plan;
  if (!loadPlan(a.manifest, m, plan)) return kBadInput;
  SweepDir dir{a.out};
  sweep::SlurmState st;
  if (auto err = sweep::readSlurmState(dir, st)) return printError(*err), kBadInput;
  if (!st.submissions.empty() && !a.resume)
    return printError("'" + a.out + "' was submitted already (job " + st.submissions.back().job +
                      "): `loom-sim sweep submit --resume` submits what is missing, "
                      "`loom-sim sweep status` shows where it stands"),
           kBadInput;
  ProcessResult probe = runProcess({"sbatch", "--version"});
  if (!probe.started)
    return printError("sbatch " + probe.why +
                      ": `sweep submit` needs a Slurm submit host (`sweep run` runs the "
                      "sweep on this machine)"),
           kBadInput;
  if (auto err = sweep::openSweepDir(dir, m, plan)) return printError(*err), kBadInput;
  if (st.chunks == 0) {
    st.chunks = (plan.tasks.size() + a.tasksPerElement - 1) / a.tasksPerElement;
    st.options = a.slurm;
    st.options.batch = batchSize(a);
  }
  size_t limit = maxArraySize();
  if (limit && st.chunks > limit)
    return printError(plural(st.chunks, "chunk") + " of " + std::to_string(a.tasksPerElement) +
                      " tasks: more array elements than this cluster's MaxArraySize (" +
                      std::to_string(limit) + "); give --tasks-per-element " +
                      std::to_string((plan.tasks.size() + limit - 1) / limit) + " or more"),
           kBadInput;
  sweep::Results results = sweep::readResults(dir, plan);
  std::vector<size_t> chunks = sweep::chunksToRun(plan, results, st.chunks, a.rerunFailing);
  std::string why;
  std::map<size_t, std::string> states = elementStates(st, why);
  std::vector<size_t> todo;
  for (size_t c : chunks)
    if (!states.count(c) || !sweep::isQueued(states.at(c))) todo.push_back(c);
  if (todo.empty()) {
    std::cout << "nothing to submit: " << sweep::countsLine(sweep::countVerdicts(results))
              << (chunks.empty() ? "" : "; the rest is queued") << "\n";
    return kOk;
  }
  std::error_code ec;
  fs::create_directories(dir.root + "/slurm/logs", ec);
  std::string script = dir.root + "/slurm/job.sh";
  sweep::JobScript job{selfPath(), absolute(a.manifest), absolute(a.out), absolute("."), st.chunks,
                       st.options};
  if (auto err = sweep::writeAtomically(script, sweep::jobScriptText(job)))
    return printError(*err), kBadInput;
  std::string array = sweep::elementList(todo);
  if (st.options.maxParallel) array += "%" + std::to_string(st.options.maxParallel);
  std::vector<std::string> argv{"sbatch", "--parsable", "--array=" + array};
  argv.insert(argv.end(), st.options.sbatchArgs.begin(), st.options.sbatchArgs.end());
  argv.push_back(script);
  ProcessResult r = runProcess(argv);
  std::string id = r.out.substr(0, r.out.find_first_of(";\n"));
  if (r.exitCode != 0 || id.empty())
    return printError("sbatch refused the array (exit " + std::to_string(r.exitCode) +
                      "): " + r.err),
           kBadInput;
  st.submissions.push_back({id, sweep::elementList(todo)});
  if (auto err = sweep::writeSlurmState(dir, st)) return printError(*err), kBadInput;
  std::cout << "submitted job " << id << ": " << plural(todo.size(), "array element") << " ("
            << sweep::elementList(todo) << " of " << st.chunks << " chunks, up to "
            << (plan.tasks.size() + st.chunks - 1) / st.chunks
            << " tasks each); `loom-sim sweep status " << a.out << "` follows it\n";
  return kOk;
}

// Waits until no chunk with missing tasks has an element queued, then merges the table.
int collectCommand(const SweepArgs& a) {
  SweepDir dir{a.dir};
  Plan plan;
  if (auto err = sweep::readSweepDir(dir, plan)) return printError(*err), kBadInput;
  sweep::SlurmState st;
  if (auto err = sweep::readSlurmState(dir, st)) return printError(*err), kBadInput;
  bool tty = ::isatty(STDERR_FILENO);
  for (;;) {
    sweep::Results results = sweep::readResults(dir, plan);
    std::string why;
    std::map<size_t, std::string> states = elementStates(st, why);
    if (!why.empty()) return printError(why + ": cannot follow the array"), kBadInput;
    ChunkCounts c = chunkCounts(plan, results, st, states);
    if (c.running + c.pending == 0) {
      if (tty) terminal::StatusLine::clear();
      if (st.chunks) std::cout << chunkLine(st, c) << "\n";
      break;
    }
    if (tty)
      terminal::StatusLine::show(stderr,
                                 "waiting: " + sweep::countsLine(sweep::countVerdicts(results)) +
                                     "; " + std::to_string(c.running) + " running, " +
                                     std::to_string(c.pending) + " pending");
    std::this_thread::sleep_for(std::chrono::duration<double>(a.poll));
  }
  return reportCommand(a);
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
  if (plan.mode == "mutate") os << sweep::mutantsLine(results) << "\n";
  for (const Task& t : plan.tasks)
    if (results[t.id] && results[t.id]->verdict != "PASS") os << taskLine(plan, t, *results[t.id]);
  if (csv != "-") os << "table: " << csv << "\n";
  if (json != "-") os << "table: " << json << "\n";
  int rc = c.missing ? kFailed : kOk;
  // The plots draw cycles, which a campaign does not measure: its table is its result.
  if (a.noPlots || plan.mode == "mutate") return rc;
  std::string folder = a.dir + "/report", plotsFolder = folder + "/plots";
  sweep::PlotSet plots;
  if (auto err = sweep::writePlotSources(plan, results, plotsFolder, plots))
    return printError(*err), kFailed;
  if (auto err = sweep::drawPlots(plots, plotsFolder, std::thread::hardware_concurrency()))
    return printError(err->message), err->notFound ? kBadInput : kFailed;
  os << "plots: " << plotsFolder << " (" << plural(plots.files.size(), "file") << ")\n";
  if (auto err =
          sweep::writeReportPage(folder + "/index.html", plan, results, plots, {a.dir, csv, json}))
    return printError(*err), kFailed;
  os << "page: " << folder << "/index.html\n";
  return rc;
}

// --batch N and --no-batch, of plan, run and submit.
void addBatchOptions(CLI::App* c, SweepArgs& a) {
  c->add_option("--batch", a.batch,
                "Run up to this many consecutive tasks in one process, which loads each of "
                "their programs once (docs/sweeps.md \"Batches\"; 1: a process per task)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  c->add_flag("--no-batch", a.noBatch, "Run each task in a process of its own (--batch 1)");
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
  plan->add_option("manifest", a->manifest, "The sweep's manifest file (TOML)")->required();
  addBatchOptions(plan, *a);
  CLI::App* run = c->add_subcommand(
      "run", "Run the manifest's tasks here, in batches of consecutive tasks, a process "
             "each; again, only the missing ones");
  run->add_option("manifest", a->manifest, "The sweep's manifest file (TOML)")->required();
  run->add_option("--out", a->out, "The sweep's directory: its plan, and a result file per task")
      ->required();
  run->add_option("-j,--jobs", a->jobs, "Run this many tasks at once (0: one per core)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  run->add_flag("--rerun-failing", a->rerunFailing,
                "Also run again the tasks that failed or were refused (crashed and missing "
                "tasks always run)");
  addBatchOptions(run, *a);
  run->add_option("--chunk", a->chunk,
                  "I/N: only the I-th (from 0) of N runs of consecutive tasks (a Slurm array "
                  "element's share)");
  CLI::App* submit = c->add_subcommand(
      "submit", "Submit the manifest's tasks to Slurm as a job array, a chunk of tasks per "
                "element; with --resume, the chunks with missing tasks and no element queued");
  submit->add_option("manifest", a->manifest, "The sweep's manifest file (TOML)")->required();
  submit
      ->add_option("--out", a->out,
                   "The sweep's directory, on a file system the nodes share: its plan, a result "
                   "file per task, slurm/ (the job script, its logs, the submissions)")
      ->required();
  submit->add_flag("--resume", a->resume,
                   "Submit again the chunks whose tasks are missing and that no element is "
                   "pending or running for (cancelled, failed, timed out, lost)");
  submit->add_flag("--rerun-failing", a->rerunFailing,
                   "With --resume: also the chunks holding tasks that failed or were refused");
  submit
      ->add_option("--tasks-per-element", a->tasksPerElement,
                   "Tasks each array element runs (fixed at the first submission)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  addBatchOptions(submit, *a);
  submit->add_option("--partition", a->slurm.partition,
                     "sbatch --partition (default: the "
                     "cluster's)");
  submit->add_option("--time", a->slurm.time, "sbatch --time: each element's limit")
      ->capture_default_str();
  submit->add_option("--mem", a->slurm.mem, "sbatch --mem: each element's memory")
      ->capture_default_str();
  submit
      ->add_option("--cpus-per-task", a->slurm.cpusPerTask,
                   "sbatch --cpus-per-task: each element runs its tasks with -j this")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  submit
      ->add_option("--max-parallel", a->slurm.maxParallel,
                   "At most this many elements at once (--array=...%N; 0: no cap)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  submit->add_option("--sbatch-arg", a->slurm.sbatchArgs,
                     "One more sbatch option, as sbatch takes it (repeatable): "
                     "--sbatch-arg=--account=X");
  CLI::App* status = c->add_subcommand(
      "status", "Count a sweep's finished and missing tasks; after `submit`, each chunk's "
                "state in Slurm's queue");
  status->add_option("dir", a->dir, "The sweep's directory")->required();
  CLI::App* collect = c->add_subcommand(
      "collect", "Wait until no element of a submitted sweep is pending or running, then merge "
                 "its results as `report` does");
  collect->add_option("dir", a->dir, "The sweep's directory")->required();
  collect->add_option("--poll", a->poll, "Seconds between looks at Slurm's queue")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  collect->add_flag("--no-plots", a->noPlots, "As report's: only the tables");
  CLI::App* report = c->add_subcommand(
      "report", "Merge a sweep's results into one table (CSV and JSON), draw its plots (PNG and "
                "SVG, by gnuplot) and its page (HTML), and list its failures");
  report->add_option("dir", a->dir, "The sweep's directory")->required();
  report->add_option("--csv", a->csv, "Write the table here (default: DIR/report/sweep.csv)");
  report->add_option("--json", a->json, "Write the table here (default: DIR/report/sweep.json)");
  report->add_flag("--no-plots", a->noPlots,
                   "Only the tables: no plots (gnuplot) and no page (default: both, into "
                   "DIR/report/plots and DIR/report/index.html)");
  Command cmd{c, nullptr};
  cmd.run = [a, plan, run, submit, status, collect]() {
    if (plan->parsed()) return planCommand(*a);
    if (run->parsed()) return runCommand(*a);
    if (submit->parsed()) return submitCommand(*a);
    if (status->parsed()) return statusCommand(*a);
    if (collect->parsed()) return collectCommand(*a);
    return reportCommand(*a);
  };
  return cmd;
}

} // namespace loom::cli
