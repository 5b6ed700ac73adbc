#include "systemc/sc_op_module.h"

#include "models/memory.h"
#include "systemc/sc_cycle.h"
#include "systemc/sc_names.h"
#include "systemc/sc_user_op.h"

#include <map>
#include <set>

namespace loom::systemc {

namespace {

// A port's place in the module: a single sc_port (name) or element `rep` of the
// sc_vector of its repeated group (name without the "%u").
struct PortPlace {
  std::string name;
  bool repeated = false;
  unsigned rep = 0;
};

PortPlace placeOf(const ops::OpSpec& spec, const ops::Shape& shape, bool input, int port) {
  const ops::PortSpec* ps = nullptr;
  unsigned rep = 0;
  if (!ops::portSpec(spec, shape, input, static_cast<unsigned>(port), ps, rep))
    return {(input ? "in" : "out") + std::to_string(port), false, 0};
  std::string pattern = ps->name;
  size_t at = pattern.find("%u");
  if (at == std::string::npos) return {scSafeName(pattern), false, 0};
  return {scSafeName(pattern.erase(at, 2)), true, rep};
}

} // namespace

ScOpContract contractOf(const models::Model& op) {
  const ops::OpSpec& spec = ops::spec(op.nodeKind());
  const ops::Shape shape = shapeOf(op);
  ScOpContract c;
  c.kind = op.kindName();
  c.op = op.name();
  std::set<std::string> taken;
  for (int p = 0; p < op.numInputs(); ++p) {
    PortPlace pl = placeOf(spec, shape, true, p);
    taken.insert(pl.name);
    c.inputs.push_back(pl.repeated ? pl.name + "_" + std::to_string(pl.rep) : pl.name);
  }
  for (int p = 0; p < op.numOutputs(); ++p) {
    PortPlace pl = placeOf(spec, shape, false, p);
    if (taken.count(pl.name)) pl.name += "_out"; // as makePorts names it
    c.outputs.push_back(pl.repeated ? pl.name + "_" + std::to_string(pl.rep) : pl.name);
  }
  return c;
}

template <class Port>
void ScOpModule::makePorts(Side<Port>& side, bool input, int count, std::set<std::string>& taken) {
  const ops::OpSpec& spec = ops::spec(op_.nodeKind());
  const ops::Shape shape = shapeOf(op_);
  std::vector<PortPlace> places;
  std::map<std::string, unsigned> vectorSize; // repeated group -> elements
  std::vector<std::string> vectorOrder;
  for (int p = 0; p < count; ++p) {
    places.push_back(placeOf(spec, shape, input, p));
    PortPlace& pl = places.back();
    // An output named like an input (a load's "addr", a return's "ctrl") gets "_out".
    if (!input && taken.count(pl.name)) pl.name += "_out";
    if (input) taken.insert(pl.name);
    if (!pl.repeated) continue;
    auto [it, fresh] = vectorSize.emplace(pl.name, 0);
    if (fresh) vectorOrder.push_back(pl.name);
    it->second = std::max(it->second, pl.rep + 1);
  }
  std::map<std::string, sc_core::sc_vector<Port>*> vectors;
  for (const std::string& name : vectorOrder) {
    side.vectors.push_back(
        std::make_unique<sc_core::sc_vector<Port>>(name.c_str(), vectorSize[name]));
    vectors[name] = side.vectors.back().get();
  }
  for (const PortPlace& pl : places) {
    if (pl.repeated) {
      side.byIndex.push_back(&(*vectors[pl.name])[pl.rep]);
      continue;
    }
    side.single.push_back(std::make_unique<Port>(pl.name.c_str()));
    side.byIndex.push_back(side.single.back().get());
  }
}

ScOpModule::ScOpModule(sc_core::sc_module_name name, models::Model& op, uint32_t index,
                       ScCycle* engine)
    : sc_core::sc_module(name), op_(op), index_(index), engine_(engine) {
  std::set<std::string> inputNames;
  makePorts(inSide_, true, op.numInputs(), inputNames);
  makePorts(outSide_, false, op.numOutputs(), inputNames);
  phase_ = op.phase();
  if (!engine_) return;
  if (auto* m = dynamic_cast<models::Memory*>(&op);
      m && m->kind() == models::MemoryKind::ExtMemory) {
    memPort_ = std::make_unique<ScMemoryPort>("mem", engine_->period());
    m->setTransport(memPort_.get());
  }
  SC_HAS_PROCESS(ScOpModule);
  SC_METHOD(run);
  sensitive << wake_;
  dont_initialize(); // the engine wakes the op, from the first cycle on
}

void ScOpModule::run() {
  engine_->evaluate(index_);
}

void ScOpModule::before_end_of_elaboration() {
  if (!memPort_) return;
  const int bound = memPort_->bindings();
  if (bound > 1) {
    std::string what = std::string(memPort_->socket.name()) + " is bound " + std::to_string(bound) +
                       " times; an extmemory's socket binds one target";
    SC_REPORT_ERROR("loom/binding", what.c_str());
    return;
  }
  if (bound == 1) return;
  auto& m = static_cast<models::Memory&>(op_);
  defaultTarget_ = std::make_unique<ScMemoryTarget>(
      "mem_target", m.backing(), static_cast<uint64_t>(m.config().latency), engine_->period());
  memPort_->socket.bind(defaultTarget_->socket);
}

void ScOpModule::end_of_elaboration() {
  auto mismatch = [&](bool input, int p) {
    std::string what = std::string(name()) + ": " + (input ? "input" : "output") + " port '" +
                       (input ? in(p).basename() : out(p).basename()) +
                       "' is bound to another channel than the one the op model uses";
    SC_REPORT_ERROR("loom/binding", what.c_str());
  };
  for (int p = 0; p < numInputs(); ++p)
    if (&in(p)->model() != op_.inputChannel(p)) mismatch(true, p);
  for (int p = 0; p < numOutputs(); ++p)
    if (&out(p)->model() != op_.outputChannel(p)) mismatch(false, p);
}

} // namespace loom::systemc
