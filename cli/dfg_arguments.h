// The arguments of `loom-sim sim` as its command line spells them, parsed against the
// function's signature into the values a DfgRun takes (host/dfg_run.h):
//   --arg INDEX=VALUE   a scalar argument by position: an integer (decimal, 0x hex, 0
//                       octal), a float, or true/false for an i1;
//   --mem INDEX=SOURCE[:SHAPE]
//                       a memref argument by position: SOURCE is zeros, random:SEED
//                       (values drawn from SEED) or a FILE of whitespace-separated
//                       values; SHAPE (8x8, or 8 for one dimension) gives the sizes a
//                       dynamically shaped memref leaves open.
// A control input (none) takes no argument: its token needs no value.
#pragma once

#include "dfg/dfg.h"
#include "host/dfg_run.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loom::cli {

// Parses the --arg and --mem texts for every argument of `g` (a memref's FILE is read
// here). Returns the first problem (bad input); `out` is complete only without one.
std::optional<std::string> parseDfgArguments(const dfg::Graph& g,
                                             const std::vector<std::string>& scalars,
                                             const std::vector<std::string>& memories,
                                             DfgArguments& out);

// The files a list of --mem specs reads (INDEX=FILE[:SHAPE]), named for the output check.
std::vector<std::pair<std::string, std::string>> memoryFiles(const std::vector<std::string>& mems,
                                                             const dfg::Graph& g);

} // namespace loom::cli
