#include "verify/verifier.h"

#include "eval/arith.h"
#include "eval/c_library.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace loom {
namespace {

struct VerifyError {
  Diag diag;
};

[[noreturn]] void fail(const Loc& loc, std::string msg) {
  throw VerifyError{Diag{loc, std::move(msg)}};
}

std::string opStr(const Op& op) {
  return "'" + std::string(op.name()) + "'";
}

class Verifier {
public:
  explicit Verifier(const Module& m) : mod_(m) {}

  void run() {
    for (auto& f : mod_.functions)
      verifyFunction(*f);
  }

private:
  const Module& mod_;
  const Function* func_ = nullptr;
  std::unordered_map<const Value*, std::optional<Bits>> constants_; // see constantValue
  // Each op's place in its block, for the blocks entered so far (every block enclosing the
  // op being verified): a use's dominance in O(1), not a walk over a long block.
  std::unordered_map<const Op*, size_t> position_;

  void verifyFunction(const Function& f) {
    func_ = &f;
    if (f.isDeclaration) return;
    const Block& entry = f.body.front();
    for (size_t i = 0; i < entry.args.size(); ++i)
      if (entry.args[i]->type != f.argTypes[i]) fail(entry.args[i]->loc, "argument type mismatch");
    // Blocks after the entry come with cf branches; MLIR's verifier has checked their
    // dominance and successor operands, this checks what the interpreter relies on.
    for (auto& b : f.body.blocks) {
      verifyBlock(*b);
      const Op* term = b->terminator();
      bool branch = term && (term->kind == OpKind::CfBr || term->kind == OpKind::CfCondBr);
      if (!term || (term->kind != OpKind::FuncReturn && !branch))
        fail(f.loc, "function '@" + f.name + "' must end with a return");
      if (!branch) checkTypes(*term, term->operands, f.resultTypes, "returns", "function result");
    }
  }

  // Every op of `top` and of the regions nested in it, pre-order. An explicit stack, not
  // recursion: regions nest as deep as the program does.
  void verifyBlock(const Block& top) {
    std::vector<std::pair<const Block*, size_t>> stack; // a block, its next op
    enter(top, stack);
    while (!stack.empty()) {
      const Block& b = *stack.back().first;
      size_t i = stack.back().second++;
      if (i == b.ops.size()) {
        stack.pop_back();
        continue;
      }
      const Op& op = *b.ops[i];
      if (isTerminator(op.kind) && i + 1 != b.ops.size())
        fail(op.loc, opStr(op) + " must be the last operation of its block");
      for (size_t k = 0; k < op.operands.size(); ++k)
        checkDominance(op, static_cast<unsigned>(k));
      verifyOp(op);
      for (auto r = op.regions.rbegin(); r != op.regions.rend(); ++r)
        for (auto nb = (*r)->blocks.rbegin(); nb != (*r)->blocks.rend(); ++nb)
          enter(**nb, stack);
    }
  }
  void enter(const Block& b, std::vector<std::pair<const Block*, size_t>>& stack) {
    for (size_t i = 0; i < b.ops.size(); ++i)
      position_[b.ops[i].get()] = i;
    stack.emplace_back(&b, 0);
  }

  // A value dominates a use if its block encloses the use's block (walking out through
  // parent ops) and, within the same block, it is defined before the using op.
  void checkDominance(const Op& user, unsigned k) {
    const Value* v = user.operands[k];
    const Block* defBlock = v->def ? v->def->parent : v->owner;
    const Op* anchor = &user; // the op in the current block on the path to the use
    const Block* b = user.parent;
    while (b && b != defBlock) {
      anchor = b->parent ? b->parent->parent : nullptr;
      b = anchor ? anchor->parent : nullptr;
    }
    // A use in one block of a function body of a value of another: the branches decide,
    // and MLIR's verifier has checked that the definition dominates the use.
    if (!b && defBlock && !defBlock->parent->parent && user.parent && funcBlockOf(user) != defBlock)
      return;
    bool ok = b != nullptr;
    // Defined by an op of the same block: it must come strictly before the anchor.
    if (ok && v->def) ok = position_.at(v->def) < position_.at(anchor);
    if (!ok)
      fail(user.operandLocs[k],
           "operand #" + std::to_string(k) + " ('" + v->name + "') does not dominate this use");
  }

