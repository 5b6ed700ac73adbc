// GTKWave reads our VCDs: vcd2fst + fst2vcd give back every signal unchanged.
#include "fixture.h"
#include "gtkwave_check.h"
#include "traces/vcd.h"

#include <catch2/catch.hpp>
#include <sstream>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

TEST_CASE("vcd2fst reads the sum loop's VCD back unchanged", "[vcd][gtkwave]") {
  SumRun run;
  std::ostringstream text;
  VcdWriter writer(text);
  run.tap->add(writer.addNetwork(run.net));
  run.call(0, 3, 10, 13);
  run.call(1, 7, 100, 121);
  run.network().drain(100);
  writer.close();
  std::string diff = gtkwaveRoundTrip(text.str(), "sum_loop");
  INFO(diff);
  CHECK(diff.empty());
}
