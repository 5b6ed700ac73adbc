// The RTL library op by op: each SystemVerilog module, Verilated
// inside tb_ops.sv between loom_fifo channels, runs the hand-derived token sequences of
// its model's tests (tests/models: spec examples, back-pressure, reset), and random
// scripts whose every token and cycle must match the C++ model's on the same bench.
//
// A scenario is a bench as tests/models/testbench.h builds one: a scripted source per
// input channel (pushes its next token in cycle c if the channel had room at the start
// of c and c >= its start cycle) and a recording sink per output channel (pops in c if
// the channel held a token at the start of c and its accept pattern allows c). What a
// run observes: each source's push cycles (so every pop of the op, through the room it
// frees) and each sink's (cycle, value) list. Cycle 0 is the first clock edge after
// reset, as the engines' cycle 0 is their first step.
//
// The float compute units (loom_fcompute) call loom_dpi_arith through DPI-C: this binary
// provides it as a twin's driver does, with the same definition (rtl/driver/twin_dpi.h)
// given the same arithmetic (rtl::twinArith, evalArith's adapter).
#include "Vtb_ops.h"
#include "eval/arith.h"
#include "models/br.h"
#include "models/buffer.h"
#include "models/carry.h"
#include "models/compute.h"
#include "models/cond_br.h"
#include "models/constant.h"
#include "models/control_merge.h"
#include "models/fork.h"
#include "models/gate.h"
#include "models/invariant.h"
#include "models/join.h"
#include "models/lazy_fork.h"
#include "models/load.h"
#include "models/memory.h"
#include "models/merge.h"
#include "models/mux.h"
#include "models/never.h"
#include "models/sink.h"
#include "models/source.h"
#include "models/store.h"
#include "models/stream.h"
#include "models/sync.h"
#include "models/timing.h"
#include "rtl/driver/twin_dpi.h"
#include "rtl/twin_arith.h"
#include "tests/models/stream_cases.h"
#include "tests/models/testbench.h"

#include <catch2/catch.hpp>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <random>
#include <verilated.h>

using namespace loom;
using namespace loom::models;
using namespace loom::models::test;

