// Compute units: latency, throughput, back-pressure (stall as a whole), evaluation
// errors, attributes, and the latency classes of TimingConfig.
#include "models/compute.h"
#include "models/cond_br.h"
#include "models/timing.h"
#include "testbench.h"

#include <catch2/catch.hpp>
#include <set>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

struct BinBench {
  Bench b;
  Compute& c;
  RecordSink* out;
  BinBench(OpKind k, Type t, int latency, Tokens lhs, Tokens rhs, RecordSink::Pattern accept = {},
           int outCapacity = 0, Type resultType = Type::none(), ArithAttrs attrs = {})
      : c(b.add<Compute>("c", k, attrs, t, resultType.isNone() ? t : resultType, latency)) {
    b.feed(c, 0, t, std::move(lhs));
    b.feed(c, 1, t, std::move(rhs));
    out = &b.collect(c, Compute::kResult, resultType.isNone() ? t : resultType, std::move(accept),
                     outCapacity);
  }
};

} // namespace

MODEL_TEST_CASE("compute: latency L, one operation per cycle", "[compute][arith]") {
  SECTION("L = 1: pop and push in the same cycle") {
    // Operands visible c1, c2: results pushed c1, c2, popped c2, c3.
    BinBench bb(OpKind::AddI, Type::integer(32), 1, {1, 2}, {10, 20});
    bb.b.run(6);
    CHECK(bb.out->got() == Got{{2, 11}, {3, 22}});
    CHECK(bb.c.stats().firings == 2);
  }
  SECTION("L = 3 (muli default): pushed in t+2, seen in t+3") {
    // Popped c1, c2, c3 -> pushed c3, c4, c5 -> popped c4, c5, c6.
    BinBench bb(OpKind::MulI, Type::integer(32), 3, {2, 3, 4}, {10, 10, 10});
    bb.b.run(2);
    CHECK(bb.c.inFlightCount() == 1);
    CHECK(bb.c.advancesNextCycle());
    CHECK_FALSE(bb.c.isQuiescent());
    bb.b.run(8);
    CHECK(bb.out->got() == Got{{4, 20}, {5, 30}, {6, 40}});
    CHECK(bb.c.isQuiescent());
    CHECK(bb.c.stats().firings == 6); // 3 accepts + 3 emits
    CHECK(bb.c.stats().activeCycles == 5);
    checkEnginesAgree(
        [](Bench& x) {
          auto& c = x.add<Compute>("c", OpKind::MulI, ArithAttrs{}, Type::integer(32),
                                   Type::integer(32), 3);
          x.feed(c, 0, Type::integer(32), {2, 3, 4});
          x.feed(c, 1, Type::integer(32), {10, 10, 10});
          x.collect(c, Compute::kResult, Type::integer(32));
        },
        12);
  }
}

MODEL_TEST_CASE("compute: back-pressure stalls the whole pipeline", "[compute]") {
  // L = 3, output capacity 1, sink pops from c8. Operations a..d (operands ready).
  //   c1 accept a   c2 accept b   c3 push a (output full), accept c
  //   c4..c8 b is in the last stage, output full: stall, nothing accepted (the pop in
  //   c8 is visible in c9)
  //   c9 push b, accept d   c10 stall (b popped in c10)   c11 push c
  //   c12 stall   c13 push d
  auto build = [](Bench& x) -> std::pair<Compute*, RecordSink*> {
    auto& c = x.add<Compute>("c", OpKind::SubI, ArithAttrs{}, Type::index(), Type::index(), 3);
    x.feed(c, 0, Type::index(), {10, 20, 30, 40});
    x.feed(c, 1, Type::index(), {1, 2, 3, 4});
    auto& o = x.collect(
        c, Compute::kResult, Type::index(), [](uint64_t t) { return t >= 8; }, 1);
    return {&c, &o};
  };
  Bench b;
  auto [c, o] = build(b);
  b.run(5);
  CHECK(c->inFlightCount() == 2);      // b and c wait behind the full output
  CHECK_FALSE(c->advancesNextCycle()); // nothing moves until the output frees
  b.run(12);
  CHECK(o->got() == Got{{8, 9}, {10, 18}, {12, 27}, {14, 36}});
  CHECK(c->stats().outputStallCycles == 7); // c4..c8, c10, c12
  CHECK(c->stats().firings == 8);
  CHECK(b.quiescent());
  checkEnginesAgree([&](Bench& x) { build(x); }, 20);
}

