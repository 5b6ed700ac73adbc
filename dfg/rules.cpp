#include "dfg/rules.h"

#include <algorithm>
#include <cctype>

namespace loom::dfg {

namespace {

// The networks below use the names of spec-dataflow-compilation's pseudo-code: %raw is a
// loop's raw_will_continue (N + 1 per activation), %after its gate's after_cond (N).
const std::vector<RuleInfo>& catalogue() {
  static const std::vector<RuleInfo> rules = {
      {RuleId::BodyCtrlOnRaw, "L101", "body-ctrl-on-raw",
       "loop-body control driven by raw_will_continue",
       "spec-dataflow-compilation, \"Raw vs body-visible control\"",
       "all body-local execution control must use this stream [after_cond] unless a rule "
       "explicitly requires the raw stream; using raw_will_continue for body-local control is "
       "incorrect because it reintroduces the extra (N + 1)th control event",
       "%body_ctrl = dataflow.invariant %raw, %ctrl : i1, none -> none   // N + 1 tokens",
       "%body_ctrl = dataflow.invariant %after, %ctrl : i1, none -> none // N tokens",
       "the input moves from the stream's will-continue to the gate's after_cond", true},
      {RuleId::InvariantOnRaw, "L102", "invariant-on-raw",
       "a body-local dataflow.invariant driven by raw_will_continue",
       "spec-dataflow-compilation, scf.for (values defined outside the loop)",
       "the controlling operand of that invariant must be after_cond, not raw_will_continue: the "
       "invariant is a body-local value stream, its length must match body execution count N",
       "%k_in = dataflow.invariant %raw, %k : i1, i32 -> i32   // N + 1 copies of %k",
       "%k_in = dataflow.invariant %after, %k : i1, i32 -> i32 // N copies",
       "the invariant's d moves from raw_will_continue to after_cond", true},
      {RuleId::MemCtrlOnRaw, "L103", "mem-ctrl-on-raw",
       "loop-body memory control driven by raw_will_continue",
       "spec-dataflow-memory, \"scf.for in Memory Control\"",
       "for memory ordering inside the loop body, LOOM must use the loop body's gated control "
       "stream, not the raw stream: loop_ctrl = carry(after_cond, entry_ctrl, "
       "body_done_feedback), and body_done is split by after_cond (the true branch feeds the "
       "carry, the false branch is the loop's exit done token); wiring memory control to the "
       "raw stream introduces one extra control token with no matching memory payload event",
       "%ctrl = dataflow.carry %raw, %entry, %again : i1, none, none -> none\n"
       "%x, %addr = load [%i] %mem#0, %ctrl : index, f32   // N + 1 ctrl, N addresses\n"
       "%again, %exit = cond_br %raw, %done : none          // N + 1 conditions, N dones",
       "%ctrl = dataflow.carry %after, %entry, %again : i1, none, none -> none\n"
       "%x, %addr = load [%i] %mem#0, %ctrl : index, f32   // N ctrl, N addresses\n"
       "%again, %exit = cond_br %after, %done : none",
       "the memory-control carry's d, the done split's condition (or the access's ctrl) move "
       "from raw_will_continue to after_cond",
       true},
      {RuleId::BodyCondBrOnRaw, "L104", "body-cond-br-on-raw",
       "a loop-body cond_br decided by raw_will_continue",
       "spec-dataflow-compilation, \"Invariants after lowering\"",
       "any loop-body-only cond_br that represents body control uses after_cond",
       "%t, %f = cond_br %raw, %body_value : i32    // one condition left latched",
       "%t, %f = cond_br %after, %body_value : i32",
       "the cond_br's condition moves from raw_will_continue to after_cond", true},
      {RuleId::IterCarryOnGated, "L105", "iter-arg-on-gated",
       "an iter_arg carry, or its split, driven by after_cond",
       "spec-dataflow-compilation, scf.for iter_args",
       "iter_arg carry.d uses raw_will_continue, and carry_o is split by raw_will_continue (true "
       "branch to the body, false branch to the loop result): the loop-boundary carry must "
       "produce the N + 1 sequence (one initial value, N - 1 body feedback values, one final "
       "exit value)",
       "%acc = dataflow.carry %after, %zero, %next : i1, i32, i32 -> i32 // N values\n"
       "%body_x, %exit_x = cond_br %after, %acc : i32",
       "%acc = dataflow.carry %raw, %zero, %next : i1, i32, i32 -> i32   // N + 1 values\n"
       "%body_x, %exit_x = cond_br %raw, %acc : i32",
       "the carry's d and the split's condition move from after_cond to raw_will_continue", true},
      {RuleId::ZeroTripGuard, "L106", "zero-trip-guard",
       "a loop its zero-trip guard does not wholly guard",
       "spec-dataflow-compilation, scf.if (\"a canonical zero-trip guard around a loop\")",
       "the enclosing loop lowering must not assume the guard disappears semantically",
       "%skip, %run = cond_br %n_is_0, %go : none          // the guard\n"
       "%i, %raw = dataflow.stream %zero, %one, %n         // starts even when N = 0\n"
       "%acc = dataflow.carry %raw, %run, %next            // its init only when N != 0",
       "%t, %n_in = cond_br %n_is_0, %n : index           // and the same for start, step\n"
       "%i, %raw = dataflow.stream %zero_in, %one_in, %n_in\n"
       "%acc = dataflow.carry %raw, %run, %next",
       "a cond_br on the guard's condition is put before each of the stream's start, step and "
       "bound that comes whichever way the guard goes; its other side goes to a sink",
       true},
      {RuleId::GateCounts, "L107", "gate-counts",
       "a dataflow.gate that does not turn N + 1 tokens into N", "spec-dataflow, dataflow.gate",
       "dataflow.gate reduces before-region streams to N",
       "%i, %after = dataflow.gate %idx, %other_cond : index, i1 -> index, i1",
       "%i, %after = dataflow.gate %idx, %raw : index, i1 -> index, i1", "", false},
      {RuleId::StreamStartSign, "L108", "stream-start-sign",
       "a >>= or /= stream that starts from a sign-extended narrower integer",
       "spec-dataflow, dataflow.stream (LOOM's simulators update its index unsigned)",
       "%start: index [...] if cont = true, update next_idx = next_idx step_op step",
       "%x64 = arith.index_cast %x : i32 to index      // sign-extends: 0x80000000 ->\n"
       "                                               //   0xFFFFFFFF80000000\n"
       "%i, %raw = dataflow.stream %x64, %one, %zero {step_op = \">>=\", cont_cond = \"!=\"}\n"
       "                                               // 64 iterations, where the\n"
       "                                               // program's i32 loop runs 32",
       "%x64 = arith.index_castui %x : i32 to index    // 0x0000000080000000\n"
       "%i, %raw = dataflow.stream %x64, %one, %zero {step_op = \">>=\", cont_cond = \"!=\"}",
       "the stream's input takes a new arith.index_castui of the same value (the "
       "sign-extending cast stays for its other uses, or goes to a sink)",
       true},
      {RuleId::CarryCondition, "L109", "carry-condition",
       "a dataflow.carry whose d is not its loop's condition", "spec-dataflow, dataflow.carry",
       "%d: loop-condition stream [...] emit one initial value, then emit one carried value "
       "for each continuing iteration, reset when the loop terminates",
       "%go = constant %start {value = true} : i1          // once per call\n"
       "%x = dataflow.carry %go, %init, %again : i1, i32, i32 -> i32\n"
       "%again, %out = cond_br %more, %next : i32          // %more decides the loop",
       "%x = dataflow.carry %more, %init, %again : i1, i32, i32 -> i32\n"
       "%again, %out = cond_br %more, %next : i32",
       "the carry's d takes a copy of the condition of the cond_br whose true side it takes "
       "back as b",
       true},
      {RuleId::MissingInvariant, "L201", "missing-invariant",
       "a value made outside a loop used in its body without a dataflow.invariant",
       "spec-dataflow-compilation, scf.for (values defined outside the loop)",
       "if a value is defined outside the loop but used inside the loop body, and the value is "
       "not a memref transport object, it must be replicated with dataflow.invariant",
       "%zero = constant %go {value = 0.0 : f32} : f32   // once per call\n"
       "%c = arith.cmpf ogt, %x, %zero : f32             // once per iteration: waits forever",
       "%zero_in = dataflow.invariant %after, %zero : i1, f32 -> f32\n"
       "%c = arith.cmpf ogt, %x, %zero_in : f32",
       "a dataflow.invariant on the loop's after_cond is put before the input", true},
      {RuleId::UnsplitBranchValue, "L202", "unsplit-branch-value",
       "a value made outside a branch enters it without the cond_br that splits it",
       "spec-dataflow-compilation, scf.if",
       "if a yielded value is defined outside the branch region, it must first be split by "
       "handshake.cond_br so the untaken branch does not leave a residual token on the final "
       "handshake.mux (the same holds for a value a loop's zero-trip guard lets in, and for "
       "both sides of a branch computed whichever way it goes: a mux takes only the input its "
       "select names)",
       "%r = mux %cond [%else_v, %outside_v] : i1, i32   // %outside_v comes either way",
       "%t, %f = cond_br %cond, %outside_v : i32\n"
       "%r = mux %cond [%else_v, %t] : i1, i32            // the false side goes to a sink",
       "a cond_br on the branch's condition is put before the input (before each of a mux's "
       "inputs where both come every time); its other side goes to a sink",
       true},
      {RuleId::InitialValue, "L203", "initial-value-rate",
       "a carry's or invariant's initial value not made once per activation of its loop",
       "spec-dataflow, dataflow.carry and dataflow.invariant",
       "the initial value is taken once when the loop starts; the spec's lowering makes it where "
       "the loop is entered (carry(raw_will_continue, init, ...), invariant(after_cond, ext))",
       "%acc = dataflow.carry %raw, %init_per_call, %next  // an inner loop started per outer "
       "iteration",
       "%init_in = dataflow.invariant %outer_after, %init_per_call\n"
       "%acc = dataflow.carry %raw, %init_in, %next",
       "none where no other carry or invariant of the loop has its initial value once per "
       "activation (change the lowering as shown under Right); where one has, the input takes "
       "a copy of that one's: the spec's literal lower_while seeds its after region's control "
       "with the before region's control (N + 1 per activation), where the before region's "
       "own seed serves",
       true},
      {RuleId::SameExecution, "L204", "same-execution",
       "inputs of one firing from different region executions",
       "spec-dataflow-compilation, \"Nested region value import\"",
       "after lowering, there must be no semantic dependence on original SCF nesting: all "
       "dependencies must appear as explicit SSA edges (each imported value through the "
       "invariant, carry branch or exit split its region gives it)",
       "%y = arith.addi %per_iteration, %per_call : i32",
       "%per_call_in = dataflow.invariant %after, %per_call\n"
       "%y = arith.addi %per_iteration, %per_call_in : i32",
       "", false},
      {RuleId::Ports, "L301", "ports", "a port not connected exactly once",
       "spec-dataflow-memory, \"Access Invariants\"; handshake's single-use rule",
       "every handshake.load and handshake.store must receive exactly one control input; each "
       "value has one consumer (a fork copies it)",
       "%x = ...; use %x twice without a fork", "%x0, %x1 = fork [2] %x", "", false},
      {RuleId::AccessPaths, "L302", "access-paths",
       "an access without its one ctrl, one done and one data path",
       "spec-dataflow-memory, \"Access Invariants\"",
       "every access must receive exactly one memory-interface done token; every load must "
       "receive exactly one data-from-memory connection",
       "%x, %addr = load [%i] %other, %ctrl", "%x, %addr = load [%i] %mem#0, %ctrl", "", false},
      {RuleId::MemoryOrder, "L303", "memory-order",
       "a memory group's accesses not ordered by the ctrl-done chain",
       "spec-dataflow-memory, \"Ordering Rule at the Same SCF Level\"",
       "at the same SCF level, accesses are ordered serially: current_token -> access -> "
       "access_done -> next_token (only consecutive loads may share a token)",
       "store [%i] %v, %go ; %x = load [%j] %mem#0, %go     // both on the entry token",
       "store [%i] %v, %go ; %x = load [%j] %mem#0, %store_done", "", false},
      {RuleId::ReturnOrder, "L304", "return-order", "the return does not wait for every done token",
       "spec-dataflow-memory, \"Completion Invariants\"",
       "the return control token must postdominate every memory access done token",
       "return %r, %go : i32, none", "%all = join %done_a, %done_b\nreturn %r, %all : i32, none",
       "", false},
      {RuleId::GroupIndependence, "L305", "group-independence",
       "one memory group's control depends on another group's done tokens",
       "spec-dataflow-memory, \"Memory Ordering Domains\"",
       "each alias-free root memref group gets one independent ctrl-done network; accesses in "
       "different groups must not be ordered against one another",
       "%y = load [%i] %mem_b#0, %done_a", "%y = load [%i] %mem_b#0, %ctrl_b", "", false},
      {RuleId::ParallelRace, "L401", "parallel-race",
       "iterations of an scf.parallel touch the same element (the program's mistake)",
       "MLIR scf dialect, scf.parallel",
       "scf.parallel: the iterations are independent; a data race between them is undefined",
       "scf.parallel (%i) = ... { memref.store %v, %out[%c0] }",
       "scf.parallel (%i) = ... { memref.store %v, %out[%i] }   (or scf.reduce)", "", false},
  };
  return rules;
}

} // namespace

const std::vector<RuleInfo>& allRules() {
  return catalogue();
}

const RuleInfo& ruleInfo(RuleId id) {
  static const RuleInfo none{RuleId::None, "", "", "", "", "", "", "", "", false};
  for (const RuleInfo& r : catalogue())
    if (r.id == id) return r;
  return none;
}

const RuleInfo* findRule(std::string_view codeOrName) {
  auto same = [](std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) ==
                    std::tolower(static_cast<unsigned char>(y));
           });
  };
  for (const RuleInfo& r : catalogue())
    if (same(codeOrName, r.code) || same(codeOrName, r.name)) return &r;
  return nullptr;
}

