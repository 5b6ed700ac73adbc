// Many kernels in one `loom-sim run a.mlir b.mlir dir/`: the list of kernels, each run in
// a child process of its own, one verdict per kernel and one for all (README "Many
// kernels").
//
// Why a process per kernel, made by fork() without exec (the parsed command line is
// already in memory): SystemC elaborates once per process (--systemc), a kernel that
// crashes or exhausts memory must not take the others with it, and -j N needs no
// thread-safety from code written for one run per process (the terminal's status line,
// MLIR contexts, the Verilated twins). Each child's stdout goes to /dev/null (the
// program's output is kept only with -o), its stderr to a file the parent reads.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace loom::cli {

// The kernels named by `args`: a file as given, a directory as its `*.mlir` files
// (not its subdirectories), sorted by name. The first problem as a message: a path that
// does not exist, a directory without a kernel.
std::optional<std::string> expandKernels(const std::vector<std::string>& args,
                                         std::vector<std::string>& kernels);

// The name `{}` stands for in an output path: the kernel's file name without `.mlir`
// (`kernels/gemm.mlir` -> gemm, `x.handshake.mlir` -> x.handshake).
std::string kernelStem(const std::string& file);

// One accelerated call's verdict, as JUnit shows it.
struct CallVerdict {
  std::string name;                  // "@gemm call 1"
  bool passed = true;                // its results equal the reference, no finding
  std::string detail;                // "889 cycles, 3,838 transfers"
  std::vector<std::string> findings; // each finding's text (harness::Finding::text)
};

// What one kernel's run said, for its batch line and its JUnit test suite.
struct KernelVerdict {
  std::string file;
  int exitCode = 0;    // 0 passed, 1 failed, 2 bad input (README "Exit codes")
  int signal = 0;      // the signal that killed its process, if one did (exit code 1)
  double seconds = 0;  // wall-clock time
  std::string summary; // the summary line, as `run` prints it; empty if it stopped earlier
  std::vector<CallVerdict> calls;
  std::vector<std::string> findings; // findings of no call (--no-accel's races)
  std::string log;                   // everything it printed on stderr
};
void to_json(nlohmann::json& j, const CallVerdict& c);
void from_json(const nlohmann::json& j, CallVerdict& c);
void to_json(nlohmann::json& j, const KernelVerdict& k);
void from_json(const nlohmann::json& j, KernelVerdict& k);

// The first line of a run's log that says what went wrong ("error:"), else `otherwise`, or
// the log's first line when that is empty.
std::string firstError(const std::string& log, const std::string& otherwise = "");

// "PASS ", "FAIL ", "ERROR" or "CRASH": a kernel's verdict in its batch line.
const char* verdictWord(const KernelVerdict& k);
// The batch's output for one kernel: its line (verdict, file, summary or first error)
// and, unless it passed, its log indented below it.
std::string batchLines(const KernelVerdict& k, size_t fileWidth);
// "57 kernel(s): 55 passed, 1 failed, 1 bad input, 12,345 ms" (the wall-clock time of
// all, as each kernel's summary line gives its own)
std::string batchTotal(const std::vector<KernelVerdict>& all, double seconds);
// The worst exit code of all (2 over 1 over 0).
int worstExitCode(const std::vector<KernelVerdict>& all);

// The progress line of a batch on a terminal: a bar of the finished share, the count, the
// running items: "[#####...............] 310/1242 done, running gemm.mlir dot.mlir".
std::string progressText(size_t finished, size_t n, const std::vector<std::string>& running);

// Runs work(i, resultPath) for every i < n in child processes, at most `jobs` at once;
// the child exits with what work returns and may write its result to resultPath. Calls
// done(i, verdict, result) in the parent in the order of i, each as soon as it and every
// item before it has finished (so the output does not depend on -j); `verdict` has the
// exit code, signal, time and log filled in. name(i) names an item for the progress line
// on a terminal, unless `status` is given: then the progress line is status(finished,
// running items), looked at every millisecond while children run and shown when it
// changes (an item that is many tasks tells its own progress). Returns a problem that stopped it
// from starting children, if any.
std::optional<std::string> runInChildren(
    size_t n, unsigned jobs,
    const std::function<int(size_t i, const std::string& resultPath)>& work,
    const std::function<void(size_t i, KernelVerdict& v, const std::string& result)>& done,
    const std::function<std::string(size_t i)>& name,
    const std::function<std::string(size_t finished, const std::vector<size_t>& running)>& status =
        nullptr);

} // namespace loom::cli
