#include "systemc/sc_names.h"

#include "models/memory.h"

#include <cctype>
#include <map>
#include <set>

namespace loom::systemc {

ops::Shape shapeOf(const models::Model& op) {
  ops::Shape s;
  s.inputs = static_cast<size_t>(op.numInputs());
  s.outputs = static_cast<size_t>(op.numOutputs());
  if (auto* m = dynamic_cast<const models::Memory*>(&op)) {
    s.numLoads = static_cast<unsigned>(m->config().numLoads);
    s.numStores = static_cast<unsigned>(m->config().numStores);
  }
  return s;
}

std::string scSafeName(const std::string& component) {
  std::string s;
  for (char c : component)
    s += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  return s.empty() ? "_" : s;
}

namespace {

// Builds a ScopeTree, keeping per node the raw component of each child scope and the
// sanitized names already taken (scopes, ops and channels share one namespace per
// parent).
class ScopeTreeBuilder {
public:
  ScopeTreeBuilder() : root_(std::make_unique<ScopeTree>()) {}

  // Returns the op's scope and its leaf name.
  std::pair<ScopeTree*, std::string> addOp(const std::string& path, uint32_t index) {
    ScopeTree* t = root_.get();
    size_t start = 0;
    for (size_t slash; (slash = path.find('/', start)) != std::string::npos; start = slash + 1)
      t = &scope(*t, path.substr(start, slash - start));
    std::string leaf = unique(*t, scSafeName(path.substr(start)));
    t->ops.emplace_back(leaf, index);
    return {t, leaf};
  }
  void addChannel(ScopeTree& t, const std::string& base, uint32_t index) {
    t.channels.emplace_back(unique(t, base), index);
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

std::unique_ptr<ScopeTree> buildScopeTree(const sim::Circuit& circuit) {
  ScopeTreeBuilder b;
  std::vector<std::pair<ScopeTree*, std::string>> placeOfOp;
  for (uint32_t i = 0; i < circuit.numOps(); ++i)
    placeOfOp.push_back(b.addOp(circuit.op(i).name(), i));
  // Channels after every op, so an op never has to yield its name to a channel.
  for (uint32_t c = 0; c < circuit.numChannels(); ++c) {
    const models::Channel& ch = circuit.channel(c);
    const models::Model& from = *ch.producer();
    auto [scope, leaf] = placeOfOp[circuit.indexOf(from)];
    std::string port = ops::portName(ops::spec(from.nodeKind()), shapeOf(from), false,
                                     static_cast<unsigned>(ch.producerPort()));
    b.addChannel(*scope, leaf + "__" + scSafeName(port), c);
  }
  return b.take();
}

} // namespace loom::systemc
