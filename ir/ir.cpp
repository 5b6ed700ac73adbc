#include "ir/ir.h"

#include <unordered_map>

namespace loom {

std::string Loc::str() const {
  std::string f = file ? *file : std::string("<input>");
  if (!line) return f; // the file as a whole
  return f + ":" + std::to_string(line) + ":" + std::to_string(col);
}

std::string Loc::where() const {
  if (!source) return str();
  return line ? *source + " (" + str() + ")" : *source;
}

std::string Diag::str(const char* severity) const {
  std::string s = loc.where() + ": " + severity + ": " + message;
  for (const Diag& n : notes)
    s += "\n" + n.loc.where() + ": note: " + n.message;
  return s;
}

static std::string dimStr(int64_t d) {
  return d == kDynamic ? "?" : std::to_string(d);
}

std::string Type::str() const {
  switch (kind) {
  case TypeKind::None: return "none";
  case TypeKind::Integer: return "i" + std::to_string(width);
  case TypeKind::Index: return "index";
  case TypeKind::F16: return "f16";
  case TypeKind::F32: return "f32";
  case TypeKind::F64: return "f64";
  case TypeKind::UnrankedMemRef: return "memref<*x" + mem->elem.str() + ">";
  case TypeKind::MemRef: {
    std::string s = "memref<";
    for (int64_t d : mem->shape)
      s += dimStr(d) + "x";
    s += mem->elem.str();
    if (!mem->identity) {
      if (!mem->layoutText.empty()) {
        s += ", " + mem->layoutText;
      } else {
        s += ", strided<[";
        for (size_t i = 0; i < mem->strides.size(); ++i)
          s += (i ? ", " : "") + dimStr(mem->strides[i]);
        s += "], offset: " + dimStr(mem->offset) + ">";
      }
    }
    return s + ">";
  }
  }
  return "?";
}

bool operator==(const Type& a, const Type& b) {
  if (a.kind != b.kind || a.width != b.width) return false;
  if (!a.isAnyMemRef()) return true;
  const MemRefInfo& x = *a.mem;
  const MemRefInfo& y = *b.mem;
  if (x.elem != y.elem || x.shape != y.shape) return false;
  // Compare layouts in strided form; an identity layout equals its explicit form.
  return layoutStrides(x) == layoutStrides(y) && layoutOffset(x) == layoutOffset(y);
}

std::vector<int64_t> layoutStrides(const MemRefInfo& m) {
  return m.identity ? identityStrides(m.shape) : m.strides;
}

std::optional<std::vector<size_t>> subviewKeptDims(const std::vector<int64_t>& sizes,
                                                   const std::vector<int64_t>& staticSizes,
                                                   const std::vector<int64_t>& resultShape) {
  const auto& want = resultShape;
  size_t toDrop = sizes.size() - want.size();
  std::vector<size_t> kept;
  for (size_t d = 0; d < sizes.size(); ++d) {
    size_t j = kept.size();
    bool canKeep = j < want.size() && (want[j] == kDynamic || want[j] == sizes[d]);
    bool mustKeep = sizes.size() - d == want.size() - j; // no more dims may be dropped
    bool staticOne = d < staticSizes.size() && staticSizes[d] == 1;
    if (staticOne && toDrop > 0 && (!canKeep || (!mustKeep && want[j] != 1))) {
      --toDrop;
      continue;
    }
    if (j >= want.size()) return std::nullopt;
    kept.push_back(d);
  }
  if (kept.size() != want.size()) return std::nullopt;
  return kept;
}

std::vector<int64_t> identityStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> st(shape.size(), 1);
  int64_t run = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    st[i] = run;
    if (run == kDynamic || shape[i] == kDynamic)
      run = kDynamic;
    else
      run *= shape[i];
  }
  return st;
}

Type makeMemRef(Type elem, std::vector<int64_t> shape) {
  auto m = std::make_shared<MemRefInfo>();
  m->elem = elem;
  m->shape = std::move(shape);
  m->strides = identityStrides(m->shape);
  return {TypeKind::MemRef, 0, m};
}

