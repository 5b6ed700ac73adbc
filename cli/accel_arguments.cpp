#include "cli/accel_arguments.h"

#include "lowering/lower.h"
#include "models/timing_json.h"
#include "sim/engine.h"

namespace loom::cli {

namespace {

// FUNC=FILE, or FILE alone for the one function --func names.
bool splitDfgSpec(const std::string& spec, const std::vector<std::string>& funcs, DfgFile& out) {
  size_t eq = spec.find('=');
  if (eq == std::string::npos) {
    if (funcs.size() != 1 || spec.empty()) return false;
    out = {funcs.front(), spec};
    return true;
  }
  if (eq == 0 || eq + 1 == spec.size()) return false;
  out = {spec.substr(0, eq), spec.substr(eq + 1)};
  return true;
}

} // namespace

std::optional<std::string> configureAccel(AccelOptions& a, const std::string& engine,
                                          const std::vector<std::string>& inject,
                                          const std::string& timingFile) {
  if (auto err = parseInjections(inject, a.inject)) return err;
  // verilator: the twins run the calls; the networks, elaborated for the event engine,
  // number the channels and serve the checks (host/accelerator.h).
  sim::EngineKind models = sim::EngineKind::Event;
  if (engine == "verilator")
    a.engine = CallEngineKind::Verilator;
  else if (sim::engineKindFromName(engine, models))
    a.engine = models == sim::EngineKind::Clocked ? CallEngineKind::Clocked : CallEngineKind::Event;
  else
    return "unknown --engine '" + engine + "' (event, clocked or verilator)";
  if (!timingFile.empty()) return models::readTimingFile(timingFile, a.timing);
  return std::nullopt;
}

std::optional<std::string> parseDfgSpecs(const std::vector<std::string>& specs,
                                         const std::vector<std::string>& funcs,
                                         std::vector<DfgFile>& out) {
  out.clear();
  for (const std::string& spec : specs) {
    DfgFile d;
    if (!splitDfgSpec(spec, funcs, d))
      return "--dfg '" + spec + "': expected FUNC=FILE, or FILE with one --func FUNC";
    out.push_back(d);
  }
  return std::nullopt;
}

std::vector<NamedPath> runInputs(const std::string& file, const std::string& timingFile,
                                 const std::vector<std::string>& dfgSpecs,
                                 const std::vector<std::string>& funcs) {
  std::vector<NamedPath> inputs{{"the input program", file}, {"the --timing file", timingFile}};
  for (const std::string& spec : dfgSpecs) {
    DfgFile d;
    if (splitDfgSpec(spec, funcs, d))
      inputs.push_back({"the --dfg " + d.function + " file", d.file});
  }
  return inputs;
}

} // namespace loom::cli
