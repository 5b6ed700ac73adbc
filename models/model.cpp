#include "models/model.h"

namespace loom::models {

std::string OpError::str() const {
  std::string s;
  if (op) s += std::string(op->kindName()) + " '" + op->name() + "' ";
  s += "at cycle " + std::to_string(cycle) + ": " + message;
  return s;
}

Model::Model(std::string name, int numInputs, int numOutputs)
    : inputs_(static_cast<size_t>(numInputs), nullptr),
      outputs_(static_cast<size_t>(numOutputs), nullptr),
      cold_(new Cold{std::move(name), nullptr, {}}) {}

bool Model::bindInput(int port, Channel& ch) {
  if (port < 0 || port >= numInputs() || inputs_[port] || ch.consumer()) return false;
  inputs_[port] = &ch;
  ch.setConsumer(this, port);
  return true;
}

bool Model::bindOutput(int port, Channel& ch) {
  if (port < 0 || port >= numOutputs() || outputs_[port] || ch.producer()) return false;
  outputs_[port] = &ch;
  ch.setProducer(this, port);
  return true;
}

bool Model::fullyBound() const {
  for (const Channel* c : inputs_)
    if (!c) return false;
  for (const Channel* c : outputs_)
    if (!c) return false;
  return true;
}

void Model::fail(std::string message, int input) {
  if (failed_) return;
  failed_ = true;
  cold_->error = OpError{this, std::move(message), now_, input};
  if (cold_->errorLog) cold_->errorLog->report(cold_->error);
}

bool Model::poisonStops(int port, const char* role) {
  const Model* origin = in(port).poison();
  std::string msg = std::string(role) + " is a poison value, made by '" + origin->name() + "' (" +
                    origin->kindName();
  if (const char* why = origin->poisonReason()) msg += std::string(": ") + why;
  fail(msg + ")");
  return false;
}

void Model::flushStats(uint64_t endCycle) {
  if (!evaluatedOnce_ || endCycle <= now_ + 1) return;
  // Skipped cycles repeat the last evaluated cycle's class. A cycle that fired always
  // makes the engine visit the op next cycle, so a skipped cycle never follows one.
  CycleStatus s = lastStatus_ == CycleStatus::Fired ? CycleStatus::Idle : lastStatus_;
  account(s, endCycle - now_ - 1);
  now_ = endCycle - 1;
}

} // namespace loom::models