RuleId ruleOfRawConsumer(const Graph& g, Vertex consumer, unsigned port) {
  const Node& n = g.node(consumer);
  switch (n.kind) {
  case NodeKind::Load:
  case NodeKind::Store: return port == 2 ? RuleId::MemCtrlOnRaw : RuleId::BodyCtrlOnRaw;
  case NodeKind::Carry:
    return n.outRoles.at(0) == Role::MemCtrl || n.outRoles.at(0) == Role::Done
               ? RuleId::MemCtrlOnRaw
               : RuleId::BodyCtrlOnRaw;
  case NodeKind::Invariant:
    return n.outRoles.at(0) == Role::MemCtrl    ? RuleId::MemCtrlOnRaw
           : n.outRoles.at(0) == Role::BodyCtrl ? RuleId::BodyCtrlOnRaw
                                                : RuleId::InvariantOnRaw;
  case NodeKind::CondBr: {
    EdgeId data;
    bool done = n.outRoles.at(0) == Role::Done || n.outRoles.at(0) == Role::MemCtrl ||
                (g.inEdge(consumer, 1, data) &&
                 (g.edge(data).role == Role::Done || g.edge(data).role == Role::MemCtrl));
    // A done split is the memory control's other half (spec-dataflow-memory), and so is
    // a split of the memory-control carry's output before the body.
    return done ? RuleId::MemCtrlOnRaw : RuleId::BodyCondBrOnRaw;
  }
  default: return RuleId::BodyCtrlOnRaw;
  }
}

