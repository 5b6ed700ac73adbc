// Test helpers for the token models: a scripted source, a recording sink with an
// optional back-pressure pattern, a Bench that wires them around the op under test in
// a sim::Circuit and drives it with one of the production engines (sim/engine.h), the
// MODEL_TEST_CASE macro that runs a test case once per engine, and a minimal
// event-driven stepper that visits ops in reverse order, to check that the models'
// advancesNextCycle() and activity tracking do not depend on evaluation order.
//
// Every test case that drives a Bench is a MODEL_TEST_CASE: its body runs once on the
// clocked engine (the reference) and once on the event engine; every assertion (token
// cycles and values, counters, phases) must hold on both, and each bench must observe
// the same on both, asserted or not (EngineRun).
//
// Timing conventions used in every derivation comment:
//   - a ScriptSource pushes its next token in cycle c if its output had space at the
//     start of c (and c >= its start cycle); the consumer sees it in c+1;
//   - a RecordSink pops (and records (c, value)) in cycle c if its input held a token
//     at the start of c and its accept pattern allows c.
#pragma once

#include "sim/circuit.h"
#include "sim/engine.h"
#include "sim/make_engine.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace loom::models::test {

using Tokens = std::vector<Bits>;
constexpr Bits T = 1; // i1 true
constexpr Bits F = 0; // i1 false

inline Bits sx(int64_t v) {
  return static_cast<Bits>(v);
}
inline Tokens ints(std::initializer_list<int64_t> vs) {
  Tokens t;
  for (int64_t v : vs)
    t.push_back(sx(v));
  return t;
}

// Offers `tokens` in order, one per cycle, from cycle `start` on. Self-timed for the
// event engine: advancesNextCycle() while it waits for its start cycle or has a token and room.
class ScriptSource : public Model {
public:
  ScriptSource(std::string name, Tokens tokens, uint64_t start = 0)
      : Model(std::move(name), 0, 1), tokens_(std::move(tokens)), start_(start) {
    setCanAdvanceAlone();
  }
  ops::NodeKind nodeKind() const override { return ops::NodeKind::Source; }
  const char* kindName() const override { return "test.source"; }
  bool advancesNextCycle() const override {
    return next_ < tokens_.size() && (now() + 1 < start_ || outputChannel(0)->ready());
  }
  bool done() const { return next_ == tokens_.size(); }
  const std::vector<uint64_t>& pushCycles() const { return pushCycles_; }

protected:
  bool step() override {
    if (next_ == tokens_.size() || now() < start_ || !room(0)) return false;
    out(0).push(tokens_[next_++]);
    pushCycles_.push_back(now());
    fired();
    return true;
  }

private:
  Tokens tokens_;
  uint64_t start_;
  size_t next_ = 0;
  std::vector<uint64_t> pushCycles_;
};

// What a RecordSink records: (cycle, value) per token.
using Got = std::vector<std::pair<uint64_t, Bits>>;

// Pops whatever arrives (in cycles `accept` allows) and records (cycle, value).
class RecordSink : public Model {
public:
  using Pattern = std::function<bool(uint64_t cycle)>;
  RecordSink(std::string name, Pattern accept = {})
      : Model(std::move(name), 1, 0), accept_(std::move(accept)) {
    setCanAdvanceAlone();
  }
  ops::NodeKind nodeKind() const override { return ops::NodeKind::Sink; }
  const char* kindName() const override { return "test.sink"; }
  // A patterned sink changes its mind without channel activity.
  bool advancesNextCycle() const override { return accept_ && inputChannel(0)->valid(); }

  const Got& got() const { return got_; }
  Tokens values() const {
    Tokens v;
    for (auto& g : got_)
      v.push_back(g.second);
    return v;
  }
  std::vector<uint64_t> cycles() const {
    std::vector<uint64_t> c;
    for (auto& g : got_)
      c.push_back(g.first);
    return c;
  }
  size_t count() const { return got_.size(); }

protected:
  bool step() override {
    if (!in(0).valid() || (accept_ && !accept_(now()))) return false;
    got_.push_back({now(), in(0).front()});
    in(0).pop();
    fired();
    return true;
  }

private:
  Pattern accept_;
  Got got_;
};

// The engine the running MODEL_TEST_CASE drives its benches with; empty outside one.
inline std::optional<sim::EngineKind>& currentEngine() {
  static std::optional<sim::EngineKind> kind;
  return kind;
}