namespace {

// The variants of tb_ops.sv, numbered as its `TB_VARIANT lines.
enum Variant : uint8_t {
  kCarry = 0,
  kInvariant = 1,
  kInvariantCap1 = 2, // output capacity 1
  kGate = 3,
  kStreamCap1 = 4, // += <, both outputs capacity 1
  kFork2 = 5,
  kFork2Out1Cap1 = 6,
  kFork3 = 7,
  kJoin3 = 8,
  kSyncOut1Cap1 = 9,
  kSink = 10,
  kSource = 11,
  kConstant42 = 12,
  kBr = 13,
  kCondBr = 14,
  kCondBrTrueCap1 = 15,
  kMerge2 = 16,
  kControlMerge2 = 17,
  kMux2 = 18,
  kSync2 = 19,
  kStreamFirst = 20, // 20 + 5 * step_op + cont_cond
  kAddI = 50,        // the compute units, at docs/timing.md's default latencies
  kMulI = 51,
  kDivSI = 52,
  kCmpISlt = 53,
  kSelect = 54,
  kSubIL2 = 55, // subi at latency 2: the shortest pipeline with a stage register
  kRemSI = 56,
  kShRSI = 57,
  kMaxUI = 58,
  kFloorDivSI = 59,
  kCeilDivSI = 60,
  kExtSI32To64 = 61,
  kTruncI64To8 = 62,
  kCtPop = 63,
  kIndexCastTo32 = 64,
  kSubIL3Cap1 = 65, // output capacity 1
  kLoad = 66,       // data i32, addresses index
  kStore = 67,      // data i32, addresses index
  kLazyFork2Out1Cap1 = 68,
  kMemS1L1Lat1 = 69, // memories of 16 i32 words holding 100 + i
  kMemS1L1Lat10 = 70,
  kMemL1Lat3 = 71,
  kMemL1Lat1DataCap1 = 72,
  kMemL2Lat1 = 73,
  kMemS1L1Lat3 = 74,
  kBufFifo2 = 75, // buffers, index tokens
  kBufSeq3 = 76,
  kBufFifo2Cap1 = 77, // output capacity 1
  kBufSeq1 = 78,
  kBufFifo2Init7 = 79, // holds [7] at reset
  kBufSeq2Init78 = 80, // holds [7, 8] at reset
  kBufSeq3Cap1 = 81,   // output capacity 1
  kBufFifo1 = 82,
  kAddF32 = 83, // float compute units (loom_fcompute), docs/timing.md's default latencies
  kMulF32 = 84,
  kDivF32 = 85,
  kCmpFOlt32 = 86,
  kAddF64 = 87,
  kDivF64 = 88,
  kCmpFUne64 = 89,
  kSubF32Cap1 = 90, // output capacity 1
  kSIToFP32To64 = 91,
  kNever = 92,
  kNumVariants = 93,
};

// tb_ops.sv gives loom_fcompute these numbers as OP and ATTR.
static_assert(static_cast<int>(OpKind::AddF) == 24 && static_cast<int>(OpKind::SubF) == 25 &&
              static_cast<int>(OpKind::MulF) == 26 && static_cast<int>(OpKind::DivF) == 27 &&
              static_cast<int>(OpKind::CmpF) == 33 && static_cast<int>(OpKind::SIToFP) == 42);
static_assert(static_cast<int>(CmpFPred::olt) == 4 && static_cast<int>(CmpFPred::une) == 13);
// ... and types coded (TypeKind << 8) | width: i1 257, i32 288, f32 1056, f64 1344.
static_assert(static_cast<int>(TypeKind::Integer) == 1 && static_cast<int>(TypeKind::F32) == 4 &&
              static_cast<int>(TypeKind::F64) == 5);

struct ComputeVariant {
  Variant v;
  OpKind kind;
  int latency;
  Type operand, result;
  int operands;
  CmpFPred cmpf = CmpFPred::AlwaysFalse;
};

struct BufferVariant {
  Variant v;
  BufferKind kind;
  int slots;
  Tokens init;
};

const BufferVariant* bufferVariant(Variant v) {
  static const BufferVariant table[] = {
      {kBufFifo2, BufferKind::Fifo, 2, {}},       {kBufSeq3, BufferKind::Seq, 3, {}},
      {kBufFifo2Cap1, BufferKind::Fifo, 2, {}},   {kBufSeq1, BufferKind::Seq, 1, {}},
      {kBufFifo2Init7, BufferKind::Fifo, 2, {7}}, {kBufSeq2Init78, BufferKind::Seq, 2, {7, 8}},
      {kBufSeq3Cap1, BufferKind::Seq, 3, {}},     {kBufFifo1, BufferKind::Fifo, 1, {}},
  };
  for (const BufferVariant& b : table)
    if (b.v == v) return &b;
  return nullptr;
}

struct MemoryVariant {
  Variant v;
  int stores, loads, latency;
};

const MemoryVariant* memoryVariant(Variant v) {
  static const MemoryVariant table[] = {
      {kMemS1L1Lat1, 1, 1, 1},       {kMemS1L1Lat10, 1, 1, 10}, {kMemL1Lat3, 0, 1, 3},
      {kMemL1Lat1DataCap1, 0, 1, 1}, {kMemL2Lat1, 0, 2, 1},     {kMemS1L1Lat3, 1, 1, 3},
  };
  for (const MemoryVariant& m : table)
    if (m.v == v) return &m;
  return nullptr;
}

constexpr int kMemWords = 16;
Bits initialWord(int i) {
  return 100 + static_cast<Bits>(i);
}

const ComputeVariant* computeVariant(Variant v) {
  static const ComputeVariant table[] = {
      {kAddI, OpKind::AddI, 1, Type::index(), Type::index(), 2},
      {kMulI, OpKind::MulI, 3, Type::index(), Type::index(), 2},
      {kDivSI, OpKind::DivSI, 8, Type::index(), Type::index(), 2},
      {kCmpISlt, OpKind::CmpI, 1, Type::index(), Type::i1(), 2},
      {kSelect, OpKind::Select, 1, Type::index(), Type::index(), 3},
      {kSubIL2, OpKind::SubI, 2, Type::index(), Type::index(), 2},
      {kRemSI, OpKind::RemSI, 8, Type::index(), Type::index(), 2},
      {kShRSI, OpKind::ShRSI, 1, Type::index(), Type::index(), 2},
      {kMaxUI, OpKind::MaxUI, 1, Type::index(), Type::index(), 2},
      {kFloorDivSI, OpKind::FloorDivSI, 8, Type::index(), Type::index(), 2},
      {kCeilDivSI, OpKind::CeilDivSI, 8, Type::index(), Type::index(), 2},
      {kExtSI32To64, OpKind::ExtSI, 1, Type::integer(32), Type::integer(64), 1},
      {kTruncI64To8, OpKind::TruncI, 1, Type::integer(64), Type::integer(8), 1},
      {kCtPop, OpKind::CtPop, 1, Type::index(), Type::index(), 1},
      {kIndexCastTo32, OpKind::IndexCast, 1, Type::index(), Type::integer(32), 1},
      {kSubIL3Cap1, OpKind::SubI, 3, Type::index(), Type::index(), 2},
      {kAddF32, OpKind::AddF, 4, Type::f32(), Type::f32(), 2},
      {kMulF32, OpKind::MulF, 4, Type::f32(), Type::f32(), 2},
      {kDivF32, OpKind::DivF, 12, Type::f32(), Type::f32(), 2},
      {kCmpFOlt32, OpKind::CmpF, 4, Type::f32(), Type::i1(), 2, CmpFPred::olt},
      {kAddF64, OpKind::AddF, 4, Type::f64(), Type::f64(), 2},
      {kDivF64, OpKind::DivF, 12, Type::f64(), Type::f64(), 2},
      {kCmpFUne64, OpKind::CmpF, 4, Type::f64(), Type::i1(), 2, CmpFPred::une},
      {kSubF32Cap1, OpKind::SubF, 4, Type::f32(), Type::f32(), 2},
      {kSIToFP32To64, OpKind::SIToFP, 4, Type::integer(32), Type::f64(), 1},
  };
  for (const ComputeVariant& c : table)
    if (c.v == v) return &c;
  return nullptr;
}

Variant streamVariant(StepOp s, ContCond c) {
  return static_cast<Variant>(kStreamFirst + 5 * static_cast<int>(s) + static_cast<int>(c));
}

struct Input {
  Type type;
  Tokens tokens;
  uint64_t start = 0;
};

struct Output {
  Type type;
  RecordSink::Pattern accept = {};
};

struct Scenario {
  Variant variant;
  std::vector<Input> in;
  std::vector<Output> out;
  uint64_t cycles;
};

struct Observed {
  std::vector<std::vector<uint64_t>> pushCycles; // per input
  std::vector<Got> got;                          // per output
  std::vector<Bits> memory;                      // a memory's words after the run
};

// --- The C++ model of a variant, on the clocked engine -----------------------------

// Output capacities of a variant (0: the default, 2), as tb_ops.sv sets OUT_CAP1.
int outputCapacity(Variant v, size_t port) {
  switch (v) {
  case kInvariantCap1: return 1;
  case kStreamCap1: return 1;
  case kFork2Out1Cap1:
  case kSyncOut1Cap1: return port == 1 ? 1 : 0;
  case kCondBrTrueCap1: return port == 0 ? 1 : 0;
  case kSubIL3Cap1: return 1;
  case kLazyFork2Out1Cap1: return port == 1 ? 1 : 0;
  case kMemL1Lat1DataCap1: return port == 0 ? 1 : 0;
  case kBufFifo2Cap1:
  case kBufSeq3Cap1:
  case kSubF32Cap1: return 1;
  default: return 0;
  }
}

Model& addModel(Bench& b, Variant v) {
  switch (v) {
  case kCarry: return b.add<Carry>("carry");
  case kInvariant:
  case kInvariantCap1: return b.add<Invariant>("invariant");
  case kGate: return b.add<Gate>("gate");
  case kStreamCap1: return b.add<Stream>("stream", StepOp::Add, ContCond::Lt);
  case kFork2:
  case kFork2Out1Cap1: return b.add<Fork>("fork", 2);
  case kFork3: return b.add<Fork>("fork", 3);
  case kJoin3: return b.add<Join>("join", 3);
  case kSync2:
  case kSyncOut1Cap1: return b.add<Sync>("sync", 2);
  case kSink: return b.add<Sink>("sink");
  case kSource: return b.add<Source>("source");
  case kConstant42: return b.add<Constant>("constant", 42);
  case kBr: return b.add<Br>("br");
  case kNever: return b.add<Never>("never");
  case kCondBr:
  case kCondBrTrueCap1: return b.add<CondBr>("cond_br");
  case kMerge2: return b.add<Merge>("merge", 2);
  case kControlMerge2: return b.add<ControlMerge>("control_merge", 2);
  case kMux2: return b.add<Mux>("mux", 2);
  case kLoad: return b.add<Load>("load");
  case kStore: return b.add<Store>("store");
  case kLazyFork2Out1Cap1: return b.add<LazyFork>("lazy_fork", 2);
  default: break;
  }
  if (const MemoryVariant* mv = memoryVariant(v)) {
    auto backing = std::make_shared<VectorBacking>(kMemWords);
    for (int i = 0; i < kMemWords; ++i)
      backing->data()[i] = initialWord(i);
    MemoryConfig config;
    config.numStores = mv->stores;
    config.numLoads = mv->loads;
    config.latency = mv->latency;
    return b.add<Memory>("memory", MemoryKind::Memory, config, backing);
  }
  if (const BufferVariant* bv = bufferVariant(v))
    return b.add<Buffer>("buffer", bv->kind, bv->slots, bv->init);
  if (const ComputeVariant* cv = computeVariant(v)) {
    ArithAttrs attrs;
    attrs.cmpi = CmpIPred::slt;
    attrs.cmpf = cv->cmpf;
    return b.add<Compute>("compute", cv->kind, attrs, cv->operand, cv->result, cv->latency,
                          cv->operands);
  }
  int k = v - kStreamFirst;
  return b.add<Stream>("stream", static_cast<StepOp>(k / 5), static_cast<ContCond>(k % 5));
}

Observed runModel(const Scenario& s) {
  Bench b(sim::EngineKind::Clocked);
  Model& op = addModel(b, s.variant);
  std::vector<ScriptSource*> sources;
  std::vector<RecordSink*> sinks;
  for (size_t i = 0; i < s.in.size(); ++i)
    sources.push_back(
        &b.feed(op, static_cast<int>(i), s.in[i].type, s.in[i].tokens, 0, s.in[i].start));
  for (size_t j = 0; j < s.out.size(); ++j)
    sinks.push_back(&b.collect(op, static_cast<int>(j), s.out[j].type, s.out[j].accept,
                               outputCapacity(s.variant, j)));
  b.run(s.cycles);
  REQUIRE(b.errors().empty());
  Observed o;
  for (auto* src : sources)
    o.pushCycles.push_back(src->pushCycles());
  for (auto* k : sinks)
    o.got.push_back(k->got());
  if (auto* m = dynamic_cast<Memory*>(&op))
    for (int i = 0; i < kMemWords; ++i)
      o.memory.push_back(m->backing().read(i));
  return o;
}

// --- The Verilated twin -------------------------------------------------------------

class Rtl {
public:
  Rtl() : top_(std::make_unique<Vtb_ops>(&context_)) { loom_twin_set_arith(rtl::twinArith); }

