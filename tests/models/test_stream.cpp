// dataflow.stream: spec example, every step_op x cont_cond pair, phases, reset and a
// second activation, back-pressure, channel capacity, errors.
#include "models/stream.h"
#include "stream_cases.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

struct StreamBench {
  Bench b;
  Stream& s;
  RecordSink* idx = nullptr;
  RecordSink* cont = nullptr;

  StreamBench(StepOp op, ContCond cc, Tokens start, Tokens step, Tokens bound,
              RecordSink::Pattern idxAccept = {}, int outCapacity = 0)
      : s(b.add<Stream>("s", op, cc)) {
    b.feed(s, Stream::kStart, Type::index(), std::move(start));
    b.feed(s, Stream::kStep, Type::index(), std::move(step));
    b.feed(s, Stream::kBound, Type::index(), std::move(bound));
    idx = &b.collect(s, Stream::kIdx, Type::index(), std::move(idxAccept), outCapacity);
    cont = &b.collect(s, Stream::kCont, Type::i1(), {}, outCapacity);
  }
};

} // namespace

MODEL_TEST_CASE("stream: spec example start=0 step=1 bound=4 += <", "[stream]") {
  StreamBench sb(StepOp::Add, ContCond::Lt, {0}, {1}, {4});
  Stream& s = sb.s;

  SECTION("tokens and cycles") {
    // Cycle 0: the three sources push start/step/bound.
    // Cycle 1: phase A sees all three, pops and latches them (emits nothing).
    // Cycles 2..6: phase B emits (0,T) (1,T) (2,T) (3,T) (4,F), one pair per cycle
    //   (capacity 2 and an always-ready sink keep the outputs free).
    // Each pair is popped by its sink the cycle after: 3..7.
    sb.b.run(12);
    CHECK(sb.idx->values() == ints({0, 1, 2, 3, 4}));
    CHECK(sb.cont->values() == Tokens{T, T, T, T, F});
    CHECK(sb.idx->cycles() == std::vector<uint64_t>{3, 4, 5, 6, 7});
    CHECK(sb.cont->cycles() == std::vector<uint64_t>{3, 4, 5, 6, 7});
    CHECK(s.stats().firings == 6); // one activation + five pairs
    CHECK(s.isQuiescent());
    CHECK(sb.b.quiescent());
  }

  SECTION("phase transitions") {
    CHECK(s.phaseName() == std::string("A"));
    sb.b.run(1); // cycle 0: inputs in flight
    CHECK(s.phase() == static_cast<int>(Stream::Phase::A));
    sb.b.run(1); // cycle 1: activation
    CHECK(s.phaseName() == std::string("B"));
    CHECK_FALSE(s.isQuiescent());
    sb.b.run(4); // cycles 2..5: four true pairs
    CHECK(s.phaseName() == std::string("B"));
    sb.b.run(1); // cycle 6: the false pair ends the activation
    CHECK(s.phaseName() == std::string("A"));
    CHECK(s.isQuiescent());
  }
}

MODEL_TEST_CASE("stream: every step_op x cont_cond pair", "[stream]") {
  for (const StreamCase& c : kStreamCases) {
    std::string label = std::string(stepOpText(c.op)) + " " + contCondText(c.cc) + " start " +
                        std::to_string(c.start) + " step " + std::to_string(c.step) + " bound " +
                        std::to_string(c.bound);
    INFO(label);
    StreamBench sb(c.op, c.cc, {sx(c.start)}, {sx(c.step)}, {sx(c.bound)});
    sb.b.run(20);
    CHECK(sb.b.errors().empty());
    CHECK(sb.idx->values() == c.idx);
    CHECK(sb.cont->values() == c.cont);
    CHECK(sb.s.isQuiescent());
  }
  // 6 step ops x 5 conditions, each exactly once.
  std::set<std::pair<int, int>> seen;
  for (const StreamCase& c : kStreamCases)
    seen.insert({static_cast<int>(c.op), static_cast<int>(c.cc)});
  CHECK(seen.size() == 30);
}

TEST_CASE("stream: attribute spelling", "[stream]") {
  StepOp op;
  ContCond cc;
  for (const char* t : {"+=", "-=", "*=", "/=", "<<=", ">>="}) {
    REQUIRE(parseStepOp(t, op));
    CHECK(std::string(stepOpText(op)) == t);
  }
  for (const char* t : {"<", "<=", ">", ">=", "!="}) {
    REQUIRE(parseContCond(t, cc));
    CHECK(std::string(contCondText(cc)) == t);
  }
  CHECK_FALSE(parseStepOp("%=", op));
  CHECK_FALSE(parseContCond("==", cc));
}

