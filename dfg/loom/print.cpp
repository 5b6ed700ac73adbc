// The printer of LOOM's form (loom_form.h): each graph becomes a handshake.func built in
// the context of dialects.h, whose ops MLIR's printer writes in their custom syntax
// (syntax.cpp). Arguments and results are named as LOOM's SCFToDFG names them (in0,
// ..., start_token; out0, ..., done_token); values are numbered by MLIR.

#include "dfg/loom/dialects.h"
#include "dfg/loom/loom_form.h"
#include "dfg/loom/syntax.h"
#include "dfg/text/dfg_mlir.h"
#include "dfg/text/node_attrs.h"
#include "eval/memref.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/Support/raw_os_ostream.h"

#include <algorithm>
#include <sstream>

namespace loom::dfg {

namespace {

using namespace loomform;

struct PrintError {
  std::string message;
};

class Printer {
public:
  Printer(mlir::MLIRContext& ctx, const Graph& g) : ctx_(ctx), b_(&ctx), g_(g) {}

  mlir::OwningOpRef<mlir::Operation*> build() {
    if (g_.numNodes() == 0 || g_.node(g_.entry).kind != NodeKind::Entry)
      throw PrintError{"the graph has no entry node"};
    mlir::Location at = location(g_.node(g_.entry));
    mlir::OperationState st(at, FuncOp::getOperationName());
    signature(st);
    mlir::Block* body = new mlir::Block;
    for (mlir::Type t : argTypes_)
      body->addArgument(t, mlir_form::exportLoc(ctx_, g_.node(g_.entry).origin.loc));
    st.addRegion()->push_back(body);
    mlir::OwningOpRef<mlir::Operation*> fn(mlir::Operation::create(st));
    checkEntry();
    ops_.assign(g_.numNodes(), nullptr);
    for (Vertex v = 0; v < g_.numNodes(); ++v)
      if (v != g_.entry) body->push_back(ops_[v] = nodeOp(v));
    for (Vertex v = 0; v < g_.numNodes(); ++v)
      if (v != g_.entry) {
        ops_[v]->setOperands(operands(v, *body));
        capacities(v);
      }
    return fn;
  }

private:
  mlir::MLIRContext& ctx_;
  mlir::Builder b_;
  const Graph& g_;
  std::vector<mlir::Type> argTypes_;
  std::vector<int> memrefArg_;        // argument index -> its block argument
  std::vector<unsigned> entryOutArg_; // entry output -> its block argument
  std::vector<mlir::Operation*> ops_; // by vertex

  mlir::Type type(const Type& t) { return mlir_form::exportType(ctx_, t); }

  // (args, their descriptor fields, start_token) -> (results, done_token)
  void signature(mlir::OperationState& st) {
    std::vector<mlir::Attribute> names, argAttrs, resNames;
    std::vector<mlir::Type> results;
    bool fields = false;
    for (size_t i = 0; i < g_.argTypes.size(); ++i) {
      const Type& t = g_.argTypes[i];
      std::string name = "in" + std::to_string(i);
      if (t.isMemRef())
        memrefArg_.push_back(static_cast<int>(argTypes_.size()));
      else
        memrefArg_.push_back(-1), entryOutArg_.push_back(argTypes_.size());
      argTypes_.push_back(type(t));
      names.push_back(b_.getStringAttr(name));
      argAttrs.push_back(b_.getDictionaryAttr({}));
      if (!t.isMemRef()) continue;
      for (const DescriptorField& d : descriptorFields(t)) {
        std::string f = d.name();
        entryOutArg_.push_back(argTypes_.size());
        argTypes_.push_back(b_.getIndexType());
        names.push_back(b_.getStringAttr(name + "_" + f));
        argAttrs.push_back(
            b_.getDictionaryAttr({b_.getNamedAttr(kMemRefField, b_.getStringAttr(f))}));
        fields = true;
      }
    }
    entryOutArg_.push_back(argTypes_.size());
    argTypes_.push_back(b_.getNoneType());
    names.push_back(b_.getStringAttr("start_token"));
    argAttrs.push_back(b_.getDictionaryAttr({}));
    for (size_t i = 0; i < g_.resultTypes.size(); ++i) {
      results.push_back(type(g_.resultTypes[i]));
      resNames.push_back(b_.getStringAttr("out" + std::to_string(i)));
    }
    results.push_back(b_.getNoneType());
    resNames.push_back(b_.getStringAttr("done_token"));
    st.addAttribute(kSymName, b_.getStringAttr(g_.function));
    st.addAttribute(kFunctionType, mlir::TypeAttr::get(b_.getFunctionType(argTypes_, results)));
    if (fields) st.addAttribute(kArgAttrs, b_.getArrayAttr(argAttrs));
    st.addAttribute(kArgNames, b_.getArrayAttr(names));
    st.addAttribute(kResNames, b_.getArrayAttr(resNames));
  }