Type makeStridedMemRef(Type elem, std::vector<int64_t> shape, int64_t offset,
                       std::vector<int64_t> strides, std::string layoutText) {
  auto m = std::make_shared<MemRefInfo>();
  m->elem = elem;
  m->shape = std::move(shape);
  m->identity = false;
  m->offset = offset;
  m->strides = std::move(strides);
  m->layoutText = std::move(layoutText);
  // A strided layout that is exactly row-major with offset 0 is the identity.
  if (m->offset == 0 && m->strides == identityStrides(m->shape)) {
    m->identity = true;
    m->layoutText.clear();
  }
  return {TypeKind::MemRef, 0, m};
}

Type makeUnrankedMemRef(Type elem) {
  auto m = std::make_shared<MemRefInfo>();
  m->elem = elem;
  return {TypeKind::UnrankedMemRef, 0, m};
}

// ---- op names ----------------------------------------------------------------------

namespace {
struct OpNameEntry {
  OpKind kind;
  const char* canonical;
  const char* alias1;
  const char* alias2;
};

const OpNameEntry kOpNames[] = {
    {OpKind::Func, "func.func", "func", "builtin.func"},
    {OpKind::Return, "func.return", "return", "std.return"},
    {OpKind::Call, "func.call", "call", "std.call"},
    {OpKind::Constant, "arith.constant", nullptr, nullptr},
    {OpKind::AddI, "arith.addi", nullptr, nullptr},
    {OpKind::SubI, "arith.subi", nullptr, nullptr},
    {OpKind::MulI, "arith.muli", nullptr, nullptr},
    {OpKind::DivSI, "arith.divsi", nullptr, nullptr},
    {OpKind::DivUI, "arith.divui", nullptr, nullptr},
    {OpKind::RemSI, "arith.remsi", nullptr, nullptr},
    {OpKind::RemUI, "arith.remui", nullptr, nullptr},
    {OpKind::CeilDivSI, "arith.ceildivsi", nullptr, nullptr},
    {OpKind::CeilDivUI, "arith.ceildivui", nullptr, nullptr},
    {OpKind::FloorDivSI, "arith.floordivsi", nullptr, nullptr},
    {OpKind::AndI, "arith.andi", nullptr, nullptr},
    {OpKind::OrI, "arith.ori", nullptr, nullptr},
    {OpKind::XOrI, "arith.xori", nullptr, nullptr},
    {OpKind::ShLI, "arith.shli", nullptr, nullptr},
    {OpKind::ShRSI, "arith.shrsi", nullptr, nullptr},
    {OpKind::ShRUI, "arith.shrui", nullptr, nullptr},
    {OpKind::MaxSI, "arith.maxsi", nullptr, nullptr},
    {OpKind::MaxUI, "arith.maxui", nullptr, nullptr},
    {OpKind::MinSI, "arith.minsi", nullptr, nullptr},
    {OpKind::MinUI, "arith.minui", nullptr, nullptr},
    {OpKind::AddF, "arith.addf", nullptr, nullptr},
    {OpKind::SubF, "arith.subf", nullptr, nullptr},
    {OpKind::MulF, "arith.mulf", nullptr, nullptr},
    {OpKind::DivF, "arith.divf", nullptr, nullptr},
    {OpKind::RemF, "arith.remf", nullptr, nullptr},
    {OpKind::NegF, "arith.negf", nullptr, nullptr},
    {OpKind::MaxF, "arith.maximumf", "arith.maxf", nullptr},
    {OpKind::MinF, "arith.minimumf", "arith.minf", nullptr},
    {OpKind::CmpI, "arith.cmpi", nullptr, nullptr},
    {OpKind::CmpF, "arith.cmpf", nullptr, nullptr},
    {OpKind::Select, "arith.select", "select", "std.select"},
    {OpKind::ExtSI, "arith.extsi", nullptr, nullptr},
    {OpKind::ExtUI, "arith.extui", nullptr, nullptr},
    {OpKind::TruncI, "arith.trunci", nullptr, nullptr},
    {OpKind::ExtF, "arith.extf", nullptr, nullptr},
    {OpKind::TruncF, "arith.truncf", nullptr, nullptr},
    {OpKind::IndexCast, "arith.index_cast", nullptr, nullptr},
    {OpKind::IndexCastUI, "arith.index_castui", nullptr, nullptr},
    {OpKind::SIToFP, "arith.sitofp", nullptr, nullptr},
    {OpKind::UIToFP, "arith.uitofp", nullptr, nullptr},
    {OpKind::FPToSI, "arith.fptosi", nullptr, nullptr},
    {OpKind::FPToUI, "arith.fptoui", nullptr, nullptr},
    {OpKind::Bitcast, "arith.bitcast", nullptr, nullptr},
    {OpKind::AbsF, "math.absf", nullptr, nullptr},
    {OpKind::Ceil, "math.ceil", nullptr, nullptr},
    {OpKind::Floor, "math.floor", nullptr, nullptr},
    {OpKind::Trunc, "math.trunc", nullptr, nullptr},
    {OpKind::Round, "math.round", nullptr, nullptr},
    {OpKind::RoundEven, "math.roundeven", nullptr, nullptr},
    {OpKind::Sqrt, "math.sqrt", nullptr, nullptr},
    {OpKind::Rsqrt, "math.rsqrt", nullptr, nullptr},
    {OpKind::Exp, "math.exp", nullptr, nullptr},
    {OpKind::Exp2, "math.exp2", nullptr, nullptr},
    {OpKind::ExpM1, "math.expm1", nullptr, nullptr},
    {OpKind::Log, "math.log", nullptr, nullptr},
    {OpKind::Log2, "math.log2", nullptr, nullptr},
    {OpKind::Log10, "math.log10", nullptr, nullptr},
    {OpKind::Log1p, "math.log1p", nullptr, nullptr},
    {OpKind::Sin, "math.sin", nullptr, nullptr},
    {OpKind::Cos, "math.cos", nullptr, nullptr},
    {OpKind::Tan, "math.tan", nullptr, nullptr},
    {OpKind::Asin, "math.asin", nullptr, nullptr},
    {OpKind::Acos, "math.acos", nullptr, nullptr},
    {OpKind::Atan, "math.atan", nullptr, nullptr},
    {OpKind::Sinh, "math.sinh", nullptr, nullptr},
    {OpKind::Cosh, "math.cosh", nullptr, nullptr},
    {OpKind::Tanh, "math.tanh", nullptr, nullptr},
    {OpKind::CopySign, "math.copysign", nullptr, nullptr},
    {OpKind::Atan2, "math.atan2", nullptr, nullptr},
    {OpKind::PowF, "math.powf", nullptr, nullptr},
    {OpKind::FPowI, "math.fpowi", nullptr, nullptr},
    {OpKind::Fma, "math.fma", nullptr, nullptr},
    {OpKind::IsNaN, "math.isnan", nullptr, nullptr},
    {OpKind::IsFinite, "math.isfinite", nullptr, nullptr},
    {OpKind::AbsI, "math.absi", nullptr, nullptr},
    {OpKind::CtLz, "math.ctlz", nullptr, nullptr},
    {OpKind::CtTz, "math.cttz", nullptr, nullptr},
    {OpKind::CtPop, "math.ctpop", nullptr, nullptr},
    {OpKind::Load, "memref.load", nullptr, nullptr},
    {OpKind::Store, "memref.store", nullptr, nullptr},
    {OpKind::Alloc, "memref.alloc", nullptr, nullptr},
    {OpKind::Alloca, "memref.alloca", nullptr, nullptr},
    {OpKind::Dealloc, "memref.dealloc", nullptr, nullptr},
    {OpKind::Cast, "memref.cast", nullptr, nullptr},
    {OpKind::Subview, "memref.subview", nullptr, nullptr},
    {OpKind::ReinterpretCast, "memref.reinterpret_cast", nullptr, nullptr},
    {OpKind::CollapseShape, "memref.collapse_shape", nullptr, nullptr},
    {OpKind::ExpandShape, "memref.expand_shape", nullptr, nullptr},
    {OpKind::Dim, "memref.dim", nullptr, nullptr},
    {OpKind::For, "scf.for", nullptr, nullptr},
    {OpKind::While, "scf.while", nullptr, nullptr},
    {OpKind::If, "scf.if", nullptr, nullptr},
    {OpKind::Yield, "scf.yield", nullptr, nullptr},
    {OpKind::Condition, "scf.condition", nullptr, nullptr},
    {OpKind::Parallel, "scf.parallel", nullptr, nullptr},
    {OpKind::Reduce, "scf.reduce", nullptr, nullptr},
    {OpKind::ReduceReturn, "scf.reduce.return", nullptr, nullptr},
    {OpKind::VectorPrint, "vector.print", nullptr, nullptr},
    {OpKind::CfBr, "cf.br", nullptr, nullptr},
    {OpKind::CfCondBr, "cf.cond_br", nullptr, nullptr},
    {OpKind::CfAssert, "cf.assert", nullptr, nullptr},
    {OpKind::GetGlobal, "memref.get_global", nullptr, nullptr},
    {OpKind::ExtractPointer, "memref.extract_aligned_pointer_as_index", nullptr, nullptr},
    {OpKind::IntToPtr, "llvm.inttoptr", nullptr, nullptr},
    {OpKind::LlvmCall, "llvm.call", nullptr, nullptr},
    {OpKind::IndexSwitch, "scf.index_switch", nullptr, nullptr},
    {OpKind::Poison, "ub.poison", nullptr, nullptr},
    {OpKind::EsiWrap, "esi.wrap.vr", nullptr, nullptr},
    {OpKind::EsiUnwrap, "esi.unwrap.vr", nullptr, nullptr},
    {OpKind::ConstClock, "seq.const_clock", nullptr, nullptr},
    {OpKind::EsiInstance, "handshake.esi_instance", nullptr, nullptr},
};

const std::unordered_map<std::string_view, OpKind>& nameTable() {
  static const auto table = [] {
    std::unordered_map<std::string_view, OpKind> t;
    for (const auto& e : kOpNames) {
      t.emplace(e.canonical, e.kind);
      if (e.alias1) t.emplace(e.alias1, e.kind);
      if (e.alias2) t.emplace(e.alias2, e.kind);
    }
    return t;
  }();
  return table;
}
} // namespace

