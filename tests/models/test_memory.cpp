// handshake.load, handshake.store, handshake.memory / handshake.extmemory.
#include "models/load.h"
#include "models/memory.h"
#include "models/store.h"
#include "testbench.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

std::shared_ptr<VectorBacking> ramp(size_t n) {
  auto m = std::make_shared<VectorBacking>(n);
  for (size_t i = 0; i < n; ++i)
    m->data()[i] = 100 + i;
  return m;
}

MemoryConfig ports(int loads, int stores, int latency, int loadsPerCycle = 1,
                   int storesPerCycle = 1) {
  MemoryConfig c;
  c.numLoads = loads;
  c.numStores = stores;
  c.latency = latency;
  c.loadsPerCycle = loadsPerCycle;
  c.storesPerCycle = storesPerCycle;
  return c;
}

} // namespace

MODEL_TEST_CASE("load: address and data halves fire independently", "[load]") {
  // addr/ctrl and memory data all arrive in c1: both halves fire in c1, c2.
  // Then ctrl for a third address arrives late (pushed c5): the address half waits,
  // the data half keeps going.
  Bench b;
  auto& ld = b.add<Load>("ld");
  b.feed(ld, Load::kAddr, Type::index(), {5, 6, 7});
  b.feed(ld, Load::kCtrl, Type::none(), {0, 0});
  b.feed(ld, Load::kMemData, Type::integer(32), {50, 60, 70});
  auto& data = b.collect(ld, Load::kData, Type::integer(32));
  auto& addr = b.collect(ld, Load::kMemAddr, Type::index());
  b.run(6);
  CHECK(addr.got() == Got{{2, 5}, {3, 6}});
  CHECK(data.got() == Got{{2, 50}, {3, 60}, {4, 70}});
  CHECK(ld.stats().firings == 5);
  CHECK(ld.stats().activeCycles == 3);
  CHECK(ld.stats().inputStallCycles == 2); // c4, c5: addr 7 waits for its ctrl
}

MODEL_TEST_CASE("store: data and address leave together, one per ctrl", "[store]") {
  // ctrl pushed in c2: the store fires in c3; sinks pop in c4.
  Bench b;
  auto& st = b.add<Store>("st");
  b.feed(st, Store::kAddr, Type::index(), {3});
  b.feed(st, Store::kData, Type::integer(32), {30});
  b.feed(st, Store::kCtrl, Type::none(), {0}, 0, /*start=*/2);
  auto& d = b.collect(st, Store::kMemData, Type::integer(32));
  auto& a = b.collect(st, Store::kMemAddr, Type::index());
  b.run(6);
  CHECK(d.got() == Got{{4, 30}});
  CHECK(a.got() == Got{{4, 3}});
}

TEST_CASE("memory: port numbering", "[memory]") {
  Memory m("m", MemoryKind::Memory, ports(2, 3, 1), ramp(4));
  CHECK(m.numInputs() == 2 * 3 + 2);
  CHECK(m.numOutputs() == 2 + 3 + 2);
  CHECK(m.storeDataInput(1) == 2);
  CHECK(m.storeAddrInput(1) == 3);
  CHECK(m.loadAddrInput(0) == 6);
  CHECK(m.loadDataOutput(1) == 1);
  CHECK(m.storeDoneOutput(0) == 2);
  CHECK(m.loadDoneOutput(1) == 6);
  CHECK(std::string(m.kindName()) == "handshake.memory");
  Memory e("e", MemoryKind::ExtMemory, memoryConfig(MemoryKind::ExtMemory, 1, 1, {}), ramp(4));
  CHECK(std::string(e.kindName()) == "handshake.extmemory");
  CHECK(e.config().latency == 10);
  CHECK(memoryConfig(MemoryKind::Memory, 1, 1, {}).latency == 1);
}

namespace {

// One store port and one load port, fed directly.
struct MemBench {
  Bench b;
  Memory& m;
  RecordSink *data, *stDone, *ldDone;
  MemBench(MemoryKind kind, int latency, Tokens stData, Tokens stAddr, Tokens ldAddr,
           uint64_t loadStart = 0, RecordSink::Pattern dataAccept = {}, int dataCapacity = 0)
      : m(b.add<Memory>("m", kind, ports(1, 1, latency), ramp(16))) {
    b.feed(m, m.storeDataInput(0), Type::integer(32), std::move(stData));
    b.feed(m, m.storeAddrInput(0), Type::index(), std::move(stAddr));
    b.feed(m, m.loadAddrInput(0), Type::index(), std::move(ldAddr), 0, loadStart);
    data =
        &b.collect(m, m.loadDataOutput(0), Type::integer(32), std::move(dataAccept), dataCapacity);
    stDone = &b.collect(m, m.storeDoneOutput(0), Type::none());
    ldDone = &b.collect(m, m.loadDoneOutput(0), Type::none());
  }
  Bits at(uint64_t a) { return m.backing().read(a); }
};

} // namespace

