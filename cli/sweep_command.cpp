// `loom-sim sweep plan|run|status|report`: a manifest's tasks run on this machine, each
// as `loom-sim run` runs one kernel (or, in a mutation sweep, as `loom-sim mutate` runs a
// campaign on it), their results kept one file per task, and merged into one table
// (docs/sweeps.md).
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
#include <filesystem>
#include <map>
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
  std::string csv, json;       // report outputs (default DIR/report/sweep.csv and .json)
  bool noPlots = false;        // report: the tables only, without gnuplot
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
  std::cout << planShape(m, plan) << "\n";
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

// Runs one task as `loom-sim run` would: its exit code, its figures in `r`.
int runRunTask(const SweepDir& dir, const Manifest& m, const Task& t, TaskResult& r) {
  RunArgs a;
  a.file = programFile(dir, m, t);
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
int runCampaignTask(const SweepDir& dir, const Manifest& m, const Task& t, TaskResult& r) {
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
  LoadedProgram prog = loadProgram(c.file);
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

// In a child process: runs one task, and writes its result.
int runTask(const SweepDir& dir, const Manifest& m, const Task& t) {
  auto t0 = std::chrono::steady_clock::now();
  TaskResult r;
  int rc = m.mode == "mutate" ? runCampaignTask(dir, m, t, r) : runRunTask(dir, m, t, r);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.id = t.id;
  r.exitCode = rc;
  r.verdict = verdictOf(rc);
  if (rc != kOk && r.firstError.empty()) r.firstError = loggedError("");
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
  auto work = [&](size_t i, const std::string&) { return runTask(dir, m, plan.tasks[todo[i]]); };
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
  CLI::App* run = c->add_subcommand(
      "run", "Run the manifest's tasks here, each in a process of its own; again, only the "
             "missing ones");
  run->add_option("manifest", a->manifest, "The sweep's manifest file (TOML)")->required();
  run->add_option("--out", a->out, "The sweep's directory: its plan, and a result file per task")
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
