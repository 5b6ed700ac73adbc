#include "ops/op_table.h"

#include <cstdio>
#include <cstdlib>

namespace loom::ops {

namespace {

using R = TypeRule;
using F = Family;
constexpr Repeat kOnce = Repeat::Once, kVar = Repeat::Variadic;

PortSpec same(const char* name, uint8_t ref, PortRole role = PortRole::ByType) {
  return {name, R::SameAs, ref, role};
}

// A row's optional parts, named where the row is written: Extra().phases({...}).pacing(0).
struct Extra {
  unsigned minVariadic_ = 0;
  bool mirrored_ = false;
  std::vector<const char*> pairNames_, phases_;
  int pacing_ = -1;
  std::vector<AttrSpec> attrs_;
  bool internal_ = false;
  bool passes_ = false, loopControl_ = false;
  RateRule rateRule_ = RateRule::Paced;
  RateCheck rateCheck_ = RateCheck::SameRate;
  Passage passage_ = Passage::AllInputs;

  Extra& minVariadic(unsigned n) { return minVariadic_ = n, *this; }
  Extra& mirrored() { return mirrored_ = true, *this; }
  Extra& pairNames(std::vector<const char*> v) { return pairNames_ = std::move(v), *this; }
  Extra& phases(std::vector<const char*> v) { return phases_ = std::move(v), *this; }
  Extra& pacing(int input) { return pacing_ = input, *this; }
  Extra& attrs(std::vector<AttrSpec> v) { return attrs_ = std::move(v), *this; }
  Extra& internal() { return internal_ = true, *this; }
  Extra& passesTokens() { return passes_ = true, *this; }
  Extra& loopControl() { return loopControl_ = true, *this; }
  Extra& passage(Passage p) { return passage_ = p, *this; }
  Extra& rates(RateRule rule, RateCheck check) {
    return rateRule_ = rule, rateCheck_ = check, *this;
  }
};

// A row names its LOOM syntax and its RTL: a kind without them does not compile.
OpSpec row(NodeKind k, const char* name, Family f, std::vector<PortGroup> in,
           std::vector<PortGroup> out, LoomSyntax syntax, RtlSpec rtl, const Extra& x) {
  OpSpec s;
  s.kind = k;
  s.name = name;
  s.family = f;
  s.inputs = std::move(in);
  s.outputs = std::move(out);
  s.minVariadic = x.minVariadic_;
  s.variadicMirrored = x.mirrored_;
  s.pairNames = x.pairNames_;
  s.phases = x.phases_;
  s.pacingInput = x.pacing_;
  s.attrs = x.attrs_;
  s.internal = x.internal_;
  s.passesTokens = x.passes_;
  s.loopControl = x.loopControl_;
  s.rateRule = x.rateRule_;
  s.rateCheck = x.rateCheck_;
  s.passage = x.passage_;
  s.loomSyntax = syntax;
  s.rtl = std::move(rtl);
  return s;
}

// ---- RTL ------------------------------------------------------------------------------

using V = RtlValue;
using S = LoomSyntax;

RtlSpec module(const char* name, std::vector<RtlParam> params = {}) {
  return RtlSpec{{RtlModule{name, std::move(params)}}, false};
}
RtlParam inWidth(const char* name, uint8_t port) {
  return {name, V::InWidth, port};
}
RtlParam outWidth(const char* name, uint8_t port) {
  return {name, V::OutWidth, port};
}
const RtlSpec kTopPorts{{}, true};
const RtlSpec kNoRtl{};

// ---- attributes -----------------------------------------------------------------------

// Spelled the same in both forms.
AttrSpec both(Attr a, const char* name, bool required) {
  return {a, name, name, required};
}
// Spelled differently, or written by one form only (null: derived from the wiring).
AttrSpec spelled(Attr a, const char* name, const char* loomName, bool required) {
  return {a, name, loomName, required};
}

// One row per kind, in NodeKind order (checked by spec()). Port names and phase names
// are the specs' (spec-dataflow, spec-dataflow-memory, CIRCT's handshake dialect).
// clang-format off
std::vector<OpSpec> makeTable() {
  const PortGroup ctrlIn{kOnce, {{"ctrl", R::None}}};
  const PortGroup in0{kOnce, {{"in0"}}}, out0Same{kOnce, {same("out0", 0)}};
  const AttrSpec memGroup = spelled(Attr::MemGroup, "mem_group", nullptr, false);
  const AttrSpec memPort = spelled(Attr::MemPort, "mem_port", nullptr, false);
  const std::vector<PortGroup> memIn = {
      {Repeat::PerStore, {{"st%u.data", R::Element}, {"st%u.addr", R::IntLike}}},
      {Repeat::PerLoad, {{"ld%u.addr", R::IntLike}}}};
  const std::vector<PortGroup> memOut = {
      {Repeat::PerLoad, {{"ld%u.data", R::Element, 0, PortRole::MemData}}},
      {Repeat::PerStore, {{"st%u.done", R::None, 0, PortRole::Done}}},
      {Repeat::PerLoad, {{"ld%u.done", R::None, 0, PortRole::Done}}}};
  // A memory's type is in LOOM's syntax (memRefType); an extmemory's is its argument's.
  auto memAttrs = [](const char* loomMemType) {
    return std::vector<AttrSpec>{spelled(Attr::MemType, "mem_type", loomMemType, true),
                                 spelled(Attr::NumStores, "num_stores", "stCount", true),
                                 spelled(Attr::NumLoads, "num_loads", "ldCount", true),
                                 spelled(Attr::MemGroup, "mem_group", "id", false),
                                 spelled(Attr::ArgIndex, "arg_index", nullptr, false)};
  };
  std::vector<AttrSpec> memoryAttrs = memAttrs("memRefType");
  memoryAttrs.push_back(spelled(Attr::Lsq, nullptr, "lsq", false));
  const RtlSpec memoryRtl = module("loom_memory", {{"W", V::ElemWidth}, {"AW", V::AddrWidth},
      {"S", V::NumStores}, {"L", V::NumLoads}, {"LAT", V::MemLatency}, {"SIZE", V::MemWords}});
  const std::vector<RtlParam> widthOfOut0 = {outWidth("W", 0)};
  AttrSpec contCond = both(Attr::ContCond, "cont_cond", true);
  contCond.loomOlderName = "stop_cond";
  contCond.loomDefaulted = true;
  AttrSpec stepOp = both(Attr::StepOp, "step_op", true);
  stepOp.loomDefaulted = true;
  return {
    // -- function boundary
    row(NodeKind::Entry, "loom.entry", F::Boundary, {}, {{kVar, {{"out%u"}}}, ctrlIn},
        S::Signature, kTopPorts, Extra().rates(RateRule::Entry, RateCheck::None).phases({"Idle", "Sending"}).passage(Passage::Origin)),
    row(NodeKind::Return, "handshake.return", F::Boundary, {{kVar, {{"in%u"}}}, ctrlIn},
        {{kVar, {{"out%u", R::SameAsMatching}}}, {kOnce, {{"ctrl", R::SameAsMatching}}}},
        S::Return, module("loom_sync", {{"W", V::LaneWidth}, {"N", V::Inputs}}),
        Extra().rates(RateRule::None, RateCheck::Return).mirrored()),
    // -- dataflow (spec-dataflow)
    row(NodeKind::Stream, "dataflow.stream", F::Dataflow,
        {{kOnce, {{"start", R::IntLike}, same("step", 0), same("bound", 0)}}},
        {{kOnce, {same("idx", 0, PortRole::RawIndex), {"cont", R::I1, 0, PortRole::RawWillContinue}}}},
        S::Functional,
        module("loom_stream", {outWidth("W", 0), {"STEP_OP", V::StepOp}, {"CONT_COND", V::ContCond}}),
        Extra().rates(RateRule::Stream, RateCheck::Stream).phases({"A", "B"}).passage(Passage::Stream).loopControl().attrs({stepOp, contCond})),
    row(NodeKind::Gate, "dataflow.gate", F::Dataflow,
        {{kOnce, {{"before_value"}, {"before_cond", R::I1}}}},
        {{kOnce, {same("after_value", 0, PortRole::Data), {"after_cond", R::I1, 0, PortRole::AfterCond}}}},
        S::Functional,
        module("loom_gate", widthOfOut0), Extra().rates(RateRule::Gate, RateCheck::Gate).phases({"NeedHead", "NeedNext"}).pacing(1).loopControl()),
    row(NodeKind::Carry, "dataflow.carry", F::Dataflow,
        {{kOnce, {{"d", R::I1}, {"a"}, same("b", 1)}}}, {{kOnce, {same("o", 1, PortRole::CarryByType)}}},
        S::Functional,
        module("loom_carry", widthOfOut0),
        Extra().rates(RateRule::Repeater, RateCheck::Repeater).phases({"NeedInit", "NeedCond", "NeedLoop"}).passage(Passage::Carry).pacing(0).loopControl()),
    row(NodeKind::Invariant, "dataflow.invariant", F::Dataflow,
        {{kOnce, {{"d", R::I1}, {"a"}}}}, {{kOnce, {same("o", 1)}}}, S::Functional,
        module("loom_invariant", widthOfOut0), Extra().rates(RateRule::Repeater, RateCheck::Repeater).phases({"NeedInit", "NeedCond"}).passage(Passage::Invariant).pacing(0)),
    // -- handshake
    row(NodeKind::Fork, "handshake.fork", F::Handshake, {in0}, {{kVar, {same("out%u", 0)}}},
        S::SizedList, module("loom_fork", {inWidth("W", 0), {"N", V::Outputs}}),
        Extra().minVariadic(1).pacing(0).passesTokens()),
    row(NodeKind::LazyFork, "handshake.lazy_fork", F::Handshake, {in0}, {{kVar, {same("out%u", 0)}}},
        S::SizedList, module("loom_lazy_fork", {inWidth("W", 0), {"N", V::Outputs}}),
        Extra().minVariadic(1).pacing(0).passesTokens()),
    row(NodeKind::Join, "handshake.join", F::Handshake, {{kVar, {{"in%u"}}}},
        {{kOnce, {{"out0", R::None}}}}, S::TypedList, module("loom_join", {{"N", V::Inputs}}),
        Extra().minVariadic(1).pacing(0)),
    row(NodeKind::Sync, "handshake.sync", F::Handshake, {{kVar, {{"in%u"}}}},
        {{kVar, {{"out%u", R::SameAsMatching}}}}, S::TypedList,
        module("loom_sync", {{"W", V::LaneWidth}, {"N", V::Inputs}}), Extra().rates(RateRule::PerPort, RateCheck::SameRate).minVariadic(1).mirrored()),
    row(NodeKind::CondBr, "handshake.cond_br", F::Handshake, {{kOnce, {{"cond", R::I1}, {"data"}}}},
        {{kOnce, {same("true", 1), same("false", 1)}}}, S::CondBr,
        module("loom_cond_br", {inWidth("W", 1)}), Extra().rates(RateRule::CondBr, RateCheck::CondBr).pacing(0)),
    row(NodeKind::Mux, "handshake.mux", F::Handshake,
        {{kOnce, {{"select", R::IntLike}}}, {kVar, {same("data%u", 1)}}}, {{kOnce, {same("out", 1)}}},
        S::Mux, module("loom_mux", {outWidth("W", 0), {"N", V::DataInputs}, inWidth("SW", 0)}),
        Extra().rates(RateRule::Paced, RateCheck::Mux).passage(Passage::Select).minVariadic(1).pairNames({"false", "true"}).pacing(0)),
    row(NodeKind::Merge, "handshake.merge", F::Handshake, {{kVar, {same("in%u", 0)}}},
        {{kOnce, {same("out0", 0)}}}, S::SameTypeList,
        module("loom_merge", {outWidth("W", 0), {"N", V::Inputs}}), Extra().rates(RateRule::Merge, RateCheck::None).passage(Passage::AnyInput).minVariadic(1)),
    row(NodeKind::ControlMerge, "handshake.control_merge", F::Handshake, {{kVar, {same("in%u", 0)}}},
        {{kOnce, {same("out0", 0), {"out1", R::IntLike}}}}, S::ControlMerge,
        module("loom_control_merge", {outWidth("W", 0), {"N", V::Inputs}, outWidth("IW", 1)}),
        Extra().rates(RateRule::Merge, RateCheck::None).passage(Passage::AnyInput).minVariadic(1)),
    row(NodeKind::Buffer, "handshake.buffer", F::Handshake, {in0}, {out0Same}, S::Buffer,
        module("loom_buffer", {outWidth("W", 0), {"N", V::Slots}, {"FIFO", V::BufferFifo},
                               {"NINIT", V::InitCount}, {"INIT", V::InitValues}}),
        Extra().rates(RateRule::Paced, RateCheck::None).pacing(0).passesTokens().passage(Passage::Buffer).attrs({both(Attr::Slots, "slots", true),
                                                spelled(Attr::BufferKind, "kind", "bufferType", false),
                                                spelled(Attr::InitValues, "init", "initValues", false)})),
    row(NodeKind::Sink, "handshake.sink", F::Handshake, {in0}, {}, S::SameTypeList,
        module("loom_sink", {inWidth("W", 0)}), Extra().rates(RateRule::Paced, RateCheck::None).pacing(0)),
    row(NodeKind::Source, "handshake.source", F::Handshake, {}, {{kOnce, {{"out0", R::None}}}},
        S::Source, module("loom_source"), Extra().rates(RateRule::None, RateCheck::None).passage(Passage::Origin)),
    row(NodeKind::Constant, "handshake.constant", F::Handshake, {ctrlIn},
        {{kOnce, {{"value", R::Scalar}}}}, S::Constant,
        module("loom_constant", {outWidth("W", 0), {"VALUE", V::ConstValue}}),
        Extra().pacing(0).attrs({both(Attr::Value, "value", true)})),
    // -- memory (spec-dataflow-memory)
    row(NodeKind::Load, "handshake.load", F::Access,
        {{kOnce, {{"addr", R::IntLike}, {"mem_data"}, {"ctrl", R::None}}}},
        {{kOnce, {same("data", 1, PortRole::Data), same("mem_addr", 0, PortRole::MemAddr)}}}, S::Access,
        module("loom_load", {outWidth("W", 0), inWidth("AW", 0)}),
        Extra().rates(RateRule::Address, RateCheck::SameRate).pacing(2).passage(Passage::Load).attrs({memGroup, memPort})),
    row(NodeKind::Store, "handshake.store", F::Access,
        {{kOnce, {{"addr", R::IntLike}, {"data"}, {"ctrl", R::None}}}},
        {{kOnce, {same("mem_data", 1, PortRole::MemData), same("mem_addr", 0, PortRole::MemAddr)}}},
        S::Access, module("loom_store", {inWidth("W", 1), inWidth("AW", 0)}),
        Extra().rates(RateRule::Address, RateCheck::SameRate).pacing(2).attrs({memGroup, memPort})),
    row(NodeKind::Memory, "handshake.memory", F::Memory, memIn, memOut, S::Memory, memoryRtl,
        Extra().rates(RateRule::Memory, RateCheck::None).passage(Passage::Memory).attrs(memoryAttrs)),
    row(NodeKind::ExtMemory, "handshake.extmemory", F::Memory, memIn, memOut, S::ExtMemory,
        memoryRtl, Extra().rates(RateRule::Memory, RateCheck::None).passage(Passage::Memory).attrs(memAttrs(nullptr))),
    row(NodeKind::Br, "handshake.br", F::Handshake, {in0}, {out0Same}, S::SameTypeList,
        module("loom_br", {inWidth("W", 0)}), Extra().pacing(0).passesTokens()),
    row(NodeKind::Never, "handshake.never", F::Handshake, {}, {{kOnce, {{"out0"}}}}, S::Never,
        module("loom_never", {outWidth("W", 0)}), Extra().rates(RateRule::None, RateCheck::None).passage(Passage::Origin)),
    row(NodeKind::HostResult, "loom.host_result", F::Boundary, {in0}, {}, S::None, kNoRtl,
        Extra().pacing(0).internal()),
    // -- compute: ports and types are the arith or math op's (dfg/signature.cpp)
    row(NodeKind::Compute, "arith", F::Compute, {{kVar, {{"in%u", R::Computed}}}},
        {{kVar, {{"out%u", R::Computed}}}}, S::MlirDialect,
        RtlSpec{{{"loom_compute", {{"OP", V::ArithName}, {"N", V::Inputs}, {"WI", V::OperandWidth},
                                   outWidth("WO", 0), {"L", V::Latency}, {"PRED", V::CmpIPredicate}}},
                 {"loom_fcompute", {{"OP", V::ArithNumber}, {"ATTR", V::CmpFPredicate},
                                    {"TI", V::OperandType}, {"TO", V::ResultType}, {"N", V::Inputs},
                                    {"WI", V::LaneWidth}, outWidth("WO", 0), {"L", V::Latency}}}},
                false},
        Extra().pacing(0).attrs({both(Attr::Predicate, "predicate", false)})),
  };
}
// clang-format on

std::string expand(const char* pattern, unsigned rep) {
  std::string s(pattern);
  size_t at = s.find("%u");
  if (at != std::string::npos) s.replace(at, 2, std::to_string(rep));
  return s;
}

size_t fixedPorts(const std::vector<PortGroup>& groups, const Shape& shape) {
  size_t n = 0;
  for (const PortGroup& g : groups) {
    size_t reps = g.repeat == Repeat::Once       ? 1
                  : g.repeat == Repeat::PerStore ? shape.numStores
                  : g.repeat == Repeat::PerLoad  ? shape.numLoads
                                                 : 0;
    n += reps * g.ports.size();
  }
  return n;
}

bool hasVariadic(const std::vector<PortGroup>& groups) {
  for (const PortGroup& g : groups)
    if (g.repeat == Repeat::Variadic) return true;
  return false;
}

} // namespace

const std::vector<OpSpec>& table() {
  static const std::vector<OpSpec> t = makeTable();
  return t;
}

const OpSpec& spec(NodeKind k) {
  const OpSpec& s = table().at(static_cast<size_t>(k));
  if (s.kind != k) { // a row out of order is a programming error, caught by any test
    std::fprintf(stderr, "loom-sim: internal error: op table row %d is out of order\n",
                 static_cast<int>(k));
    std::abort();
  }
  return s;
}

const char* kindName(NodeKind k) {
  return spec(k).name;
}

bool kindFromName(std::string_view name, NodeKind& out) {
  for (const OpSpec& s : table())
    if (name == s.name && s.kind != NodeKind::Compute && !s.internal) {
      out = s.kind;
      return true;
    }
  return false;
}

bool portSpec(const OpSpec& s, const Shape& shape, bool input, unsigned port, const PortSpec*& out,
              unsigned& rep) {
  const std::vector<PortGroup>& groups = input ? s.inputs : s.outputs;
  size_t total = input ? shape.inputs : shape.outputs;
  size_t variadicReps = 0;
  if (hasVariadic(groups)) {
    size_t fixed = fixedPorts(groups, shape);
    variadicReps = total > fixed ? total - fixed : 0;
  }
  size_t p = port;
  for (const PortGroup& g : groups) {
    size_t reps = g.repeat == Repeat::Once       ? 1
                  : g.repeat == Repeat::PerStore ? shape.numStores
                  : g.repeat == Repeat::PerLoad  ? shape.numLoads
                                                 : variadicReps;
    size_t width = g.ports.size();
    if (p < reps * width) {
      out = &g.ports[p % width];
      rep = static_cast<unsigned>(p / width);
      return true;
    }
    p -= reps * width;
  }
  return false;
}

std::string portName(const OpSpec& s, const Shape& shape, bool input, unsigned port) {
  const PortSpec* ps = nullptr;
  unsigned rep = 0;
  if (!portSpec(s, shape, input, port, ps, rep))
    return (input ? "in" : "out") + std::to_string(port);
  // A row with pair names (handshake.mux) names its variadic inputs by them when it has
  // exactly that many: select 0 picks "false", 1 picks "true".
  if (input && !s.pairNames.empty() && port > 0 && shape.inputs == 1 + s.pairNames.size())
    return s.pairNames[port - 1];
  return expand(ps->name, rep);
}

size_t variadicCount(const OpSpec& s, const Shape& shape) {
  for (bool input : {true, false}) {
    const std::vector<PortGroup>& groups = input ? s.inputs : s.outputs;
    if (!hasVariadic(groups)) continue;
    size_t total = input ? shape.inputs : shape.outputs, fixed = fixedPorts(groups, shape);
    size_t width = 0;
    for (const PortGroup& g : groups)
      if (g.repeat == Repeat::Variadic) width = g.ports.size();
    return total > fixed ? (total - fixed) / width : 0;
  }
  return 0;
}

PortCount expectedPorts(const OpSpec& s, const Shape& shape, bool input) {
  const std::vector<PortGroup>& groups = input ? s.inputs : s.outputs;
  size_t fixed = fixedPorts(groups, shape);
  if (!hasVariadic(groups)) return {fixed, false};
  if (s.variadicMirrored && !input) {
    // As many repetitions as the inputs have.
    size_t inFixed = fixedPorts(s.inputs, shape);
    size_t reps = shape.inputs > inFixed ? shape.inputs - inFixed : 0;
    size_t width = 0;
    for (const PortGroup& g : groups)
      if (g.repeat == Repeat::Variadic) width = g.ports.size();
    return {fixed + reps * width, false};
  }
  return {fixed + s.minVariadic, true};
}

// ---- dataflow.stream's attributes ----------------------------------------------------

const char* stepOpText(StepOp s) {
  switch (s) {
  case StepOp::Add: return "+=";
  case StepOp::Sub: return "-=";
  case StepOp::Mul: return "*=";
  case StepOp::Div: return "/=";
  case StepOp::Shl: return "<<=";
  case StepOp::Shr: return ">>=";
  }
  return "?";
}

const char* contCondText(ContCond c) {
  switch (c) {
  case ContCond::Lt: return "<";
  case ContCond::Le: return "<=";
  case ContCond::Gt: return ">";
  case ContCond::Ge: return ">=";
  case ContCond::Ne: return "!=";
  }
  return "?";
}

bool parseStepOp(std::string_view text, StepOp& out) {
  for (StepOp s : {StepOp::Add, StepOp::Sub, StepOp::Mul, StepOp::Div, StepOp::Shl, StepOp::Shr})
    if (text == stepOpText(s)) {
      out = s;
      return true;
    }
  return false;
}

bool parseContCond(std::string_view text, ContCond& out) {
  for (ContCond c : {ContCond::Lt, ContCond::Le, ContCond::Gt, ContCond::Ge, ContCond::Ne})
    if (text == contCondText(c)) {
      out = c;
      return true;
    }
  return false;
}

} // namespace loom::ops
