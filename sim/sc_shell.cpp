#include "sim/sc_shell.h"

#include <cctype>
#include <map>
#include <set>

namespace loom::sim {

std::string scSafeName(const std::string& component) {
  std::string s;
  for (char c : component)
    s += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  return s.empty() ? "_" : s;
}

namespace {

// Builds a ScopeTree, keeping per node the raw component of each child scope and the
// sanitized names already taken (scopes and ops share one namespace per parent).
class ScopeTreeBuilder {
public:
  ScopeTreeBuilder() : root_(std::make_unique<ScopeTree>()) {}

  void addOp(const std::string& path, uint32_t index) {
    ScopeTree* t = root_.get();
    size_t start = 0;
    for (size_t slash; (slash = path.find('/', start)) != std::string::npos; start = slash + 1)
      t = &scope(*t, path.substr(start, slash - start));
    t->ops.emplace_back(unique(*t, scSafeName(path.substr(start))), index);
  }
  std::unique_ptr<ScopeTree> take() { return std::move(root_); }

private:
  struct Names {
    std::map<std::string, ScopeTree*> scopeOfRaw;
    std::set<std::string> taken;
  };

  ScopeTree& scope(ScopeTree& parent, const std::string& raw) {
    Names& names = names_[&parent];
    auto it = names.scopeOfRaw.find(raw);
    if (it != names.scopeOfRaw.end()) return *it->second;
    parent.scopes.push_back(std::make_unique<ScopeTree>());
    ScopeTree* child = parent.scopes.back().get();
    child->name = unique(parent, scSafeName(raw));
    names.scopeOfRaw.emplace(raw, child);
    return *child;
  }

  std::string unique(ScopeTree& parent, const std::string& base) {
    std::set<std::string>& taken = names_[&parent].taken;
    std::string name = base;
    for (int k = 1; taken.count(name); ++k)
      name = base + "_" + std::to_string(k);
    taken.insert(name);
    return name;
  }

  std::unique_ptr<ScopeTree> root_;
  std::map<const ScopeTree*, Names> names_;
};

} // namespace

std::unique_ptr<ScopeTree> buildScopeTree(const Circuit& circuit) {
  ScopeTreeBuilder b;
  for (uint32_t i = 0; i < circuit.numOps(); ++i)
    b.addOp(circuit.op(i).name(), i);
  return b.take();
}

void ScChildren::build(const ScopeTree& tree, Network& net, std::vector<ScOpModule*>& opModules) {
  for (const auto& [name, index] : tree.ops) {
    ops.push_back(std::make_unique<ScOpModule>(name.c_str(), net.circuit().op(index), index));
    opModules[index] = ops.back().get();
  }
  for (const auto& child : tree.scopes)
    scopes.push_back(std::make_unique<ScScopeModule>(child->name.c_str(), *child, net, opModules));
}

ScScopeModule::ScScopeModule(sc_core::sc_module_name name, const ScopeTree& tree, Network& net,
                             std::vector<ScOpModule*>& opModules)
    : sc_core::sc_module(name) {
  children_.build(tree, net, opModules);
}

ScNetwork::ScNetwork(sc_core::sc_module_name name, Network& net)
    : sc_core::sc_module(name), clk("clk"), net_(net), tree_(buildScopeTree(net.circuit())),
      opModules_(net.circuit().numOps(), nullptr) {
  children_.build(*tree_, net_, opModules_);
  SC_HAS_PROCESS(ScNetwork);
  SC_METHOD(onRisingEdge);
  sensitive << clk.pos();
  // Only clock edges step the network; the initialization phase must not.
  dont_initialize();
}

void ScNetwork::onRisingEdge() {
  if (net_.tick()) sc_core::sc_pause();
}

InvocationResult ScNetwork::invoke(const Invocation& inv) {
  auto* clock = dynamic_cast<sc_core::sc_clock*>(clk.get_interface());
  if (!clock) {
    InvocationResult r;
    r.message = "the shell's clk is not bound to an sc_clock";
    return r;
  }
  if (auto bad = net_.begin(inv)) return *bad;
  if (!net_.settled()) {
    sc_core::sc_start();
    // sc_start(d) runs the events before now + d, so this runs no edge.
    sc_core::sc_start(clock->period());
  }
  return net_.finish();
}

} // namespace loom::sim
