// MLIR -> loom-sim SCF IR. One walk over the verified module, pre-order, so op ids
// are dense and in source order as before. Each op maps to an OpKind once, by name;
// the few ops whose meaning lives in attributes or properties (constants, predicates,
// callees, static view operands, reassociations) get a small function each. Anything
// that would change what an op computes and that loom-sim does not model (unsigned
// scf.for, vector.print punctuation, rounding modes, layout symbols) is refused as
// unsupported rather than ignored.

#include "frontend/import.h"

#include "frontend/limits.h"
#include "frontend/mlir_text.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

namespace loom::frontend {
namespace {

std::string printed(mlir::Attribute a) {
  std::string s;
  llvm::raw_string_ostream os(s);
  a.print(os);
  return s;
}

std::string printed(mlir::Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

// A type or attribute quoted in a message: a `tuple<tuple<...>>` nested thousands deep
// would make a message of megabytes.
std::string elided(std::string s) {
  constexpr size_t kMax = 200;
  if (s.size() > kMax) s = s.substr(0, kMax) + "... (" + std::to_string(s.size()) + " characters)";
  return s;
}

struct Unsupported {
  Diag diag;
};

class Importer {
public:
  Importer(MlirText& text, Module& out) : text_(text), mod_(out) {}

  void importTop(mlir::Block& top) {
    for (mlir::Operation& op : top) {
      if (auto m = llvm::dyn_cast<mlir::ModuleOp>(op)) {
        importTop(*m.getBody());
      } else if (auto f = llvm::dyn_cast<mlir::func::FuncOp>(op)) {
        importFunc(f);
      } else if (auto g = llvm::dyn_cast<mlir::memref::GlobalOp>(op)) {
        importGlobal(g);
      } else if (!isLeftToOthers(op)) {
        unsupported(&op, "at the top level (func.func, memref.global and module are; in a "
                         "program LOOM compiled also handshake.func and LLVM declarations)");
      }
    }
  }

private:
  MlirText& text_;
  Module& mod_;
  Function* func_ = nullptr;
  unsigned depth_ = 0; // regions around the op being imported, in its function
  llvm::DenseMap<mlir::Value, Value*> values_;
  llvm::DenseMap<mlir::Block*, Block*> blocks_;

  Loc locOf(mlir::Operation* op) { return text_.locOf(op); }

  [[noreturn]] void fail(mlir::Operation* op, const std::string& msg) {
    throw Unsupported{Diag{locOf(op), msg}};
  }
  [[noreturn]] void unsupported(mlir::Operation* op, const std::string& why = "") {
    std::string name = op->getName().getStringRef().str();
    fail(op, "unsupported operation '" + name + "'" + (why.empty() ? "" : " " + why));
  }

  Type typeOf(mlir::Operation* op, mlir::Type t) {
    if (auto r = importType(t)) return *r;
    fail(op, "unsupported type " + elided(printed(t)) + " in '" +
                 op->getName().getStringRef().str() + "'");
  }

  // ---- values ----------------------------------------------------------------------

  void define(mlir::Value mv, Value* v, const Loc& fallback) {
    auto [name, at] = text_.nameOf(mv);
    if (!name.empty()) {
      v->name = name;
      v->loc = text_.at(at);
    } else {
      v->name = "%" + std::to_string(func_->numSlots);
      v->loc = fallback;
    }
    v->slot = func_->numSlots++;
    values_[mv] = v;
  }

  Value* use(mlir::Operation* user, mlir::Value mv) {
    auto it = values_.find(mv);
    if (it == values_.end()) fail(user, "operand defined outside the function (not supported)");
    return it->second;
  }

  // What a program LOOM compiled holds at its top level besides functions and globals,
  // which only a context that knows their dialects parses (dfg/loom): its handshake.funcs,
  // read into networks by that reader; the C functions it declares (llvm.func: a call of
  // one is checked where it is made); LLVM's module flags.
  static bool isLeftToOthers(mlir::Operation& op) {
    llvm::StringRef n = op.getName().getStringRef();
    return n == "handshake.func" ||
           llvm::isa<mlir::LLVM::LLVMFuncOp, mlir::LLVM::ModuleFlagsOp>(op);
  }

  // memref.global: a static shape of scalars, its initial value dense (or absent: zeros).
  void importGlobal(mlir::memref::GlobalOp g) {
    Global out;
    out.name = g.getSymName().str();
    out.loc = locOf(g);
    out.constant = g.getConstant();
    out.type = typeOf(g, g.getType());
    if (!out.type.isMemRef() || !g.getType().hasStaticShape())
      unsupported(g, "of a type without a static shape");
    size_t n = static_cast<size_t>(g.getType().getNumElements());
    out.data.assign(n, 0);
    if (auto init = g.getInitialValue()) {
      auto dense = llvm::dyn_cast<mlir::DenseElementsAttr>(*init);
      if (!dense) unsupported(g, "with an initial value that is not a dense literal");
      size_t i = 0;
      if (dense.getElementType().isIntOrIndex()) {
        for (const llvm::APInt& v : dense.getValues<llvm::APInt>())
          out.data[i++] = v.getZExtValue() & widthMask(out.type.mem->elem.width);
      } else {
        for (const llvm::APFloat& v : dense.getValues<llvm::APFloat>())
          out.data[i++] = v.bitcastToAPInt().getZExtValue();
      }
    }
    mod_.globals.push_back(std::move(out));
  }

  // ---- functions, regions, blocks --------------------------------------------------

  void importFunc(mlir::func::FuncOp f) {
    auto fn = std::make_unique<Function>();
    fn->name = f.getSymName().str();
    fn->loc = locOf(f);
    fn->isPrivate = f.isPrivate();
    for (mlir::Type t : f.getArgumentTypes())
      fn->argTypes.push_back(typeOf(f, t));
    for (mlir::Type t : f.getResultTypes())
      fn->resultTypes.push_back(typeOf(f, t));
    fn->body.func = fn.get();
    func_ = fn.get();
    values_.clear();
    fn->isDeclaration = f.isExternal();
    if (!fn->isDeclaration) importRegion(f.getBody(), fn->body, f);
    mod_.functions.push_back(std::move(fn));
    func_ = nullptr;
  }

  // A region of an scf op has one block; a function body may have several, joined by
  // cf branches (left by a producer in `main`): every block and its arguments are made
  // first, since a branch may name a block further down.
  void importRegion(mlir::Region& mr, Region& r, mlir::Operation* owner) {
    if (mr.empty()) return;
    bool isBody = llvm::isa<mlir::func::FuncOp>(owner);
    if (!mr.hasOneBlock() && !isBody)
      fail(owner,
           "unsupported: a region with more than one block (unstructured control flow) in '" +
               owner->getName().getStringRef().str() + "'");
    for (mlir::Block& mb : mr) {
      auto b = std::make_unique<Block>();
      b->parent = &r;
      b->loc = blockLoc(mb, owner);
      for (mlir::BlockArgument a : mb.getArguments()) {
        auto v = std::make_unique<Value>();
        v->type = typeOf(owner, a.getType());
        v->owner = b.get();
        v->index = a.getArgNumber();
        define(a, v.get(), b->loc);
        b->args.push_back(std::move(v));
      }
      blocks_[&mb] = b.get();
      r.blocks.push_back(std::move(b));
    }
    for (mlir::Block* mb : dominanceOrder(mr))
      importOps(*mb, *blocks_.lookup(mb));
  }

  // The blocks in a depth-first pre-order from the entry, which visits every block after
  // the blocks that dominate it (so a value is imported before its uses, whatever the
  // text order); blocks not reached from the entry come last, in text order.
  static std::vector<mlir::Block*> dominanceOrder(mlir::Region& r) {
    std::vector<mlir::Block*> order, stack{&r.front()};
    llvm::DenseSet<mlir::Block*> seen{&r.front()};
    while (!stack.empty()) {
      mlir::Block* b = stack.back();
      stack.pop_back();
      order.push_back(b);
      std::vector<mlir::Block*> succ(b->getSuccessors().begin(), b->getSuccessors().end());
      for (auto it = succ.rbegin(); it != succ.rend(); ++it) // first successor on top
        if (seen.insert(*it).second) stack.push_back(*it);
    }
    for (mlir::Block& b : r)
      if (!seen.count(&b)) order.push_back(&b);
    return order;
  }

  Loc blockLoc(mlir::Block& mb, mlir::Operation* owner) {
    if (const auto* d = text_.state().getBlockDef(&mb); d && d->definition.loc.isValid())
      return text_.at(d->definition.loc.Start);
    return locOf(owner);
  }

  // kMaxNestingDepth (frontend/limits.h): an op whose regions lie deeper is refused, located.
  // Every later stage recurses per level; this is the depth they are measured at.
  void enterRegions(mlir::Operation* op) {
    if (++depth_ > kMaxNestingDepth)
      fail(op, "'" + op->getName().getStringRef().str() + "' nested " + std::to_string(depth_) +
                   " regions deep; more than " + std::to_string(kMaxNestingDepth) +
                   " is not supported");
  }

  void importOps(mlir::Block& mb, Block& b) {
    for (mlir::Operation& op : mb) {
      if (auto er = llvm::dyn_cast<mlir::scf::ExecuteRegionOp>(op)) {
        inlineExecuteRegion(er, b);
        continue;
      }
      importOp(&op, b);
    }
  }

  // A single-block scf.execute_region is its block, run in place: its ops join the
  // enclosing block and its results are the values its scf.yield yields (as MLIR's
  // own canonicalization inlines it).
  void inlineExecuteRegion(mlir::scf::ExecuteRegionOp er, Block& b) {
    mlir::Region& r = er.getRegion();
    if (!r.hasOneBlock())
      fail(
          er,
          "unsupported: 'scf.execute_region' with more than one block (unstructured control flow)");
    mlir::Block& body = r.front();
    enterRegions(er);
    for (mlir::Operation& op : body.without_terminator()) {
      if (auto inner = llvm::dyn_cast<mlir::scf::ExecuteRegionOp>(op))
        inlineExecuteRegion(inner, b);
      else
        importOp(&op, b);
    }
    --depth_;
    mlir::Operation* yield = body.getTerminator();
    for (unsigned i = 0; i < er.getNumResults(); ++i)
      values_[er.getResult(i)] = use(yield, yield->getOperand(i));
  }

  // ---- ops -------------------------------------------------------------------------

  Op* newOp(mlir::Operation* mop, OpKind kind, Block& b) {
    auto op = std::make_unique<Op>();
    op->kind = kind;
    op->loc = locOf(mop);
    op->id = mod_.numOps++;
    op->parent = &b;
    b.ops.push_back(std::move(op));
    return b.ops.back().get();
  }

  void addOperands(Op* op, mlir::Operation* mop, mlir::OperandRange range) {
    for (mlir::Value v : range) {
      op->operands.push_back(use(mop, v));
      op->operandLocs.push_back(op->loc);
    }
  }

  void addResults(Op* op, mlir::Operation* mop) {
    for (mlir::OpResult r : mop->getResults()) {
      auto v = std::make_unique<Value>();
      v->type = typeOf(mop, r.getType());
      v->def = op;
      v->index = r.getResultNumber();
      define(r, v.get(), op->loc);
      op->results.push_back(std::move(v));
    }
  }

  static OpKind kindOf(mlir::Operation* op, bool& ok) {
    OpKind k = OpKind::Func;
    ok = lookupOpKind(op->getName().getStringRef(), k) && k != OpKind::Func;
    return k;
  }

  // Why a math op is not simulated; the others loom-sim computes exactly as the
  // oracle's pipeline (scripts/oracle.sh) lowers them (eval/arith.cpp). None of
  // these but sincos is lowered by MLIR 22's convert-math-to-llvm, so the oracle cannot
  // run them either; other pipelines expand them (--math-polynomial-approximation,
  // --math-expand-ops, --convert-math-to-funcs) or call libm (--convert-math-to-libm).
  static const char* whyNotMath(llvm::StringRef name) {
    static const std::pair<const char*, const char*> kReasons[] = {
        {"math.erf", "(its result depends on a polynomial expansion loom-sim does not reproduce; "
                     "convert-math-to-llvm does not lower it)"},
        {"math.erfc", "(its result depends on a polynomial expansion loom-sim does not reproduce; "
                      "convert-math-to-llvm does not lower it)"},
        {"math.cbrt", "(its result depends on a polynomial expansion loom-sim does not reproduce; "
                      "convert-math-to-llvm does not lower it)"},
        {"math.acosh", "(its result depends on a log/sqrt expansion loom-sim does not reproduce; "
                       "convert-math-to-llvm does not lower it)"},
        {"math.asinh", "(its result depends on a log/sqrt expansion loom-sim does not reproduce; "
                       "convert-math-to-llvm does not lower it)"},
        {"math.atanh", "(its result depends on a log/sqrt expansion loom-sim does not reproduce; "
                       "convert-math-to-llvm does not lower it)"},
        {"math.isinf", "(convert-math-to-llvm does not lower it, so the oracle cannot run it; "
                       "math.isnan and math.isfinite are supported)"},
        {"math.isnormal", "(convert-math-to-llvm does not lower it, so the oracle cannot run it; "
                          "math.isnan and math.isfinite are supported)"},
        {"math.ipowi", "(convert-math-to-llvm does not lower it, so the oracle cannot run it; "
                       "math.fpowi is supported)"},
        {"math.clampf", "(convert-math-to-llvm does not lower it, so the oracle cannot run it; "
                        "write it with arith.minimumf and arith.maximumf)"},
        {"math.sincos",
         "(it has two results and a compute unit has one; use math.sin and math.cos)"},
    };
    for (const auto& [op, why] : kReasons)
      if (name == op) return why;
    return "";
  }

  void importOp(mlir::Operation* mop, Block& b) {
    bool ok = false;
    OpKind kind = kindOf(mop, ok);
    if (!ok) unsupported(mop, whyNotMath(mop->getName().getStringRef()));
    refuseChangedMeaning(mop);
    Op* op = newOp(mop, kind, b);
    importAttrs(op, mop);
    llvm::TypeSwitch<mlir::Operation*>(mop)
        .Case([&](mlir::arith::ConstantOp c) { importConstant(op, c); })
        .Case([&](mlir::arith::CmpIOp c) { op->cmpi = static_cast<CmpIPred>(c.getPredicate()); })
        .Case([&](mlir::arith::CmpFOp c) { op->cmpf = static_cast<CmpFPred>(c.getPredicate()); })
        .Case([&](mlir::func::CallOp c) { op->callee = c.getCallee().str(); })
        .Case([&](mlir::memref::GetGlobalOp g) { op->callee = g.getName().str(); })
        .Case([&](mlir::LLVM::CallOp c) { importCCall(op, c); })
        .Case([&](mlir::scf::IndexSwitchOp sw) {
          op->cases.assign(sw.getCases().begin(), sw.getCases().end());
        })
        .Case([&](mlir::memref::SubViewOp v) {
          setStatics(op, v.getStaticOffsets(), v.getStaticSizes(), v.getStaticStrides());
        })
        .Case([&](mlir::memref::ReinterpretCastOp v) {
          setStatics(op, v.getStaticOffsets(), v.getStaticSizes(), v.getStaticStrides());
        })
        .Case([&](mlir::memref::CollapseShapeOp v) {
          setReassociation(op, v.getReassociationIndices());
        })
        .Case([&](mlir::memref::ExpandShapeOp v) {
          setReassociation(op, v.getReassociationIndices());
        })
        .Case(
            [&](mlir::memref::AllocOp a) { refuseLayoutSymbols(a, a.getSymbolOperands().size()); })
        .Case(
            [&](mlir::memref::AllocaOp a) { refuseLayoutSymbols(a, a.getSymbolOperands().size()); })
        .Case([&](mlir::cf::BranchOp br) { setSuccessors(op, br); })
        .Case([&](mlir::cf::CondBranchOp br) { setSuccessors(op, br); })
        .Case([&](mlir::cf::AssertOp a) {
          Attr msg;
          msg.kind = Attr::Kind::String;
          msg.s = a.getMsg().str();
          op->attrs["msg"] = msg;
        })
        .Default([](mlir::Operation*) {});
    if (kind == OpKind::EsiInstance) importEsiInstance(op, mop);
    // memref.expand_shape's dynamic output_shape values follow its source as operands
    // 1..n (for printing); the interpreter and the lowering infer the sizes from the
    // source, which a valid program agrees with. An esi_instance's clock and reset are
    // the simulator's: its operands are its channels.
    addOperands(op, mop, mop->getOperands().drop_front(kind == OpKind::EsiInstance ? 2 : 0));
    addResults(op, mop);
    if (mop->getNumRegions() == 0) return;
    enterRegions(mop);
    for (unsigned i = 0; i < mop->getNumRegions(); ++i) {
      auto r = std::make_unique<Region>();
      r->parent = op;
      Region& raw = *r;
      op->regions.push_back(std::move(r));
      importRegion(mop->getRegion(i), raw, mop);
      // An omitted else of a result-less scf.if is an empty region with an implicit
      // yield, as the interpreter and the lowering expect.
      if (raw.empty() && kind == OpKind::If && op->results.empty()) implicitYield(op, raw);
    }
    --depth_;
  }

  // llvm.call of a C library function the interpreter models (interp/c_library.h);
  // which ones is checked by the verifier, with the other calls.
  void importCCall(Op* op, mlir::LLVM::CallOp c) {
    std::optional<llvm::StringRef> callee = c.getCallee();
    if (!callee) unsupported(c, "through a function pointer");
    op->callee = callee->str();
  }

  // handshake.esi_instance @f "f_inst0" clk %c rst %r(%channels): CIRCT's syntax
  // (dfg/loom/host_code.h parses it), whose symbol attribute is `module`.
  void importEsiInstance(Op* op, mlir::Operation* mop) {
    auto f = mop->getAttrOfType<mlir::FlatSymbolRefAttr>("module");
    if (!f || mop->getNumOperands() < 2)
      unsupported(mop, "without a function, a clock and a reset");
    op->callee = f.getValue().str();
  }

  void implicitYield(Op* op, Region& r) {
    auto b = std::make_unique<Block>();
    b->parent = &r;
    b->loc = op->loc;
    auto y = std::make_unique<Op>();
    y->kind = OpKind::Yield;
    y->loc = op->loc;
    y->id = mod_.numOps++;
    y->parent = b.get();
    b->ops.push_back(std::move(y));
    r.blocks.push_back(std::move(b));
  }

  // Ops whose attributes change what they compute in a way loom-sim does not model.
  void refuseChangedMeaning(mlir::Operation* mop) {
    if (auto f = llvm::dyn_cast<mlir::scf::ForOp>(mop); f && f.getUnsignedCmp())
      unsupported(mop, "with unsigned comparison ('unsignedCmp')");
    // Fast-math flags that let LLVM approximate (arcp: a reciprocal estimate for sqrt and
    // division, afn: approximate functions) leave no single result to check a run
    // against: mlir-runner's own output changes with them. The others only permit
    // assumptions (no NaN, no inf, no signed zero, reassociation, contraction), which
    // the exact IEEE result that loom-sim computes always satisfies.
    if (auto fm = mop->getAttrOfType<mlir::arith::FastMathFlagsAttr>("fastmath")) {
      using F = mlir::arith::FastMathFlags;
      auto v = static_cast<uint32_t>(fm.getValue());
      if (v & (static_cast<uint32_t>(F::arcp) | static_cast<uint32_t>(F::afn)))
        unsupported(
            mop,
            "with fast-math flags " + mlir::arith::stringifyFastMathFlags(fm.getValue()) +
                " (arcp and afn let LLVM approximate: there is no single result to check against)");
    }
    if (auto p = llvm::dyn_cast<mlir::vector::PrintOp>(mop)) {
      if (p.getStringLiteral()) unsupported(mop, "of a string");
      if (p.getPunctuation() != mlir::vector::PrintPunctuation::NewLine)
        unsupported(mop, "with punctuation other than the default newline");
      if (p.getNumOperands() != 1) unsupported(mop, "without a value");
    }
    if (auto rm = mop->getAttrOfType<mlir::arith::RoundingModeAttr>("roundingmode");
        rm && rm.getValue() != mlir::arith::RoundingMode::to_nearest_even)
      unsupported(mop, "with rounding mode '" +
                           mlir::arith::stringifyRoundingMode(rm.getValue()).str() + "'");
  }

  // Successor blocks in order; the operands forwarded to each are the op's operands
  // after the condition, in the same order.
  void setSuccessors(Op* op, mlir::BranchOpInterface br) {
    for (unsigned i = 0; i < br->getNumSuccessors(); ++i) {
      op->successors.push_back(blocks_.lookup(br->getSuccessor(i)));
      op->successorOperands.push_back(
          static_cast<unsigned>(br.getSuccessorOperands(i).getForwardedOperands().size()));
    }
  }

  void refuseLayoutSymbols(mlir::Operation* mop, size_t n) {
    if (n) unsupported(mop, "with layout symbol operands");
  }

  void importConstant(Op* op, mlir::arith::ConstantOp c) {
    mlir::Attribute v = c.getValue();
    if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(v)) {
      const llvm::APInt& ap = i.getValue();
      if (ap.getBitWidth() > 64) unsupported(c, "wider than 64 bits");
      op->constBits = ap.getZExtValue();
      return;
    }
    if (auto f = llvm::dyn_cast<mlir::FloatAttr>(v)) {
      op->constBits = f.getValue().bitcastToAPInt().getZExtValue();
      return;
    }
    unsupported(c, "of value " + elided(printed(v)) +
                       " (vector and tensor constants are not supported)");
  }

  void setStatics(Op* op, llvm::ArrayRef<int64_t> offs, llvm::ArrayRef<int64_t> sizes,
                  llvm::ArrayRef<int64_t> strides) {
    static_assert(kDynamic == mlir::ShapedType::kDynamic, "one marker for dynamic values");
    op->staticOffsets.assign(offs.begin(), offs.end());
    op->staticSizes.assign(sizes.begin(), sizes.end());
    op->staticStrides.assign(strides.begin(), strides.end());
    auto dyn = [](llvm::ArrayRef<int64_t> v) {
      return static_cast<unsigned>(llvm::count(v, mlir::ShapedType::kDynamic));
    };
    op->numDynOffsets = dyn(offs);
    op->numDynSizes = dyn(sizes);
    op->numDynStrides = dyn(strides);
  }

  void setReassociation(Op* op, const llvm::SmallVector<mlir::ReassociationIndices, 4>& groups) {
    for (const auto& g : groups)
      op->reassociation.emplace_back(g.begin(), g.end());
  }

  // Discardable attributes (`{loom.selected_dfg_root}`, `{tag = 3}`) of the kinds the
  // IR holds; others are kept as their printed text.
  void importAttrs(Op* op, mlir::Operation* mop) {
    for (mlir::NamedAttribute na : mop->getDiscardableAttrs())
      op->attrs[na.getName().str()] = convertAttr(na.getValue());
  }

  Attr convertAttr(mlir::Attribute a) {
    Attr r;
    if (llvm::isa<mlir::UnitAttr>(a)) return r;
    if (auto b = llvm::dyn_cast<mlir::BoolAttr>(a)) {
      r.kind = Attr::Kind::Bool;
      r.i = b.getValue();
    } else if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(a)) {
      r.kind = Attr::Kind::Int;
      r.i = i.getValue().getBitWidth() <= 64 ? i.getValue().getSExtValue() : 0;
      if (auto t = importType(i.getType())) r.type = *t;
    } else if (auto f = llvm::dyn_cast<mlir::FloatAttr>(a)) {
      r.kind = Attr::Kind::Float;
      r.f = f.getValueAsDouble();
      if (auto t = importType(f.getType())) r.type = *t;
    } else if (auto s = llvm::dyn_cast<mlir::StringAttr>(a)) {
      r.kind = Attr::Kind::String;
      r.s = s.getValue().str();
    } else if (auto s = llvm::dyn_cast<mlir::FlatSymbolRefAttr>(a)) {
      r.kind = Attr::Kind::Symbol;
      r.s = s.getValue().str();
    } else if (auto t = llvm::dyn_cast<mlir::TypeAttr>(a)) {
      r.kind = Attr::Kind::TypeAttr;
      if (auto tt = importType(t.getValue())) r.type = *tt;
    } else if (auto arr = llvm::dyn_cast<mlir::ArrayAttr>(a)) {
      r.kind = Attr::Kind::Array;
      r.array = std::make_shared<AttrList>();
      for (mlir::Attribute e : arr)
        r.array->push_back(convertAttr(e));
    } else {
      r.kind = Attr::Kind::String;
      r.s = printed(a);
    }
    return r;
  }
};

} // namespace

