#include "dfg_samples.h"

#include "dfg/text/fields.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace loom::dfg::samples {

namespace {

const Type kIndex = Type::index();
const Type kNone = Type::none();
const Type kI1 = Type::i1();
const Type kI16 = Type::integer(16);
const Type kI32 = Type::integer(32);
const Type kI64 = Type::integer(64);
const Type kF32 = Type::f32();
const Type kF64 = Type::f64();

// Adds nodes with every output defaulted to data / unknown rate; set() refines them.
struct Builder {
  Graph g;

  explicit Builder(std::string function) { g.function = std::move(function); }

  Vertex add(NodeKind k, const std::string& name, std::vector<Type> ins, std::vector<Type> outs,
             uint32_t scope = 0) {
    Node n;
    n.kind = k;
    n.name = g.function + "/" + name;
    n.scope = scope;
    n.inTypes = std::move(ins);
    n.outTypes = std::move(outs);
    n.outRoles.assign(n.outTypes.size(), Role::Data);
    n.outRates.assign(n.outTypes.size(), Rate{});
    Vertex v = g.addNode(std::move(n));
    if (k == NodeKind::Entry) g.entry = v;
    if (k == NodeKind::Return) g.ret = v;
    return v;
  }
  Vertex compute(OpKind op, const std::string& name, std::vector<Type> ins, Type out) {
    Vertex v = add(NodeKind::Compute, name, std::move(ins), {out});
    g.node(v).arith = op;
    return v;
  }
  void out(Vertex v, unsigned port, Role role, Rate rate) {
    g.node(v).outRoles.at(port) = role;
    g.node(v).outRates.at(port) = std::move(rate);
  }
  void origin(Vertex v, uint32_t opId, const char* file, uint32_t line, uint32_t col) {
    g.node(v).origin.opId = opId;
    g.node(v).origin.loc = Loc{std::make_shared<const std::string>(file), line, col};
  }
  EdgeId wire(Vertex from, unsigned port, Vertex to, unsigned dstPort) {
    return g.connect({from, port}, to, dstPort);
  }
  Node& operator[](Vertex v) { return g.node(v); }
};

} // namespace

// ---- loop ------------------------------------------------------------------------------

