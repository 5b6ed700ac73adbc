// The reference interpreter: executes functions of a parsed, verified module, and is
// the golden model for everything the simulator does. Besides results and printed
// output it records, per call, how often each SCF region executed and each memory
// access ran, in program order, which the harness compares with the simulated network.
#pragma once

#include "eval/memref.h"
#include "ir/ir.h"

#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace loom {

// A run-time value: a scalar's Bits, or a memref view. A scalar may be poison (LLVM's
// poison, docs/design.md "Poison"): `poison` is then the op that made it (ub.poison, an
// oversized shift, an out-of-range conversion), and `bits` what evalArithPoison gives.
struct RtValue {
  Bits bits = 0;
  std::shared_ptr<const MemRefView> mem;
  const Op* poison = nullptr;
};

// One executed memory access, in program order. Inside scf.parallel, `segment` numbers
// the activation of the outermost parallel loop running (0: outside any) and `thread`
// the iteration of the innermost one (unique in the call): the order check lets
// different threads of one segment interleave (docs/design.md "scf.parallel").
struct AccessEvent {
  uint32_t op;     // Op::id of the memref.load / memref.store
  uint64_t buffer; // Buffer::id of the root allocation
  int64_t element; // linear element index in that buffer
  bool isStore;
  uint32_t segment = 0;
  uint64_t thread = 0;
};

// Two different iterations of one scf.parallel activation touched the same element and
// at least one stored: the result depends on the schedule (MLIR: undefined behaviour).
// One per (loop, first access op, second access op) in a run: the first found.
struct Race {
  const Op* loop = nullptr;
  const Op* first = nullptr;  // the access of the earlier iteration (program order)
  const Op* second = nullptr; // the access of the later one
  std::vector<int64_t> firstIteration, secondIteration; // induction variable values
  uint64_t buffer = 0;
  int64_t element = 0; // linear element index in the buffer
  std::string memref;  // the second access's memref operand, as written
};

// What ran during one call (including everything it called), indexed by Op::id.
//   scf.for / scf.while: activations[id] (times the loop op ran), nonEmpty[id] (those
//     with at least one body execution), iterations[id] (body executions); scf.if:
//     activations[id] (times it ran), iterations[id] (then taken), elseCount[id] (else
//     taken); every op: executions[id].
struct RegionCounts {
  std::vector<uint64_t> activations, nonEmpty, iterations, elseCount, executions;
  std::vector<std::vector<uint64_t>> trips; // per loop, the trip count of each activation
  void reset(size_t numOps, bool withTrips);
};

// The fields below are totals. Ops inside the before region of an scf.while are also
// counted apart by copy (byContext): the first execution of the before region in each
// activation ("W<id>:f/") and the later ones ("W<id>:l/"), nested outermost first,
// because the lowering gives the two their own copies of the region.
struct ExecutionRecord {
  std::vector<uint64_t> activations, nonEmpty, iterations, elseCount, executions;
  std::map<std::string, RegionCounts> byContext;
  bool traceAccesses = false;
  std::vector<AccessEvent> accesses;
  // With traceAccesses, per AccessEvent::thread: the scf.parallel activation it is an
  // iteration of (numbered in the call) and the thread that activation ran in (0: none,
  // an outermost loop). Two accesses of a segment must keep their program order unless
  // they lie in different iterations of one activation.
  struct ParallelThread {
    uint64_t activation = 0;
    uint64_t parent = 0;
  };
  std::unordered_map<uint64_t, ParallelThread> parallelThreads;
  // Trip count of every activation of every loop, in order (per-activation shapes).
  bool traceTrips = false;
  std::vector<std::vector<uint64_t>> trips;

  void reset(size_t numOps);
};

struct CallResult {
  std::vector<RtValue> results;
  std::optional<Diag> error; // runtime error at the op that failed
};

// What a run may hold at once, so that no program makes the interpreter overflow its
// stack or exhaust memory; each is a run-time error at the op, located (docs/design.md
// "Limits"). The interpreter recurses once per call and per block running: it runs on a
// 1 GiB stack (support/big_stack.h), and at both limits at once it uses 11 MiB of it
// (41 MiB under ASan, which must stay under the 64 MiB ASan unpoisons when an error
// unwinds the stack; robust.stack_depth measures it).
// Calls running nested: "call depth exceeds 10000 (unbounded recursion?)".
constexpr unsigned kMaxCallDepth = 10000;
// Blocks running nested over the whole call stack (function bodies and the regions in
// them): a recursion inside deeply nested regions stops here.
constexpr unsigned kMaxRunDepth = 40000;
// Values the frames of the running calls hold together (32 bytes each).
constexpr uint64_t kMaxFrameValues = uint64_t(1) << 24;
// Elements of the memrefs allocated and still referenced: kMaxLiveElements (memref.h).

class Interpreter {
public:
  // `out` receives what the program prints (vector.print, print_memref_*).
  Interpreter(const Module& m, std::ostream& out);
  ~Interpreter();

  // Runs `f` on `args`. `rec`, if given, is reset and filled for this call.
  CallResult call(const Function& f, std::vector<RtValue> args, ExecutionRecord* rec = nullptr);

  // A call hook sees every `call` op before it runs; if it returns results, the
  // interpreter uses them instead of executing the callee (accelerated calls). It may
  // set `error` to abort the run.
  using CallHook = std::function<std::optional<std::vector<RtValue>>(
      const Op& call, const Function& callee, std::vector<RtValue>& args,
      std::optional<Diag>& error)>;
  void setCallHook(CallHook hook);

  // Aborts with "runaway execution" after this many executed ops (0 = no limit).
  void setStepLimit(uint64_t steps);
  uint64_t steps() const;

  // The races found so far (scf.parallel), in the order found. A call hook reads those a
  // golden call added; a run takes the rest at its end.
  const std::vector<Race>& races() const;
  std::vector<Race> takeRaces(size_t from = 0);

  // Allocates a zero-filled buffer viewed with an identity layout (for hosts and tests);
  // null beyond kMaxLiveElements.
  std::shared_ptr<MemRefView> allocate(const Type& memrefType, const std::vector<int64_t>& sizes);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Where a poison value was made, for the error of the op that observes it: "made by
// 'arith.shrui' at k.mlir:12:5 (shift amount is not less than the bit width)".
std::string poisonOrigin(const Op& origin);

// Element index of `indices` in `view` (no bounds checks).
int64_t linearIndex(const MemRefView& view, const int64_t* indices);

} // namespace loom
