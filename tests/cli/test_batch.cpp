// runInChildren (cli/batch.h): every item in a process of its own, results reported in
// item order whatever finishes first, a crash reported as the signal that killed it and
// not taking the others down; the verdict lines and totals; JUnit text escaped.
#include "cli/batch.h"
#include "cli/junit.h"

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <iostream>
#include <unistd.h>

using namespace loom::cli;

TEST_CASE("children report in item order, with exit codes, logs and results") {
  std::vector<size_t> order;
  std::vector<KernelVerdict> got(4);
  std::vector<std::string> results(4);
  auto work = [](size_t i, const std::string& resultPath) {
    ::usleep(static_cast<useconds_t>((4 - i) * 40000)); // the last finishes first
    std::cerr << "log of " << i << "\n";
    std::ofstream(resultPath) << "result " << i;
    if (i == 2) ::kill(::getpid(), SIGKILL); // a crash (one no handler catches, ASan's neither)
    return static_cast<int>(i % 3);
  };
  auto done = [&](size_t i, KernelVerdict& v, const std::string& result) {
    order.push_back(i);
    got[i] = v;
    results[i] = result;
  };
  auto err = runInChildren(4, 4, work, done, [](size_t i) { return std::to_string(i); });
  REQUIRE(!err);
  CHECK(order == std::vector<size_t>{0, 1, 2, 3});
  CHECK(got[0].exitCode == 0);
  CHECK(got[1].exitCode == 1);
  CHECK(got[3].exitCode == 0);
  CHECK(got[2].signal == SIGKILL);
  CHECK(got[2].exitCode == 1);
  CHECK(got[1].log == "log of 1\n");
  CHECK(results[3] == "result 3");
  CHECK(std::string(verdictWord(got[2])) == "CRASH");
  CHECK(worstExitCode(got) == 1);
}

TEST_CASE("one job at a time runs them one after another") {
  std::vector<size_t> order;
  auto err = runInChildren(
      3, 1, [](size_t, const std::string&) { return 0; },
      [&](size_t i, KernelVerdict&, const std::string&) { order.push_back(i); },
      [](size_t i) { return std::to_string(i); });
  REQUIRE(!err);
  CHECK(order == std::vector<size_t>{0, 1, 2});
}

TEST_CASE("a verdict line, the log under a failure, the total") {
  KernelVerdict pass{"k/a.mlir", 0, 0, 0.5, "1 accelerated call(s), 9 cycles", {}, {}, "x\n"};
  CHECK(batchLines(pass, 10) == "PASS  k/a.mlir    1 accelerated call(s), 9 cycles\n");
  KernelVerdict bad{"k/b.mlir", 2, 0, 0.1, "", {}, {}, "note\nk/b.mlir:1:1: error: no\n"};
  CHECK(batchLines(bad, 8) == "ERROR k/b.mlir  k/b.mlir:1:1: error: no\n    note\n");
  KernelVerdict crash{"k/c.mlir", 1, SIGKILL, 0.1, "", {}, {}, ""};
  CHECK(batchLines(crash, 8) == "CRASH k/c.mlir  killed by signal 9 (Killed)\n");
  CHECK(batchTotal({pass, bad, crash}, 1.2345) ==
        "3 kernel(s): 1 passed, 1 failed, 1 bad input, 1,234 ms");
  CHECK(worstExitCode({pass, crash}) == 1);
  CHECK(worstExitCode({pass, bad, crash}) == 2);
}

TEST_CASE("JUnit counts and escapes what it carries") {
  KernelVerdict k{"a<b>&\"c\".mlir", 1, 0, 0.25, "FAILED (1 finding(s))", {}, {}, "log\x01\n"};
  k.calls.push_back({"@f call 1", false, "9 cycles", {"x.mlir:1:2: error: a < b\n  more\n"}});
  std::string x = junitXml({k});
  CHECK(x.find("<testsuites name=\"loom-sim run\" tests=\"2\" failures=\"2\" errors=\"0\" "
               "time=\"0.250\">") != std::string::npos);
  CHECK(x.find("name=\"a&lt;b&gt;&amp;&quot;c&quot;.mlir\"") != std::string::npos);
  CHECK(x.find("message=\"x.mlir:1:2: error: a &lt; b\">x.mlir:1:2: error: a &lt; b\n  more\n"
               "</failure>") != std::string::npos);
  CHECK(x.find("log?\n</failure>") != std::string::npos); // no control characters in XML
}

TEST_CASE("the progress line: a bar of twenty for the finished share, the count, the running") {
  CHECK(progressText(0, 1242, {"a.mlir", "b.mlir"}) ==
        "[....................] 0/1242 done, running a.mlir b.mlir");
  // 310 of 1242 is 24.96%: 4 of 20 (rounded down, so the bar is full only at the end).
  CHECK(progressText(310, 1242, {"gemm.mlir"}) ==
        "[####................] 310/1242 done, running gemm.mlir");
  CHECK(progressText(1241, 1242, {"last.mlir"}) ==
        "[###################.] 1241/1242 done, running last.mlir");
  CHECK(progressText(4, 4, {}) == "[####################] 4/4 done, running");
}
