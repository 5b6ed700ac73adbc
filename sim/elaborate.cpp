#include "sim/elaborate.h"

// The model factory must name every op of the table: a kind without a case fails to compile.
#pragma GCC diagnostic error "-Wswitch"

#include "eval/memref.h"
#include "models/all.h"

#include <map>
#include <type_traits>

namespace loom::sim {

namespace {

using dfg::NodeKind;
using models::TimingConfig;

int count(const std::vector<Type>& types) {
  return static_cast<int>(types.size());
}

// The element count of a statically shaped memref, or an error.
std::optional<std::string> staticSize(const Type& t, size_t& out) {
  if (!t.isMemRef() || !t.mem) return "memory type " + t.str() + " is not a ranked memref";
  uint64_t n = 1;
  for (int64_t d : t.mem->shape) {
    if (d == kDynamic || d < 0) return "memory type " + t.str() + " has a dynamic size";
    if (d && n > kMaxLiveElements / static_cast<uint64_t>(d))
      return "memory type " + t.str() + " has more than " + std::to_string(kMaxLiveElements) +
             " elements";
    n *= static_cast<uint64_t>(d);
  }
  out = n;
  return std::nullopt;
}

// Builds the op of one node into the network. Returns null and sets `error` when the
// node cannot be modelled.
class OpFactory {
public:
  OpFactory(Network& net, const TimingConfig& timing) : net_(net), timing_(timing) {}

  Model* create(const dfg::Node& n, std::string& error);

private:
  template <class T, class... Args> Model* add(Args&&... args) {
    return &net_.circuit().add<T>(std::forward<Args>(args)...);
  }
  template <class T> Model* fromArgs(const dfg::Node& n, std::string& error);
  Model* elaborated(const dfg::Node& n, std::string& error);
  Model* memory(const dfg::Node& n, models::MemoryKind kind, std::string& error);
  Model* compute(const dfg::Node& n, std::string& error);