  // The top-level block of the function body that holds `op` (walking out of regions).
  static const Block* funcBlockOf(const Op& op) {
    const Block* b = op.parent;
    while (b && b->parent && b->parent->parent)
      b = b->parent->parent->parent;
    return b;
  }

  void checkTypes(const Op& op, const std::vector<Value*>& vals, const std::vector<Type>& want,
                  const char* verb, const char* what) {
    if (vals.size() != want.size())
      fail(op.loc, opStr(op) + " " + verb + " " + std::to_string(vals.size()) + " value(s) but " +
                       std::to_string(want.size()) + " " + what + "(s) expected");
    for (size_t i = 0; i < vals.size(); ++i)
      if (vals[i]->type != want[i])
        fail(op.loc, opStr(op) + " operand #" + std::to_string(i) + " has type " +
                         vals[i]->type.str() + " but the " + what + " has type " + want[i].str());
  }
  static std::vector<Type> typesOf(const std::vector<std::unique_ptr<Value>>& vs) {
    std::vector<Type> t;
    for (auto& v : vs)
      t.push_back(v->type);
    return t;
  }

  const Op& terminatorOf(const Op& op, unsigned region, OpKind want) {
    const Region& r = op.region(region);
    if (r.blocks.empty())
      fail(op.loc, opStr(op) + " region #" + std::to_string(region) + " is empty");
    const Op* t = r.front().terminator();
    if (!t || t->kind != want)
      fail(t ? t->loc : op.loc,
           "region of " + opStr(op) + " must end with '" + std::string(opName(want)) + "'");
    return *t;
  }

  // IntLike or Float, the operand classes of arithmetic and comparisons.
  void requireClass(const Op& op, TypeClass c, const Type& t) {
    if (c == TypeClass::IntLike && !t.isIntLike())
      fail(op.loc, opStr(op) + " needs integer or index operands, not " + t.str());
    if (c == TypeClass::Float && !t.isFloat())
      fail(op.loc, opStr(op) + " needs float operands, not " + t.str());
  }

  void verifyOp(const Op& op) {
    switch (op.kind) {
    case OpKind::Func: fail(op.loc, "nested functions are not supported");
    case OpKind::FuncReturn:
      if (op.parentOp())
        fail(op.loc, "'func.return' must be in a function body, not in a nested region");
      return;
    case OpKind::Yield:
      if (!op.parentOp()) fail(op.loc, "'scf.yield' outside an scf region");
      return; // types are checked by the parent op
    case OpKind::Condition:
      if (!op.parentOp() || op.parentOp()->kind != OpKind::While)
        fail(op.loc, "'scf.condition' must terminate the before region of 'scf.while'");
      return;
    case OpKind::Reduce:
      if (!op.parentOp() || op.parentOp()->kind != OpKind::Parallel)
        fail(op.loc, "'scf.reduce' must terminate the body of 'scf.parallel'");
      return; // the parallel op checks its operands and regions
    case OpKind::ReduceReturn:
      if (!op.parentOp() || op.parentOp()->kind != OpKind::Reduce)
        fail(op.loc, "'scf.reduce.return' must terminate a region of 'scf.reduce'");
      return;
    case OpKind::Call: return verifyCall(op);
    case OpKind::ArithConstant: return;
#define LOOM_OP(Kind, Name, Group)
#define LOOM_COMPUTE(Kind, ...) case OpKind::Kind:
#include "ops/op_kinds.def"
      return verifyCompute(op, *computeSpec(op.kind));
    case OpKind::MemRefLoad:
    case OpKind::MemRefStore: return verifyAccess(op);
    case OpKind::Alloc:
    case OpKind::Alloca: return verifyAlloc(op);
    case OpKind::Dealloc:
      if (!op.operand(0)->type.isMemRef()) fail(op.loc, "'memref.dealloc' needs a ranked memref");
      return;
    case OpKind::Cast: return verifyMemRefCast(op);
    case OpKind::Subview:
    case OpKind::ReinterpretCast: return verifyView(op);
    case OpKind::CollapseShape:
    case OpKind::ExpandShape: return verifyReshape(op);
    case OpKind::Dim:
      if (!op.operand(0)->type.isAnyMemRef()) fail(op.loc, "'memref.dim' needs a memref");
      return;
    case OpKind::For: return verifyFor(op);
    case OpKind::Parallel: return verifyParallel(op);
    case OpKind::While: return verifyWhile(op);
    case OpKind::If: return verifyIf(op);
    case OpKind::VectorPrint: return;
    case OpKind::CfBr:
    case OpKind::CfCondBr:
      if (op.parentOp()) fail(op.loc, opStr(op) + " inside an scf region is not supported");
      return;
    case OpKind::CfAssert:
      if (!op.operand(0)->type.isI1()) fail(op.loc, "'cf.assert' needs an i1 condition");
      return;
    case OpKind::GetGlobal: return verifyGetGlobal(op);
    case OpKind::ExtractPointer:
      if (!op.operand(0)->type.isMemRef() || !op.result()->type.isIndex())
        fail(op.loc, opStr(op) + " takes a ranked memref and gives an index");
      return;
    case OpKind::IntToPtr:
    case OpKind::Poison:
    case OpKind::ConstClock: return; // MLIR has checked the types
    case OpKind::LlvmCall: return verifyCCall(op);
    case OpKind::IndexSwitch: return verifyIndexSwitch(op);
    case OpKind::EsiWrap:
    case OpKind::EsiUnwrap:
      if (op.operand(0)->type != op.result(0)->type)
        fail(op.loc, opStr(op) + ": a channel carries its value's type");
      return;
    case OpKind::EsiInstance: return verifyEsiInstance(op);
    }
  }

