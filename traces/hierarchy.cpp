#include "traces/hierarchy.h"

#include <map>
#include <set>

namespace loom::traces {

std::string vcdName(std::string_view raw) {
  std::string s(raw);
  for (char& c : s) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) c = '_';
  }
  return s.empty() ? "_" : s;
}

namespace {

// Hands out names unique within one scope.
class NameSet {
public:
  // `raw` made VCD-safe; if taken, with `suffix`; then numbered.
  std::string take(std::string_view raw, const char* suffix = "") {
    std::string base = vcdName(raw), name = base;
    if (*suffix && taken_.count(name)) name = base += suffix;
    for (int k = 2; !taken_.insert(name).second; ++k)
      name = base + "_" + std::to_string(k);
    return name;
  }

private:
  std::set<std::string> taken_;
};

// The tree keyed by raw path components, before names are made VCD-safe.
struct RawScope {
  std::string raw;
  std::vector<size_t> children;
  std::map<std::string, size_t, std::less<>> byName;
  std::vector<std::pair<std::string, uint32_t>> ops; // leaf name, op index
};

class Builder {
public:
  explicit Builder(const TracedNetwork& n)
      : net_(n), circuit_(n.circuit()), vertexOfOp_(n.vertexOfOp()) {}

  ScopeNode build() {
    std::string top = net_.function.empty() ? std::string("network") : net_.function;
    raw_.push_back(RawScope{top, {}, {}, {}});
    for (uint32_t i = 0; i < circuit_.numOps(); ++i)
      place(i, relativePath(circuit_.op(i).name(), top));
    NameSet none;
    return finish(0, none);
  }

private:
  static std::string_view relativePath(std::string_view name, std::string_view top) {
    if (name.size() > top.size() && name.substr(0, top.size()) == top && name[top.size()] == '/')
      return name.substr(top.size() + 1);
    return name;
  }

  void place(uint32_t op, std::string_view path) {
    size_t scope = 0;
    for (size_t slash; (slash = path.find('/')) != std::string_view::npos;) {
      scope = child(scope, path.substr(0, slash));
      path.remove_prefix(slash + 1);
    }
    raw_[scope].ops.emplace_back(std::string(path), op);
  }

  size_t child(size_t parent, std::string_view name) {
    auto it = raw_[parent].byName.find(name);
    if (it != raw_[parent].byName.end()) return it->second;
    raw_.push_back(RawScope{std::string(name), {}, {}, {}});
    size_t c = raw_.size() - 1;
    raw_[parent].children.push_back(c);
    raw_[parent].byName.emplace(std::string(name), c);
    return c;
  }

  // Region scopes take their names before the ops of the same scope.
  ScopeNode finish(size_t index, NameSet& siblings) {
    ScopeNode out;
    out.name = siblings.take(raw_[index].raw);
    NameSet inside;
    for (size_t c : raw_[index].children)
      out.scopes.push_back(finish(c, inside));
    for (const auto& [leaf, op] : raw_[index].ops)
      out.ops.push_back(opNode(leaf, op, inside));
    return out;
  }

  OpNode opNode(const std::string& leaf, uint32_t index, NameSet& siblings) const {
    const models::Model& op = circuit_.op(index);
    OpNode out{siblings.take(leaf), index, {}, {}};
    if (uint32_t v = vertexOfOp_[index]; v != kNoVertex) {
      const dfg::Origin& o = net_.graph->node(v).origin;
      if (o.loc.line)
        out.source = (o.op ? std::string(o.op->name()) + " at " : std::string()) + o.loc.where();
    }
    NameSet ports;
    for (int p = 0; p < op.numInputs(); ++p)
      if (const models::Channel* ch = op.inputChannel(p))
        out.ports.push_back({ports.take(portName(index, true, p)), circuit_.indexOf(*ch), true});
    for (int p = 0; p < op.numOutputs(); ++p)
      if (const models::Channel* ch = op.outputChannel(p))
        out.ports.push_back(
            {ports.take(portName(index, false, p), "_out"), circuit_.indexOf(*ch), false});
    return out;
  }

  std::string portName(uint32_t op, bool input, int port) const {
    uint32_t v = vertexOfOp_[op];
    if (v != kNoVertex) return net_.graph->node(v).portName(input, static_cast<unsigned>(port));
    return (input ? "in" : "out") + std::to_string(port);
  }

  const TracedNetwork& net_;
  const sim::Circuit& circuit_;
  std::vector<uint32_t> vertexOfOp_;
  std::vector<RawScope> raw_;
};

} // namespace

ScopeNode buildHierarchy(const TracedNetwork& n) {
  return Builder(n).build();
}

namespace {

void collectPaths(const ScopeNode& s, const std::string& prefix, WavePaths& out) {
  const std::string here = prefix.empty() ? s.name : prefix + "." + s.name;
  for (const ScopeNode& child : s.scopes)
    collectPaths(child, here, out);
  for (const OpNode& op : s.ops) {
    if (op.op >= out.op.size()) continue;
    const std::string path = here + "." + op.name;
    out.op[op.op] = path;
    for (const PortNode& port : op.ports) {
      if (port.channel >= out.channel.size()) continue;
      if (port.input || out.channel[port.channel].empty())
        out.channel[port.channel] = path + "." + port.name;
      if (!port.input) out.output[port.channel] = path + "." + port.name;
    }
  }
}

} // namespace

WavePaths WavePaths::of(const ScopeNode& tree, size_t ops, size_t channels) {
  WavePaths out;
  out.op.resize(ops);
  out.channel.resize(channels);
  out.output.resize(channels);
  collectPaths(tree, "", out);
  return out;
}

} // namespace loom::traces
