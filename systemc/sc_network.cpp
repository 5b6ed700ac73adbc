#include "systemc/sc_network.h"

#include "systemc/sc_rising_clock.h"

#include <cassert>

namespace loom::systemc {

void ScChildren::build(const ScopeTree& tree, Context& cx) {
  for (const auto& [name, index] : tree.ops) {
    models::Model& op = cx.net.circuit().op(index);
    if (const ScUserOpFactory* make = opModuleFactory(op)) {
      userOps.push_back((*make)(name.c_str(), contractOf(op)));
      if (!userOps.back())
        throw ScContractError("the user module factory for " + std::string(op.kindName()) +
                              " made no module for '" + op.name() + "'");
      cx.userOps.emplace_back(index, userOps.back().get());
      continue;
    }
    ops.push_back(
        std::make_unique<ScOpModule>(name.c_str(), cx.net.circuit().op(index), index, cx.engine));
    cx.opModules[index] = ops.back().get();
  }
  for (const auto& [name, index] : tree.channels) {
    channels.push_back(std::make_unique<ScChannel>(name.c_str(), cx.net.circuit().channel(index),
                                                   index, cx.engine));
    cx.channels[index] = channels.back().get();
  }
  for (const auto& child : tree.scopes)
    scopes.push_back(std::make_unique<ScScopeModule>(child->name.c_str(), *child, cx));
}

ScScopeModule::ScScopeModule(sc_core::sc_module_name name, const ScopeTree& tree,
                             ScChildren::Context& cx)
    : sc_core::sc_module(name) {
  children_.build(tree, cx);
}

namespace {
// The network's engine, replaced by an ScEngine (before any cycle ran).
ScEngine* installEngine(sim::Network& net, sc_core::sc_time period) {
  assert(net.cycles() == 0 && "an ScNetwork is built before its network runs");
  auto engine = std::make_unique<ScEngine>(net.circuit(), period);
  ScEngine* e = engine.get();
  net.useEngine(std::move(engine));
  return e;
}
} // namespace

ScNetwork::ScNetwork(sc_core::sc_module_name name, sim::Network& net, sc_core::sc_time period)
    : sc_core::sc_module(name), clk("clk"), net_(net), engine_(installEngine(net, period)),
      tree_(buildScopeTree(net.circuit())), opModules_(net.circuit().numOps(), nullptr),
      channels_(net.circuit().numChannels(), nullptr) {
  ScChildren::Context cx{net_, engine_, opModules_, channels_, userOps_};
  children_.build(*tree_, cx);
  // The netlist: every op's ports bound to the channels its model uses.
  sim::Circuit& circuit = net_.circuit();
  for (uint32_t c = 0; c < circuit.numChannels(); ++c) {
    const models::Channel& ch = circuit.channel(c);
    if (ScOpModule* m = opModules_[circuit.indexOf(*ch.producer())])
      m->out(ch.producerPort()).bind(*channels_[c]);
    if (ScOpModule* m = opModules_[circuit.indexOf(*ch.consumer())])
      m->in(ch.consumerPort()).bind(*channels_[c]);
  }
  // User modules: by the op table's port names (throws ScContractError on a mismatch).
  std::vector<ScUserOp*> users;
  for (auto& [index, m] : userOps_) {
    bindUserOp(*m, circuit.op(index), channels_, circuit, clk);
    users.push_back(m);
  }
  engine_->attach(opModules_, channels_, std::move(users));
  SC_HAS_PROCESS(ScNetwork);
  SC_METHOD(onRisingEdge);
  sensitive << clk.pos();
  dont_initialize(); // only clock edges start cycles
  SC_METHOD(onCycleEnd);
  sensitive << cycleEnd_;
  dont_initialize();
}

void ScNetwork::onRisingEdge() {
  // The cycle ends one delta later, after the update phase committed its channels (or
  // in ScEngine::step(), once sc_start returns).
  if (engine_->onEdge() && engine_->endsInProcess()) cycleEnd_.notify(sc_core::SC_ZERO_TIME);
}

void ScNetwork::onCycleEnd() {
  engine_->onCycleEnd();
}

sim::InvocationResult ScNetwork::invoke(const sim::Invocation& inv) {
  if (auto problem = checkClock()) {
    sim::InvocationResult r;
    r.message = *problem;
    return r;
  }
  return net_.invoke(inv);
}

std::optional<std::string> ScNetwork::checkClock() {
  sc_core::sc_interface* bound = clk.get_interface();
  sc_core::sc_time period;
  if (auto* clock = dynamic_cast<sc_core::sc_clock*>(bound))
    period = clock->period();
  else if (auto* rising = dynamic_cast<ScRisingClock*>(bound))
    period = rising->period();
  else
    return std::string("the network's clk is not bound to an sc_clock");
  if (period != engine_->period())
    return "the network's clock has a period of " + period.to_string() + ", not " +
           engine_->period().to_string();
  return std::nullopt;
}

ScUserOp* ScNetwork::userOp(uint32_t index) const {
  for (auto& [op, m] : userOps_)
    if (op == index) return m;
  return nullptr;
}

ScMemoryPort* ScNetwork::memoryPort(int argIndex) {
  models::Memory* m = net_.externalMemory(argIndex);
  return m ? opModules_[net_.circuit().indexOf(*m)]->memoryPort() : nullptr;
}

void ScNetwork::trace(sc_core::sc_trace_file* tf) {
  engine_->setTracing(true);
  for (const ScChannel* ch : channels_)
    sc_trace(tf, *ch, ch->name());
  for (const ScOpModule* m : opModules_)
    if (m && m->op().phaseCount() > 0)
      sc_core::sc_trace(tf, m->tracedPhase(), std::string(m->name()) + ".phase");
}

} // namespace loom::systemc
