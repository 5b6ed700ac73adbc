// The reader of LOOM's form (loom_form.h): MLIR's parser, with the handshake and dataflow
// dialects of dialects.h (and, for a whole module's host code, MLIR's own dialects and
// host_code.h), reads the text through MlirText (which keeps where every op and value
// stands); then one walk over each handshake.func builds its graph: the entry node from
// the signature, one node per op in text order, the channels last (a carry's feedback
// names a value defined further down), with forks and sinks where a value is used more
// or less than once. The module's other ops are checked to be ops loom-sim knows, and
// every handshake.esi_instance against the function it runs; nothing else of them is read.

#include "dfg/loom/dialects.h"
#include "dfg/loom/file_kind.h"
#include "dfg/loom/host_code.h"
#include "dfg/loom/loom_form.h"
#include "dfg/loom/syntax.h"
#include "dfg/signature.h"
#include "dfg/text/node_attrs.h"
#include "dfg/text/reader.h"
#include "eval/memref.h"
#include "frontend/import.h"
#include "frontend/mlir_text.h"
#include "frontend/parse.h"
#include "mlir/IR/BuiltinOps.h"
#include "support/big_stack.h"

#include "llvm/ADT/MapVector.h"

#include <cctype>
#include <map>
#include <set>

namespace loom::dfg {

namespace {

using frontend::MlirText;
using reader::AttrReader;
using reader::ReadError;
using reader::TextReader;
using namespace loomform;

std::string lineCol(const Loc& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

std::string typeList(const std::vector<Type>& ts) {
  std::string s;
  for (const Type& t : ts)
    s += (s.empty() ? "" : ", ") + t.str();
  return "(" + s + ")";
}

// "handshake.sink" -> "sink", "arith.addi" -> "addi"
std::string shortName(llvm::StringRef opName) {
  return opName.split('.').second.str();
}

class FunctionReader {
public:
  FunctionReader(TextReader& r, MlirText& text, mlir::Operation* fn)
      : r_(r), text_(text), fn_(fn) {}

  Graph read() {
    mlir::Block& body = checkShape();
    readFunctionAttrs();
    findTokens(body);
    readSignature(body);
    bool named = !body.empty();
    for (mlir::Operation& op : body) {
      readOp(&op);
      named = named && llvm::isa<mlir::NameLoc>(op.getLoc());
    }
    // loom-sim's printer of this form names every op after its lowering, and locates it
    // at the SCF op it came from: such a network's origins are SCF ops, as its own form's.
    g_.scfOrigins = named;
    if (!return_) r_.fail(fn_, "function '@" + g_.function + "' has no 'handshake.return'");
    connectUses();
    sinkUnused();
    inferRoles();
    accessPorts();
    return std::move(g_);
  }

  // After read(): the start token's argument and the done token's result (-1: none).
  int startArg() const { return startArg_; }
  int doneResult() const { return doneResult_; }

private:
  TextReader& r_;
  MlirText& text_;
  mlir::Operation* fn_;
  Graph g_;
  mlir::FunctionType type_;
  llvm::DenseMap<mlir::Value, PortRef> outputOf_; // a value of the text -> a node output
  llvm::DenseMap<mlir::Value, int> memrefArg_;    // a memref argument -> its argument index
  struct Use {
    mlir::Value value;
    mlir::Operation* op; // the user
    Vertex to;
    unsigned port;
    std::optional<PortRef> from; // an output of no text value (the entry's ctrl, ...)
  };
  std::vector<Use> uses_;
  std::map<std::pair<Vertex, unsigned>, std::string> outName_; // for forks and sinks
  std::set<std::string> names_;                                // node names taken
  mlir::Operation* return_ = nullptr;
  uint32_t unnamedGroups_ = 0;
  int startArg_ = -1;   // the start token's argument, if the function has one
  int doneResult_ = -1; // the done token's result, likewise
  PortRef ctrl_;        // the entry's ctrl output: the host's token of each call
  mlir::Value i1Done_;  // an i1 done token, which carries the done role to its join

  std::string prefix() const { return g_.function + "/"; }

  // Input `port` of `to` takes text value `v` (used by `op`), or output `from`.
  void useValue(mlir::Value v, mlir::Operation* op, Vertex to, unsigned port) {
    uses_.push_back(Use{v, op, to, port, std::nullopt});
  }
  void useOutput(PortRef from, mlir::Operation* op, Vertex to, unsigned port) {
    uses_.push_back(Use{nullptr, op, to, port, from});
  }

  // A name no node has yet: `base`, else `base.2`, `base.3`, ...
  std::string uniqueName(const std::string& base) {
    std::string name = base;
    for (unsigned k = 2; names_.count(name); ++k)
      name = base + "." + std::to_string(k);
    names_.insert(name);
    return name;
  }

  mlir::Block& checkShape() {
    auto name = fn_->getAttrOfType<mlir::StringAttr>(kSymName);
    auto type = fn_->getAttrOfType<mlir::TypeAttr>(kFunctionType);
    if (!name || !type || !llvm::isa<mlir::FunctionType>(type.getValue()) ||
        fn_->getNumRegions() != 1)
      r_.fail(fn_, "a 'handshake.func' needs a name, a function type and a body");
    g_.function = name.getValue().str();
    g_.scfOrigins = false;
    mlir::Region& region = fn_->getRegion(0);
    if (region.empty()) r_.fail(fn_, "'handshake.func' @" + g_.function + " has no body");
    if (!region.hasOneBlock())
      r_.fail(&*std::next(region.begin()),
              "a 'handshake.func' body is one block (no block labels)");
    type_ = llvm::cast<mlir::FunctionType>(type.getValue());
    mlir::Block& b = region.front();
    if (b.getNumArguments() != type_.getNumInputs())
      r_.fail(fn_, "the arguments of 'handshake.func' @" + g_.function + " need names (%a: i32)");
    return b;
  }

  void readFunctionAttrs() {
    AttrReader a(r_, fn_);
    for (mlir::NamedAttribute na : fn_->getAttrs()) {
      llvm::StringRef name = na.getName().getValue();
      if (name == kArgNames || name == kResNames) {
        mlir::ArrayAttr arr = a.arrayOf(na.getValue(), reader::quoted(name));
        for (size_t i = 0; i < arr.size(); ++i)
          a.strOf(arr[i], reader::quoted(name) + " entry " + std::to_string(i));
      } else if (name != kSymName && name != kFunctionType && name != kArgAttrs &&
                 name != kVisibility && !name.starts_with(kLoomPrefix)) {
        a.fail("unknown attribute '" + name.str() + "' on 'handshake.func'");
      }
    }
  }

  // ---- the signature: the entry node ---------------------------------------------------------

  // The names argNames or resNames gives, "" where it gives none.
  std::string nameIn(const char* attr, unsigned i) const {
    auto names = fn_->getAttrOfType<mlir::ArrayAttr>(attr);
    auto s = names && i < names.size() ? llvm::dyn_cast<mlir::StringAttr>(names[i]) : nullptr;
    return s ? s.getValue().str() : "";
  }

  // The last argument is the start token when it is none, or an i1 that argNames calls
  // "start_token" (the ESI wrapper's); the last result likewise is the done token. A
  // function may have neither.
  static bool isToken(mlir::Type t, const std::string& name, const char* tokenName) {
    return llvm::isa<mlir::NoneType>(t) || (t.isInteger(1) && name == tokenName);
  }

  void findTokens(mlir::Block& body) {
    unsigned n = body.getNumArguments(), r = type_.getNumResults();
    if (n && isToken(type_.getInput(n - 1), nameIn(kArgNames, n - 1), kStartTokenName))
      startArg_ = static_cast<int>(n - 1);
    if (r && isToken(type_.getResult(r - 1), nameIn(kResNames, r - 1), kDoneTokenName))
      doneResult_ = static_cast<int>(r - 1);
  }

  // The loom.memref_field an argument carries, or "".
  std::string fieldOf(unsigned i, AttrReader& a) {
    auto attrs = fn_->getAttrOfType<mlir::ArrayAttr>(kArgAttrs);
    if (!attrs) return "";
    std::string field;
    for (mlir::NamedAttribute na : llvm::cast<mlir::DictionaryAttr>(attrs[i])) {
      if (na.getName() == kMemRefField)
        field = a.strOf(na.getValue(), "'" + std::string(kMemRefField) + "'");
      else if (!na.getName().getValue().starts_with(kLoomPrefix))
        a.fail("unknown attribute '" + na.getName().str() + "' on argument #" + std::to_string(i) +
               " of 'handshake.func'");
    }
    return field;
  }

  std::string argName(mlir::BlockArgument arg) {
    std::string n = text_.nameOf(arg).first;
    return n.empty() ? "%arg" + std::to_string(arg.getArgNumber()) : n;
  }

  // Whether argument j can be a descriptor field of the memref before it.
  bool mayBeField(unsigned j, unsigned n) const {
    return j < n && static_cast<int>(j) != startArg_;
  }

  void readSignature(mlir::Block& body) {
    AttrReader a(r_, fn_);
    unsigned n = body.getNumArguments();
    for (unsigned i = 0; i < type_.getNumResults(); ++i) {
      if (static_cast<int>(i) == doneResult_) continue;
      Type t = a.typeOf(type_.getResult(i), "the results of 'handshake.func'");
      if (!t.isScalar() && !t.isNone())
        a.fail("result #" + std::to_string(i) + " of 'handshake.func' @" + g_.function +
               " has type " + t.str() + ", not supported");
      g_.resultTypes.push_back(t);
    }
    Node entry;
    entry.kind = NodeKind::Entry;
    auto named = llvm::dyn_cast<mlir::NameLoc>(fn_->getLoc());
    entry.name = uniqueName(prefix() + (named && !named.getName().getValue().empty()
                                            ? named.getName().str()
                                            : std::string("entry")));
    entry.origin.loc = placeOf(fn_);
    g_.scopes.push_back(Scope{Scope::Kind::Function, g_.function, -1, nullptr, Origin::kNoOp});
    g_.entry = g_.addNode(entry);
    std::vector<std::pair<mlir::Value, std::string>> outputs; // null value: no text value
    for (unsigned i = 0; i < n; ++i)
      if (static_cast<int>(i) != startArg_) i = readArgument(body, i, a, outputs);
    mlir::BlockArgument start = startArg_ >= 0 ? body.getArgument(startArg_) : nullptr;
    if (start && !fieldOf(startArg_, a).empty())
      a.fail("argument #" + std::to_string(startArg_) + " is the start token, not a memref field");
    bool noneStart = start && llvm::isa<mlir::NoneType>(start.getType());
    outputs.push_back({noneStart ? start : nullptr, noneStart ? argName(start) : "entry.ctrl"});
    Node& e = g_.node(g_.entry);
    for (unsigned p = 0; p < outputs.size(); ++p) {
      mlir::Value v = outputs[p].first;
      e.outTypes.push_back(v ? a.typeOf(v.getType(), "the arguments of 'handshake.func'")
                             : (p + 1 == outputs.size() ? Type::none() : Type::index()));
      if (v) outputOf_[v] = PortRef{g_.entry, p};
      outName_[{g_.entry, p}] = prefix() + outputs[p].second;
    }
    e.outRoles.assign(e.outTypes.size(), Role::Data);
    e.outRates.assign(e.outTypes.size(), Rate{});
    ctrl_ = PortRef{g_.entry, static_cast<unsigned>(outputs.size() - 1)};
    if (start && !noneStart) startAdapter(start);
  }

  // An i1 start token is the host's token turned into `true`: a constant the entry's ctrl
  // triggers stands for the argument.
  void startAdapter(mlir::BlockArgument start) {
    Node c;
    c.kind = NodeKind::Constant;
    c.added = true;
    c.name = uniqueName(prefix() + argName(start));
    c.origin.loc = text_.locOf(fn_);
    c.inTypes = {Type::none()};
    c.outTypes = {Type::i1()};
    c.outRoles = {Role::Data};
    c.outRates = {Rate{}};
    c.constValue = 1;
    Vertex v = g_.addNode(c);
    useOutput(ctrl_, fn_, v, 0);
    outputOf_[start] = PortRef{v, 0};
    outName_[{v, 0}] = prefix() + argName(start);
  }

  // Argument i (and, after a memref, its descriptor fields); returns the last one read.
  unsigned readArgument(mlir::Block& body, unsigned i, AttrReader& a,
                        std::vector<std::pair<mlir::Value, std::string>>& outputs) {
    unsigned n = body.getNumArguments();
    mlir::BlockArgument arg = body.getArgument(i);
    std::string what = "argument " + argName(arg) + " of 'handshake.func'";
    if (!fieldOf(i, a).empty())
      a.fail(what + " is marked '" + kMemRefField + "' but follows no memref with that field");
    Type t = a.typeOf(arg.getType(), what);
    if (!t.isMemRef() && !t.isScalar() && !t.isNone())
      a.fail(what + " has type " + t.str() + ", not supported");
    int index = static_cast<int>(g_.argTypes.size());
    g_.argTypes.push_back(t);
    if (!t.isMemRef()) {
      outputs.push_back({arg, argName(arg)});
      return i;
    }
    memrefArg_[arg] = index;
    std::vector<std::string> fields;
    for (const DescriptorField& d : descriptorFields(t))
      fields.push_back(d.name());
    bool written = mayBeField(i + 1, n) && !fieldOf(i + 1, a).empty();
    for (size_t k = 0; k < fields.size(); ++k) {
      if (!written) {
        outputs.push_back({mlir::Value(), argName(arg) + "." + fields[k]});
        continue;
      }
      unsigned j = i + 1 + static_cast<unsigned>(k);
      std::string field = mayBeField(j, n) ? fieldOf(j, a) : "";
      if (field != fields[k] || !body.getArgument(j).getType().isIndex())
        a.fail("argument #" + std::to_string(j) + " must be field '" + fields[k] + "' of " +
               argName(arg) + " (" + t.str() + "), an index marked {" + kMemRefField + " = \"" +
               fields[k] + "\"}");
      outputs.push_back({body.getArgument(j), argName(body.getArgument(j))});
    }
    return written ? i + static_cast<unsigned>(fields.size()) : i;
  }

  // ---- ops --------------------------------------------------------------------------------

  // An op with no trigger, which LOOM's hand-written files write for a constant: its value
  // is there whenever it is wanted, as a handshake.constant fed by a handshake.source is.
  // A poison may be any value: 0.
  static bool isUntriggered(llvm::StringRef name) {
    return name == "arith.constant" || name == "ub.poison";
  }

  void kindOf(mlir::Operation* op, Node& n) {
    std::string name = op->getName().getStringRef().str();
    if (const OpSyntax* s = syntaxOf(name)) {
      n.kind = s->kind;
      return;
    }
    if (isUntriggered(name)) {
      n.kind = NodeKind::Constant;
      return;
    }
    if (lookupOpKind(name, n.arith) && isComputeOp(n.arith)) {
      n.kind = NodeKind::Compute;
      return;
    }
    if (name == FuncOp::getOperationName())
      r_.fail(op, "a 'handshake.func' cannot be nested in another");
    if (hostOpParser(name))
      r_.fail(op, "'" + name + "' is host code: it cannot stand inside a 'handshake.func'");
    if (op->isRegistered())
      r_.fail(op, "unsupported op '" + name + "': no DFG node models it (docs/loom.md)");
    r_.fail(op, "unknown op '" + name + "'");
  }

  void readOp(mlir::Operation* op) {
    std::string name = op->getName().getStringRef().str();
    Node n;
    kindOf(op, n);
    if (op->getNumRegions()) r_.fail(op, "'" + name + "' cannot have regions");
    if (op->getNumSuccessors()) r_.fail(op, "'" + name + "' cannot have successors");
    AttrReader a(r_, op);
    for (mlir::Type t : op->getResultTypes())
      n.outTypes.push_back(a.typeOf(t, "'" + name + "'"));
    unsigned first = n.kind == NodeKind::ExtMemory ? 1 : 0; // extmemory's memref is no port
    if (n.kind == NodeKind::Return) {
      n.inTypes = returnPorts(op, a);
    } else if (isUntriggered(name)) {
      n.inTypes = {Type::none()}; // its trigger, from an added source
    } else {
      for (unsigned i = first; i < op->getNumOperands(); ++i)
        n.inTypes.push_back(a.typeOf(op->getOperand(i).getType(), "'" + name + "'"));
    }
    if (n.kind == NodeKind::Return) n.outTypes = n.inTypes; // to the host
    n.outRoles.assign(n.outTypes.size(), Role::Data);
    n.outRates.assign(n.outTypes.size(), Rate{});
    n.origin.loc = placeOf(op);
    readAttrs(op, n, a);
    if (n.kind == NodeKind::ExtMemory) extMemoryArg(op, n);
    if (auto err = checkSignature(n)) r_.fail(op, *err);
    if (op->isRegistered()) r_.verify(op);
    n.name = uniqueName(nodeName(op));
    Vertex v = g_.addNode(n);
    for (unsigned p = 0; p < op->getNumResults(); ++p) {
      outputOf_[op->getResult(p)] = PortRef{v, p};
      std::string value = text_.nameOf(op->getResult(p)).first;
      outName_[{v, p}] = value.empty() ? n.name + "#" + std::to_string(p) : prefix() + value;
    }
    if (n.kind == NodeKind::Return)
      connectReturn(op, v);
    else if (isUntriggered(name))
      useOutput(PortRef{addSource(v), 0}, op, v, 0);
    else
      for (unsigned i = first; i < op->getNumOperands(); ++i)
        useValue(op->getOperand(i), op, v, i - first);
  }

  // An op's place: where it stands in the text, with the source its location records; an
  // op loom-sim's printer of this form named (a NameLoc around the op's place) stands
  // where its location says, as in loom-sim's own form.
  Loc placeOf(mlir::Operation* op) {
    if (auto named = llvm::dyn_cast<mlir::NameLoc>(op->getLoc())) {
      Loc l = r_.located(named.getChildLoc());
      if (l.file || l.source) return l;
    }
    return text_.locOf(op);
  }

  // An op whose location is named (as loom-sim's printer of this form names each op)
  // keeps that name; others are named after the SSA name of their first result as
  // written ("f/%lddata"), an op without results after its kind ("f/sink", "f/sink.2").
  std::string nodeName(mlir::Operation* op) {
    if (auto named = llvm::dyn_cast<mlir::NameLoc>(op->getLoc()))
      if (!named.getName().getValue().empty()) return prefix() + named.getName().str();
    if (op->getNumResults()) {
      std::string v = text_.nameOf(op->getResult(0)).first;
      if (!v.empty()) return prefix() + v.substr(0, v.find('#'));
    }
    return prefix() + shortName(op->getName().getStringRef());
  }

  // The source that triggers untriggered constant `c`.
  Vertex addSource(Vertex c) {
    Node s;
    s.kind = NodeKind::Source;
    s.added = true;
    s.name = uniqueName(g_.node(c).name + ".source");
    s.origin = g_.node(c).origin;
    s.outTypes = {Type::none()};
    s.outRoles = {Role::Data};
    s.outRates = {Rate{}};
    Vertex v = g_.addNode(s);
    outName_[{v, 0}] = s.name;
    return v;
  }

  std::vector<Type> textTypes(mlir::TypeRange ts, AttrReader& a) {
    std::vector<Type> out;
    for (mlir::Type t : ts)
      out.push_back(a.typeOf(t, "'handshake.return'"));
    return out;
  }

  // The return's ports: the function's results, then the done token (none). What it
  // returns must be what the function does.
  std::vector<Type> returnPorts(mlir::Operation* op, AttrReader& a) {
    if (return_)
      r_.fail(op, "second 'handshake.return' in '@" + g_.function + "' (the first is at " +
                      lineCol(r_.at(return_)) + ")");
    if (op->getOperandTypes() != type_.getResults())
      r_.fail(op, "'handshake.return' returns " + typeList(textTypes(op->getOperandTypes(), a)) +
                      " but '@" + g_.function + "' returns " +
                      typeList(textTypes(type_.getResults(), a)));
    std::vector<Type> ports = g_.resultTypes;
    ports.push_back(Type::none());
    return ports;
  }

  // The results to their ports; the done token to the ctrl port, an i1 one through a join
  // that makes it a none token. Without a done token the call is over when every result
  // is there: the ctrl port takes the host's token.
  void connectReturn(mlir::Operation* op, Vertex v) {
    return_ = op;
    g_.ret = v;
    unsigned ctrl = static_cast<unsigned>(g_.resultTypes.size()), port = 0;
    for (unsigned i = 0; i < op->getNumOperands(); ++i) {
      mlir::Value x = op->getOperand(i);
      if (static_cast<int>(i) != doneResult_)
        useValue(x, op, v, port++);
      else if (llvm::isa<mlir::NoneType>(x.getType()))
        useValue(x, op, v, ctrl), i1Done_ = joinedI1(x);
      else
        useOutput(PortRef{doneAdapter(op, i1Done_ = x), 0}, op, v, ctrl);
    }
    g_.doneToken = doneResult_ >= 0;
    if (!g_.doneToken) useOutput(ctrl_, op, v, ctrl);
  }

  // A none done token made by a join of one i1 value (how loom-sim writes an i1 done
  // token in LOOM's form): that value, the i1 done token; else null.
  static mlir::Value joinedI1(mlir::Value done) {
    mlir::Operation* j = done.getDefiningOp();
    if (!j || j->getName().getStringRef() != "handshake.join" || j->getNumOperands() != 1 ||
        !j->getOperand(0).getType().isInteger(1))
      return nullptr;
    return j->getOperand(0);
  }

  // handshake.join of the i1 done token: a none token when it arrives.
  Vertex doneAdapter(mlir::Operation* ret, mlir::Value done) {
    Node j;
    j.kind = NodeKind::Join;
    j.added = true;
    std::string res = nameIn(kResNames, static_cast<unsigned>(doneResult_));
    j.name = uniqueName(prefix() + (res.empty() ? std::string("done") : res) + ".join");
    j.origin.loc = text_.locOf(ret);
    j.inTypes = {Type::i1()};
    j.outTypes = {Type::none()};
    j.outRoles = {Role::Data};
    j.outRates = {Rate{}};
    Vertex v = g_.addNode(j);
    outName_[{v, 0}] = j.name;
    useValue(done, ret, v, 0);
    return v;
  }

  void extMemoryArg(mlir::Operation* op, Node& n) {
    auto it = memrefArg_.find(op->getOperand(0));
    if (it == memrefArg_.end())
      r_.fail(op, "the memref of 'handshake.extmemory' must be a memref argument of '@" +
                      g_.function + "'");
    n.argIndex = it->second;
    n.memType = g_.argTypes[it->second];
  }

  // ---- attributes, by kind ------------------------------------------------------------------

  void readAttrs(mlir::Operation* op, Node& n, AttrReader& a) {
    std::string name = op->getName().getStringRef().str();
    if (n.kind == NodeKind::Compute) return computeAttrs(op, n, a);
    a.noProperties(name);
    bool poison = name == "ub.poison"; // its value is no constant's: any value will do
    std::set<std::string> seen;
    std::vector<Type> valueTypes;
    for (mlir::NamedAttribute na : op->getAttrs()) {
      std::string attr = na.getName().str();
      if (llvm::StringRef(attr).starts_with(kLoomPrefix) || (poison && attr == "value")) continue;
      const ops::AttrSpec* spec = node_attrs::attrNamed(n.kind, attr, node_attrs::kLoomForm);
      if (!spec || !node_attrs::readAttr(a, *spec, attr, na.getValue(), n, node_attrs::kLoomForm,
                                         valueTypes))
        a.fail("unknown attribute '" + attr + "' on '" + name + "'");
      seen.insert(attr);
    }
    for (const Type& t : valueTypes)
      if (t != n.outTypes[0])
        a.fail("'value' of type " + t.str() + " for a result of type " + n.outTypes[0].str());
    if (!poison) node_attrs::requireAttrs(a, name, n, seen, node_attrs::kLoomForm);
    if (n.kind == NodeKind::Memory || n.kind == NodeKind::ExtMemory) memoryGroup(n, seen);
  }

  // A memory's group is its id; a memory without one gets a group of its own, numbered
  // apart from the ids (CIRCT's are i32).
  void memoryGroup(Node& n, const std::set<std::string>& seen) {
    if (!node_attrs::given(n.kind, ops::Attr::MemGroup, seen, node_attrs::kLoomForm))
      n.memGroup = 0x80000000u + unnamedGroups_++;
  }

  // An arith or math op's attributes are its properties (MLIR's dialects are loaded);
  // others, but LOOM's notes, are unknown.
  void computeAttrs(mlir::Operation* op, Node& n, AttrReader& a) {
    std::string name = op->getName().getStringRef().str();
    for (mlir::NamedAttribute na : op->getDiscardableAttrs())
      if (!na.getName().getValue().starts_with(kLoomPrefix))
        a.fail("unknown attribute '" + na.getName().str() + "' on '" + name + "'");
    node_attrs::readArithProperties(a, op, n);
  }

  // ---- channels -------------------------------------------------------------------------------

  // Each output to its uses: one channel, or an eager fork with one channel per use.
  void connectUses() {
    llvm::MapVector<std::pair<Vertex, unsigned>, std::vector<size_t>> usesOf;
    for (size_t i = 0; i < uses_.size(); ++i) {
      const Use& u = uses_[i];
      PortRef src = u.from ? *u.from : producerOf(u.value, u.op);
      usesOf[{src.node, src.port}].push_back(i);
    }
    for (auto& [out, uses] : usesOf) {
      PortRef src{out.first, out.second};
      if (uses.size() == 1) {
        g_.edge(g_.connect(src, uses_[uses[0]].to, uses_[uses[0]].port)).capacity =
            capacityOf(uses_[uses[0]]);
        continue;
      }
      Vertex f = addHelper(NodeKind::Fork, src, ".fork", uses.size());
      g_.connect(src, f, 0);
      for (unsigned k = 0; k < uses.size(); ++k)
        g_.edge(g_.connect(PortRef{f, k}, uses_[uses[k]].to, uses_[uses[k]].port)).capacity =
            capacityOf(uses_[uses[k]]);
    }
  }

  // The capacity loom-sim noted for the channel into a use's port (kLoomCapacities), or
  // 0 (the timing's default).
  static unsigned capacityOf(const Use& u) {
    auto caps = u.op ? u.op->getAttrOfType<mlir::ArrayAttr>(kLoomCapacities) : nullptr;
    if (!caps || u.port >= caps.size()) return 0;
    auto c = llvm::dyn_cast<mlir::IntegerAttr>(caps[u.port]);
    return c && c.getInt() > 0 && c.getInt() <= (1 << 20) ? static_cast<unsigned>(c.getInt()) : 0;
  }

  PortRef producerOf(mlir::Value v, mlir::Operation* user) {
    auto it = outputOf_.find(v);
    if (it != outputOf_.end()) return it->second;
    r_.fail(user, "memref argument " + text_.nameOf(v).first +
                      " used here: a memref can only be the memref of an 'extmemory'");
  }

  // A fork (with `outputs` outputs) or a sink for output `src`, named after its value.
  Vertex addHelper(NodeKind kind, PortRef src, const char* suffix, size_t outputs) {
    const Node& from = g_.node(src.node);
    Type t = from.outTypes[src.port];
    Node h;
    h.kind = kind;
    h.added = true;
    h.name = uniqueName(outName_[{src.node, src.port}] + suffix);
    h.origin = from.origin;
    h.inTypes = {t};
    h.outTypes.assign(outputs, t);
    h.outRoles.assign(outputs, Role::Data);
    h.outRates.assign(outputs, Rate{});
    return g_.addNode(h);
  }

  void sinkUnused() {
    size_t n = g_.numNodes();
    for (Vertex v = 0; v < n; ++v) {
      if (g_.node(v).kind == NodeKind::Return) continue; // its outputs go to the host
      for (unsigned p = 0; p < g_.node(v).outTypes.size(); ++p)
        if (g_.outEdges(v, p).empty())
          g_.connect(PortRef{v, p}, addHelper(NodeKind::Sink, {v, p}, ".sink", 0), 0);
    }
  }

  // ---- roles: what the static checks need ----------------------------------------------------

  // The role an op that steers tokens passes on: a fork's, a buffer's or a branch's input's;
  // in the ctrl-done network, a cond_br's (below) and a mux's data inputs' or a join's
  // inputs' where they agree, a done token where a memory-control token
  // and a done token meet (a loop's done merged with what skips the loop, as the
  // lowering's done mux is). Elsewhere a split or merged value is data, as the lowering
  // has it.
  std::optional<Role> passedRole(Vertex v) const {
    const Node& n = g_.node(v);
    auto roleIn = [&](unsigned p) -> std::optional<Role> {
      EdgeId in;
      if (!g_.inEdge(v, p, in)) return std::nullopt;
      return g_.node(g_.src(in)).outRoles[g_.edge(in).srcPort];
    };
    auto doneNetwork = [](std::optional<Role> r) {
      return r && (*r == Role::Done || *r == Role::MemCtrl) ? r : std::nullopt;
    };
    if (ops::spec(n.kind).passesTokens) return roleIn(0);
    if (n.kind == NodeKind::CondBr) {
      // A done split decided by its loop's condition passes done tokens out of the body;
      // memory tokens a data condition splits are the memory control of a branch's
      // accesses.
      std::optional<Role> data = doneNetwork(roleIn(1)), cond = roleIn(0);
      bool byLoop = cond && (*cond == Role::AfterCond || *cond == Role::RawWillContinue);
      return data && !byLoop ? Role::MemCtrl : data;
    }
    if (n.kind != NodeKind::Mux && n.kind != NodeKind::Join) return std::nullopt;
    std::optional<Role> joined;
    for (unsigned p = n.kind == NodeKind::Mux ? 1 : 0; p < n.inTypes.size(); ++p) {
      std::optional<Role> r = roleIn(p);
      if (!r) return std::nullopt;
      if (!joined || *joined == *r) {
        joined = r;
      } else if ((*joined == Role::Done && *r == Role::MemCtrl) ||
                 (*joined == Role::MemCtrl && *r == Role::Done)) {
        joined = Role::Done;
      } else {
        return std::nullopt;
      }
    }
    return doneNetwork(joined);
  }

  // Whether output 0 of `v` reaches a load's or a store's ctrl (through forks, buffers,
  // the data side of cond_brs and muxes, and carries): an invariant that does repeats the
  // memory control into a loop body
  // (spec-dataflow-memory), as the lowering's memory-control invariant does.
  bool drivesAccessCtrl(Vertex v) const {
    std::vector<PortRef> todo{{v, 0}};
    std::set<Vertex> seen{v};
    while (!todo.empty()) {
      PortRef at = todo.back();
      todo.pop_back();
      for (EdgeId e : g_.outEdges(at.node, at.port)) {
        Vertex d = g_.dst(e);
        NodeKind k = g_.node(d).kind;
        unsigned q = g_.edge(e).dstPort;
        if ((k == NodeKind::Load || k == NodeKind::Store) && q == 2) return true;
        bool steered = ops::spec(k).passesTokens || (k == NodeKind::CondBr && q == 1) ||
                       (k == NodeKind::Mux && q >= 1) || (k == NodeKind::Carry && q >= 1) ||
                       (k == NodeKind::Invariant && q == 1);
        if (!steered || !seen.insert(d).second) continue;
        for (unsigned p = 0; p < g_.node(d).outTypes.size(); ++p)
          todo.push_back({d, p});
      }
    }
    return false;
  }

  // The condition of a carry loop (an scf.while's: decided by no stream, gate, invariant,
  // entry or constant, which no loop computes) is its raw will-continue, before region
  // control as the lowering tags it.
  // Only a value's carry says so: done tokens carried on a condition are the memory
  // control of a loop whose values are carried elsewhere.
  void carryCondition(Vertex carry) {
    if (g_.node(carry).outTypes[0].isNone()) return;
    EdgeId e;
    Vertex v = carry;
    for (int steps = 0; steps < 1024 && g_.inEdge(v, 0, e); ++steps) {
      v = g_.src(e);
      if (!ops::spec(g_.node(v).kind).passesTokens) break;
    }
    if (v == carry && !g_.inEdge(carry, 0, e)) return;
    if (dfg::decidesCarryLoop(g_.node(v).kind))
      g_.node(v).outRoles[g_.edge(e).srcPort] = Role::RawWillContinue;
  }

  // Each output's role from its op; steering ops pass their input's on (passedRole). An
  // i1 done token is a done token like a none one (the static checks follow it to the
  // return).
  void inferRoles() {
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      Node& n = g_.node(v);
      for (unsigned p = 0; p < n.outTypes.size(); ++p)
        n.outRoles[p] = dfg::initialRole(n, p);
    }
    if (i1Done_) {
      PortRef d = outputOf_[i1Done_];
      g_.node(d.node).outRoles[d.port] = Role::Done;
    }
    for (Vertex v = 0; v < g_.numNodes(); ++v)
      if (g_.node(v).kind == NodeKind::Invariant && g_.node(v).outTypes[0].isNone() &&
          drivesAccessCtrl(v))
        g_.node(v).outRoles[0] = Role::MemCtrl;
    for (Vertex v = 0; v < g_.numNodes(); ++v)
      if (g_.node(v).kind == NodeKind::Carry) carryCondition(v);
    for (bool changed = true; changed;) {
      changed = false;
      for (Vertex v = 0; v < g_.numNodes(); ++v) {
        Node& n = g_.node(v);
        EdgeId in;
        // A gate of the stream's index lets the induction variable into the body.
        if (n.kind == NodeKind::Gate && n.outRoles[0] != Role::BodyIndex && g_.inEdge(v, 0, in) &&
            g_.node(g_.src(in)).outRoles[g_.edge(in).srcPort] == Role::RawIndex)
          n.outRoles[0] = Role::BodyIndex, changed = true;
        std::optional<Role> r = passedRole(v);
        if (!r) continue;
        for (Role& o : g_.node(v).outRoles)
          if (o != *r) o = *r, changed = true;
      }
    }
    for (dfg::EdgeId ch : g_.edges())
      g_.edge(ch).role = g_.node(g_.src(ch)).outRoles[g_.edge(ch).srcPort];
  }

  // A load's or store's memory group and port, from where its address goes.
  void accessPorts() {
    for (Vertex v = 0; v < g_.numNodes(); ++v) {
      Node& n = g_.node(v);
      std::vector<EdgeId> out = n.kind == NodeKind::Load || n.kind == NodeKind::Store
                                    ? g_.outEdges(v, 1)
                                    : std::vector<EdgeId>{};
      if (out.size() != 1) continue;
      const Node& m = g_.node(g_.dst(out[0]));
      if (m.kind != NodeKind::Memory && m.kind != NodeKind::ExtMemory) continue;
      unsigned q = g_.edge(out[0]).dstPort;
      n.memGroup = m.memGroup;
      n.memPort = n.kind == NodeKind::Load ? static_cast<int>(q - 2 * m.numStores)
                                           : static_cast<int>(q / 2);
    }
  }
};

// "!esi.channel<i32>" for the opaque types of host_code.h, MLIR's spelling otherwise.
std::string hostTypeText(mlir::Type t) {
  if (auto o = llvm::dyn_cast<mlir::OpaqueType>(t))
    return "!" + o.getDialectNamespace().str() + "." + o.getTypeData().str();
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

// The handshake.funcs of the text, in order, `module` wrappers looked through, and the
// host code beside them in a whole module: ops of MLIR's dialects and of host_code.h,
// parsed and left aside; anything else is refused where it stands, and each
// handshake.esi_instance must run a handshake.func of the file on channels of its types.
class ModuleReader {
public:
  ModuleReader(TextReader& r, MlirText& text) : r_(r), text_(text) {}

  std::vector<Graph> read() {
    readBlock(text_.top());
    for (mlir::Operation* inst : instances_)
      checkInstance(inst);
    return std::move(graphs_);
  }

  // After read(): each handshake.func as a program's NetworkFunction (its reference left
  // to the caller).
  std::vector<NetworkFunction> networks() const { return networks_; }

private:
  TextReader& r_;
  MlirText& text_;
  std::vector<Graph> graphs_;
  std::vector<NetworkFunction> networks_;
  std::map<std::string, mlir::Operation*> functions_;
  std::vector<mlir::Operation*> instances_;

  static bool isHostOp(mlir::Operation* op) {
    return (op->isRegistered() && !llvm::isa<FuncOp>(op)) ||
           hostOpParser(op->getName().getStringRef());
  }

  void readBlock(mlir::Block& block) {
    for (mlir::Operation& op : block) {
      if (auto m = llvm::dyn_cast<mlir::ModuleOp>(op))
        readBlock(*m.getBody());
      else if (llvm::isa<FuncOp>(op))
        readFunction(&op);
      else if (isHostOp(&op))
        readHostCode(&op);
      else
        r_.fail(&op, "expected a 'handshake.func' at the top level, found '" +
                         op.getName().getStringRef().str() + "'");
    }
  }

  void readFunction(mlir::Operation* fn) {
    FunctionReader reader(r_, text_, fn);
    graphs_.push_back(reader.read());
    NetworkFunction n;
    n.name = graphs_.back().function;
    n.loc = text_.locOf(fn);
    n.startArg = reader.startArg();
    n.doneResult = reader.doneResult();
    auto type =
        llvm::cast<mlir::FunctionType>(fn->getAttrOfType<mlir::TypeAttr>(kFunctionType).getValue());
    for (mlir::Type t : type.getInputs())
      n.argTypes.push_back(frontend::importType(t).value_or(Type::none()));
    for (mlir::Type t : type.getResults())
      n.resultTypes.push_back(frontend::importType(t).value_or(Type::none()));
    networks_.push_back(std::move(n));
    auto [it, fresh] = functions_.emplace(graphs_.back().function, fn);
    if (!fresh)
      r_.fail(fn, "duplicate function '@" + graphs_.back().function + "' (first defined at " +
                      lineCol(r_.at(it->second)) + ")");
  }

  // Every op of `root`, first in text order; the first one loom-sim does not know fails.
  void readHostCode(mlir::Operation* root) {
    mlir::Operation* bad = nullptr;
    root->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation* op) {
      if (!isHostOp(op)) {
        bad = op;
        return mlir::WalkResult::interrupt();
      }
      if (op->getName().getStringRef() == kEsiInstance) instances_.push_back(op);
      return mlir::WalkResult::advance();
    });
    if (!bad) return;
    std::string name = bad->getName().getStringRef().str();
    if (llvm::isa<FuncOp>(bad)) r_.fail(bad, "a 'handshake.func' must stand at the top level");
    r_.fail(bad, "unknown op '" + name + "' in the host code beside the handshake.funcs");
  }