Graph loopGraph() {
  Builder b("sum");
  b.g.argTypes = {kIndex, kIndex, kIndex, kIndex};
  b.g.resultTypes = {kIndex};
  b.g.scopes = {{Scope::Kind::Function, "sum", -1, nullptr},
                {Scope::Kind::LoopBody, "sum/for0", 0, nullptr, 7}};
  const uint32_t loop = 7;
  Vertex entry = b.add(NodeKind::Entry, "entry", {}, {kIndex, kIndex, kIndex, kIndex, kNone});
  for (unsigned p = 0; p < 5; ++p)
    b.out(entry, p, p == 4 ? Role::BodyCtrl : Role::Data, Rate::entry());
  Vertex stream =
      b.add(NodeKind::Stream, "for0/stream", {kIndex, kIndex, kIndex}, {kIndex, kI1}, 1);
  b.out(stream, 0, Role::RawIndex, Rate::loopBoundary(loop, true, Rate::entry()));
  b.out(stream, 1, Role::RawWillContinue, Rate::loopBoundary(loop, true, Rate::entry()));
  b.origin(stream, loop, "sum.mlir", 3, 5);
  Vertex gate = b.add(NodeKind::Gate, "for0/gate", {kIndex, kI1}, {kIndex, kI1}, 1);
  b.out(gate, 0, Role::BodyIndex, Rate::loopBody(loop));
  b.out(gate, 1, Role::AfterCond, Rate::loopBody(loop));
  b.origin(gate, loop, "sum.mlir", 3, 5);
  Vertex carry = b.add(NodeKind::Carry, "for0/carry", {kI1, kIndex, kIndex}, {kIndex}, 1);
  b.out(carry, 0, Role::IterCarry, Rate::loopBoundary(loop, true, Rate::entry()));
  Vertex split = b.add(NodeKind::CondBr, "for0/split", {kI1, kIndex}, {kIndex, kIndex}, 1);
  b.out(split, 0, Role::Data, Rate::loopBody(loop));
  b.out(split, 1, Role::Data, Rate::loopExit(loop, true, Rate::entry()));
  Vertex add = b.compute(OpKind::AddI, "for0/addi", {kIndex, kIndex}, kIndex);
  b[add].scope = 1;
  b.out(add, 0, Role::Data, Rate::loopBody(loop));
  b.origin(add, 9, "sum.mlir", 4, 12);
  Vertex sink = b.add(NodeKind::Sink, "for0/sink", {kI1}, {}, 1);
  Vertex ret = b.add(NodeKind::Return, "return", {kIndex, kNone}, {kIndex, kNone});
  b.out(ret, 0, Role::Result, Rate::entry());
  b.out(ret, 1, Role::Done, Rate::entry());

  b.wire(entry, 0, stream, 0);
  b.wire(entry, 2, stream, 1);
  b.wire(entry, 1, stream, 2);
  b.wire(stream, 0, gate, 0);
  b.wire(stream, 1, gate, 1); // `cont` fans out to gate, carry and split
  b.wire(stream, 1, carry, 0);
  b.wire(entry, 3, carry, 1);
  b.g.edge(b.wire(add, 0, carry, 2)).capacity = 3; // the feedback, sized
  b.wire(stream, 1, split, 0);
  b.wire(carry, 0, split, 1);
  b.wire(split, 0, add, 0);
  b.wire(gate, 0, add, 1);
  b.wire(gate, 1, sink, 0);
  b.wire(split, 1, ret, 0);
  b.wire(entry, 4, ret, 1);
  return std::move(b.g);
}

// ---- memory ----------------------------------------------------------------------------

Graph memoryGraph() {
  Builder b("mem");
  b.g.argTypes = {kIndex, kI32};
  b.g.resultTypes = {kI32};
  b.g.scopes = {{Scope::Kind::Function, "mem", -1, nullptr}};
  Vertex entry = b.add(NodeKind::Entry, "entry", {}, {kIndex, kI32, kNone});
  b.out(entry, 2, Role::MemCtrl, Rate::entry());
  Vertex store = b.add(NodeKind::Store, "store0", {kIndex, kI32, kNone}, {kI32, kIndex});
  b.out(store, 0, Role::MemData, Rate::entry());
  b.out(store, 1, Role::MemAddr, Rate::entry());
  b[store].memPort = 0;
  b.origin(store, 3, "mem.mlir", 5, 3);
  b[store].origin.loc.source = std::make_shared<const std::string>("mem.c:7:9"); // a C source
  Vertex mem = b.add(NodeKind::Memory, "memory0", {kI32, kIndex, kIndex}, {kI32, kNone, kNone});
  b[mem].numStores = 1;
  b[mem].numLoads = 1;
  b[mem].memType = makeMemRef(kI32, {8});
  b.out(mem, 0, Role::MemData, Rate::entry());
  b.out(mem, 1, Role::Done, Rate::entry());
  b.out(mem, 2, Role::Done, Rate::entry());
  Vertex load = b.add(NodeKind::Load, "load0", {kIndex, kI32, kNone}, {kI32, kIndex});
  b.out(load, 1, Role::MemAddr, Rate::entry());
  b[load].memPort = 0;
  Vertex join = b.add(NodeKind::Join, "done", {kNone}, {kNone});
  b.out(join, 0, Role::Done, Rate::entry());
  Vertex ret = b.add(NodeKind::Return, "return", {kI32, kNone}, {kI32, kNone});

  b.wire(entry, 0, store, 0);
  b.wire(entry, 1, store, 1);
  b.wire(entry, 2, store, 2);
  b.wire(store, 0, mem, 0);
  b.wire(store, 1, mem, 1);
  b.wire(load, 1, mem, 2); // forward: the load comes later
  b.wire(entry, 0, load, 0);
  b.wire(mem, 0, load, 1);
  b.wire(mem, 1, load, 2); // the load waits for the store's done
  b.wire(mem, 2, join, 0);
  b.wire(load, 0, ret, 0);
  b.wire(join, 0, ret, 1);
  return std::move(b.g);
}

