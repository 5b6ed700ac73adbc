// `sweep report`'s plot files and page (sweep/plots.h, sweep/report_page.h): the names
// of programs that share a stem, failing.txt, the data files of a plan made by hand, and
// the page's escaping and links, against texts worked out by hand. Drawing them is
// sweep_plots.py's.
#include "sweep/plots.h"
#include "sweep/report_page.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace loom::sweep;

namespace {

// One point per value of channelCapacity, each program on the event engine.
Plan planOf(const std::vector<std::string>& kernels, std::vector<int> values = {1, 2}) {
  Plan p;
  p.parameters = {"channelCapacity"};
  for (int v : values)
    p.points.push_back({v});
  for (const std::string& k : kernels)
    for (size_t point = 0; point < p.points.size(); ++point) {
      Task t;
      t.id = p.tasks.size();
      if (k.rfind("seed:", 0) == 0)
        t.seed = std::stoull(k.substr(5));
      else
        t.kernel = k;
      t.engine = "event";
      t.point = point;
      p.tasks.push_back(t);
    }
  return p;
}

TaskResult resultOf(size_t id, const std::string& verdict, uint64_t cycles,
                    const std::string& error = "") {
  TaskResult r;
  r.id = id;
  r.verdict = verdict;
  r.cycles = cycles;
  r.firstError = error;
  return r;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

} // namespace

TEST_CASE("programs that share a stem take their folders until they differ") {
  Plan p =
      planOf({"../../kernels/gemm.mlir", "tests/inputs/gemm.mlir", "a/x/dot.mlir", "b/x/dot.mlir",
              "dot.dfg.mlir", "odd name&.mlir", "seed:7", "k/gemm.mlir", "./k/gemm.mlir"});
  std::map<std::string, std::string> s = programStems(p);
  CHECK(s["../../kernels/gemm.mlir"] == "kernels-gemm");
  CHECK(s["tests/inputs/gemm.mlir"] == "inputs-gemm");
  CHECK(s["a/x/dot.mlir"] == "a-x-dot");
  CHECK(s["b/x/dot.mlir"] == "b-x-dot");
  CHECK(s["dot.dfg.mlir"] == "dot_dfg");
  CHECK(s["odd name&.mlir"] == "odd_name_");
  CHECK(s["seed:7"] == "seed-7");
  // One file spelt two ways: nothing tells them apart but a number.
  CHECK(s["k/gemm.mlir"] == "k-gemm");
  CHECK(s["./k/gemm.mlir"] == "k-gemm-2");
  CHECK(programStems(planOf({"kernels/gemm.mlir", "kernels/dot.mlir"}))["kernels/gemm.mlir"] ==
        "gemm");
}

TEST_CASE("failing.txt lists the tasks that ran and did not pass, a line each") {
  Plan p = planOf({"k/a.mlir", "k/b.mlir"});
  Results r{resultOf(0, "PASS", 10), resultOf(1, "FAIL", 7, "k/b.mlir:2:8: error:\tout\nof"),
            std::nullopt, resultOf(3, "ERROR", 0, "bad")};
  CHECK(failingList(p, r) == "1\tk/a.mlir\tevent\tchannelCapacity=2\tFAIL\t"
                             "k/b.mlir:2:8: error: out of\n"
                             "3\tk/b.mlir\tevent\tchannelCapacity=2\tERROR\tbad\n");
  CHECK(failingList(p, Results{resultOf(0, "PASS", 1), resultOf(1, "PASS", 1), std::nullopt,
                               std::nullopt}) == "");
}

TEST_CASE("each program's plots have files of their own, holding the table's figures") {
  fs::path dir = fs::temp_directory_path() / ("loom-sweep-plots-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  // Two kernels named gemm, and values out of order: each line runs from the least.
  Plan p = planOf({"x/gemm.mlir", "y/gemm.mlir"}, {4, 1});
  Results r{resultOf(0, "PASS", 900), resultOf(1, "PASS", 1043), resultOf(2, "FAIL", 5, "e"),
            std::nullopt};
  PlotSet set;
  REQUIRE(!writePlotSources(p, r, dir.string(), set));
  REQUIRE(set.groups.size() == 2);
  CHECK(set.groups[0].script == "x-gemm.event.gp");
  CHECK(set.groups[1].script == "y-gemm.event.gp");
  REQUIRE(set.groups[0].plots.size() == 1); // one parameter: no heat map
  CHECK(set.groups[0].plots[0].name == "x-gemm.event.cycles-vs-channelCapacity");
  CHECK(set.images() == std::vector<std::string>{"x-gemm.event.cycles-vs-channelCapacity.png",
                                                 "x-gemm.event.cycles-vs-channelCapacity.svg",
                                                 "y-gemm.event.cycles-vs-channelCapacity.png",
                                                 "y-gemm.event.cycles-vs-channelCapacity.svg"});
  std::string x = slurp(dir / "x-gemm.event.cycles-vs-channelCapacity.dat");
  CHECK(x.substr(x.find("\n# cycles\n") + 10) == "1 1 0 1043 1 PASS\n0 4 0 900 1 PASS\n");
  std::string y = slurp(dir / "y-gemm.event.cycles-vs-channelCapacity.dat");
  CHECK(y.substr(y.find("\n# cycles\n") + 10) == "3 1 0 NaN -1 MISSING\n2 4 0 5 0 FAIL\n");
  CHECK(slurp(dir / "failing.txt") == "2\ty/gemm.mlir\tevent\tchannelCapacity=4\tFAIL\te\n");
  CHECK(set.files.size() == 3 + 3 + 2 + 1); // .dat .png .svg of each plot, scripts, failing.txt
  fs::remove_all(dir);
}

TEST_CASE("the page escapes what it quotes from files, and links by relative paths") {
  CHECK(htmlText("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  CHECK(hrefTo("/tmp/s/report/sweep.csv", "/tmp/s/report") == "sweep.csv");
  CHECK(hrefTo("/tmp/s/my table#1.csv", "/tmp/s/report") == "../my%20table%231.csv");
  Plan p = planOf({"k/<script>.mlir"}, {1});
  Results r{resultOf(0, "FAIL", 3, "k/<script>.mlir:1:1: error: a < b & c")};
  PlotSet set;
  set.groups.push_back({"k/<script>.mlir", "k-_script_", "event", "", {}});
  std::string page = reportPage(p, r, set, "/tmp/s/report", {"/tmp/s", "/tmp/s/report/t.csv", "-"});
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("<td>k/&lt;script&gt;.mlir:1:1: error: a &lt; b &amp; c</td>") !=
        std::string::npos);
  CHECK(page.find("<p id=\"counts\">1 task: 0 passed, 1 failed, 0 bad input, 0 crashed, 0 "
                  "missing</p>") != std::string::npos);
  CHECK(page.find("<a href=\"t.csv\">t.csv</a>") != std::string::npos);
  CHECK(page.find("<h3>k/&lt;script&gt;.mlir</h3>") != std::string::npos);
}
