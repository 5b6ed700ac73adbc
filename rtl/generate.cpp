#include "rtl/generate.h"

// Every parameter of the op table has its value here: a missing one fails to compile.
#pragma GCC diagnostic error "-Wswitch"

#include "sim/elaborate.h"
#include "support/numbers.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace loom::rtl {

namespace {

using dfg::NodeKind;

// A name made an SV identifier: '/' (the hierarchy) becomes "__", anything else that is
// not a letter, digit or '_' becomes '_'.
std::string identifier(const std::string& s) {
  std::string id;
  for (char c : s) {
    if (c == '/')
      id += "__";
    else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_')
      id += c;
    else
      id += '_';
  }
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = "n_" + id;
  // DFG names are op names ("fork", "return", "join"): SystemVerilog keywords get a suffix.
  static const std::set<std::string> keywords = {
      "always", "and",      "assign",  "begin", "break",    "buf",    "case",    "cast",
      "const",  "continue", "default", "do",    "else",     "end",    "enum",    "final",
      "for",    "force",    "forever", "fork",  "function", "if",     "initial", "inout",
      "input",  "int",      "join",    "logic", "module",   "nand",   "nor",     "not",
      "or",     "output",   "package", "reg",   "release",  "repeat", "return",  "signed",
      "struct", "task",     "type",    "union", "unique",   "var",    "void",    "wait",
      "while",  "wire",     "xor",     "xnor",  "bit",      "byte",   "string",  "table"};
  if (keywords.count(id)) id += "_op";
  return id;
}

// Bits of a channel's data wires: a none token still gets one (tied to 0).
unsigned bits(const Type& t) {
  return std::max(1u, t.width);
}

// A channel as the token log numbers it: its wires' prefix in the top, and the name and
// type the log's channel table prints.
struct Probe {
  std::string wires;
  std::string name;
  Type type;
};

// One side of a channel as an op's port sees it.
struct Wires {
  std::string handshake; // valid (input) or ready (output)
  std::string data;      // head (input) or push_data (output)
  std::string action;    // pop (input) or push (output)
  unsigned width = 1;
};

std::vector<std::string> instanceNames(const dfg::Graph& g);

class TopWriter {
public:
  TopWriter(const dfg::Graph& g, const RtlOptions& options)
      : g_(g), timing_(options.timing), extWords_(options.extWords),
        extWordsAlways_(options.extWordsAlways), probes_(options.probes),
        activity_(options.activity), instances_(instanceNames(g)) {}
  std::optional<std::string> write(std::string& out);
  // The channels in the token log's order: elaboration numbers them (sim/elaborate.h),
  // so the twin's log and the engines' cannot disagree on a number or a name.
  std::optional<std::string> probeOrder(std::vector<Probe>& out);

private:
  std::string instanceName(dfg::Vertex v) const;
  void nameChannels();
  void declareChannels();
  void writePorts();
  std::optional<std::string> writeProbes();
  void writeActivity();
  std::optional<std::string> writeNode(dfg::Vertex v);
  std::optional<std::string> moduleOf(const dfg::Node& n, std::string& module,
                                      std::string& params) const;
  std::optional<std::string> paramValue(const dfg::Node& n, const ops::RtlParam& p,
                                        std::string& out) const;
  std::optional<std::string> memoryWords(const dfg::Node& n, uint64_t& words) const;
  std::string memoryExtras(const dfg::Node& n, const std::string& inst);
  bool hasDataPin(const dfg::Node& n, bool input, unsigned port) const;
  Wires in(dfg::Vertex v, unsigned port) const;
  Wires out(dfg::Vertex v, unsigned port) const;

  const dfg::Graph& g_;
  const models::TimingConfig& timing_;
  uint64_t extWords_;
  bool extWordsAlways_;
  bool probes_;
  bool activity_;
  std::vector<std::string> instances_;         // node -> instance name
  std::map<dfg::EdgeId, std::string> channel_; // edge -> channel name
  std::vector<std::string> retChannels_;       // the return's outputs, by port
  std::vector<std::string> unused_;            // wires only a lint sink reads
  std::ostringstream body_, ports_;
};

// Every node's instance name: its DFG name without the function's own prefix (it says
// nothing inside the top), made an identifier. Two names can make one identifier
// ("addi.s.1" and "addi.s_1", two legal SSA names; any names in a --dfg file): the later
// node gets '_' appended until its name is free, so a top never declares one twice.
std::vector<std::string> instanceNames(const dfg::Graph& g) {
  std::vector<std::string> names(g.numNodes());
  std::set<std::string> used;
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v) {
    std::string name = g.node(v).name;
    if (name.rfind(g.function + "/", 0) == 0) name = name.substr(g.function.size() + 1);
    name = identifier(name);
    while (!used.insert(name).second)
      name += "_";
    names[v] = name;
  }
  return names;
}

