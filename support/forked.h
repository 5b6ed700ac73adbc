// Work run in forked copies of this process, a few at a time, each within a time limit:
// a job that crashes, hangs or runs out of time costs its own answer and nothing else
// (the reruns that prove a mistake's attribution, host/prove.h). A job returns text,
// which the child writes to a pipe and the parent reads whole.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace loom {

struct ForkedResult {
  bool ok = false;  // the job returned and its child exited 0
  std::string text; // what it returned
  std::string why;  // otherwise: "ran out of its 60 s", "killed by signal 11", ...
};

// Runs each job in a child of its own, at most `parallel` at once, each killed after
// `limitSeconds` (0: no limit). Flushes stdout and stderr first, so nothing buffered is
// written twice; the children end with _exit and never run this process's exit
// handlers.
std::vector<ForkedResult> runForked(const std::vector<std::function<std::string()>>& jobs,
                                    unsigned parallel, double limitSeconds);

} // namespace loom
