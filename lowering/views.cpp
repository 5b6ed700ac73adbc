// Memrefs in the lowered function: every memref value is a descriptor (root memref
// group, offset, sizes, strides) whose fields are static numbers or dataflow values.
// Views (cast, subview, reinterpret_cast, collapse_shape, expand_shape) compute new
// descriptors, folding static fields at compile time; an access becomes a
// handshake.load/store on the linear element index into its root memref:
// offset + sum(index_d * stride_d) (spec-dataflow-memory "Root Memref Grouping").

#include "eval/memref.h"
#include "lowering/lowerer.h"

namespace loom::lower {

namespace {

Component fixed(int64_t v) {
  return Component{true, v, {}};
}

// The descriptor of a memref type: static fields where the type says so; dynamic ones
// get `key(i)`.
template <typename KeyFn> MemDesc typeDesc(const Type& t, uint32_t group, KeyFn key) {
  const MemRefInfo& m = *t.mem;
  MemDesc d;
  d.group = group;
  size_t r = m.shape.size();
  std::vector<int64_t> strides = m.identity ? identityStrides(m.shape) : m.strides;
  int64_t offset = m.identity ? 0 : m.offset;
  d.comps.resize(1 + 2 * r);
  auto field = [&](size_t i, int64_t v) {
    d.comps[i] = v == kDynamic ? Component{false, 0, key(i)} : fixed(v);
  };
  field(0, offset);
  for (size_t i = 0; i < r; ++i)
    field(1 + i, m.shape[i]);
  for (size_t i = 0; i < r; ++i)
    field(1 + r + i, strides[i]);
  return d;
}

} // namespace

std::vector<Type> Lowerer::argDescriptorTypes(const Type& t) const {
  std::vector<Type> v;
  MemDesc d = typeDesc(t, 0, [](size_t) { return Key{}; });
  for (const Component& c : d.comps)
    if (!c.isStatic) v.push_back(Type::index());
  return v;
}

// A memref argument: an extmemory group; its dynamic descriptor fields are Entry
// outputs, in the order offset, sizes, strides.
void Lowerer::declareArgMemRef(const Value* v, int argIndex, PortRef entry, unsigned& nextPort,
                               RegionState& s) {
  MemGroup g;
  g.type = v->type;
  g.argIndex = argIndex;
  g.origin = originOf(nullptr);
  g.origin.loc = v->loc;
  groups_.push_back(g);
  uint32_t gid = static_cast<uint32_t>(groups_.size() - 1);
  MemDesc d = typeDesc(v->type, gid, [&](size_t i) { return Key{v, static_cast<int>(i)}; });
  for (const Component& c : d.comps)
    if (!c.isStatic) s.env[c.key] = {entry.node, nextPort++};
  descs_[v] = d;
}

void Lowerer::lowerAlloc(const Op& op, RegionState& s) {
  const Type& t = op.result()->type;
  uint64_t elements = 1;
  for (int64_t dim : t.mem->shape) {
    if (dim == kDynamic)
      fail(op.loc, "dynamic-size allocation inside an accelerated function is not supported");
    elements = dim && elements > kMaxLiveElements / static_cast<uint64_t>(dim)
                   ? kMaxLiveElements + 1
                   : elements * static_cast<uint64_t>(dim);
  }
  // The network holds it as one memory: no larger than what a run may hold.
  if (elements > kMaxLiveElements)
    fail(op.loc, "a memory of more than " + std::to_string(kMaxLiveElements) +
                     " elements inside an accelerated function is not supported");
  MemGroup g;
  g.type = t;
  g.origin = originOf(&op);
  groups_.push_back(g);
  uint32_t gid = static_cast<uint32_t>(groups_.size() - 1);
  descs_[op.result()] = typeDesc(t, gid, [](size_t) { return Key{}; });
}

PortRef Lowerer::componentValue(const Component& c, RegionState& s, const Op* origin) {
  if (!c.isStatic) return lookup(c.key, s);
  auto it = s.indexConsts.find(c.value);
  if (it != s.indexConsts.end()) return it->second;
  PortRef p =
      constant(s, static_cast<Bits>(c.value), Type::index(), origin, "c" + std::to_string(c.value));
  s.indexConsts[c.value] = p;
  return p;
}

Component Lowerer::addC(const Component& a, const Component& b, RegionState& s, const Op& op,
                        const Value* res, int idx) {
  if (a.isStatic && b.isStatic) return fixed(a.value + b.value);
  if (a.isStatic && a.value == 0) return b;
  if (b.isStatic && b.value == 0) return a;
  Key k{res, idx};
  s.env[k] = compute(s, OpKind::AddI, {componentValue(a, s, &op), componentValue(b, s, &op)},
                     Type::index(), &op, "addi." + valueName(res) + ".d" + std::to_string(idx));
  return Component{false, 0, k};
}

Component Lowerer::mulC(const Component& a, const Component& b, RegionState& s, const Op& op,
                        const Value* res, int idx) {
  if (a.isStatic && b.isStatic) return fixed(a.value * b.value);
  if ((a.isStatic && a.value == 0) || (b.isStatic && b.value == 0)) return fixed(0);
  if (a.isStatic && a.value == 1) return b;
  if (b.isStatic && b.value == 1) return a;
  Key k{res, idx};
  s.env[k] = compute(s, OpKind::MulI, {componentValue(a, s, &op), componentValue(b, s, &op)},
                     Type::index(), &op, "muli." + valueName(res) + ".d" + std::to_string(idx));
  return Component{false, 0, k};
}

void Lowerer::lowerView(const Op& op, RegionState& s) {
  const Value* src = op.operand(0);
  const Value* res = op.result();
  if (!res->type.isMemRef())
    fail(op.loc, "unranked memrefs are not supported inside an accelerated function");
  auto it = descs_.find(src);
  if (it == descs_.end())
    fail(op.loc, "internal lowering error: memref '" + src->name + "' has no descriptor");
  const MemDesc sd = it->second;
  size_t sr = sd.rank();
  size_t rr = res->type.mem->shape.size();
  MemDesc d;
  d.group = sd.group;
  d.comps.resize(1 + 2 * rr);
  // Static-or-dynamic operand lists: kDynamic takes the next operand after the source.
  unsigned next = 1;
  auto mixed = [&](const std::vector<int64_t>& stat) {
    std::vector<Component> v;
    for (int64_t x : stat)
      v.push_back(x == kDynamic ? Component{false, 0, Key{op.operand(next++), -1}} : fixed(x));
    return v;
  };
  int tmp = static_cast<int>(d.comps.size()); // scratch indices for intermediate values
  switch (op.kind) {
  case OpKind::Cast: d = sd; break;
  case OpKind::Subview: {
    auto offs = mixed(op.staticOffsets), sizes = mixed(op.staticSizes),
         strides = mixed(op.staticStrides);
    Component off = sd.comps[0];
    std::vector<Component> fullStrides;
    for (size_t k = 0; k < sr; ++k) {
      // Temporaries numbered in a fixed order (argument evaluation order is unspecified).
      int mulTmp = tmp++, addTmp = tmp++;
      off = addC(off, mulC(offs[k], sd.comps[1 + sr + k], s, op, res, mulTmp), s, op, res, addTmp);
      fullStrides.push_back(mulC(strides[k], sd.comps[1 + sr + k], s, op, res, tmp++));
    }
    d.comps[0] = off;
    // Rank reduction (as MLIR infers it): keep a source dimension when it matches the
    // next result dimension, otherwise drop it if it is a static 1.
    const auto& want = res->type.mem->shape;
    size_t j = 0;
    for (size_t k = 0; k < sr; ++k) {
      bool matches = j < rr && (!sizes[k].isStatic || want[j] == sizes[k].value);
      if (!matches) {
        if (sizes[k].isStatic && sizes[k].value == 1) continue;
        fail(op.loc, "cannot match the subview's sizes to its result type " + res->type.str());
      }
      d.comps[1 + j] = sizes[k];
      d.comps[1 + rr + j] = fullStrides[k];
      ++j;
    }
    if (j != rr) fail(op.loc, "cannot match the subview to its result rank");
    break;
  }
  case OpKind::ReinterpretCast: {
    auto offs = mixed(op.staticOffsets), sizes = mixed(op.staticSizes),
         strides = mixed(op.staticStrides);
    d.comps[0] = offs[0];
    for (size_t k = 0; k < rr; ++k) {
      d.comps[1 + k] = sizes[k];
      d.comps[1 + rr + k] = strides[k];
    }
    break;
  }
  case OpKind::CollapseShape: {
    d.comps[0] = sd.comps[0];
    for (size_t gi = 0; gi < op.reassociation.size(); ++gi) {
      const auto& grp = op.reassociation[gi];
      Component size = fixed(1);
      for (int64_t dim : grp)
        size = mulC(size, sd.comps[1 + dim], s, op, res, tmp++);
      d.comps[1 + gi] = size;
      d.comps[1 + rr + gi] = grp.empty() ? fixed(1) : sd.comps[1 + sr + grp.back()];
    }
    break;
  }
  case OpKind::ExpandShape: {
    d.comps[0] = sd.comps[0];
    const auto& shape = res->type.mem->shape;
    for (size_t gi = 0; gi < op.reassociation.size(); ++gi) {
      const auto& grp = op.reassociation[gi];
      int64_t known = 1;
      int dyn = -1;
      for (int64_t dim : grp) {
        if (shape[dim] == kDynamic)
          dyn = static_cast<int>(dim);
        else
          known *= shape[dim];
      }
      for (int64_t dim : grp)
        d.comps[1 + dim] = fixed(shape[dim]);
      if (dyn >= 0) {
        const Component& total = sd.comps[1 + gi];
        if (total.isStatic) {
          d.comps[1 + dyn] = fixed(known ? total.value / known : 0);
        } else {
          Key k{res, tmp++};
          s.env[k] = compute(s, OpKind::DivSI,
                             {componentValue(total, s, &op), componentValue(fixed(known), s, &op)},
                             Type::index(), &op, "divsi." + valueName(res));
          d.comps[1 + dyn] = Component{false, 0, k};
        }
      }
      Component stride = sd.comps[1 + sr + gi];
      for (size_t i = grp.size(); i-- > 0;) {
        d.comps[1 + rr + grp[i]] = stride;
        if (i) stride = mulC(stride, d.comps[1 + grp[i]], s, op, res, tmp++);
      }
    }
    break;
  }
  default: fail(op.loc, "internal lowering error: not a view op");
  }
  descs_[res] = d;
}

void Lowerer::lowerDim(const Op& op, RegionState& s) {
  const Op* c = op.operand(1)->def;
  if (!c || c->kind != OpKind::ArithConstant)
    fail(op.loc,
         "'memref.dim' with a non-constant dimension is not supported in an accelerated function");
  const MemDesc& d = descs_.at(op.operand(0));
  int64_t dim = static_cast<int64_t>(c->constBits);
  if (dim < 0 || dim >= static_cast<int64_t>(d.rank()))
    fail(op.loc, "'memref.dim' index out of range");
  MemDesc copy = d;
  define(s, op.result(), componentValue(copy.size(static_cast<size_t>(dim)), s, &op));
}

PortRef Lowerer::address(const Op& op, const MemDesc& d, unsigned first, RegionState& s) {
  PortRef acc;
  bool have = false;
  for (size_t k = 0; k < d.rank(); ++k) {
    const Component& stride = d.comps[1 + d.rank() + k];
    if (stride.isStatic && stride.value == 0) continue;
    PortRef idx = lookup(op.operand(first + static_cast<unsigned>(k)), s);
    PortRef term = stride.isStatic && stride.value == 1
                       ? idx
                       : compute(s, OpKind::MulI, {idx, componentValue(stride, s, &op)},
                                 Type::index(), &op, "addr.mul" + std::to_string(k));
    acc = have ? compute(s, OpKind::AddI, {acc, term}, Type::index(), &op,
                         "addr.add" + std::to_string(k))
               : term;
    have = true;
  }
  const Component& off = d.comps[0];
  if (!(off.isStatic && off.value == 0)) {
    PortRef o = componentValue(off, s, &op);
    acc = have ? compute(s, OpKind::AddI, {acc, o}, Type::index(), &op, "addr.offset") : o;
    have = true;
  }
  if (!have) acc = componentValue(fixed(0), s, &op);
  return acc;
}

void Lowerer::lowerAccess(const Op& op, RegionState& s) {
  bool isStore = op.kind == OpKind::MemRefStore;
  const Value* mem = op.operand(isStore ? 1 : 0);
  auto it = descs_.find(mem);
  if (it == descs_.end())
    fail(op.loc, "internal lowering error: memref '" + mem->name + "' has no descriptor");
  const MemDesc d = it->second;
  PortRef addr = address(op, d, isStore ? 2 : 1, s);
  Type elem = mem->type.mem->elem;
  Type none = Type::none(), index = Type::index();
  Vertex v;
  std::string label = std::string(isStore ? "store." : "load.") + valueName(mem);
  if (isStore) {
    v = addNode(dfg::NodeKind::Store, s.scope, label, &op, {index, elem, none}, {elem, index},
                {Role::MemData, Role::MemAddr}, {s.rate, s.rate});
    connect(addr, v, 0);
    connect(lookup(op.operand(0), s), v, 1);
  } else {
    v = addNode(dfg::NodeKind::Load, s.scope, label, &op, {index, elem, none}, {elem, index},
                {Role::Data, Role::MemAddr}, {s.rate, s.rate});
    connect(addr, v, 0);
    define(s, op.result(), {v, 0});
  }
  accesses_.push_back(Access{v, d.group, isStore, originOf(&op), {}});
  int idx = static_cast<int>(accesses_.size() - 1);
  groups_[d.group].accesses.push_back(idx);
  s.block->items.push_back(LItem{LItem::Kind::Access});
  s.block->items.back().access = idx;
  s.block->items.back().scope = s.scope;
}

} // namespace loom::lower