// ---- every kind ------------------------------------------------------------------------

namespace {

// The arith half of everyKindGraph: x, y, c from the entry, one chain through casts.
void addComputeChain(Builder& b, Vertex entry, Vertex forkX, Vertex buffer, Vertex nan,
                     Vertex negZero, Vertex& cmpi, Vertex& ext) {
  Vertex cmpf = b.compute(OpKind::CmpF, "cmpf", {kF32, kF32}, kI1);
  b[cmpf].arithAttrs.cmpf = CmpFPred::olt;
  Vertex sel = b.compute(OpKind::Select, "select", {kI1, kI32, kI32}, kI32);
  Vertex tofp = b.compute(OpKind::SIToFP, "sitofp", {kI32}, kF32);
  Vertex neg = b.compute(OpKind::NegF, "negf", {kF32}, kF32);
  Vertex extf = b.compute(OpKind::ExtF, "extf", {kF32}, kF64);
  Vertex addf = b.compute(OpKind::AddF, "addf", {kF64, kF64}, kF64);
  Vertex toint = b.compute(OpKind::FPToSI, "fptosi", {kF64}, kI64);
  Vertex trunc = b.compute(OpKind::TruncI, "trunci", {kI64}, kI16);
  ext = b.compute(OpKind::ExtSI, "extsi", {kI16}, kI32);
  cmpi = b.compute(OpKind::CmpI, "cmpi", {kI32, kI32}, kI1);
  b[cmpi].arithAttrs.cmpi = CmpIPred::sge;
  b.wire(entry, 2, cmpf, 0);
  b.wire(nan, 0, cmpf, 1);
  b.wire(cmpf, 0, sel, 0);
  b.wire(buffer, 0, sel, 1);
  b.wire(forkX, 2, sel, 2);
  b.wire(sel, 0, tofp, 0);
  b.wire(tofp, 0, neg, 0);
  b.wire(neg, 0, extf, 0);
  b.wire(extf, 0, addf, 0);
  b.wire(negZero, 0, addf, 1);
  b.wire(addf, 0, toint, 0);
  b.wire(toint, 0, trunc, 0);
  b.wire(trunc, 0, ext, 0);
  b.wire(ext, 0, cmpi, 0);
  b.wire(ext, 0, cmpi, 1);
}

} // namespace

