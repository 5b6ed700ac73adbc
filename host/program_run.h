// A whole run of a program, as `loom-sim run` does it, for a user's own driver: load
// and verify the file, run the entry function in the reference interpreter with every
// accelerated call on its dataflow network (host/accelerator.h), traces attached, and
// the harness' report at the end. The command line (cli/run_command.cpp) only maps its
// options onto RunSettings and prints what this returns.
//
//   auto prog = loom::loadProgram("kernels/gemm.mlir");      // parse + verify
//   loom::RunSettings s;                                      // defaults of `run`
//   loom::ProgramRun run(*prog.module, s, std::cout);
//   if (auto err = run.prepare()) ...                         // bad input: exit 2
//   loom::RunOutcome out = run.run();                         // exit out.exitCode()
#pragma once

#include "harness/causes.h"
#include "harness/mistakes.h"
#include "host/accelerator.h"
#include "support/numbers.h"
#include "traces/tracer.h"

#include <iosfwd>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// A parsed and verified program, or the diagnostic that stopped it (and MLIR's notes).
// A program LOOM compiled (docs/loom.md "LOOM's programs") comes with its networks: each
// handshake.esi_instance of it runs one.
struct LoadedProgram {
  std::unique_ptr<Module> module; // null on error
  std::optional<Diag> error;
  std::vector<Diag> notes; // printed as notes before the error (or on success: upgrades)
  std::map<std::string, dfg::Graph> networks; // by handshake.func name
};
LoadedProgram loadProgram(const std::string& file);

// A network read from a file for a function of the program (`--dfg FUNC=FILE`).
struct DfgFile {
  std::string function, file;
};

struct RunSettings {
  std::string entry = "main";
  bool accelerate = true;          // false: everything in the interpreter (--no-accel)
  uint64_t maxSteps = 400'000'000; // interpreted operations; docs/design.md "Limits"
  AccelOptions accel;              // which functions, engine, timing, cycle cap, checks
  // `--systemc` (or `--sc-trace`): SystemC runs the calls (prepare() makes it
  // accel.engine), which `--engine verilator` refuses.
  bool systemc = false;
  // `--dfg FUNC=FILE` (repeatable): FUNC runs on the network read from FILE (either
  // form; its function must be FUNC or the only one) instead of its lowering. prepare()
  // reads them into accel.graphs (docs/loom.md "Against its source").
  std::vector<DfgFile> dfgFiles;
  traces::TraceOptions traces; // VCD, stats, token log, progress line
};

struct RunOutcome {
  std::optional<Diag> error;            // the run's runtime error (printed last)
  std::vector<std::string> traceErrors; // an output file that could not be written
  bool accelerated = false;             // a summary line and report exist
  // Without accelerated calls (--no-accel): the races the interpreter found (with them,
  // they are in the report).
  std::vector<harness::Finding> hostFindings;
  bool passed = false; // no error and every check passed
  int exitCode() const { return passed ? 0 : 1; }
};

// Reads each network file into a.graphs under its function; the first problem (bad
// input, located).
std::optional<Diag> readDfgGraphs(const std::vector<DfgFile>& files, AccelOptions& a);

class ProgramRun {
public:
  ProgramRun(const Module& m, RunSettings settings, std::ostream& programOutput);
  // A loaded program: its networks run its esi_instances (a --dfg of the same name wins).
  ProgramRun(const LoadedProgram& p, RunSettings settings, std::ostream& programOutput);
  ~ProgramRun();

  // Checks the entry function, lowers, verifies and elaborates the accelerated
  // functions, opens the trace files. A returned diagnostic is bad input (exit 2).
  std::optional<Diag> prepare();
  RunOutcome run();

  // After run(): the harness' report, and the run's cycles and transfers, as the
  // summary line, the report, --stats, the VCD and the token log all count them.
  const harness::Report& report() const;
  // After run(): the report's findings grouped by cause (harness/causes.h).
  std::vector<harness::CauseGroup> causes() const;
  // After run(): the lowering mistakes the findings show (harness/mistakes.h), by the
  // paths unless setMistakes() gave them proven (host/prove.h); the report has them.
  harness::Mistakes mistakes() const;
  void setMistakes(harness::Mistakes m) { mistakes_ = std::move(m); }
  // After run(): a finding of the run as a whole (`--baseline`'s), into the report.
  void addFinding(harness::Finding f);
  uint64_t cycles() const;
  uint64_t transfers() const;
  // After prepare(): the network function `f` runs on (null if it is not accelerated).
  const dfg::Graph* graph(const std::string& f) const;
  // After prepare(): the accelerator (null with --no-accel), e.g. to bind a SystemC
  // network's TLM memory sockets before the run.
  Accelerator* accelerator() const { return accel_.get(); }
  // After run(): the networks in the VCD/FST file and their signals' names (empty
  // without a trace file).
  std::vector<traces::Tracer::Waves> waves() const {
    return tracer_ ? tracer_->waves() : std::vector<traces::Tracer::Waves>{};
  }
  // After run(): each call's transfers per cycle bucket (traces/activity.h; empty unless
  // RunSettings::traces.activity).
  // After run(): per channel of `function`'s circuit, the cycles it was full (empty
  // unless RunSettings::traces.activity).
  std::vector<uint64_t> fullCycles(const std::string& function) const {
    const traces::ActivityCollector* a = tracer_ ? tracer_->activity() : nullptr;
    return a ? a->fullCycles(function) : std::vector<uint64_t>{};
  }
  std::vector<traces::CallActivity> activity() const {
    const traces::ActivityCollector* a = tracer_ ? tracer_->activity() : nullptr;
    return a ? a->calls() : std::vector<traces::CallActivity>{};
  }
  // "1 accelerated call(s), 889 cycles, 3,838 transfers, all checks passed (0
  // finding(s)), 3 ms" (docs/counters.md); `ms` is the caller's wall-clock time.
  std::string summaryLine(const RunOutcome& o, double ms) const;
  // The --report document (docs/report.schema.json); `summary` is summaryLine() as
  // printed, `cpuSeconds` the process' CPU time for its "time" object.
  nlohmann::json reportJson(const std::string& file, const std::string& engine, const RunOutcome& o,
                            const std::string& summary, double cpuSeconds) const;

private:
  const Module& mod_;
  RunSettings settings_;
  std::unique_ptr<Interpreter> interp_;
  std::unique_ptr<Accelerator> accel_;
  std::unique_ptr<traces::Tracer> tracer_;
  const Function* entry_ = nullptr;
  const std::map<std::string, dfg::Graph>* networks_ = nullptr; // a program LOOM compiled
  std::optional<harness::Mistakes> mistakes_;

  void addInstantiated(const std::map<std::string, dfg::Graph>& networks);
};

// An error of the tool rather than of a place in the input: prints "loom-sim: error: ...".
Diag toolError(std::string message);

} // namespace loom