  void checkEntry() {
    const Node& e = g_.node(g_.entry);
    if (e.outTypes.size() != entryOutArg_.size())
      throw PrintError{"the entry node has " + std::to_string(e.outTypes.size()) +
                       " outputs, but the arguments call for " +
                       std::to_string(entryOutArg_.size())};
  }

  mlir::Operation* nodeOp(Vertex v) {
    const Node& n = g_.node(v);
    if (n.kind == NodeKind::HostResult)
      throw PrintError{"'" + n.name + "' is made by elaboration and has no text"};
    mlir::OperationState st(location(n), n.opName());
    if (n.kind != NodeKind::Return) // its outputs are the host's ends of the results
      for (const Type& t : n.outTypes)
        st.addTypes(type(t));
    attrs(n, st);
    return mlir::Operation::create(st);
  }

  // The op's name within its function and the place it came from, as loom-sim's own form
  // records it (dfg_mlir.h): reading the text back gives each op the name and the source
  // position it had, so that findings read the same in both forms. LOOM's reader takes
  // the location as any other.
  mlir::Location location(const Node& n) {
    std::string name = n.name;
    if (name.rfind(g_.function + "/", 0) == 0) name.erase(0, g_.function.size() + 1);
    return mlir::NameLoc::get(b_.getStringAttr(name), mlir_form::exportLoc(ctx_, n.origin.loc));
  }

  void attrs(const Node& n, mlir::OperationState& st) {
    mlir::NamedAttrList a;
    if (auto err = node_attrs::printAttrs(ctx_, n, node_attrs::kLoomForm, a))
      throw PrintError{"'" + n.name + "' " + *err};
    st.addAttributes(a);
  }

  // One channel per input port, in port order (an extmemory's memref first).
  // Channels with a capacity of their own (an scf.parallel's body, docs/design.md): LOOM's
  // syntax has none, so a note in loom-sim's namespace, which LOOM's reader skips, gives
  // each input's capacity (0: the timing's default).
  void capacities(Vertex v) {
    const Node& n = g_.node(v);
    std::vector<int64_t> caps(n.inTypes.size(), 0);
    bool any = false;
    for (unsigned p = 0; p < n.inTypes.size(); ++p) {
      EdgeId e;
      if (g_.inEdge(v, p, e) && g_.edge(e).capacity) {
        caps[p] = g_.edge(e).capacity;
        any = true;
      }
    }
    if (any)
      ops_[v]->setAttr(kLoomCapacities, mlir::Builder(ops_[v]->getContext()).getI64ArrayAttr(caps));
  }

  std::vector<mlir::Value> operands(Vertex v, mlir::Block& body) {
    const Node& n = g_.node(v);
    std::vector<mlir::Value> out;
    if (n.kind == NodeKind::ExtMemory) {
      if (n.argIndex < 0 || static_cast<size_t>(n.argIndex) >= memrefArg_.size() ||
          memrefArg_[n.argIndex] < 0)
        throw PrintError{"'" + n.name + "' stands for no memref argument"};
      out.push_back(body.getArgument(memrefArg_[n.argIndex]));
    }
    for (unsigned p = 0; p < n.inTypes.size(); ++p) {
      EdgeId e;
      if (!g_.inEdge(v, p, e))
        throw PrintError{"input '" + n.portName(true, p) + "' of '" + n.name +
                         "' is not connected"};
      Vertex src = g_.src(e);
      unsigned port = g_.edge(e).srcPort;
      out.push_back(src == g_.entry ? mlir::Value(body.getArgument(entryOutArg_.at(port)))
                                    : ops_[src]->getResult(port));
    }
    if (g_.inDegree(v) != n.inTypes.size())
      throw PrintError{"'" + n.name + "' has an input fed by several channels"};
    return out;
  }
};

} // namespace

std::optional<std::string> printLoom(const Graph& g, std::ostream& os) {
  std::unique_ptr<mlir::MLIRContext> ctx = makeLoomContext();
  mlir::OwningOpRef<mlir::Operation*> fn;
  try {
    fn = Printer(*ctx, g).build();
  } catch (PrintError& e) {
    return "cannot write '@" + g.function + "' in LOOM's form: " + e.message;
  }
  mlir::OpPrintingFlags flags;
  flags.useLocalScope().assumeVerified().enableDebugInfo(true, /*prettyForm=*/false);
  llvm::raw_os_ostream out(os);
  fn->print(out, flags);
  out << "\n";
  return std::nullopt;
}

bool dfgFormatFromName(const std::string& name, DfgFormat& out) {
  if (name == "loom.dfg")
    out = DfgFormat::LoomDfg;
  else if (name == "loom")
    out = DfgFormat::Loom;
  else
    return false;
  return true;
}

std::optional<std::string> printDfg(const std::vector<Graph>& graphs, DfgFormat format,
                                    std::ostream& os) {
  std::ostringstream text;
  for (const Graph& g : graphs)
    if (format == DfgFormat::Loom) {
      if (auto err = printLoom(g, text)) return err;
    } else {
      printMlir(g, text);
    }
  os << text.str();
  return std::nullopt;
}

} // namespace loom::dfg
