// A sweep as a Slurm job array (sweep/slurm.h).
#include "sweep/slurm.h"

#include "sweep/json_fields.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace loom::sweep {

namespace fs = std::filesystem;

namespace {

const auto kSlurmOptionsFields = std::make_tuple(
    requiredField("partition", &SlurmOptions::partition),
    requiredField("time", &SlurmOptions::time), requiredField("mem", &SlurmOptions::mem),
    requiredField("cpus_per_task", &SlurmOptions::cpusPerTask),
    requiredField("max_parallel", &SlurmOptions::maxParallel),
    requiredField("sbatch_args", &SlurmOptions::sbatchArgs),
    optionalField("batch", &SlurmOptions::batch));

const auto kSubmissionFields = std::make_tuple(requiredField("job", &Submission::job),
                                               requiredField("elements", &Submission::elements));

} // namespace

void to_json(nlohmann::json& j, const SlurmOptions& o) {
  writeFields(j, o, kSlurmOptionsFields);
}

void from_json(const nlohmann::json& j, SlurmOptions& o) {
  readFields(j, o, kSlurmOptionsFields);
}

std::string slurmStatePath(const SweepDir& dir) {
  return dir.root + "/slurm/array.json";
}

std::optional<std::string> readSlurmState(const SweepDir& dir, SlurmState& out) {
  out = SlurmState{};
  std::string path = slurmStatePath(dir);
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  try {
    nlohmann::json j = nlohmann::json::parse(text.str());
    j.at("chunks").get_to(out.chunks);
    j.at("options").get_to(out.options);
    for (const nlohmann::json& s : j.at("submissions")) {
      Submission x;
      readFields(s, x, kSubmissionFields);
      out.submissions.push_back(std::move(x));
    }
  } catch (const nlohmann::json::exception& e) {
    return path + ": not a sweep's Slurm state: " + e.what();
  }
  return std::nullopt;
}

std::optional<std::string> writeSlurmState(const SweepDir& dir, const SlurmState& s) {
  nlohmann::json subs = nlohmann::json::array();
  for (const Submission& x : s.submissions)
    writeFields(subs.emplace_back(), x, kSubmissionFields);
  nlohmann::json j{{"chunks", s.chunks}, {"options", s.options}, {"submissions", subs}};
  return writeAtomically(slurmStatePath(dir), j.dump(1) + "\n");
}

std::vector<size_t> chunksToRun(const Plan& plan, const std::vector<std::optional<TaskResult>>& r,
                                size_t chunks, bool failing) {
  std::vector<size_t> out;
  for (size_t c = 0; c < chunks; ++c) {
    size_t first = plan.tasks.size() * c / chunks, end = plan.tasks.size() * (c + 1) / chunks;
    for (size_t id = first; id < end; ++id)
      if (needsRun(r[id], failing)) {
        out.push_back(c);
        break;
      }
  }
  return out;
}

std::string elementList(const std::vector<size_t>& chunks) {
  std::string s;
  for (size_t i = 0; i < chunks.size();) {
    size_t j = i;
    while (j + 1 < chunks.size() && chunks[j + 1] == chunks[j] + 1)
      ++j;
    s += (s.empty() ? "" : ",") + std::to_string(chunks[i]) +
         (j > i ? "-" + std::to_string(chunks[j]) : "");
    i = j + 1;
  }
  return s;
}

namespace {

// A word for bash, in single quotes (a path may hold spaces or '$').
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

} // namespace

std::string jobScriptText(const JobScript& j) {
  const SlurmOptions& o = j.options;
  std::string logs = j.out + "/slurm/logs";
  std::string s = "#!/bin/bash\n"
                  "# A loom-sim sweep's array element: chunk $SLURM_ARRAY_TASK_ID of " +
                  std::to_string(j.chunks) +
                  " (written by `loom-sim sweep submit`; docs/sweeps.md).\n"
                  "#SBATCH --job-name=loom-sweep\n"
                  "#SBATCH --output=" +
                  logs + "/%A_%a.out\n#SBATCH --time=" + o.time + "\n#SBATCH --mem=" + o.mem +
                  "\n#SBATCH --cpus-per-task=" + std::to_string(o.cpusPerTask) + "\n";
  if (!o.partition.empty()) s += "#SBATCH --partition=" + o.partition + "\n";
  s += "set -e\ncd " + quoted(j.workDir) + "\nexec " + quoted(j.loomSim) + " sweep run " +
       quoted(j.manifest) + " --out " + quoted(j.out) + " --chunk \"$SLURM_ARRAY_TASK_ID/" +
       std::to_string(j.chunks) + "\" -j \"${SLURM_CPUS_PER_TASK:-1}\"" +
       (o.batch ? " --batch " + std::to_string(o.batch) : "") + "\n";
  return s;
}

std::map<size_t, std::string> parseSqueue(const std::string& text,
                                          const std::vector<Submission>& submissions) {
  std::map<size_t, std::string> out;
  // Later submissions override earlier ones: walk them in order.
  for (const Submission& sub : submissions) {
    std::istringstream in(text);
    for (std::string id, state; in >> id >> state;) {
      if (id.rfind(sub.job + "_", 0) != 0) continue;
      std::string index = id.substr(sub.job.size() + 1);
      if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos)
        continue; // "_[3-5%1]": a pending range not yet split (squeue -r splits them)
      out[std::stoul(index)] = state;
    }
  }
  return out;
}

bool isQueued(const std::string& state) {
  for (const char* s : {"PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "REQUEUED", "RESIZING",
                        "SUSPENDED", "STAGE_OUT", "SIGNALING", "REQUEUE_HOLD", "REQUEUE_FED"})
    if (state == s) return true;
  return false;
}

} // namespace loom::sweep
