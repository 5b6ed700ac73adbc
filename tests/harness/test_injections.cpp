// The harness proves it works: every injection mode of the lowering, run on a program
// where it matters, fails the run with the right check, naming the right op and the
// right cause; the clean lowering of the same program passes every check.

#include "frontend/parse.h"
#include "host/accelerator.h"
#include "interp/interpreter.h"
#include "tests/parse_verified.h"
#include "verify/verifier.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <sstream>

using namespace loom;

namespace {

const std::string kInputs = LOOM_HARNESS_INPUTS;

struct Outcome {
  bool ranToEnd = false; // the program finished (no runtime error)
  harness::Report report;
  std::string output;
};

Outcome run(const std::string& name, std::vector<Injection> inject = {},
            std::function<void(dfg::Graph&)> transform = {}) {
  std::unique_ptr<Module> m = loom_test::parseVerifiedFile(kInputs + "/" + name);
  std::ostringstream out;
  Interpreter interp(*m, out);
  AccelOptions o;
  o.inject.insert(inject.begin(), inject.end());
  o.maxCycles = 100000;
  o.transform = transform;
  Accelerator accel(*m, interp, o);
  auto err = accel.prepare();
  INFO((err ? err->str() : ""));
  REQUIRE(!err);
  interp.setCallHook([&](const Op& site, const Function& f, std::vector<RtValue>& args,
                         std::optional<Diag>& e) { return accel.call(site, f, args, e); });
  CallResult r = interp.call(*m->lookup("main"), {});
  Outcome oc;
  oc.ranToEnd = !r.error;
  oc.report = accel.report();
  oc.output = out.str();
  return oc;
}

std::string stripPointers(const std::string& s) {
  return std::regex_replace(s, std::regex("base@ = 0x[0-9a-f]+"), "base@");
}

std::string expected(const std::string& name) {
  std::ifstream in(kInputs + "/" + name.substr(0, name.size() - 5) + ".expected");
  std::stringstream s;
  s << in.rdbuf();
  return stripPointers(s.str());
}

// The findings of `check` whose op, summary and cause contain the given texts.
std::vector<const harness::Finding*> find(const Outcome& o, const std::string& check,
                                          const std::string& op = "",
                                          const std::string& cause = "") {
  std::vector<const harness::Finding*> v;
  for (const auto& f : o.report.findings)
    if (f.check == check && (f.op + " " + f.summary).find(op) != std::string::npos &&
        f.cause.find(cause) != std::string::npos)
      v.push_back(&f);
  return v;
}

std::string dump(const Outcome& o) {
  std::string s;
  for (const auto& f : o.report.findings)
    s += f.text();
  return s;
}

} // namespace

TEST_CASE("the clean lowering of every harness input passes every check", "[harness]") {
  for (const char* name :
       {"body_ctrl.mlir", "invariant.mlir", "zero_trip.mlir", "branch_gate.mlir", "mem_order.mlir",
        "parallel.mlir", "parallel_nested.mlir", "literal_while.mlir"}) {
    INFO(name);
    Outcome o = run(name);
    INFO(dump(o));
    CHECK(o.ranToEnd);
    CHECK(o.report.findings.empty());
    CHECK(stripPointers(o.output) == expected(name));
    for (const auto& c : o.report.calls)
      CHECK(c.passed);
  }
}

TEST_CASE("body-ctrl-raw: the body control invariant on raw_will_continue", "[harness][inject]") {
  Outcome o = run("body_ctrl.mlir", {Injection::BodyCtrlRaw});
  INFO(dump(o));
  CHECK(o.report.failed());
  // Statically: the invariant's d is raw while its output is in the body.
  CHECK(!find(o, "static", "body-local invariant must be driven by after_cond").empty());
  // At run time: exactly one extra control token per activation on the body control.
  auto led = find(o, "ledger", "inv.ctrl", "raw-vs-gated miswire");
  REQUIRE(!led.empty());
  CHECK(led[0]->observed - led[0]->expected == 1); // fill(3): one activation, one extra token
  CHECK(led[0]->upstream.back().find("raw_will_continue") != std::string::npos);
  CHECK(led[0]->loc.line == 5); // the scf.for
  // The extra control token fires the body's constant once more; its 7 stays latched
  // at the add that has no index to pair it with.
  auto q = find(o, "quiescence", "addi.w", "raw-vs-gated miswire");
  REQUIRE(!q.empty());
  CHECK(q[0]->details[0] == "latched value(s): 7");
}