std::string TopWriter::instanceName(dfg::Vertex v) const {
  return instances_[v];
}

void TopWriter::nameChannels() {
  std::set<std::string> used;
  for (dfg::EdgeId ch : g_.edges()) {
    dfg::Vertex from = g_.src(ch);
    std::string name =
        instanceName(from) + "__" + identifier(g_.node(from).portName(false, g_.edge(ch).srcPort));
    while (!used.insert(name).second)
      name += "_";
    channel_[ch] = name;
  }
  const dfg::Node& r = g_.node(g_.ret);
  for (unsigned p = 0; p < r.outTypes.size(); ++p)
    retChannels_.push_back("ret_" + identifier(r.portName(false, p)));
}

// One loom_fifo: `<name>_push`, `_push_data`, `_ready` on the producer side, `_valid`,
// `_head`, `_pop` on the consumer side (ports of the top when `consumerIsPort`).
void declareFifo(std::ostream& os, const std::string& name, unsigned width, unsigned capacity,
                 bool consumerIsPort = false) {
  os << "  logic " << name << "_push, " << name << "_ready;\n";
  os << "  logic [" << width - 1 << ":0] " << name << "_push_data;\n";
  if (!consumerIsPort) {
    os << "  logic " << name << "_valid, " << name << "_pop;\n";
    os << "  logic [" << width - 1 << ":0] " << name << "_head;\n";
  }
  os << "  loom_fifo #(.W(" << width << "), .C(" << capacity << ")) " << name
     << " (.clk, .rst, .push(" << name << "_push), .push_data(" << name << "_push_data), .ready("
     << name << "_ready), .valid(" << name << "_valid), .head(" << name << "_head), .pop(" << name
     << "_pop));\n";
}

void TopWriter::declareChannels() {
  body_ << "  // --- Channels (loom_fifo: a push in t is visible in t + 1) ---\n";
  for (dfg::EdgeId ch : g_.edges()) {
    const dfg::Edge& e = g_.edge(ch);
    unsigned cap = e.capacity ? e.capacity : static_cast<unsigned>(timing_.channelCapacity);
    declareFifo(body_, channel_[ch], bits(e.type), cap);
  }
  const dfg::Node& r = g_.node(g_.ret);
  for (unsigned p = 0; p < retChannels_.size(); ++p)
    declareFifo(body_, retChannels_[p], bits(r.outTypes[p]),
                static_cast<unsigned>(timing_.channelCapacity), true);
}

// The host's side: it pushes into the entry's channels and pops the return's.
void TopWriter::writePorts() {
  ports_ << "    input  logic clk,\n    input  logic rst";
  const dfg::Node& entry = g_.node(g_.entry);
  for (unsigned p = 0; p < entry.outTypes.size(); ++p) {
    std::string port = "entry_" + identifier(entry.portName(false, p));
    std::vector<dfg::EdgeId> es = g_.outEdges(g_.entry, p);
    ports_ << ",\n    input  logic " << port << "_push,\n    input  logic ["
           << bits(entry.outTypes[p]) - 1 << ":0] " << port << "_data,\n    output logic " << port
           << "_ready";
    if (es.empty()) {
      body_ << "  assign " << port << "_ready = 1'b0;\n";
      unused_.push_back(port + "_push");
      unused_.push_back(port + "_data");
      continue;
    }
    const std::string& ch = channel_[es[0]];
    body_ << "  assign " << ch << "_push = " << port << "_push;\n  assign " << ch
          << "_push_data = " << port << "_data;\n  assign " << port << "_ready = " << ch
          << "_ready;\n";
  }
  const dfg::Node& r = g_.node(g_.ret);
  for (unsigned p = 0; p < retChannels_.size(); ++p) {
    const std::string& ch = retChannels_[p];
    ports_ << ",\n    output logic " << ch << "_valid,\n    output logic ["
           << bits(r.outTypes[p]) - 1 << ":0] " << ch << "_head,\n    input  logic " << ch
           << "_pop";
  }
}

bool TopWriter::hasDataPin(const dfg::Node& n, bool input, unsigned port) const {
  if (n.kind == NodeKind::Join && input) return false;
  const ops::PortSpec* spec = nullptr;
  unsigned rep = 0;
  if (!ops::portSpec(ops::spec(n.kind), n.shape(), input, port, spec, rep)) return true;
  // A port the op table types `none` has no data pin; a Return's lanes all do (loom_sync).
  return n.kind == NodeKind::Return || !spec->ctrl();
}