MODEL_TEST_CASE("stream: reset after the terminating false, second activation", "[stream]") {
  // Two activations: (0, 1, 2) and (10, 1, 12).
  // Cycle 0/1: the sources push the first/second start-step-bound tokens.
  // Cycle 1: A (first). Cycles 2,3,4: B emits (0,T) (1,T) (2,F) -> back to A.
  // Cycle 5: A (second; its tokens have waited since cycle 2).
  // Cycles 6,7,8: B emits (10,T) (11,T) (12,F). Sinks pop one cycle after each push.
  StreamBench sb(StepOp::Add, ContCond::Lt, {0, 10}, {1, 1}, {2, 12});
  sb.b.run(4);
  CHECK(sb.s.phaseName() == std::string("B"));
  sb.b.run(1); // cycle 4: terminating false
  CHECK(sb.s.phaseName() == std::string("A"));
  sb.b.run(1); // cycle 5: second activation
  CHECK(sb.s.phaseName() == std::string("B"));
  sb.b.run(10);
  CHECK(sb.idx->values() == ints({0, 1, 2, 10, 11, 12}));
  CHECK(sb.cont->values() == Tokens{T, T, F, T, T, F});
  CHECK(sb.idx->cycles() == std::vector<uint64_t>{3, 4, 5, 7, 8, 9});
  CHECK(sb.s.isQuiescent());
  CHECK(sb.b.quiescent());
}

MODEL_TEST_CASE("stream: back-pressure", "[stream]") {
  SECTION("idx sink pops only in odd cycles") {
    // idx channel (capacity 2), start-of-cycle count / stream action / sink action:
    //   c2: 0 / push 0 / -          c3: 1 / push 1 / pop 0
    //   c4: 1 / push 2 / (even)     c5: 2 / stall (full) / pop 1
    //   c6: 1 / push 3 / (even)     c7: 2 / stall / pop 2
    //   c8: 1 / push 4 (F) / -      c9: pop 3      c11: pop 4
    // cont is pushed with idx (2,3,4,6,8) and popped the cycle after.
    StreamBench sb(StepOp::Add, ContCond::Lt, {0}, {1}, {4}, [](uint64_t c) { return c % 2 == 1; });
    sb.b.run(14);
    CHECK(sb.idx->values() == ints({0, 1, 2, 3, 4}));
    CHECK(sb.idx->cycles() == std::vector<uint64_t>{3, 5, 7, 9, 11});
    CHECK(sb.cont->values() == Tokens{T, T, T, T, F});
    CHECK(sb.cont->cycles() == std::vector<uint64_t>{3, 4, 5, 7, 9});
    CHECK(sb.s.stats().firings == 6);
    CHECK(sb.s.stats().outputStallCycles == 2); // cycles 5 and 7
    CHECK(sb.b.quiescent());
  }
  SECTION("capacity-1 outputs halve the rate") {
    // A push in c fills the channel; the sink's pop in c+1 frees it for c+2.
    StreamBench sb(StepOp::Add, ContCond::Lt, {0}, {1}, {4}, {}, 1);
    sb.b.run(14);
    CHECK(sb.idx->values() == ints({0, 1, 2, 3, 4}));
    CHECK(sb.idx->cycles() == std::vector<uint64_t>{3, 5, 7, 9, 11});
    CHECK(sb.s.stats().outputStallCycles == 4); // cycles 3, 5, 7, 9
  }
}

MODEL_TEST_CASE("stream: waits for all three activation inputs", "[stream]") {
  Bench b;
  auto& s = b.add<Stream>("s", StepOp::Add, ContCond::Lt);
  b.feed(s, Stream::kStart, Type::index(), {0});
  b.feed(s, Stream::kStep, Type::index(), {1});
  b.feed(s, Stream::kBound, Type::index(), {2}, 0, /*start=*/5); // bound arrives late
  auto& idx = b.collect(s, Stream::kIdx, Type::index());
  b.collect(s, Stream::kCont, Type::i1());
  // Bound pushed in cycle 5, activation in 6, pairs in 7,8,9, popped in 8,9,10.
  b.run(12);
  CHECK(idx.values() == ints({0, 1, 2}));
  CHECK(idx.cycles() == std::vector<uint64_t>{8, 9, 10});
  CHECK(s.stats().inputStallCycles == 5); // cycles 1..5: start and step wait for bound
}

MODEL_TEST_CASE("stream: undefined updates are op errors", "[stream]") {
  SECTION("division by zero") {
    // 10 > 1 holds, so the first pair (cycle 2) updates 10 /= 0.
    StreamBench sb(StepOp::Div, ContCond::Gt, {10}, {0}, {1});
    CHECK(sb.b.runUntil([] { return false; }, 10).status == sim::RunStatus::OpError);
    REQUIRE(sb.b.errors().size() == 1);
    const OpError& e = sb.b.errors().all()[0];
    CHECK(e.op == &sb.s);
    CHECK(e.cycle == 2);
    CHECK(e.message.find("index update 10 /= 0") != std::string::npos);
    CHECK(sb.s.failed());
  }
  SECTION("shift amount out of range") {
    StreamBench sb(StepOp::Shl, ContCond::Ne, {1}, {64}, {0});
    sb.b.run(5);
    REQUIRE(sb.b.errors().size() == 1);
    CHECK(sb.b.errors().all()[0].message.find("1 <<= 64") != std::string::npos);
  }
}
