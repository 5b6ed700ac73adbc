// Small DFGs built by hand for the engine tests, as the lowering would wire them
// (materialized: forks for fan-out, sinks for unused values). Node names carry the
// hierarchy function/loop/... so that the SystemC shell has something to show.
#pragma once

#include "dfg/dfg.h"
#include "sim/network.h"

#include <string>
#include <vector>

namespace loom::sim::test {

using dfg::NodeKind;
using dfg::Vertex;

// One call of a network built from these DFGs: its scalar arguments and its memories.
inline Invocation call(std::vector<Bits> scalars, std::vector<models::MemoryBacking*> mems = {}) {
  Invocation inv;
  inv.scalars = std::move(scalars);
  inv.memories = std::move(mems);
  return inv;
}

// dfg::Graph plus the boilerplate of hand-made nodes (every output Role::Data, rate
// function entry: the ledger is not what these tests are about).
struct DfgBuilder {
  dfg::Graph g;

  Vertex node(NodeKind kind, std::string name, std::vector<Type> ins, std::vector<Type> outs) {
    dfg::Node n;
    n.kind = kind;
    n.name = std::move(name);
    n.inTypes = std::move(ins);
    n.outTypes = std::move(outs);
    n.outRoles.assign(n.outTypes.size(), dfg::Role::Data);
    n.outRates.assign(n.outTypes.size(), dfg::Rate::entry());
    return g.addNode(std::move(n));
  }
  Vertex entry(std::string name, std::vector<Type> scalars) {
    scalars.push_back(Type::none());
    g.entry = node(NodeKind::Entry, std::move(name), {}, std::move(scalars));
    return g.entry;
  }
  Vertex ret(std::string name, std::vector<Type> results) {
    std::vector<Type> ins = results, outs = results;
    ins.push_back(Type::none());
    outs.push_back(Type::none());
    g.ret = node(NodeKind::Return, std::move(name), std::move(ins), std::move(outs));
    return g.ret;
  }
  Vertex constant(std::string name, Bits value, Type t) {
    Vertex v = node(NodeKind::Constant, std::move(name), {Type::none()}, {std::move(t)});
    g.node(v).constValue = value;
    return v;
  }
  Vertex fork(std::string name, Type t, int n) {
    return node(NodeKind::Fork, std::move(name), {t}, std::vector<Type>(n, t));
  }
  Vertex sink(std::string name, Type t) {
    return node(NodeKind::Sink, std::move(name), {std::move(t)}, {});
  }
  Vertex compute(std::string name, OpKind op, std::vector<Type> ins, Type out) {
    Vertex v = node(NodeKind::Compute, std::move(name), std::move(ins), {std::move(out)});
    g.node(v).arith = op;
    return v;
  }
  Vertex memory(std::string name, NodeKind kind, Type mem, unsigned stores, unsigned loads) {
    Type elem = mem.mem->elem;
    std::vector<Type> ins, outs;
    for (unsigned s = 0; s < stores; ++s) {
      ins.push_back(elem);
      ins.push_back(Type::index());
    }
    for (unsigned l = 0; l < loads; ++l) {
      ins.push_back(Type::index());
      outs.push_back(elem);
    }
    for (unsigned k = 0; k < stores + loads; ++k)
      outs.push_back(Type::none());
    Vertex v = node(kind, std::move(name), ins, outs);
    dfg::Node& n = g.node(v);
    n.numStores = stores;
    n.numLoads = loads;
    n.memType = mem;
    return v;
  }
  // A channel from output `port` of `from` to input `dst` of `to`.
  dfg::EdgeId wire(Vertex from, unsigned port, Vertex to, unsigned dst, unsigned capacity = 0) {
    dfg::EdgeId e = g.connect({from, port}, to, dst);
    g.edge(e).capacity = capacity;
    return e;
  }
};

// sum(lb, ub, init): s = init; for i in [lb, ub) step 1: s += i; return s.
// Lowered as LOOM does (spec-dataflow-compilation): the raw will-continue stream drives
// the iter-arg carry and its exit split, the gate makes the body index.
//
//   entry(lb, ub, init, ctrl)
//   ctrl -> f/ctrl.fork -> {f/loop0/step.const (1), f/ret.ctrl}
//   idx, cont = f/loop0/stream(lb, step, ub)        (+=, <)
//   cont -> f/loop0/cont.fork -> {gate.cond, carry.d, exit.br.cond}
//   i_body = f/loop0/gate(idx, cont).after_value    (after_cond -> sink)
//   s = f/loop0/carry(cont, init, next)
//   body, exit = f/loop0/exit.br(cont, s)
//   next = f/loop0/body/add(body, i_body)           (arith.addi, latency 1)
//   return(exit, ctrl)
// The loop of sumLoop, under `prefix` ("f/loop0/"): its ops, made in this order by
// make(), and the channels among them, wired by wireBody(); the caller wires the
// stream's start, step and bound, the carry's init (a) and the exit (br's false side).
struct SumLoopOps {
  Vertex stream, contFork, gate, condSink, carry, br, add;