Wires TopWriter::in(dfg::Vertex v, unsigned port) const {
  dfg::EdgeId e;
  if (!g_.inEdge(v, port, e)) return {};
  const std::string& ch = channel_.at(e);
  return {ch + "_valid", ch + "_head", ch + "_pop", bits(g_.edge(e).type)};
}

Wires TopWriter::out(dfg::Vertex v, unsigned port) const {
  if (v == g_.ret) {
    const std::string& ch = retChannels_[port];
    return {ch + "_ready", ch + "_push_data", ch + "_push", bits(g_.node(v).outTypes[port])};
  }
  std::vector<dfg::EdgeId> es = g_.outEdges(v, port);
  if (es.empty()) return {};
  const std::string& ch = channel_.at(es[0]);
  return {ch + "_ready", ch + "_push_data", ch + "_push", bits(g_.edge(es[0]).type)};
}

unsigned maxWidth(const std::vector<Type>& types) {
  unsigned w = 1;
  for (const Type& t : types)
    w = std::max(w, bits(t));
  return w;
}

std::string num(uint64_t v) {
  return std::to_string(v);
}

// The words of a static memref shape (0: a dynamic one; at least 1), at most
// kMaxTwinWords + 1 (more is refused anyway, and the product must not wrap).
uint64_t staticWords(const Type& t) {
  if (!t.isMemRef() || !t.mem) return 0;
  uint64_t n = 1;
  for (int64_t d : t.mem->shape) {
    if (d < 0) return 0;
    n = std::min(n * std::min<uint64_t>(static_cast<uint64_t>(d), kMaxTwinWords + 1),
                 kMaxTwinWords + 1);
  }
  return std::max<uint64_t>(n, 1); // memref<0xi32>: an array of one word nothing reaches
}

// The words of a memory's array, or why the library cannot build it.
std::optional<std::string> TopWriter::memoryWords(const dfg::Node& n, uint64_t& words) const {
  words = staticWords(n.memType);
  if (n.kind == NodeKind::ExtMemory && (words == 0 || extWordsAlways_)) words = extWords_;
  if (words == 0)
    return "the RTL twin needs a static memref shape, not " + n.memType.str() +
           " (for an argument: --ext-words N)";
  if (words > kMaxTwinWords)
    return "the RTL twin's memory is at most " + withCommas(kMaxTwinWords) + " words deep; " +
           n.memType.str() + " needs more";
  if (timing_.loadsPerCycle != 1 || timing_.storesPerCycle != 1)
    return "the RTL memory issues one load and one store per cycle (timing file)";
  return std::nullopt;
}

// `W'h<hex>`
std::string hexLiteral(unsigned width, Bits value) {
  char hex[24];
  std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(value));
  return num(width) + "'h" + hex;
}

// A buffer's initial tokens as one packed value, slot i at [i*W +: W].
std::string bufferInitValues(const dfg::Node& n) {
  unsigned width = bits(n.outTypes.at(0)), slots = std::max(1u, n.bufferSlots);
  size_t init = std::min<size_t>(n.bufferInit.size(), slots);
  std::string values = "{";
  for (size_t i = slots; i-- > 0;)
    values += hexLiteral(width, i < init ? n.bufferInit[i] : 0) + (i ? ", " : "}");
  return values;
}

// Which of the row's modules builds `n`: loom_fcompute (evalArith through DPI-C, for
// simulation only) for floats and the compute ops loom_compute lacks.
size_t moduleVariant(const dfg::Node& n) {
  if (n.kind != NodeKind::Compute) return 0;
  const ComputeSpec* spec = computeSpec(n.arith);
  bool floats =
      std::any_of(n.inTypes.begin(), n.inTypes.end(), [](const Type& t) { return t.isFloat(); }) ||
      n.outTypes.at(0).isFloat();
  bool library = spec && spec->rtl == RtlCompute::Library;
  return library && (!floats || spec->category == ComputeCategory::Select) ? 0 : 1;
}

