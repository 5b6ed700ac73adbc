// The op table: every kind of DFG op defined once, below everything else
// (docs/design.md, "The op table"). A row says what the op is called in MLIR text, its
// input and output ports (the spec's names, data or control, how each port's type is
// constrained), the phases of its state machine as the spec names them, which input
// paces its firings, and the attributes it carries. The DFG (names, port names,
// signatures), the text reader and printer, DOT, elaboration, the VCD's phase legend and
// the harness read this table; each op's behaviour is its model (models/<op>.{h,cpp}).
//
// Adding an op: one row in op_table.cpp, one model in models/, one case in
// sim/elaborate.cpp's factory (the compiler's -Wswitch names every switch on NodeKind
// that must learn it); docs/design.md lists the steps.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loom::ops {

enum class NodeKind : uint8_t {
  // function boundary
  Entry,  // the function's inputs: one output per argument (memrefs excluded) + ctrl
  Return, // handshake.return: inputs = results + done ctrl
  // dataflow (spec-dataflow)
  Stream,
  Gate,
  Carry,
  Invariant,
  // handshake
  Fork,
  LazyFork,
  Join,
  Sync,
  CondBr,
  Mux,
  Merge,
  ControlMerge,
  Buffer,
  Sink,
  Source,
  Constant,
  Load,
  Store,
  Memory,     // internal memory (memref.alloc / alloca)
  ExtMemory,  // a memref argument of the function
  Br,         // handshake.br: passes each token on unchanged
  HostResult, // the host's end of a result channel (made by elaboration, never in a DFG)
  // compute: one arith or math op (the node's arith field says which)
  Compute,
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

struct PortSpec {
  const char* name; // in a repeated group, "%u" stands for the repetition's index
  TypeRule type = TypeRule::Any;
  uint8_t ref = 0; // SameAs: the input whose type this port has
  bool ctrl() const { return type == TypeRule::None; }
};

struct PortGroup {
  Repeat repeat = Repeat::Once;
  std::vector<PortSpec> ports;
};

enum class AttrType : uint8_t { Integer, Bool, Text, TypeAttr, Value, IntList };

struct AttrSpec {
  const char* name;
  AttrType type;
  bool required;
};

// What kind of thing an op is (for drawing, and for the harness' walk to the stream).
enum class Family : uint8_t { Boundary, Dataflow, Handshake, Memory, Access, Compute };

struct OpSpec {
  NodeKind kind;
  const char* name; // MLIR op name ("dataflow.carry"); Compute: "arith" (the node's op names it)
  Family family;
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

// How many ports a node of this row must have on one side, given the other side (for
// mirrored rows) and the memory counts: exact (atLeast false) or a minimum.
struct PortCount {
  size_t count = 0;
  bool atLeast = false;
};
PortCount expectedPorts(const OpSpec& s, const Shape& shape, bool input);

} // namespace loom::ops