  static SumLoopOps make(DfgBuilder& b, const std::string& prefix, const std::string& addName) {
    Type ix = Type::index(), i1 = Type::i1();
    SumLoopOps l;
    l.stream = b.node(NodeKind::Stream, prefix + "stream", {ix, ix, ix}, {ix, i1});
    l.contFork = b.fork(prefix + "cont.fork", i1, 3);
    l.gate = b.node(NodeKind::Gate, prefix + "gate", {ix, i1}, {ix, i1});
    l.condSink = b.sink(prefix + "after_cond.sink", i1);
    l.carry = b.node(NodeKind::Carry, prefix + "carry", {i1, ix, ix}, {ix});
    l.br = b.node(NodeKind::CondBr, prefix + "exit.br", {i1, ix}, {ix, ix});
    l.add = b.compute(addName, OpKind::AddI, {ix, ix}, ix);
    return l;
  }
  void wireBody(DfgBuilder& b) const {
    b.wire(stream, 0, gate, 0);
    b.wire(stream, 1, contFork, 0);
    b.wire(contFork, 0, gate, 1);
    b.wire(contFork, 1, carry, 0);
    b.wire(contFork, 2, br, 0);
    b.wire(gate, 1, condSink, 0);
    b.wire(carry, 0, br, 1);
    b.wire(br, 0, add, 0);
    b.wire(gate, 0, add, 1);
    b.wire(add, 0, carry, 2);
  }
};

inline dfg::Graph sumLoop() {
  DfgBuilder b;
  Type ix = Type::index(), none = Type::none();
  Vertex entry = b.entry("f/entry", {ix, ix, ix});
  Vertex ctrlFork = b.fork("f/ctrl.fork", none, 2);
  Vertex step = b.constant("f/loop0/step.const", 1, ix);
  SumLoopOps loop = SumLoopOps::make(b, "f/loop0/", "f/loop0/body/add");
  Vertex ret = b.ret("f/return", {ix});

  b.wire(entry, 0, loop.stream, 0); // lb -> start
  b.wire(entry, 1, loop.stream, 2); // ub -> bound
  b.wire(entry, 2, loop.carry, 1);  // init -> a
  b.wire(entry, 3, ctrlFork, 0);
  b.wire(ctrlFork, 0, step, 0);
  b.wire(ctrlFork, 1, ret, 1);
  b.wire(step, 0, loop.stream, 1);
  loop.wireBody(b);
  b.wire(loop.br, 1, ret, 0);
  return std::move(b.g);
}

// storeThenLoad(stAddr, ldAddr, value): m[stAddr] = value; return m[ldAddr], the load
// ordered after the store by the store's done token (spec-dataflow-memory).
//
//   entry(stAddr, ldAddr, value, ctrl)
//   f/store(stAddr, value, ctrl) -> (mem.st0.data, mem.st0.addr)
//   f/load(ldAddr, mem.ld0.data, mem.st0.done) -> (data -> return, addr -> mem.ld0.addr)
//   f/mem: 1 store, 1 load over memref<4xi32>; ld0.done -> return ctrl
// `kind` chooses handshake.memory (an alloc) or handshake.extmemory (argument 0).
inline dfg::Graph storeThenLoad(NodeKind kind) {
  DfgBuilder b;
  Type ix = Type::index(), i32 = Type::integer(32), none = Type::none();
  Vertex entry = b.entry("f/entry", {ix, ix, i32});
  Vertex store = b.node(NodeKind::Store, "f/store", {ix, i32, none}, {i32, ix});
  Vertex load = b.node(NodeKind::Load, "f/load", {ix, i32, none}, {i32, ix});
  Vertex mem = b.memory("f/mem", kind, makeMemRef(i32, {4}), 1, 1);
  if (kind == NodeKind::ExtMemory) b.g.node(mem).argIndex = 0;
  Vertex ret = b.ret("f/return", {i32});

  b.wire(entry, 0, store, 0);
  b.wire(entry, 2, store, 1);
  b.wire(entry, 3, store, 2);
  b.wire(entry, 1, load, 0);
  b.wire(store, 0, mem, 0); // st0.data
  b.wire(store, 1, mem, 1); // st0.addr
  b.wire(load, 1, mem, 2);  // ld0.addr
  b.wire(mem, 0, load, 1);  // ld0.data
  b.wire(mem, 1, load, 2);  // st0.done -> load ctrl
  b.wire(load, 0, ret, 0);
  b.wire(mem, 2, ret, 1); // ld0.done -> return ctrl
  return std::move(b.g);
}

// A loop that counts 0, 1, ..., n - 1 (countTo, pipelinesMeet): entry(n, ctrl); ctrl ->
// f/ctrl.fork -> {start.const 0, step.const 1}; idx, cont = f/loop0/stream(0, 1, n);
// cont -> cont.fork -> exit.br(cond, data): true -> sink, false -> f/exit.join -> return.
// makeHead() and makeExit() make its ops in this order around the caller's (the index's
// consumers), wireHead() and wireExit() its channels around theirs.
struct CountingLoop {
  Vertex entry, ctrlFork, start, step, stream;
  Vertex contFork, br, trueSink, join, ret;