std::optional<std::string> TopWriter::paramValue(const dfg::Node& n, const ops::RtlParam& p,
                                                 std::string& out) const {
  auto width = [](const std::vector<Type>& ts, size_t i) {
    return num(i < ts.size() ? bits(ts[i]) : 1);
  };
  auto typeCode = [](const Type& t) { return num((static_cast<unsigned>(t.kind) << 8) | t.width); };
  auto latency = [&] {
    auto cls = models::latencyClassOf(n.arith);
    return num(cls ? models::latencyOf(timing_, *cls) : 1);
  };
  uint64_t words = 0;
  switch (p.value) {
  case ops::RtlValue::InWidth: out = width(n.inTypes, p.port); break;
  case ops::RtlValue::OutWidth: out = width(n.outTypes, p.port); break;
  case ops::RtlValue::LaneWidth: out = num(maxWidth(n.inTypes)); break;
  case ops::RtlValue::Inputs: out = num(n.inTypes.size()); break;
  case ops::RtlValue::Outputs: out = num(n.outTypes.size()); break;
  case ops::RtlValue::DataInputs: out = num(n.inTypes.size() - 1); break;
  case ops::RtlValue::StepOp: out = num(static_cast<int>(n.stepOp)); break;
  case ops::RtlValue::ContCond: out = num(static_cast<int>(n.contCond)); break;
  case ops::RtlValue::ConstValue: out = hexLiteral(bits(n.outTypes.at(0)), n.constValue); break;
  case ops::RtlValue::Slots: out = num(std::max(1u, n.bufferSlots)); break;
  case ops::RtlValue::BufferFifo: out = num(n.bufferFifo ? 1 : 0); break;
  case ops::RtlValue::InitCount:
    out = num(std::min<size_t>(n.bufferInit.size(), std::max(1u, n.bufferSlots)));
    break;
  case ops::RtlValue::InitValues: out = bufferInitValues(n); break;
  case ops::RtlValue::ElemWidth:
    if (auto err = memoryWords(n, words)) return err;
    out = num(bits(n.memType.mem->elem));
    break;
  case ops::RtlValue::AddrWidth: // addresses are index values
    out = num(n.inTypes.empty() ? 64 : bits(n.inTypes.back()));
    break;
  case ops::RtlValue::NumStores: out = num(n.numStores); break;
  case ops::RtlValue::NumLoads: out = num(n.numLoads); break;
  case ops::RtlValue::MemLatency:
    out = num(n.kind == NodeKind::ExtMemory ? timing_.extmemoryLatency : timing_.memoryLatency);
    break;
  case ops::RtlValue::MemWords:
    if (auto err = memoryWords(n, words)) return err;
    out = num(words);
    break;
  case ops::RtlValue::ArithName: {
    std::string op(opName(n.arith));
    out = "\"" + op.substr(op.find('.') + 1) + "\"";
    break;
  }
  case ops::RtlValue::ArithNumber: out = num(static_cast<int>(n.arith)); break;
  case ops::RtlValue::OperandWidth: out = num(bits(n.operandType())); break;
  case ops::RtlValue::OperandType: out = typeCode(n.operandType()); break;
  case ops::RtlValue::ResultType: out = typeCode(n.outTypes.at(0)); break;
  case ops::RtlValue::Latency: out = latency(); break;
  case ops::RtlValue::CmpIPredicate: out = num(static_cast<int>(n.arithAttrs.cmpi)); break;
  case ops::RtlValue::CmpFPredicate: out = num(static_cast<int>(n.arithAttrs.cmpf)); break;
  }
  return std::nullopt;
}

// The op table's module for `n` and its parameters, `.NAME(value), ...`.
std::optional<std::string> TopWriter::moduleOf(const dfg::Node& n, std::string& module,
                                               std::string& params) const {
  const ops::RtlSpec& rtl = ops::spec(n.kind).rtl;
  if (rtl.modules.empty()) return std::string("no module of the RTL library builds it");
  const ops::RtlModule& m = rtl.modules.at(moduleVariant(n));
  module = m.name;
  params.clear();
  for (const ops::RtlParam& p : m.params) {
    std::string value;
    if (auto err = paramValue(n, p, value)) return err;
    params += (params.empty() ? "." : ", .") + std::string(p.name) + "(" + value + ")";
  }
  return std::nullopt;
}

// `{x_{N-1}, ..., x_0}` of a variadic group.
std::string concat(const std::vector<std::string>& xs) {
  std::string s = "{";
  for (size_t i = xs.size(); i-- > 0;)
    s += xs[i] + (i ? ", " : "}");
  return s;
}

