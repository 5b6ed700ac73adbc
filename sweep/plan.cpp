// Expanding a manifest into tasks (sweep/plan.h).
#include "sweep/plan.h"

#include "models/timing_json.h"
#include "support/files.h"
#include "support/text.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <glob.h>
#include <sstream>

namespace loom::sweep {

namespace fs = std::filesystem;

namespace {

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << std::hex;
  os.width(16);
  os.fill('0');
  os << v;
  return os.str();
}

bool hasGlob(const std::string& s) {
  return s.find_first_of("*?[") != std::string::npos;
}

// The kernel files one pattern names, relative to the manifest's folder, sorted.
std::vector<std::string> kernelsOf(const std::string& folder, const std::string& pattern) {
  fs::path full = fs::path(pattern).is_absolute() ? fs::path(pattern) : fs::path(folder) / pattern;
  std::vector<std::string> found;
  std::error_code ec;
  if (!hasGlob(pattern)) {
    if (fs::is_directory(full, ec)) {
      for (const fs::directory_entry& e : fs::directory_iterator(full, ec))
        if (e.is_regular_file() && e.path().extension() == ".mlir")
          found.push_back((fs::path(pattern) / e.path().filename()).lexically_normal().string());
    } else if (fs::is_regular_file(full, ec))
      found.push_back(fs::path(pattern).lexically_normal().string());
  } else {
    glob_t g{};
    if (glob(full.string().c_str(), 0, nullptr, &g) == 0)
      for (size_t i = 0; i < g.gl_pathc; ++i)
        if (fs::is_regular_file(g.gl_pathv[i], ec)) {
          fs::path p(g.gl_pathv[i]);
          found.push_back(fs::path(pattern).is_absolute()
                              ? p.lexically_normal().string()
                              : p.lexically_relative(folder).lexically_normal().string());
        }
    globfree(&g);
  }
  std::sort(found.begin(), found.end());
  return found;
}

// Every combination of the axes' values, the first axis slowest.
std::vector<std::vector<int>> gridPoints(const std::vector<Axis>& grid) {
  std::vector<std::vector<int>> points{{}};
  for (const Axis& a : grid) {
    std::vector<std::vector<int>> next;
    for (const std::vector<int>& p : points)
      for (int v : a.values) {
        next.push_back(p);
        next.back().push_back(v);
      }
    points = std::move(next);
  }
  return points;
}

std::string fingerprintOf(const Manifest& m, const Plan& p) {
  nlohmann::json j = planJson(m, p);
  j.erase("fingerprint");
  j.erase("manifest");
  uint64_t h = fnv1a(j.dump());
  for (const Task& t : p.tasks)
    if (t.seed == std::nullopt && t.point == 0 && t.engine == m.engines.front())
      h = fnv1a(readFileText((fs::path(m.folder) / t.kernel).string()), h);
  return hex(h);
}

} // namespace

std::optional<ManifestError> makePlan(const Manifest& m, Plan& out) {
  out = Plan{};
  for (const Axis& a : m.grid)
    out.parameters.push_back(a.field);
  out.points = gridPoints(m.grid);
  out.generatorSize = m.generatorSize;
  out.mode = m.mode;
  std::vector<std::string> kernels;
  for (const KernelPattern& k : m.kernels) {
    std::vector<std::string> found = kernelsOf(m.folder, k.pattern);
    if (found.empty())
      return ManifestError{k.where, "'" + k.pattern + "' names no kernel (from " + m.folder +
                                        (hasGlob(k.pattern) ? ", no file matches" : "") + ")"};
    for (std::string& f : found)
      if (std::find(kernels.begin(), kernels.end(), f) == kernels.end())
        kernels.push_back(std::move(f));
  }
  auto add = [&](const std::string& kernel, std::optional<uint64_t> seed) {
    for (size_t point = 0; point < out.points.size(); ++point)
      for (const std::string& engine : m.engines)
        out.tasks.push_back({out.tasks.size(), kernel, seed, engine, point});
  };
  for (const std::string& k : kernels)
    add(k, std::nullopt);
  for (uint64_t seed : m.seeds)
    add("", seed);
  out.fingerprint = fingerprintOf(m, out);
  return std::nullopt;
}

