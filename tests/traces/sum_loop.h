// A hand-built DFG with the shape and metadata the lowering gives a loop: scopes
// (function f, loop body f/loop0 of scf op 7), the stream and its raw_will_continue
// in the loop's parent scope, roles and rates on the channels.
//
// sum(lb, ub, init): s = init; for i in [lb, ub) step 1: s += i; return s.
//
//   entry(lb, ub, init, ctrl)
//   ctrl -> f/ctrl.fork -> {f/step.const (1), f/return.ctrl}
//   idx, cont = f/loop0.stream(lb, step, ub)            (+=, <)
//   cont -> f/loop0.cont.fork -> {gate.before_cond, carry.d, exit.br.cond}
//   i = f/loop0.gate(idx, cont).after_value             (after_cond -> f/loop0/cond.sink)
//   s = f/loop0.carry(cont, init, next)
//   body, exit = f/loop0.exit.br(cont, s)
//   next = f/loop0/add(body, i)                         (arith.addi, latency 1)
//   return(exit, ctrl)
#pragma once

#include "dfg/dfg.h"
#include "ir/ir.h"

#include <memory>
#include <string>
#include <vector>

namespace loom::traces::test {

using dfg::NodeKind;
using dfg::Vertex;

struct SumLoop {
  std::unique_ptr<Op> loopOp = std::make_unique<Op>(); // the scf.for the scope stands for
  dfg::Graph g;
  static constexpr uint32_t kLoop = 7;

  // `function` names the function, its top scope and every node's first path component.
  explicit SumLoop(std::string function = "f") : fn_(std::move(function)) {
    loopOp->id = kLoop;
    g.function = fn_;
    g.scopes.push_back({dfg::Scope::Kind::Function, fn_, -1, nullptr});
    g.scopes.push_back({dfg::Scope::Kind::LoopBody, fn_ + "/loop0", 0, loopOp.get()});
    build();
  }

private:
  std::string fn_;

  Vertex node(NodeKind kind, const std::string& name, uint32_t scope, std::vector<Type> ins,
              std::vector<Type> outs) {
    dfg::Node n;
    n.kind = kind;
    n.name = fn_ + name.substr(1); // "f/..." -> "<function>/..."

    n.scope = scope;
    n.inTypes = std::move(ins);
    n.outTypes = std::move(outs);
    n.outRoles.assign(n.outTypes.size(), dfg::Role::Data);
    n.outRates.assign(n.outTypes.size(), dfg::Rate::entry());
    return g.addNode(std::move(n));
  }
  void wire(Vertex from, unsigned port, Vertex to, unsigned dst) {
    g.connect({from, port}, to, dst);
  }

  void build() {
    Type ix = Type::index(), i1 = Type::i1(), none = Type::none();
    dfg::Rate raw = dfg::Rate::loopBoundary(kLoop, false, dfg::Rate::entry());
    dfg::Rate body = dfg::Rate::loopBody(kLoop);
    Vertex entry = node(NodeKind::Entry, "f/entry", 0, {}, {ix, ix, ix, none});
    g.entry = entry;
    Vertex ctrlFork = node(NodeKind::Fork, "f/ctrl.fork", 0, {none}, {none, none});
    Vertex step = node(NodeKind::Constant, "f/step.const", 0, {none}, {ix});
    g.node(step).constValue = 1;
    Vertex stream = node(NodeKind::Stream, "f/loop0.stream", 0, {ix, ix, ix}, {ix, i1});
    g.node(stream).outRoles = {dfg::Role::RawIndex, dfg::Role::RawWillContinue};
    g.node(stream).outRates = {raw, raw};
    Vertex contFork = node(NodeKind::Fork, "f/loop0.cont.fork", 0, {i1}, {i1, i1, i1});
    g.node(contFork).outRoles.assign(3, dfg::Role::RawWillContinue);
    g.node(contFork).outRates.assign(3, raw);
    Vertex gate = node(NodeKind::Gate, "f/loop0.gate", 0, {ix, i1}, {ix, i1});
    g.node(gate).outRoles = {dfg::Role::BodyIndex, dfg::Role::AfterCond};
    g.node(gate).outRates = {body, body};
    Vertex condSink = node(NodeKind::Sink, "f/loop0/cond.sink", 1, {i1}, {});
    Vertex carry = node(NodeKind::Carry, "f/loop0.carry", 0, {i1, ix, ix}, {ix});
    Vertex br = node(NodeKind::CondBr, "f/loop0.exit.br", 0, {i1, ix}, {ix, ix});
    Vertex add = node(NodeKind::Compute, "f/loop0/add", 1, {ix, ix}, {ix});
    g.node(add).arith = OpKind::AddI;
    Vertex ret = node(NodeKind::Return, "f/return", 0, {ix, none}, {ix, none});
    g.ret = ret;

    wire(entry, 0, stream, 0); // lb -> start
    wire(entry, 1, stream, 2); // ub -> bound
    wire(entry, 2, carry, 1);  // init -> a
    wire(entry, 3, ctrlFork, 0);
    wire(ctrlFork, 0, step, 0);
    wire(ctrlFork, 1, ret, 1);
    wire(step, 0, stream, 1);
    wire(stream, 0, gate, 0);
    wire(stream, 1, contFork, 0);
    wire(contFork, 0, gate, 1);
    wire(contFork, 1, carry, 0);
    wire(contFork, 2, br, 0);
    wire(gate, 1, condSink, 0);
    wire(carry, 0, br, 1);
    wire(br, 0, add, 0);
    wire(gate, 0, add, 1);
    wire(add, 0, carry, 2);
    wire(br, 1, ret, 0);
  }
};

} // namespace loom::traces::test