std::optional<std::string> TopWriter::writeNode(dfg::Vertex v) {
  const dfg::Node& n = g_.node(v);
  std::string module, params;
  if (auto err = moduleOf(n, module, params)) return g_.describe(v) + ": " + *err;
  std::string inst = instanceName(v);
  const ops::OpSpec& spec = ops::spec(n.kind);
  // Pins by base name, in port order: a variadic group ("in%u") is one packed vector.
  struct Pin {
    bool input, variadic, data;
    std::vector<Wires> wires;
  };
  std::vector<std::pair<std::string, Pin>> pins;
  for (bool input : {true, false}) {
    size_t count = input ? n.inTypes.size() : n.outTypes.size();
    for (unsigned p = 0; p < count; ++p) {
      const ops::PortSpec* ps = nullptr;
      unsigned rep = 0;
      if (!ops::portSpec(spec, n.shape(), input, p, ps, rep))
        return g_.describe(v) + ": port " + std::to_string(p) + " is not in the op table";
      // "in%u" -> in, "st%u.data" -> st_data: one packed vector per group.
      std::string base = ps->name;
      bool variadic = base.find("%u") != std::string::npos;
      if (variadic) base.erase(base.find("%u"), 2);
      std::replace(base.begin(), base.end(), '.', '_');
      if (n.kind == NodeKind::Compute && !input) variadic = false, base = "out0"; // loom_compute
      if (n.kind == NodeKind::Return) variadic = true, base = input ? "in" : "out";
      Wires w = input ? in(v, p) : out(v, p);
      if (w.action.empty())
        return g_.describe(v) + ": " + (input ? "input " : "output ") + n.portName(input, p) +
               " has no channel";
      auto it = std::find_if(pins.begin(), pins.end(), [&](auto& x) { return x.first == base; });
      if (it == pins.end()) {
        pins.push_back({base, {input, variadic, hasDataPin(n, input, p), {}}});
        it = pins.end() - 1;
      }
      it->second.wires.push_back(w);
    }
  }
  body_ << "\n  // " << g_.describe(v) << "\n";
  // Lanes of loom_sync (and a return) and compute operands are padded to one width.
  unsigned padTo = 0;
  if (n.kind == NodeKind::Sync || n.kind == NodeKind::Return) padTo = maxWidth(n.inTypes);
  if (n.kind == NodeKind::Compute)
    padTo = module == "loom_fcompute" // operands of mixed widths (fpowi: f16 and i32)
                ? maxWidth(n.inTypes)
                : bits(n.operandType());
  std::ostringstream conn;
  for (auto& [base, pin] : pins) {
    std::vector<std::string> hs, ds, as;
    for (const Wires& w : pin.wires) {
      hs.push_back(w.handshake);
      as.push_back(w.action);
      std::string d = w.data;
      bool padded = pin.input || n.kind != NodeKind::Compute; // a compute result is WO wide
      if (pin.data && padTo && w.width != padTo && padded) {
        if (pin.input)
          d = std::to_string(padTo) + "'(" + w.data + ")";
        else {
          // A narrower output lane: the module drives a padded wire, the channel its bits.
          std::string wide = inst + "__" + base + std::to_string(ds.size()) + "_wide";
          body_ << "  logic [" << padTo - 1 << ":0] " << wide << ";\n  assign " << w.data << " = "
                << wide << "[" << w.width - 1 << ":0];\n";
          unused_.push_back(wide);
          d = wide;
        }
      }
      if (!pin.data)
        (pin.input ? unused_.push_back(w.data)
                   : void(body_ << "  assign " << w.data << " = '0;\n"));
      ds.push_back(d);
    }
    auto join = [&](const std::vector<std::string>& xs) {
      return pin.variadic ? concat(xs) : xs[0];
    };
    conn << ",\n      ." << base << (pin.input ? "_valid(" : "_ready(") << join(hs) << ")";
    if (pin.data)
      conn << ",\n      ." << base << (pin.input ? "_data(" : "_data(") << join(ds) << ")";
    conn << ",\n      ." << base << (pin.input ? "_pop(" : "_push(") << join(as) << ")";
  }
  // The dataflow state machines show their phase (for waveforms; nothing reads it).
  if (spec.family == ops::Family::Dataflow) {
    body_ << "  logic [" << (spec.phases.size() > 2 ? 1 : 0) << ":0] " << inst << "__phase;\n";
    conn << ",\n      .phase(" << inst << "__phase)";
    unused_.push_back(inst + "__phase");
  }
  if (n.kind == NodeKind::Memory || n.kind == NodeKind::ExtMemory) conn << memoryExtras(n, inst);
  body_ << "  " << module << (params.empty() ? "" : " #(" + params + ")") << " " << inst
        << " (\n      .clk,\n      .rst" << conn.str() << ");\n";
  return std::nullopt;
}

