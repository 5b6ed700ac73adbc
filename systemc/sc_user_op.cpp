#include "systemc/sc_user_op.h"

#include "models/memory.h"
#include "sim/circuit.h"
#include "systemc/sc_channel.h"

#include <map>

namespace loom::systemc {

namespace {
std::map<std::string, ScUserOpFactory>& registry() {
  static std::map<std::string, ScUserOpFactory> r;
  return r;
}

// The module's ports by basename: its children, and the elements of its sc_vectors.
void collectPorts(const sc_core::sc_object& parent, std::map<std::string, sc_core::sc_object*>& out,
                  int depth) {
  for (sc_core::sc_object* o : parent.get_child_objects()) {
    if (dynamic_cast<sc_core::sc_port_base*>(o))
      out.emplace(o->basename(), o);
    else if (depth > 0 && !dynamic_cast<sc_core::sc_module*>(o))
      collectPorts(*o, out, depth - 1);
  }
}
} // namespace

void registerOpModule(const std::string& kind, ScUserOpFactory factory) {
  if (kind == "handshake.memory" || kind == "handshake.extmemory")
    throw ScContractError("'" + kind + "' cannot be replaced by a user module (a memory is " +
                          "swapped through its TLM-2.0 socket instead)");
  registry()[kind] = std::move(factory);
}

void clearOpModules() {
  registry().clear();
}

const ScUserOpFactory* opModuleFactory(const models::Model& op) {
  if (registry().empty()) return nullptr;
  const ops::NodeKind k = op.nodeKind();
  if (dynamic_cast<const models::Memory*>(&op) || k == ops::NodeKind::Entry ||
      k == ops::NodeKind::HostResult)
    return nullptr;
  auto it = registry().find(op.kindName());
  return it == registry().end() ? nullptr : &it->second;
}

void bindUserOp(ScUserOp& m, const models::Model& op, const std::vector<ScChannel*>& channels,
                const sim::Circuit& circuit, sc_core::sc_in<bool>& clk) {
  const ScOpContract c = contractOf(op);
  std::map<std::string, sc_core::sc_object*> ports;
  collectPorts(m, ports, 1);
  const std::string who =
      std::string("user module '") + m.name() + "' for " + c.kind + " '" + c.op + "': ";
  auto list = [](const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names)
      s += (s.empty() ? "" : ", ") + n;
    return s.empty() ? std::string("none") : s;
  };
  const std::string contract = " (the op table's contract: inputs " + list(c.inputs) +
                               " as sc_port<ScPopIf>, outputs " + list(c.outputs) +
                               " as sc_port<ScPushIf>)";
  auto take = [&](const std::string& name, bool input) -> sc_core::sc_object* {
    auto it = ports.find(name);
    if (it == ports.end())
      throw ScContractError(who + "no " + (input ? "input" : "output") + " port '" + name + "'" +
                            contract);
    sc_core::sc_object* o = it->second;
    ports.erase(it);
    return o;
  };
  for (int p = 0; p < op.numInputs(); ++p) {
    sc_core::sc_object* o = take(c.inputs[static_cast<size_t>(p)], true);
    auto* port = dynamic_cast<sc_core::sc_port_b<ScPopIf>*>(o);
    if (!port)
      throw ScContractError(who + "port '" + o->basename() + "' is not an sc_port<ScPopIf>" +
                            contract);
    port->bind(*channels[circuit.indexOf(*op.inputChannel(p))]);
  }
  for (int p = 0; p < op.numOutputs(); ++p) {
    sc_core::sc_object* o = take(c.outputs[static_cast<size_t>(p)], false);
    auto* port = dynamic_cast<sc_core::sc_port_b<ScPushIf>*>(o);
    if (!port)
      throw ScContractError(who + "port '" + o->basename() + "' is not an sc_port<ScPushIf>" +
                            contract);
    port->bind(*channels[circuit.indexOf(*op.outputChannel(p))]);
  }
  auto clock = ports.find("clk");
  if (clock != ports.end()) {
    auto* in = dynamic_cast<sc_core::sc_in<bool>*>(clock->second);
    if (!in) throw ScContractError(who + "port 'clk' is not an sc_in<bool>");
    (*in)(clk);
    ports.erase(clock);
  }
  for (auto& [name, o] : ports)
    if (dynamic_cast<sc_core::sc_port_b<ScPopIf>*>(o) ||
        dynamic_cast<sc_core::sc_port_b<ScPushIf>*>(o))
      throw ScContractError(who + "port '" + name + "' is not in the contract" + contract);
}

} // namespace loom::systemc