TEST_CASE("mem-ctrl-raw: the loop-body memory-control carry on raw_will_continue",
          "[harness][inject]") {
  Outcome o = run("invariant.mlir", {Injection::MemCtrlRaw});
  INFO(dump(o));
  CHECK_FALSE(o.ranToEnd);
  CHECK(!find(o, "static", "memory-control carry must be driven by after_cond").empty());
  CHECK(!find(o, "deadlock").empty());
  // The spec's symptom: one extra control token latched in a load's ctrl.
  auto q = find(o, "quiescence", "handshake.load", "raw-vs-gated miswire");
  REQUIRE(!q.empty());
  CHECK(q[0]->port == "input 'ctrl' (port 2)");
  CHECK(q[0]->observed - q[0]->expected == 1);
}

TEST_CASE("invariant-raw: body-local invariants on raw_will_continue", "[harness][inject]") {
  Outcome o = run("invariant.mlir", {Injection::InvariantRaw});
  INFO(dump(o));
  CHECK(o.report.failed());
  CHECK(!find(o, "static", "body-local invariant must be driven by after_cond").empty());
  auto led = find(o, "ledger", "inv.k", "raw-vs-gated miswire");
  REQUIRE(!led.empty());
  CHECK(led[0]->observed - led[0]->expected == 1);
  CHECK(led[0]->domain.find("loop body") != std::string::npos);
}

TEST_CASE("iter-carry-gated: the iter_arg carry on after_cond", "[harness][inject]") {
  Outcome o = run("invariant.mlir", {Injection::IterCarryGated});
  INFO(dump(o));
  CHECK(o.report.failed());
  CHECK(!find(o, "static", "iter_arg carry must be driven by raw_will_continue").empty());
  auto led = find(o, "ledger", "carry.acc", "driven by the gated stream");
  REQUIRE(!led.empty());
  CHECK(led[0]->expected - led[0]->observed == 1); // one short per activation
  CHECK(!find(o, "results").empty());              // and the sum is wrong
}

TEST_CASE("no-zero-trip-guard: the spec-literal unguarded loop", "[harness][inject]") {
  Outcome o = run("zero_trip.mlir", {Injection::NoZeroTripGuard});
  INFO(dump(o));
  CHECK_FALSE(o.ranToEnd);
  // The statically consistent graph fails only at run time, on the call with N = 0.
  CHECK(find(o, "static").empty());
  auto led = find(o, "ledger", "", "zero-trip guard");
  REQUIRE(!led.empty());
  CHECK(led[0]->invocation == 2);
  CHECK(led[0]->observed - led[0]->expected == 1);
  CHECK(!find(o, "quiescence", "", "zero-trip guard").empty());
}

TEST_CASE("no-zero-trip-guard on an scf.while: the spec's lower_while seeds the after region's "
          "control N + 1 times",
          "[harness][inject]") {
  // gcd(12, 18) and gcd(35, 14): the loop runs on every call, so no zero-trip activation
  // is involved: the after region's control invariant takes one seed per activation from
  // the before region's control, which makes N + 1 (the before region's runs).
  Outcome o = run("literal_while.mlir", {Injection::NoZeroTripGuard});
  INFO(dump(o));
  auto st = find(o, "static", "'gcd/while0.after/inv.ctrl' input 'a'");
  REQUIRE(st.size() == 1);
  CHECK(st[0]->rule == dfg::RuleId::InitialValue);
  CHECK(st[0]->rewire.kind == dfg::Rewire::Kind::ShareInput);
  // The results are right; the seeds left over are latched in it after each call, and the
  // body's constant, fired by it once per seed, leaves its extra tokens behind.
  CHECK(stripPointers(o.output) == expected("literal_while.mlir"));
  for (uint64_t call : {1u, 2u}) {
    bool latched = false;
    for (const harness::Finding* f : find(o, "quiescence", "'gcd/while0.after/inv.ctrl' input 'a'"))
      latched |= f->invocation == call;
    CHECK(latched);
  }
}