Graph everyKindGraph() {
  Builder b("kinds");
  Type strided = makeStridedMemRef(kI32, {4, kDynamic}, kDynamic, {kDynamic, 1}, "");
  b.g.argTypes = {strided, kI1, kI32, kF32, kIndex};
  b.g.resultTypes = {kI1};
  Vertex entry = b.add(NodeKind::Entry, "entry", {}, {kI1, kI32, kF32, kIndex, kNone});
  Vertex fork = b.add(NodeKind::Fork, "fork", {kI32}, {kI32, kI32, kI32});
  Vertex lazy = b.add(NodeKind::LazyFork, "lazy_fork", {kNone}, {kNone, kNone, kNone, kNone});
  Vertex inv = b.add(NodeKind::Invariant, "invariant", {kI1, kI32}, {kI32});
  Vertex sync = b.add(NodeKind::Sync, "sync", {kI32, kNone}, {kI32, kNone});
  Vertex mux = b.add(NodeKind::Mux, "mux", {kIndex, kI32, kI32}, {kI32});
  Vertex merge = b.add(NodeKind::Merge, "merge", {kI32, kI32}, {kI32});
  Vertex never = b.add(NodeKind::Never, "never", {}, {kI32});
  Vertex cmerge = b.add(NodeKind::ControlMerge, "control_merge", {kNone, kNone}, {kNone, kIndex});
  Vertex buffer = b.add(NodeKind::Buffer, "buffer", {kI32}, {kI32});
  b[buffer].bufferSlots = 3;
  b[buffer].bufferFifo = false;
  b[buffer].bufferInit = {5, bitsFromInt(-7, kI32)};
  Vertex source = b.add(NodeKind::Source, "source", {}, {kNone});
  Vertex nan = b.add(NodeKind::Constant, "nan", {kNone}, {kF32});
  b[nan].constValue = 0x7FC00000;
  Vertex negZero = b.add(NodeKind::Constant, "neg_zero", {kNone}, {kF64});
  b[negZero].constValue = bitsFromF64(-0.0);
  Vertex cmpi = 0, ext = 0;
  addComputeChain(b, entry, fork, buffer, nan, negZero, cmpi, ext);
  Vertex join = b.add(NodeKind::Join, "join", {kNone, kNone}, {kNone});
  Vertex br = b.add(NodeKind::Br, "br", {kIndex}, {kIndex});
  Vertex sink = b.add(NodeKind::Sink, "sink", {kIndex}, {});
  Vertex stream = b.add(NodeKind::Stream, "stream", {kIndex, kIndex, kIndex}, {kIndex, kI1});
  b[stream].stepOp = StepOp::Shl;
  b[stream].contCond = ContCond::Ne;
  Vertex gate = b.add(NodeKind::Gate, "gate", {kIndex, kI1}, {kIndex, kI1});
  Vertex carry = b.add(NodeKind::Carry, "carry", {kI1, kI1, kI1}, {kI1});
  Vertex condBr = b.add(NodeKind::CondBr, "cond_br", {kI1, kI1}, {kI1, kI1});
  Vertex ext0 = b.add(NodeKind::ExtMemory, "extmemory0", {kI32, kIndex}, {kNone});
  b[ext0].numStores = 1;
  b[ext0].memType = strided;
  b[ext0].memGroup = 1;
  b[ext0].argIndex = 0;
  Vertex store = b.add(NodeKind::Store, "store", {kIndex, kI32, kNone}, {kI32, kIndex});
  b[store].memGroup = 1;
  b[store].memPort = 0;
  Vertex done = b.add(NodeKind::Join, "done", {kNone, kNone}, {kNone});
  Vertex ret = b.add(NodeKind::Return, "return", {kI1, kNone}, {kI1, kNone});

  b.wire(entry, 1, fork, 0);
  b.wire(entry, 4, lazy, 0);
  b.wire(entry, 0, inv, 0);
  b.wire(fork, 0, inv, 1);
  b.wire(fork, 1, sync, 0);
  b.wire(lazy, 0, sync, 1);
  b.wire(entry, 3, mux, 0);
  b.wire(inv, 0, mux, 1);
  b.wire(sync, 0, mux, 2);
  b.wire(mux, 0, merge, 0);
  b.wire(never, 0, merge, 1);
  b.wire(lazy, 1, cmerge, 0);
  b.wire(lazy, 2, cmerge, 1);
  b.wire(merge, 0, buffer, 0);
  b.wire(source, 0, nan, 0);
  b.wire(lazy, 3, negZero, 0);
  b.wire(cmerge, 0, join, 0);
  b.wire(sync, 1, join, 1);
  b.wire(cmerge, 1, br, 0);
  b.wire(br, 0, sink, 0);
  for (unsigned p = 0; p < 3; ++p)
    b.wire(entry, 3, stream, p);
  b.wire(stream, 0, gate, 0);
  b.wire(stream, 1, gate, 1);
  b.wire(gate, 1, carry, 0);
  b.wire(cmpi, 0, carry, 1);
  b.wire(condBr, 0, carry, 2); // feedback
  b.wire(entry, 0, condBr, 0);
  b.wire(carry, 0, condBr, 1);
  b.wire(store, 0, ext0, 0);
  b.wire(store, 1, ext0, 1);
  b.wire(entry, 3, store, 0);
  b.wire(ext, 0, store, 1);
  b.wire(join, 0, store, 2);
  b.wire(ext0, 0, done, 0);
  b.wire(join, 0, done, 1);
  b.wire(condBr, 1, ret, 0);
  b.wire(done, 0, ret, 1);
  return std::move(b.g);
}

