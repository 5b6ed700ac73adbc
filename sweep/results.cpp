// A sweep's folder and its results (sweep/results.h).
#include "sweep/results.h"

#include "models/timing_json.h"
#include "support/files.h"
#include "sweep/json_fields.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace loom::sweep {

namespace fs = std::filesystem;

namespace {

// TaskResult's fields in its JSON form, in the order they are read. Results written
// before mutation sweeps have no campaign figures: they read as 0.
const auto kTaskResultFields = std::make_tuple(
    requiredField("id", &TaskResult::id), requiredField("verdict", &TaskResult::verdict),
    requiredField("exit_code", &TaskResult::exitCode), requiredField("signal", &TaskResult::signal),
    requiredField("calls", &TaskResult::calls), requiredField("cycles", &TaskResult::cycles),
    requiredField("transfers", &TaskResult::transfers),
    requiredField("input_stalls", &TaskResult::inputStalls),
    requiredField("output_stalls", &TaskResult::outputStalls),
    requiredField("findings", &TaskResult::findings),
    optionalField("mutants", &TaskResult::mutants),
    optionalField("caught_static", &TaskResult::caughtStatic),
    optionalField("caught_runtime", &TaskResult::caughtRuntime),
    optionalField("wrong_uncaught", &TaskResult::wrongUncaught),
    optionalField("harmless", &TaskResult::harmless),
    optionalField("timeout", &TaskResult::timeout),
    optionalField("mutant_errors", &TaskResult::mutantErrors),
    optionalField("false_findings", &TaskResult::falseFindings),
    requiredField("first_error", &TaskResult::firstError),
    requiredField("seconds", &TaskResult::seconds));

} // namespace

void to_json(nlohmann::json& j, const TaskResult& r) {
  writeFields(j, r, kTaskResultFields);
}

void from_json(const nlohmann::json& j, TaskResult& r) {
  readFields(j, r, kTaskResultFields);
}

bool needsRun(const std::optional<TaskResult>& r, bool failing) {
  if (!r || r->verdict == "CRASH") return true;
  return failing && r->verdict != "PASS";
}

namespace {

std::string padded(size_t n) {
  std::string s = std::to_string(n);
  return std::string(s.size() < 6 ? 6 - s.size() : 0, '0') + s;
}

} // namespace

std::string SweepDir::pointFile(size_t point) const {
  return root + "/points/p" + std::to_string(point) + ".json";
}
std::string SweepDir::programFile(uint64_t seed) const {
  return root + "/programs/seed-" + std::to_string(seed) + ".mlir";
}
std::string SweepDir::resultFile(size_t task) const {
  return resultsDir() + "/" + padded(task) + ".json";
}
std::string SweepDir::campaignFile(size_t task) const {
  return resultsDir() + "/" + padded(task) + ".mutation.json";
}

std::optional<std::string> writeAtomically(const std::string& path, const std::string& text) {
  fs::path p(path);
  std::string tmp =
      (p.parent_path() / ("." + p.filename().string() + "." + std::to_string(::getpid()) + ".tmp"))
          .string();
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write '" + tmp + "': " + std::strerror(errno);
    out << text;
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      return "cannot write '" + tmp + "' to its end (disk full?)";
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    return "cannot rename '" + tmp + "' to '" + path + "': " + why;
  }
  return std::nullopt;
}

std::optional<TaskResult> readResult(const SweepDir& dir, size_t id) {
  std::string path = dir.resultFile(id);
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  try {
    TaskResult r = nlohmann::json::parse(readFileText(path)).get<TaskResult>();
    if (r.id == id) return r;
  } catch (const nlohmann::json::exception&) {
    // not a result (written by something else): the task runs again and replaces it
  }
  return std::nullopt;
}

std::vector<std::optional<TaskResult>> readResults(const SweepDir& dir, const Plan& plan) {
  std::vector<std::optional<TaskResult>> out(plan.tasks.size());
  for (const Task& t : plan.tasks)
    out[t.id] = readResult(dir, t.id);
  return out;
}

std::optional<std::string> readSweepDir(const SweepDir& dir, Plan& plan) {
  std::error_code ec;
  if (!fs::is_regular_file(dir.planFile(), ec))
    return "'" + dir.root + "' is not a sweep's folder (it has no sweep.json)";
  try {
    if (auto err = planFromJson(nlohmann::json::parse(readFileText(dir.planFile())), plan))
      return dir.planFile() + ": not a sweep plan: " + *err;
  } catch (const nlohmann::json::exception& e) {
    return dir.planFile() + ": not a sweep plan: " + e.what();
  }
  return std::nullopt;
}

std::optional<std::string> openSweepDir(const SweepDir& dir, const Manifest& m, const Plan& plan) {
  std::error_code ec;
  if (fs::exists(dir.planFile(), ec)) {
    Plan old;
    if (auto err = readSweepDir(dir, old)) return err;
    if (old.fingerprint != plan.fingerprint) {
      size_t done = 0;
      for (const auto& r : readResults(dir, old))
        done += r.has_value();
      return "'" + dir.root + "' holds another sweep's results (" +
             std::to_string(old.tasks.size()) + " tasks, " + std::to_string(done) +
             " done): its plan differs from " + m.path +
             "'s (a kernel, the grid, the engines or the options changed); name another "
             "folder, or remove that one";
    }
    return std::nullopt;
  }
  if (fs::exists(dir.root, ec) && !fs::is_directory(dir.root, ec))
    return "'" + dir.root + "' is a file, not a folder";
  if (fs::is_directory(dir.root, ec) && !fs::is_empty(dir.root, ec))
    return "'" + dir.root +
           "' is not empty and holds no sweep (no sweep.json): name a new or "
           "empty folder";
  for (const char* sub : {"points", "programs", "results"}) {
    fs::create_directories(fs::path(dir.root) / sub, ec);
    if (ec) return "cannot make '" + dir.root + "/" + sub + "': " + ec.message();
  }
  for (size_t p = 0; p < plan.points.size(); ++p)
    if (auto err =
            writeAtomically(dir.pointFile(p), models::writeTimingJson(pointTiming(m, plan, p))))
      return err;
  // sweep.json last: a folder with it is complete.
  return writeAtomically(dir.planFile(), planJson(m, plan).dump(1) + "\n");
}

} // namespace loom::sweep