MODEL_TEST_CASE("memory: latency 1", "[memory]") {
  // Store (77 -> [3]) visible c1: issued and performed in c1, done popped in c2.
  // Load [3] pushed in c2: issued and performed in c3; data and done popped in c4.
  MemBench mb(MemoryKind::Memory, 1, {77}, {3}, {3}, /*loadStart=*/2);
  mb.b.run(1);
  CHECK(mb.at(3) == 103);
  mb.b.run(1); // c1
  CHECK(mb.at(3) == 77);
  mb.b.run(6);
  CHECK(mb.stDone->got() == Got{{2, 0}});
  CHECK(mb.data->got() == Got{{4, 77}});
  CHECK(mb.ldDone->got() == Got{{4, 0}});
  CHECK(mb.m.isQuiescent());
  CHECK(mb.b.quiescent());
}

MODEL_TEST_CASE("memory: extmemory latency 10, the done leaves when the write is performed",
                "[memory][extmemory]") {
  // Store issued in c1, due c1+9 = c10: the write and the done happen in c10 (popped
  // in c11). Load pushed in c11, issued in c12, performed in c21, popped in c22.
  MemBench mb(MemoryKind::ExtMemory, 10, {77}, {3}, {3}, /*loadStart=*/11);
  mb.b.run(10); // c0..c9
  CHECK(mb.at(3) == 103);
  CHECK(mb.m.hasWorkInFlight());
  CHECK_FALSE(mb.m.isQuiescent());
  mb.b.run(1); // c10
  CHECK(mb.at(3) == 77);
  mb.b.run(15);
  CHECK(mb.stDone->got() == Got{{11, 0}});
  CHECK(mb.data->got() == Got{{22, 77}});
  CHECK(mb.ldDone->got() == Got{{22, 0}});
  CHECK(mb.m.isQuiescent());
  checkEnginesAgree(
      [](Bench& x) {
        auto& m = x.add<Memory>("m", MemoryKind::ExtMemory, ports(1, 1, 10), ramp(16));
        x.feed(m, m.storeDataInput(0), Type::integer(32), {77});
        x.feed(m, m.storeAddrInput(0), Type::index(), {3});
        x.feed(m, m.loadAddrInput(0), Type::index(), {3}, 0, 11);
        x.collect(m, m.loadDataOutput(0), Type::integer(32));
        x.collect(m, m.storeDoneOutput(0), Type::none());
        x.collect(m, m.loadDoneOutput(0), Type::none());
      },
      30);
}

MODEL_TEST_CASE("memory: same-cycle accesses are performed in arrival order", "[memory]") {
  // Store and load to [5] both visible in c1: issued in c1 (store first), performed
  // in c1 in that order, so the load reads the stored value.
  MemBench mb(MemoryKind::Memory, 1, {55}, {5}, {5});
  mb.b.run(4);
  CHECK(mb.data->values() == Tokens{55});
  CHECK(mb.stDone->cycles() == std::vector<uint64_t>{2});
  CHECK(mb.ldDone->cycles() == std::vector<uint64_t>{2});
}

MODEL_TEST_CASE("memory: pipelined loads, latency 3", "[memory]") {
  // Addresses 0..3 visible c1..c4 (pushed c0..c3): issued c1..c4 (at most 3 queued),
  // performed c3..c6, popped c4..c7.
  MemBench mb(MemoryKind::Memory, 3, {}, {}, {0, 1, 2, 3});
  mb.b.run(10);
  CHECK(mb.data->got() == Got{{4, 100}, {5, 101}, {6, 102}, {7, 103}});
  CHECK(mb.m.stats().firings == 8); // 4 issues + 4 completions
}