  void makeHead(DfgBuilder& b) {
    Type ix = Type::index(), i1 = Type::i1(), none = Type::none();
    entry = b.entry("f/entry", {ix});
    ctrlFork = b.fork("f/ctrl.fork", none, 2);
    start = b.constant("f/loop0/start.const", 0, ix);
    step = b.constant("f/loop0/step.const", 1, ix);
    stream = b.node(NodeKind::Stream, "f/loop0/stream", {ix, ix, ix}, {ix, i1});
  }
  void makeExit(DfgBuilder& b) {
    Type i1 = Type::i1(), none = Type::none();
    contFork = b.fork("f/loop0/cont.fork", i1, 2);
    br = b.node(NodeKind::CondBr, "f/loop0/exit.br", {i1, i1}, {i1, i1});
    trueSink = b.sink("f/loop0/true.sink", i1);
    join = b.node(NodeKind::Join, "f/exit.join", {i1}, {none});
    ret = b.ret("f/return", {});
  }
  void wireHead(DfgBuilder& b) const {
    b.wire(entry, 0, stream, 2);
    b.wire(entry, 1, ctrlFork, 0);
    b.wire(ctrlFork, 0, start, 0);
    b.wire(ctrlFork, 1, step, 0);
    b.wire(start, 0, stream, 0);
    b.wire(step, 0, stream, 1);
  }
  void wireExit(DfgBuilder& b) const {
    b.wire(stream, 1, contFork, 0);
    b.wire(contFork, 0, br, 0);
    b.wire(contFork, 1, br, 1);
    b.wire(br, 0, trueSink, 0);
    b.wire(br, 1, join, 0);
    b.wire(join, 0, ret, 0);
  }
};

// countTo(n): a stream 0..n whose index is forked to a fast sink and, over a channel
// of capacity 1, to a slow one (a capacity-1 channel carries a token every other
// cycle). The loop's exit (the false cont) becomes the return's ctrl.
//
//   entry(n, ctrl); ctrl -> f/ctrl.fork -> {start.const 0, step.const 1}
//   idx, cont = f/loop0/stream(0, 1, n)
//   idx -> f/loop0/idx.fork -> {fast.sink, slow.sink (capacity 1)}
//   cont -> f/loop0/cont.fork -> exit.br(cond, data); true -> sink, false -> join -> ret
inline dfg::Graph countTo() {
  DfgBuilder b;
  Type ix = Type::index();
  CountingLoop loop;
  loop.makeHead(b);
  Vertex idxFork = b.fork("f/loop0/idx.fork", ix, 2);
  Vertex fast = b.sink("f/loop0/fast.sink", ix);
  Vertex slow = b.sink("f/loop0/slow.sink", ix);
  loop.makeExit(b);

  loop.wireHead(b);
  b.wire(loop.stream, 0, idxFork, 0);
  b.wire(idxFork, 0, fast, 0);
  b.wire(idxFork, 1, slow, 0, /*capacity=*/1);
  loop.wireExit(b);
  return std::move(b.g);
}

// pipelinesMeet(n): the index of a stream 0..n-1 feeds a fast unit and a slow one whose
// results meet at a join, so the fast unit's results pile up in front of the join and
// later ones become ready to leave into a full output: the unit stalls although none
// of its channels changed (the event engine must evaluate it in that cycle to count
// the stall). Its input comes over capacity-1 channels, a token every other cycle at
// most, so an arriving token does not wake it in every cycle. The fast unit is
//   Fast::Compute  an arith.muli (intMulLatency): its result finishes;
//   Fast::Memory   a load from an extmemory (argument 0, memref<8xi32>): a request
//                  comes due (extmemoryLatency);
//   Fast::Buffer   a seq handshake.buffer of 4 slots: a held token comes of age.
// The slow one is an arith.addi: give intAluLatency a large value.
//
//   entry(n, ctrl); ctrl -> f/ctrl.fork -> {start.const 0, step.const 1}
//   idx, cont = f/loop0/stream(0, 1, n)
//   idx -> f/loop0/idx.fork -> {fast input(s) (capacity 1), slow.a, slow.b}
//     fast = f/loop0/fast(idx, idx)                        (muli), or
//     fast = f/loop0/load(idx, mem.ld0.data, join(idx))    (ld0.done -> sink), or
//     fast = f/loop0/buffer(idx)
//   f/loop0/meet.join(fast, slow) -> f/loop0/meet.sink
//   cont -> f/loop0/cont.fork -> exit.br(cond, data); true -> sink, false -> join -> ret
enum class Fast { Compute, Memory, Buffer };
inline dfg::Graph pipelinesMeet(Fast kind) {
  DfgBuilder b;
  Type ix = Type::index(), i32 = Type::integer(32), none = Type::none();
  unsigned fastInputs = kind == Fast::Buffer ? 1 : 2;
  CountingLoop loop;
  loop.makeHead(b);
  Vertex idxFork = b.fork("f/loop0/idx.fork", ix, static_cast<int>(fastInputs) + 2);
  Vertex slow = b.compute("f/loop0/slow", OpKind::AddI, {ix, ix}, ix);
  Vertex meet =
      b.node(NodeKind::Join, "f/loop0/meet.join", {kind == Fast::Memory ? i32 : ix, ix}, {none});
  Vertex meetSink = b.sink("f/loop0/meet.sink", none);
  loop.makeExit(b);

  loop.wireHead(b);
  b.wire(loop.stream, 0, idxFork, 0);
  switch (kind) {
  case Fast::Compute: {
    Vertex fast = b.compute("f/loop0/fast", OpKind::MulI, {ix, ix}, ix);
    b.wire(idxFork, 0, fast, 0, /*capacity=*/1);
    b.wire(idxFork, 1, fast, 1, /*capacity=*/1);
    b.wire(fast, 0, meet, 0);
    break;
  }
  case Fast::Memory: {
    Vertex load = b.node(NodeKind::Load, "f/loop0/load", {ix, i32, none}, {i32, ix});
    Vertex ctrl = b.node(NodeKind::Join, "f/loop0/ctrl.join", {ix}, {none});
    Vertex mem = b.memory("f/mem", NodeKind::ExtMemory, makeMemRef(i32, {8}), 0, 1);
    b.g.node(mem).argIndex = 0;
    Vertex doneSink = b.sink("f/loop0/done.sink", none);
    b.wire(idxFork, 0, load, 0, /*capacity=*/1);
    b.wire(idxFork, 1, ctrl, 0, /*capacity=*/1);
    b.wire(ctrl, 0, load, 2);
    b.wire(load, 1, mem, 0); // ld0.addr
    b.wire(mem, 0, load, 1); // ld0.data
    b.wire(mem, 1, doneSink, 0);
    b.wire(load, 0, meet, 0);
    break;
  }
  case Fast::Buffer: {
    Vertex buf = b.node(NodeKind::Buffer, "f/loop0/buffer", {ix}, {ix});
    b.g.node(buf).bufferSlots = 4;
    b.g.node(buf).bufferFifo = false;
    b.wire(idxFork, 0, buf, 0, /*capacity=*/1);
    b.wire(buf, 0, meet, 0);
    break;
  }
  }
  b.wire(idxFork, fastInputs, slow, 0);
  b.wire(idxFork, fastInputs + 1, slow, 1);
  b.wire(slow, 0, meet, 1);
  b.wire(meet, 0, meetSink, 0);
  loop.wireExit(b);
  return std::move(b.g);
}

// gatedJoin(b): the return's ctrl is join(ctrl, the true side of cond_br(b, ctrl)).
// With b = 1 it finishes; with b = 0 the join waits forever for its input 1.
//
//   entry(b, ctrl); ctrl -> f/ctrl.fork -> {join.in0, br.data}
//   br = f/br(b, ctrl); true -> join.in1, false -> f/false.sink
//   f/join -> return ctrl
inline dfg::Graph gatedJoin() {
  DfgBuilder b;
  Type i1 = Type::i1(), none = Type::none();
  Vertex entry = b.entry("f/entry", {i1});
  Vertex ctrlFork = b.fork("f/ctrl.fork", none, 2);
  Vertex br = b.node(NodeKind::CondBr, "f/br", {i1, none}, {none, none});
  Vertex falseSink = b.sink("f/false.sink", none);
  Vertex join = b.node(NodeKind::Join, "f/join", {none, none}, {none});
  Vertex ret = b.ret("f/return", {});

  b.wire(entry, 0, br, 0);
  b.wire(entry, 1, ctrlFork, 0);
  b.wire(ctrlFork, 0, join, 0);
  b.wire(ctrlFork, 1, br, 1);
  b.wire(br, 0, join, 1);
  b.wire(br, 1, falseSink, 0);
  b.wire(join, 0, ret, 0);
  return std::move(b.g);
}

} // namespace loom::sim::test