std::optional<std::string> chunkTasks(const std::string& spec, size_t tasks, size_t& first,
                                      size_t& end) {
  first = 0, end = tasks;
  if (spec.empty()) return std::nullopt;
  size_t slash = spec.find('/');
  unsigned long i = 0, n = 0;
  try {
    size_t used = 0;
    i = std::stoul(spec.substr(0, slash), &used);
    if (slash == std::string::npos || used != slash) throw std::invalid_argument(spec);
    n = std::stoul(spec.substr(slash + 1), &used);
    if (used != spec.size() - slash - 1) throw std::invalid_argument(spec);
  } catch (const std::exception&) {
    return "--chunk '" + spec + "': expected I/N, chunk I (from 0) of N";
  }
  if (n == 0 || i >= n) return "--chunk '" + spec + "': chunk I of N needs 0 <= I < N";
  first = tasks * i / n, end = tasks * (i + 1) / n;
  return std::nullopt;
}

std::vector<std::vector<size_t>> makeBatches(const std::vector<size_t>& todo, size_t size,
                                             unsigned jobs) {
  if (todo.empty()) return {};
  size_t n = std::max<size_t>(jobs, 1), most = std::max<size_t>(size, 1);
  // As few batches as `size` allows, but a whole number of rounds of `jobs` processes.
  size_t count = (todo.size() + most - 1) / most;
  count = std::min(todo.size(), (count + n - 1) / n * n);
  std::vector<std::vector<size_t>> batches(count);
  for (size_t b = 0; b < count; ++b)
    batches[b].assign(todo.begin() + todo.size() * b / count,
                      todo.begin() + todo.size() * (b + 1) / count);
  return batches;
}

std::string programName(const Task& t) {
  return t.seed ? "seed:" + std::to_string(*t.seed) : t.kernel;
}

std::string pointText(const Plan& p, size_t point) {
  std::string s;
  for (size_t i = 0; i < p.parameters.size(); ++i)
    s += (i ? " " : "") + p.parameters[i] + "=" + std::to_string(p.points[point][i]);
  return s;
}

models::TimingConfig pointTiming(const Manifest& m, const Plan& p, size_t point) {
  models::TimingConfig t = m.base;
  for (size_t i = 0; i < p.parameters.size(); ++i)
    for (const models::TimingField& f : models::timingFields())
      if (p.parameters[i] == f.key) t.*f.member = p.points[point][i];
  return t;
}

nlohmann::json planJson(const Manifest& m, const Plan& p) {
  nlohmann::json tasks = nlohmann::json::array();
  for (const Task& t : p.tasks) {
    nlohmann::json j{{"id", t.id}, {"engine", t.engine}, {"point", t.point}};
    if (t.seed)
      j["seed"] = *t.seed;
    else
      j["kernel"] = t.kernel;
    tasks.push_back(std::move(j));
  }
  nlohmann::json j{{"schema_version", 1},
                   {"manifest", m.path},
                   {"fingerprint", p.fingerprint},
                   {"base_timing", nlohmann::json::parse(models::writeTimingJson(m.base))},
                   {"checks", m.checks},
                   {"max_cycles", m.maxCycles},
                   {"generator_size", p.generatorSize},
                   {"parameters", p.parameters},
                   {"points", p.points},
                   {"tasks", std::move(tasks)}};
  // Only a mutation sweep says its mode: a run sweep's plan, and so its fingerprint, stay
  // as they were before there were modes, and its folder resumes.
  if (p.mode != "run") {
    j["mode"] = p.mode;
    j["mutate_operators"] = m.mutateOperators;
  }
  return j;
}

std::optional<std::string> planFromJson(const nlohmann::json& j, Plan& out) {
  try {
    if (j.at("schema_version").get<int>() != 1) return "schema_version is not 1";
    out = Plan{};
    out.fingerprint = j.at("fingerprint").get<std::string>();
    out.generatorSize = j.at("generator_size").get<std::string>();
    out.mode = j.value("mode", std::string("run"));
    out.parameters = j.at("parameters").get<std::vector<std::string>>();
    out.points = j.at("points").get<std::vector<std::vector<int>>>();
    for (const nlohmann::json& t : j.at("tasks")) {
      Task task;
      task.id = t.at("id").get<size_t>();
      task.engine = t.at("engine").get<std::string>();
      task.point = t.at("point").get<size_t>();
      if (t.contains("seed"))
        task.seed = t.at("seed").get<uint64_t>();
      else
        task.kernel = t.at("kernel").get<std::string>();
      if (task.id != out.tasks.size() || task.point >= out.points.size())
        return "task " + std::to_string(out.tasks.size()) + " is out of place";
      out.tasks.push_back(std::move(task));
    }
  } catch (const nlohmann::json::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

} // namespace loom::sweep