  // Resets the whole bench (every FIFO and op register), selects the variant.
  void reset(Variant v) {
    top_->sel = v;
    top_->in_push = 0;
    top_->out_pop = 0;
    top_->rst = 1;
    edge();
    edge();
    top_->rst = 0;
    if (!memoryVariant(v)) return;
    // The memory's initial words, through the host port (between calls, as a host would).
    for (int i = 0; i < kMemWords; ++i) {
      top_->host_we = 1;
      top_->host_addr = i;
      top_->host_wdata = initialWord(i);
      edge();
    }
    top_->host_we = 0;
  }

  Observed run(const Scenario& s, uint64_t stopAfter = UINT64_MAX) {
    reset(s.variant);
    Observed o;
    o.pushCycles.resize(s.in.size());
    o.got.resize(s.out.size());
    std::vector<size_t> next(s.in.size(), 0);
    for (uint64_t c = 0; c < s.cycles && c < stopAfter; ++c) {
      // valid and ready are registers: read before this cycle's pushes and pops.
      uint8_t push = 0, pop = 0;
      for (size_t i = 0; i < s.in.size(); ++i) {
        const Input& in = s.in[i];
        if (next[i] == in.tokens.size() || c < in.start || !(top_->in_ready >> i & 1)) continue;
        push |= 1u << i;
        top_->in_data[i] = in.tokens[next[i]++];
        o.pushCycles[i].push_back(c);
      }
      for (size_t j = 0; j < s.out.size(); ++j) {
        if (!(top_->out_valid >> j & 1) || (s.out[j].accept && !s.out[j].accept(c))) continue;
        pop |= 1u << j;
        o.got[j].push_back({c, top_->out_data[j] & widthMask(s.out[j].type.width)});
      }
      top_->in_push = push;
      top_->out_pop = pop;
      edge();
    }
    top_->in_push = 0;
    top_->out_pop = 0;
    if (memoryVariant(s.variant))
      for (int i = 0; i < kMemWords; ++i) {
        top_->host_addr = i;
        top_->eval();
        o.memory.push_back(top_->host_rdata & 0xffffffffu);
      }
    return o;
  }

private:
  static Bits widthMask(unsigned w) { return w >= 64 ? ~Bits{0} : (Bits{1} << w) - 1; }
  void edge() {
    top_->clk = 0;
    top_->eval();
    top_->clk = 1;
    top_->eval();
  }

  VerilatedContext context_;
  std::unique_ptr<Vtb_ops> top_;
};

Rtl& twin() {
  static Rtl r;
  return r;
}

// Runs the scenario on the model and the twin; they must observe the same.
Observed runBoth(const Scenario& s) {
  Observed model = runModel(s);
  Observed twin = ::twin().run(s);
  for (size_t i = 0; i < s.in.size(); ++i) {
    INFO("input " << i << ": push cycles, twin vs model");
    CHECK(twin.pushCycles[i] == model.pushCycles[i]);
  }
  for (size_t j = 0; j < s.out.size(); ++j) {
    INFO("output " << j << ": (cycle, value), twin vs model");
    CHECK(twin.got[j] == model.got[j]);
  }
  INFO("memory words after the run, twin vs model");
  CHECK(twin.memory == model.memory);
  return twin;
}

const Type kI1 = Type::i1();
const Type kIdx = Type::index();
const Type kNone = Type::none();
const Type kI32 = Type::integer(32);

RecordSink::Pattern never() {
  return [](uint64_t) { return false; };
}
RecordSink::Pattern from(uint64_t first) {
  return [first](uint64_t c) { return c >= first; };
}

} // namespace

// --- Hand-derived sequences (the models' tests, tests/models/test_*.cpp) -------------

TEST_CASE("rtl carry: d=[T,T,F,T,T,T,T,F] a=[A,B] b=[C..H]", "[rtl][carry]") {
  // tests/models/test_carry.cpp: pushes in 1,3,...,15, popped one cycle later.
  Observed o =
      runBoth({kCarry,
               {{kI1, {T, T, F, T, T, T, T, F}}, {kIdx, {10, 20}}, {kIdx, {1, 2, 3, 4, 5, 6}}},
               {{kIdx}},
               20});
  CHECK(o.got[0] == Got{{2, 10}, {4, 1}, {6, 2}, {8, 20}, {10, 3}, {12, 4}, {14, 5}, {16, 6}});
}

TEST_CASE("rtl carry: a false condition emits nothing", "[rtl][carry]") {
  Observed o = runBoth({kCarry, {{kI1, {F}}, {kIdx, {10}}, {kIdx, {}}}, {{kIdx}}, 8});
  CHECK(o.got[0] == Got{{2, 10}});
}

TEST_CASE("rtl carry: waits in NeedLoop for b", "[rtl][carry]") {
  Observed o = runBoth({kCarry, {{kI1, {T, F}}, {kIdx, {10}}, {kIdx, {1}, 5}}, {{kIdx}}, 10});
  CHECK(o.got[0] == Got{{2, 10}, {7, 1}});
}

TEST_CASE("rtl carry: back-pressure, the sink pops every fourth cycle", "[rtl][carry]") {
  Observed o =
      runBoth({kCarry,
               {{kI1, {T, T, F, T, T, T, T, F}}, {kIdx, {10, 20}}, {kIdx, {1, 2, 3, 4, 5, 6}}},
               {{kIdx, [](uint64_t c) { return c % 4 == 0; }}},
               34});
  CHECK(o.got[0] == Got{{4, 10}, {8, 1}, {12, 2}, {16, 20}, {20, 3}, {24, 4}, {28, 5}, {32, 6}});
}

TEST_CASE("rtl carry: reset in mid-activity returns to NeedInit", "[rtl][carry][reset]") {
  // Left in NeedLoop with a token in its output, then reset: the spec example runs as
  // from power-on.
  Scenario half{kCarry, {{kI1, {T}}, {kIdx, {10}}, {kIdx, {}}}, {{kIdx, never()}}, 6};
  twin().run(half);
  Observed o = runBoth({kCarry, {{kI1, {F}}, {kIdx, {7}}, {kIdx, {}}}, {{kIdx}}, 8});
  CHECK(o.got[0] == Got{{2, 7}});
}

TEST_CASE("rtl invariant: d=[T,T,F,T,T,T,T,F] a=[A,B] gives [A,A,A,B,B,B,B,B]",
          "[rtl][invariant]") {
  Observed o =
      runBoth({kInvariant, {{kI1, {T, T, F, T, T, T, T, F}}, {kIdx, {10, 20}}}, {{kIdx}}, 16});
  Tokens values;
  for (auto& g : o.got[0])
    values.push_back(g.second);
  CHECK(values == Tokens{10, 10, 10, 20, 20, 20, 20, 20});
}

TEST_CASE("rtl invariant: a false needs no output space", "[rtl][invariant]") {
  // Capacity-1 output whose sink never pops: A fills it, F still goes through, and
  // the second activation's A waits for room forever.
  Observed o = runBoth({kInvariantCap1, {{kI1, {F}}, {kIdx, {10, 20}}}, {{kIdx, never()}}, 8});
  CHECK(o.pushCycles[0] == std::vector<uint64_t>{0});
  CHECK(o.got[0].empty());
}

TEST_CASE("rtl invariant: back-pressure, capacity-1 output", "[rtl][invariant]") {
  runBoth({kInvariantCap1, {{kI1, {T, T, F}}, {kIdx, {10}}}, {{kIdx, from(10)}}, 20});
}