MODEL_TEST_CASE("compute: evaluation errors are op errors", "[compute]") {
  SECTION("divsi by zero") {
    BinBench bb(OpKind::DivSI, Type::integer(32), 8, {7, 8}, {0, 1});
    CHECK(bb.b.runUntil([] { return false; }, 20).status == sim::RunStatus::OpError);
    REQUIRE(bb.b.errors().size() == 1);
    const OpError& e = bb.b.errors().all()[0];
    CHECK(e.op == &bb.c);
    CHECK(e.cycle == 1);
    CHECK(e.message ==
          std::string(evalErrorMessage(EvalError::DivisionByZero)) + " (operands 7 0)");
    CHECK(e.str().rfind("arith.divsi 'c' at cycle 1: ", 0) == 0);
    CHECK(bb.out->count() == 0);
    // The failed unit stays stopped: its operands are not consumed.
    CHECK(bb.c.inputChannel(0)->count() >= 1);
  }
  SECTION("remsi of a negative by zero names the signed operand") {
    BinBench bb(OpKind::RemSI, Type::integer(32), 8, {sx(-5) & 0xffffffff}, {0});
    bb.b.run(3);
    REQUIRE(bb.b.errors().size() == 1);
    CHECK(bb.b.errors().all()[0].message.find("(operands -5 0)") != std::string::npos);
  }
}

MODEL_TEST_CASE("compute: attributes, result types and operand counts", "[compute]") {
  SECTION("cmpi slt on i32 gives i1") {
    ArithAttrs a;
    a.cmpi = CmpIPred::slt;
    BinBench bb(OpKind::CmpI, Type::integer(32), 1, {1, 5, sx(-1) & 0xffffffff}, {3, 3, 0}, {}, 0,
                Type::i1(), a);
    bb.b.run(6);
    CHECK(bb.out->values() == Tokens{1, 0, 1});
  }
  SECTION("select takes three operands") {
    Bench b;
    auto& c = b.add<Compute>("sel", OpKind::Select, ArithAttrs{}, Type::integer(32),
                             Type::integer(32), 1);
    REQUIRE(c.numInputs() == 3);
    b.feed(c, 0, Type::i1(), {1, 0});
    b.feed(c, 1, Type::integer(32), {10, 11});
    b.feed(c, 2, Type::integer(32), {20, 21});
    auto& o = b.collect(c, Compute::kResult, Type::integer(32));
    b.run(5);
    CHECK(o.values() == Tokens{10, 21});
  }
  SECTION("casts take one operand") {
    CHECK(computeArity(OpKind::IndexCast) == 1);
    CHECK(computeArity(OpKind::NegF) == 1);
    CHECK(computeArity(OpKind::AddF) == 2);
  }
  SECTION("math ops: one operand, two (copysign, atan2, powf, fpowi) or three (fma)") {
    CHECK(computeArity(OpKind::Exp) == 1);
    CHECK(computeArity(OpKind::IsNaN) == 1);
    CHECK(computeArity(OpKind::CtLz) == 1);
    CHECK(computeArity(OpKind::CopySign) == 2);
    CHECK(computeArity(OpKind::FPowI) == 2);
    CHECK(computeArity(OpKind::Fma) == 3);
  }
  SECTION("fma: three operands, latency 4") {
    Bench b;
    auto& c = b.add<Compute>("fma", OpKind::Fma, ArithAttrs{}, Type::f32(), Type::f32(), 4);
    REQUIRE(c.numInputs() == 3);
    b.feed(c, 0, Type::f32(), {bitsFromF32(2.0f), bitsFromF32(0.5f)});
    b.feed(c, 1, Type::f32(), {bitsFromF32(3.0f), bitsFromF32(4.0f)});
    b.feed(c, 2, Type::f32(), {bitsFromF32(1.0f), bitsFromF32(-2.0f)});
    auto& o = b.collect(c, Compute::kResult, Type::f32());
    b.run(8);
    CHECK(o.values() == Tokens{bitsFromF32(7.0f), bitsFromF32(0.0f)});
  }
}

