// Chains of the dataflow ops as the lowering wires them, checked token by token and
// cycle by cycle on both engines, and the same networks under the event engine and the
// test's reverse-order event stepper side by side with the clocked engine, which they
// must reproduce exactly (same transfers, same cycles, same counters).
#include "models/carry.h"
#include "models/compute.h"
#include "models/cond_br.h"
#include "models/fork.h"
#include "models/gate.h"
#include "models/invariant.h"
#include "models/sink.h"
#include "models/stream.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

// stream(0, 1, 4, +=, <), its start, step and bound fed.
Stream& streamTo4(Bench& b) {
  auto& s = b.add<Stream>("stream", StepOp::Add, ContCond::Lt);
  b.feed(s, Stream::kStart, Type::index(), {0});
  b.feed(s, Stream::kStep, Type::index(), {1});
  b.feed(s, Stream::kBound, Type::index(), {4});
  return s;
}

// stream(0, 1, 4, +=, <) -> gate -> {after_value: sink, after_cond: consumer.d}
struct LoopHead {
  Stream* s;
  Gate* g;
  RecordSink* body;
};
LoopHead streamGate(Bench& b) {
  auto& s = streamTo4(b);
  auto& g = b.add<Gate>("gate");
  b.connect(s, Stream::kIdx, g, Gate::kBeforeValue, Type::index());
  b.connect(s, Stream::kCont, g, Gate::kBeforeCond, Type::i1());
  auto& body = b.collect(g, Gate::kAfterValue, Type::index());
  return {&s, &g, &body};
}

// The consumer (a carry or an invariant) behind the loop head: its d the gate's
// after_cond, its other inputs fed by feed(op), its o recorded.
template <class Consumer> struct LoopChain {
  LoopHead head;
  Consumer* op;
  RecordSink* out;
};
template <class Consumer, class Feed>
LoopChain<Consumer> loopChain(Bench& b, const char* name, const Feed& feed) {
  LoopHead h = streamGate(b);
  auto& op = b.add<Consumer>(name);
  b.connect(*h.g, Gate::kAfterCond, op, Consumer::kD, Type::i1());
  feed(op);
  auto& out = b.collect(op, Consumer::kO, Type::index());
  return {h, &op, &out};
}

LoopChain<Carry> carryChain(Bench& b) {
  return loopChain<Carry>(b, "carry", [&](Carry& c) {
    b.feed(c, Carry::kA, Type::index(), {100});
    b.feed(c, Carry::kB, Type::index(), {7, 8, 9});
  });
}

LoopChain<Invariant> invariantChain(Bench& b) {
  return loopChain<Invariant>(
      b, "inv", [&](Invariant& inv) { b.feed(inv, Invariant::kA, Type::index(), {42}); });
}

// sum = 100; for i in [0, 4): sum += i  -- lowered as LOOM does (raw cont drives the
// iter-arg carry and the exit split, gate makes the body index):
//   idx, cont = stream(0, 1, 4)        cont -> fork3 -> gate.cond, carry.d, br.cond
//   i_body    = gate(idx, cont).value  (after_cond sunk)
//   s         = carry(cont, 100, next)
//   body, exit = cond_br(cont, s)
//   next      = addi(body, i_body)     (latency L)
struct SumLoop {
  RecordSink* exit;
  Compute* add;
};
SumLoop sumLoop(Bench& b, int addLatency) {
  auto& s = streamTo4(b);
  auto& f = b.add<Fork>("cont.fork", 3);
  auto& g = b.add<Gate>("gate");
  auto& c = b.add<Carry>("carry");
  auto& br = b.add<CondBr>("br");
  auto& add =
      b.add<Compute>("add", OpKind::AddI, ArithAttrs{}, Type::index(), Type::index(), addLatency);
  auto& sk = b.add<Sink>("after_cond.sink");
  b.connect(s, Stream::kCont, f, Fork::kIn, Type::i1());
  b.connect(s, Stream::kIdx, g, Gate::kBeforeValue, Type::index());
  b.connect(f, 0, g, Gate::kBeforeCond, Type::i1());
  b.connect(f, 1, c, Carry::kD, Type::i1());
  b.connect(f, 2, br, CondBr::kCond, Type::i1());
  b.connect(g, Gate::kAfterCond, sk, Sink::kIn, Type::i1());
  b.feed(c, Carry::kA, Type::index(), {100});
  b.connect(c, Carry::kO, br, CondBr::kData, Type::index());
  b.connect(br, CondBr::kTrue, add, 0, Type::index());
  b.connect(g, Gate::kAfterValue, add, 1, Type::index());
  b.connect(add, Compute::kResult, c, Carry::kB, Type::index());
  auto& exit = b.collect(br, CondBr::kFalse, Type::index());
  return {&exit, &add};
}

} // namespace