TEST_CASE("rtl gate: spec example [0..4]/[T,T,T,T,F]", "[rtl][gate]") {
  Observed o =
      runBoth({kGate, {{kIdx, {0, 1, 2, 3, 4}}, {kI1, {T, T, T, T, F}}}, {{kIdx}, {kI1}}, 10});
  CHECK(o.got[0] == Got{{2, 0}, {3, 1}, {4, 2}, {5, 3}});
  CHECK(o.got[1] == Got{{3, 1}, {4, 1}, {5, 1}, {6, 0}});
}

TEST_CASE("rtl gate: a lone false emits nothing, bursts reset", "[rtl][gate]") {
  Observed lone = runBoth({kGate, {{kIdx, {7}}, {kI1, {F}}}, {{kIdx}, {kI1}}, 6});
  CHECK(lone.got[0].empty());
  CHECK(lone.got[1].empty());
  Observed two =
      runBoth({kGate, {{kIdx, {1, 2, 3, 4, 5}}, {kI1, {T, F, T, T, F}}}, {{kIdx}, {kI1}}, 12});
  CHECK(two.got[0] == Got{{2, 1}, {4, 3}, {5, 4}});
  CHECK(two.got[1] == Got{{3, 0}, {5, 1}, {6, 0}});
}

TEST_CASE("rtl gate: a false in NeedHead needs no output space", "[rtl][gate]") {
  // after_value never drains: c1 pushes v0, c2 v1 (and cond T): after_value is full
  // from c3. c3 F ends the burst (cond F); c4 and c5 are zero-trip falses in NeedHead,
  // which pop without room on after_value, so the sources keep pushing every cycle.
  Observed o = runBoth({kGate,
                        {{kIdx, {0, 1, 2, 3, 4, 5}}, {kI1, {T, T, F, F, F, F}}},
                        {{kIdx, never()}, {kI1}},
                        10});
  CHECK(o.pushCycles[1] == std::vector<uint64_t>{0, 1, 2, 3, 4, 5});
  CHECK(o.got[1] == Got{{3, 1}, {4, 0}});
}

TEST_CASE("rtl gate: back-pressure on after_cond", "[rtl][gate]") {
  runBoth({kGate,
           {{kIdx, {0, 1, 2, 3, 4}}, {kI1, {T, T, T, T, F}}},
           {{kIdx}, {kI1, [](uint64_t c) { return c % 3 == 0; }}},
           20});
}

TEST_CASE("rtl stream: spec example start=0 step=1 bound=4 += <", "[rtl][stream]") {
  Observed o = runBoth({streamVariant(StepOp::Add, ContCond::Lt),
                        {{kIdx, {0}}, {kIdx, {1}}, {kIdx, {4}}},
                        {{kIdx}, {kI1}},
                        12});
  CHECK(o.got[0] == Got{{3, 0}, {4, 1}, {5, 2}, {6, 3}, {7, 4}});
  CHECK(o.got[1] == Got{{3, 1}, {4, 1}, {5, 1}, {6, 1}, {7, 0}});
}

TEST_CASE("rtl stream: every step_op x cont_cond pair", "[rtl][stream]") {
  for (const StreamCase& r : kStreamCases) {
    INFO("step_op " << stepOpText(r.op) << " cont_cond " << contCondText(r.cc));
    Observed o = runBoth({streamVariant(r.op, r.cc),
                          {{kIdx, {sx(r.start)}}, {kIdx, {sx(r.step)}}, {kIdx, {sx(r.bound)}}},
                          {{kIdx}, {kI1}},
                          r.idx.size() + 6});
    Tokens idx, cont;
    std::vector<uint64_t> cycles;
    for (auto& g : o.got[0]) {
      idx.push_back(g.second);
      cycles.push_back(g.first);
    }
    for (auto& g : o.got[1])
      cont.push_back(g.second);
    CHECK(idx == r.idx);
    CHECK(cont == r.cont);
    // Activation in 1, one pair per cycle from 2, popped a cycle later.
    for (size_t i = 0; i < cycles.size(); ++i)
      CHECK(cycles[i] == 3 + i);
  }
}

TEST_CASE("rtl stream: second activation after the terminating false", "[rtl][stream]") {
  Observed o = runBoth({streamVariant(StepOp::Add, ContCond::Lt),
                        {{kIdx, {0, 10}}, {kIdx, {1, 1}}, {kIdx, {2, 12}}},
                        {{kIdx}, {kI1}},
                        16});
  CHECK(o.got[0] == Got{{3, 0}, {4, 1}, {5, 2}, {7, 10}, {8, 11}, {9, 12}});
}

TEST_CASE("rtl stream: back-pressure", "[rtl][stream]") {
  SECTION("idx sink pops only in odd cycles") {
    Observed o = runBoth({streamVariant(StepOp::Add, ContCond::Lt),
                          {{kIdx, {0}}, {kIdx, {1}}, {kIdx, {4}}},
                          {{kIdx, [](uint64_t c) { return c % 2 == 1; }}, {kI1}},
                          14});
    CHECK(o.got[0] == Got{{3, 0}, {5, 1}, {7, 2}, {9, 3}, {11, 4}});
    CHECK(o.got[1] == Got{{3, 1}, {4, 1}, {5, 1}, {7, 1}, {9, 0}});
  }
  SECTION("capacity-1 outputs halve the rate") {
    Observed o =
        runBoth({kStreamCap1, {{kIdx, {0}}, {kIdx, {1}}, {kIdx, {4}}}, {{kIdx}, {kI1}}, 14});
    CHECK(o.got[0] == Got{{3, 0}, {5, 1}, {7, 2}, {9, 3}, {11, 4}});
  }
}

TEST_CASE("rtl stream: waits for all three activation inputs", "[rtl][stream]") {
  Observed o = runBoth({streamVariant(StepOp::Add, ContCond::Lt),
                        {{kIdx, {0}}, {kIdx, {1}}, {kIdx, {2}, 5}},
                        {{kIdx}, {kI1}},
                        12});
  CHECK(o.got[0] == Got{{8, 0}, {9, 1}, {10, 2}});
}

TEST_CASE("rtl fork: every token reaches every output once", "[rtl][fork]") {
  Observed o = runBoth({kFork2, {{kIdx, {1, 2, 3}}}, {{kIdx}, {kIdx}}, 8});
  CHECK(o.got[0] == Got{{2, 1}, {3, 2}, {4, 3}});
  CHECK(o.got[1] == o.got[0]);
}

TEST_CASE("rtl fork: half-sent state under back-pressure", "[rtl][fork]") {
  Observed o = runBoth({kFork2Out1Cap1, {{kIdx, {1, 2}}}, {{kIdx}, {kIdx, from(5)}}, 11});
  CHECK(o.got[0] == Got{{2, 1}, {3, 2}});
  CHECK(o.got[1] == Got{{5, 1}, {7, 2}});
}

TEST_CASE("rtl join: waits for every input", "[rtl][join]") {
  // The third input's tokens come from cycle 3 on: joins fire in 4 and 5.
  Observed o =
      runBoth({kJoin3, {{kNone, {0, 0}}, {kNone, {0, 0}}, {kNone, {0, 0}, 3}}, {{kNone}}, 10});
  CHECK(o.got[0] == Got{{5, 0}, {6, 0}});
}

TEST_CASE("rtl sync: inputs pass together to their outputs", "[rtl][sync]") {
  Observed o =
      runBoth({kSyncOut1Cap1, {{kIdx, {1, 2}}, {kIdx, {10, 20}}}, {{kIdx}, {kIdx, from(5)}}, 10});
  CHECK(o.got[0] == Got{{2, 1}, {7, 2}});
  CHECK(o.got[1] == Got{{5, 10}, {7, 20}});
}

