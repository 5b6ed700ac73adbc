#include "sim/circuit.h"

#include <cassert>

namespace loom::sim {

void Circuit::adopt(std::unique_ptr<Model> op) {
  assert(!sealed_ && "ops are added before seal()");
  op->setErrorLog(&errors_);
  opIndex_.emplace(op.get(), static_cast<uint32_t>(ops_.size()));
  ops_.push_back(std::move(op));
}

uint32_t Circuit::indexOf(const Model& op) const {
  auto it = opIndex_.find(&op);
  return it == opIndex_.end() ? kNoOp : it->second;
}

uint32_t Circuit::connect(Model& from, int outPort, Model& to, int inPort, Type type, int capacity,
                          std::string name) {
  assert(!sealed_ && "channels are declared before seal()");
  if (name.empty())
    name = from.name() + ":" + std::to_string(outPort) + " -> " + to.name() + ":" +
           std::to_string(inPort);
  int cap = capacity > 0 ? capacity : timing_.channelCapacity;
  pending_.push_back(
      {std::move(name), std::move(type), cap, indexOf(from), indexOf(to), outPort, inPort});
  return static_cast<uint32_t>(pending_.size() - 1);
}

std::vector<std::string> Circuit::seal() {
  assert(!sealed_ && "seal() runs once");
  std::vector<std::string> errors;
  // Reserve first: the ops keep Channel pointers, so the array must never move.
  channels_.reserve(pending_.size());
  ends_.assign(pending_.size(), ChannelEnds{});
  for (size_t i = 0; i < pending_.size(); ++i) {
    const PendingChannel& p = pending_[i];
    channels_.emplace_back(p.name, p.type, p.capacity);
    bindChannel(static_cast<uint32_t>(i), p, errors);
  }
  pending_.clear();
  pending_.shrink_to_fit();
  collectUnboundPorts(errors);
  sealed_ = true;
  sound_ = errors.empty();
  return errors;
}

void Circuit::bindChannel(uint32_t index, const PendingChannel& p,
                          std::vector<std::string>& errors) {
  Channel& ch = channels_[index];
  if (p.from == kNoOp || p.to == kNoOp) {
    errors.push_back("channel " + p.name + ": an end is not an op of this circuit");
    return;
  }
  if (ops_[p.from]->bindOutput(p.outPort, ch))
    ends_[index].producer = p.from;
  else
    errors.push_back("channel " + p.name + ": output port " + std::to_string(p.outPort) + " of '" +
                     ops_[p.from]->name() + "' is missing or already bound");
  if (ops_[p.to]->bindInput(p.inPort, ch)) {
    ends_[index].consumer = p.to;
    ends_[index].consumerPort = static_cast<uint32_t>(p.inPort);
  } else
    errors.push_back("channel " + p.name + ": input port " + std::to_string(p.inPort) + " of '" +
                     ops_[p.to]->name() + "' is missing or already bound");
}

void Circuit::collectUnboundPorts(std::vector<std::string>& errors) const {
  for (const auto& op : ops_) {
    for (int i = 0; i < op->numInputs(); ++i)
      if (!op->inputChannel(i))
        errors.push_back(std::string(op->kindName()) + " '" + op->name() + "': input " +
                         std::to_string(i) + " is not connected");
    for (int i = 0; i < op->numOutputs(); ++i)
      if (!op->outputChannel(i))
        errors.push_back(std::string(op->kindName()) + " '" + op->name() + "': output " +
                         std::to_string(i) + " is not connected");
  }
}

bool Circuit::quiescent() const {
  for (const auto& op : ops_)
    if (!op->isQuiescent()) return false;
  for (const Channel& ch : channels_)
    if (ch.count() != 0) return false;
  return true;
}

} // namespace loom::sim