MODEL_TEST_CASE("memory: output back-pressure holds the request", "[memory]") {
  // Latency 1, load data output capacity 1, its sink pops from c5.
  //   c1 issue+perform [0] (data output now full)
  //   c2 issue [1]; due but output full: held (queue 1 = latency: no more issues)
  //   c3..c5 output stall; c6 perform [1]; c7 issue [2], output full again (popped in c7)
  //   c8 perform [2].
  MemBench mb(
      MemoryKind::Memory, 1, {}, {}, {0, 1, 2}, 0, [](uint64_t c) { return c >= 5; }, 1);
  mb.b.run(12);
  CHECK(mb.data->got() == Got{{5, 100}, {7, 101}, {9, 102}});
  CHECK(mb.ldDone->cycles() == std::vector<uint64_t>{2, 7, 9});
  CHECK(mb.m.stats().outputStallCycles == 3); // c3..c5 (c2, c7 issued: fired)
  CHECK(mb.m.isQuiescent());
}

MODEL_TEST_CASE("memory: loads per cycle and round-robin arbitration", "[memory]") {
  auto build = [](Bench& x, int loadsPerCycle) -> std::vector<RecordSink*> {
    auto& m = x.add<Memory>("m", MemoryKind::Memory, ports(2, 0, 1, loadsPerCycle), ramp(4));
    x.feed(m, m.loadAddrInput(0), Type::index(), {0, 1});
    x.feed(m, m.loadAddrInput(1), Type::index(), {2, 3});
    std::vector<RecordSink*> s;
    s.push_back(&x.collect(m, m.loadDataOutput(0), Type::integer(32)));
    s.push_back(&x.collect(m, m.loadDataOutput(1), Type::integer(32)));
    x.collect(m, m.loadDoneOutput(0), Type::none());
    x.collect(m, m.loadDoneOutput(1), Type::none());
    return s;
  };
  SECTION("one load per cycle: ports alternate") {
    // c1 port 0 ([0]); c2 port 1 ([2]); c3 port 0 ([1]); c4 port 1 ([3]).
    Bench b;
    auto s = build(b, 1);
    b.run(8);
    CHECK(s[0]->got() == Got{{2, 100}, {4, 101}});
    CHECK(s[1]->got() == Got{{3, 102}, {5, 103}});
  }
  SECTION("two loads per cycle") {
    Bench b;
    auto s = build(b, 2);
    b.run(8);
    CHECK(s[0]->got() == Got{{2, 100}, {3, 101}});
    CHECK(s[1]->got() == Got{{2, 102}, {3, 103}});
  }
}

MODEL_TEST_CASE("memory: out-of-bounds addresses are op errors", "[memory]") {
  SECTION("load past the end") {
    MemBench mb(MemoryKind::Memory, 1, {}, {}, {16});
    CHECK(mb.b.runUntil([] { return false; }, 5).status == sim::RunStatus::OpError);
    REQUIRE(mb.b.errors().size() == 1);
    CHECK(mb.b.errors().all()[0].str() ==
          "handshake.memory 'm' at cycle 1: load port 0: address 16 out of bounds (size 16)");
    CHECK(mb.m.failed());
  }
  SECTION("negative store address") {
    MemBench mb(MemoryKind::ExtMemory, 10, {1}, {sx(-1)}, {});
    mb.b.run(3);
    REQUIRE(mb.b.errors().size() == 1);
    CHECK(mb.b.errors().all()[0].message == "store port 0: address -1 out of bounds (size 16)");
    CHECK(mb.data->count() == 0);
  }
}

MODEL_TEST_CASE("memory: store then load through the ctrl-done chain", "[memory]") {
  // store(addr 3, data 77, ctrl) -> memory; the store's done is the load's ctrl.
  //   c1 Store fires (pushes data+addr to memory)
  //   c2 memory issues the store; due c2 + (L-1); done pushed then
  //   load address half fires the cycle after (ctrl = done), memory issues the load
  //   the cycle after that, performs it L-1 later, load data half the cycle after,
  //   result sink the cycle after.
  // L = 1:  done c2, load addr c3, issue+perform c4, data half c5, sink c6.
  // L = 10: done c11, load addr c12, issue c13, perform c22, data half c23, sink c24.
  for (auto [kind, latency, sinkCycle] :
       {std::tuple{MemoryKind::Memory, 1, 6}, std::tuple{MemoryKind::ExtMemory, 10, 24}}) {
    INFO("latency " << latency);
    auto build = [kind = kind, latency = latency](Bench& b) -> RecordSink& {
      auto& m = b.add<Memory>("m", kind, ports(1, 1, latency), ramp(8));
      auto& st = b.add<Store>("st");
      auto& ld = b.add<Load>("ld");
      b.feed(st, Store::kAddr, Type::index(), {3});
      b.feed(st, Store::kData, Type::integer(32), {77});
      b.feed(st, Store::kCtrl, Type::none(), {0});
      b.connect(st, Store::kMemData, m, m.storeDataInput(0), Type::integer(32));
      b.connect(st, Store::kMemAddr, m, m.storeAddrInput(0), Type::index());
      b.connect(m, m.storeDoneOutput(0), ld, Load::kCtrl, Type::none());
      b.feed(ld, Load::kAddr, Type::index(), {3});
      b.connect(ld, Load::kMemAddr, m, m.loadAddrInput(0), Type::index());
      b.connect(m, m.loadDataOutput(0), ld, Load::kMemData, Type::integer(32));
      b.collect(m, m.loadDoneOutput(0), Type::none());
      return b.collect(ld, Load::kData, Type::integer(32));
    };
    Bench b;
    RecordSink& out = build(b);
    REQUIRE(b.wiringErrors().empty());
    b.run(30);
    CHECK(out.got() == Got{{static_cast<uint64_t>(sinkCycle), 77}});
    CHECK(b.quiescent());
    checkEnginesAgree([&](Bench& x) { build(x); }, 30);
  }
}