TEST_CASE("rtl cond_br: routes by the condition", "[rtl][cond_br]") {
  Observed o = runBoth({kCondBr, {{kI1, {T, F, T}}, {kIdx, {1, 2, 3}}}, {{kIdx}, {kIdx}}, 8});
  CHECK(o.got[0] == Got{{2, 1}, {4, 3}});
  CHECK(o.got[1] == Got{{3, 2}});
}

TEST_CASE("rtl cond_br: a full untaken output does not block", "[rtl][cond_br]") {
  // The true output (capacity 1) never drains; after T fills it, F still passes.
  Observed o = runBoth({kCondBrTrueCap1,
                        {{kI1, {T, F, T, F}}, {kIdx, {5, 6, 7, 8}}},
                        {{kIdx, never()}, {kIdx}},
                        10});
  CHECK(o.got[1] == Got{{3, 6}});
}

TEST_CASE("rtl merge and control_merge: the lowest valid input wins", "[rtl][merge]") {
  Observed m = runBoth({kMerge2, {{kIdx, {1, 2}}, {kIdx, {10, 20}}}, {{kIdx}}, 10});
  CHECK(m.got[0] == Got{{2, 1}, {3, 2}, {4, 10}, {5, 20}});
  Observed c = runBoth({kControlMerge2, {{kIdx, {1}, 1}, {kIdx, {10, 20}}}, {{kIdx}, {kIdx}}, 10});
  CHECK(c.got[0] == Got{{2, 10}, {3, 1}, {4, 20}});
  CHECK(c.got[1] == Got{{2, 1}, {3, 0}, {4, 1}});
}

TEST_CASE("rtl mux: only the selected input is consumed", "[rtl][mux]") {
  Observed o = runBoth({kMux2, {{kIdx, {1, 0, 1}}, {kIdx, {5}}, {kIdx, {7, 8}}}, {{kIdx}}, 10});
  CHECK(o.got[0] == Got{{2, 7}, {3, 5}, {4, 8}});
}

TEST_CASE("rtl sink, source, constant, br", "[rtl][misc]") {
  Observed k = runBoth({kSink, {{kIdx, {1, 2, 3}}}, {}, 6});
  CHECK(k.pushCycles[0] == std::vector<uint64_t>{0, 1, 2});
  // Sink pops every third cycle; capacity 2: pushes c0, c1, then one per freed slot.
  Observed s = runBoth({kSource, {}, {{kNone, [](uint64_t c) { return c % 3 == 0; }}}, 12});
  CHECK(s.got[0] == Got{{3, 0}, {6, 0}, {9, 0}});
  Observed c = runBoth({kConstant42, {{kNone, {0, 0}, 2}}, {{kIdx}}, 8});
  CHECK(c.got[0] == Got{{4, 42}, {5, 42}});
  Observed b = runBoth({kBr, {{kIdx, {4, 5}}}, {{kIdx, from(4)}}, 8});
  CHECK(b.got[0] == Got{{4, 4}, {5, 5}});
}

TEST_CASE("rtl never: no token, whatever the sink", "[rtl][never]") {
  Observed n = runBoth({kNever, {}, {{kIdx}}, 8});
  CHECK(n.got[0].empty());
}

TEST_CASE("rtl compute: latency L, one operation per cycle", "[rtl][compute]") {
  // tests/models/test_compute.cpp. L = 1: operands visible c1, c2, pushed c1, c2.
  Observed add = runBoth({kAddI, {{kIdx, {1, 2}}, {kIdx, {10, 20}}}, {{kIdx}}, 6});
  CHECK(add.got[0] == Got{{2, 11}, {3, 22}});
  // L = 3: popped c1, c2, c3, pushed c3, c4, c5.
  Observed mul = runBoth({kMulI, {{kIdx, {2, 3, 4}}, {kIdx, {10, 10, 10}}}, {{kIdx}}, 10});
  CHECK(mul.got[0] == Got{{4, 20}, {5, 30}, {6, 40}});
}

TEST_CASE("rtl compute: back-pressure stalls the whole pipeline", "[rtl][compute]") {
  // L = 3, output capacity 1, the sink pops from c8: a stall from c4 to c8, then one
  // result every other cycle.
  Observed o = runBoth(
      {kSubIL3Cap1, {{kIdx, {10, 20, 30, 40}}, {kIdx, {1, 2, 3, 4}}}, {{kIdx, from(8)}}, 17});
  CHECK(o.got[0] == Got{{8, 9}, {10, 18}, {12, 27}, {14, 36}});
}

TEST_CASE("rtl compute: cmpi slt gives i1, select picks by its condition", "[rtl][compute]") {
  Observed cmp = runBoth({kCmpISlt, {{kIdx, {1, 5, sx(-1)}}, {kIdx, {3, 3, 0}}}, {{kI1}}, 6});
  CHECK(cmp.got[0] == Got{{2, 1}, {3, 0}, {4, 1}});
  Observed sel = runBoth({kSelect, {{kI1, {T, F}}, {kIdx, {1, 2}}, {kIdx, {10, 20}}}, {{kIdx}}, 6});
  CHECK(sel.got[0] == Got{{2, 1}, {3, 20}});
}

TEST_CASE("rtl load: address and data halves fire independently", "[rtl][load]") {
  // tests/models/test_memory.cpp: both halves fire in c1, c2; addr 7 waits for a ctrl
  // that never comes while the data half passes 70.
  Observed o = runBoth(
      {kLoad, {{kIdx, {5, 6, 7}}, {kI32, {50, 60, 70}}, {kNone, {0, 0}}}, {{kI32}, {kIdx}}, 6});
  CHECK(o.got[1] == Got{{2, 5}, {3, 6}});
  CHECK(o.got[0] == Got{{2, 50}, {3, 60}, {4, 70}});
}

TEST_CASE("rtl store: data and address leave together, one per ctrl", "[rtl][store]") {
  Observed o = runBoth({kStore, {{kIdx, {3}}, {kI32, {30}}, {kNone, {0}, 2}}, {{kI32}, {kIdx}}, 6});
  CHECK(o.got[0] == Got{{4, 30}});
  CHECK(o.got[1] == Got{{4, 3}});
}

TEST_CASE("rtl lazy_fork: all outputs at once, only when all have room", "[rtl][fork]") {
  Observed o = runBoth({kLazyFork2Out1Cap1, {{kIdx, {1, 2}}}, {{kIdx}, {kIdx, from(5)}}, 10});
  CHECK(o.got[0] == Got{{2, 1}, {7, 2}});
  CHECK(o.got[1] == Got{{5, 1}, {7, 2}});
}

TEST_CASE("rtl memory: latency 1 and extmemory latency 10", "[rtl][memory]") {
  // tests/models/test_memory.cpp. Latency 1: the store (77 -> [3]) is issued and
  // performed in c1; the load of [3], pushed in c2, in c3.
  Observed m1 = runBoth(
      {kMemS1L1Lat1, {{kI32, {77}}, {kIdx, {3}}, {kIdx, {3}, 2}}, {{kI32}, {kNone}, {kNone}}, 8});
  CHECK(m1.got[1] == Got{{2, 0}});
  CHECK(m1.got[0] == Got{{4, 77}});
  CHECK(m1.got[2] == Got{{4, 0}});
  CHECK(m1.memory.at(3) == 77);
  // Latency 10: the store issued in c1 is performed in c10; the load pushed in c11,
  // issued in c12, performed in c21.
  Observed m10 = runBoth({kMemS1L1Lat10,
                          {{kI32, {77}}, {kIdx, {3}}, {kIdx, {3}, 11}},
                          {{kI32}, {kNone}, {kNone}},
                          26});
  CHECK(m10.got[1] == Got{{11, 0}});
  CHECK(m10.got[0] == Got{{22, 77}});
}

