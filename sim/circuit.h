// Circuit: the ops and channels of one network, owned together, in the layout the
// engines want.
//
// Building is two-phase. add<T>() creates ops and connect() declares channels; seal()
// then creates every channel at once in one contiguous array and binds the ports. A
// sealed circuit never grows, so a channel's index is its address minus the array's
// base: the event engine turns the Channel* an ActivityList hands it into an index
// (and from there into its producer and consumer op indices) without a lookup on the
// hot path. After seal() the circuit is driven by an Engine (sim/engine.h).
//
// Ops and channels are numbered densely in creation order; engines, observers and
// reports use those numbers.
#pragma once

#include "models/channel.h"
#include "models/model.h"
#include "models/timing.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loom::sim {

using models::Channel;
using models::Model;

constexpr uint32_t kNoOp = UINT32_MAX;

// The op indices at the two ends of a channel.
struct ChannelEnds {
  uint32_t producer = kNoOp;
  uint32_t consumer = kNoOp;
  uint32_t consumerPort = 0; // the consumer's input port
};

class Circuit {
public:
  explicit Circuit(models::TimingConfig timing = {}) : timing_(timing) {}
  Circuit(const Circuit&) = delete;
  Circuit& operator=(const Circuit&) = delete;

  const models::TimingConfig& timing() const { return timing_; }

  // --- Building (before seal()) -----------------------------------------------------
  // Creates an op owned by the circuit; it reports errors to the circuit's log.
  template <class T, class... Args> T& add(Args&&... args) {
    auto op = std::make_unique<T>(std::forward<Args>(args)...);
    T& ref = *op;
    adopt(std::move(op));
    return ref;
  }
  // Declares a channel from output `outPort` of `from` to input `inPort` of `to`;
  // capacity 0 means timing().channelCapacity; an empty name becomes
  // "<from>:<outPort> -> <to>:<inPort>". Returns the channel's future index.
  uint32_t connect(Model& from, int outPort, Model& to, int inPort, Type type, int capacity = 0,
                   std::string name = {});
  // Creates and binds every declared channel. Returns the wiring errors (a port
  // missing or bound twice, an op port left unbound); empty when the circuit is sound.
  // An unsound circuit must not be run.
  std::vector<std::string> seal();
  bool sealed() const { return sealed_; }
  // Sealed without wiring errors: what an engine needs.
  bool sound() const { return sound_; }

  // --- Access -------------------------------------------------------------------------
  size_t numOps() const { return ops_.size(); }
  size_t numChannels() const { return channels_.size(); }
  Model& op(uint32_t i) { return *ops_[i]; }
  const Model& op(uint32_t i) const { return *ops_[i]; }
  Channel& channel(uint32_t i) { return channels_[i]; }
  const Channel& channel(uint32_t i) const { return channels_[i]; }
  // Channels as one array (sealed circuits only): index = address - channelBase().
  Channel* channelBase() { return channels_.data(); }
  uint32_t indexOf(const Channel& ch) const {
    return static_cast<uint32_t>(&ch - channels_.data());
  }
  // The op's index, or kNoOp for an op of another circuit.
  uint32_t indexOf(const Model& op) const;
  const ChannelEnds& ends(uint32_t channel) const { return ends_[channel]; }
  const std::vector<ChannelEnds>& allEnds() const { return ends_; }

  models::ErrorLog& errors() { return errors_; }
  const models::ErrorLog& errors() const { return errors_; }

  // Every op at rest and every channel empty.
  bool quiescent() const;

private:
  struct PendingChannel {
    std::string name;
    Type type;
    int capacity;
    uint32_t from, to;
    int outPort, inPort;
  };

  void adopt(std::unique_ptr<Model> op);
  void bindChannel(uint32_t index, const PendingChannel& p, std::vector<std::string>& errors);
  void collectUnboundPorts(std::vector<std::string>& errors) const;

  models::TimingConfig timing_;
  std::vector<std::unique_ptr<Model>> ops_;
  std::unordered_map<const Model*, uint32_t> opIndex_;
  std::vector<PendingChannel> pending_;
  std::vector<Channel> channels_; // sized once, in seal()
  std::vector<ChannelEnds> ends_;
  models::ErrorLog errors_;
  bool sealed_ = false;
  bool sound_ = false;
};

} // namespace loom::sim
