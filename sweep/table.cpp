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
  auto figure = [&](const char* name, auto value) {
    row[name] = r ? nlohmann::json(value) : nlohmann::json(nullptr);
  };
  figure("exit_code", r ? r->exitCode : 0);
  figure("calls", r ? r->calls : 0);
  figure("cycles", r ? r->cycles : 0);
  figure("transfers", r ? r->transfers : 0);
  figure("input_stalls", r ? r->inputStalls : 0);
  figure("output_stalls", r ? r->outputStalls : 0);
  figure("findings", r ? r->findings : 0);
  figure("first_error", r ? r->firstError : "");
  figure("seconds", r ? r->seconds : 0.0);
  return row;
}

std::string csvValue(const nlohmann::json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return csvField(v.get<std::string>());
  return v.dump();
}

} // namespace

std::vector<std::string> tableColumns(const Plan& plan) {
  std::vector<std::string> c{"id", "kernel", "seed", "engine"};
  c.insert(c.end(), plan.parameters.begin(), plan.parameters.end());
  for (const char* name : {"verdict", "exit_code", "calls", "cycles", "transfers", "input_stalls",
                           "output_stalls", "findings", "first_error", "seconds"})
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

nlohmann::json tableJson(const Plan& plan, const Results& results) {
  nlohmann::json rows = nlohmann::json::array();
  for (const Task& t : plan.tasks)
    rows.push_back(rowOf(plan, t, results[t.id]));
  Counts c = countVerdicts(results);
  return {{"schema_version", 1},
          {"fingerprint", plan.fingerprint},
          {"columns", tableColumns(plan)},
          {"counts",
           {{"tasks", plan.tasks.size()},
            {"passed", c.pass},
            {"failed", c.fail},
            {"bad_input", c.error},
            {"crashed", c.crash},
            {"missing", c.missing}}},
          {"rows", std::move(rows)}};
}

} // namespace loom::sweep
