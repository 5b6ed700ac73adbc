// Net: the clocked reference stepper. It owns a set of ops and channels and runs them
// the straightforward way: every cycle, evaluate every op (in any order: the channel
// rule makes the order irrelevant), then commit every channel. It is the reference an
// event-driven engine is compared against (same cycle counts, same transfers, same
// counters), and the harness the unit tests drive.
#pragma once

#include "models/channel.h"
#include "models/op.h"
#include "models/timing.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace loom::models {

class Net {
public:
  explicit Net(TimingConfig timing = {}) : timing_(timing) {}

  const TimingConfig& timing() const { return timing_; }

  // Creates a channel; capacity 0 means timing().channelCapacity.
  Channel& addChannel(std::string name, Type type, int capacity = 0);

  // Creates an op owned by the net; the op reports errors to the net's log.
  template <class T, class... Args> T& add(Args&&... args) {
    auto op = std::make_unique<T>(std::forward<Args>(args)...);
    T& ref = *op;
    ref.setErrorLog(&errors_);
    ops_.push_back(std::move(op));
    return ref;
  }

  // Creates a channel named "<from>.out<p> -> <to>.in<q>" and binds it to output
  // `outPort` of `from` and input `inPort` of `to`. Returns null (and records a wiring
  // error) if either port does not exist or is already bound.
  Channel* connect(Op& from, int outPort, Op& to, int inPort, Type type, int capacity = 0);

  // Wiring problems: connect() failures and unbound ports. Empty when the net is sound.
  std::vector<std::string> wiringErrors() const;

  // Runs one cycle: evaluate every op, commit every channel. Returns true if some op
  // fired.
  bool cycle();
  // Cycles completed so far; the next cycle() evaluates cycle number cycles().
  uint64_t cycles() const { return cycle_; }

  enum class RunResult { Done, Error, CycleCap };
  // Runs cycles until `done()` holds (checked before every cycle), an op fails, or
  // `maxCycles` cycles have run in this call.
  RunResult runUntil(const std::function<bool()>& done, uint64_t maxCycles);
  // Runs exactly n cycles (stops early on error). Returns false on error.
  bool run(uint64_t n);

  const ErrorLog& errors() const { return errors_; }
  const std::vector<std::unique_ptr<Op>>& ops() const { return ops_; }
  const std::vector<std::unique_ptr<Channel>>& channels() const { return channels_; }

  // Every op at rest and every channel empty.
  bool quiescent() const;
  // Accounts lazily skipped cycles of every op up to now (a no-op for this stepper,
  // which evaluates every op every cycle; kept for symmetry with the event engine).
  void flushStats();

private:
  TimingConfig timing_;
  std::vector<std::unique_ptr<Op>> ops_;
  std::vector<std::unique_ptr<Channel>> channels_;
  std::vector<std::string> wiringErrors_;
  ErrorLog errors_;
  uint64_t cycle_ = 0;
};

} // namespace loom::models
