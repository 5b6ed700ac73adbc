#include "ir/ir.h"

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