// A memory's pins beyond its DFG ports: an absent store or load group (tied off: the
// module keeps one port of each), and the host port, which is the top's for an
// extmemory (the host's buffer goes in and comes out there) and idle for a memory.
std::string TopWriter::memoryExtras(const dfg::Node& n, const std::string& inst) {
  std::ostringstream c;
  auto dummy = [&](const std::string& name, unsigned width) {
    std::string w = inst + "__" + name;
    body_ << "  logic [" << width - 1 << ":0] " << w << ";\n";
    unused_.push_back(w);
    return w;
  };
  unsigned width = bits(n.memType.mem->elem);
  if (n.numStores == 0)
    c << ",\n      .st_data_valid(1'b0), .st_data_data('0), .st_data_pop("
      << dummy("st_data_pop", 1)
      << "),\n      .st_addr_valid(1'b0), .st_addr_data('0), .st_addr_pop("
      << dummy("st_addr_pop", 1) << "),\n      .st_done_ready(1'b0), .st_done_push("
      << dummy("st_done_push", 1) << ")";
  if (n.numLoads == 0)
    c << ",\n      .ld_addr_valid(1'b0), .ld_addr_data('0), .ld_addr_pop("
      << dummy("ld_addr_pop", 1) << "),\n      .ld_data_ready(1'b0), .ld_data_push("
      << dummy("ld_data_push", 1) << "), .ld_data_data(" << dummy("ld_data_data", width)
      << "),\n      .ld_done_ready(1'b0), .ld_done_push(" << dummy("ld_done_push", 1) << ")";
  if (n.kind == NodeKind::ExtMemory) {
    std::string p = inst + "_host";
    unsigned addrBits = n.inTypes.empty() ? 64 : bits(n.inTypes.back());
    ports_ << ",\n    input  logic " << p << "_we,\n    input  logic [" << addrBits - 1 << ":0] "
           << p << "_addr,\n    input  logic [" << width - 1 << ":0] " << p
           << "_wdata,\n    output logic [" << width - 1 << ":0] " << p << "_rdata";
    c << ",\n      .host_we(" << p << "_we), .host_addr(" << p << "_addr), .host_wdata(" << p
      << "_wdata), .host_rdata(" << p << "_rdata)";
  } else {
    c << ",\n      .host_we(1'b0), .host_addr('0), .host_wdata('0), .host_rdata("
      << dummy("host_rdata", width) << ")";
  }
  return c.str();
}

std::optional<std::string> TopWriter::probeOrder(std::vector<Probe>& out) {
  if (channel_.empty() && retChannels_.empty()) nameChannels();
  sim::Elaboration elab = sim::elaborate(g_, timing_);
  if (!elab.ok())
    return "cannot number the channels: " + (elab.errors.empty() ? "" : elab.errors[0]);
  const sim::Circuit& c = elab.network->circuit();
  out.assign(c.numChannels(), Probe{});
  for (dfg::EdgeId ch : g_.edges())
    out[elab.channelOf(g_, ch)].wires = channel_[ch];
  const models::Model& ret = c.op(elab.opOfVertex[g_.ret]);
  for (unsigned p = 0; p < retChannels_.size(); ++p)
    out[c.indexOf(*ret.outputChannel(static_cast<int>(p)))].wires = retChannels_[p];
  for (uint32_t i = 0; i < c.numChannels(); ++i) {
    if (out[i].wires.empty()) return "channel " + c.channel(i).name() + " has no wires in the top";
    out[i].name = c.channel(i).name();
    out[i].type = c.channel(i).type();
  }
  return std::nullopt;
}

// The producer side of every channel, in the token log's order, for a testbench.
std::optional<std::string> TopWriter::writeProbes() {
  std::vector<Probe> probes;
  if (auto err = probeOrder(probes)) return err;
  std::vector<std::string> channels;
  for (const Probe& p : probes)
    channels.push_back(p.wires);
  // Words of 64 channels for push and pop, a port per channel for data: one wide
  // vector of every channel's data is rebuilt by concatenation on every evaluation, which
  // made the Verilated model some 50 times slower.
  size_t n = channels.size();
  for (size_t w = 0; w * 64 < n; ++w) {
    size_t bits = std::min<size_t>(64, n - w * 64);
    ports_ << ",\n    output logic [" << bits - 1 << ":0] probe_push_" << w
           << ",\n    output logic [" << bits - 1 << ":0] probe_pop_" << w;
  }
  for (size_t k = 0; k < n; ++k)
    ports_ << ",\n    output logic [63:0] probe_data_" << k;
  body_
      << "\n  // --- Probes: each channel's producer side and pop, in the token log's order ---\n";
  for (size_t k = 0; k < n; ++k)
    body_ << "  assign probe_push_" << k / 64 << "[" << k % 64 << "] = " << channels[k]
          << "_push;\n  assign probe_pop_" << k / 64 << "[" << k % 64 << "] = " << channels[k]
          << "_pop;\n  assign probe_data_" << k << " = 64'(" << channels[k] << "_push_data);\n";
  return std::nullopt;
}