  void verifyGetGlobal(const Op& op) {
    const Global* g = mod_.global(op.callee);
    if (!g) fail(op.loc, "no 'memref.global' @" + op.callee);
    if (g->type != op.result()->type)
      fail(op.loc, "'@" + op.callee + "' is " + g->type.str() + ", not " + op.result()->type.str());
  }

  // scf.index_switch: an index, the default region then one per case, each yielding the
  // results.
  void verifyIndexSwitch(const Op& op) {
    if (!op.operand(0)->type.isIndex()) fail(op.loc, opStr(op) + " needs an index operand");
    if (op.regions.size() != op.cases.size() + 1)
      fail(op.loc, opStr(op) + " needs a region per case and a default");
    for (unsigned r = 0; r < op.regions.size(); ++r) {
      const Op& y = terminatorOf(op, r, OpKind::Yield);
      checkTypes(y, y.operands, typesOf(op.results), "yields", "scf.index_switch result");
    }
  }

  // handshake.esi_instance: a handshake.func of the program, on channels of its types,
  // with a function computing what it does to check it against (docs/loom.md).
  void verifyEsiInstance(const Op& op) {
    const NetworkFunction* n = mod_.network(op.callee);
    if (!n) fail(op.loc, opStr(op) + " runs '@" + op.callee + "', which is no handshake.func");
    std::vector<Type> ins;
    for (const Value* v : op.operands)
      ins.push_back(v->type);
    if (ins != n->argTypes || typesOf(op.results) != n->resultTypes)
      fail(op.loc, opStr(op) + ": its channels do not carry the types of '@" + op.callee + "'");
    if (n->reference.empty())
      fail(op.loc, opStr(op) + " of '@" + op.callee +
                       "': the program has no function that computes what it does (LOOM's CPU "
                       "version, its name with '_dsa' spelt '_cpu'), which the run checks it "
                       "against");
  }

  // A C function: one loom-sim models, called with its types; printf's format, where
  // it is a constant of the program, one it prints.
  void checkCFunction(const Op& op, const std::vector<Type>& ins) {
    std::optional<CFunction> f = findCFunction(op.callee);
    if (!f)
      fail(op.loc, "call of '@" + op.callee + "', a function loom-sim does not model (it models " +
                       cFunctionList() + ")");
    if (auto why = checkCCall(*f, ins, typesOf(op.results))) fail(op.loc, *why);
    if (f->kind != CFunctionKind::Printf) return;
    std::vector<Type> rest(ins.begin() + 1, ins.end());
    for (const Global* g : globalsBehind(op.operand(0))) {
      std::string text, shown; // shown: as C would write it in a literal
      for (Bits b : g->data) {
        if (b == 0) break;
        text += static_cast<char>(b);
        shown += b == '\n' ? "\\n" : b == '\t' ? "\\t" : std::string(1, static_cast<char>(b));
      }
      if (auto why = checkPrintfFormat(text, rest))
        fail(op.loc, "printf's format '@" + g->name + "' (\"" + shown + "\"): " + *why);
    }
  }

