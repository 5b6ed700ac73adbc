// The op table: every kind of DFG op defined once, below everything else
// (docs/design.md, "The DFG's ops"). A row says what the op is called in MLIR text, its
// input and output ports (the spec's names, data or control, how each port's type is
// constrained), the phases of its state machine as the spec names them, which input
// paces its firings, and the attributes it carries. The DFG (names, port names,
// signatures), the text reader and printer, DOT, elaboration, the VCD's phase legend and
// the harness read this table; each op's behaviour is its model (models/<op>.{h,cpp}).
//
// A row also says how each text form spells the op's attributes, which LOOM syntax
// family writes it and which RTL module builds it, with what parameters: what other
// folders know of a kind beyond its behaviour (its model, models/<op>.h) is here.
//
// Adding an op: docs/design.md, "Adding an op"; tests/ops/test_op_table.cpp fails, naming
// the missing piece, until every part is there.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loom::ops {

// The DFG's op kinds (ops/node_kinds.def).
enum class NodeKind : uint8_t {
#define LOOM_NODE(Kind, Model) Kind,
#include "ops/node_kinds.def"
};
constexpr int kNumKinds = static_cast<int>(NodeKind::Compute) + 1;

// dataflow.stream's attributes (spec-dataflow, "Operation: dataflow.stream").
enum class StepOp : uint8_t { Add, Sub, Mul, Div, Shl, Shr }; // += -= *= /= <<= >>=
enum class ContCond : uint8_t { Lt, Le, Gt, Ge, Ne };         // <  <=  >  >=  !=
const char* stepOpText(StepOp s);
const char* contCondText(ContCond c);
bool parseStepOp(std::string_view text, StepOp& out);
bool parseContCond(std::string_view text, ContCond& out);

// What a port's type must be.
enum class TypeRule : uint8_t {
  Any,            // unconstrained (data)
  None,           // a control token (`none`)
  I1,             // a condition
  IntLike,        // an integer or index
  Scalar,         // any scalar
  SameAs,         // the type of input `ref`
  SameAsMatching, // the type of the input with this port's own index (sync, return)
  Element,        // the element type of the memory's memref
  Computed,       // by the arith/math op (Compute nodes; dfg/signature.cpp)
};

// How often a group of ports repeats.
enum class Repeat : uint8_t {
  Once,     // the group's ports once
  Variadic, // N times, N from the node's port count (one variadic group per side)
  PerStore, // once per store port of a memory interface (num_stores)
  PerLoad,  // once per load port (num_loads)
};

// What an output carries when nothing more is known of it (a DFG read from LOOM's form;
// the lowering knows more, and says so): the spec's role of that port (dfg::Role).
enum class PortRole : uint8_t {
  ByType,          // a control token (none) is a region's execution control, a value data
  Data,            // data, whatever its type
  RawIndex,        // dataflow.stream's index
  RawWillContinue, // dataflow.stream's will-continue
  AfterCond,       // dataflow.gate's after_cond
  MemData,         // data between an access and its memory interface
  MemAddr,         // an address to a memory interface
  Done,            // a memory's done token
  CarryByType,     // a carry of a done token chains accesses (memory control), else an iter_arg
};

struct PortSpec {
  const char* name; // in a repeated group, "%u" stands for the repetition's index
  TypeRule type = TypeRule::Any;
  uint8_t ref = 0;                  // SameAs: the input whose type this port has
  PortRole role = PortRole::ByType; // outputs only
  bool ctrl() const { return type == TypeRule::None; }
};

struct PortGroup {
  Repeat repeat = Repeat::Once;
  std::vector<PortSpec> ports;
};

// An attribute of a DFG op (besides loom.* bookkeeping). Each has one reader and one
// printer, which both DFG text forms use (dfg/text/node_attrs.h); the row says how each
// form spells it.
enum class Attr : uint8_t {
  Predicate,  // arith.cmpi / cmpf: the comparison
  Value,      // constant: a typed literal
  StepOp,     // stream: "+=", ...
  ContCond,   // stream: "<", ...
  Slots,      // buffer: how many tokens it holds
  BufferKind, // buffer: "fifo" or "seq"
  InitValues, // buffer: the tokens it holds at reset
  MemType,    // memory, extmemory: the memref type
  NumStores,  // memory, extmemory: store ports
  NumLoads,   // memory, extmemory: load ports
  MemGroup,   // memory, extmemory, load, store: the memory (root memref) an access uses
  ArgIndex,   // extmemory: the function argument it stands for
  MemPort,    // load, store: its port of the memory interface
  Lsq,        // memory: CIRCT's load-store queue flag, always false
};