// One run of a MODEL_TEST_CASE body (one engine, one path through its sections). The
// benches built for that engine leave their observations here when they go away (see
// Bench::observations()); after the body, the run on the event engine must have
// observed exactly what the matching run on the clocked engine did: every sink's
// tokens and cycles, every op's counters, class of cycle and phase, every channel's
// transfers, the errors and the cycle count, asserted or not.
class EngineRun {
public:
  explicit EngineRun(sim::EngineKind kind) : kind_(kind) {
    currentEngine() = kind;
    active() = this;
    // Catch runs the generator's values in order, each through the same sequence of
    // section paths: the n-th run on each engine takes the same path.
    std::string test = Catch::getResultCapture().getCurrentTestName();
    key_ = test + "#" + std::to_string(runsSoFar()[{test, kind}]++);
  }
  ~EngineRun() {
    currentEngine().reset();
    active() = nullptr;
  }
  EngineRun(const EngineRun&) = delete;
  EngineRun& operator=(const EngineRun&) = delete;

  static EngineRun* current() { return active(); }
  void record(std::string observations) { observed_.push_back(std::move(observations)); }

  // Called after the body returned (a body stopped by a failed REQUIRE is not compared).
  void compare() {
    if (kind_ == sim::EngineKind::Clocked) {
      reference()[key_] = observed_;
      return;
    }
    auto it = reference().find(key_);
    if (it == reference().end()) return; // the clocked run stopped early: it failed already
    INFO("benches observed on the clocked engine vs on the event engine");
    REQUIRE(observed_.size() == it->second.size());
    for (size_t i = 0; i < observed_.size(); ++i) {
      INFO("bench " << i);
      CHECK(observed_[i] == it->second[i]);
    }
  }

private:
  static EngineRun*& active() {
    static EngineRun* run = nullptr;
    return run;
  }
  static std::map<std::pair<std::string, sim::EngineKind>, int>& runsSoFar() {
    static std::map<std::pair<std::string, sim::EngineKind>, int> runs;
    return runs;
  }
  static std::map<std::string, std::vector<std::string>>& reference() {
    static std::map<std::string, std::vector<std::string>> runs;
    return runs;
  }

  sim::EngineKind kind_;
  std::string key_;
  std::vector<std::string> observed_;
};

// A TEST_CASE whose body runs twice (a Catch2 generator): on the clocked engine, then
// on the event engine; tagged [engines]. Benches built without an explicit engine use that one, and
// the two runs must observe the same (EngineRun).
#define MODEL_TEST_CASE(name, tags)                                                                \
  MODEL_TEST_CASE_(INTERNAL_CATCH_UNIQUE_NAME(modelTest), name, tags)
#define MODEL_TEST_CASE_(body, name, tags)                                                         \
  static void body();                                                                              \
  TEST_CASE(name, tags "[engines]") {                                                              \
    ::loom::models::test::EngineRun engineRun_(                                                    \
        GENERATE(::loom::sim::EngineKind::Clocked, ::loom::sim::EngineKind::Event));               \
    INFO("engine: " << ::loom::sim::engineKindName(*::loom::models::test::currentEngine()));       \
    body();                                                                                        \
    engineRun_.compare();                                                                          \
  }                                                                                                \
  static void body()

// A sim::Circuit plus helpers to feed and observe an op's ports, driven by an engine.
// Building follows the circuit's two phases: add(), feed(), collect() and connect()
// declare; the first call that needs channels (run(), runUntil(), wiringErrors(),
// outputChannel(), engine()) seals the circuit, after which ports and channels exist.
struct Bench {
  sim::Circuit circuit;
  sim::EngineKind kind;

  // The engine of the running MODEL_TEST_CASE.
  explicit Bench(TimingConfig t = {})
      : circuit(t), kind(engineOfTestCase()), run_(EngineRun::current()) {}
  explicit Bench(sim::EngineKind k, TimingConfig t = {}) : circuit(t), kind(k) {}
  // A bench of the test case's engine leaves its observations to the EngineRun.
  ~Bench() {
    if (run_) run_->record(observations());
  }
  Bench(const Bench&) = delete;
  Bench& operator=(const Bench&) = delete;