  void verifyCCall(const Op& op) {
    std::vector<Type> ins;
    for (auto* v : op.operands)
      ins.push_back(v->type);
    checkCFunction(op, ins);
  }

  // The memref.globals a pointer may be the address of, when the program computes it
  // from them (the casts and selects LOOM writes); empty when it does not.
  std::vector<const Global*> globalsBehind(const Value* v) {
    std::vector<const Global*> out;
    std::vector<const Value*> stack{v};
    while (!stack.empty()) {
      const Op* d = stack.back()->def;
      stack.pop_back();
      if (!d) return {};
      switch (d->kind) {
      case OpKind::GetGlobal:
        if (const Global* g = mod_.global(d->callee)) out.push_back(g);
        break;
      case OpKind::Select:
        stack.push_back(d->operand(1));
        stack.push_back(d->operand(2));
        break;
      case OpKind::Cast:
      case OpKind::ExtractPointer:
      case OpKind::IndexCast:
      case OpKind::IntToPtr: stack.push_back(d->operand(0)); break;
      default: return {};
      }
    }
    return out;
  }

  void verifyCall(const Op& op) {
    const Function* callee = mod_.lookup(op.callee);
    if (!callee) fail(op.loc, "call to undefined function '@" + op.callee + "'");
    std::vector<Type> ins;
    for (auto* v : op.operands)
      ins.push_back(v->type);
    if (ins != callee->argTypes)
      fail(op.loc, "call operand types do not match the signature of '@" + op.callee + "'");
    if (typesOf(op.results) != callee->resultTypes)
      fail(op.loc, "call result types do not match the signature of '@" + op.callee + "'");
    if (callee->isDeclaration && !runtimePrintElemType(op.callee)) return checkCFunction(op, ins);
    if (callee->isDeclaration) {
      auto elem = runtimePrintElemType(op.callee);
      if (!elem)
        fail(op.loc, "call to '@" + op.callee +
                         "', which is declared but not defined and is "
                         "not a supported runtime function");
      if (ins.size() != 1 || !ins[0].isUnrankedMemRef() || ins[0].mem->elem != *elem ||
          !op.results.empty())
        fail(op.loc,
             "'@" + op.callee + "' takes one memref<*x" + elem->str() + "> and returns nothing");
    }
  }

  // A cast's operand and result classes and its width rule, all from its row.
  void verifyCast(const Op& op, const ComputeSpec& spec) {
    const Type& a = op.operand(0)->type;
    const Type& r = op.result()->type;
    if (inClass(a, spec.operand) && inClass(r, spec.result) && widthHolds(spec.width, a, r)) return;
    fail(op.loc, opStr(op) + " from " + a.str() + " to " + r.str() + ": " + castRule(spec));
  }

  static std::string castRule(const ComputeSpec& spec) {
    switch (spec.width) {
    case WidthRule::Wider:
    case WidthRule::Narrower:
      return std::string("result must be a ") +
             (spec.width == WidthRule::Wider ? "wider " : "narrower ") +
             (spec.result == TypeClass::Float ? "float" : "integer");
    case WidthRule::IndexSide: return "one side must be index and the other an integer";
    case WidthRule::SameBits: return "needs scalar types of the same bit width";
    case WidthRule::Any: break;
    }
    return std::string("needs ") + typeClassText(spec.operand) + " operand and " +
           typeClassText(spec.result) + " result";
  }

  // A compute op's operand type, by its category and its row's operand class.
  void verifyCompute(const Op& op, const ComputeSpec& spec) {
    switch (spec.category) {
    case ComputeCategory::IntBinary:
    case ComputeCategory::IntCompare:
    case ComputeCategory::FloatBinary:
    case ComputeCategory::FloatNegate:
    case ComputeCategory::FloatCompare: return requireClass(op, spec.operand, op.operand(0)->type);
    case ComputeCategory::Select:
      // A memref select: the host code of a program LOOM compiled picks its message so.
      if (!op.operand(1)->type.isScalar() && !op.operand(1)->type.isMemRef())
        fail(op.loc, "'arith.select' needs scalar or memref operands");
      return;
    case ComputeCategory::Cast: return verifyCast(op, spec);
    case ComputeCategory::Math: return verifyMath(op, spec);
    }
  }

