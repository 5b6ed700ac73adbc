// `run --junit FILE`: the kernels' verdicts as JUnit XML, the test-report format CI
// servers read (Jenkins, GitLab, GitHub actions that publish test results). Layout:
//   <testsuites name="loom-sim run" tests failures errors time>
//     <testsuite name="KERNEL FILE" ...>            one per kernel
//       <testcase classname="KERNEL FILE" name="program" time>
//                                                    the whole run: exit 1 a <failure>
//                                                    (the summary and the root causes),
//                                                    exit 2 or a crash an <error> (the log)
//       <testcase classname="KERNEL FILE" name="@gemm call 1">
//                                                    one per accelerated call: a <failure>
//                                                    per finding, carrying its text; its
//                                                    cycles and transfers as <system-out>
// A call has no time of its own in seconds (its cycles are simulated time), so its
// testcase has none; the program's is the kernel's wall-clock time.
#pragma once

#include "cli/batch.h"

#include <string>
#include <vector>

namespace loom::cli {

std::string junitXml(const std::vector<KernelVerdict>& kernels);

} // namespace loom::cli
