// ScChannel: one handshake channel of a network as a SystemC primitive channel.
//
// It is the timing model's elastic FIFO (models/channel.h: capacity C, latency 1) seen
// through SystemC's evaluate/update rule. In the evaluate phase of a cycle, producers
// push and consumers pop; what either sees (can_push, has_token, front) is the
// start-of-cycle state, so the order of the processes does not matter. A push or pop
// requests an update, and update() commits the cycle's push and pop: a token pushed in
// cycle t is visible from t + 1 on, and so is a slot freed in t.
//
// The FIFO itself is the models::Channel of the network's Circuit (the one the op
// models push and pop through their InPort/OutPort), so there is one copy of the
// channel's state and behaviour; ScChannel adds the SystemC side: direction in the
// types (ScPushIf for the producer's sc_port, ScPopIf for the consumer's), the update
// request, the commit in update(), and trace variables for sc_trace (valid, ready,
// data, transfer).
//
// Trace variables (sampled by SystemC at the end of each time step, cycle c at time
// c * period): valid / ready / data are the channel's state after cycle c's commit
// (what its ends see in cycle c + 1; data is the oldest held token, or the last one
// when empty), transfer is 1 in the cycles a token was pushed. They are kept by the
// network's engine when a trace is on (ScNetwork::trace); a channel used on its own
// (no engine) samples them in each update.
#pragma once

#include "models/channel.h"

#include <cstdint>
#include <string>
#include <systemc>

namespace loom::systemc {

class ScCycle;
class ScEngine;

// The producer's side: an op's output sc_port.
class ScPushIf : public virtual sc_core::sc_interface {
public:
  virtual bool can_push() const = 0; // a free slot at the start of this cycle
  virtual void push(Bits v) = 0;     // requires can_push(), at most once per cycle
  // The timing model's FIFO behind the interface.
  virtual const models::Channel& model() const = 0;
};

// The consumer's side: an op's input sc_port.
class ScPopIf : public virtual sc_core::sc_interface {
public:
  virtual bool has_token() const = 0; // a token at the start of this cycle
  virtual Bits front() const = 0;     // requires has_token()
  virtual void pop() = 0;             // requires has_token(), at most once per cycle
  virtual const models::Channel& model() const = 0;
};

class ScChannel : public sc_core::sc_prim_channel, public ScPushIf, public ScPopIf {
public:
  // `engine`: commits through it (it wakes the channel's ends and reports the change);
  // null: the channel commits on its own (a channel used without a network).
  ScChannel(const char* name, models::Channel& ch, uint32_t index, ScCycle* engine);
  const char* kind() const override { return "loom_channel"; }

  bool can_push() const override { return ch_.ready(); }
  void push(Bits v) override;
  bool has_token() const override { return ch_.valid(); }
  Bits front() const override { return ch_.front(); }
  void pop() override;
  const models::Channel& model() const override { return ch_; }
  models::Channel& model() { return ch_; }
  uint32_t index() const { return index_; }

  // The models pushed or popped the FIFO directly (through their ports): commit it in
  // this delta's update phase.
  void noteActive() { request_update(); }

  // Traces valid, ready, data (if the type has bits) and transfer as <prefix>.<field>.
  void traceTo(sc_core::sc_trace_file* tf, const std::string& prefix) const;
  // The engine lowers the transfer flag before the next cycle (it is raised again if
  // that cycle pushes).
  void endTransfer() { transfer_ = false; }
  bool transfer() const { return transfer_; }

protected:
  void update() override;

private:
  friend class ScEngine;
  void sample(bool pushed);

  models::Channel& ch_;
  uint32_t index_;
  ScCycle* engine_;
  bool valid_ = false, ready_ = true, transfer_ = false;
  sc_dt::uint64 data_ = 0;
};

// sc_trace of a channel: its four trace variables under `name`.
void sc_trace(sc_core::sc_trace_file* tf, const ScChannel& ch, const std::string& name);

} // namespace loom::systemc
