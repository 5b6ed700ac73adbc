#include "sim/network.h"

#include "sim/make_engine.h"

#include <algorithm>
#include <cassert>

namespace loom::sim {

const char* invocationStatusName(InvocationStatus s) {
  switch (s) {
  case InvocationStatus::Done: return "done";
  case InvocationStatus::Deadlock: return "deadlock";
  case InvocationStatus::CycleCap: return "cycle cap";
  case InvocationStatus::OpError: return "op error";
  case InvocationStatus::BadInput: return "bad input";
  }
  return "?";
}

Network::Network(models::TimingConfig timing, EngineKind engine)
    : circuit_(timing), engineKind_(engine) {}

// ---- building ------------------------------------------------------------------------

EntrySource& Network::setEntry(std::string name, int numOutputs) {
  assert(!entry_ && "one entry per network");
  entry_ = &circuit_.add<EntrySource>(std::move(name), numOutputs);
  return *entry_;
}

void Network::attachReturn(models::Return& ret, const std::vector<Type>& resultTypes) {
  assert(sinks_.empty() && "one return per network");
  numResults_ = ret.numResults();
  return_ = &ret;
  for (int i = 0; i <= ret.numResults(); ++i) {
    bool done = i == ret.doneOutput();
    std::string name = ret.name() + (done ? ".done" : ".result" + std::to_string(i));
    HostSink& sink = circuit_.add<HostSink>(name);
    Type type = done || i >= static_cast<int>(resultTypes.size()) ? Type::none() : resultTypes[i];
    circuit_.connect(ret, i, sink, 0, type);
    sinks_.push_back(&sink);
  }
}

models::Memory& Network::addInternalMemory(std::string name, models::MemoryConfig config,
                                           size_t size) {
  auto backing = std::make_shared<models::VectorBacking>(size);
  auto& op =
      circuit_.add<models::Memory>(std::move(name), models::MemoryKind::Memory, config, backing);
  internal_.push_back({&op, std::move(backing)});
  memories_.push_back(&op);
  return op;
}

models::Memory& Network::addExternalMemory(std::string name, models::MemoryConfig config,
                                           int argIndex) {
  auto backing = std::make_shared<HostBacking>();
  auto& op =
      circuit_.add<models::Memory>(std::move(name), models::MemoryKind::ExtMemory, config, backing);
  external_.push_back({&op, argIndex, std::move(backing)});
  memories_.push_back(&op);
  return op;
}

models::Memory* Network::externalMemory(int argIndex) const {
  for (const ExternalMemory& m : external_)
    if (m.argIndex == argIndex) return m.op;
  return nullptr;
}

std::vector<std::string> Network::seal() {
  std::vector<std::string> errors = circuit_.seal();
  if (!entry_) errors.push_back("the network has no entry");
  if (sinks_.empty()) errors.push_back("the network has no return");
  sound_ = errors.empty();
  if (sound_) engine_ = makeEngine(engineKind_, circuit_);
  return errors;
}

void Network::useEngine(std::unique_ptr<Engine> engine) {
  assert(sound_ && cycles() == 0 && "a new engine for a sealed network that has not run");
  engine_ = std::move(engine);
}

// ---- one invocation ------------------------------------------------------------------

InvocationResult Network::badInput(std::string message) const {
  InvocationResult r;
  r.status = InvocationStatus::BadInput;
  r.startCycle = r.endCycle = engine_ ? engine_->cycle() : 0;
  r.message = std::move(message);
  return r;
}

std::optional<std::string> Network::checkInputs(const Invocation& inv) const {
  if (!sound_) return "the network has wiring errors and cannot run";
  if (active_) return "an invocation is already running";
  size_t want = static_cast<size_t>(entry_->numOutputs() - 1);
  if (inv.scalars.size() != want)
    return "expected " + std::to_string(want) + " scalar argument(s), got " +
           std::to_string(inv.scalars.size());
  if (entry_->sending()) return "the entry still holds unsent tokens of the previous invocation";
  for (const ExternalMemory& m : external_) {
    bool bound = m.argIndex >= 0 && static_cast<size_t>(m.argIndex) < inv.memories.size() &&
                 inv.memories[m.argIndex];
    if (!bound)
      return "no host buffer for memref argument " + std::to_string(m.argIndex) + " (extmemory '" +
             m.op->name() + "')";
  }
  return std::nullopt;
}

void Network::prepareMemories(const Invocation& inv) {
  for (ExternalMemory& m : external_)
    m.backing->bind(inv.memories[m.argIndex]);
  // An allocation starts zero-filled in every invocation, as the interpreter's does.
  for (InternalMemory& m : internal_)
    std::fill(m.backing->data().begin(), m.backing->data().end(), Bits(0));
}

std::optional<InvocationResult> Network::begin(const Invocation& inv) {
  if (auto problem = checkInputs(inv)) return badInput(*problem);
  prepareMemories(inv);
  std::vector<Bits> tokens = inv.scalars;
  tokens.push_back(0); // the ctrl token (none)
  entry_->arm(tokens);
  engine_->wake(circuit_.indexOf(*entry_));
  // The previous call ends where this one begins.
  uint64_t pushed = pushes();
  if (!calls_.empty()) {
    calls_.back().end = engine_->cycle();
    calls_.back().transfers = pushed - pushesAtStart_;
  }
  pushesAtStart_ = pushed;
  CallSpan span;
  span.invocation = invocations_ + 1;
  span.start = span.settled = span.end = engine_->cycle();
  calls_.push_back(span);
  std::vector<size_t> baseline;
  for (const HostSink* s : sinks_)
    baseline.push_back(s->received());
  active_.emplace(
      Active{RunMonitor(circuit_.errors(), inv.maxCycles), engine_->cycle(), std::move(baseline)});
  outcome_.reset();
  ++invocations_;
  if (inv.maxCycles == 0) settle(RunStatus::CycleCap);
  return std::nullopt;
}

bool Network::tick() {
  if (!engine_) return false; // unsound: nothing to step
  bool moved = engine_->step();
  if (!active_ || outcome_) return false;
  auto status = active_->monitor.afterCycle(moved, invocationDone());
  if (status) settle(*status);
  return status.has_value();
}

bool Network::invocationDone() const {
  for (size_t k = 0; k < sinks_.size(); ++k)
    if (sinks_[k]->received() <= active_->baseline[k]) return false;
  for (const models::Memory* m : memories_)
    if (m->hasWorkInFlight()) return false;
  return true;
}

void Network::settle(RunStatus status) {
  engine_->flushStats();
  InvocationResult r;
  r.startCycle = active_->startCycle;
  r.endCycle = engine_->cycle();
  calls_.back().settled = r.endCycle;
  calls_.back().done = status == RunStatus::Done;
  std::string span = "cycles " + std::to_string(r.startCycle) + ".." + std::to_string(r.endCycle) +
                     " (" + std::to_string(r.cycles()) + ")";
  switch (status) {
  case RunStatus::Done:
    r.status = InvocationStatus::Done;
    for (int k = 0; k < numResults_; ++k)
      r.results.push_back(sinks_[k]->log()[active_->baseline[k]].second);
    r.message = "done, " + span;
    break;
  case RunStatus::OpError: {
    r.status = InvocationStatus::OpError;
    const auto& all = circuit_.errors().all();
    r.errors.assign(all.begin() + active_->monitor.firstNewError(), all.end());
    r.message = r.errors.front().str();
    break;
  }
  case RunStatus::Deadlock:
    r.status = InvocationStatus::Deadlock;
    r.waits = waitingOps(circuit_);
    r.atReturn = waitingAtReturn();
    r.message = "deadlock: nothing can move after " + span + "; " + std::to_string(r.waits.size()) +
                " op(s) waiting";
    break;
  case RunStatus::CycleCap:
    r.status = InvocationStatus::CycleCap;
    r.waits = waitingOps(circuit_);
    r.atReturn = waitingAtReturn();
    r.message = "cycle cap reached: " + span;
    break;
  }
  outcome_ = std::move(r);
  unbindExternalMemories();
}

std::vector<std::optional<Bits>> Network::waitingAtReturn() const {
  std::vector<std::optional<Bits>> at;
  if (!return_) return at;
  for (int i = 0; i < return_->numInputs(); ++i) {
    const models::Channel* ch = return_->inputChannel(i);
    at.push_back(ch && ch->valid() ? std::optional<Bits>(ch->front()) : std::nullopt);
  }
  return at;
}

std::vector<uint32_t> Network::returnChannels() const {
  std::vector<uint32_t> out;
  if (!return_) return out;
  for (int i = 0; i < return_->numInputs(); ++i) {
    const models::Channel* ch = return_->inputChannel(i);
    out.push_back(ch ? circuit_.indexOf(*ch) : kNoChannel);
  }
  return out;
}

void Network::unbindExternalMemories() {
  for (ExternalMemory& m : external_)
    m.backing->bind(nullptr);
}

InvocationResult Network::finish() {
  assert(settled() && "finish() after the invocation settled");
  InvocationResult r = std::move(*outcome_);
  outcome_.reset();
  active_.reset();
  return r;
}

InvocationResult Network::invoke(const Invocation& inv) {
  if (auto bad = begin(inv)) return *bad;
  while (!settled())
    tick();
  return finish();
}

uint64_t Network::pushes() const {
  uint64_t n = 0;
  for (uint32_t i = 0; i < circuit_.numChannels(); ++i)
    n += circuit_.channel(i).pushes();
  return n;
}

CallSpan Network::lastCall() const {
  if (calls_.empty()) return {};
  CallSpan c = calls_.back();
  c.end = cycles();
  c.transfers = pushes() - pushesAtStart_;
  return c;
}

std::vector<CallSpan> Network::calls() const {
  std::vector<CallSpan> all = calls_;
  if (!all.empty()) all.back() = lastCall();
  return all;
}

bool Network::drain(uint64_t maxCycles) {
  if (!engine_) return false;
  RunResult r = engine_->runUntil([] { return false; }, maxCycles);
  engine_->flushStats();
  // With an unreachable goal, "deadlock" is exactly "reached a quiet cycle".
  return r.status == RunStatus::Deadlock;
}

} // namespace loom::sim
