#include "cli/run_command.h"

#include "interp/interpreter.h"
#include "ir/printer.h"
#include "frontend/parse.h"
#include "frontend/upgrade.h"
#include "ir/verify/verifier.h"
#include "models/timing_json.h"
#include "host/accelerator.h"
#include "cli/output_paths.h"
#include "traces/tracer.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

namespace loom {

namespace {

void printDiag(const Diag& d) { std::cerr << d.str() << std::endl; }

// Parses and verifies; prints the diagnostic and returns null on bad input.
std::unique_ptr<Module> load(const std::string& file) {
  ParseResult parsed = parseFile(file);
  for (const Diag& n : parsed.notes) std::cerr << n.str("note") << std::endl;
  if (parsed.error) {
    printDiag(*parsed.error);
    return nullptr;
  }
  if (auto err = verifyModule(*parsed.module)) {
    printDiag(*err);
    return nullptr;
  }
  return std::move(parsed.module);
}

std::string withCommas(uint64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<size_t>(i), ",");
  return s;
}

// Op firings and engine evaluations of every accelerated network over the run.
std::pair<uint64_t, uint64_t> workDone(Accelerator& accel) {
  uint64_t firings = 0, evaluations = 0;
  for (const std::string& name : accel.functions()) {
    sim::Network& net = *accel.network(name);
    net.engine().flushStats();
    for (uint32_t i = 0; i < net.circuit().numOps(); ++i) firings += net.circuit().op(i).stats().firings;
    evaluations += net.engine().evaluations();
  }
  return {firings, evaluations};
}

void writeReport(const std::string& path, const harness::Report& r, const RunOptions& o, bool ok,
                 Accelerator& accel, double totalSeconds) {
  nlohmann::json j;
  j["file"] = o.file;
  j["entry"] = o.entry;
  j["engine"] = o.engine;
  j["passed"] = ok;
  nlohmann::json calls = nlohmann::json::array();
  for (const auto& c : r.calls)
    calls.push_back({{"function", c.function}, {"invocation", c.invocation}, {"start_cycle", c.startCycle},
                     {"cycles", c.cycles}, {"latency", c.latency}, {"transfers", c.transfers}, {"results", c.results},
                     {"passed", c.passed}, {"loops", c.loops}});
  j["calls"] = calls;
  nlohmann::json fs = nlohmann::json::array();
  for (const auto& f : r.findings) fs.push_back(f.json());
  j["findings"] = fs;
  auto [firings, evaluations] = workDone(accel);
  j["firings"] = firings;
  j["evaluations"] = evaluations;
  // Where the time went (process CPU time, ms); "host" is the rest: parsing, the
  // entry function in the interpreter, traces.
  const Accelerator::PhaseTimes& t = accel.times();
  auto ms = [](double s) { return std::round(s * 1e4) / 10; };
  j["time"] = {{"total_ms", ms(totalSeconds)},  {"lower_ms", ms(t.lower)},
               {"elaborate_ms", ms(t.elaborate)}, {"golden_ms", ms(t.golden)},
               {"simulate_ms", ms(t.simulate)},   {"checks_ms", ms(t.checks)},
               {"host_ms", ms(totalSeconds - t.lower - t.elaborate - t.golden - t.simulate - t.checks)}};
  std::ofstream out(path);
  out << j.dump(2) << "\n";
}

} // namespace

int checkCommand(const std::string& file, bool print) {
  if (refusesOutputs({{"the input program", file}}, {print ? stdoutPath() : NamedPath{}})) return 2;
  auto mod = load(file);
  if (!mod) return 2;
  if (print) printModule(*mod, std::cout);
  return 0;
}

int upgradeCommand(const std::string& file, const std::string& out) {
  if (refusesOutputs({{"the input program", file}},
                     {{"-o", out}, out.empty() ? stdoutPath() : NamedPath{}}))
    return 2;
  std::ifstream in(file, std::ios::binary);
  if (!in) return printDiag({Loc{std::make_shared<const std::string>(file), 0, 0}, "cannot open file"}), 2;
  std::stringstream ss;
  ss << in.rdbuf();
  Upgraded up = upgradeMlir14(ss.str());
  // The result must be a program MLIR 22 reads: check it before writing anything.
  ParseResult check = parseModule(up.text, file);
  if (check.error) {
    Diag d = *check.error;
    if (d.loc.line) d.loc.col = originalColumn(up, d.loc.line, d.loc.col);
    printDiag(d);
    return 2;
  }
  for (const std::string& c : up.changes) std::cerr << "upgraded: " << c << "\n";
  if (up.changes.empty()) std::cerr << "loom-sim: " << file << " is already in the current spelling\n";
  if (out.empty()) {
    std::cout << up.text;
    return 0;
  }
  std::ofstream o(out, std::ios::binary);
  if (!(o << up.text) || !o.flush()) {
    std::cerr << "loom-sim: error: cannot write '" << out << "'\n";
    return 1;
  }
  return 0;
}

