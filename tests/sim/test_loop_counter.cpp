// sim::LoopCounter against token sequences written out by hand (sim/loop_counter.h): a
// for loop's will-continue (N trues, then a false), an after_cond (N - 1 trues, then a
// false: every token an iteration), timed and untimed.
#include "sim/loop_counter.h"

#include <catch2/catch.hpp>
#include <utility>
#include <vector>

using loom::sim::LoopCounter;

TEST_CASE("LoopCounter: a will-continue of activations with N = 3, 0 and 2", "[loop-counter]") {
  LoopCounter c(/*everyTokenIterates=*/false, /*keepTrips=*/true);
  // T T T F | F | T T F, iterations pushed in cycles 10, 12, 16 and 30, 33.
  for (auto [cycle, cont] : {std::pair{10, true},
                             {12, true},
                             {16, true},
                             {17, false},
                             {20, false},
                             {30, true},
                             {33, true},
                             {34, false}})
    c.token(cycle, cont);
  CHECK(c.counts().activations == 3);
  CHECK(c.counts().iterations == 5);
  CHECK(c.trips() == std::vector<uint64_t>{3, 0, 2});
  // Spans: 16 - 10 over 2 steps, 33 - 30 over 1; the zero-trip activation has none.
  CHECK(c.counts().spanCycles == 9);
  CHECK(c.counts().spans == 3);
  REQUIRE(c.counts().ii().has_value());
  CHECK(*c.counts().ii() == 3.0);
  CHECK(c.openTrues() == 0);
}

TEST_CASE("LoopCounter: an after_cond, every token an iteration", "[loop-counter]") {
  LoopCounter c(/*everyTokenIterates=*/true, /*keepTrips=*/true);
  // N = 3: T T F (cycles 1, 2, 4); N = 1: F (cycle 9).
  for (auto [cycle, cont] : {std::pair{1, true}, {2, true}, {4, false}, {9, false}})
    c.token(cycle, cont);
  CHECK(c.counts().activations == 2);
  CHECK(c.counts().iterations == 4);
  CHECK(c.trips() == std::vector<uint64_t>{3, 1});
  CHECK(c.counts().spanCycles == 3);
  CHECK(c.counts().spans == 2);
  CHECK(*c.counts().ii() == 1.5);
}

TEST_CASE("LoopCounter: tapped tokens count but are not timed, open runs, reset",
          "[loop-counter]") {
  LoopCounter c; // no trips kept
  c.pushed(1);
  c.pushed(1);
  c.pushed(0);
  c.pushed(1);
  CHECK(c.counts().activations == 1);
  CHECK(c.counts().iterations == 3);
  CHECK(!c.counts().ii().has_value()); // untimed: no interval
  CHECK(c.trips().empty());
  CHECK(c.openTrues() == 1); // the true after the last false
  c.reset();
  CHECK(c.counts().activations == 0);
  CHECK(c.counts().iterations == 0);
  CHECK(c.openTrues() == 0);
}

TEST_CASE("PaceCounter: a carry's output split into activations by its d", "[loop-counter]") {
  loom::sim::PaceCounter c;
  // Activation 1: d = T T F, so o carries 3 tokens, pushed in cycles 5, 11, 17 (II 6).
  // Activation 2: d = F, one token (cycle 30): no interval. Activation 3: d = T F, o in
  // cycles 40 and 44 (II 4). d runs ahead of o, as a stream's control does.
  c.decision(true);
  c.decision(true);
  c.output(5);
  c.decision(false);
  c.output(11);
  c.output(17);
  c.decision(false);
  c.output(30);
  c.decision(true);
  c.output(40);
  c.decision(false);
  c.output(44);
  const loom::sim::PaceCounts& k = c.counts();
  CHECK(k.spanCycles == 12 + 4);
  CHECK(k.spans == 2 + 1);
  REQUIRE(k.ii());
  CHECK(*k.ii() == Approx(16.0 / 3.0));
  CHECK(k.minII == 4.0);
  CHECK(k.maxII == 6.0);
  // Without each activation's first lap: only activation 1 has a second, 17 - 11.
  REQUIRE(k.steady());
  CHECK(*k.steady() == 6.0);
  CHECK(k.steadySpans == 1);
}

TEST_CASE("PaceCounter: o may finish an activation before d's false is seen", "[loop-counter]") {
  loom::sim::PaceCounter c;
  // d = T, o pushes 2 tokens (cycles 3, 9), and only then is d's false pushed: the
  // activation closes on the false. Without any interval there is no II.
  c.decision(true);
  c.output(3);
  c.output(9);
  CHECK_FALSE(c.counts().ii());
  c.decision(false);
  REQUIRE(c.counts().ii());
  CHECK(*c.counts().ii() == 6.0);
  c.reset();
  CHECK_FALSE(c.counts().ii());
}
