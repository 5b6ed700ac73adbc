// The merged table of a sweep (sweep/table.h).
#include "sweep/table.h"

#include "support/text.h"

namespace loom::sweep {

namespace {

// RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled.
std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s)
    q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

const std::vector<std::string> kRunFigures{"calls",        "cycles",        "transfers",
                                           "input_stalls", "output_stalls", "findings"};
const std::vector<std::string> kCampaignFigures{"mutants",        "caught_static", "caught_runtime",
                                                "wrong_uncaught", "harmless",      "timeout",
                                                "mutant_errors",  "false_findings"};

// The columns of a task's result after its verdict, as TaskResult's JSON names them.
std::vector<std::string> resultColumns(const Plan& plan) {
  std::vector<std::string> c{"exit_code"};
  for (const std::string& f : figureColumns(plan))
    c.push_back(f);
  c.push_back("first_error");
  c.push_back("seconds");
  return c;
}

// One row's values, by column, as JSON values (null where a missing task has none).
nlohmann::json rowOf(const Plan& plan, const Task& t, const std::optional<TaskResult>& r) {
  nlohmann::json row;
  row["id"] = t.id;
  row["kernel"] = t.seed ? nlohmann::json(nullptr) : nlohmann::json(t.kernel);
  row["seed"] = t.seed ? nlohmann::json(*t.seed) : nlohmann::json(nullptr);
  row["engine"] = t.engine;
  for (size_t i = 0; i < plan.parameters.size(); ++i)
    row[plan.parameters[i]] = plan.points[t.point][i];
  row["verdict"] = r ? r->verdict : "MISSING";
  nlohmann::json result = r ? nlohmann::json(*r) : nlohmann::json::object();
  for (const std::string& c : resultColumns(plan))
    row[c] = r ? result.at(c) : nlohmann::json(nullptr);
  return row;
}

std::string csvValue(const nlohmann::json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return csvField(v.get<std::string>());
  return v.dump();
}

} // namespace

std::vector<std::string> figureColumns(const Plan& plan) {
  return plan.mode == "mutate" ? kCampaignFigures : kRunFigures;
}

std::vector<std::string> tableColumns(const Plan& plan) {
  std::vector<std::string> c{"id", "kernel", "seed", "engine"};
  c.insert(c.end(), plan.parameters.begin(), plan.parameters.end());
  c.push_back("verdict");
  for (const std::string& name : resultColumns(plan))
    c.push_back(name);
  return c;
}

std::string tableCsv(const Plan& plan, const Results& results) {
  std::vector<std::string> columns = tableColumns(plan);
  std::string out;
  for (size_t i = 0; i < columns.size(); ++i)
    out += (i ? "," : "") + columns[i];
  out += "\n";
  for (const Task& t : plan.tasks) {
    nlohmann::json row = rowOf(plan, t, results[t.id]);
    for (size_t i = 0; i < columns.size(); ++i)
      out += (i ? "," : "") + csvValue(row[columns[i]]);
    out += "\n";
  }
  return out;
}

Counts countVerdicts(const Results& results) {
  Counts c;
  for (const std::optional<TaskResult>& r : results) {
    if (!r)
      ++c.missing;
    else if (r->verdict == "PASS")
      ++c.pass;
    else if (r->verdict == "FAIL")
      ++c.fail;
    else if (r->verdict == "ERROR")
      ++c.error;
    else
      ++c.crash;
  }
  return c;
}

std::string countsLine(const Counts& c) {
  return plural(c.done() + c.missing, "task") + ": " + std::to_string(c.pass) + " passed, " +
         std::to_string(c.fail) + " failed, " + std::to_string(c.error) + " bad input, " +
         std::to_string(c.crash) + " crashed, " + std::to_string(c.missing) + " missing";
}

std::vector<std::pair<std::string, uint64_t>> mutantTotals(const Results& results) {
  std::vector<std::pair<std::string, uint64_t>> totals;
  for (const std::string& c : kCampaignFigures)
    totals.emplace_back(c, 0);
  for (const std::optional<TaskResult>& r : results) {
    if (!r) continue;
    nlohmann::json j = *r;
    for (auto& [column, total] : totals)
      total += j.at(column).get<uint64_t>();
  }
  return totals;
}

std::string mutantsLine(const Results& results) {
  std::vector<std::pair<std::string, uint64_t>> totals = mutantTotals(results);
  // The mutants, then the classes, then the false findings, which are not a class.
  std::string line = plural(totals.front().second, "mutant") + ": ";
  for (size_t i = 1; i + 1 < totals.size(); ++i)
    line += (i > 1 ? ", " : "") + std::to_string(totals[i].second) + " " + totals[i].first;
  return line + "; " + std::to_string(totals.back().second) + " " + totals.back().first;
}

nlohmann::json tableJson(const Plan& plan, const Results& results) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Task& t : plan.tasks)
    rows.push_back(rowOf(plan, t, results[t.id]));
  Counts c = countVerdicts(results);
  nlohmann::json counts{{"tasks", plan.tasks.size()}, {"passed", c.pass},   {"failed", c.fail},
                        {"bad_input", c.error},       {"crashed", c.crash}, {"missing", c.missing}};
  if (plan.mode == "mutate")
    for (const auto& [column, total] : mutantTotals(results))
      counts["mutants"][column] = total;
  return {{"schema_version", 1},
          {"fingerprint", plan.fingerprint},
          {"columns", tableColumns(plan)},
          {"counts", std::move(counts)},
          {"rows", std::move(rows)}};
}

} // namespace loom::sweep