TEST_CASE("rtl memory: same-cycle accesses are performed in arrival order", "[rtl][memory]") {
  Observed o = runBoth(
      {kMemS1L1Lat1, {{kI32, {55}}, {kIdx, {5}}, {kIdx, {5}}}, {{kI32}, {kNone}, {kNone}}, 4});
  CHECK(o.got[0] == Got{{2, 55}});
  CHECK(o.got[1] == Got{{2, 0}});
}

TEST_CASE("rtl memory: pipelined loads, back-pressure, round-robin", "[rtl][memory]") {
  Observed piped = runBoth({kMemL1Lat3, {{kIdx, {0, 1, 2, 3}}}, {{kI32}, {kNone}}, 10});
  CHECK(piped.got[0] == Got{{4, 100}, {5, 101}, {6, 102}, {7, 103}});
  Observed held =
      runBoth({kMemL1Lat1DataCap1, {{kIdx, {0, 1, 2}}}, {{kI32, from(5)}, {kNone}}, 12});
  CHECK(held.got[0] == Got{{5, 100}, {7, 101}, {9, 102}});
  CHECK(held.got[1] == Got{{2, 0}, {7, 0}, {9, 0}});
  Observed rr = runBoth(
      {kMemL2Lat1, {{kIdx, {0, 1}}, {kIdx, {2, 3}}}, {{kI32}, {kI32}, {kNone}, {kNone}}, 8});
  CHECK(rr.got[0] == Got{{2, 100}, {4, 101}});
  CHECK(rr.got[1] == Got{{3, 102}, {5, 103}});
}

TEST_CASE("rtl buffer: fifo adds one cycle, seq of N stages adds N", "[rtl][buffer]") {
  // Direct source -> sink: pops in c1, c2, c3. docs/timing.md "handshake.buffer":
  // fifo: the buffer pops in c1..c3 and bypasses each token in the same cycle, the sink
  // pops in c2..c4 (one cycle more).
  Observed fifo = runBoth({kBufFifo2, {{kIdx, {1, 2, 3}}}, {{kIdx}}, 8});
  CHECK(fifo.pushCycles[0] == std::vector<uint64_t>{0, 1, 2});
  CHECK(fifo.got[0] == Got{{2, 1}, {3, 2}, {4, 3}});
  // Seq N = 3: popped in t, pushed in t + 2: pushes c3, c4, c5, the sink c4, c5, c6.
  Observed seq = runBoth({kBufSeq3, {{kIdx, {1, 2, 3}}}, {{kIdx}}, 10});
  CHECK(seq.pushCycles[0] == std::vector<uint64_t>{0, 1, 2});
  CHECK(seq.got[0] == Got{{4, 1}, {5, 2}, {6, 3}});
  // Seq N = 1 (t + 0) and fifo N = 1 pass a token straight through, as fifo N = 2.
  for (Variant v : {kBufSeq1, kBufFifo1}) {
    INFO("variant " << int(v));
    Observed one = runBoth({v, {{kIdx, {1, 2, 3}}}, {{kIdx}}, 8});
    CHECK(one.got[0] == Got{{2, 1}, {3, 2}, {4, 3}});
  }
}

TEST_CASE("rtl buffer: fifo holds N tokens under back-pressure, in order", "[rtl][buffer]") {
  // Fifo N = 2, output capacity 1, the sink pops from c6:
  //   c1 bypass 1 (output now full)   c2 hold 2   c3 hold 3 (2 held: full)
  //   c4 .. c6 output full, no slot for 4 (the source still pushes 4 in c3, 5 in c4)
  //   c7 emit 2, accept 4   c9 emit 3, accept 5   c11 emit 4   c13 emit 5
  // each push filling the capacity-1 output, the sink's pop freeing it a cycle later.
  Observed o = runBoth({kBufFifo2Cap1, {{kIdx, {1, 2, 3, 4, 5}}}, {{kIdx, from(6)}}, 16});
  CHECK(o.pushCycles[0] == std::vector<uint64_t>{0, 1, 2, 3, 4});
  CHECK(o.got[0] == Got{{6, 1}, {8, 2}, {10, 3}, {12, 4}, {14, 5}});
}

TEST_CASE("rtl buffer: seq is elastic, tokens queue behind a full output", "[rtl][buffer]") {
  // Seq N = 3 (a token popped in t may leave from t + 2), output capacity 1, the sink
  // pops from c8:
  //   c1 accept 1 (may leave c3)   c2 accept 2 (c4)   c3 emit 1, accept 3 (c5)
  //   c4 output full, but a slot is free: accept 4 (c6), 3 held; the source pushes 5
  //   c5 .. c8 full on both sides   c9 emit 2, accept 5 (may leave c11)
  //   c11 emit 3   c13 emit 4   c15 emit 5 (each a cycle after the sink's pop)
  Observed o = runBoth({kBufSeq3Cap1, {{kIdx, {1, 2, 3, 4, 5}}}, {{kIdx, from(8)}}, 18});
  CHECK(o.pushCycles[0] == std::vector<uint64_t>{0, 1, 2, 3, 4});
  CHECK(o.got[0] == Got{{8, 1}, {10, 2}, {12, 3}, {14, 4}, {16, 5}});
}

TEST_CASE("rtl buffer: initial values leave first, from cycle 0", "[rtl][buffer]") {
  // Fifo N = 2, init [7]: 7 pushed in c0 (no input needed), token 1 (pushed by the
  // source in c0) bypasses in c1.
  Observed fifo = runBoth({kBufFifo2Init7, {{kIdx, {1}}}, {{kIdx}}, 5});
  CHECK(fifo.got[0] == Got{{1, 7}, {2, 1}});
  // Seq N = 2, init [7, 8] (full): 7 leaves in c0, 8 in c1; token 1 can only be popped
  // once the emit of c1 leaves a slot, and leaves a cycle later, in c2.
  Observed seq = runBoth({kBufSeq2Init78, {{kIdx, {1}}}, {{kIdx}}, 6});
  CHECK(seq.got[0] == Got{{1, 7}, {2, 8}, {3, 1}});
  // No consumer: 7 and 8 fill the capacity-2 output in c0 and c1; 1 is accepted in c1
  // and 2 in c2 (elastic: the full output does not stop the stages), then 2 held and no
  // slot for 3. The source pushes 1, 2, 3 in c0, c1, c2 (1 popped in c1 makes room).
  Observed held = runBoth({kBufSeq2Init78, {{kIdx, {1, 2, 3}}}, {{kIdx, never()}}, 8});
  CHECK(held.pushCycles[0] == std::vector<uint64_t>{0, 1, 2});
  CHECK(held.got[0].empty());
}

TEST_CASE("rtl buffer: reset in mid-activity restores the initial values", "[rtl][buffer][reset]") {
  // Left holding two tokens, its initial values gone, then reset: the initial values
  // leave first again, and nothing of the first run.
  Scenario half{kBufSeq2Init78, {{kIdx, {1, 2, 3}}}, {{kIdx, never()}}, 6};
  twin().run(half);
  Observed o = runBoth({kBufSeq2Init78, {{kIdx, {5}}}, {{kIdx}}, 6});
  CHECK(o.got[0] == Got{{1, 7}, {2, 8}, {3, 5}});
  // A fifo left full behind its full output comes back empty.
  twin().run({kBufFifo2Cap1, {{kIdx, {1, 2, 3}}}, {{kIdx, never()}}, 6});
  Observed f = runBoth({kBufFifo2Cap1, {{kIdx, {9}}}, {{kIdx}}, 5});
  CHECK(f.got[0] == Got{{2, 9}});
}

