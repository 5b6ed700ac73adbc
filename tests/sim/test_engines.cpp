// The two engines on hand-built DFGs: identical cycle counts, transfers, counters,
// phases and change-only traces, and the cycle numbers worked out by hand.
//
// Conventions of the derivations: a token pushed in cycle t is seen in t+1; a slot
// freed in t is seen in t+1; channels hold 2 tokens unless noted. "Start c" is the
// channel state at the start of cycle c.
#include "dfgs.h"
#include "engine_check.h"

#include <catch2/catch.hpp>

using namespace loom;
using namespace loom::sim;
using namespace loom::sim::test;

TEST_CASE("engines agree: for-loop sum (stream, gate, carry, cond_br, addi)", "[engine]") {
  // sum(0, 4, 100) = 100 + 0 + 1 + 2 + 3 = 106.
  //  c0  entry pushes lb, ub, init, ctrl
  //  c1  ctrl.fork sends both copies; carry NeedInit pushes 100
  //  c2  step.const pushes 1
  //  c3  stream activation (A -> B)
  //  c4, c5, c7, c8, c10  stream pushes (0,T) (1,T) (2,T) (3,T) (4,F); in c6 and c9
  //      the idx channel is full (the gate waits for cont through the fork): output
  //      stalls
  //  c5, c6, c8, c10, c13  cont.fork completes T0, T1, T2, T3, F (c9 and c11 send the
  //      gate's copy early; c12 both other copies are blocked: an output stall)
  //  carry: NeedCond c6, c9, c12, c15, c18 (F -> NeedInit); NeedLoop c8, c11, c14, c17
  //      pushing 100, 101, 103, 106 (add results of c7, c10, c13, c16)
  //  c18 exit.br sends 106 on false; c19 return fires; c20 the host sinks pop: done.
  EngineRun run = runBothEngines(sumLoop(), {call({0, 4, 100})});
  const InvocationResult& r = run.results[0];
  REQUIRE(r.status == InvocationStatus::Done);
  CHECK(r.results == std::vector<Bits>{106});
  CHECK(r.startCycle == 0);
  CHECK(r.endCycle == 21);

  // Transfers: N = 4 iterations, N + 1 = 5 stream pairs.
  CHECK(run.pushesOf("f/loop0/stream:0 -> f/loop0/gate:0") == 5);
  CHECK(run.pushesOf("f/loop0/cont.fork:1 -> f/loop0/carry:0") == 5);
  CHECK(run.pushesOf("f/loop0/gate:0 -> f/loop0/body/add:1") == 4);
  CHECK(run.pushesOf("f/loop0/gate:1 -> f/loop0/after_cond.sink:0") == 4);
  CHECK(run.pushesOf("f/loop0/carry:0 -> f/loop0/exit.br:1") == 5);
  CHECK(run.pushesOf("f/loop0/exit.br:0 -> f/loop0/body/add:0") == 4);
  CHECK(run.pushesOf("f/loop0/exit.br:1 -> f/return:0") == 1);

  const models::OpStats& stream = run.statsOf("f/loop0/stream");
  CHECK(stream.firings == 6);           // activation + 5 pairs
  CHECK(stream.activeCycles == 6);      // c3 c4 c5 c7 c8 c10
  CHECK(stream.outputStallCycles == 2); // c6 c9
  CHECK(stream.inputStallCycles == 2);  // c1 c2: start and bound in, step not yet
  const models::OpStats& fork = run.statsOf("f/loop0/cont.fork");
  CHECK(fork.firings == 15);                         // 5 tokens x 3 copies
  CHECK(fork.activeCycles == 7);                     // c5 c6 c8 c9 c10 c11 c13
  CHECK(fork.outputStallCycles == 1);                // c12
  CHECK(run.statsOf("f/loop0/carry").firings == 10); // init + 4 x (cond, loop) + final cond
  CHECK(run.quiescent);
}