  // MLIR has checked the types (same operand and result type, i1 for isnan/isfinite).
  void verifyMath(const Op& op, const ComputeSpec& spec) {
    const Type& t = op.operand(0)->type;
    requireClass(op, spec.operand, t);
    if (spec.operand != TypeClass::Float) return;
    if (spec.operands == OperandRule::ExponentI32) {
      const Type& e = op.operand(1)->type;
      if (!e.isInteger() || e.width != 32)
        fail(op.loc, "'math.fpowi' with an exponent of type " + e.str() +
                         " is not supported: LLVM lowers it only with an i32 exponent on x86-64 "
                         "(mlir-runner fails with 'POWI exponent does not match sizeof(int)')");
    }
    refuseDisagreeingFold(op);
  }

  // MLIR folds an op of constant operands while it lowers the program; for a few math
  // ops and operands the folded value differs from what the lowered code computes and
  // loom-sim reproduces (mathFoldDisagrees), so the oracle's answer would depend on
  // whether the operands are constants. Those are refused.
  void refuseDisagreeingFold(const Op& op) {
    std::vector<Bits> in;
    for (const Value* v : op.operands) {
      std::optional<Bits> c = constantValue(v);
      if (!c) return;
      in.push_back(*c);
    }
    if (!mathFoldDisagrees(op.kind, op.operand(0)->type, in.data())) return;
    std::string why;
    switch (op.kind) {
    case OpKind::ExpM1:
      why = "MLIR folds it with libm's expm1, while the lowered code computes exp(x) - 1";
      break;
    case OpKind::Log1p:
      why = "MLIR folds it with libm's log1p, while the lowered code computes log(1 + x)";
      break;
    case OpKind::FPowI:
      why = "MLIR folds it multiplying in f16, while the lowered code multiplies in f32";
      break;
    case OpKind::Atan2:
      why = "MLIR folds atan2 of two zeros to NaN, while the lowered code gives a signed 0 or pi";
      break;
    default:
      why = "MLIR folds an invalid operation to a positive NaN, while the lowered code gives "
            "x86's NaN";
      break;
    }
    fail(op.loc, opStr(op) + " of constant operands is not supported: " + why +
                     " (loom-sim computes what the lowered code computes)");
  }

  // The value MLIR's folder gives v when it is a compile-time constant: an
  // arith.constant, or an arith or math op of constant operands (evaluated as
  // evalArith does, which is the folder's answer wherever refuseDisagreeingFold lets
  // an op through). Iterative: a chain of constant arithmetic can be long.
  std::optional<Bits> constantValue(const Value* root) {
    std::vector<const Value*> stack{root};
    while (!stack.empty()) {
      const Value* v = stack.back();
      if (constants_.count(v)) {
        stack.pop_back();
        continue;
      }
      const Op* d = v->def;
      if (d && d->kind == OpKind::ArithConstant) {
        constants_[v] = d->constBits;
        stack.pop_back();
        continue;
      }
      if (!d || !foldable(d->kind) || d->operands.empty() || d->operands.size() > 3) {
        constants_[v] = std::nullopt;
        stack.pop_back();
        continue;
      }
      bool ready = true;
      for (const Value* o : d->operands)
        if (!constants_.count(o)) {
          stack.push_back(o);
          ready = false;
        }
      if (!ready) continue;
      stack.pop_back();
      Bits in[3] = {0, 0, 0};
      std::optional<Bits> r;
      bool all = true;
      for (size_t i = 0; i < d->operands.size(); ++i) {
        const std::optional<Bits>& c = constants_[d->operands[i]];
        if (!c)
          all = false;
        else
          in[i] = *c;
      }
      if (all) {
        Bits out = 0;
        const Type& ot = d->operand(typeOperand(d->kind))->type;
        if (evalArith(d->kind, ArithAttrs{d->cmpi, d->cmpf}, ot, d->result()->type, in, out) ==
            EvalError::None)
          r = out;
      }
      constants_[v] = r;
    }
    return constants_[root];
  }

  static bool foldable(OpKind k) {
    return isComputeOp(k);
  }