std::string_view opName(OpKind k) {
  for (const auto& e : kOpNames)
    if (e.kind == k) return e.canonical;
  return "?";
}

bool lookupOpKind(std::string_view name, OpKind& out) {
  auto& t = nameTable();
  auto it = t.find(name);
  if (it == t.end()) return false;
  out = it->second;
  return true;
}

bool isArithBinaryInt(OpKind k) {
  return k >= OpKind::AddI && k <= OpKind::MinUI;
}
bool isArithBinaryFloat(OpKind k) {
  return k >= OpKind::AddF && k <= OpKind::MinF && k != OpKind::NegF;
}
bool isIntDivision(OpKind k) {
  switch (k) {
  case OpKind::DivSI:
  case OpKind::DivUI:
  case OpKind::RemSI:
  case OpKind::RemUI:
  case OpKind::CeilDivSI:
  case OpKind::CeilDivUI:
  case OpKind::FloorDivSI: return true;
  default: return false;
  }
}
bool isArithCast(OpKind k) {
  return k >= OpKind::ExtSI && k <= OpKind::Bitcast;
}
bool isTerminator(OpKind k) {
  return k == OpKind::Return || k == OpKind::Yield || k == OpKind::Condition || k == OpKind::CfBr ||
         k == OpKind::CfCondBr || k == OpKind::Reduce || k == OpKind::ReduceReturn;
}