  Network& net_;
  const TimingConfig& timing_;
};

Model* OpFactory::create(const dfg::Node& n, std::string& error) {
  switch (n.kind) {
    // clang-format off
#define LOOM_NODE(Kind, Class) case NodeKind::Kind: return fromArgs<models::Class>(n, error);
#define LOOM_NODE_ELABORATED(Kind) case NodeKind::Kind: return elaborated(n, error);
#include "ops/node_kinds.def"
    // clang-format on
  }
  error = "unknown node kind";
  return nullptr;
}

// A kind's model, built as its constructor asks: from the node's ModelArgs (a model
// with attributes), from its name alone, or from its name and the count of its row's
// variadic group (a fork's outputs, a mux's data inputs, a return's results). The node
// must have the ports its row asks for (a mux needs its select, a return its ctrl).
template <class T> Model* OpFactory::fromArgs(const dfg::Node& n, std::string& error) {
  const ops::OpSpec& row = ops::spec(n.kind);
  const ops::Shape shape = n.shape();
  for (bool input : {true, false}) {
    ops::PortCount want = ops::expectedPorts(row, shape, input);
    size_t have = input ? shape.inputs : shape.outputs;
    if (have < want.count || (!want.atLeast && have != want.count)) {
      error = std::string(row.name) + " needs " + (want.atLeast ? "at least " : "") +
              std::to_string(want.count) + (input ? " input(s)" : " output(s)") +
              ", the node has " + std::to_string(have);
      return nullptr;
    }
  }
  if constexpr (std::is_constructible_v<T, const models::ModelArgs&>) {
    models::ModelArgs a;
    a.name = n.name;
    a.outTypes = n.outTypes;
    a.stepOp = n.stepOp;
    a.contCond = n.contCond;
    a.constValue = n.constValue;
    a.bufferFifo = n.bufferFifo;
    a.bufferSlots = static_cast<int>(n.bufferSlots);
    a.bufferInit = n.bufferInit;
    return add<T>(a);
  } else if constexpr (std::is_constructible_v<T, std::string>) {
    return add<T>(n.name);
  } else {
    static_assert(std::is_constructible_v<T, std::string, int>,
                  "a model is built from ModelArgs, its name, or its name and a count");
    return add<T>(n.name, static_cast<int>(ops::variadicCount(row, shape)));
  }
}

// The kinds elaboration builds itself (ops/node_kinds.def).
Model* OpFactory::elaborated(const dfg::Node& n, std::string& error) {
  int outs = count(n.outTypes);
  switch (n.kind) {
  case NodeKind::Entry:
    if (outs < 1 || net_.entry()) {
      error = outs < 1 ? "an entry needs a ctrl output" : "a second entry node";
      return nullptr;
    }
    return &net_.setEntry(n.name, outs);
  case NodeKind::Memory: return memory(n, models::MemoryKind::Memory, error);
  case NodeKind::ExtMemory: return memory(n, models::MemoryKind::ExtMemory, error);
  case NodeKind::Compute: return compute(n, error);
  default:
    error =
        std::string(ops::kindName(n.kind)) + " is made by elaboration and cannot appear in a DFG";
    return nullptr;
  }
}

Model* OpFactory::memory(const dfg::Node& n, models::MemoryKind kind, std::string& error) {
  models::MemoryConfig config = models::memoryConfig(kind, static_cast<int>(n.numLoads),
                                                     static_cast<int>(n.numStores), timing_);
  if (kind == models::MemoryKind::ExtMemory) {
    if (n.argIndex < 0) {
      error = "extmemory without a function argument index";
      return nullptr;
    }
    return &net_.addExternalMemory(n.name, config, n.argIndex);
  }
  size_t size = 0;
  if (auto e = staticSize(n.memType, size)) {
    error = *e;
    return nullptr;
  }
  return &net_.addInternalMemory(n.name, config, size);
}

Model* OpFactory::compute(const dfg::Node& n, std::string& error) {
  auto cls = models::latencyClassOf(n.arith);
  if (!cls) {
    error = std::string(opName(n.arith)) + " is not a compute op";
    return nullptr;
  }
  if (n.inTypes.empty() || n.outTypes.size() != 1) {
    error = "a compute node needs operands and exactly one result";
    return nullptr;
  }
  return add<models::Compute>(n.name, n.arith, n.arithAttrs, n.operandType(), n.outTypes[0],
                              models::latencyOf(timing_, *cls));
}

// The model and the node must agree on the number of ports, or edges would bind to
// the wrong ports.
std::optional<std::string> checkPorts(const dfg::Node& n, const Model& op) {
  if (op.numInputs() == count(n.inTypes) && op.numOutputs() == count(n.outTypes))
    return std::nullopt;
  return "the node lists " + std::to_string(n.inTypes.size()) + " input(s) and " +
         std::to_string(n.outTypes.size()) + " output(s), its model has " +
         std::to_string(op.numInputs()) + " and " + std::to_string(op.numOutputs());
}

class Elaborator {
public:
  Elaborator(const dfg::Graph& g, const TimingConfig& timing, EngineKind engine)
      : g_(g), timing_(timing), net_(std::make_unique<Network>(timing, engine)) {}

  Elaboration run();

private:
  void createOps();
  void connectEdges();
  void checkFanOut();
  void attachReturn();

