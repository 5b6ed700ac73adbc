// Every op of the op table has what docs/design.md's "Adding an op" lists: a model that
// elaboration builds, an RTL module in the library, a LOOM syntax its reader and printer
// know, a DOT style and a model test on both engines. Each row is put in the smallest
// network around it (its inputs from the function's arguments, its outputs into sinks)
// and taken through elaboration, the RTL generator, LOOM's printer and reader and DOT. A
// missing piece fails with the row, the piece and the checklist, read from
// docs/design.md.
//
// Built into test_models: the model tests it looks for are that binary's own (Catch's
// registry of its test cases, MODEL_TEST_CASE tagged with the op's name).

#include "dfg/loom/loom_form.h"
#include "dfg/print_dot.h"
#include "dfg/text/dfg_text.h"
#include "ops/op_table.h"
#include "rtl/generate.h"
#include "sim/elaborate.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

namespace loom {
namespace {

using dfg::Graph;
using dfg::Node;
using dfg::Vertex;
using ops::NodeKind;
using ops::OpSpec;

// docs/design.md's "Adding an op": from its first line to the end of its numbered list.
std::string addingAnOp() {
  std::ifstream in(LOOM_SOURCE_DIR "/docs/design.md");
  std::string line, text;
  bool inSection = false;
  while (std::getline(in, line)) {
    if (line.rfind("Adding an op", 0) == 0) inSection = true;
    if (!inSection) continue;
    if (!text.empty() && line.empty() && text.find("\n1. ") != std::string::npos) break;
    text += line + "\n";
  }
  return text.empty() ? "(docs/design.md has no \"Adding an op\" list)" : text;
}

void missing(const OpSpec& row, const std::string& piece) {
  static const std::string checklist = addingAnOp();
  FAIL_CHECK("op table row " << static_cast<int>(row.kind) << " '" << row.name << "' has no "
                             << piece << "\n\n"
                             << checklist);
}

// "handshake.lazy_fork" -> "lazy_fork"; "arith" (compute) stays.
std::string shortName(const OpSpec& row) {
  std::string name = row.name;
  return name.substr(name.find('.') + 1);
}

// ---- the smallest network around one op ------------------------------------------------

const Type kI32 = Type::integer(32);
const Type kMem = makeMemRef(kI32, {4});

Type portType(const ops::PortSpec& p, unsigned port, const std::vector<Type>& inputs) {
  switch (p.type) {
  case ops::TypeRule::None: return Type::none();
  case ops::TypeRule::I1: return Type::i1();
  case ops::TypeRule::IntLike: return Type::index();
  case ops::TypeRule::SameAs: return p.ref < inputs.size() ? inputs[p.ref] : kI32;
  case ops::TypeRule::SameAsMatching: return port < inputs.size() ? inputs[port] : kI32;
  case ops::TypeRule::Any:
  case ops::TypeRule::Scalar:
  case ops::TypeRule::Element:
  case ops::TypeRule::Computed: return kI32;
  }
  return kI32;
}

struct OneOp {
  Graph g;
  Vertex op = 0; // the row's node (the entry or the return for theirs)
};

Node node(NodeKind k, const std::string& name, std::vector<Type> ins, std::vector<Type> outs) {
  Node n;
  n.kind = k;
  n.name = "one/" + name;
  n.inTypes = std::move(ins);
  n.outTypes = std::move(outs);
  n.outRoles.assign(n.outTypes.size(), dfg::Role::Data);
  n.outRates.assign(n.outTypes.size(), dfg::Rate{});
  return n;
}

// The row's node with the fewest ports its row allows (one store and one load port for
// a memory); a compute node is an arith.addi, or an arith.addf with `floats`.
Node rowNode(const OpSpec& row, bool floats) {
  Node n = node(row.kind, shortName(row), {}, {});
  if (row.kind == NodeKind::Compute) {
    Type t = floats ? Type::f32() : kI32;
    n = node(row.kind, "compute", {t, t}, {t});
    n.arith = floats ? OpKind::AddF : OpKind::AddI;
    return n;
  }
  ops::Shape shape;
  if (row.family == ops::Family::Memory) shape.numStores = shape.numLoads = 1;
  shape.inputs = ops::expectedPorts(row, shape, true).count;
  shape.outputs = ops::expectedPorts(row, shape, false).count;
  for (bool input : {true, false}) {
    size_t count = input ? shape.inputs : shape.outputs;
    for (unsigned p = 0; p < count; ++p) {
      const ops::PortSpec* ps = nullptr;
      unsigned rep = 0;
      ops::portSpec(row, shape, input, p, ps, rep);
      (input ? n.inTypes : n.outTypes).push_back(portType(*ps, p, n.inTypes));
    }
  }
  n.outRoles.assign(n.outTypes.size(), dfg::Role::Data);
  n.outRates.assign(n.outTypes.size(), dfg::Rate{});
  n.numStores = shape.numStores;
  n.numLoads = shape.numLoads;
  n.memType = kMem;
  n.constValue = 7;
  return n;
}

// entry -> the op -> sinks; the entry's ctrl -> the return. Each input of the op is an
// argument of the function of its own; an extmemory's memref is the last one.
OneOp oneOp(const OpSpec& row, bool floats = false) {
  OneOp o;
  Graph& g = o.g;
  g.function = "one";
  g.scopes.push_back(dfg::Scope{dfg::Scope::Kind::Function, "one", -1, nullptr});
  bool boundary = row.kind == NodeKind::Entry || row.kind == NodeKind::Return;
  Node n = boundary ? Node() : rowNode(row, floats);
  g.argTypes = n.inTypes;
  if (row.kind == NodeKind::ExtMemory) {
    n.argIndex = static_cast<int>(g.argTypes.size());
    g.argTypes.push_back(kMem);
  }
  std::vector<Type> entryOuts = n.inTypes;
  entryOuts.push_back(Type::none());
  g.entry = g.addNode(node(NodeKind::Entry, "entry", {}, entryOuts));
  g.ret = g.addNode(node(NodeKind::Return, "return", {Type::none()}, {Type::none()}));
  g.connect({g.entry, static_cast<unsigned>(n.inTypes.size())}, g.ret, 0);
  o.op = row.kind == NodeKind::Entry ? g.entry : g.ret;
  if (boundary) return o;
  o.op = g.addNode(n);
  for (unsigned p = 0; p < n.inTypes.size(); ++p)
    g.connect({g.entry, p}, o.op, p);
  for (unsigned p = 0; p < n.outTypes.size(); ++p) {
    Vertex s = g.addNode(node(NodeKind::Sink, "sink" + std::to_string(p), {n.outTypes[p]}, {}));
    g.connect({o.op, p}, s, 0);
  }
  return o;
}

// ---- the pieces ------------------------------------------------------------------------

void checkModel(const OpSpec& row) {
  OneOp o = oneOp(row);
  sim::Elaboration e = sim::elaborate(o.g, models::TimingConfig{});
  if (!e.ok()) return missing(row, "model: " + (e.errors.empty() ? "" : e.errors[0]));
  NodeKind built = e.network->circuit().op(e.opOfVertex[o.op]).nodeKind();
  if (built != row.kind)
    missing(row, "model: elaboration built one of row '" + std::string(ops::kindName(built)) + "'");
}

bool inLibrary(const std::string& module) {
  for (const rtl::SvFile& f : rtl::library())
    if (f.name == module + ".sv")
      return std::string(f.text).find("module " + module) != std::string::npos;
  return false;
}

// The module the generator instantiates for the row's node (module `variant` of the row).
void checkRtlTop(const OpSpec& row, bool floats, size_t variant) {
  OneOp o = oneOp(row, floats);
  std::string top;
  if (auto err = rtl::generateTop(o.g, rtl::RtlOptions{}, top))
    return missing(row, "RTL: the generator refuses it: " + *err);
  // The entry's ports are the top's: its ctrl's at least.
  std::string want = row.rtl.topPorts ? "input  logic entry_ctrl_push"
                                      : "  " + std::string(row.rtl.modules.at(variant).name) + " ";
  if (top.find(want) == std::string::npos)
    missing(row, "RTL: the generated top has no '" + want + "':\n" + top);
}

void checkRtl(const OpSpec& row) {
  if (row.rtl.modules.empty() && !row.rtl.topPorts) return missing(row, "RTL module");
  for (const ops::RtlModule& m : row.rtl.modules)
    if (!inLibrary(m.name)) missing(row, "RTL module: rtl/sv/" + std::string(m.name) + ".sv");
  checkRtlTop(row, false, 0);
  if (row.kind == NodeKind::Compute) checkRtlTop(row, true, 1); // floats: loom_fcompute
}

void checkLoomSyntax(const OpSpec& row) {
  if (row.loomSyntax == ops::LoomSyntax::None) return missing(row, "LOOM syntax");
  OneOp o = oneOp(row);
  std::ostringstream text;
  if (auto err = dfg::printLoom(o.g, text)) return missing(row, "LOOM syntax: " + *err);
  dfg::ReadResult back = dfg::readLoom(text.str(), "one.mlir");
  if (back.error)
    return missing(row, "LOOM syntax: its text does not read back: " + back.error->str() + "\n" +
                            text.str());
  bool found = false;
  for (Vertex v = 0; v < back.graphs.at(0).numNodes(); ++v) {
    const Node& n = back.graphs[0].node(v);
    found |= n.kind == row.kind && !n.added;
  }
  if (!found) missing(row, "LOOM syntax: its text reads back without it:\n" + text.str());
}

// The loom.dfg form: the op prints, reads back and prints the same text.
void checkDfgText(const OpSpec& row) {
  std::string text = dfg::printMlir(oneOp(row).g);
  dfg::ReadResult back = dfg::readMlir(text, "one.mlir");
  if (back.error)
    return missing(row, "loom.dfg form: its text does not read back: " + back.error->str() + "\n" +
                            text);
  bool found = false;
  for (Vertex v = 0; v < back.graphs.at(0).numNodes(); ++v)
    found |= back.graphs[0].node(v).kind == row.kind;
  if (!found) missing(row, "loom.dfg form: its text reads back without it:\n" + text);
  if (dfg::printMlir(back.graphs[0]) != text)
    missing(row, "loom.dfg form: its text reads back to another text:\n" + text);
}

void checkDot(const OpSpec& row) {
  const char* style = dfg::dotStyle(row.kind);
  if (!style || std::string(style).find("shape=") == std::string::npos)
    return missing(row, "DOT style");
  if (dfg::printDot(oneOp(row).g).find(style) == std::string::npos)
    missing(row, "DOT style: printDot does not draw it");
}

// A MODEL_TEST_CASE (tagged "engines": it runs on both) tagged with the op's name.
void checkModelTest(const OpSpec& row) {
  std::string tag = shortName(row);
  for (const Catch::TestCase& t : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) {
    const std::vector<std::string>& tags = t.tags;
    bool named = std::find(tags.begin(), tags.end(), tag) != tags.end();
    if (named && std::find(tags.begin(), tags.end(), "engines") != tags.end()) return;
  }
  missing(row, "model test: no MODEL_TEST_CASE tagged [" + tag + "] in tests/models");
}

} // namespace

TEST_CASE("every op of the table has a model, an RTL module, a LOOM syntax, the loom.dfg "
          "form, a DOT style and a model test",
          "[op_table]") {
  for (const OpSpec& row : ops::table()) {
    if (row.internal) continue; // made by elaboration: never in a DFG
    INFO("row " << row.name);
    checkModel(row);
    checkRtl(row);
    checkLoomSyntax(row);
    checkDfgText(row);
    checkDot(row);
    checkModelTest(row);
  }
}

// The rate rule and the rate check a row names must fit what else the row says of the op:
// a rule that reads an input the row does not have, or a check for an op of another
// shape, would pass the compiler and mislead both analyses.
TEST_CASE("every row's rate rule and rate check fit its ports and traits", "[op_table]") {
  using ops::RateCheck;
  using ops::RateRule;
  for (const OpSpec& row : ops::table()) {
    INFO("row " << row.name);
    switch (row.rateRule) {
    case RateRule::Paced: CHECK(row.pacingInput >= 0); break;
    case RateRule::Stream: CHECK((row.loopControl && row.rateCheck == RateCheck::Stream)); break;
    case RateRule::Gate: CHECK((row.loopControl && row.rateCheck == RateCheck::Gate)); break;
    case RateRule::Repeater: CHECK(row.rateCheck == RateCheck::Repeater); break;
    case RateRule::Address: CHECK(row.family == ops::Family::Access); break;
    case RateRule::Memory: CHECK(row.family == ops::Family::Memory); break;
    case RateRule::PerPort: CHECK(row.variadicMirrored); break;
    case RateRule::CondBr: CHECK(row.rateCheck == RateCheck::CondBr); break;
    case RateRule::Merge: CHECK(row.rateCheck == RateCheck::None); break;
    case RateRule::Entry: CHECK(row.family == ops::Family::Boundary); break;
    case RateRule::None: CHECK(row.rateCheck != RateCheck::SameRate); break;
    }
    if (row.passesTokens) CHECK(row.rateRule == RateRule::Paced);
    if (row.rateCheck == RateCheck::Repeater) CHECK(row.rateRule == RateRule::Repeater);
    if (row.rateCheck == RateCheck::Mux) CHECK(row.pairNames.size() == 2);
  }
}

TEST_CASE("the checklist of a missing piece is docs/design.md's", "[op_table]") {
  std::string text = addingAnOp();
  CHECK(text.rfind("Adding an op", 0) == 0);
  CHECK(text.find("\n1. ") != std::string::npos);
  CHECK(text.find("tests/ops/test_op_table.cpp") != std::string::npos);
}

} // namespace loom
