// The FST writer (traces/fst.h) against the VCD of the same run: GTKWave's fst2vcd reads
// the FST back, and every signal must have the VCD's waveform; each state machine's
// phase comes with an enum table of the spec's phase names.
#include "fixture.h"
#include "gtkwave_check.h"
#include "traces/fst.h"
#include "traces/vcd.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <unistd.h>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

namespace {

std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("loom_fst_" + std::to_string(getpid()) + "_" + name))
      .string();
}

} // namespace

TEST_CASE("the FST of the sum loop holds the VCD's signals and changes", "[fst][gtkwave]") {
  SumRun run;
  std::ostringstream vcdText;
  VcdWriter vcd(vcdText);
  std::string path = tempPath("sum.fst"), why;
  auto out = createFstOut(path, why);
  REQUIRE(out);
  FstWriter fst(std::move(out));
  run.tap->add(vcd.addNetwork(run.net));
  run.tap->add(fst.addNetwork(run.net));
  run.call(0, 3, 10, 13);
  run.call(1, 7, 100, 121);
  run.network().drain(100);
  CHECK_FALSE(vcd.close());
  CHECK_FALSE(fst.close());

  std::string error;
  std::string back = fstToVcd(path, error);
  INFO(error);
  REQUIRE(error.empty());
  std::string diff = compareWaveforms(vcdText.str(), back);
  INFO(diff);
  CHECK(diff.empty());
  // The phases' names are in the file (GTKWave's enum tables), the carry's all three.
  CHECK(back.find("NeedInit") != std::string::npos);
  CHECK(back.find("NeedCond") != std::string::npos);
  CHECK(back.find("NeedLoop") != std::string::npos);
  // ... and in the VCD as each op's legend.
  CHECK(vcdText.str().find("$comment phase: 0 NeedInit, 1 NeedCond, 2 NeedLoop $end") !=
        std::string::npos);
  std::filesystem::remove(path);
}

TEST_CASE("an FST file that cannot be created says why", "[fst]") {
  std::string why;
  CHECK_FALSE(createFstOut("/nonexistent-dir/x.fst", why));
  CHECK(why.find("No such file") != std::string::npos);
}