TEST_CASE("timing: defaults, keys and latency classes", "[timing]") {
  TimingConfig t;
  CHECK(t.channelCapacity == 2);
  CHECK(latencyOf(t, LatencyClass::IntAlu) == 1);
  CHECK(latencyOf(t, LatencyClass::IntMul) == 3);
  CHECK(latencyOf(t, LatencyClass::IntDiv) == 8);
  CHECK(latencyOf(t, LatencyClass::FloatAdd) == 4);
  CHECK(latencyOf(t, LatencyClass::FloatMul) == 4);
  CHECK(latencyOf(t, LatencyClass::FloatDiv) == 12);
  CHECK(latencyOf(t, LatencyClass::FloatSign) == 1);
  CHECK(latencyOf(t, LatencyClass::FloatRound) == 2);
  CHECK(latencyOf(t, LatencyClass::FloatSqrt) == 12);
  CHECK(latencyOf(t, LatencyClass::FloatFma) == 4);
  CHECK(latencyOf(t, LatencyClass::FloatFunc) == 20);
  CHECK(t.memoryLatency == 1);
  CHECK(t.extmemoryLatency == 10);
  CHECK(t.loadsPerCycle == 1);
  CHECK(t.storesPerCycle == 1);

  // Every field is listed once, under a distinct key, and reaches its member.
  std::set<std::string> keys;
  TimingConfig probe;
  int v = 100;
  for (const TimingField& f : timingFields()) {
    keys.insert(f.key);
    probe.*(f.member) = v++;
    CHECK(f.minimum == 1);
  }
  CHECK(keys.size() == timingFields().size());
  CHECK(probe.channelCapacity == 100);
  CHECK(probe.storesPerCycle == 115);
  // Flat ints and the per-channel map (read apart, "channels"): no int field missed.
  CHECK(sizeof(TimingConfig) ==
        timingFields().size() * sizeof(int) + sizeof(std::shared_ptr<const ChannelCapacities>));

  CHECK(latencyClassOf(OpKind::AddI) == LatencyClass::IntAlu);
  CHECK(latencyClassOf(OpKind::CmpI) == LatencyClass::IntAlu);
  CHECK(latencyClassOf(OpKind::Select) == LatencyClass::IntAlu);
  CHECK(latencyClassOf(OpKind::MulI) == LatencyClass::IntMul);
  CHECK(latencyClassOf(OpKind::RemUI) == LatencyClass::IntDiv);
  CHECK(latencyClassOf(OpKind::FloorDivSI) == LatencyClass::IntDiv);
  CHECK(latencyClassOf(OpKind::SubF) == LatencyClass::FloatAdd);
  CHECK(latencyClassOf(OpKind::CmpF) == LatencyClass::FloatAdd);
  CHECK(latencyClassOf(OpKind::SIToFP) == LatencyClass::FloatAdd);
  CHECK(latencyClassOf(OpKind::MulF) == LatencyClass::FloatMul);
  CHECK(latencyClassOf(OpKind::DivF) == LatencyClass::FloatDiv);
  CHECK(latencyClassOf(OpKind::RemF) == LatencyClass::FloatDiv);
  CHECK(latencyClassOf(OpKind::AbsI) == LatencyClass::IntAlu);
  CHECK(latencyClassOf(OpKind::CtPop) == LatencyClass::IntAlu);
  CHECK(latencyClassOf(OpKind::AbsF) == LatencyClass::FloatSign);
  CHECK(latencyClassOf(OpKind::IsNaN) == LatencyClass::FloatSign);
  CHECK(latencyClassOf(OpKind::RoundEven) == LatencyClass::FloatRound);
  CHECK(latencyClassOf(OpKind::Rsqrt) == LatencyClass::FloatSqrt);
  CHECK(latencyClassOf(OpKind::Fma) == LatencyClass::FloatFma);
  CHECK(latencyClassOf(OpKind::Exp) == LatencyClass::FloatFunc);
  CHECK(latencyClassOf(OpKind::FPowI) == LatencyClass::FloatFunc);
  // Every op a compute unit can hold has a latency class.
  for (int k = 0; k <= static_cast<int>(OpKind::CtPop); ++k)
    if (isMathOp(static_cast<OpKind>(k))) CHECK(latencyClassOf(static_cast<OpKind>(k)).has_value());
  CHECK_FALSE(latencyClassOf(OpKind::MemRefLoad).has_value());
  CHECK_FALSE(latencyClassOf(OpKind::ArithConstant).has_value());
}