RuleId ruleOfGatedConsumer(const Graph&, Vertex, unsigned) {
  return RuleId::IterCarryOnGated; // the carry and its split are one rule
}

RuleId ruleOfRewire(const Graph& g, const Rewire& r) {
  if (!r.any() || r.consumer >= g.numNodes()) return RuleId::None;
  switch (r.kind) {
  case Rewire::Kind::ToAfterCond: return ruleOfRawConsumer(g, r.consumer, r.port);
  case Rewire::Kind::ToRawWillContinue: return ruleOfGatedConsumer(g, r.consumer, r.port);
  case Rewire::Kind::AddInvariant: return RuleId::MissingInvariant;
  case Rewire::Kind::SplitByCondition: return RuleId::UnsplitBranchValue;
  case Rewire::Kind::SplitMuxInputs: return RuleId::UnsplitBranchValue;
  case Rewire::Kind::SplitAfterBody: return RuleId::MemCtrlOnRaw;
  case Rewire::Kind::ShareInput:
    return r.port == 0 && r.consumer < g.numNodes() && g.node(r.consumer).kind == NodeKind::Carry
               ? RuleId::CarryCondition
               : RuleId::InitialValue;
  case Rewire::Kind::ZeroExtend: return RuleId::StreamStartSign;
  case Rewire::Kind::None: break;
  }
  return RuleId::None;
}