  template <class T, class... Args> T& add(Args&&... args) {
    return circuit.add<T>(std::forward<Args>(args)...);
  }
  // Declares a channel; returns its index in the sealed circuit.
  uint32_t connect(Model& from, int outPort, Model& to, int inPort, Type type, int capacity = 0) {
    return circuit.connect(from, outPort, to, inPort, std::move(type), capacity);
  }
  ScriptSource& feed(Model& op, int port, Type type, Tokens tokens, int capacity = 0,
                     uint64_t start = 0) {
    auto& s =
        add<ScriptSource>(op.name() + ".src" + std::to_string(port), std::move(tokens), start);
    connect(s, 0, op, port, std::move(type), capacity);
    return s;
  }
  RecordSink& collect(Model& op, int port, Type type, RecordSink::Pattern accept = {},
                      int capacity = 0) {
    auto& k = add<RecordSink>(op.name() + ".sink" + std::to_string(port), std::move(accept));
    connect(op, port, k, 0, std::move(type), capacity);
    return k;
  }

  // Seals the circuit (once) and returns its wiring errors; empty when it is sound.
  const std::vector<std::string>& wiringErrors() {
    if (!circuit.sealed()) wiringErrors_ = circuit.seal();
    return wiringErrors_;
  }
  // The sealed, sound circuit (a test with wiring errors stops here).
  sim::Circuit& soundCircuit() {
    INFO("wiring errors: " << join(wiringErrors()));
    REQUIRE(circuit.sound());
    return circuit;
  }
  // The (mutable) channel on output `port` of `op`, e.g. to preload it before the run.
  Channel& outputChannel(const Model& op, int port) {
    soundCircuit();
    return circuit.channel(circuit.indexOf(*op.outputChannel(port)));
  }
  // The engine of this bench's kind over the sealed circuit, made on first use.
  sim::Engine& engine() {
    if (!engine_) {
      engine_ = sim::makeEngine(kind, soundCircuit());
      REQUIRE(engine_);
    }
    return *engine_;
  }

  // Runs n cycles, stopping early after a cycle that leaves an op error in the log;
  // then settles the lazily accounted counters, so stats() are exact.
  void run(uint64_t n) {
    sim::Engine& e = engine();
    for (uint64_t i = 0; i < n; ++i) {
      e.step();
      if (!circuit.errors().empty()) break;
    }
    e.flushStats();
  }
  // Engine::runUntil, then the counters settled.
  sim::RunResult runUntil(const std::function<bool()>& done, uint64_t maxCycles) {
    sim::RunResult r = engine().runUntil(done, maxCycles);
    engine().flushStats();
    return r;
  }

  const ErrorLog& errors() const { return circuit.errors(); }
  bool quiescent() const { return circuit.quiescent(); }

  // Everything the bench can observe, as text: the cycles run; per op its counters, its
  // class of cycle, phase and rest state, and the tokens a sink received or a source
  // sent (with their cycles); per channel its transfers and contents; the errors.
  std::string observations() {
    std::ostringstream o;
    if (!circuit.sealed()) return "not sealed";
    o << "cycles " << (engine_ ? engine_->cycle() : 0) << "\n";
    if (engine_) engine_->flushStats();
    for (uint32_t i = 0; i < circuit.numOps(); ++i) {
      const Model& op = circuit.op(i);
      const OpStats& st = op.stats();
      o << "op " << op.name() << ": fired " << st.firings << " active " << st.activeCycles
        << " in-stall " << st.inputStallCycles << " out-stall " << st.outputStallCycles << " last "
        << static_cast<int>(op.lastStatus()) << " phase " << op.phase() << " rest "
        << op.isQuiescent() << " failed " << op.failed();
      if (auto* k = dynamic_cast<const RecordSink*>(&op))
        for (auto& [c, v] : k->got())
          o << " (" << c << "," << v << ")";
      if (auto* s = dynamic_cast<const ScriptSource*>(&op))
        for (uint64_t c : s->pushCycles())
          o << " @" << c;
      o << "\n";
    }
    for (uint32_t i = 0; i < circuit.numChannels(); ++i) {
      const Channel& ch = circuit.channel(i);
      o << "channel " << ch.name() << ": pushes " << ch.pushes() << " pops " << ch.pops()
        << " count " << ch.count();
      if (ch.count() > 0) o << " front " << ch.front();
      o << "\n";
    }
    for (const OpError& e : circuit.errors().all())
      o << "error " << e.str() << "\n";
    return o.str();
  }

private:
  static sim::EngineKind engineOfTestCase() {
    if (!currentEngine()) FAIL("a Bench without an engine kind belongs in a MODEL_TEST_CASE");
    return *currentEngine();
  }
  static std::string join(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines)
      s += "\n  " + l;
    return s;
  }

  std::vector<std::string> wiringErrors_;
  std::unique_ptr<sim::Engine> engine_;
  EngineRun* run_ = nullptr;
};