  void verifyAccess(const Op& op) {
    unsigned memIdx = op.kind == OpKind::MemRefLoad ? 0 : 1;
    const Type& t = op.operand(memIdx)->type;
    size_t nIdx = op.operands.size() - memIdx - 1;
    if (nIdx != t.mem->shape.size())
      fail(op.loc, opStr(op) + " has " + std::to_string(nIdx) + " indices for a rank-" +
                       std::to_string(t.mem->shape.size()) + " memref");
  }

  void verifyAlloc(const Op& op) {
    const Type& t = op.result()->type;
    unsigned dyn = 0;
    for (int64_t d : t.mem->shape)
      dyn += d == kDynamic;
    if (dyn != op.operands.size())
      fail(op.loc, opStr(op) + " has " + std::to_string(op.operands.size()) +
                       " size operand(s) for " + std::to_string(dyn) + " dynamic dimension(s)");
    if (!t.mem->identity)
      fail(op.loc, opStr(op) + " of a memref with a non-identity layout is not supported");
  }

  void verifyMemRefCast(const Op& op) {
    const Type& a = op.operand(0)->type;
    const Type& r = op.result()->type;
    if (!a.isAnyMemRef() || !r.isAnyMemRef() || a.mem->elem != r.mem->elem)
      fail(op.loc, "'memref.cast' needs memrefs of the same element type");
    if (a.isMemRef() && r.isMemRef()) {
      if (a.mem->shape.size() != r.mem->shape.size())
        fail(op.loc, "'memref.cast' cannot change the rank");
      for (size_t i = 0; i < a.mem->shape.size(); ++i) {
        int64_t x = a.mem->shape[i], y = r.mem->shape[i];
        if (x != kDynamic && y != kDynamic && x != y)
          fail(op.loc, "'memref.cast' between incompatible shapes " + a.str() + " and " + r.str());
      }
    }
  }

  void verifyView(const Op& op) {
    const Type& a = op.operand(0)->type;
    const Type& r = op.result()->type;
    if (!a.isMemRef() || !r.isMemRef() || a.mem->elem != r.mem->elem)
      fail(op.loc, opStr(op) + " needs ranked memrefs of the same element type");
    size_t rank = op.kind == OpKind::Subview ? a.mem->shape.size() : r.mem->shape.size();
    size_t offs = op.kind == OpKind::Subview ? rank : 1;
    if (op.staticOffsets.size() != offs || op.staticSizes.size() != rank ||
        op.staticStrides.size() != rank)
      fail(op.loc, opStr(op) + " needs " + std::to_string(offs) + " offset(s), " +
                       std::to_string(rank) + " size(s) and " + std::to_string(rank) +
                       " stride(s)");
    if (op.kind == OpKind::Subview && r.mem->shape.size() > rank)
      fail(op.loc, "'memref.subview' result has a higher rank than its source");
    if (op.kind == OpKind::Subview) verifySubviewLayout(op, *a.mem, *r.mem);
  }

  // The result layout of a subview against the one its source and static offsets and
  // strides give (MLIR's inferred type, which MLIR 22's verifier requires as well). The
  // offset must agree: both static and equal, or both dynamic. A stride written static
  // where the inferred one is static must be equal; a dynamic one is always fine, and a static one
  // over an inferred dynamic one is left to the interpreter's run-time check. Unit dimensions have
  // no stride to check.
  void verifySubviewLayout(const Op& op, const MemRefInfo& src, const MemRefInfo& res) {
    const size_t rank = src.shape.size();
    std::vector<int64_t> srcStrides = layoutStrides(src);
    int64_t offset = layoutOffset(src);
    std::vector<int64_t> strides(rank);
    for (size_t d = 0; d < rank; ++d) {
      int64_t o = op.staticOffsets[d], st = op.staticStrides[d], ss = srcStrides[d];
      if (o == 0) {
        // A static 0 adds nothing, whatever the stride (MLIR 22 infers it so).
      } else if (offset == kDynamic || o == kDynamic || ss == kDynamic) {
        offset = kDynamic;
      } else {
        offset += o * ss;
      }
      strides[d] = st == kDynamic || ss == kDynamic ? kDynamic : st * ss;
    }
    // Rank reduction as the interpreter does it; with dynamic sizes that is decided at
    // run time.
    bool dynamic = false;
    for (int64_t size : op.staticSizes)
      dynamic = dynamic || size == kDynamic;
    if (dynamic && res.shape.size() < rank) return;
    auto kept = subviewKeptDims(op.staticSizes, op.staticSizes, res.shape);
    if (!kept) return; // the interpreter reports it
    std::vector<int64_t> resStrides = layoutStrides(res);
    int64_t resOffset = layoutOffset(res);
    auto text = [](int64_t v) { return v == kDynamic ? std::string("?") : std::to_string(v); };
    if ((resOffset == kDynamic) != (offset == kDynamic) ||
        (offset != kDynamic && resOffset != offset))
      fail(op.loc, "'memref.subview' result layout has offset " + text(resOffset) +
                       " but the subview's offset is " + text(offset));
    for (size_t j = 0; j < kept->size(); ++j) {
      int64_t want = strides[(*kept)[j]], got = resStrides[j];
      if (res.shape[j] == 1 || want == kDynamic || got == kDynamic || want == got) continue;
      fail(op.loc, "'memref.subview' result layout has stride " + std::to_string(got) +
                       " in dimension " + std::to_string(j) +
                       " but the subview's stride there is " + std::to_string(want));
    }
  }