namespace {

Bits bitsOf(float x) {
  return bitsFromF32(x);
}
Bits bitsOf(double x) {
  return bitsFromF64(x);
}

const Type kF32 = Type::f32();
const Type kF64 = Type::f64();

} // namespace

TEST_CASE("rtl compute variants: the default latencies of docs/timing.md", "[rtl][fcompute]") {
  // The latencies tb_ops.sv gives the compute units are TimingConfig's defaults.
  for (int v = 0; v < kNumVariants; ++v)
    if (const ComputeVariant* cv = computeVariant(static_cast<Variant>(v))) {
      if (v == kSubIL2 || v == kSubIL3Cap1) continue; // deliberately longer pipelines
      INFO("variant " << v);
      auto cls = latencyClassOf(cv->kind);
      REQUIRE(cls);
      CHECK(cv->latency == latencyOf(TimingConfig{}, *cls));
    }
}

TEST_CASE("rtl fcompute: IEEE bit patterns (C++ float arithmetic) at the default latencies",
          "[rtl][fcompute]") {
  // The computing side of the test, anchored by a known pattern: 1.5 + 2.25 = 3.75.
  REQUIRE(bitsOf(1.5f + 2.25f) == 0x40700000u);
  REQUIRE(bitsOf(0.1 + 0.2) == 0x3fd3333333333334u); // not 0.3 (0x3fd3333333333333)
  // FloatAdd, L = 4: operands popped in c1, c2, c3, results pushed in c4, c5, c6, seen
  // by the sink in c5, c6, c7.
  Observed add = runBoth({kAddF32,
                          {{kF32, {bitsOf(1.5f), bitsOf(2.0f), bitsOf(-0.5f)}},
                           {kF32, {bitsOf(2.25f), bitsOf(0.1f), bitsOf(0.5f)}}},
                          {{kF32}},
                          10});
  CHECK(add.got[0] == Got{{5, bitsOf(1.5f + 2.25f)}, {6, bitsOf(2.0f + 0.1f)}, {7, 0}});
  // FloatMul, L = 4.
  Observed mul = runBoth({kMulF32,
                          {{kF32, {bitsOf(1.5f), bitsOf(3.0f), bitsOf(-2.0f)}},
                           {kF32, {bitsOf(2.25f), bitsOf(0.1f), bitsOf(0.0f)}}},
                          {{kF32}},
                          10});
  CHECK(mul.got[0] == Got{{5, bitsOf(1.5f * 2.25f)}, {6, bitsOf(3.0f * 0.1f)}, {7, 0x80000000u}});
  // FloatDiv, L = 12: popped in c1, c2, pushed in c12, c13, seen in c13, c14.
  float one = 1.0f, zero = 0.0f;
  Observed div =
      runBoth({kDivF32,
               {{kF32, {bitsOf(one), bitsOf(one)}}, {kF32, {bitsOf(3.0f), bitsOf(zero)}}},
               {{kF32}},
               16});
  CHECK(div.got[0] == Got{{13, bitsOf(one / 3.0f)}, {14, bitsOf(one / zero)}});
  CHECK(div.got[0][1].second == 0x7f800000u); // +inf
  // cmpf olt (FloatAdd class, L = 4) gives i1: a NaN compares false (ordered).
  float nan = std::numeric_limits<float>::quiet_NaN();
  Observed cmp = runBoth({kCmpFOlt32,
                          {{kF32, {bitsOf(1.0f), bitsOf(2.0f), bitsOf(nan)}},
                           {kF32, {bitsOf(2.0f), bitsOf(1.0f), bitsOf(1.0f)}}},
                          {{kI1}},
                          10});
  CHECK(cmp.got[0] == Got{{5, 1}, {6, 0}, {7, 0}});
}

TEST_CASE("rtl fcompute: f64 add, divide, cmpf une, and sitofp i32 -> f64", "[rtl][fcompute]") {
  Observed add =
      runBoth({kAddF64,
               {{kF64, {bitsOf(0.1), bitsOf(1e308)}}, {kF64, {bitsOf(0.2), bitsOf(1e308)}}},
               {{kF64}},
               8});
  CHECK(add.got[0] == Got{{5, bitsOf(0.1 + 0.2)}, {6, 0x7ff0000000000000u}});
  double one = 1.0, seven = 7.0;
  Observed div =
      runBoth({kDivF64,
               {{kF64, {bitsOf(one), bitsOf(-seven)}}, {kF64, {bitsOf(seven), bitsOf(2.0)}}},
               {{kF64}},
               16});
  CHECK(div.got[0] == Got{{13, bitsOf(one / seven)}, {14, bitsOf(-3.5)}});
  // une: unordered or not equal; a NaN operand gives true.
  double nan = std::numeric_limits<double>::quiet_NaN();
  Observed cmp = runBoth({kCmpFUne64,
                          {{kF64, {bitsOf(nan), bitsOf(1.0), bitsOf(1.0)}},
                           {kF64, {bitsOf(1.0), bitsOf(1.0), bitsOf(2.0)}}},
                          {{kI1}},
                          10});
  CHECK(cmp.got[0] == Got{{5, 1}, {6, 0}, {7, 1}});
  // sitofp (FloatAdd class, L = 4), one i32 operand: -7 and INT32_MAX are exact in f64.
  Observed cvt = runBoth({kSIToFP32To64, {{kI32, {0xfffffff9u, 0x7fffffffu}}}, {{kF64}}, 8});
  CHECK(cvt.got[0] == Got{{5, bitsOf(-7.0)}, {6, bitsOf(2147483647.0)}});
}

TEST_CASE("rtl fcompute: back-pressure stalls the whole pipeline", "[rtl][fcompute]") {
  // subf, L = 4 (3 stage registers), output capacity 1, the sink pops from c10.
  //   c1 .. c4 accept ops 1 .. 4; c4 pushes r1 (the output is now full)
  //   c5 .. c10 r2 in the last stage, the output full: stalled, nothing accepted
  //   c11 push r2, accept op5   c13 push r3, accept op6   c15 push r4   c17 r5   c19 r6
  //   (c12, c14, ... stalled again: the sink's pop frees the output a cycle later)
  // The sources push in c0 .. c5 (op 4 popped in c4 makes room for 6 in c5).
  Tokens a, b;
  for (float x : {10.0f, 20.0f, 30.0f, 40.0f, 50.0f, 60.0f})
    a.push_back(bitsOf(x));
  for (float x : {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f})
    b.push_back(bitsOf(x));
  Observed o = runBoth({kSubF32Cap1, {{kF32, a}, {kF32, b}}, {{kF32, from(10)}}, 22});
  CHECK(o.pushCycles[0] == std::vector<uint64_t>{0, 1, 2, 3, 4, 5});
  CHECK(o.pushCycles[1] == o.pushCycles[0]);
  CHECK(o.got[0] == Got{{10, bitsOf(10.0f - 0.5f)},
                        {12, bitsOf(20.0f - 1.5f)},
                        {14, bitsOf(30.0f - 2.5f)},
                        {16, bitsOf(40.0f - 3.5f)},
                        {18, bitsOf(50.0f - 4.5f)},
                        {20, bitsOf(60.0f - 5.5f)}});
}