struct AttrSpec {
  Attr attr;
  const char* name;     // in the loom.dfg form; null: that form does not write it
  const char* loomName; // in LOOM's form; null: that form derives it from the wiring
  bool required;        // in each form that names it
  // LOOM's form: an older name read like loomName.
  const char* loomOlderName = nullptr;
  // LOOM's form may leave it out, and the node then keeps its default (LOOM's older
  // dataflow.stream: "If step_op is omitted, it defaults to +=", cont_cond to "<").
  bool loomDefaulted = false;
};

// How LOOM's form writes an op (dfg/loom/syntax.h): one custom syntax per family of
// handshake and dataflow ops, CIRCT's and LOOM's.
enum class LoomSyntax : uint8_t {
  SizedList,    // fork, lazy_fork   [N] %x attrs : T
  SameTypeList, // merge, br, sink   %a, %b attrs : T
  ControlMerge, //                   %a, %b attrs : T, I
  Mux,          //                   %sel [%a, %b] attrs : S, T
  CondBr,       //                   %cond, %data attrs : T
  Source,       //                   attrs
  Constant,     //                   %ctrl attrs : T
  TypedList,    // join, sync        %a, %b attrs : T1, T2
  Buffer,       //                   [N] seq|fifo %x attrs : T
  Access,       // load, store       [%addr] %a, %ctrl attrs : A, T
  Memory,       //                   [ld = N, st = M] (%in) attrs : memref<..>, (Ts) -> (Us)
  ExtMemory,    //                   [ld = N, st = M] (%m : memref<..>) (%in) attrs : (Ts) -> (Us)
  Return,       //                   attrs %a, %b : T1, T2
  Functional,   // dataflow ops      %a, %b attrs : T1, T2 -> U1, U2 (stream: in parentheses)
  Never,        // never             attrs : T
  // Not an op of LOOM's form:
  Signature,   // the entry: the handshake.func's arguments
  MlirDialect, // compute: an arith or math op in its own dialect's syntax
  None,        // made by elaboration, never written
};
constexpr int kNumLoomSyntaxFamilies = static_cast<int>(LoomSyntax::Never) + 1;

// A parameter of an op's RTL module: its SystemVerilog name and what rtl/generate.cpp
// sets it to.
enum class RtlValue : uint8_t {
  InWidth,       // bits of input `port`'s type (1 for none)
  OutWidth,      // bits of output `port`'s type
  LaneWidth,     // bits of the widest input
  Inputs,        // the input count
  Outputs,       // the output count
  DataInputs,    // the input count less the select (mux)
  StepOp,        // stream: step_op's number
  ContCond,      // stream: cont_cond's number
  ConstValue,    // constant: W'h<value>
  Slots,         // buffer: its slots (at least 1)
  BufferFifo,    // buffer: 1 for fifo, 0 for seq
  InitCount,     // buffer: initial tokens (at most the slots)
  InitValues,    // buffer: {W'h<slot N-1>, ..., W'h<slot 0>}
  ElemWidth,     // memory: bits of the element type
  AddrWidth,     // memory: bits of its address inputs (64 without loads and stores)
  NumStores,     // memory: store ports
  NumLoads,      // memory: load ports
  MemLatency,    // memory: the timing file's latency of its kind
  MemWords,      // memory: words of its array
  ArithName,     // compute: the op's name without its dialect ("addi")
  ArithNumber,   // compute: the op's OpKind number
  OperandWidth,  // compute: bits of the operand type (select: of its data)
  OperandType,   // compute: the operand type's code ((kind << 8) | width)
  ResultType,    // compute: the result type's code
  Latency,       // compute: the timing file's latency of its class
  CmpIPredicate, // compute: the cmpi predicate's number
  CmpFPredicate, // compute: the cmpf predicate's number
};

struct RtlParam {
  const char* name; // "W"
  RtlValue value;
  uint8_t port = 0; // InWidth, OutWidth
};

// A module of the RTL library (rtl/sv/<name>.sv) and its parameters.
struct RtlModule {
  const char* name;
  std::vector<RtlParam> params;
};

// How the RTL twin builds an op.
struct RtlSpec {
  // The modules that can build it, the first by default (compute: loom_compute for the
  // integer ops it implements, loom_fcompute for the rest).
  std::vector<RtlModule> modules;
  // No module: the op is the top's own ports to the host (the entry).
  bool topPorts = false;
};

// How the rate inference (analysis/rates.cpp) gives an op's outputs their rates: how many
// tokens each carries per execution of which region.
enum class RateRule : uint8_t {
  Paced,    // the pacing input's rate on every output (the default)
  Entry,    // once per call
  Stream,   // its loop's boundary: N + 1 per activation
  Gate,     // its loop's body: N per activation
  CondBr,   // each side: its condition's rate, split by the branch
  Merge,    // the union of its inputs' rates
  Memory,   // each port's done and data: its access's rate
  PerPort,  // output p: input p's rate (sync)
  Address,  // every output: the address input's rate (load, store)
  Repeater, // carry, invariant: d's rate, in the domain the op's role puts it
  None,     // no rate of its own (source: as many as are taken; never: no token)
};

