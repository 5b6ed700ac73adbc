// handshake.buffer: N slots of storage in front of the output channel, in one of two
// kinds. Both keep FIFO order and accept one token and emit one token per cycle.
//
//   kind | a token popped in cycle t may be pushed in | extra latency on the path
//   -----+--------------------------------------------+---------------------------
//   fifo | t (bypass when nothing older is waiting)   | 1 cycle (the extra channel)
//   seq  | t + N - 1 (it passes N stages)             | N cycles
//
// "Extra latency" compares producer -> buffer -> consumer with a direct producer ->
// consumer channel when nothing waits: a buffer is an extra latency stage, unlike a
// channel's capacity override, which adds slots but no cycle. A seq buffer is elastic:
// its stages do not stall as a whole (tokens queue behind a full output), so it holds
// up to N tokens.
//
//   part   | needs                                           | does
//   -------+-------------------------------------------------+--------------------------
//   emit   | oldest held token old enough, output ready      | push it, drop it
//   accept | input valid, fewer than N held after the emit   | pop input, hold it (or
//          |                                                 | push it now: fifo bypass)
//
// Optional initial values (at most N) are held at reset, old enough at once, and leave
// first. isQuiescent(): the buffer holds as many tokens as it was reset with.
#pragma once

#include "models/model.h"

#include <deque>

namespace loom::models {

enum class BufferKind : uint8_t { Seq, Fifo };

class Buffer : public Model {
public:
  explicit Buffer(const ModelArgs& a)
      : Buffer(a.name, a.bufferFifo ? BufferKind::Fifo : BufferKind::Seq, a.bufferSlots,
               a.bufferInit) {}
  enum Input : int { kIn };
  enum Output : int { kOut };

  Buffer(std::string name, BufferKind kind, int slots, std::vector<Bits> initValues = {});

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Buffer; }
  bool advancesNextCycle() const override;
  // Busy: the next cycle. The oldest token of age in the next cycle behind a full
  // output: the next cycle too, unless the cycle just evaluated was an output stall
  // already (its first cycle is counted by an evaluation).
  Wake nextWake() const override;
  bool isQuiescent() const override { return held_.size() == initCount_; }
  bool hasWorkInFlight() const override;
  BufferKind kind() const { return kind_; }
  size_t held() const { return held_.size(); }

protected:
  bool step() override;

private:
  struct Entry {
    Bits value;
    const Model* poison; // see Channel::push
    uint64_t eligible;   // first cycle in which it may be pushed
  };

  BufferKind kind_;
  size_t slots_;
  uint64_t minAge_; // fifo 0, seq N - 1
  size_t initCount_;
  std::deque<Entry> held_;
};

} // namespace loom::models
