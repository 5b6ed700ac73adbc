// Test helpers for the token models: a scripted source, a recording sink with an
// optional back-pressure pattern, a Bench that wires them around the op under test,
// and a minimal event-driven stepper used to check that the models' busy() and
// activity tracking let an event-driven engine reproduce the clocked Net exactly.
//
// Timing conventions used in every derivation comment:
//   - a ScriptSource pushes its next token in cycle c if its output had space at the
//     start of c (and c >= its start cycle); the consumer sees it in c+1;
//   - a RecordSink pops (and records (c, value)) in cycle c if its input held a token
//     at the start of c and its accept pattern allows c.
#pragma once

#include "models/net.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <set>
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

// Offers `tokens` in order, one per cycle, from cycle `start` on.
class ScriptSource : public Op {
public:
  ScriptSource(std::string name, Tokens tokens, uint64_t start = 0)
      : Op(std::move(name), 0, 1), tokens_(std::move(tokens)), start_(start) {
    setSelfTimed();
  }
  ops::NodeKind nodeKind() const override { return ops::NodeKind::Source; }
  const char* kindName() const override { return "test.source"; }
  bool busy() const override {
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

// Pops whatever arrives (in cycles `accept` allows) and records (cycle, value).
class RecordSink : public Op {
public:
  using Pattern = std::function<bool(uint64_t cycle)>;
  RecordSink(std::string name, Pattern accept = {})
      : Op(std::move(name), 1, 0), accept_(std::move(accept)) {
    setSelfTimed();
  }
  ops::NodeKind nodeKind() const override { return ops::NodeKind::Sink; }
  const char* kindName() const override { return "test.sink"; }
  // A patterned sink changes its mind without channel activity.
  bool busy() const override { return accept_ && inputChannel(0)->valid(); }

  const std::vector<std::pair<uint64_t, Bits>>& got() const { return got_; }
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
  std::vector<std::pair<uint64_t, Bits>> got_;
};

// A Net plus helpers to feed and observe an op's ports.
struct Bench {
  Net net;
  explicit Bench(TimingConfig t = {}) : net(t) {}

  template <class T, class... Args> T& add(Args&&... args) {
    return net.add<T>(std::forward<Args>(args)...);
  }
  ScriptSource& feed(Op& op, int port, Type type, Tokens tokens, int capacity = 0,
                     uint64_t start = 0) {
    auto& s =
        net.add<ScriptSource>(op.name() + ".src" + std::to_string(port), std::move(tokens), start);
    net.connect(s, 0, op, port, std::move(type), capacity);
    return s;
  }
  RecordSink& collect(Op& op, int port, Type type, RecordSink::Pattern accept = {},
                      int capacity = 0) {
    auto& k = net.add<RecordSink>(op.name() + ".sink" + std::to_string(port), std::move(accept));
    net.connect(op, port, k, 0, std::move(type), capacity);
    return k;
  }
  void run(uint64_t n) { net.run(n); }
  // The net's (mutable) channel behind an op's port view, e.g. to preload it.
  Channel& channel(const Channel* c) {
    for (auto& ch : net.channels())
      if (ch.get() == c) return *ch;
    FAIL("channel not in this net");
    return *net.channels().front();
  }
};

// Test-only event-driven stepper over a Net's ops and channels (the Net itself is not
// stepped). Cycle 0 visits every op; later cycles visit only the producer and consumer
// of each channel pushed or popped in the previous cycle and the ops that said busy() or
// named a later cycle in nextWake() (visited every cycle until then: more visits than
// needed are always correct).
// Ops are visited in reverse creation order, the opposite of Net::cycle(), so that a
// dependence on evaluation order would show up as a difference.
class EventStepper {
public:
  explicit EventStepper(Net& net) : net_(net) {
    for (auto& ch : net_.channels())
      ch->setActivityList(&activity_);
    for (auto& op : net_.ops())
      woken_.insert(op.get());
  }
  void cycle() {
    std::vector<Op*> visit;
    for (auto it = net_.ops().rbegin(); it != net_.ops().rend(); ++it)
      if (woken_.count(it->get())) visit.push_back(it->get());
    woken_.clear();
    for (Op* op : visit)
      op->evaluate(cycle_);
    visited_ += visit.size();
    for (Channel* ch : activity_) {
      ch->commit();
      if (ch->producer()) woken_.insert(ch->producer());
      if (ch->consumer()) woken_.insert(ch->consumer());
    }
    activity_.clear();
    for (Op* op : visit)
      if (op->busy() || (op->selfTimed() && op->nextWake().cycle != kNoWake)) woken_.insert(op);
    ++cycle_;
  }
  void run(uint64_t n) {
    for (uint64_t i = 0; i < n; ++i)
      cycle();
    for (auto& op : net_.ops())
      op->flushStats(cycle_);
  }
  uint64_t visits() const { return visited_; }

private:
  Net& net_;
  ActivityList activity_;
  std::set<Op*> woken_;
  uint64_t cycle_ = 0;
  uint64_t visited_ = 0;
};

// Runs `build` twice, once under the Net and once under the EventStepper, and checks
// that every op's counters and every channel's transfers agree.
template <class Build> void checkEnginesAgree(Build build, uint64_t cycles) {
  Bench ref, ev;
  build(ref);
  build(ev);
  REQUIRE(ref.net.wiringErrors().empty());
  ref.run(cycles);
  EventStepper stepper(ev.net);
  stepper.run(cycles);
  REQUIRE(ref.net.ops().size() == ev.net.ops().size());
  for (size_t i = 0; i < ref.net.ops().size(); ++i) {
    const Op& a = *ref.net.ops()[i];
    const Op& e = *ev.net.ops()[i];
    INFO("op " << a.name());
    CHECK(a.stats().firings == e.stats().firings);
    CHECK(a.stats().activeCycles == e.stats().activeCycles);
    CHECK(a.stats().inputStallCycles == e.stats().inputStallCycles);
    CHECK(a.stats().outputStallCycles == e.stats().outputStallCycles);
    CHECK(a.phase() == e.phase());
    if (auto* ra = dynamic_cast<const RecordSink*>(&a))
      CHECK(ra->got() == dynamic_cast<const RecordSink*>(&e)->got());
  }
  for (size_t i = 0; i < ref.net.channels().size(); ++i) {
    CHECK(ref.net.channels()[i]->pushes() == ev.net.channels()[i]->pushes());
    CHECK(ref.net.channels()[i]->count() == ev.net.channels()[i]->count());
  }
  // The event stepper skipped work.
  CHECK(stepper.visits() < cycles * ev.net.ops().size());
}

} // namespace loom::models::test
