#include "host/run_summary.h"

#include "support/numbers.h"
#include "support/version.h"

namespace loom {

std::string summaryLine(const RunTally& t, double ms) {
  std::string roots;
  if (t.roots)
    roots = ", " + std::to_string(t.roots) + (t.roots == 1 ? " root cause" : " root causes");
  return t.calls + ", " + withCommas(t.cycles) + " cycles, " + withCommas(t.transfers) +
         " transfers, " + t.verdict + " (" + std::to_string(t.findings) + " finding(s)" + roots +
         "), " + withCommas(static_cast<uint64_t>(ms)) + " ms";
}

nlohmann::json reportHead(const std::string& command, const std::string& file,
                          const std::string& engine, bool passed, const std::string& summary) {
  nlohmann::json j;
  j["schema_version"] = kReportSchemaVersion;
  j["version"] = versionLine();
  j["command"] = command;
  j["file"] = file;
  j["engine"] = engine;
  j["passed"] = passed;
  j["summary"] = summary;
  return j;
}

nlohmann::json callJson(const harness::Report::Call& c) {
  return {{"function", c.function}, {"invocation", c.invocation}, {"start_cycle", c.startCycle},
          {"cycles", c.cycles},     {"latency", c.latency},       {"transfers", c.transfers},
          {"results", c.results},   {"passed", c.passed}};
}

void addFindings(nlohmann::json& j, const std::vector<harness::Finding>& findings,
                 const std::vector<harness::CauseGroup>& causes) {
  nlohmann::json fs = nlohmann::json::array();
  for (const harness::Finding& f : findings)
    fs.push_back(f.json());
  j["findings"] = fs;
  j["causes"] = harness::causesJson(findings, causes);
}

} // namespace loom