TEST_CASE("no-branch-gate: yielded outside values reach the mux unsplit", "[harness][inject]") {
  Outcome o = run("branch_gate.mlir", {Injection::NoBranchGate});
  INFO(dump(o));
  CHECK_FALSE(o.ranToEnd);
  CHECK(!find(o, "static", "must be split by the branch's cond_br").empty());
  auto dl = find(o, "deadlock");
  REQUIRE(!dl.empty());
  bool named = false;
  for (const std::string& l : dl[0]->upstream)
    named = named || l.find("missing branch gate") != std::string::npos;
  CHECK(named);
}

TEST_CASE("no-mem-order: accesses of a group all take the entry token", "[harness][inject]") {
  Outcome o = run("mem_order.mlir", {Injection::NoMemOrder});
  INFO(dump(o));
  CHECK(o.report.failed());
  auto ord = find(o, "order", "extmem.arg0");
  REQUIRE(!ord.empty());
  CHECK(ord[0]->details[0].find("store at") != std::string::npos);
}

#include "harness/shapes.h"
#include "lowering/lower.h"

// Inside an scf.parallel (docs/design.md "scf.parallel"), each mode is caught by the check
// that catches it in an scf.for, located at the parallel loop or an op of its body.
TEST_CASE("every injection inside an scf.parallel is caught", "[harness][inject][parallel]") {
  struct Case {
    Injection inj;
    const char* check; // a finding of this check (or any, if empty) must be there
    const char* op;    // in its op or summary
  };
  for (const Case& c :
       {Case{Injection::BodyCtrlRaw, "ledger", "inv.ctrl"},
        Case{Injection::MemCtrlRaw, "deadlock", ""},
        Case{Injection::InvariantRaw, "ledger", "inv.k"},
        Case{Injection::IterCarryGated, "ledger", "carry.r0"},
        Case{Injection::NoZeroTripGuard, "", ""},
        Case{Injection::NoBranchGate, "quiescence", "mux.v"},
        Case{Injection::NoMemOrder, "order", "within an iteration of an scf.parallel"}}) {
    INFO(injectionName(c.inj));
    Outcome o = run("parallel.mlir", {c.inj});
    INFO(dump(o));
    CHECK(o.report.failed());
    if (*c.check) CHECK(!find(o, c.check, c.op).empty());
    // Some finding names the parallel loop (line 10) or an op of its body; the order
    // finding names the memory (the function's argument).
    bool atLoop = c.inj == Injection::NoMemOrder;
    for (const auto& f : o.report.findings)
      atLoop |= f.loc.line >= 10 && f.loc.line <= 27;
    CHECK(atLoop);
  }
}

// Nested scf.parallel: an inner iteration's accesses must follow the accesses its outer
// iteration made before the inner loop, while the iterations of each loop may overlap.
// Without the ctrl-done chain the inner loads overtake the outer store: the order check
// names the first of them (line 19), and the wrong row it read is explained by it.
TEST_CASE("the order check follows nested scf.parallel iterations", "[harness][parallel]") {
  Outcome o = run("parallel_nested.mlir", {Injection::NoMemOrder});
  INFO(dump(o));
  CHECK(o.report.failed());
  std::vector<const harness::Finding*> order = find(o, "order", "within an iteration");
  REQUIRE(order.size() == 1);
  CHECK(order[0]->details.at(0).find("the load at") != std::string::npos);
  CHECK(order[0]->details.at(0).find("parallel_nested.mlir:19:") != std::string::npos);
  CHECK(order[0]->details.at(0).find("must follow") != std::string::npos);
}

