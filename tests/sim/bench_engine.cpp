// Engine throughput on a large synthetic network: K independent for-loop sums (the
// stream -> gate -> carry + cond_br + addi chain of dfgs.h's sumLoop), each counting to
// N, elaborated from one DFG and invoked once per repetition. Reports channel
// transfers (pushes) per second of wall time for each engine.
//
//   bench_engine [K=1000] [N=1000] [repetitions=3] [event|clocked|both=both]
#include "dfgs.h"
#include "sim/elaborate.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>

using namespace loom;
using namespace loom::sim;
using namespace loom::sim::test;

namespace {

// entry(n, ctrl); chain k: sum_{i < n} i with start/step/init constants on the ctrl
// token; the return takes every chain's sum and the ctrl.
dfg::Graph parallelSums(int k) {
  DfgBuilder b;
  Type ix = Type::index(), none = Type::none();
  std::vector<Type> results(static_cast<size_t>(k), ix);
  Vertex entry = b.entry("bench/entry", {ix});
  Vertex ret = b.ret("bench/return", results);
  Vertex nFork = b.fork("bench/n.fork", ix, k);
  Vertex ctrlFork = b.fork("bench/ctrl.fork", none, 3 * k + 1);
  b.wire(entry, 0, nFork, 0);
  b.wire(entry, 1, ctrlFork, 0);
  b.wire(ctrlFork, static_cast<unsigned>(3 * k), ret, static_cast<unsigned>(k));
  for (int c = 0; c < k; ++c) {
    std::string p = "bench/chain" + std::to_string(c) + "/";
    unsigned u = static_cast<unsigned>(c);
    Vertex start = b.constant(p + "start", 0, ix);
    Vertex step = b.constant(p + "step", 1, ix);
    Vertex init = b.constant(p + "init", 0, ix);
    SumLoopOps loop = SumLoopOps::make(b, p, p + "add");
    b.wire(ctrlFork, 3 * u, start, 0);
    b.wire(ctrlFork, 3 * u + 1, step, 0);
    b.wire(ctrlFork, 3 * u + 2, init, 0);
    b.wire(start, 0, loop.stream, 0);
    b.wire(step, 0, loop.stream, 1);
    b.wire(nFork, u, loop.stream, 2);
    b.wire(init, 0, loop.carry, 1);
    loop.wireBody(b);
    b.wire(loop.br, 1, ret, u);
  }
  return std::move(b.g);
}

// CPU time of this thread: less disturbed than wall time on a shared machine.
double threadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

uint64_t totalPushes(const Circuit& c) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < c.numChannels(); ++i)
    n += c.channel(i).pushes();
  return n;
}

int benchmark(const dfg::Graph& g, EngineKind kind, int n, int reps) {
  Elaboration el = elaborate(g, {}, kind);
  if (!el.ok()) {
    std::fprintf(stderr, "elaboration failed: %s\n", el.errors.front().c_str());
    return 1;
  }
  Network& net = *el.network;
  Invocation inv;
  inv.scalars = {static_cast<Bits>(n)};
  double best = 0, bestCpu = 0;
  for (int r = 0; r < reps; ++r) {
    uint64_t pushes0 = totalPushes(net.circuit()), cycles0 = net.engine().cycle();
    uint64_t evals0 = net.engine().evaluations();
    auto t0 = std::chrono::steady_clock::now();
    double cpu0 = threadSeconds();
    InvocationResult res = net.invoke(inv);
    double cpu = threadSeconds() - cpu0;
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t expect = static_cast<uint64_t>(n) * static_cast<uint64_t>(n - 1) / 2;
    if (!res.done() || res.results.front() != expect) {
      std::fprintf(stderr, "wrong run: %s\n", res.message.c_str());
      return 1;
    }
    uint64_t transfers = totalPushes(net.circuit()) - pushes0;
    uint64_t cycles = net.engine().cycle() - cycles0;
    uint64_t evals = net.engine().evaluations() - evals0;
    double rate = static_cast<double>(transfers) / s;
    double cpuRate = static_cast<double>(transfers) / cpu;
    best = rate > best ? rate : best;
    bestCpu = cpuRate > bestCpu ? cpuRate : bestCpu;
    std::printf("%-7s rep %d: %llu transfers, %llu cycles, %llu op evaluations in %.3f s "
                "(%.3f s CPU): %.1f M transfers/s (%.1f M per CPU second), %.1f M "
                "evaluations/s\n",
                engineKindName(kind), r, static_cast<unsigned long long>(transfers),
                static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(evals), s,
                cpu, rate / 1e6, cpuRate / 1e6, static_cast<double>(evals) / s / 1e6);
  }
  std::printf("%-7s best: %.1f M transfers/s wall, %.1f M per CPU second\n", engineKindName(kind),
              best / 1e6, bestCpu / 1e6);
  return 0;
}

} // namespace

int main(int argc, char* argv[]) {
  int k = argc > 1 ? std::atoi(argv[1]) : 1000;
  int n = argc > 2 ? std::atoi(argv[2]) : 1000;
  int reps = argc > 3 ? std::atoi(argv[3]) : 3;
  std::string which = argc > 4 ? argv[4] : "both";
  dfg::Graph g = parallelSums(k);
  std::printf("%d parallel sum loops of %d iterations: %zu ops, %zu channels\n", k, n,
              g.numNodes() + static_cast<size_t>(k) + 1, g.numEdges() + static_cast<size_t>(k) + 1);
  for (EngineKind kind : {EngineKind::Event, EngineKind::Clocked})
    if (which != "both" && which != engineKindName(kind))
      continue;
    else if (int rc = benchmark(g, kind, n, reps))
      return rc;
  return 0;
}