TEST_CASE("engines agree: memory store then load ordered by the done token", "[engine]") {
  SECTION("handshake.memory (latency 1)") {
    // c0 entry; c1 store fires (addr, data, ctrl all from the entry); c2 the memory
    // issues and performs the store (due c2 + 1 - 1), st0.done out; c3 the load's
    // address half (ctrl = st0.done); c4 the memory issues and completes the load;
    // c5 the load's data half; c6 return; c7 the host pops: done, 8 cycles.
    EngineRun run = runBothEngines(storeThenLoad(NodeKind::Memory), {call({1, 1, 5})});
    REQUIRE(run.results[0].status == InvocationStatus::Done);
    CHECK(run.results[0].results == std::vector<Bits>{5});
    CHECK(run.results[0].cycles() == 8);
    CHECK(run.statsOf("f/mem").firings == 4); // issue + complete, for each access
  }
  SECTION("handshake.extmemory (latency 10) over the host's buffer") {
    // c2 store issued, due c2 + 10 - 1 = c11 (done out); c12 load address half; c13
    // load issued, due c22; c23 data half; c24 return; c25 host: done, 26 cycles.
    models::VectorBacking host(4, 0);
    EngineRun run = runBothEngines(storeThenLoad(NodeKind::ExtMemory), {call({2, 2, 9}, {&host})});
    REQUIRE(run.results[0].status == InvocationStatus::Done);
    CHECK(run.results[0].results == std::vector<Bits>{9});
    CHECK(run.results[0].cycles() == 26);
    // Both engines ran on the same host buffer; the store landed there.
    CHECK(host.data() == std::vector<Bits>{0, 0, 9, 0});
  }
}

TEST_CASE("engines agree: fork fan-out with a slow consumer", "[engine]") {
  // countTo(3): idx 0..3 forked to a fast sink and, over a capacity-1 channel, to a slow
  // one (a capacity-1 channel carries one token every other cycle).
  //  c3 stream activation; pushes (0,T) c4, (1,T) c5, (2,T) c6, (3,F) c8; c7 the idx
  //     channel is full: output stall
  //  idx.fork: c5 both copies of 0; c6 fast copy of 1 (slow channel full), c7 its slow
  //     copy; c8 fast 2, c9 slow 2; c10 fast 3, c11 slow 3
  //  cont: c5 .. c9 through cont.fork, exit.br sends F to the join in c10; c11 join;
  //  c12 return; c13 host: done, 14 cycles.
  EngineRun run = runBothEngines(countTo(), {call({3})});
  REQUIRE(run.results[0].status == InvocationStatus::Done);
  CHECK(run.results[0].cycles() == 14);
  CHECK(run.pushesOf("f/loop0/idx.fork:1 -> f/loop0/slow.sink:0") == 4);
  CHECK(run.pushesOf("f/loop0/idx.fork:0 -> f/loop0/fast.sink:0") == 4);
  CHECK(run.pushesOf("f/loop0/exit.br:0 -> f/loop0/true.sink:0") == 3);
  CHECK(run.pushesOf("f/loop0/exit.br:1 -> f/exit.join:0") == 1);
  const models::OpStats& fork = run.statsOf("f/loop0/idx.fork");
  CHECK(fork.firings == 8);                                    // 4 tokens x 2 copies
  CHECK(fork.activeCycles == 7);                               // c5 .. c11
  CHECK(run.statsOf("f/loop0/stream").outputStallCycles == 1); // c7
  CHECK(run.quiescent);
}