// `active`: any channel's push or pop, the entry's and the return's included.
void TopWriter::writeActivity() {
  std::vector<std::string> handshakes;
  for (dfg::EdgeId ch : g_.edges())
    handshakes.push_back(channel_[ch] + "_push"), handshakes.push_back(channel_[ch] + "_pop");
  for (const std::string& ch : retChannels_)
    handshakes.push_back(ch + "_push"), handshakes.push_back(ch + "_pop");
  ports_ << ",\n    output logic active";
  body_ << "\n  // --- Activity: a token moves in this cycle ---\n  assign active = "
        << (handshakes.empty() ? "1'b0" : "|" + concat(handshakes)) << ";\n";
}

std::optional<std::string> TopWriter::write(std::string& out) {
  nameChannels();
  declareChannels();
  writePorts();
  if (probes_)
    if (auto err = writeProbes()) return err;
  if (activity_) writeActivity();
  for (dfg::Vertex v = 0; v < g_.numNodes(); ++v)
    if (v != g_.entry)
      if (auto err = writeNode(v)) return err;
  std::ostringstream os;
  os << "// Generated by loom-sim rtl: the network of @" << g_.function
     << " (docs/rtl.md). Do not edit.\n";
  os << "module " << topModuleName(g_) << " (\n" << ports_.str() << "\n);\n" << body_.str();
  if (!unused_.empty()) os << "\n  logic unused;\n  assign unused = ^" << concat(unused_) << ";\n";
  os << "endmodule\n";
  out = os.str();
  return std::nullopt;
}

// A C++ string literal of `s`.
std::string quoted(const std::string& s) {
  std::string q = "\"";
  for (char c : s)
    q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

// The channel table (the token log's "# channel" lines and each type's width) and the
// probes' accessors.
std::optional<std::string> probeBinding(const dfg::Graph& g, const RtlOptions& options,
                                        std::ostream& os) {
  std::vector<Probe> probes;
  if (auto err = TopWriter(g, options).probeOrder(probes)) return err;
  std::vector<std::pair<std::string, Type>> channels;
  for (const Probe& p : probes)
    channels.push_back({p.name, p.type});
  os << "constexpr int kChannels = " << channels.size() << ";\n";
  os << "// {type as the token log prints it, name, width in bits (0: none)}\n";
  os << "struct LoomChannel {\n  const char* type;\n  const char* name;\n  unsigned width;\n};\n";
  os << "inline const LoomChannel kChannelTable[kChannels] = {\n";
  for (auto& [name, type] : channels)
    os << "    {" << quoted(type.str()) << ", " << quoted(name) << ", "
       << (type.isNone() ? 0 : type.width) << "},\n";
  os << "};\n\n";
  // The probes: channel k is bit k % 64 of probe_push_<k / 64> and probe_pop_<k / 64>,
  // its data probe_data_<k>.
  size_t words = (channels.size() + 63) / 64;
  os << "constexpr int kProbeWords = " << words << ";\n";
  for (const char* what : {"Push", "Pop"}) {
    std::string port = what == std::string("Push") ? "probe_push_" : "probe_pop_";
    os << "inline uint64_t probe" << what << "Word(const LoomTop& t, int w) {\n  switch (w) {\n";
    for (size_t w = 0; w < words; ++w)
      os << "  case " << w << ": return t." << port << w << ";\n";
    os << "  }\n  return 0;\n}\n";
    os << "inline bool probe" << what << "(const LoomTop& t, int k) {\n  return (probe" << what
       << "Word(t, k / 64) >> (k % 64)) & 1;\n}\n";
  }
  os << "inline uint64_t probeData(const LoomTop& t, int k) {\n  switch (k) {\n";
  for (size_t k = 0; k < channels.size(); ++k)
    os << "  case " << k << ": return t.probe_data_" << k << ";\n";
  os << "  }\n  return 0;\n}\n";
  return std::nullopt;
}

} // namespace

