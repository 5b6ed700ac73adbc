// The dataflow graph (DFG) LOOM's lowering produces: a Boost.Graph bidirectional
// adjacency_list whose vertices are ops (dataflow state machines, handshake ops,
// compute units, memory interfaces) and whose edges are channels. After
// materialization every output port feeds exactly one channel and every input port is
// fed by exactly one: single producer, single consumer.
//
// Every op records where it came from (the SCF op and its file:line:col) and the
// region scope it belongs to (function / loop / branch), for names, DOT clusters and
// diagnostics. Every channel records its type, its ports, the role the spec gives it
// (raw_will_continue, after_cond, ...) and its rate domain: which region execution its
// tokens belong to, as a small linear combination of the reference interpreter's
// region counts, so that the harness can predict every channel's length.
#pragma once

#include "eval/arith.h"
#include "ir/ir.h"
#include "ops/op_table.h"

#include <boost/graph/adjacency_list.hpp>
#include <string>
#include <vector>

namespace loom::dfg {

// The kinds of op and their ports, phases and attributes: the op table (ops/op_table.h).
using ops::ContCond;
using ops::contCondText;
using ops::kindFromName;
using ops::kindName;
using ops::NodeKind;
using ops::StepOp;
using ops::stepOpText;

// What a channel is for, as the specs name it. Data is the default.
enum class Role : uint8_t {
  Data,
  RawWillContinue, // dataflow.stream's will-continue (N + 1 per activation)
  RawIndex,        // dataflow.stream's index (N + 1)
  AfterCond,       // dataflow.gate's after_cond (N)
  BodyIndex,       // dataflow.gate's after_value for the induction variable (N)
  BodyCtrl,        // a region's execution-control token
  IterCarry,       // an iter_arg carry's output (N + 1)
  MemCtrl,         // the ctrl-done network: control into an access or a region
  Done,            // the ctrl-done network: a done token out of an access or region
  MemAddr,         // address to a memory interface
  MemData,         // data between an access and its memory interface
  Result,          // a function result
};
const char* roleName(Role r);
bool roleFromName(std::string_view name, Role& out);

// Whether an op of kind `k` can decide a carry loop (an scf.while lowered with carries
// and no stream): not a stream or a gate (their loops have streams), nor an invariant,
// the entry or a constant (values from outside, which no loop computes).
bool decidesCarryLoop(NodeKind k);

// One region count of the reference interpreter, for an SCF op (or the function).
enum class Count : uint8_t {
  Invocations,     // calls of the function (1 per invocation)
  LoopActivations, // times the loop op ran (A)
  LoopNonEmpty,    // activations with at least one iteration (A')
  LoopIterations,  // body executions (I)
  IfThen,          // scf.if then-branch executions
  IfElse,          // scf.if else-branch executions
};

struct RateTerm {
  Count count;
  uint32_t op; // Op::id of the scf op (ignored for Invocations)
  int64_t coef;
  // Which copy of the op: the lowering runs the before region of a while twice (its
  // first execution per activation at the parent level, the others inside the loop),
  // and the interpreter counts the two apart. "" outside any before region; otherwise
  // one "W<id>:f/" (first) or "W<id>:l/" (later) per enclosing before region,
  // outermost first; "W<id>:*/" matches both.
  std::string ctx;
};

// Which region execution a channel's tokens belong to, and how many there must be.
struct Rate {
  enum class Domain : uint8_t {
    FunctionEntry, // once per invocation
    LoopBody,      // I
    LoopBoundary,  // I + A' (the stream and the iter_arg carries)
    LoopExit,      // A' (exit values, exit done)
    LoopBodyTail,  // I - A' (the memory-control carry's feedback)
    IfThen,
    IfElse,
    GuardEnter, // A' (the zero-trip guard of a loop let the loop start)
    GuardSkip,  // A - A' (the guard skipped a zero-trip activation)
    Unknown,    // not derived (hand-written DFG); the ledger skips it
  };
  Domain domain = Domain::Unknown;
  uint32_t op = 0;             // the scf op the domain belongs to
  std::vector<RateTerm> terms; // expected count = sum coef * count

  static Rate entry();