namespace {

// A transport (what the SystemC network's TLM socket is to the memory): performs each
// access on `store` when called and gives each request the next latency of `latencies`
// (0: fails it).
struct ScriptedTransport : MemoryTransport {
  VectorBacking& store;
  std::vector<uint64_t> latencies;
  size_t next = 0;
  std::vector<std::pair<bool, uint64_t>> calls; // (store?, address)
  ScriptedTransport(VectorBacking& s, std::vector<uint64_t> l)
      : store(s), latencies(std::move(l)) {}
  uint64_t transport(bool isStore, uint64_t addr, Bits& data, std::string& error) override {
    calls.emplace_back(isStore, addr);
    uint64_t latency = latencies[next++ % latencies.size()];
    if (latency == 0) {
      error = "the target answered TLM_ADDRESS_ERROR_RESPONSE";
      return 0;
    }
    if (isStore)
      store.write(addr, data);
    else
      data = store.read(addr);
    return latency;
  }
};

} // namespace

MODEL_TEST_CASE("memory: a transport's latency per request replaces the fixed one", "[memory]") {
  // Fixed latency 2 (two requests in flight per port); the transport says 5 for the
  // store and 3 for the load. Store 77 -> [3] issued c1, performed by the transport in
  // c1, its done leaves c1+5-1 = c5 (popped c6). Load [3] pushed c1, issued c2 (it reads
  // 77: performed in c2), due c2+3-1 = c4: data and done popped c5.
  MemBench mb(MemoryKind::ExtMemory, 2, {77}, {3}, {3}, /*loadStart=*/1);
  ScriptedTransport t(static_cast<VectorBacking&>(mb.m.backing()), {5, 3});
  mb.m.setTransport(&t);
  mb.b.run(2); // c0, c1
  CHECK(mb.at(3) == 77);
  mb.b.run(8);
  CHECK(t.calls == std::vector<std::pair<bool, uint64_t>>{{true, 3}, {false, 3}});
  CHECK(mb.stDone->got() == Got{{6, 0}});
  CHECK(mb.data->got() == Got{{5, 77}});
  CHECK(mb.ldDone->got() == Got{{5, 0}});
  CHECK(mb.m.isQuiescent());
  CHECK(mb.b.quiescent());
}

MODEL_TEST_CASE("memory: a request behind a slower one completes in order on its port",
                "[memory]") {
  // Two loads on one port, issued c1 and c2, latencies 6 and 1: the second is due at
  // c2 but waits for the first (due c6); both leave in c6 and c7.
  MemBench mb(MemoryKind::ExtMemory, 2, {}, {}, {4, 5});
  ScriptedTransport t(static_cast<VectorBacking&>(mb.m.backing()), {6, 1});
  mb.m.setTransport(&t);
  mb.b.run(10);
  CHECK(mb.data->got() == Got{{7, 104}, {8, 105}});
}

MODEL_TEST_CASE("memory: a transport that fails a request is the memory's op error", "[memory]") {
  MemBench mb(MemoryKind::ExtMemory, 2, {}, {}, {4});
  ScriptedTransport t(static_cast<VectorBacking&>(mb.m.backing()), {0});
  mb.m.setTransport(&t);
  mb.b.run(3);
  REQUIRE(mb.b.errors().size() == 1);
  CHECK(mb.b.errors().all()[0].message ==
        "load port 0: address 4: the target answered TLM_ADDRESS_ERROR_RESPONSE");
  CHECK(mb.data->got().empty());
}