Op* Op::parentOp() const {
  return parent && parent->parent ? parent->parent->parent : nullptr;
}

Function* Module::lookup(std::string_view name) const {
  for (auto& f : functions)
    if (f->name == name) return f.get();
  return nullptr;
}

const Global* Module::global(std::string_view name) const {
  for (const Global& g : globals)
    if (g.name == name) return &g;
  return nullptr;
}

const NetworkFunction* Module::network(std::string_view name) const {
  for (const NetworkFunction& n : networks)
    if (n.name == name) return &n;
  return nullptr;
}

// Destroying a region destroys its ops, theirs regions, and so on: one level of
// destructor calls per nesting level. The nested regions are moved out first, level by
// level, so each is destroyed with nothing nested left in it.
Module::~Module() {
  std::vector<std::unique_ptr<Region>> pending;
  auto takeNested = [&](Region& r) {
    for (auto& b : r.blocks)
      for (auto& op : b->ops)
        for (auto& nested : op->regions)
          pending.push_back(std::move(nested));
  };
  for (auto& f : functions)
    takeNested(f->body);
  while (!pending.empty()) {
    std::unique_ptr<Region> r = std::move(pending.back());
    pending.pop_back();
    takeNested(*r);
  }
}

std::vector<Op*> Module::opsById() const {
  std::vector<Op*> v(numOps, nullptr);
  for (auto& f : functions)
    walk(f->body, [&](Op* op) { v[op->id] = op; });
  return v;
}

} // namespace loom
