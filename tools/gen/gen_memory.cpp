// FuncGen: indices proven in bounds, loads, stores, memref.dim, views (subview,
// collapse_shape, expand_shape, reinterpret_cast) and local buffers (func_gen.h).
#include "tools/gen/func_gen.h"

namespace loomgen {

bool FuncGen::hasDimOf(const Val& v, int id, int d) const {
  for (auto& p : v.dimOf)
    if (p.first == id && p.second == d) return true;
  return false;
}

// An index value valid for dim d of m; false if none can be made (extent may be 0).
bool FuncGen::index(const MemVal& m, int d, Val& out, int lvl) {
  int64_t E = m.minExt[static_cast<size_t>(d)];
  std::vector<Val> ok;
  for (auto& s : scopes)
    for (auto& x : s.vals)
      if (x.ty == T::Idx && (hasDimOf(x, m.id, d) || (x.r.nonneg() && x.r.hi <= E - 1)))
        ok.push_back(x);
  if (!ok.empty() && R.chance(lvl ? 0.7 : 0.55)) {
    // Prefer non-constants (ivs and derived values).
    std::vector<Val> nc;
    for (auto& x : ok)
      if (!x.isConst) nc.push_back(x);
    out = !nc.empty() && R.chance(0.8) ? R.pick(nc) : R.pick(ok);
    return true;
  }
  if (E <= 0) {
    if (ok.empty()) return false;
    out = R.pick(ok);
    return true;
  }
  switch (R.weighted({1.5, 2.5, 2, lvl < 1 ? 0.6 : 0})) {
  case 0: out = cInt(T::Idx, R.range(0, E - 1)); return true;
  case 1: {
    std::vector<Val> known;
    for (auto& s : scopes)
      for (auto& x : s.vals)
        if (x.ty == T::Idx && !x.isConst) known.push_back(x);
    if (known.empty()) {
      out = cInt(T::Idx, R.range(0, E - 1));
      return true;
    }
    Val v = R.pick(known);
    int k = static_cast<int>(R.range(0, 4));
    if (k == 0 && v.r.nonneg() && v.r.hi < E - 1) {
      Val c = cInt(T::Idx, R.range(1, E - 1 - v.r.hi));
      out = def(T::Idx, "arith.addi " + v.name + ", " + c.name + " : index",
                Range::of(v.r.lo + c.r.lo, v.r.hi + c.r.lo));
      return true;
    }
    if (k == 1 && v.r.nonneg() && v.r.hi <= E - 1) {
      Val c = cInt(T::Idx, E - 1);
      out = def(T::Idx, "arith.subi " + c.name + ", " + v.name + " : index",
                Range::of(E - 1 - v.r.hi, E - 1 - v.r.lo));
      return true;
    }
    if (k == 2) {
      Val c = cInt(T::Idx, E - 1);
      out = def(T::Idx, "arith.minui " + v.name + ", " + c.name + " : index",
                Range::of(v.r.nonneg() ? std::min(v.r.lo, E - 1) : 0, E - 1));
      return true;
    }
    if (k == 3 && v.r.nonneg() && v.r.hi / 2 <= E - 1 && v.r.hi > E - 1) {
      Val c = cInt(T::Idx, 2);
      out = def(T::Idx, "arith.divui " + v.name + ", " + c.name + " : index",
                Range::of(v.r.lo / 2, v.r.hi / 2));
      return true;
    }
    Val c = cInt(T::Idx, E);
    out = def(T::Idx, "arith.remui " + v.name + ", " + c.name + " : index", Range::of(0, E - 1));
    return true;
  }
  case 2: {
    // From data: index_cast of an integer, reduced to the extent.
    T s = R.pick(std::vector<T>{T::I8, T::I16, T::I32, T::I64, T::I32});
    Val a = scalar(s, 1);
    Val x = def(T::Idx, "arith.index_cast " + a.name + " : " + tname(s) + " to index",
                a.r.nonneg() ? a.r : Range{});
    if ((E & (E - 1)) == 0 && R.chance(0.5)) {
      Val m = cInt(T::Idx, E - 1);
      out = def(T::Idx, "arith.andi " + x.name + ", " + m.name + " : index", Range::of(0, E - 1));
    } else {
      Val c = cInt(T::Idx, E);
      out = def(T::Idx, "arith.remui " + x.name + ", " + c.name + " : index", Range::of(0, E - 1));
    }
    return true;
  }
  default: {
    Val a, b;
    if (!index(m, d, a, lvl + 1) || !index(m, d, b, lvl + 1)) return false;
    Val c = scalar(T::I1, 1);
    out = def(T::Idx, "arith.select " + c.name + ", " + a.name + ", " + b.name + " : index",
              unionR(a.r, b.r));
    if (hasDimOf(a, m.id, d) && hasDimOf(b, m.id, d))
      scopes.back().vals.back().dimOf.push_back({m.id, d});
    out = scopes.back().vals.back();
    return true;
  }
  }
}

bool FuncGen::indices(const MemVal& m, std::string& idx) {
  idx.clear();
  for (size_t d = 0; d < m.type.rank(); ++d) {
    Val v;
    if (!index(m, static_cast<int>(d), v)) return false;
    idx += (d ? ", " : "") + v.name;
  }
  return true;
}

bool FuncGen::accessible(const MemVal& m) const {
  for (int64_t e : m.minExt)
    if (e < 1) return false;
  return true;
}

// False for a view of an allocation an enclosing scf.parallel stores to.
bool FuncGen::readable(const MemVal& m) const {
  for (auto& p : par)
    if (p.owns && p.owner.root == m.root) return false;
  return true;
}

bool FuncGen::load(T t, Val& out) {
  std::vector<MemVal> ms;
  for (auto& m : visibleMems())
    if (m.type.elem == t && readable(m)) ms.push_back(m);
  if (ms.empty()) return false;
  MemVal m = R.pick(ms);
  std::string idx;
  if (!indices(m, idx)) return false;
  out = def(t, "memref.load " + m.name + "[" + idx + "] : " + m.type.str());
  return true;
}

bool FuncGen::dimValue(Val& out) {
  std::vector<MemVal> ms;
  for (auto& m : visibleMems())
    if (m.type.rank() > 0) ms.push_back(m);
  if (ms.empty()) return false;
  MemVal m = R.pick(ms);
  int d = static_cast<int>(R.range(0, static_cast<int64_t>(m.type.rank()) - 1));
  Val c = cInt(T::Idx, d);
  out = def(T::Idx, "memref.dim " + m.name + ", " + c.name + " : " + m.type.str(),
            Range::of(m.minExt[static_cast<size_t>(d)], m.maxExt[static_cast<size_t>(d)]));
  scopes.back().vals.back().isDim = {m.id, d};
  out = scopes.back().vals.back();
  return true;
}

void FuncGen::store() {
  if (!par.empty()) return parallelStore();
  std::vector<MemVal> ms = visibleMems();
  if (ms.empty()) return;
  MemVal m = R.pick(ms);
  Val v = sanitize(scalar(m.type.elem, C.exprDepth));
  std::string idx;
  if (!indices(m, idx)) return;
  line("memref.store " + v.name + ", " + m.name + "[" + idx + "] : " + m.type.str());
  --budget;
}

void FuncGen::view() {
  std::vector<MemVal> ms = visibleMems();
  if (ms.empty()) return;
  MemVal m = R.pick(ms);
  switch (R.weighted({3, 1.2, 1.2, m.whole ? 1.2 : 0})) {
  case 0: subview(m); break;
  case 1: collapse(m); break;
  case 2: expand(m); break;
  default: reinterpret(m); break;
  }
}

MemVal FuncGen::newView(const MemVal& src, const MemType& t) {
  MemVal v;
  v.name = fresh("view");
  v.id = memCounter++;
  v.type = t;
  v.root = src.root;
  return v;
}

void FuncGen::subview(const MemVal& m) {
  size_t r = m.type.rank();
  if (r == 0 || !accessible(m)) return;
  std::vector<int64_t> offs(r), sizes(r), strides(r), minE(r), maxE(r);
  std::vector<std::string> offOps, sizeOps, strideOps;
  std::vector<bool> drop(r, false);
  std::string offTxt, sizeTxt, strideTxt;
  std::vector<int64_t> stVal(r, 1);
  for (size_t d = 0; d < r; ++d) {
    int64_t E = m.minExt[d];
    int64_t st = E >= 3 && R.chance(0.25) ? 2 : 1;
    bool dynStride = R.chance(0.1);
    // offset
    int64_t oHi;
    std::string oName;
    bool dynOff = R.chance(0.35);
    if (dynOff) {
      Val o;
      std::vector<Val> cand;
      for (auto& s : scopes)
        for (auto& x : s.vals)
          if (x.ty == T::Idx && x.r.nonneg() && x.r.hi <= E - 1) cand.push_back(x);
      if (cand.empty()) {
        dynOff = false;
      } else {
        o = R.pick(cand);
        oName = o.name;
        oHi = o.r.hi;
        offs[d] = kDyn;
      }
    }
    if (!dynOff) {
      offs[d] = R.range(0, E - 1);
      oHi = offs[d];
    }
    int64_t room = (E - 1 - oHi) / st + 1; // elements available from the largest offset
    if (room < 1) room = 1;
    bool dynSize = R.chance(0.2);
    int64_t sz = R.range(1, room);
    std::string sName;
    if (dynSize) {
      std::vector<Val> cand;
      for (auto& s : scopes)
        for (auto& x : s.vals)
          if (x.ty == T::Idx && x.r.nonneg() && x.r.hi <= room && !x.isConst) cand.push_back(x);
      if (cand.empty()) {
        dynSize = false;
      } else {
        Val s = R.pick(cand);
        sName = s.name;
        sizes[d] = kDyn;
        minE[d] = s.r.lo;
        maxE[d] = s.r.hi;
      }
    }
    if (!dynSize) {
      sizes[d] = sz;
      minE[d] = maxE[d] = sz;
      drop[d] = sz == 1 && r > 1 && R.chance(0.5);
    }
    strides[d] = dynStride ? kDyn : st;
    stVal[d] = st;
    offTxt += std::string(d ? ", " : "") + (offs[d] == kDyn ? oName : std::to_string(offs[d]));
    sizeTxt += std::string(d ? ", " : "") + (sizes[d] == kDyn ? sName : std::to_string(sizes[d]));
  }
  // Rank reduction must be unambiguous (MLIR 14 matched unit dims greedily and
  // its mlir-opt crashed on some ambiguous masks): if any unit dim is dropped, drop
  // every static unit dim; keep at least one dim (else drop none).
  bool anyDrop = false;
  for (size_t d = 0; d < r; ++d)
    anyDrop |= drop[d];
  if (anyDrop) {
    size_t kept = 0;
    for (size_t d = 0; d < r; ++d) {
      drop[d] = sizes[d] == 1;
      kept += !drop[d];
    }
    if (kept == 0) drop.assign(r, false);
  }
  // MLIR 14's mlir-opt crashed lowering a rank-reducing subview with stride operands.
  anyDrop = false;
  for (size_t d = 0; d < r; ++d)
    anyDrop |= drop[d];
  for (size_t d = 0; d < r; ++d) {
    if (anyDrop) strides[d] = stVal[d];
    if (strides[d] == kDyn)
      strideTxt += std::string(d ? ", " : "") + cInt(T::Idx, stVal[d]).name;
    else
      strideTxt += std::string(d ? ", " : "") + std::to_string(stVal[d]);
  }
  MemType t = inferSubview(m.type, offs, sizes, strides, drop);
  MemVal v = newView(m, t);
  for (size_t d = 0; d < r; ++d) {
    if (drop[d]) continue;
    v.minExt.push_back(minE[d]);
    v.maxExt.push_back(maxE[d]);
  }
  line(v.name + " = memref.subview " + m.name + "[" + offTxt + "][" + sizeTxt + "][" + strideTxt +
       "] : " + m.type.str() + " to " + t.str());
  --budget;
  addMem(v);
}

void FuncGen::collapse(const MemVal& m) {
  size_t r = m.type.rank();
  if (r < 2) return;
  // Contiguous groups: identity layouts always; static strided layouts where the
  // strides chain.
  std::vector<int64_t> st = m.type.effStrides();
  auto contiguous = [&](size_t k) { // dims k and k+1 can be merged
    if (m.type.identity) return true;
    if (!m.type.staticLayout() || m.type.shape[k + 1] == kDyn) return false;
    return st[k] == st[k + 1] * m.type.shape[k + 1];
  };
  std::vector<std::vector<size_t>> groups;
  groups.push_back({0});
  for (size_t k = 0; k + 1 < r; ++k) {
    if (contiguous(k) && R.chance(0.7))
      groups.back().push_back(k + 1);
    else
      groups.push_back({k + 1});
  }
  if (groups.size() == r) return;
  MemType t;
  t.elem = m.type.elem;
  t.identity = m.type.identity;
  t.offset = m.type.effOffset();
  MemVal v;
  std::string re = "[";
  for (size_t g = 0; g < groups.size(); ++g) {
    int64_t sz = 1, mn = 1, mx = 1;
    re += g ? ", [" : "[";
    for (size_t i = 0; i < groups[g].size(); ++i) {
      size_t k = groups[g][i];
      re += (i ? ", " : "") + std::to_string(k);
      sz = (sz == kDyn || m.type.shape[k] == kDyn) ? kDyn : sz * m.type.shape[k];
      mn *= m.minExt[k];
      mx *= m.maxExt[k];
    }
    re += "]";
    t.shape.push_back(sz);
    if (!t.identity) t.strides.push_back(st[groups[g].back()]);
    v.minExt.push_back(mn);
    v.maxExt.push_back(mx);
  }
  re += "]";
  t = normalized(t);
  MemVal nv = newView(m, t);
  nv.minExt = v.minExt;
  nv.maxExt = v.maxExt;
  nv.whole = m.whole;
  nv.rootElems = m.rootElems;
  line(nv.name + " = memref.collapse_shape " + m.name + " " + re + " : " + m.type.str() + " into " +
       t.str());
  --budget;
  addMem(nv);
}

void FuncGen::expand(const MemVal& m) {
  size_t r = m.type.rank();
  if (r == 0) return;
  if (!m.type.identity && !m.type.staticLayout()) return;
  // Pick one static dim with a non-trivial factorization.
  std::vector<size_t> cand;
  for (size_t k = 0; k < r; ++k) {
    int64_t n = m.type.shape[k];
    if (n == kDyn || n < 4) continue;
    for (int64_t f = 2; f < n; ++f)
      if (n % f == 0) {
        cand.push_back(k);
        break;
      }
  }
  if (cand.empty() || r >= 3) return;
  size_t k = R.pick(cand);
  int64_t n = m.type.shape[k];
  std::vector<int64_t> fs;
  for (int64_t f = 2; f < n; ++f)
    if (n % f == 0) fs.push_back(f);
  int64_t a = R.pick(fs), b = n / a;
  std::vector<int64_t> st = m.type.effStrides();
  MemType t;
  t.elem = m.type.elem;
  t.identity = m.type.identity;
  t.offset = m.type.effOffset();
  MemVal nv = newView(m, t);
  std::string re = "[";
  std::string outShape; // MLIR 22's output_shape: static sizes, memref.dim for `?`
  size_t out = 0;
  for (size_t i = 0; i < r; ++i) {
    re += i ? ", [" : "[";
    outShape += i ? ", " : "";
    if (i == k) {
      re += std::to_string(out) + ", " + std::to_string(out + 1) + "]";
      outShape += std::to_string(a) + ", " + std::to_string(b);
      nv.type.shape.push_back(a);
      nv.type.shape.push_back(b);
      if (!t.identity) {
        nv.type.strides.push_back(st[i] * b);
        nv.type.strides.push_back(st[i]);
      }
      nv.minExt.push_back(a);
      nv.minExt.push_back(b);
      nv.maxExt.push_back(a);
      nv.maxExt.push_back(b);
      out += 2;
    } else {
      re += std::to_string(out) + "]";
      if (m.type.shape[i] == kDyn) {
        Val c = cInt(T::Idx, static_cast<int64_t>(i));
        outShape += def(T::Idx, "memref.dim " + m.name + ", " + c.name + " : " + m.type.str(),
                        Range::of(m.minExt[i], m.maxExt[i]))
                        .name;
      } else {
        outShape += std::to_string(m.type.shape[i]);
      }
      nv.type.shape.push_back(m.type.shape[i]);
      if (!t.identity) nv.type.strides.push_back(st[i]);
      nv.minExt.push_back(m.minExt[i]);
      nv.maxExt.push_back(m.maxExt[i]);
      out += 1;
    }
  }
  re += "]";
  nv.type = normalized(nv.type);
  nv.whole = m.whole;
  nv.rootElems = m.rootElems;
  line(nv.name + " = memref.expand_shape " + m.name + " " + re + " output_shape [" + outShape +
       "] : " + m.type.str() + " into " + nv.type.str());
  --budget;
  addMem(nv);
}

void FuncGen::reinterpret(const MemVal& m) {
  int64_t N = m.rootElems;
  if (N < 2) return;
  size_t rank = static_cast<size_t>(R.range(1, 2));
  std::vector<int64_t> sizes(rank), strides(rank);
  int64_t off = R.range(0, std::min<int64_t>(N - 1, 4));
  int64_t avail = N - 1 - off; // the largest linear distance allowed
  if (rank == 1) {
    strides[0] = R.range(1, 3);
    sizes[0] =
        std::max<int64_t>(1, std::min<int64_t>(avail / strides[0] + 1, R.range(1, C.maxDim)));
  } else {
    // Row-major or transposed with a chosen leading size.
    int64_t a = R.range(1, 4), b = R.range(1, 4);
    bool trans = R.chance(0.5);
    if (trans) {
      strides[0] = 1;
      strides[1] = a;
    } else {
      strides[0] = b;
      strides[1] = 1;
    }
    sizes[0] = a;
    sizes[1] = b;
    auto reach = [&] { return (sizes[0] - 1) * strides[0] + (sizes[1] - 1) * strides[1]; };
    while (reach() > avail && (sizes[0] > 1 || sizes[1] > 1)) {
      if (sizes[0] >= sizes[1] && sizes[0] > 1)
        --sizes[0];
      else
        --sizes[1];
    }
    if (reach() > avail) return;
  }
  MemType t;
  t.elem = m.type.elem;
  t.identity = false;
  t.offset = off;
  t.shape = sizes;
  t.strides = strides;
  t = normalized(t);
  MemVal nv = newView(m, t);
  nv.minExt = sizes;
  nv.maxExt = sizes;
  auto list = [](const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
  };
  line(nv.name + " = memref.reinterpret_cast " + m.name + " to offset: [" + std::to_string(off) +
       "], sizes: " + list(sizes) + ", strides: " + list(strides) + " : " + m.type.str() + " to " +
       t.str());
  --budget;
  addMem(nv);
}

// A local buffer (alloca or alloc), fully initialized by a loop nest.
void FuncGen::localBuffer() {
  MemVal m;
  m.name = fresh("buf");
  m.id = memCounter++;
  m.type.elem = R.pick(kElemTypes);
  size_t rank = static_cast<size_t>(R.range(1, 2));
  for (size_t d = 0; d < rank; ++d)
    m.type.shape.push_back(R.range(1, std::min<int64_t>(C.maxDim, 6)));
  m.minExt = m.maxExt = m.type.shape;
  m.whole = true;
  m.root = m.id;
  m.rootElems = 1;
  for (int64_t s : m.type.shape)
    m.rootElems *= s;
  line(m.name + " = memref." + (R.chance(0.5) ? "alloca" : "alloc") + "() : " + m.type.str());
  --budget;
  // init loops
  Val c0 = cInt(T::Idx, 0), c1 = cInt(T::Idx, 1);
  std::vector<Val> ivs;
  for (size_t d = 0; d < rank; ++d) {
    Val ub = cInt(T::Idx, m.type.shape[d]);
    Val iv;
    iv.name = fresh("i");
    iv.ty = T::Idx;
    iv.r = Range::of(0, m.type.shape[d] - 1);
    line("scf.for " + iv.name + " = " + c0.name + " to " + ub.name + " step " + c1.name + " {");
    ++ind;
    push();
    add(iv);
    ivs.push_back(iv);
  }
  Val v = sanitize(scalar(m.type.elem, 1));
  std::string idx;
  for (size_t d = 0; d < rank; ++d)
    idx += (d ? ", " : "") + ivs[d].name;
  line("memref.store " + v.name + ", " + m.name + "[" + idx + "] : " + m.type.str());
  for (size_t d = 0; d < rank; ++d) {
    pop();
    --ind;
    line("}");
  }
  addMem(m);
}

} // namespace loomgen
