// The host's end of an elaborated network: how an invocation's inputs get in, how its
// results get out, and how a function memref argument reaches the host's buffer.
//
//   EntrySource  the DFG's Entry node. The host arms it with one token per output per
//                invocation (the scalar arguments in Entry's output order, then the
//                none ctrl token). Each output then sends its token as soon as its
//                channel has space, independently of the others (like an eager fork's
//                outputs: a full argument channel does not hold back the rest); each
//                token sent is one firing. So an invocation armed before cycle t puts
//                its tokens on the channels in t, and the consumers see them in t+1.
//   HostSink     one per output of the Return node (each result, then done). Pops every
//                token in the cycle it arrives (the host never back-pressures) and
//                logs (cycle, value).
//   HostBacking  the MemoryBacking of an extmemory: forwards to the buffer the host
//                binds for the current invocation. Unbound, it has size 0, so any
//                access is the memory's ordinary out-of-bounds op error, not a crash.
#pragma once

#include "models/memory.h"
#include "models/model.h"

#include <utility>
#include <vector>

namespace loom::sim {

class EntrySource : public models::Model {
public:
  enum class Phase : uint8_t { Idle, Sending };

  EntrySource(std::string name, int numOutputs);

  ops::NodeKind nodeKind() const override { return ops::NodeKind::Entry; }
  int phase() const override { return static_cast<int>(sending() ? Phase::Sending : Phase::Idle); }
  bool isQuiescent() const override { return !sending(); }

  // Between cycles: queue one token per output (tokens.size() == numOutputs()).
  // Returns false, changing nothing, if the size is wrong or tokens are still unsent.
  bool arm(const std::vector<Bits>& tokens);
  // Some token of the last arm() has not left yet.
  bool sending() const { return unsent_ > 0; }

protected:
  bool step() override;

private:
  std::vector<Bits> tokens_;
  std::vector<bool> pending_;
  int unsent_ = 0;
};

class HostSink : public models::Model {
public:
  explicit HostSink(std::string name) : Model(std::move(name), 1, 0) {}

  ops::NodeKind nodeKind() const override { return ops::NodeKind::HostResult; }

  // Every token received, with the cycle it was popped in.
  const std::vector<std::pair<uint64_t, Bits>>& log() const { return log_; }
  size_t received() const { return log_.size(); }

protected:
  bool step() override;

private:
  std::vector<std::pair<uint64_t, Bits>> log_;
};

class HostBacking : public models::MemoryBacking {
public:
  void bind(models::MemoryBacking* target) { target_ = target; }
  models::MemoryBacking* target() const { return target_; }

  uint64_t size() const override { return target_ ? target_->size() : 0; }
  // An access still in flight when the host unbinds (after a deadlock) is dropped.
  Bits read(uint64_t addr) const override { return target_ ? target_->read(addr) : 0; }
  void write(uint64_t addr, Bits value) override {
    if (target_) target_->write(addr, value);
  }

private:
  models::MemoryBacking* target_ = nullptr;
};

} // namespace loom::sim