namespace {

std::string indented(const std::string& text, const std::string& pad) {
  std::string out = pad;
  for (char c : text) {
    out += c;
    if (c == '\n') out += pad;
  }
  return out + "\n";
}

// `text` in lines of at most `width` characters, each after `pad`.
std::string wrapped(const std::string& text, const std::string& pad, size_t width) {
  std::string out, line;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(at, end - at);
    if (!line.empty() && line.size() + 1 + word.size() > width)
      out += pad + line + "\n", line.clear();
    line += (line.empty() ? "" : " ") + word;
    at = end + 1;
  }
  if (!line.empty()) out += pad + line + "\n";
  return out;
}

} // namespace

std::string explainText(const RuleInfo& r) {
  std::string s = std::string(r.code) + " " + r.name + ": " + r.title + "\n\n";
  s += "The rule (" + std::string(r.spec) + "):\n" + wrapped(r.words, "    ", 84) + "\n";
  s += "Wrong:\n" + indented(r.wrong, "    ") + "\nRight:\n" + indented(r.right, "    ") + "\n";
  s += "Repair:\n" + wrapped(r.repairable
                                 ? std::string(r.repair) + " (`run --try-fix` applies it)."
                                 : std::string("`run --try-fix` has none for this rule; change the "
                                               "lowering as shown under Right."),
                             "    ", 84);
  return s;
}

} // namespace loom::dfg
