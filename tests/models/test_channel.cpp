// Channel: the latency-1 rule, capacity, order independence, activity tracking, ports.
#include "models/channel.h"
#include "sim/make_engine.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

TEST_CASE("channel: a push is visible next cycle, a freed slot next cycle", "[channel]") {
  Channel ch("c", Type::integer(32), 2);
  CHECK(ch.capacity() == 2);
  CHECK_FALSE(ch.valid());
  CHECK(ch.ready());
  ch.push(7);
  CHECK_FALSE(ch.valid()); // not in the cycle of the push
  CHECK(ch.pushedNow());
  CHECK(ch.pushedValue() == 7);
  ch.commit();
  CHECK(ch.valid());
  CHECK(ch.front() == 7);
  ch.push(8);
  ch.commit();
  CHECK(ch.count() == 2);
  CHECK_FALSE(ch.ready()); // full
  ch.pop();
  CHECK_FALSE(ch.ready()); // the freed slot is not visible in the cycle of the pop
  CHECK(ch.front() == 7);  // nor is the head gone
  ch.commit();
  CHECK(ch.ready());
  CHECK(ch.front() == 8);
  CHECK(ch.pushes() == 2);
  CHECK(ch.pops() == 1);
}

TEST_CASE("channel: push and pop in one cycle, in either order", "[channel]") {
  for (bool popFirst : {false, true}) {
    INFO("pop first: " << popFirst);
    Channel ch("c", Type::index(), 2);
    ch.preload(1);
    CHECK(ch.valid());
    // Cycle: the consumer reads and pops 1, the producer pushes 2.
    Bits seen = 0;
    if (popFirst) {
      seen = ch.front();
      ch.pop();
      ch.push(2);
    } else {
      ch.push(2);
      seen = ch.front();
      ch.pop();
    }
    CHECK(seen == 1);
    CHECK(ch.poppedValue() == 1);
    ch.commit();
    CHECK(ch.count() == 1);
    CHECK(ch.front() == 2);
  }
}

TEST_CASE("channel: ring buffer wraps, values are masked to the type", "[channel]") {
  Channel ch("c", Type::integer(8), 3);
  Bits next = 0, expect = 0;
  for (int cycle = 0; cycle < 20; ++cycle) {
    bool doPop = ch.valid() && cycle % 3 != 0;
    bool doPush = ch.ready();
    Bits front = doPop ? ch.front() : 0;
    if (doPush) ch.push(0x100 + next++);
    if (doPop) {
      CHECK(front == (expect++ & 0xff));
      ch.pop();
    }
    ch.commit();
  }
  CHECK(expect > 5);
  Channel none("n", Type::none(), 1);
  none.push(123);
  none.commit();
  CHECK(none.front() == 0);
}

TEST_CASE("channel: capacity is at least one", "[channel]") {
  Channel ch("c", Type::i1(), 0);
  CHECK(ch.capacity() == 1);
}

TEST_CASE("channel: activity list gets each active channel once", "[channel]") {
  ActivityList list(3); // a slot per channel: each is listed at most once a cycle
  Channel a("a", Type::index(), 2), b("b", Type::index(), 2), idle("i", Type::index(), 2);
  for (Channel* c : {&a, &b, &idle})
    c->setActivityList(&list);
  a.preload(5);
  a.push(1);
  a.pop();
  b.push(2);
  REQUIRE(list.size() == 2);
  CHECK(list[0] == &a);
  CHECK(list[1] == &b);
  for (Channel* c : list)
    c->commit();
  list.clear();
  a.pop(); // a new cycle: a is listed again
  CHECK(list.size() == 1);
}

TEST_CASE("channel: ports and wiring record producer and consumer", "[channel]") {
  // sim::Circuit wires in two phases: connect() declares, seal() creates the channels
  // and binds the ports (Bench::wiringErrors() seals).
  Bench b(sim::EngineKind::Clocked);
  auto& src = b.add<ScriptSource>("src", Tokens{1});
  auto& snk = b.add<RecordSink>("snk");
  uint32_t index = b.connect(src, 0, snk, 0, Type::index());
  CHECK(b.wiringErrors().empty());
  const Channel* ch = &b.circuit.channel(index);
  CHECK(src.outputChannel(0) == ch);
  CHECK(snk.inputChannel(0) == ch);
  CHECK(ch->producer() == &src);
  CHECK(ch->producerPort() == 0);
  CHECK(ch->consumer() == &snk);
  CHECK(ch->consumerPort() == 0);
  CHECK(ch->name() == "src:0 -> snk:0");
  // Binding a bound port again is refused and reported, and the circuit is not sound.
  // The circuit still binds the free end of such a channel: the other sink's input is
  // bound to a channel without a producer, so the double binding is the one error.
  Bench b2(sim::EngineKind::Clocked);
  auto& src2 = b2.add<ScriptSource>("src", Tokens{1});
  auto& snk2 = b2.add<RecordSink>("snk");
  auto& other = b2.add<RecordSink>("other");
  b2.connect(src2, 0, snk2, 0, Type::index());
  b2.connect(src2, 0, other, 0, Type::index());
  auto errs = b2.wiringErrors();
  REQUIRE(errs.size() == 1);
  CHECK(errs[0] == "channel src:0 -> other:0: output port 0 of 'src' is missing or already bound");
  CHECK_FALSE(b2.circuit.sound());
  CHECK(sim::makeEngine(sim::EngineKind::Clocked, b2.circuit) == nullptr);
  CHECK(sim::makeEngine(sim::EngineKind::Event, b2.circuit) == nullptr);
}

TEST_CASE("circuit: default capacity comes from the timing config", "[channel]") {
  TimingConfig t;
  t.channelCapacity = 5;
  Bench b(sim::EngineKind::Clocked, t);
  auto& s0 = b.add<ScriptSource>("s0", Tokens{});
  auto& s1 = b.add<ScriptSource>("s1", Tokens{});
  auto& k0 = b.add<RecordSink>("k0");
  auto& k1 = b.add<RecordSink>("k1");
  uint32_t x = b.connect(s0, 0, k0, 0, Type::index());
  uint32_t y = b.connect(s1, 0, k1, 0, Type::index(), 1);
  REQUIRE(b.wiringErrors().empty());
  CHECK(b.circuit.channel(x).capacity() == 5);
  CHECK(b.circuit.channel(y).capacity() == 1);
}