MODEL_TEST_CASE("chain: stream -> gate -> carry", "[chain]") {
  // stream: c1 activation, c2..c6 pairs (0,T) .. (4,F).
  // gate:   c3 head (push v0), c4 v1,T  c5 v2,T  c6 v3,T; c7 the F row finds
  //         after_cond full (T5, T6: carry pops only every other cycle): stall; c8 F.
  // carry:  c1 Init (push 100); c2..c4 wait for d; c5 d=T; c6 Loop (push 7);
  //         c7 d=T; c8 Loop (push 8); c9 d=T; c10 Loop (push 9); c11 d=F -> NeedInit.
  Bench b;
  LoopChain<Carry> ch = carryChain(b);
  b.run(1);
  CHECK(ch.op->phaseName() == std::string("NeedInit"));
  b.run(1); // c1
  CHECK(ch.op->phaseName() == std::string("NeedCond"));
  CHECK(ch.head.s->phaseName() == std::string("B"));
  b.run(4); // c2..c5
  CHECK(ch.op->phaseName() == std::string("NeedLoop"));
  CHECK(ch.head.g->phaseName() == std::string("NeedNext"));
  b.run(3); // c6..c8
  CHECK(ch.head.g->phaseName() == std::string("NeedHead"));
  CHECK(ch.head.s->phaseName() == std::string("A"));
  b.run(7);
  CHECK(ch.out->values() == Tokens{100, 7, 8, 9});
  CHECK(ch.out->cycles() == std::vector<uint64_t>{2, 7, 9, 11});
  CHECK(ch.head.body->values() == ints({0, 1, 2, 3}));
  CHECK(ch.head.body->cycles() == std::vector<uint64_t>{4, 5, 6, 7});
  CHECK(ch.head.g->stats().outputStallCycles == 1);
  CHECK(ch.op->phaseName() == std::string("NeedInit"));
  CHECK(b.quiescent());
  checkEnginesAgree([](Bench& x) { carryChain(x); }, 20);
}

MODEL_TEST_CASE("chain: stream -> gate -> invariant", "[chain]") {
  // gate fires c3..c7 (after_cond T in c4, c5, c6, F in c7; the invariant pops one d
  // per cycle, so no stall). invariant: c1 Init (push 42); c5, c6, c7 d=T (push 42);
  // c8 d=F -> NeedInit.
  Bench b;
  LoopChain<Invariant> ch = invariantChain(b);
  b.run(2);
  CHECK(ch.op->phaseName() == std::string("NeedCond"));
  b.run(7); // through c8
  CHECK(ch.op->phaseName() == std::string("NeedInit"));
  b.run(6);
  CHECK(ch.out->values() == Tokens{42, 42, 42, 42});
  CHECK(ch.out->cycles() == std::vector<uint64_t>{2, 6, 7, 8});
  CHECK(ch.head.g->stats().outputStallCycles == 0);
  CHECK(b.quiescent());
  checkEnginesAgree([](Bench& x) { invariantChain(x); }, 20);
}

MODEL_TEST_CASE("chain: accumulate loop (stream, fork, gate, carry, cond_br, addi)", "[chain]") {
  for (int latency : {1, 3}) {
    INFO("addi latency " << latency);
    Bench b;
    SumLoop loop = sumLoop(b, latency);
    REQUIRE(b.wiringErrors().empty());
    CHECK(b.runUntil([&] { return loop.exit->count() == 1; }, 200).status == sim::RunStatus::Done);
    CHECK(loop.exit->values() == Tokens{100 + 0 + 1 + 2 + 3});
    b.run(10);
    CHECK(b.quiescent());
    CHECK(loop.add->stats().firings == 4 * (latency == 1 ? 1 : 2));
    checkEnginesAgree([latency](Bench& x) { sumLoop(x, latency); }, 80);
  }
}
