// Activity (run --html's plot): each call's transfers per cycle bucket add up to the
// call's transfers as the network counts them, and a long call keeps at most
// kMaxActivityBuckets buckets.
#include "fixture.h"
#include "traces/activity.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::traces;
using namespace loom::traces::test;

TEST_CASE("activity: buckets double in width and keep every transfer", "[activity]") {
  CallActivity a;
  for (uint64_t c = 0; c < 1000; ++c)
    a.add(c, 1);
  // 1000 cycles in at most 400 buckets: width 4 (2 would need 500), 250 buckets of 4.
  CHECK(a.width == 4);
  CHECK(a.transfers.size() == 250);
  CHECK(a.total() == 1000);
  for (uint64_t n : a.transfers)
    CHECK(n == 4);
  a.add(1'000'000, 7); // far on: merged down to fit, nothing lost
  CHECK(a.transfers.size() <= kMaxActivityBuckets);
  CHECK(a.total() == 1007);
  CHECK(a.transfers.back() == 7);
  CHECK(1'000'000 / a.width == a.transfers.size() - 1);
}

TEST_CASE("activity: each call's buckets add up to its transfers", "[activity]") {
  SumRun run;
  ActivityCollector activity;
  run.tap->add(activity.addNetwork(run.net));
  run.call(0, 6, 0, 15);
  run.call(0, 300, 0, 44850); // long enough to widen its buckets
  std::vector<CallActivity> calls = activity.calls();
  std::vector<sim::CallSpan> spans = run.network().calls();
  REQUIRE(calls.size() == 2);
  REQUIRE(spans.size() == 2);
  for (size_t i = 0; i < 2; ++i) {
    CHECK(calls[i].function == "f");
    CHECK(calls[i].invocation == i + 1);
    CHECK(calls[i].total() == spans[i].transfers);
    CHECK(calls[i].transfers.size() <= kMaxActivityBuckets);
    // The last transfer lies within the call's span (its quiet cycle moves nothing).
    CHECK(calls[i].transfers.size() * calls[i].width <= spans[i].cycles() + calls[i].width);
  }
  CHECK(calls[0].width == 1);     // a short call: cycle by cycle
  CHECK(spans[1].cycles() > 400); // so its buckets are wider
  CHECK(calls[1].width > 1);
  // The entry offers the arguments in the call's first cycle: bucket 0 is not empty.
  CHECK(calls[0].transfers.front() > 0);
  CHECK(calls[1].transfers.front() > 0);
}