TEST_CASE("shape checks: N trues then a false per activation, named by activation",
          "[harness][shape]") {
  ParseResult p = parseFile(kInputs + "/invariant.mlir");
  REQUIRE(p.module);
  const Function& scale = *p.module->lookup("scale");
  dfg::Graph g;
  REQUIRE(!lowerFunction(*p.module, scale, LowerOptions{}, g));
  sim::Elaboration elab = sim::elaborate(g, models::TimingConfig{});
  REQUIRE(elab.ok());
  // The golden record of scale(a, 4, 3): one activation of 4 iterations.
  std::ostringstream out;
  Interpreter interp(*p.module, out);
  auto buf = interp.allocate(makeMemRef(Type::integer(32), {8}), {8});
  ExecutionRecord rec;
  rec.traceTrips = true;
  REQUIRE(
      !interp.call(scale, {RtValue{0, buf}, RtValue{4, nullptr}, RtValue{3, nullptr}}, &rec).error);
  std::vector<uint64_t> before(elab.network->circuit().numChannels(), 0);
  harness::InvocationContext ctx{g, elab, elab.network->circuit(), rec, before, "scale", 1};

  std::vector<harness::ShapeTap> taps = harness::findShapeTaps(g);
  REQUIRE(taps.size() == 2); // the stream's will-continue and the gate's after_cond
  auto& stream = taps[0].kind == harness::ShapeTap::Kind::StreamCont ? taps[0] : taps[1];
  auto& gate = taps[0].kind == harness::ShapeTap::Kind::StreamCont ? taps[1] : taps[0];
  auto tap = [](harness::ShapeTap& t, std::vector<Bits> tokens) {
    t.counter.reset();
    for (Bits b : tokens)
      t.counter.pushed(b);
  };
  tap(stream, {1, 1, 1, 1, 0});
  tap(gate, {1, 1, 1, 0});
  std::vector<harness::Finding> found;
  harness::checkShapes(ctx, taps, found);
  CHECK(found.empty());

  // Same token counts, wrong shape: a false in the middle of the gate's stream.
  tap(gate, {1, 0, 1, 0});
  harness::checkShapes(ctx, taps, found);
  REQUIRE(found.size() == 1);
  CHECK(found[0].check == "shape");
  CHECK(found[0].summary == "dataflow.gate after_cond has the wrong shape in activation 1 (N = 4)");
  CHECK(found[0].details[0].rfind("expected [T,T,T,F], observed [T,F,T,F]", 0) == 0);
}

TEST_CASE("return-order: a return that does not wait for the memory's done tokens",
          "[harness][return]") {
  // Rewire by hand: the return's control comes straight from the function's entry
  // control (through a new fork) instead of the memory group's done token, which goes
  // into a sink.
  auto bypass = [](dfg::Graph& g) {
    dfg::EdgeId doneEdge;
    unsigned ctrlPort = static_cast<unsigned>(g.node(g.ret).inTypes.size() - 1);
    REQUIRE(g.inEdge(g.ret, ctrlPort, doneEdge));
    dfg::Vertex done = g.src(doneEdge);
    unsigned donePort = g.edge(doneEdge).srcPort;
    g.removeEdge(doneEdge);
    dfg::Node sink;
    sink.kind = dfg::NodeKind::Sink;
    sink.name = "test/done.sink";
    sink.inTypes = {Type::none()};
    g.connect({done, donePort}, g.addNode(sink), 0);
    unsigned entryCtrl = static_cast<unsigned>(g.node(g.entry).outTypes.size() - 1);
    auto out = g.outEdges(g.entry, entryCtrl);
    REQUIRE(out.size() == 1);
    dfg::Vertex next = g.dst(out[0]);
    unsigned nextPort = g.edge(out[0]).dstPort;
    g.removeEdge(out[0]);
    dfg::Node fork;
    fork.kind = dfg::NodeKind::Fork;
    fork.name = "test/ctrl.fork";
    fork.inTypes = {Type::none()};
    fork.outTypes = {Type::none(), Type::none()};
    fork.outRoles = {dfg::Role::BodyCtrl, dfg::Role::Done};
    fork.outRates = {dfg::Rate::entry(), dfg::Rate::entry()};
    dfg::Vertex f = g.addNode(fork);
    g.connect({g.entry, entryCtrl}, f, 0);
    g.connect({f, 0}, next, nextPort);
    g.connect({f, 1}, g.ret, ctrlPort);
  };
  Outcome o = run("invariant.mlir", {}, bypass);
  INFO(dump(o));
  CHECK(o.report.failed());
  CHECK(!find(o, "static", "return must wait for every access").empty());
  auto ro = find(o, "return-order", "performed an access in cycle");
  REQUIRE(!ro.empty());
  CHECK(ro[0]->op.find("extmem.arg0") != std::string::npos);
}
