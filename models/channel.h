// Channel: one DFG edge as an elastic FIFO of capacity C >= 1 with latency 1.
//
// The channel rule (docs/design.md "The timing model"):
//   - a token pushed in cycle t is visible to the consumer in cycle t+1;
//   - a slot freed (popped) in cycle t is visible to the producer in cycle t+1;
//   - at most one push and one pop per cycle.
//
// Order independence by construction: everything an op can observe (valid(), front(),
// ready()) is a function of the start-of-cycle snapshot `startCount_` and of slots
// that no push or pop of the current cycle touches. push() writes the slot behind the
// start-of-cycle tail (free, because ready() required startCount_ < C); pop() only
// marks the head. Both take effect in commit(), which the engine calls after every op
// of the cycle has been evaluated. So the producer and the consumer may be evaluated
// in either order and see the same thing.
//
// Direction in the types: an op never holds a Channel. Its consumer side gets an
// InPort (valid, front, pop) and its producer side an OutPort (ready, push).
//
// Activity: the first push or pop of a cycle appends the channel to the engine's
// ActivityList (if one is set), so an event-driven engine commits only the channels
// that changed and wakes only their producer and consumer ops.
#pragma once

#include "ir/types.h"
#include "models/fixed_list.h"

#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

namespace loom::models {

class Channel;
class Model;

// What watches the tokens of a channel (Channel::setTap): each token as it is pushed.
class ChannelTap {
public:
  virtual ~ChannelTap() = default;
  virtual void pushed(Bits token) = 0;
  // A token taken this cycle (after pop(); a tap set over another passes it on).
  virtual void popped() {}
};

// Channels pushed or popped in the current cycle, each appended once (so one slot per
// channel is enough). Owned by the engine; the engine commits and clears it at the end
// of the cycle.
using ActivityList = FixedList<Channel*>;

// Aligned to a cache line: everything an op or the engine touches per push, pop or
// commit is in the first 64 bytes, so a large network costs one line per channel.
class alignas(64) Channel {
public:
  Channel(std::string name, Type type, int capacity);

  const std::string& name() const { return name_; }
  const Type& type() const { return type_; }
  int capacity() const { return capacity_; }

  // --- Start-of-cycle state (what ops see) -----------------------------------------
  bool valid() const { return startCount_ > 0; }         // consumer side
  bool ready() const { return startCount_ < capacity_; } // producer side
  Bits front() const {
    assert(valid());
    return slots()[head_];
  }
  int count() const { return startCount_; } // tokens held at start of cycle
  // The i-th held token, oldest first (i < count()); for traces and latched-token
  // reports.
  Bits peek(int i) const { return slots()[slot(i)]; }
  // The op that made a held token poison (LLVM's poison, docs/design.md "Poison"), null
  // for a defined token: of the front token, and of the i-th held one.
  const Model* frontPoison() const { return poisonAt(head_); }
  const Model* peekPoison(int i) const { return poisonAt(slot(i)); }

  // --- Actions of the current cycle ------------------------------------------------
  // Requires ready() and no push yet this cycle. `poison`: the op that made the token
  // poison (null: a defined token).
  void push(Bits v, const Model* poison = nullptr) {
    assert(ready() && !pushedNow_ && "push into a full channel or twice in one cycle");
    // The slot behind the start-of-cycle tail: free, and not the head a pop reads.
    Bits masked = v & mask_;
    int s = slot(startCount_);
    slots()[s] = masked;
    if (poison || hasPoison_) setPoison(s, poison);
    if (tap_) tap_->pushed(masked);
    pushedNow_ = true;
    ++pushes_;
    noteActive();
  }
  // Hands every pushed token to `tap` (null: none), and tells it of every pop; for the
  // harness's probes. A tap that is set over another passes both on to it (harness/pace.h).
  void setTap(ChannelTap* tap) { tap_ = tap; }
  ChannelTap* tap() const { return tap_; }
  // Requires valid() and no pop yet this cycle.
  void pop() {
    assert(valid() && !poppedNow_ && "pop from an empty channel or twice in one cycle");
    poppedNow_ = true;
    if (tap_) tap_->popped();
    noteActive();
  }
  bool pushedNow() const { return pushedNow_; }
  bool poppedNow() const { return poppedNow_; }
  Bits pushedValue() const { return slots()[slot(startCount_)]; }
  Bits poppedValue() const { return slots()[head_]; }

