// Nothing the user gave is ever overwritten: every `loom-sim` command hands its inputs
// and outputs to checkOutputPaths() before it opens anything, and stops with exit 2 if
// an output names one of its inputs, or two outputs name one file.
//
// What counts as the same file:
// - a path that exists is the file it reaches (device + inode, after symlinks): so
//   `k.mlir`, `./k.mlir`, `dir/../k.mlir`, a symlink to it and a hard link are one file;
// - a path that does not exist yet is the file a write would create there: dangling
//   symlinks are followed to their target, then the absolute path is normalized with
//   the symlinks of its existing directories resolved (`new/../x.vcd`, `./x.vcd`);
// - only regular files (and paths that do not exist yet) are compared. /dev/null,
//   /dev/full, a terminal, a pipe (/dev/stdout when stdout is a pipe or the terminal)
//   are not files that could be lost: they may be named by several outputs.
// stdout is an output too when the command writes there and it has been redirected to a
// regular file (stdoutPath()): `loom-sim run k.mlir --report out.txt > out.txt` would
// have the report and the program's output write over each other. An output written
// whole at the end may be named `-` for stdout (`run --report -`, `lower -o -`): the
// command passes it as the descriptor, under its option's name.
//
// Why here (cli/) and not in traces/: the check needs every file a command reads (the
// program, a --timing file, a DFG, --mem files) and writes (the DFG and DOT of `lower`,
// the report of `run`, the traces), and only the command knows them all; the trace
// writers see one output path each.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace loom {

// One file a command reads or writes, as the user named it.
struct NamedPath {
  std::string role; // how messages name it: "--vcd", "the input program", "the --mem 0 file"
  std::string path; // as given; empty: not given (ignored)
  int fd = -1;      // instead of a path, an open descriptor (stdoutPath())
};

// stdout as an output, for a command that writes there.
NamedPath stdoutPath();

// The first conflict as a message (without the "loom-sim: error: " prefix), or nothing:
//   --vcd k.mlir is the input program k.mlir; refusing to overwrite it
//   --report and --stats both name out.json
//   --report out.json and --stats ./out.json name the same file
std::optional<std::string> checkOutputPaths(const std::vector<NamedPath>& inputs,
                                            const std::vector<NamedPath>& outputs);

// A trace option whose file name says the other waveform format: `--vcd w.fst` would
// write VCD text that FST readers cannot open. `format` is what the option writes,
// "VCD" or "FST"; the extension is compared without case:
//   --vcd w.fst: the name says FST, but --vcd writes VCD text (for FST: --fst w.fst)
std::optional<std::string> checkTraceFormat(const std::string& role, const std::string& path,
                                            const std::string& format);

// Both checks: a trace named for the other format (checkTraceFormat), then
// checkOutputPaths(); the first problem.
std::optional<std::string> outputsProblem(const std::vector<NamedPath>& inputs,
                                          const std::vector<NamedPath>& outputs);

// What a command calls before it opens anything: outputsProblem(), and the conflict,
// if any, printed on stderr as "loom-sim: error: ...". True if refused (exit 2).
bool refusesOutputs(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

} // namespace loom