  const dfg::Graph& g_;
  const TimingConfig& timing_;
  std::unique_ptr<Network> net_;
  std::vector<Model*> opOf_;
  std::vector<std::string> errors_;
};

void Elaborator::createOps() {
  OpFactory factory(*net_, timing_);
  opOf_.assign(g_.numNodes(), nullptr);
  for (dfg::Vertex v = 0; v < g_.numNodes(); ++v) {
    const dfg::Node& n = g_.node(v);
    std::string error;
    Model* op = factory.create(n, error);
    if (op) {
      if (auto e = checkPorts(n, *op)) error = *e;
    }
    if (!error.empty()) {
      errors_.push_back(g_.describe(v) + ": " + error);
      continue;
    }
    opOf_[v] = op;
  }
}

void Elaborator::checkFanOut() {
  // One pass over each vertex's out-edges (a wide fork has thousands of ports).
  std::vector<size_t> fan;
  for (dfg::Vertex v = 0; v < g_.numNodes(); ++v) {
    fan.assign(g_.node(v).outTypes.size(), 0);
    for (dfg::EdgeId ch : g_.outEdges(v))
      if (g_.edge(ch).srcPort < fan.size()) ++fan[g_.edge(ch).srcPort];
    for (size_t p = 0; p < fan.size(); ++p)
      if (fan[p] > 1)
        errors_.push_back(g_.describe(v) + ": output " + std::to_string(p) + " feeds " +
                          std::to_string(fan[p]) + " channels (fan-out needs a handshake.fork)");
  }
}

void Elaborator::connectEdges() {
  for (dfg::EdgeId ch : g_.edges()) {
    dfg::Vertex from = g_.src(ch), to = g_.dst(ch);
    const dfg::Edge& e = g_.edge(ch);
    if (g_.node(from).kind == NodeKind::Return) {
      errors_.push_back("edge " + g_.describe(ch) +
                        ": a return output feeds the DFG; the host collects return outputs");
      continue;
    }
    if (!opOf_[from] || !opOf_[to]) continue; // already reported
    net_->circuit().connect(*opOf_[from], static_cast<int>(e.srcPort), *opOf_[to],
                            static_cast<int>(e.dstPort), e.type, static_cast<int>(e.capacity),
                            g_.describe(ch));
  }
}

void Elaborator::attachReturn() {
  const dfg::Node& r = g_.node(g_.ret);
  auto* ret = dynamic_cast<models::Return*>(opOf_[g_.ret]);
  if (r.kind != NodeKind::Return || !ret) {
    errors_.push_back("the graph's return vertex is not a handshake.return");
    return;
  }
  std::vector<Type> resultTypes(r.inTypes.begin(), r.inTypes.end() - 1);
  net_->attachReturn(*ret, resultTypes);
}

Elaboration Elaborator::run() {
  Elaboration out;
  if (g_.numNodes() == 0 || g_.node(g_.entry).kind != NodeKind::Entry) {
    out.errors.push_back("the graph has no entry node");
    return out;
  }
  createOps();
  checkFanOut();
  if (errors_.empty()) {
    connectEdges();
    attachReturn();
  }
  if (errors_.empty())
    for (std::string& e : net_->seal())
      errors_.push_back(std::move(e));
  out.errors = std::move(errors_);
  if (!out.errors.empty()) return out;
  for (Model* op : opOf_)
    out.opOfVertex.push_back(net_->circuit().indexOf(*op));
  out.network = std::move(net_);
  return out;
}

} // namespace

uint32_t Elaboration::channelOf(const dfg::Graph& g, dfg::EdgeId e) const {
  const Model& consumer = network->circuit().op(opOfVertex[g.dst(e)]);
  return network->circuit().indexOf(*consumer.inputChannel(static_cast<int>(g.edge(e).dstPort)));
}

Elaboration elaborate(const dfg::Graph& g, const models::TimingConfig& timing, EngineKind engine) {
  return Elaborator(g, timing, engine).run();
}

std::optional<std::string> applyChannelCapacities(const models::TimingConfig& timing,
                                                  const std::string& function, dfg::Graph& g) {
  if (!timing.channels) return std::nullopt;
  auto f = timing.channels->find(function);
  if (f == timing.channels->end()) return std::nullopt;
  std::map<std::string, dfg::EdgeId> byName;
  for (dfg::EdgeId e : g.edges())
    byName.emplace(g.describe(e), e);
  for (const auto& [name, slots] : f->second)
    if (!byName.count(name)) {
      std::string some;
      size_t n = 0;
      for (auto it = byName.begin(); it != byName.end() && n < 3; ++it, ++n)
        some += (n ? ", '" : "'") + it->first + "'";
      return "timing key 'channels': '@" + function + "' has no channel '" + name +
             "' (its network's channels are named like " + some + ")";
    }
  for (const auto& [name, slots] : f->second)
    g.edge(byName.at(name)).capacity = static_cast<unsigned>(slots);
  return std::nullopt;
}

} // namespace loom::sim
