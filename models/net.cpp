#include "models/net.h"

namespace loom::models {

Channel& Net::addChannel(std::string name, Type type, int capacity) {
  int c = capacity > 0 ? capacity : timing_.channelCapacity;
  channels_.push_back(std::make_unique<Channel>(std::move(name), std::move(type), c));
  return *channels_.back();
}

Channel* Net::connect(Op& from, int outPort, Op& to, int inPort, Type type, int capacity) {
  std::string name = from.name() + ".out" + std::to_string(outPort) + " -> " + to.name() + ".in" +
                     std::to_string(inPort);
  bool outOk = outPort >= 0 && outPort < from.numOutputs() && !from.outputChannel(outPort);
  bool inOk = inPort >= 0 && inPort < to.numInputs() && !to.inputChannel(inPort);
  if (!outOk || !inOk) {
    wiringErrors_.push_back("cannot connect " + name + ": " + (outOk ? "input" : "output") +
                            " port missing or already bound");
    return nullptr;
  }
  Channel& ch = addChannel(name, std::move(type), capacity);
  from.bindOutput(outPort, ch);
  to.bindInput(inPort, ch);
  return &ch;
}

std::vector<std::string> Net::wiringErrors() const {
  std::vector<std::string> out = wiringErrors_;
  for (const auto& op : ops_) {
    for (int i = 0; i < op->numInputs(); ++i)
      if (!op->inputChannel(i))
        out.push_back(op->name() + ": input " + std::to_string(i) + " unbound");
    for (int i = 0; i < op->numOutputs(); ++i)
      if (!op->outputChannel(i))
        out.push_back(op->name() + ": output " + std::to_string(i) + " unbound");
  }
  for (const auto& ch : channels_)
    if (!ch->producer() || !ch->consumer())
      out.push_back("channel " + ch->name() + ": " +
                    (ch->producer() ? "no consumer" : "no producer"));
  return out;
}

bool Net::cycle() {
  bool any = false;
  for (auto& op : ops_)
    any = op->evaluate(cycle_) || any;
  for (auto& ch : channels_)
    ch->commit();
  ++cycle_;
  return any;
}

Net::RunResult Net::runUntil(const std::function<bool()>& done, uint64_t maxCycles) {
  for (uint64_t i = 0; i < maxCycles; ++i) {
    if (done()) return RunResult::Done;
    cycle();
    if (!errors_.empty()) return RunResult::Error;
  }
  return done() ? RunResult::Done : RunResult::CycleCap;
}

bool Net::run(uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) {
    cycle();
    if (!errors_.empty()) return false;
  }
  return true;
}

bool Net::quiescent() const {
  for (const auto& op : ops_)
    if (!op->atRest()) return false;
  for (const auto& ch : channels_)
    if (ch->count() != 0) return false;
  return true;
}

void Net::flushStats() {
  for (auto& op : ops_)
    op->flushStats(cycle_);
}

} // namespace loom::models