  // Rates are kept in a canonical basis: calls, I(L), A'(L) and then(I); a count that
  // equals the rate of the region holding the construct (A(L): once per execution of
  // the loop's parent region; else(I) = parent - then(I)) is written as that rate, so
  // that rate identities the checks rely on hold term by term.
  // `guarded`: the loop sits behind a zero-trip guard, so only its non-empty
  // activations (A') reach the stream; unguarded, every activation (the parent's
  // rate) does.
  static Rate loopBody(uint32_t loop, const std::string& ctx = "");
  // The body executions of a loop rotated into an scf.while's before region (LOOM's CPU
  // versions): the before region's executions, I + A of the while.
  static Rate whileBeforeRuns(uint32_t loop);
  static Rate loopBoundary(uint32_t loop, bool guarded, const Rate& parent,
                           const std::string& ctx = "");
  static Rate loopExit(uint32_t loop, bool guarded, const Rate& parent,
                       const std::string& ctx = "");
  static Rate loopBodyTail(uint32_t loop, bool guarded, const Rate& parent,
                           const std::string& ctx = "");
  static Rate guardEnter(uint32_t loop, const std::string& ctx = "");
  static Rate guardSkip(uint32_t loop, const Rate& parent, const std::string& ctx = "");
  static Rate ifThen(uint32_t ifOp, const std::string& ctx = "");
  static Rate ifElse(uint32_t ifOp, const Rate& parent, const std::string& ctx = "");
  std::string str() const; // "loop body of op 12" style, for messages
  // The expected count as a formula over interpreter counts, e.g. "I(op 12) + A'(op 12)".
  std::string formula() const;
  // The same in words where it has a common shape ("once per call", "once per iteration
  // of op 12", "once per call on the false side of op 9"), else its formula; ops as
  // "op N" for dfg::nameOps.
  std::string words() const;
  // Same expected count (terms compared after summing coefficients).
  bool sameCount(const Rate& o) const;
  // this - o, normalized.
  Rate minus(const Rate& o) const;
  Rate plus(const Rate& o) const;
  bool known() const { return domain != Domain::Unknown; }
};

// The activations of a loop whose stream takes its start at rate `start` and its step or
// bound at rate `other`. A stream starts once all three are there: where `other` is one
// side of a condition decided as often as `start` comes (LOOM's zero-trip guard gives the
// step only when the loop runs), the loop starts as often as that side runs; otherwise
// as often as `start` comes.
Rate streamStarts(const Rate& start, const Rate& other);

// Provenance: the SCF op a DFG op came from.
struct Origin {
  const Op* op = nullptr; // null for ops with no single source op, or read from text
  uint32_t opId = kNoOp;  // Op::id of that op (kept when read back from text)
  Loc loc;
  static constexpr uint32_t kNoOp = 0xFFFFFFFFu;
};

struct Node {
  NodeKind kind = NodeKind::Compute;
  std::string name;   // unique, hierarchical: "gemm/for0/gate"
  uint32_t scope = 0; // index into Graph::scopes
  Origin origin;
  std::vector<Type> inTypes;  // one per input port
  std::vector<Type> outTypes; // one per output port
  // What each output carries: every channel leaving output port p has role outRoles[p]
  // and rate outRates[p] (a fork's outputs inherit its input's).
  std::vector<Role> outRoles;
  std::vector<Rate> outRates;

  // Kind-specific attributes.
  // Compute: the arith or math op the node holds. Until it is set it is no compute op
  // (func.func), so a node whose kind and op were never given is refused by the
  // signature check (checkSignature) instead of running as an adder.
  OpKind arith = OpKind::Func;
  ArithAttrs arithAttrs; // Compute: cmpi/cmpf predicate
  // A compute node's operand type, evalArith's: its type operand's (ops/op_kinds.def; a
  // select's data), the first input's if the node has too few.
  const Type& operandType() const {
    size_t t = typeOperand(arith);
    return inTypes.at(t < inTypes.size() ? t : 0);
  }
  Bits constValue = 0;         // Constant
  StepOp stepOp = StepOp::Add; // Stream
  ContCond contCond = ContCond::Lt;
  unsigned bufferSlots = 2; // Buffer
  bool bufferFifo = true;
  std::vector<Bits> bufferInit;
  // Memory / ExtMemory: number of store and load ports, the memref type, the memory
  // group (root memref) and, for ExtMemory, the function argument it stands for.
  unsigned numStores = 0, numLoads = 0;
  Type memType;
  uint32_t memGroup = 0;
  int argIndex = -1;
  // Load / Store: which memory group and which port of the interface.
  int memPort = -1;
  // Made by loom-sim, not written in the text the graph was read from: a fork or sink
  // for a value used more or less than once, or an adapter of the function's tokens
  // (docs/loom.md "What loom-sim reads").
  bool added = false;