// ---- odd -------------------------------------------------------------------------------

Graph oddGraph() {
  Builder b("odd");
  b.g.scopes = {{Scope::Kind::Function, "odd", -1, nullptr},
                {Scope::Kind::Guard, "odd/guard0", 0, nullptr},
                {Scope::Kind::IfElse, "odd/guard0/if1.else", 1, nullptr}};
  Vertex entry = b.add(NodeKind::Entry, "entry", {}, {kI32, kNone});
  b.origin(entry, 0, "dir/we\"ird:name.mlir", 1, 1);
  Rate odd{Rate::Domain::LoopBodyTail,
           0,
           {{Count::LoopIterations, 0, 2, "W2:l/"},
            {Count::LoopNonEmpty, 4, std::numeric_limits<int64_t>::min(), "odd]ctx\\"},
            {Count::Invocations, 3, -1, ""}}};
  b.out(entry, 0, Role::Data, odd);
  Vertex join = b.add(NodeKind::Join, "join", {kI32, kNone, kI64}, {kNone}, 2);
  b[join].origin.loc.source =
      std::make_shared<const std::string>("odd.c:4:1 'j'"); // no .mlir place
  b.wire(entry, 0, join, 0);
  b.wire(entry, 0, join, 0);            // doubly connected
  EdgeId e = b.wire(entry, 1, join, 2); // input 1 stays unconnected
  b.g.edge(e).role = Role::MemCtrl;
  b.g.edge(e).rate = Rate::guardSkip(11, Rate::ifThen(2));
  b.g.edge(e).type = kI1;
  b.g.edge(e).capacity = 5;
  Vertex ret = b.add(NodeKind::Return, "return", {kNone}, {kNone}, 1);
  b[ret].outRoles.clear(); // never connected: a builder may leave them empty
  b[ret].outRates.clear();
  b.wire(join, 0, ret, 0);
  return std::move(b.g);
}

// ---- structural comparison -------------------------------------------------------------