  // handshake.esi_instance @f ...(channels of f's argument types) -> channels of its results.
  void checkInstance(mlir::Operation* inst) {
    auto module = inst->getAttrOfType<mlir::FlatSymbolRefAttr>(kEsiModule);
    auto it = module ? functions_.find(module.getValue().str()) : functions_.end();
    if (it == functions_.end())
      r_.fail(inst, "'" + std::string(kEsiInstance) + "' runs '@" +
                        (module ? module.getValue().str() : "") +
                        "', which is no handshake.func of this file");
    if (inst->getNumOperands() < 2)
      r_.fail(inst, "'" + std::string(kEsiInstance) + "' needs a clock and a reset operand");
    auto type = llvm::cast<mlir::FunctionType>(
        it->second->getAttrOfType<mlir::TypeAttr>(kFunctionType).getValue());
    mlir::TypeRange args = mlir::TypeRange(inst->getOperandTypes()).drop_front(2); // clk, rst
    checkChannels(inst, it->first, "argument", args, type.getInputs());
    checkChannels(inst, it->first, "result", inst->getResultTypes(), type.getResults());
  }

  void checkChannels(mlir::Operation* inst, const std::string& fn, const std::string& what,
                     mlir::TypeRange channels, mlir::TypeRange types) {
    std::string head = "'" + std::string(kEsiInstance) + "' of '@" + fn + "': ";
    if (channels.size() != types.size())
      r_.fail(inst, head + std::to_string(channels.size()) + " " + what + " channel(s) for " +
                        std::to_string(types.size()) + " " + what + "(s)");
    for (size_t i = 0; i < types.size(); ++i)
      if (channels[i] != channelType(types[i]))
        r_.fail(inst, head + what + " #" + std::to_string(i) + " is " + hostTypeText(types[i]) +
                          ", its channel " + hostTypeText(channels[i]) + " (expected " +
                          hostTypeText(channelType(types[i])) + ")");
  }
};

std::vector<Graph> readFunctions(MlirText& text) {
  TextReader r(text);
  return ModuleReader(r, text).read();
}

// MLIR's message for an op of a dialect it does not know comes with a note listing
// every loaded dialect: the op is what the user needs to hear about.
void shortenUnknownDialect(Diag& d) {
  llvm::StringRef m(d.message);
  if (!m.starts_with("Dialect `")) return;
  size_t at = m.find("custom op '");
  if (at == llvm::StringRef::npos) return;
  llvm::StringRef op = m.substr(at + 11).split('\'').first;
  d.message = "unknown op '" + op.str() + "'";
  d.notes.clear();
}

} // namespace