std::optional<Type> importType(mlir::Type t) {
  if (llvm::isa<mlir::IndexType>(t)) return Type::index();
  // A program LOOM compiled: a pointer is its address; a channel (`!esi.channel<T>`, an
  // opaque type: dfg/loom/host_code.h) carries a T; the clock (`!seq.clock`) is a bit.
  if (llvm::isa<mlir::LLVM::LLVMPointerType>(t)) return Type::integer(64);
  if (auto o = llvm::dyn_cast<mlir::OpaqueType>(t)) {
    llvm::StringRef ns = o.getDialectNamespace().getValue(), data = o.getTypeData();
    if (ns == "seq" && data == "clock") return Type::i1();
    if (ns == "esi" && data.consume_front("channel<") && data.consume_back(">"))
      if (mlir::Type inner =
              mlir::parseType(data, t.getContext(), nullptr, /*isKnownNullTerminated=*/false))
        return importType(inner);
    return std::nullopt;
  }
  if (auto i = llvm::dyn_cast<mlir::IntegerType>(t)) {
    if (!i.isSignless() || i.getWidth() > 64 || i.getWidth() == 0) return std::nullopt;
    return Type::integer(i.getWidth());
  }
  if (t.isF16()) return Type{TypeKind::F16, 16, nullptr};
  if (t.isF32()) return Type::f32();
  if (t.isF64()) return Type::f64();
  if (llvm::isa<mlir::NoneType>(t)) return Type::none();
  if (auto u = llvm::dyn_cast<mlir::UnrankedMemRefType>(t)) {
    auto e = importType(u.getElementType());
    if (!e || !e->isScalar() || u.getMemorySpace()) return std::nullopt;
    return makeUnrankedMemRef(*e);
  }
  auto m = llvm::dyn_cast<mlir::MemRefType>(t);
  if (!m) return std::nullopt;
  auto e = importType(m.getElementType());
  if (!e || !e->isScalar() || m.getMemorySpace()) return std::nullopt;
  std::vector<int64_t> shape(m.getShape().begin(), m.getShape().end());
  if (m.getLayout().isIdentity()) return makeMemRef(*e, shape);
  llvm::SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (mlir::failed(m.getStridesAndOffset(strides, offset))) return std::nullopt;
  return makeStridedMemRef(*e, shape, offset, std::vector<int64_t>(strides.begin(), strides.end()),
                           printed(m.getLayout()));
}

std::unique_ptr<mlir::MLIRContext> makeInputContext() {
  mlir::DialectRegistry reg;
  reg.insert<mlir::func::FuncDialect, mlir::scf::SCFDialect, mlir::arith::ArithDialect,
             mlir::memref::MemRefDialect, mlir::math::MathDialect, mlir::vector::VectorDialect,
             mlir::cf::ControlFlowDialect, mlir::LLVM::LLVMDialect, mlir::ub::UBDialect>();
  auto ctx = std::make_unique<mlir::MLIRContext>(reg, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  return ctx;
}

std::optional<Diag> importModule(MlirText& text, Module& out) {
  try {
    Importer imp(text, out);
    imp.importTop(text.top());
  } catch (Unsupported& u) {
    return u.diag;
  }
  return std::nullopt;
}

} // namespace loom::frontend