namespace {

// A type with its memref layout in one canonical form, whatever text it was read from.
std::string typeText(const Type& t) {
  if (!t.isMemRef() || !t.mem || t.mem->identity) return t.str();
  auto dim = [](int64_t d) { return d == kDynamic ? std::string("?") : std::to_string(d); };
  std::string s = "memref<";
  for (int64_t d : t.mem->shape)
    s += dim(d) + "x";
  s += typeText(t.mem->elem) + ", strided<[";
  for (size_t i = 0; i < t.mem->strides.size(); ++i)
    s += (i ? ", " : "") + dim(t.mem->strides[i]);
  return s + "], offset: " + dim(t.mem->offset) + ">>";
}

std::string typesText(const std::vector<Type>& ts) {
  std::string s;
  for (const Type& t : ts)
    s += typeText(t) + ";";
  return s;
}

std::string locText(const Loc& l) {
  std::string s = l.file || l.line || l.col ? l.str() : "-";
  return s + " source=" + (l.source ? *l.source : "-");
}

// Every field of a node, one string (Origin::op excluded).
std::string nodeText(const Node& n) {
  std::ostringstream os;
  os << n.opName() << " name=" << n.name << " scope=" << n.scope << " opId=" << n.origin.opId
     << " loc=" << locText(n.origin.loc) << " in=" << typesText(n.inTypes)
     << " out=" << typesText(n.outTypes) << " roles=";
  for (size_t p = 0; p < n.outTypes.size(); ++p)
    os << roleName(p < n.outRoles.size() ? n.outRoles[p] : Role::Data) << ";";
  os << " rates=";
  for (size_t p = 0; p < n.outTypes.size(); ++p)
    os << text::rateText(p < n.outRates.size() ? n.outRates[p] : Rate{}) << ";";
  os << " arith=" << int(n.arith) << " cmpi=" << int(n.arithAttrs.cmpi)
     << " cmpf=" << int(n.arithAttrs.cmpf) << " const=" << n.constValue << " step=" << int(n.stepOp)
     << " cont=" << int(n.contCond) << " slots=" << n.bufferSlots << " fifo=" << n.bufferFifo
     << " init=";
  for (Bits v : n.bufferInit)
    os << v << ";";
  os << " st=" << n.numStores << " ld=" << n.numLoads << " mem=" << typeText(n.memType)
     << " group=" << n.memGroup << " arg=" << n.argIndex << " port=" << n.memPort;
  return os.str();
}

// The channels into v in operand order (by port, ties in insertion order).
std::string inEdgesText(const Graph& g, Vertex v) {
  std::vector<EdgeId> es;
  for (dfg::EdgeId ch : g.inEdges(v))
    es.push_back(ch);
  std::stable_sort(es.begin(), es.end(),
                   [&](EdgeId a, EdgeId b) { return g.edge(a).dstPort < g.edge(b).dstPort; });
  std::ostringstream os;
  for (EdgeId id : es) {
    const Edge& e = g.edge(id);
    os << g.src(id) << ":" << e.srcPort << "->" << e.dstPort << " " << typeText(e.type) << " "
       << roleName(e.role) << " " << text::rateText(e.rate) << " cap=" << e.capacity << "; ";
  }
  return os.str();
}

std::string scopeText(const Scope& s) {
  return std::string(text::scopeKindName(s.kind)) + " " + s.name + " " + std::to_string(s.parent) +
         " op=" + std::to_string(s.opId);
}

} // namespace

std::string structuralDiff(const Graph& a, const Graph& b) {
  auto differ = [](const std::string& what, const std::string& x, const std::string& y) {
    return x == y ? std::string() : what + ":\n  " + x + "\n  " + y;
  };
  std::string d = differ("function", a.function, b.function);
  if (d.empty()) d = differ("args", typesText(a.argTypes), typesText(b.argTypes));
  if (d.empty()) d = differ("results", typesText(a.resultTypes), typesText(b.resultTypes));
  if (d.empty())
    d = differ("entry/ret", std::to_string(a.entry) + "/" + std::to_string(a.ret),
               std::to_string(b.entry) + "/" + std::to_string(b.ret));
  if (d.empty())
    d = differ("scopes", std::to_string(a.scopes.size()), std::to_string(b.scopes.size()));
  for (size_t i = 0; d.empty() && i < a.scopes.size(); ++i)
    d = differ("scope " + std::to_string(i), scopeText(a.scopes[i]), scopeText(b.scopes[i]));
  if (d.empty()) d = differ("nodes", std::to_string(a.numNodes()), std::to_string(b.numNodes()));
  if (d.empty()) d = differ("edges", std::to_string(a.numEdges()), std::to_string(b.numEdges()));
  for (Vertex v = 0; d.empty() && v < a.numNodes(); ++v) {
    d = differ("node " + std::to_string(v), nodeText(a.node(v)), nodeText(b.node(v)));
    if (d.empty())
      d = differ("edges into " + std::to_string(v), inEdgesText(a, v), inEdgesText(b, v));
  }
  return d;
}

} // namespace loom::dfg::samples