int timingCommand(bool defaults, const std::string& file) {
  if (refusesOutputs({{"the --timing file", file}}, {stdoutPath()})) return 2;
  models::TimingConfig t;
  if (!file.empty()) {
    if (auto err = models::readTimingFile(file, t)) {
      std::cerr << "loom-sim: error: " << *err << "\n";
      return 2;
    }
  } else if (!defaults) {
    std::cerr << "loom-sim timing: give --defaults or --check FILE\n";
    return 2;
  }
  std::cout << models::writeTimingJson(t);
  return 0;
}

int runCommand(const RunOptions& opts) {
  auto t0 = std::chrono::steady_clock::now();
  // Every file the command reads, and every file it writes (a new output is one more line).
  if (refusesOutputs({{"the input program", opts.file}, {"the --timing file", opts.timingFile}},
                     {{"--report", opts.reportFile},
                      {"--vcd", opts.vcdFile},
                      {"--stats", opts.statsFile},
                      {"--tokens", opts.tokensFile},
                      stdoutPath()}))
    return 2;
  auto mod = load(opts.file);
  if (!mod) return 2;
  const Function* entry = mod->lookup(opts.entry);
  if (!entry || entry->isDeclaration) {
    std::cerr << opts.file << ":0:0: error: no function '@" << opts.entry << "' to run\n";
    return 2;
  }
  if (!entry->argTypes.empty()) {
    std::cerr << entry->loc.where() << ": error: entry function '@" << opts.entry << "' must take no arguments\n";
    return 2;
  }
  spdlog::info("parsed {} ({} functions, {} ops)", opts.file, mod->functions.size(), mod->numOps);

  Interpreter interp(*mod, std::cout);
  interp.setStepLimit(opts.maxSteps);
  std::unique_ptr<Accelerator> accel;
  std::unique_ptr<traces::Tracer> tracer;
  if (!opts.noAccel) {
    AccelOptions ao;
    ao.entry = opts.entry;
    ao.accel = opts.accel;
    ao.maxCycles = opts.maxCycles;
    ao.checks = !opts.noChecks;
    ao.systemc = opts.systemc;
    for (const std::string& n : opts.inject) {
      Injection i;
      if (!injectionFromName(n, i)) {
        std::cerr << "loom-sim: error: unknown --inject mode '" << n << "'\n";
        return 2;
      }
      ao.inject.insert(i);
    }
    if (!sim::engineKindFromName(opts.engine, ao.engine)) {
      std::cerr << "loom-sim: error: unknown --engine '" << opts.engine << "' (clocked or event)\n";
      return 2;
    }
    if (!opts.timingFile.empty())
      if (auto err = models::readTimingFile(opts.timingFile, ao.timing)) {
        std::cerr << "loom-sim: error: " << *err << "\n";
        return 2;
      }
    accel = std::make_unique<Accelerator>(*mod, interp, ao);
    if (auto err = accel->prepare()) {
      printDiag(*err);
      return 2;
    }
    interp.setCallHook([&](const Op& site, const Function& f, std::vector<RtValue>& args,
                           std::optional<Diag>& error) { return accel->call(site, f, args, error); });
    traces::TraceOptions to;
    to.vcd = opts.vcdFile;
    to.stats = opts.statsFile;
    to.tokens = opts.tokensFile;
    tracer = std::make_unique<traces::Tracer>(to);
    if (auto err = tracer->open()) {
      std::cerr << "loom-sim: error: " << *err << "\n";
      return 2;
    }
    for (const std::string& name : accel->functions())
      tracer->addNetwork(traces::TracedNetwork::of(*accel->graph(name), *accel->elaboration(name)));
  }

  CallResult r = interp.call(*entry, {});
  std::cout.flush();
  bool ok = !r.error;
  if (tracer)
    if (auto err = tracer->finish()) {
      std::cerr << "loom-sim: error: " << *err << "\n";
      ok = false;
    }
  if (accel) {
    const harness::Report& rep = accel->report();
    for (const auto& f : rep.findings) std::cerr << f.text();
    ok = ok && !rep.failed();
    uint64_t transfers = 0;
    for (const auto& c : rep.calls) transfers += c.transfers;
    auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::cerr << "loom-sim: " << rep.calls.size() << " accelerated call(s), " << withCommas(accel->totalCycles())
              << " cycles, " << withCommas(transfers) << " transfers, "
              << (ok ? "all checks passed" : r.error && rep.findings.empty() ? "stopped by a runtime error" : "FAILED")
              << " (" << rep.findings.size() << " finding(s)), " << static_cast<int>(ms) << " ms\n";
    if (!opts.reportFile.empty())
      writeReport(opts.reportFile, rep, opts, ok, *accel, static_cast<double>(std::clock()) / CLOCKS_PER_SEC);
  }
  if (r.error) {
    printDiag(*r.error);
    return 1;
  }
  return ok ? 0 : 1;
}

} // namespace loom