std::optional<std::string> testbenchBinding(const dfg::Graph& g, const RtlOptions& options,
                                            std::string& out) {
  std::string top = topModuleName(g);
  std::ostringstream os;
  os << "// Generated by loom-sim" << (options.probes ? " rtl --probes" : "") << " for " << top
     << " (docs/rtl.md). Do not edit.\n";
  os << "#pragma once\n#include \"V" << top << ".h\"\n#include <cstdint>\n\n";
  os << "using LoomTop = V" << top << ";\n\n";
  if (options.probes)
    if (auto err = probeBinding(g, options, os)) return err;
  if (options.activity)
    os << "// Whether a token moves in this cycle (after the evaluation before the edge).\n"
       << "inline bool loomActive(const LoomTop& t) {\n  return t.active;\n}\n";
  // The entry's outputs and the return's outputs, by number.
  const dfg::Node& e = g.node(g.entry);
  const dfg::Node& r = g.node(g.ret);
  os << "\nconstexpr int kEntryPorts = " << e.outTypes.size() << ";\n";
  os << "inline bool entryReady(const LoomTop& t, int i) {\n  switch (i) {\n";
  for (unsigned p = 0; p < e.outTypes.size(); ++p)
    os << "  case " << p << ": return t.entry_" << identifier(e.portName(false, p)) << "_ready;\n";
  os << "  }\n  return false;\n}\n";
  os << "inline void entryDrive(LoomTop& t, int i, bool push, uint64_t data) {\n  switch (i) {\n";
  for (unsigned p = 0; p < e.outTypes.size(); ++p) {
    std::string port = "t.entry_" + identifier(e.portName(false, p));
    os << "  case " << p << ": " << port << "_push = push, " << port << "_data = data; break;\n";
  }
  os << "  }\n}\n";
  os << "\nconstexpr int kReturnPorts = " << r.outTypes.size() << ";\n";
  os << "inline bool returnValid(const LoomTop& t, int j) {\n  switch (j) {\n";
  for (unsigned p = 0; p < r.outTypes.size(); ++p)
    os << "  case " << p << ": return t.ret_" << identifier(r.portName(false, p)) << "_valid;\n";
  os << "  }\n  return false;\n}\n";
  os << "inline uint64_t returnHead(const LoomTop& t, int j) {\n  switch (j) {\n";
  for (unsigned p = 0; p < r.outTypes.size(); ++p)
    os << "  case " << p << ": return t.ret_" << identifier(r.portName(false, p)) << "_head;\n";
  os << "  }\n  return 0;\n}\n";
  os << "inline void returnPop(LoomTop& t, int j, bool pop) {\n  switch (j) {\n";
  for (unsigned p = 0; p < r.outTypes.size(); ++p)
    os << "  case " << p << ": t.ret_" << identifier(r.portName(false, p))
       << "_pop = pop; break;\n";
  os << "  }\n}\n";
  // The extmemories' host ports, by memory: the function argument each stands for.
  std::vector<dfg::Vertex> ext;
  for (dfg::Vertex v = 0; v < g.numNodes(); ++v)
    if (g.node(v).kind == NodeKind::ExtMemory) ext.push_back(v);
  const std::vector<std::string> instance = instanceNames(g);
  os << "\nconstexpr int kExtMemories = " << ext.size() << ";\n";
  os << "inline int extArgIndex(int m) {\n  switch (m) {\n";
  for (size_t m = 0; m < ext.size(); ++m)
    os << "  case " << m << ": return " << g.node(ext[m]).argIndex << ";\n";
  os << "  }\n  return -1;\n}\n";
  os << "// Drives memory m's host port (a write at the next edge when `we`).\n";
  os << "inline void extHostDrive(LoomTop& t, int m, bool we, uint64_t addr, uint64_t data) {\n"
     << "  switch (m) {\n";
  for (size_t m = 0; m < ext.size(); ++m) {
    std::string p = "t." + instance[ext[m]] + "_host";
    os << "  case " << m << ": " << p << "_we = we, " << p << "_addr = addr, " << p
       << "_wdata = data; break;\n";
  }
  os << "  }\n}\n";
  os << "// What memory m's host port reads at the driven address (combinational).\n";
  os << "inline uint64_t extHostRead(const LoomTop& t, int m) {\n  switch (m) {\n";
  for (size_t m = 0; m < ext.size(); ++m)
    os << "  case " << m << ": return t." << instance[ext[m]] << "_host_rdata;\n";
  os << "  }\n  return 0;\n}\n";
  os << "// The words of memory m's array in the twin.\n";
  os << "inline uint64_t extDepth(int m) {\n  switch (m) {\n";
  for (size_t m = 0; m < ext.size(); ++m) {
    uint64_t words = staticWords(g.node(ext[m]).memType);
    if (words == 0 || options.extWordsAlways) words = options.extWords;
    os << "  case " << m << ": return " << words << "u;\n";
  }
  os << "  }\n  return 0;\n}\n";
  out = os.str();
  return std::nullopt;
}

std::string topModuleName(const dfg::Graph& g) {
  // Verilator escapes "__" in a module's name when it names the model's C++ class
  // (Vloom___05FZ...), so a mangled C++ name (_Z10vecsum...) loses its double underscores.
  std::string id = identifier(g.function), name = "loom";
  for (char c : "_" + id)
    if (c != '_' || name.back() != '_') name += c;
  for (const SvFile& f : library())
    if (name + ".sv" == f.name) return name + "_top";
  return name;
}

std::optional<std::string> generateTop(const dfg::Graph& g, const RtlOptions& options,
                                       std::string& out) {
  return TopWriter(g, options).write(out);
}

} // namespace loom::rtl