  void verifyReshape(const Op& op) {
    const Type& a = op.operand(0)->type;
    const Type& r = op.result()->type;
    if (!a.isMemRef() || !r.isMemRef() || a.mem->elem != r.mem->elem)
      fail(op.loc, opStr(op) + " needs ranked memrefs of the same element type");
    const Type& big = op.kind == OpKind::CollapseShape ? a : r;
    const Type& small = op.kind == OpKind::CollapseShape ? r : a;
    if (op.reassociation.size() != small.mem->shape.size())
      fail(op.loc, opStr(op) + " reassociation has " + std::to_string(op.reassociation.size()) +
                       " group(s) for a rank-" + std::to_string(small.mem->shape.size()) +
                       " memref");
    int64_t next = 0;
    for (size_t g = 0; g < op.reassociation.size(); ++g) {
      int64_t prod = 1;
      bool dyn = false;
      for (int64_t d : op.reassociation[g]) {
        if (d != next++ || d >= static_cast<int64_t>(big.mem->shape.size()))
          fail(op.loc, opStr(op) + " reassociation must list every dimension once, in order");
        int64_t s = big.mem->shape[d];
        if (s == kDynamic)
          dyn = true;
        else
          prod *= s;
      }
      int64_t want = small.mem->shape[g];
      if (!dyn && want != kDynamic && want != prod)
        fail(op.loc, opStr(op) + " group " + std::to_string(g) + " has " + std::to_string(prod) +
                         " elements but the collapsed dimension is " + std::to_string(want));
    }
    if (next != static_cast<int64_t>(big.mem->shape.size()))
      fail(op.loc, opStr(op) + " reassociation must list every dimension once, in order");
    if (!a.mem->identity && op.kind == OpKind::CollapseShape) {
      // Collapsing needs contiguous groups; checked at run time on the actual strides.
    }
  }

  void verifyFor(const Op& op) {
    const Type& ivT = op.operand(0)->type;
    if (!ivT.isIntLike()) fail(op.loc, "'scf.for' bounds must be index or integer");
    const Block& body = op.region(0).front();
    size_t nIter = op.operands.size() - 3;
    if (body.args.size() != nIter + 1)
      fail(body.loc, "'scf.for' body must have " + std::to_string(nIter + 1) + " argument(s)");
    if (body.args[0]->type != ivT) fail(body.loc, "'scf.for' induction variable type mismatch");
    for (size_t i = 0; i < nIter; ++i)
      if (body.args[i + 1]->type != op.operand(3 + i)->type)
        fail(body.loc, "'scf.for' iter_arg #" + std::to_string(i) + " type mismatch");
    const Op& y = terminatorOf(op, 0, OpKind::Yield);
    checkTypes(y, y.operands, typesOf(op.results), "yields", "loop result");
  }