bool isLoomForm(const std::string& text) {
  FileKind k = sniffFileKind(text).kind;
  return k == FileKind::LoomNetworks || k == FileKind::LoomProgram;
}

ReadResult readLoom(const std::string& text, const std::string& filename) {
  return reader::parseAndRead(text, filename, makeLoomContext, readFunctions,
                              shortenUnknownDialect);
}

bool isLoomProgram(const std::string& text) {
  return sniffFileKind(text).kind == FileKind::LoomProgram;
}

namespace {

// LOOM's CPU version of a handshake.func: `<k>_dsa[_esi]` computes what `<k>_cpu` does
// (`_Z10vecsum_dsaPKjjj_esi` and `_Z10vecsum_cpuPKjjj`: the mangled length is the same).
std::string referenceOf(const Module& m, const NetworkFunction& n) {
  std::string name = n.name;
  if (name.size() > 4 && name.compare(name.size() - 4, 4, "_esi") == 0)
    name.resize(name.size() - 4);
  size_t at = name.rfind("_dsa");
  if (at == std::string::npos) return "";
  name.replace(at, 4, "_cpu");
  const Function* f = m.lookup(name);
  return f && !f->isDeclaration ? name : "";
}

} // namespace

LoomProgram readLoomProgram(std::string text, const std::string& filename) {
  LoomProgram p;
  auto mod = std::make_unique<Module>();
  mod->file = std::make_shared<const std::string>(filename);
  mod->source = std::move(text);
  runOnLargeStack([&] {
    std::unique_ptr<mlir::MLIRContext> ctx = makeLoomContext();
    MlirText t(*ctx, mod->source, mod->file);
    if ((p.error = t.parse())) {
      shortenUnknownDialect(*p.error);
      return;
    }
    if ((p.error = t.verify())) return;
    try {
      TextReader r(t);
      ModuleReader reader(r, t);
      p.graphs = reader.read();
      mod->networks = reader.networks();
    } catch (ReadError& e) {
      p.graphs.clear();
      p.error = e.diag;
      return;
    }
    if ((p.error = frontend::importModule(t, *mod))) return;
    for (NetworkFunction& n : mod->networks)
      n.reference = referenceOf(*mod, n);
  });
  if (!p.error) p.module = std::move(mod);
  return p;
}

ReadResult readDfgFile(const std::string& path) {
  ReadResult r;
  std::optional<std::string> text = readSourceFile(path, r.error);
  if (!text) return r;
  if (SniffedKind k = sniffFileKind(*text); k.kind == FileKind::ScfProgram) {
    r.error = Diag{Loc{std::make_shared<const std::string>(path), k.line, k.column},
                   wrongKindMessage(k.kind, path, false)};
    return r;
  }
  return isLoomForm(*text) ? readLoom(*text, path) : readMlir(*text, path);
}

} // namespace loom::dfg