  // End of cycle: apply this cycle's push and pop; the result is the next cycle's
  // start-of-cycle state. A no-op on a channel that saw no action.
  void commit() {
    if (poppedNow_) {
      head_ = slot(1);
      --startCount_;
    }
    if (pushedNow_) ++startCount_;
    pushedNow_ = poppedNow_ = active_ = false;
  }

  // Between cycles only (no cycle in progress): put a token in as if it had been
  // pushed in the previous cycle. For host inputs and tests; the caller must make
  // sure the consumer gets evaluated. Requires a free slot.
  void preload(Bits v);

  // --- Wiring (set once, by Model::bindInput / Model::bindOutput) -------------------------
  Model* producer() const { return producer_; }
  int producerPort() const { return producerPort_; }
  Model* consumer() const { return consumer_; }
  int consumerPort() const { return consumerPort_; }
  void setProducer(Model* op, int port) {
    producer_ = op;
    producerPort_ = port;
  }
  void setConsumer(Model* op, int port) {
    consumer_ = op;
    consumerPort_ = port;
  }

  // --- Activity tracking -----------------------------------------------------------
  void setActivityList(ActivityList* list) { activity_ = list; }

  // --- Counters (transfers over the whole run) -------------------------------------
  uint64_t pushes() const { return pushes_; }
  // Every token in (pushed or preloaded) less those held after this cycle: no counter
  // on the pop's path.
  uint64_t pops() const {
    return pushes_ + preloads_ - static_cast<uint64_t>(startCount_) -
           static_cast<uint64_t>(pushedNow_) + static_cast<uint64_t>(poppedNow_);
  }

private:
  // Tokens live in the channel itself up to this capacity (the default is 2), so a
  // push or a front() touches no other cache line; larger capacities use heap_.
  static constexpr int kInline = 2;

  void noteActive() {
    if (!active_ && activity_) activity_->push_back(this);
    active_ = true;
  }
  // Ring index of the i-th slot after the head, 0 <= i <= capacity_ (no division).
  int slot(int i) const {
    int s = head_ + i;
    return s >= capacity_ ? s - capacity_ : s;
  }
  // Poison origins per slot, allocated at the first poison token: a channel that never
  // carries one pays a test of a flag per push.
  const Model* poisonAt(int s) const { return hasPoison_ ? poison_[s] : nullptr; }
  void setPoison(int s, const Model* poison) {
    if (!hasPoison_) {
      poison_.assign(static_cast<size_t>(capacity_), nullptr);
      hasPoison_ = true;
    }
    poison_[s] = poison;
  }
  Bits* slots() { return capacity_ <= kInline ? inline_ : heap_.data(); }
  const Bits* slots() const { return capacity_ <= kInline ? inline_ : heap_.data(); }

  // The fields an op or the engine touches every cycle: the first cache line.
  int startCount_ = 0; // tokens held at the start of the current cycle
  int capacity_;
  int head_ = 0; // index of the oldest token
  bool pushedNow_ = false;
  bool poppedNow_ = false;
  bool active_ = false;    // already on the activity list this cycle
  bool hasPoison_ = false; // poison_ is allocated
  Bits mask_;              // widthMask of the type: pushed values are masked to it
  Bits inline_[kInline] = {};
  ActivityList* activity_ = nullptr;
  ChannelTap* tap_ = nullptr;
  uint64_t pushes_ = 0;
  // The rest.
  uint64_t preloads_ = 0;
  std::vector<Bits> heap_;           // ring buffer of capacity_ slots when capacity_ > kInline
  std::vector<const Model*> poison_; // see poisonAt
  Model* producer_ = nullptr;
  Model* consumer_ = nullptr;
  int producerPort_ = -1;
  int consumerPort_ = -1;
  std::string name_;
  Type type_;
};

// The consumer's view of a channel.
class InPort {
public:
  explicit InPort(Channel* ch = nullptr) : ch_(ch) {}
  bool bound() const { return ch_ != nullptr; }
  bool valid() const { return ch_->valid(); }
  Bits front() const { return ch_->front(); }
  // The op that made the front token poison; null for a defined token.
  const Model* poison() const { return ch_->frontPoison(); }
  void pop() { ch_->pop(); }
  const Type& type() const { return ch_->type(); }

private:
  Channel* ch_;
};

// The producer's view of a channel.
class OutPort {
public:
  explicit OutPort(Channel* ch = nullptr) : ch_(ch) {}
  bool bound() const { return ch_ != nullptr; }
  bool ready() const { return ch_->ready(); }
  void push(Bits v, const Model* poison = nullptr) { ch_->push(v, poison); }
  const Type& type() const { return ch_->type(); }

private:
  Channel* ch_;
};

} // namespace loom::models