  // scf.parallel: d lower bounds, d upper bounds, d steps (index), then one init per
  // result; the body's d index arguments; an scf.reduce terminator with one operand per
  // result, each with a region (lhs, rhs) -> scf.reduce.return of that type.
  void verifyParallel(const Op& op) {
    const Block& body = op.region(0).front();
    size_t d = body.args.size(), m = op.results.size();
    if (d == 0) fail(op.loc, "'scf.parallel' needs at least one induction variable");
    if (op.operands.size() != 3 * d + m)
      fail(op.loc, "'scf.parallel' with " + std::to_string(d) + " induction variable(s) and " +
                       std::to_string(m) + " result(s) needs " + std::to_string(3 * d + m) +
                       " operands, not " + std::to_string(op.operands.size()));
    for (size_t i = 0; i < 3 * d; ++i)
      if (!op.operand(i)->type.isIndex())
        fail(op.operandLocs[i], "'scf.parallel' bounds and steps must be index");
    for (size_t i = 0; i < d; ++i)
      if (!body.args[i]->type.isIndex())
        fail(body.loc, "'scf.parallel' induction variables must be index");
    for (size_t i = 0; i < m; ++i)
      if (op.operand(3 * d + i)->type != op.result(i)->type)
        fail(op.loc, "'scf.parallel' init #" + std::to_string(i) + " type mismatch");
    const Op& red = terminatorOf(op, 0, OpKind::Reduce);
    if (red.operands.size() != m || red.regions.size() != m)
      fail(red.loc, "'scf.reduce' needs one operand and one region per result of its "
                    "'scf.parallel' (" +
                        std::to_string(m) + "), not " + std::to_string(red.operands.size()));
    checkTypes(red, red.operands, typesOf(op.results), "reduces", "parallel result");
    for (size_t i = 0; i < m; ++i) {
      const Type& t = op.result(i)->type;
      if (red.region(i).empty())
        fail(red.loc, "'scf.reduce' region #" + std::to_string(i) + " is empty");
      const Block& rb = red.region(i).front();
      if (rb.args.size() != 2 || rb.args[0]->type != t || rb.args[1]->type != t)
        fail(rb.loc, "'scf.reduce' region #" + std::to_string(i) + " needs two arguments of type " +
                         t.str());
      const Op& rr = terminatorOf(red, static_cast<unsigned>(i), OpKind::ReduceReturn);
      checkTypes(rr, rr.operands, {t}, "returns", "reduction");
    }
  }

  void verifyIf(const Op& op) {
    auto want = typesOf(op.results);
    const Op& t = terminatorOf(op, 0, OpKind::Yield);
    checkTypes(t, t.operands, want, "yields", "if result");
    if (op.region(1).empty()) {
      if (!want.empty()) fail(op.loc, "'scf.if' with results needs an else region");
      return;
    }
    const Op& e = terminatorOf(op, 1, OpKind::Yield);
    checkTypes(e, e.operands, want, "yields", "if result");
  }

  void verifyWhile(const Op& op) {
    const Block& before = op.region(0).front();
    std::vector<Type> inits;
    for (auto* v : op.operands)
      inits.push_back(v->type);
    if (typesOf(before.args) != inits)
      fail(before.loc, "'scf.while' before region arguments must match the initial values");
    const Op& c = terminatorOf(op, 0, OpKind::Condition);
    std::vector<Value*> fwd(c.operands.begin() + 1, c.operands.end());
    checkTypes(c, fwd, typesOf(op.results), "forwards", "while result");
    if (op.region(1).empty()) fail(op.loc, "'scf.while' needs an after region");
    const Block& after = op.region(1).front();
    if (typesOf(after.args) != typesOf(op.results))
      fail(after.loc, "'scf.while' after region arguments must match the types forwarded by "
                      "'scf.condition'");
    const Op& y = terminatorOf(op, 1, OpKind::Yield);
    checkTypes(y, y.operands, inits, "yields", "before region argument");
  }
};

} // namespace

std::optional<Type> runtimePrintElemType(std::string_view name) {
  struct Entry {
    const char* a;
    const char* b;
    Type t;
  };
  static const Entry table[] = {
      {"print_memref_i8", "printMemrefI8", Type::integer(8)},
      {"print_memref_i32", "printMemrefI32", Type::integer(32)},
      {"print_memref_i64", "printMemrefI64", Type::integer(64)},
      {"print_memref_f32", "printMemrefF32", Type::f32()},
      {"print_memref_f64", "printMemrefF64", Type::f64()},
  };
  for (const auto& e : table)
    if (name == e.a || name == e.b) return e.t;
  return std::nullopt;
}

std::optional<Diag> verifyModule(const Module& m) {
  try {
    Verifier(m).run();
  } catch (VerifyError& e) {
    return e.diag;
  }
  return std::nullopt;
}

} // namespace loom
