// The accelerator's options as `run` and `diff` spell them on the command line, parsed
// into the settings host/program_run.h takes:
//   --engine NAME       event, clocked or verilator
//   --inject NAME       a known lowering bug, committed on purpose (repeatable)
//   --timing FILE       a timing file (models/timing.h)
//   --dfg FUNC=FILE     the network in FILE stands for FUNC (repeatable); FILE alone with
//                       one --func FUNC
#pragma once

#include "cli/output_paths.h"
#include "host/program_run.h"

#include <optional>
#include <string>
#include <vector>

namespace loom::cli {

// Fills in the engine, the injections and the timing; the message for the first bad one.
std::optional<std::string> configureAccel(AccelOptions& a, const std::string& engine,
                                          const std::vector<std::string>& inject,
                                          const std::string& timingFile);

// Parses --dfg specs (`funcs`: the --func names); the message for the first that is
// neither FUNC=FILE nor, with exactly one --func, FILE.
std::optional<std::string> parseDfgSpecs(const std::vector<std::string>& specs,
                                         const std::vector<std::string>& funcs,
                                         std::vector<DfgFile>& out);

// The files `run` and `diff` read, named for the output check: the program, the
// --timing file, each --dfg file.
std::vector<NamedPath> runInputs(const std::string& file, const std::string& timingFile,
                                 const std::vector<std::string>& dfgSpecs,
                                 const std::vector<std::string>& funcs);

} // namespace loom::cli