// Test-only event-driven stepper over a sealed circuit's ops and channels (no engine
// drives that circuit). Cycle 0 visits every op; later cycles visit only the producer
// and consumer of each channel pushed or popped in the previous cycle and the ops that
// said advancesNextCycle() or named a later cycle in nextWake() (visited every cycle until then:
// more visits than needed are always correct). Ops are visited in reverse creation order, the
// opposite of sim::ClockedEngine, so that a dependence on evaluation order would show up as a
// difference.
class EventStepper {
public:
  explicit EventStepper(sim::Circuit& circuit)
      : circuit_(circuit), activity_(circuit.numChannels()) {
    for (uint32_t i = 0; i < circuit_.numChannels(); ++i)
      circuit_.channel(i).setActivityList(&activity_);
    for (uint32_t i = 0; i < circuit_.numOps(); ++i)
      woken_.insert(&circuit_.op(i));
  }
  void cycle() {
    std::vector<Model*> visit;
    for (uint32_t i = static_cast<uint32_t>(circuit_.numOps()); i-- > 0;)
      if (woken_.count(&circuit_.op(i))) visit.push_back(&circuit_.op(i));
    woken_.clear();
    for (Model* op : visit)
      op->evaluate(cycle_);
    visited_ += visit.size();
    for (Channel* ch : activity_) {
      ch->commit();
      if (ch->producer()) woken_.insert(ch->producer());
      if (ch->consumer()) woken_.insert(ch->consumer());
    }
    activity_.clear();
    for (Model* op : visit)
      if (op->advancesNextCycle() || (op->canAdvanceAlone() && op->nextWake().cycle != kNoWake))
        woken_.insert(op);
    ++cycle_;
  }
  void run(uint64_t n) {
    for (uint64_t i = 0; i < n; ++i)
      cycle();
    for (uint32_t i = 0; i < circuit_.numOps(); ++i)
      circuit_.op(i).flushStats(cycle_);
  }
  uint64_t visits() const { return visited_; }

private:
  sim::Circuit& circuit_;
  ActivityList activity_;
  std::set<Model*> woken_;
  uint64_t cycle_ = 0;
  uint64_t visited_ = 0;
};

// Every op's counters, phase and received tokens and every channel's transfers agree
// between two circuits built alike.
inline void checkSameObservations(const sim::Circuit& ref, const sim::Circuit& other) {
  REQUIRE(ref.numOps() == other.numOps());
  REQUIRE(ref.numChannels() == other.numChannels());
  for (uint32_t i = 0; i < ref.numOps(); ++i) {
    const Model& a = ref.op(i);
    const Model& e = other.op(i);
    INFO("op " << a.name());
    CHECK(a.stats().firings == e.stats().firings);
    CHECK(a.stats().activeCycles == e.stats().activeCycles);
    CHECK(a.stats().inputStallCycles == e.stats().inputStallCycles);
    CHECK(a.stats().outputStallCycles == e.stats().outputStallCycles);
    CHECK(a.phase() == e.phase());
    if (auto* ra = dynamic_cast<const RecordSink*>(&a))
      CHECK(ra->got() == dynamic_cast<const RecordSink*>(&e)->got());
  }
  for (uint32_t i = 0; i < ref.numChannels(); ++i) {
    INFO("channel " << ref.channel(i).name());
    CHECK(ref.channel(i).pushes() == other.channel(i).pushes());
    CHECK(ref.channel(i).count() == other.channel(i).count());
  }
}

// Builds the circuit `build` makes three times and runs it for `cycles` cycles on the
// clocked engine (the reference), on the event engine and under the EventStepper
// (reverse order); checks that every op's counters and every channel's transfers
// agree, and that the event engine and the stepper skipped work.
template <class Build> void checkEnginesAgree(Build build, uint64_t cycles) {
  Bench ref(sim::EngineKind::Clocked), ev(sim::EngineKind::Event), st(sim::EngineKind::Event);
  build(ref);
  build(ev);
  build(st);
  ref.run(cycles);
  ev.run(cycles);
  EventStepper stepper(st.soundCircuit());
  stepper.run(cycles);
  {
    INFO("clocked engine vs event engine");
    checkSameObservations(ref.circuit, ev.circuit);
  }
  {
    INFO("clocked engine vs reverse-order event stepper");
    checkSameObservations(ref.circuit, st.circuit);
  }
  CHECK(ev.engine().evaluations() < cycles * ev.circuit.numOps());
  CHECK(stepper.visits() < cycles * st.circuit.numOps());
}

} // namespace loom::models::test
