#include "sim/waits.h"

namespace loom::sim {

namespace {

bool isWaiting(models::CycleStatus s) {
  return s == models::CycleStatus::InputStall || s == models::CycleStatus::OutputStall;
}

Wait waitOf(const Circuit& circuit, uint32_t index) {
  const Model& op = circuit.op(index);
  Wait w;
  w.op = index;
  w.status = op.lastStatus();
  for (int i = 0; i < op.numInputs(); ++i)
    if (op.inputChannel(i) && !op.inputChannel(i)->valid()) w.emptyInputs.push_back(i);
  for (int i = 0; i < op.numOutputs(); ++i)
    if (op.outputChannel(i) && !op.outputChannel(i)->ready()) w.fullOutputs.push_back(i);
  return w;
}

std::string portList(const char* what, const std::vector<int>& ports,
                     const Channel* (Model::*channelOf)(int) const, const Model& op) {
  if (ports.empty()) return std::string(what) + ": none";
  std::string s = what;
  for (size_t k = 0; k < ports.size(); ++k) {
    s += k ? ", " : " ";
    s += std::to_string(ports[k]) + " [" + (op.*channelOf)(ports[k])->name() + "]";
  }
  return s;
}

} // namespace

std::vector<Wait> waitingOps(const Circuit& circuit) {
  std::vector<Wait> waits;
  for (uint32_t i = 0; i < circuit.numOps(); ++i)
    if (isWaiting(circuit.op(i).lastStatus())) waits.push_back(waitOf(circuit, i));
  return waits;
}

std::string describeWait(const Circuit& circuit, const Wait& w) {
  const Model& op = circuit.op(w.op);
  const char* why = w.status == models::CycleStatus::OutputStall ? "output stall" : "input stall";
  return std::string(op.kindName()) + " '" + op.name() + "' waits (" + why +
         "): " + portList("empty inputs", w.emptyInputs, &Model::inputChannel, op) + "; " +
         portList("full outputs", w.fullOutputs, &Model::outputChannel, op);
}

} // namespace loom::sim