// LLVM's poison (docs/design.md "Poison"): an oversized shift makes a poison token, which
// moves like any other until something decides or addresses with it.
MODEL_TEST_CASE("compute: poison travels to what observes it", "[compute][poison]") {
  const Type i32 = Type::integer(32);
  SECTION("a select that picks the other operand discards it") {
    Bench b;
    auto& sh = b.add<Compute>("sh", OpKind::ShRUI, ArithAttrs{}, i32, i32, 1);
    b.feed(sh, 0, i32, {40, 40});
    b.feed(sh, 1, i32, {32, 3}); // 40 >> 32 is poison; 40 >> 3 is 5
    auto& sel = b.add<Compute>("sel", OpKind::Select, ArithAttrs{}, i32, i32, 1);
    b.feed(sel, 0, Type::i1(), {0, 1});
    b.connect(sh, Compute::kResult, sel, 1, i32);
    b.feed(sel, 2, i32, {7, 8});
    auto& o = b.collect(sel, Compute::kResult, i32);
    b.run(8);
    CHECK(b.errors().size() == 0);
    CHECK(o.values() == Tokens{7, 5});
  }
  SECTION("a cond_br on a poison condition is an op error naming the op that made it") {
    Bench b;
    auto& sh = b.add<Compute>("sh", OpKind::ShLI, ArithAttrs{}, Type::i1(), Type::i1(), 1);
    b.feed(sh, 0, Type::i1(), {1});
    b.feed(sh, 1, Type::i1(), {1}); // i1 shifted by 1: poison
    auto& br = b.add<CondBr>("br");
    b.connect(sh, Compute::kResult, br, CondBr::kCond, Type::i1());
    b.feed(br, CondBr::kData, i32, {9});
    auto& t = b.collect(br, CondBr::kTrue, i32);
    auto& f = b.collect(br, CondBr::kFalse, i32);
    b.run(6);
    REQUIRE(b.errors().size() == 1);
    CHECK(b.errors().all()[0].op == &br);
    CHECK(b.errors().all()[0].message ==
          "the condition is a poison value, made by 'sh' (arith.shli: shift amount is not less "
          "than the bit width)");
    CHECK(t.values().empty());
    CHECK(f.values().empty());
  }
  SECTION("a division by a poison value stops the division") {
    Bench b;
    auto& sh = b.add<Compute>("sh", OpKind::ShRSI, ArithAttrs{}, i32, i32, 1);
    b.feed(sh, 0, i32, {64});
    b.feed(sh, 1, i32, {33});
    auto& div = b.add<Compute>("div", OpKind::DivUI, ArithAttrs{}, i32, i32, 1);
    b.feed(div, 0, i32, {100});
    b.connect(sh, Compute::kResult, div, 1, i32);
    b.collect(div, Compute::kResult, i32);
    b.run(6);
    REQUIRE(b.errors().size() == 1);
    CHECK(b.errors().all()[0].op == &div);
    CHECK(b.errors().all()[0].message.rfind("the divisor is a poison value, made by 'sh'", 0) == 0);
  }
}
