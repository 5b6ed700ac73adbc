// A sweep's plots (`sweep report`, docs/sweeps.md): for each program and engine, its
// cycles against each swept parameter and, with two or more parameters, a heat map of
// its cycles over the first two; each as PNG and SVG, drawn by gnuplot. Every plot's data
// file and the gnuplot script of each program and engine stay beside the images, so that
// a user can restyle a script and run `gnuplot NAME.gp` in that folder again.
//
//   plots/gemm.event.gp                   draws the images of the plots below
//   plots/gemm.event.cycles-vs-channelCapacity.dat                 (and .png, .svg)
//   plots/gemm.event.cycles-vs-memoryLatency.dat                   (and .png, .svg)
//   plots/gemm.event.heatmap-channelCapacity-memoryLatency.dat     (and .png, .svg)
//   plots/failing.txt                     the tasks that did not pass
#pragma once

#include "sweep/table.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loom::sweep {

// One plot: NAME.dat is what it shows, NAME.png and NAME.svg the picture.
struct Plot {
  std::string name;    // "gemm.event.cycles-vs-channelCapacity"
  std::string caption; // "cycles against channelCapacity"
};

// The plots of one program on one engine, all drawn by one script.
struct PlotGroup {
  std::string program; // programName(): the kernel's path, or "seed:S"
  std::string stem;    // its name in file names (programStems)
  std::string engine;
  std::string script;      // "gemm.event.gp"; "" when none of its tasks has a result
  std::vector<Plot> plots; // empty then too
};

struct PlotSet {
  std::vector<PlotGroup> groups;  // programs in the plan's order, each with its engines
  std::vector<std::string> files; // every file of the folder, once drawn (names in it)
  std::vector<std::string> images() const;
};

// Each program's name in file names: its file's stem ("gemm"), with as many of its
// folders in front as tell it from the others ("inputs-gemm"), in letters, digits, '_'
// and '-' only; "seed-S" for a seed. No two programs share one.
std::map<std::string, std::string> programStems(const Plan& plan);

// failing.txt: a line per task that has a result and did not pass, in the plan's order:
// task id, program, engine, point, verdict and first error, separated by tabs (tabs and
// line breaks in the error become spaces). Empty when every task passed.
std::string failingList(const Plan& plan, const Results& results);

// Writes into `folder` (made if need be) every plot's data file, each program and
// engine's script, and failing.txt; `out` says what they are. The problem if it could not.
std::optional<std::string> writePlotSources(const Plan& plan, const Results& results,
                                            const std::string& folder, PlotSet& out);

// Why drawing failed: gnuplot is not installed, or it failed.
struct DrawError {
  bool notFound = false;
  std::string message;
};

// Runs gnuplot (from PATH) on every script in `folder`, `jobs` processes at once, each
// drawing several scripts, and checks that every image is there.
std::optional<DrawError> drawPlots(const PlotSet& set, const std::string& folder, unsigned jobs);

} // namespace loom::sweep