TEST_CASE("engines agree on stalls that begin without channel activity", "[engine]") {
  // A self-timed op's own state can turn its cycles into output stalls with no channel
  // of it changing: a result finishing, a held token coming of age, a request coming due,
  // each into a full output. The event engine evaluates it in that first cycle of the
  // stall (nextWake()), so a skipped cycle has the class of the last evaluated one.
  models::TimingConfig t;
  SECTION("a held token comes of age behind a full output (derived by hand)") {
    // Capacity-1 channels (a token every other cycle), the slow addi of latency 8, n = 1:
    // idx 0 (with T) and 1 (with F). The seq buffer of 4 slots (a token popped in t may
    // leave in t + 3) takes 0 in c6 and 1 in c8; 0 leaves in c9 into the empty meet
    // channel. c10: 1 is too young (until c11), idle. From c11 on 1 may leave, but the
    // meet channel holds 0 until the join pops it in c14 (the addi's 0 + 0 was pushed in
    // c13): output stalls c11 .. c14, after the buffer's last channel change in c9. c15:
    // 1 leaves. The return's done reaches the host in c11 (end 12); the drain runs to the
    // quiet c18: 19 cycles.
    t.channelCapacity = 1;
    t.intAluLatency = 8;
    EngineRun run = runBothEngines(pipelinesMeet(Fast::Buffer), {call({1})}, t, /*drain=*/true);
    REQUIRE(run.results[0].status == InvocationStatus::Done);
    CHECK(run.results[0].endCycle == 12);
    CHECK(run.cycles == 19);
    CHECK(run.drained);
    CHECK(run.quiescent);
    const models::OpStats& buf = run.statsOf("f/loop0/buffer");
    CHECK(buf.firings == 4);           // accept 0, accept 1, emit 0, emit 1
    CHECK(buf.activeCycles == 4);      // c6 c8 c9 c15
    CHECK(buf.outputStallCycles == 4); // c11 .. c14
    CHECK(buf.inputStallCycles == 0);  // waiting only for its own tokens to age: idle
  }
  SECTION("a pipelined unit's result finishes into a full output") {
    t.intAluLatency = 16;
    EngineRun run = runBothEngines(pipelinesMeet(Fast::Compute), {call({7})}, t, /*drain=*/true);
    REQUIRE(run.results[0].status == InvocationStatus::Done);
    CHECK(run.quiescent);
    CHECK(run.statsOf("f/loop0/fast").outputStallCycles > 0);
  }
  SECTION("a memory request comes due behind full outputs") {
    t.channelCapacity = 1;
    t.extmemoryLatency = 3;
    t.intAluLatency = 12;
    models::VectorBacking host(8, 7);
    EngineRun run =
        runBothEngines(pipelinesMeet(Fast::Memory), {call({2}, {&host})}, t, /*drain=*/true);
    REQUIRE(run.results[0].status == InvocationStatus::Done);
    CHECK(run.quiescent);
    CHECK(run.statsOf("f/mem").outputStallCycles > 0);
  }
  SECTION("over a sweep of latencies, capacities and trip counts") {
    for (Fast kind : {Fast::Compute, Fast::Memory, Fast::Buffer})
      for (int cap = 1; cap <= 2; ++cap)
        for (int lat = 2; lat <= 12; lat += 2)
          for (int slow = 4; slow <= 40; slow += 9)
            for (Bits n = 1; n <= 7; n += 2) {
              models::TimingConfig s;
              s.channelCapacity = cap;
              s.intMulLatency = lat;
              s.extmemoryLatency = lat;
              s.intAluLatency = slow;
              INFO("cap " << cap << " latency " << lat << " slow " << slow << " n " << n);
              models::VectorBacking host(8, 7);
              std::vector<models::MemoryBacking*> mems;
              if (kind == Fast::Memory) mems.push_back(&host);
              runBothEngines(pipelinesMeet(kind), {call({n}, mems)}, s, /*drain=*/true);
            }
  }
}

TEST_CASE("engines agree: join waiting for a token that never comes", "[engine]") {
  // b = 0: c0 entry; c1 ctrl.fork; c2 br sends ctrl to the false sink, the join has
  // input 0 only; c3 the sink pops; c4 nothing moves and nothing is busy: deadlock.
  EngineRun run = runBothEngines(gatedJoin(), {call({0})});
  CHECK(run.results[0].status == InvocationStatus::Deadlock);
  CHECK(run.results[0].endCycle == 5);
}

TEST_CASE("engines agree over repeated invocations", "[engine]") {
  // The same network three times; each invocation starts where the last ended.
  EngineRun run =
      runBothEngines(sumLoop(), {call({0, 4, 100}), call({0, 4, 100}), call({2, 5, 0})});
  CHECK(run.results[1].startCycle == 21);
  CHECK(run.results[1].endCycle == 42);
  CHECK(run.results[2].results == std::vector<Bits>{9});
}

TEST_CASE("engines agree under other timing", "[engine]") {
  // Capacity-1 channels and a slow adder change every cycle number; still identical.
  models::TimingConfig t;
  t.channelCapacity = 1;
  t.intAluLatency = 3;
  EngineRun run = runBothEngines(sumLoop(), {call({0, 6, 1})}, t);
  CHECK(run.results[0].results == std::vector<Bits>{16});
  models::VectorBacking host(4, 0);
  t.extmemoryLatency = 2;
  runBothEngines(storeThenLoad(NodeKind::ExtMemory), {call({3, 3, 4}, {&host})}, t);
}

TEST_CASE("an observer sees only changes", "[engine]") {
  // Without changes there are no callbacks: 21 cycles, but far fewer lines than
  // cycles x (channels + ops).
  EngineRun run = runDfg(sumLoop(), EngineKind::Event, {call({0, 4, 100})});
  size_t channelLines = 0;
  for (const std::string& l : run.trace)
    if (l.find(" ch") != std::string::npos) ++channelLines;
  uint64_t transfers = 0;
  for (size_t i = 0; i < run.pushes.size(); ++i)
    transfers += run.pushes[i];
  // Each channel line reports a push, a pop, or both, of one channel in one cycle.
  CHECK(channelLines <= 2 * transfers);
  CHECK(channelLines >= transfers);
  CHECK(run.trace.front().rfind("c0 ", 0) == 0);
}