TEST_CASE("rtl fcompute: reset in mid-activity empties the pipeline", "[rtl][fcompute][reset]") {
  // divf (L = 12) left with three operations in flight, then reset: only the new
  // operation's result comes out (popped in c1, pushed in c12, seen in c13).
  Scenario half{kDivF32,
                {{kF32, {bitsOf(1.0f), bitsOf(2.0f), bitsOf(3.0f)}},
                 {kF32, {bitsOf(1.0f), bitsOf(1.0f), bitsOf(1.0f)}}},
                {{kF32, never()}},
                6};
  twin().run(half);
  Observed o = runBoth({kDivF32, {{kF32, {bitsOf(6.0f)}}, {kF32, {bitsOf(3.0f)}}}, {{kF32}}, 20});
  CHECK(o.got[0] == Got{{13, bitsOf(2.0f)}});
}

// --- Random scripts against the model ------------------------------------------------

namespace {

// A variant's port types (inputs, outputs).
struct Ports {
  std::vector<Type> in, out;
};

Ports portsOf(Variant v) {
  switch (v) {
  case kCarry: return {{kI1, kIdx, kIdx}, {kIdx}};
  case kInvariant:
  case kInvariantCap1: return {{kI1, kIdx}, {kIdx}};
  case kGate: return {{kIdx, kI1}, {kIdx, kI1}};
  case kFork2:
  case kFork2Out1Cap1: return {{kIdx}, {kIdx, kIdx}};
  case kFork3: return {{kIdx}, {kIdx, kIdx, kIdx}};
  case kJoin3: return {{kNone, kNone, kNone}, {kNone}};
  case kSync2:
  case kSyncOut1Cap1: return {{kIdx, kIdx}, {kIdx, kIdx}};
  case kSink: return {{kIdx}, {}};
  case kSource: return {{}, {kNone}};
  case kConstant42: return {{kNone}, {kIdx}};
  case kBr: return {{kIdx}, {kIdx}};
  case kNever: return {{}, {kIdx}};
  case kCondBr:
  case kCondBrTrueCap1: return {{kI1, kIdx}, {kIdx, kIdx}};
  case kMerge2: return {{kIdx, kIdx}, {kIdx}};
  case kControlMerge2: return {{kIdx, kIdx}, {kIdx, kIdx}};
  case kMux2: return {{kIdx, kIdx, kIdx}, {kIdx}};
  case kLoad: return {{kIdx, kI32, kNone}, {kI32, kIdx}};
  case kStore: return {{kIdx, kI32, kNone}, {kI32, kIdx}};
  case kLazyFork2Out1Cap1: return {{kIdx}, {kIdx, kIdx}};
  default: break;
  }
  if (bufferVariant(v)) return {{kIdx}, {kIdx}};
  if (const MemoryVariant* mv = memoryVariant(v)) {
    Ports p;
    for (int i = 0; i < mv->stores; ++i)
      p.in.insert(p.in.end(), {kI32, kIdx});
    p.in.insert(p.in.end(), mv->loads, kIdx);
    p.out.insert(p.out.end(), mv->loads, kI32);
    p.out.insert(p.out.end(), mv->stores + mv->loads, kNone);
    return p;
  }
  if (const ComputeVariant* cv = computeVariant(v)) {
    Ports p{{}, {cv->result}};
    for (int i = 0; i < cv->operands; ++i)
      p.in.push_back(cv->kind == OpKind::Select && i == 0 ? kI1 : cv->operand);
    return p;
  }
  return {{kIdx, kIdx, kIdx}, {kIdx, kI1}};
}

// A float operand's bits: mostly small multiples of 1/4 (exact and rounded results,
// equal operands for cmpf), some random bit patterns (any exponent: NaNs, subnormals,
// infinities) and the special values.
Bits randomFloat(unsigned width, std::mt19937_64& rng) {
  auto pick = [&](uint64_t n) { return std::uniform_int_distribution<uint64_t>(0, n - 1)(rng); };
  static const double specials[] = {0.0,
                                    -0.0,
                                    std::numeric_limits<double>::infinity(),
                                    -std::numeric_limits<double>::infinity(),
                                    std::numeric_limits<double>::quiet_NaN(),
                                    0.1,
                                    1e30};
  double x = (static_cast<double>(pick(41)) - 20) / 4;
  switch (pick(8)) {
  case 0: return width == 32 ? rng() & 0xffffffffu : rng();
  case 1: x = specials[pick(std::size(specials))]; break;
  default: break;
  }
  return width == 32 ? bitsOf(static_cast<float>(x)) : bitsOf(x);
}

// Random tokens, start cycles and accept patterns for every port of the variant; the
// values keep the model free of op errors (a mux select < 2; a stream's step in 1..3,
// its bound within reach or not, so activations end or run on, but never an activation
// that cannot end, models::streamNeverEnds: its start is moved to where the condition
// fails at once).
Scenario randomScenario(Variant v, std::mt19937_64& rng) {
  auto pick = [&](uint64_t n) { return std::uniform_int_distribution<uint64_t>(0, n - 1)(rng); };
  Ports p = portsOf(v);
  Scenario s{v, {}, {}, 60};
  bool stream = v == kStreamCap1 || (v >= kStreamFirst && v < kAddI);
  const ComputeVariant* cv = computeVariant(v);
  // Operands without op errors: a divisor != 0, a shift amount in [0, 63].
  bool divides = cv && (cv->kind == OpKind::DivSI || cv->kind == OpKind::RemSI ||
                        cv->kind == OpKind::FloorDivSI || cv->kind == OpKind::CeilDivSI);
  bool shifts = cv && cv->kind == OpKind::ShRSI;
  for (size_t i = 0; i < p.in.size(); ++i) {
    Input in{p.in[i], {}, pick(4)};
    size_t n = stream ? 1 + pick(3) : pick(12);
    for (size_t t = 0; t < n; ++t) {
      Bits value = sx(static_cast<int64_t>(pick(41)) - 20);
      if (p.in[i].isI1()) value = pick(2); // conditions: zero-trip runs too
      if (p.in[i].kind == TypeKind::None) value = 0;
      if (v == kMux2 && i == 0) value = pick(2);
      if (cv && p.in[i].width == 64 && pick(4) == 0) value = rng(); // wide values too
      if (stream && i == 1) value = 1 + pick(3);
      if (divides && i == 1 && value == 0) value = 7;
      if (shifts && i == 1) value = pick(64);
      if (p.in[i].isFloat()) value = randomFloat(p.in[i].width, rng);
      if (memoryVariant(v) && p.in[i].isIndex()) value = pick(kMemWords); // in bounds
      in.tokens.push_back(value);
    }
    s.in.push_back(in);
  }
  if (stream) {
    int k = v == kStreamCap1 ? 0 : v - kStreamFirst;
    StepOp op = static_cast<StepOp>(k / 5);
    ContCond cc = static_cast<ContCond>(k % 5);
    auto& start = s.in[0].tokens;
    for (size_t a = 0; a < start.size() && a < s.in[1].tokens.size() && a < s.in[2].tokens.size();
         ++a)
      if (models::streamNeverEnds(op, cc, static_cast<int64_t>(start[a]),
                                  static_cast<int64_t>(s.in[1].tokens[a]),
                                  static_cast<int64_t>(s.in[2].tokens[a])))
        start[a] = s.in[2].tokens[a] + (cc == ContCond::Le ? 1 : cc == ContCond::Ge ? -1 : 0);
  }
  for (const Type& t : p.out) {
    uint64_t period = 1 + pick(4), phase = pick(period);
    s.out.push_back({t, [period, phase](uint64_t c) { return c % period == phase; }});
  }
  return s;
}

} // namespace

TEST_CASE("rtl every variant: random scripts, twin and model agree token for token",
          "[rtl][random]") {
  std::mt19937_64 rng(19);
  for (int v = 0; v < kNumVariants; ++v) {
    for (int k = 0; k < 40; ++k) {
      Scenario s = randomScenario(static_cast<Variant>(v), rng);
      INFO("variant " << v << " script " << k);
      runBoth(s);
    }
  }
}