// Which rule of the static rate check (analysis/static_rules.cpp) an op must obey.
enum class RateCheck : uint8_t {
  SameRate, // every input and output in the same region execution (the default)
  Repeater, // carry, invariant: d drives it in the domain its role asks for
  Gate,     // before_value and before_cond from one loop's boundary
  Stream,   // start, step and bound once per activation
  CondBr,   // condition and data of the same execution
  Mux,      // select and the chosen data of the same execution
  Return,   // SameRate where the call ends with a done token
  None,     // inputs of different executions by design (merges, memories, boundaries)
};

// How a token goes through an op, for the static throughput bound (analysis/throughput.h):
// which inputs an output token waits for, and (with the op's cost, docs/timing.md) how
// soon after them it can be seen.
enum class Passage : uint8_t {
  AllInputs, // every output waits for every input (the default): forks, joins, compute, ...
  Select,    // mux: the select and one of the data inputs
  AnyInput,  // merge, control_merge: one of the inputs
  Carry,     // o: a (NeedInit), or d then b (NeedCond, NeedLoop: two firings)
  Invariant, // o: a (NeedInit), or d (NeedCond)
  Stream,    // the pairs: the three inputs, one cycle to activate and one to emit
  Load,      // two halves: addr and ctrl to mem_addr; mem_data to data
  Memory,    // per port: the request's inputs to its data and done, after the latency
  Buffer,    // fifo one cycle, seq one per slot; initial tokens shift the tokens' order
  Origin,    // no inputs (entry, source, never): its tokens wait for nothing
};

// What kind of thing an op is (for drawing, and for the harness' walk to the stream).
enum class Family : uint8_t { Boundary, Dataflow, Handshake, Memory, Access, Compute };

struct OpSpec {
  NodeKind kind = NodeKind::Compute;
  const char* name =
      nullptr; // MLIR op name ("dataflow.carry"); Compute: "arith" (the node's op names it)
  Family family = Family::Handshake;
  std::vector<PortGroup> inputs, outputs;
  unsigned minVariadic = 0; // fewest repetitions of a variadic group
  // Both sides' variadic groups repeat the same number of times (sync, return).
  bool variadicMirrored = false;
  // A mux with exactly two data inputs names them for the select value that picks them.
  std::vector<const char*> pairNames;
  std::vector<const char*> phases; // the state machine's phases, in the model's order
  int pacingInput = -1;        // the input whose stream decides how often the op fires; -1: none
  std::vector<AttrSpec> attrs; // besides loom.* bookkeeping
  bool internal = false;       // made by elaboration only: no DFG text names it
  // Does every output token equal an input token passed on (fork, lazy_fork, buffer, br)?
  // Then its outputs carry its input's rate, role and branch condition.
  bool passesTokens = false;
  // Is it a state machine of a loop's control (stream, gate, carry), mid-activation
  // exactly while an activation of its loop runs?
  bool loopControl = false;
  RateRule rateRule = RateRule::Paced;
  RateCheck rateCheck = RateCheck::SameRate;
  Passage passage = Passage::AllInputs;
  LoomSyntax loomSyntax = LoomSyntax::None;
  RtlSpec rtl;
};

// The row of `k`.
const OpSpec& spec(NodeKind k);
// Every row, in NodeKind order.
const std::vector<OpSpec>& table();
// The MLIR name of `k` ("arith" for Compute).
const char* kindName(NodeKind k);
// The kind called `name`; false for unknown names and for arith/math ops (Compute).
bool kindFromName(std::string_view name, NodeKind& out);

// A node's shape as far as its ports go: how many inputs and outputs it has, and, for
// memory interfaces, how many store and load ports.
struct Shape {
  size_t inputs = 0, outputs = 0;
  unsigned numStores = 0, numLoads = 0;
};

// The spec's name of a port ("before_cond", "st0.addr", "out3", ...); "in<p>"/"out<p>"
// past what the row describes.
std::string portName(const OpSpec& s, const Shape& shape, bool input, unsigned port);

// Where a port stands in its row: its PortSpec and its repetition index. False past
// the row (a node with more ports than the row allows).
bool portSpec(const OpSpec& s, const Shape& shape, bool input, unsigned port, const PortSpec*& out,
              unsigned& rep);

// How many times the row's variadic group repeats in a node of this shape: its inputs' if
// they have one (a mux's data, a join's inputs, a return's results), else its outputs' (a
// fork's); 0 for a row without one.
size_t variadicCount(const OpSpec& s, const Shape& shape);

// How many ports a node of this row must have on one side, given the other side (for
// mirrored rows) and the memory counts: exact (atLeast false) or a minimum.
struct PortCount {
  size_t count = 0;
  bool atLeast = false;
};
PortCount expectedPorts(const OpSpec& s, const Shape& shape, bool input);

} // namespace loom::ops