  std::string opName() const; // "dataflow.gate", "arith.addi", ...
  // The spec's name of a port ("d", "after_cond", "ctrl", "st0.addr", "in2", ...).
  std::string portName(bool input, unsigned port) const;
  // This node's port counts, for the op table's port queries.
  ops::Shape shape() const { return {inTypes.size(), outTypes.size(), numStores, numLoads}; }
};

// The role output p of `n` has when nothing more is known of it (a DFG read from LOOM's
// form): its row's PortRole (ops/op_table.h) on the port's type. A carry of a done token
// chains a loop's memory accesses, a carry of a value is an iter_arg (the roles loom-sim's
// own lowering gives them, so that both forms meet the same wiring rules).
Role initialRole(const Node& n, unsigned p);

struct Edge {
  unsigned srcPort = 0;
  unsigned dstPort = 0;
  Type type;
  Role role = Role::Data;
  Rate rate;
  unsigned capacity = 0; // 0: the timing file's default
};

// A region scope of the lowered function (for names, clusters and diagnostics).
struct Scope {
  enum class Kind : uint8_t { Function, LoopBody, LoopBefore, IfThen, IfElse, Guard };
  Kind kind = Kind::Function;
  std::string name; // "gemm", "gemm/for0", "gemm/for0/if1.then"
  int parent = -1;
  const Op* op = nullptr;        // null when read back from text
  uint32_t opId = Origin::kNoOp; // Op::id of that op (kept in text)
};

using Graph_ = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, Node, Edge>;
using Vertex = boost::graph_traits<Graph_>::vertex_descriptor;
using EdgeId = boost::graph_traits<Graph_>::edge_descriptor;

// An output port of a node: a DFG value.
struct PortRef {
  Vertex node = 0;
  unsigned port = 0;
  bool operator==(const PortRef& o) const { return node == o.node && port == o.port; }
};

// A pair of iterators: a range for range-for, or `auto [it, end] = ...`.
template <typename It> struct Range {
  It first, last;
  It begin() const { return first; }
  It end() const { return last; }
};
using EdgeRange = Range<boost::graph_traits<Graph_>::edge_iterator>;
using InEdgeRange = Range<boost::graph_traits<Graph_>::in_edge_iterator>;
using OutEdgeRange = Range<boost::graph_traits<Graph_>::out_edge_iterator>;

// One lowered function. Nodes are numbered 0 .. numNodes() - 1 in the order they were
// added; channels are walked through src/dst/edges, so no code outside dfg/ sees Boost.
struct Graph {
  std::string function; // the SCF function's name
  std::vector<Scope> scopes;
  Vertex entry = 0;
  Vertex ret = 0;
  // Function signature as lowered: which arguments are memrefs (ExtMemory nodes) and
  // which are scalar inputs (Entry outputs, in order, then the ctrl token).
  std::vector<Type> argTypes;
  std::vector<Type> resultTypes;
  // Whether the ops' origins are SCF ops (loom-sim's lowering, and its own form read
  // back); false for a network read from LOOM's form, whose locations are its own lines.
  bool scfOrigins = true;
  // Whether the return's ctrl is the function's done token, which ends a call: then the
  // return's inputs are one firing's. A function of LOOM's form may have none: its results
  // are then independent outputs, as CIRCT lowers a return (an output port each), and the
  // return's ctrl is the host's token (docs/loom.md "What loom-sim reads").
  bool doneToken = true;

  Node& node(Vertex v) { return g_[v]; }
  const Node& node(Vertex v) const { return g_[v]; }
  Edge& edge(EdgeId e) { return g_[e]; }
  const Edge& edge(EdgeId e) const { return g_[e]; }

  Vertex addNode(Node n);
  // Adds a channel from output `from` to input `dstPort` of `to`; its type, role and
  // rate are those of the producer's output port.
  EdgeId connect(PortRef from, Vertex to, unsigned dstPort);
  // The channel feeding input `port` of `v`, if any.
  bool inEdge(Vertex v, unsigned port, EdgeId& out) const;
  // The channels leaving output `port` of `v`.
  std::vector<EdgeId> outEdges(Vertex v, unsigned port) const;
  // Every channel; the channels into and out of `v`, whatever their port.
  EdgeRange edges() const;
  InEdgeRange inEdges(Vertex v) const;
  OutEdgeRange outEdges(Vertex v) const;
  // The producer and the consumer of a channel.
  Vertex src(EdgeId e) const { return boost::source(e, g_); }
  Vertex dst(EdgeId e) const { return boost::target(e, g_); }
  size_t inDegree(Vertex v) const { return boost::in_degree(v, g_); }
  size_t numNodes() const { return boost::num_vertices(g_); }
  size_t numEdges() const { return boost::num_edges(g_); }
  // A channel exactly as given (no type, role or rate from the producer): for tests
  // that build a malformed graph on purpose.
  EdgeId addEdge(Vertex from, Vertex to, Edge e);
  void removeEdge(EdgeId e);
  // Removes the ops `dead` marks (one flag per op) with every channel into or out of
  // them; the others keep their order and are numbered again from 0 (entry and ret
  // follow; other Vertex values held elsewhere do not).
  void removeNodes(const std::vector<bool>& dead);
  // Removes the channels leaving `v` for which `pred(e)` holds.
  template <typename Pred> void removeOutEdgesIf(Vertex v, Pred pred) {
    boost::remove_out_edge_if(v, pred, g_);
  }
  // "name (dataflow.gate) at file:line:col"
  std::string describe(Vertex v) const;
  // "producer:port -> consumer:port"
  std::string describe(EdgeId e) const;

private:
  Graph_ g_;
};

// Where input `in` of `v` is produced: its producer's output, through the ops that pass
// tokens on (forks, buffers, br: ops/op_table.h).
std::pair<Vertex, unsigned> producerOf(const Graph& g, Vertex v, unsigned in);

} // namespace loom::dfg
