// loom-gen: prints a random, well-formed, terminating MLIR program (MLIR 22 spelling)
// for differential testing of loom-sim (see tools/gen/README.md).
//
//   loom-gen --seed S [--size small|medium|large] [--kernels K] [--shape deep|wide|recurrence]
//
// The program is a `main` that allocates and deterministically initializes memrefs,
// calls K kernel functions (some more than once, with scalar arguments chosen so that
// some loops are zero-trip), and prints every returned scalar and every buffer. Kernels
// mix nested scf.for / scf.while / scf.if with iter_args, values crossing region
// boundaries, loads and stores through views, and the arith ops of the input language.
//
// Every program is free of undefined behaviour by construction:
//  * indices: every index value carries a static range (or "is a valid index of dim d
//    of memref m" when it is an iv bounded by memref.dim); accesses use only indices
//    proven in bounds, or data reduced by remui/andi to the extent;
//  * loops: bounds and steps have static ranges, step >= 1, and the product of the trip
//    counts of a nest stays under a budget; every scf.while is `counter < limit and ...`
//    with the counter advanced by a positive constant in the after region;
//  * division: divisors are forced non-zero (and not -1 for signed ops); shift amounts
//    are masked to width - 1; fptosi/fptoui operands are clamped into range (NaN goes
//    to a bound); floats that reach memory, a yield, a return or a print are NaN-free;
//  * memory: every buffer is fully initialized before it is read; the memref arguments
//    of one call never alias.
// Same seed and options, same program (own PRNG, no std distributions).
//
// Shapes (no input may crash the tool): `deep` nests one path of loops and
// branches 16..120 levels deep in each kernel (accelerated functions may nest 128), the
// rest as usual; `wide` gives each kernel 8..40 scalar parameters and ten times the
// statements, mostly independent, at function level; `recurrence` prints instead one
// loop whose optimal II is known by construction (gen_recurrence.cpp; --size and
// --kernels do not apply).

#include "tools/gen/func_gen.h"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace loomgen {
namespace {

// ---------------------------------------------------------------------------------------
// Kernel signatures.
Param memParam(Rng& R, const Config& C, int idx) {
  Param p;
  p.isMem = true;
  p.name = "%m" + std::to_string(idx);
  T elem = R.pick(kElemTypes);
  p.mk = static_cast<MemArgKind>(R.weighted({3, 3, 1.5, 1.5, 1}));
  size_t rank = static_cast<size_t>(R.weighted({0.15, 3, 2, 0.6}));
  if (p.mk != MemArgKind::Exact && rank == 0) rank = 1;
  if (p.mk == MemArgKind::Reinterpret && rank > 2) rank = 2;
  int64_t maxD = C.maxDim;
  auto dimSize = [&] { return R.range(1, maxD); };
  switch (p.mk) {
  case MemArgKind::Exact: {
    p.mt.elem = elem;
    for (size_t d = 0; d < rank; ++d)
      p.mt.shape.push_back(dimSize());
    p.minExt = p.maxExt = p.mt.shape;
    break;
  }
  case MemArgKind::CastDyn: {
    p.mt.elem = elem;
    bool any = false;
    for (size_t d = 0; d < rank; ++d) {
      int64_t lo = R.range(R.chance(0.15) ? 0 : 1, maxD),
              hi = std::min<int64_t>(lo + R.range(0, 3), maxD + 2);
      // main never passes an empty buffer (see memArg), so a [0, 0] range would be a
      // lie that memref.dim-derived indices trust: the range must reach 1.
      hi = std::max<int64_t>(hi, 1);
      bool dyn = R.chance(0.6) || (!any && d + 1 == rank);
      any |= dyn;
      if (dyn) {
        p.mt.shape.push_back(kDyn);
        p.minExt.push_back(lo);
        p.maxExt.push_back(hi);
      } else {
        p.mt.shape.push_back(std::max<int64_t>(1, lo));
        p.minExt.push_back(std::max<int64_t>(1, lo));
        p.maxExt.push_back(std::max<int64_t>(1, lo));
      }
    }
    break;
  }
  case MemArgKind::Subview: {
    for (size_t d = 0; d < rank; ++d) {
      int64_t root = R.range(2, maxD + 2);
      int64_t st = root >= 4 && R.chance(0.3) ? 2 : 1;
      int64_t off = R.range(0, root - 1);
      int64_t sz = R.range(1, (root - 1 - off) / st + 1);
      p.rootShape.push_back(root);
      p.offs.push_back(off);
      p.sizes.push_back(sz);
      p.strides.push_back(st);
    }
    MemType rootT;
    rootT.elem = elem;
    rootT.shape = p.rootShape;
    p.mt = inferSubview(rootT, p.offs, p.sizes, p.strides, std::vector<bool>(rank, false));
    p.minExt = p.maxExt = p.sizes;
    break;
  }
  case MemArgKind::DynLayout: {
    std::vector<int64_t> shape;
    for (size_t d = 0; d < rank; ++d) {
      int64_t lo = R.range(1, maxD), hi = std::min<int64_t>(lo + R.range(0, 2), maxD + 1);
      if (R.chance(0.3)) {
        shape.push_back(lo);
        p.minExt.push_back(lo);
        p.maxExt.push_back(lo);
      } else {
        shape.push_back(kDyn);
        p.minExt.push_back(lo);
        p.maxExt.push_back(hi);
      }
    }
    p.mt = fullyDynamic(elem, shape);
    break;
  }
  case MemArgKind::Reinterpret: {
    p.mt.elem = elem;
    p.mt.identity = false;
    p.rOffset = R.range(0, 3);
    if (rank == 1) {
      int64_t st = R.range(1, 3), n = R.range(1, maxD);
      p.sizes = {n};
      p.strides = {st};
    } else {
      int64_t a = R.range(1, 5), b = R.range(1, 5);
      p.sizes = {a, b};
      p.strides =
          R.chance(0.5) ? std::vector<int64_t>{1, a} : std::vector<int64_t>{b + R.range(0, 2), 1};
    }
    p.mt.shape = p.sizes;
    p.mt.offset = p.rOffset;
    p.mt.strides = p.strides;
    p.mt = normalized(p.mt);
    p.minExt = p.maxExt = p.sizes;
    break;
  }
  }
  return p;
}

Kernel genKernel(Rng& R, const Config& C, const std::string& name) {
  Kernel k;
  k.name = name;
  int nm = static_cast<int>(R.weighted({0.3, 3, 3, 2, 1}));
  int ns = static_cast<int>(R.range(C.minScalars, C.maxScalars));
  std::vector<Param> ps;
  for (int i = 0; i < nm; ++i)
    ps.push_back(memParam(R, C, i));
  for (int i = 0; i < ns; ++i) {
    Param p;
    p.name = "%s" + std::to_string(i);
    if (R.chance(0.55)) {
      p.ty = T::Idx;
      p.role = static_cast<int>(R.weighted({1, 3, 1.5, 0.8}));
      switch (p.role) {
      case 1: p.r = Range::of(0, R.range(2, std::min<int64_t>(C.maxTrip, C.maxDim))); break;
      case 2: p.r = Range::of(0, R.range(1, 5)); break;
      case 3: p.r = Range::of(1, R.range(1, 3)); break;
      default: p.r = Range::of(0, R.range(1, 40)); break;
      }
    } else {
      p.ty = R.pick(std::vector<T>{T::I1, T::I8, T::I16, T::I32, T::I32, T::I64, T::F32, T::F64});
    }
    ps.push_back(p);
  }
  // Interleave memref and scalar parameters a little.
  for (size_t i = 1; i < ps.size(); ++i)
    if (R.chance(0.25))
      std::swap(ps[i], ps[static_cast<size_t>(R.range(0, static_cast<int64_t>(i)))]);
  k.params = ps;
  int nr = static_cast<int>(R.weighted({1, 3, 2, 1}));
  for (int i = 0; i < nr; ++i)
    k.results.push_back(R.pick(kScalarTypes));

  FuncGen g(R, C);
  g.budget = C.opBudget;
  g.push();
  std::string sig = "func.func @" + name + "(";
  for (size_t i = 0; i < k.params.size(); ++i) {
    Param& p = k.params[i];
    sig += (i ? ", " : "") + p.name + ": " + (p.isMem ? p.mt.str() : std::string(tname(p.ty)));
    if (p.isMem) {
      MemVal m;
      m.name = p.name;
      m.id = g.memCounter++;
      m.type = p.mt;
      m.minExt = p.minExt;
      m.maxExt = p.maxExt;
      m.whole = p.mk == MemArgKind::Exact || p.mk == MemArgKind::CastDyn;
      m.root = m.id; // main gives every parameter its own allocations
      m.rootElems = 1;
      for (int64_t e : p.minExt)
        m.rootElems *= e;
      g.addMem(m);
    } else {
      Val v;
      v.name = p.name;
      v.ty = p.ty;
      v.blockArg = true;
      if (p.ty == T::Idx) v.r = p.r;
      g.add(v);
    }
  }
  sig += ")";
  if (!k.results.empty()) sig += " -> (" + FuncGen::typeList(k.results) + ")";
  // Prologue: a few data values loaded from the memref parameters.
  for (auto& m : g.visibleMems())
    if (g.accessible(m) && R.chance(0.7)) {
      Val v;
      g.load(m.type.elem, v);
    }
  if (R.chance(0.3)) g.localBuffer();
  g.spineLeft = C.spine;
  g.block(C.stmtsTop);
  while (g.budget > C.opBudget / 3 && R.chance(0.7))
    g.block(C.stmtsTop);
  std::vector<Val> rv = g.yieldVals(k.results);
  g.line(g.yieldLine("func.return", rv));
  k.text = sig + " {\n" + g.out + "}\n";
  return k;
}

// ---------------------------------------------------------------------------------------
// main: buffers, initialization, calls, prints.
class MainGen {
public:
  MainGen(Rng& rng, const Config& cfg) : R(rng), C(cfg) {}
  Rng& R;
  const Config& C;
  std::string out;
  int ind = 1;
  int counter = 0;
  std::set<T> printed;
  std::map<std::string, std::string> consts;

  struct Root {
    std::string name;
    MemType type; // identity, static
    int64_t elems = 0;
    bool alloca = false;
  };
  std::vector<Root> roots;

  std::string fresh(const char* p = "t") {
    return "%" + std::string(p) + std::to_string(counter++);
  }
  void line(const std::string& s) {
    out.append(static_cast<size_t>(ind) * 2, ' ');
    out += s;
    out += "\n";
  }
  // Constants of main live at function level (defined once, before first use).
  std::string cIdx(int64_t v) { return cst(std::to_string(v) + " : index"); }
  std::string cst(const std::string& lit) {
    auto it = consts.find(lit);
    if (it != consts.end()) return it->second;
    std::string n = fresh("k");
    std::string l = std::string(2, ' ') + n + " = arith.constant " + lit + "\n";
    header += l;
    consts[lit] = n;
    return n;
  }
  std::string header; // main's constants

  static const char* printFn(T t) {
    switch (t) {
    case T::I32: return "printMemrefI32";
    case T::I64: return "printMemrefI64";
    case T::F32: return "printMemrefF32";
    case T::F64: return "printMemrefF64";
    default: return nullptr;
    }
  }

  // Loops over every element of an identity static memref (through a flat view for rank
  // > 1); body(flatIndexName, accessString) writes the body lines.
  void forAll(const std::string& mem, const MemType& t,
              const std::function<void(const std::string&, const std::string&)>& body) {
    int64_t n = 1;
    for (int64_t s : t.shape)
      n *= s;
    if (t.rank() == 0) {
      body(cIdx(0), mem + "[] : " + t.str());
      return;
    }
    std::string flat = mem;
    MemType ft = t;
    if (t.rank() > 1) {
      flat = fresh("flat");
      ft.shape = {n};
      std::string re = "[[";
      for (size_t i = 0; i < t.rank(); ++i)
        re += (i ? ", " : "") + std::to_string(i);
      re += "]]";
      line(flat + " = memref.collapse_shape " + mem + " " + re + " : " + t.str() + " into " +
           ft.str());
    }
    std::string iv = fresh("i");
    line("scf.for " + iv + " = " + cIdx(0) + " to " + cIdx(n) + " step " + cIdx(1) + " {");
    ++ind;
    body(iv, flat + "[" + iv + "] : " + ft.str());
    --ind;
    line("}");
  }

  // A new root: alloc/alloca of an identity static type, fully initialized.
  Root newRoot(T elem, const std::vector<int64_t>& shape) {
    Root r;
    r.name = fresh("buf");
    r.type.elem = elem;
    r.type.shape = shape;
    r.elems = 1;
    for (int64_t s : shape)
      r.elems *= s;
    r.alloca = R.chance(0.2);
    line(r.name + " = memref." + (r.alloca ? "alloca" : "alloc") + "() : " + r.type.str());
    int64_t A = R.range(1, 40) * 2 + 1, B = R.range(-50, 50), X = R.range(0, 255);
    int form = static_cast<int>(R.range(0, 2));
    forAll(r.name, r.type, [&](const std::string& iv, const std::string& acc) {
      std::string ii = fresh();
      line(ii + " = arith.index_cast " + iv + " : index to i32");
      std::string a = fresh();
      line(a + " = arith.muli " + ii + ", " + cst(std::to_string(A) + " : i32") + " : i32");
      std::string b = fresh();
      line(b + " = arith.addi " + a + ", " + cst(std::to_string(B) + " : i32") + " : i32");
      std::string v = fresh();
      if (form == 0)
        line(v + " = arith.xori " + b + ", " + cst(std::to_string(X) + " : i32") + " : i32");
      else if (form == 1)
        line(v + " = arith.muli " + b + ", " + b + " : i32");
      else
        line(v + " = arith.remsi " + b + ", " + cst("97 : i32") + " : i32");
      std::string e = fresh();
      switch (elem) {
      case T::I8: line(e + " = arith.trunci " + v + " : i32 to i8"); break;
      case T::I16: line(e + " = arith.trunci " + v + " : i32 to i16"); break;
      case T::I32: e = v; break;
      case T::I64: {
        std::string x = fresh();
        line(x + " = arith.extsi " + v + " : i32 to i64");
        line(e + " = arith.muli " + x + ", " + cst("1000003 : i64") + " : i64");
        break;
      }
      default: {
        const char* ft = tname(elem);
        std::string m = fresh(), s = fresh(), f = fresh();
        line(m + " = arith.andi " + v + ", " + cst("255 : i32") + " : i32");
        line(s + " = arith.subi " + m + ", " + cst("128 : i32") + " : i32");
        line(f + " = arith.sitofp " + s + " : i32 to " + ft);
        line(e + " = arith.mulf " + f + ", " + cst(std::string("2.500000e-01 : ") + ft) + " : " +
             ft);
        break;
      }
      }
      line("memref.store " + e + ", " + acc);
    });
    roots.push_back(r);
    return r;
  }

  void printMem(const std::string& name, const MemType& t) {
    const char* fn = printFn(t.elem);
    if (!fn) return;
    printed.insert(t.elem);
    std::string u = fresh("u");
    line(u + " = memref.cast " + name + " : " + t.str() + " to memref<*x" + tname(t.elem) + ">");
    line("func.call @" + std::string(fn) + "(" + u + ") : (memref<*x" + tname(t.elem) + ">) -> ()");
  }

  void printRoot(const Root& r) {
    if (printFn(r.type.elem)) {
      printMem(r.name, r.type);
      return;
    }
    // i8 / i16: widen into an i32 copy.
    MemType wt = r.type;
    wt.elem = T::I32;
    std::string w = fresh("wide");
    line(w + " = memref.alloc() : " + wt.str());
    std::string src, dst;
    bool sx = R.chance(0.5);
    // Flat views of both.
    forAllPair(r, w, wt, sx);
    printMem(w, wt);
    line("memref.dealloc " + w + " : " + wt.str());
  }
  void forAllPair(const Root& r, const std::string& w, const MemType& wt, bool sx) {
    int64_t n = r.elems;
    if (r.type.rank() == 0) {
      std::string v = fresh(), e = fresh();
      line(v + " = memref.load " + r.name + "[] : " + r.type.str());
      line(e + " = arith." + (sx ? "extsi " : "extui ") + v + " : " + tname(r.type.elem) +
           " to i32");
      line("memref.store " + e + ", " + w + "[] : " + wt.str());
      return;
    }
    std::string fs = r.name, fw = w;
    MemType ft = r.type, fwt = wt;
    ft.shape = fwt.shape = {n};
    if (r.type.rank() > 1) {
      std::string re = "[[";
      for (size_t i = 0; i < r.type.rank(); ++i)
        re += (i ? ", " : "") + std::to_string(i);
      re += "]]";
      fs = fresh("flat");
      fw = fresh("flat");
      line(fs + " = memref.collapse_shape " + r.name + " " + re + " : " + r.type.str() + " into " +
           ft.str());
      line(fw + " = memref.collapse_shape " + w + " " + re + " : " + wt.str() + " into " +
           fwt.str());
    }
    std::string iv = fresh("i");
    line("scf.for " + iv + " = " + cIdx(0) + " to " + cIdx(n) + " step " + cIdx(1) + " {");
    ++ind;
    std::string v = fresh(), e = fresh();
    line(v + " = memref.load " + fs + "[" + iv + "] : " + ft.str());
    line(e + " = arith." + (sx ? "extsi " : "extui ") + v + " : " + tname(r.type.elem) + " to i32");
    line("memref.store " + e + ", " + fw + "[" + iv + "] : " + fwt.str());
    --ind;
    line("}");
  }

  static std::string list(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
  }

  // Builds a value of the parameter's memref type over fresh roots.
  std::string memArg(const Param& p) {
    const MemType& t = p.mt;
    switch (p.mk) {
    case MemArgKind::Exact: {
      int64_t n = 1;
      for (int64_t s : t.shape)
        n *= s;
      if (t.rank() >= 2 && R.chance(0.4)) {
        Root r = newRoot(t.elem, {n});
        std::string v = fresh("exp");
        std::string re = "[[";
        for (size_t i = 0; i < t.rank(); ++i)
          re += (i ? ", " : "") + std::to_string(i);
        re += "]]";
        line(v + " = memref.expand_shape " + r.name + " " + re + " output_shape " + list(t.shape) +
             " : " + r.type.str() + " into " + t.str());
        return v;
      }
      return newRoot(t.elem, t.shape).name;
    }
    case MemArgKind::CastDyn: {
      std::vector<int64_t> shape;
      for (size_t d = 0; d < t.rank(); ++d) {
        shape.push_back(t.shape[d] != kDyn
                            ? t.shape[d]
                            : std::max<int64_t>(1, R.range(p.minExt[d], p.maxExt[d])));
        // The kernel's memref.dim values carry [minExt, maxExt]: the extent must be in it.
        if (shape.back() < p.minExt[d] || shape.back() > p.maxExt[d]) {
          std::fprintf(stderr,
                       "loom-gen: internal error: extent %lld of %s dim %zu outside [%lld, %lld]\n",
                       static_cast<long long>(shape.back()), p.name.c_str(), d,
                       static_cast<long long>(p.minExt[d]), static_cast<long long>(p.maxExt[d]));
          std::exit(3);
        }
      }
      // A zero extent is allowed by the parameter, but buffers are never empty (the 14
      // runtime prints garbage for empty memrefs); a 0-extent view is made by subview.
      Root r = newRoot(t.elem, shape);
      std::string v = fresh("cast");
      line(v + " = memref.cast " + r.name + " : " + r.type.str() + " to " + t.str());
      return v;
    }
    case MemArgKind::Subview: {
      Root r = newRoot(t.elem, p.rootShape);
      std::string v = fresh("sub");
      line(v + " = memref.subview " + r.name + list(p.offs) + list(p.sizes) + list(p.strides) +
           " : " + r.type.str() + " to " + t.str());
      return v;
    }
    case MemArgKind::Reinterpret: {
      int64_t reach = p.rOffset;
      for (size_t d = 0; d < p.sizes.size(); ++d)
        reach += (p.sizes[d] - 1) * p.strides[d];
      Root r = newRoot(t.elem, {reach + 1 + R.range(0, 3)});
      std::string v = fresh("rc");
      line(v + " = memref.reinterpret_cast " + r.name + " to offset: [" +
           std::to_string(p.rOffset) + "], sizes: " + list(p.sizes) +
           ", strides: " + list(p.strides) + " : " + r.type.str() + " to " + t.str());
      return v;
    }
    case MemArgKind::DynLayout: {
      size_t rank = t.rank();
      std::vector<int64_t> sizes, offs, strides, rootShape;
      for (size_t d = 0; d < rank; ++d) {
        int64_t sz = t.shape[d] != kDyn ? t.shape[d] : R.range(p.minExt[d], p.maxExt[d]);
        int64_t st = R.chance(0.3) ? R.range(2, 3) : 1;
        int64_t off = R.range(0, 3);
        sizes.push_back(sz);
        strides.push_back(st);
        offs.push_back(off);
        rootShape.push_back(off + (sz - 1) * st + 1 + R.range(0, 2));
      }
      Root r = newRoot(t.elem, rootShape);
      bool allDyn = true;
      for (int64_t s : t.shape)
        allDyn &= s == kDyn;
      if (allDyn && R.chance(0.5)) {
        // Subview with operands: the result is already fully dynamic.
        std::string o, s, st;
        for (size_t d = 0; d < rank; ++d) {
          o += (d ? ", " : "") + cIdx(offs[d]);
          s += (d ? ", " : "") + cIdx(sizes[d]);
          st += (d ? ", " : "") + cIdx(strides[d]);
        }
        std::string v = fresh("dsub");
        line(v + " = memref.subview " + r.name + "[" + o + "][" + s + "][" + st +
             "] : " + r.type.str() + " to " + t.str());
        return v;
      }
      MemType st = inferSubview(r.type, offs, sizes, strides, std::vector<bool>(rank, false));
      std::string v = fresh("sub");
      line(v + " = memref.subview " + r.name + list(offs) + list(sizes) + list(strides) + " : " +
           r.type.str() + " to " + st.str());
      std::string c = fresh("cast");
      line(c + " = memref.cast " + v + " : " + st.str() + " to " + t.str());
      return c;
    }
    }
    return "";
  }

  std::string scalarArg(const Param& p, int callNo) {
    if (p.ty == T::Idx) {
      int64_t v;
      if (callNo == 1) {
        // The "zero" call: bounds at their lowest, starts at their highest.
        v = p.role == 1 ? p.r.lo : p.role == 2 ? p.r.hi : R.range(p.r.lo, p.r.hi);
      } else {
        v = R.chance(0.25) ? (R.chance(0.5) ? p.r.lo : p.r.hi) : R.range(p.r.lo, p.r.hi);
      }
      return cIdx(v);
    }
    if (isF(p.ty)) return cst(R.pick(kFloatConsts) + " : " + tname(p.ty));
    int64_t v;
    switch (R.range(0, 6)) {
    case 0: v = 0; break;
    case 1: v = -1; break;
    case 2: v = tmin(p.ty); break;
    case 3: v = tmax(p.ty); break;
    default:
      v = R.range(std::max<int64_t>(tmin(p.ty), -300), std::min<int64_t>(tmax(p.ty), 300));
      break;
    }
    if (p.ty == T::I1) return cst(v & 1 ? "true" : "false");
    return cst(std::to_string(v) + " : " + tname(p.ty));
  }

  void printResults(const std::vector<std::string>& names, const std::vector<T>& ts) {
    for (size_t i = 0; i < ts.size(); ++i)
      line("vector.print " + names[i] + " : " + tname(ts[i]));
  }

  void call(const Kernel& k, const std::vector<std::string>& args, const std::string& loopIv = "",
            int loopParam = -1) {
    std::vector<std::string> a = args;
    if (loopParam >= 0) a[static_cast<size_t>(loopParam)] = loopIv;
    std::string types, argl;
    for (size_t i = 0; i < k.params.size(); ++i) {
      const Param& p = k.params[i];
      types += (i ? ", " : "") + (p.isMem ? p.mt.str() : std::string(tname(p.ty)));
      argl += (i ? ", " : "") + a[i];
    }
    std::string rt = FuncGen::typeList(k.results);
    std::vector<std::string> rn;
    std::string prefix;
    if (k.results.size() == 1) {
      rn.push_back(fresh("res"));
      prefix = rn[0] + " = ";
    } else if (k.results.size() > 1) {
      std::string b = fresh("res");
      for (size_t i = 0; i < k.results.size(); ++i)
        rn.push_back(b + "#" + std::to_string(i));
      prefix = b + ":" + std::to_string(k.results.size()) + " = ";
    }
    line(prefix + "func.call @" + k.name + "(" + argl + ") : (" + types + ") -> (" + rt + ")");
    printResults(rn, k.results);
  }

  std::string gen(const std::vector<Kernel>& ks) {
    for (const Kernel& k : ks) {
      int calls = static_cast<int>(R.weighted({0, 3, 3, 1.5}));
      std::vector<std::string> args;
      for (int c = 0; c < calls; ++c) {
        bool reuse = c > 0 && R.chance(0.5);
        std::vector<std::string> na;
        for (size_t i = 0; i < k.params.size(); ++i) {
          const Param& p = k.params[i];
          if (p.isMem)
            na.push_back(reuse ? args[i] : memArg(p));
          else
            na.push_back(scalarArg(p, c));
        }
        args = na;
        // Sometimes call from inside a loop of main, passing the iv as an index param.
        int lp = -1;
        for (size_t i = 0; i < k.params.size(); ++i)
          if (!k.params[i].isMem && k.params[i].ty == T::Idx && k.params[i].r.lo == 0 &&
              k.params[i].role != 3)
            lp = static_cast<int>(i);
        if (lp >= 0 && R.chance(0.15)) {
          int64_t n = std::min<int64_t>(k.params[static_cast<size_t>(lp)].r.hi + 1, 3);
          std::string iv = fresh("i");
          line("scf.for " + iv + " = " + cIdx(0) + " to " + cIdx(n) + " step " + cIdx(1) + " {");
          ++ind;
          call(k, args, iv, lp);
          --ind;
          line("}");
        } else {
          call(k, args);
        }
      }
    }
    for (const Root& r : roots)
      printRoot(r);
    for (const Root& r : roots)
      if (!r.alloca && R.chance(0.5)) line("memref.dealloc " + r.name + " : " + r.type.str());
    line("func.return");
    return "func.func @main() {\n" + header + out + "}\n";
  }
};

Config configFor(Size s) {
  Config c;
  c.size = s;
  auto limits = [&c](int maxDepth, int stmtsTop, int stmtsInner, int64_t maxTrip, int64_t maxIters,
                     int64_t maxDim, int exprDepth, int opBudget) {
    c.maxDepth = maxDepth;
    c.stmtsTop = stmtsTop;
    c.stmtsInner = stmtsInner;
    c.maxTrip = maxTrip;
    c.maxIters = maxIters;
    c.maxDim = maxDim;
    c.exprDepth = exprDepth;
    c.opBudget = opBudget;
  };
  switch (s) {
  case Size::Small: limits(2, 5, 3, 5, 60, 6, 2, 45); break;
  case Size::Medium: limits(3, 7, 4, 7, 400, 8, 2, 120); break;
  case Size::Large: limits(4, 9, 5, 8, 2000, 10, 3, 300); break;
  }
  return c;
}

// The deep and wide shapes on top of a size. Their random choices come after the
// normal ones, so a normal program of a seed is what it always was.
void applyShape(Config& c, Shape shape, Rng& R) {
  switch (shape) {
  case Shape::Normal: break;
  case Shape::Deep:
    c.spine = static_cast<int>(R.range(16, 120));
    c.opBudget *= 2;
    break;
  case Shape::Wide:
    c.stmtsTop *= 10;
    c.opBudget *= 10;
    c.maxDepth = std::min(c.maxDepth, 2);
    c.minScalars = 8;
    c.maxScalars = 40;
    break;
  }
}

int usage(const char* argv0) {
  std::fprintf(stderr,
               "usage: %s --seed S [--size small|medium|large] [--kernels K] [--shape "
               "deep|wide|recurrence]\n",
               argv0);
  return 2;
}

} // namespace
} // namespace loomgen

int main(int argc, char** argv) {
  using namespace loomgen;
  uint64_t seed = 0;
  bool haveSeed = false;
  Size size = Size::Small;
  const char* sizeName = "small";
  int kernels = 0;
  Shape shape = Shape::Normal;
  bool recurrence = false;
  std::string shapeArg;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "loom-gen: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--seed") {
      std::string v = val();
      char* end = nullptr;
      seed = std::strtoull(v.c_str(), &end, 10);
      if (!end || *end) {
        std::fprintf(stderr, "loom-gen: bad seed '%s'\n", v.c_str());
        return 2;
      }
      haveSeed = true;
    } else if (a == "--size") {
      std::string v = val();
      if (v == "small")
        size = Size::Small;
      else if (v == "medium")
        size = Size::Medium;
      else if (v == "large")
        size = Size::Large;
      else {
        std::fprintf(stderr, "loom-gen: bad size '%s'\n", v.c_str());
        return 2;
      }
      sizeName = argv[i];
    } else if (a == "--kernels") {
      kernels = std::atoi(val().c_str());
      if (kernels < 1 || kernels > 16) {
        std::fprintf(stderr, "loom-gen: --kernels must be 1..16\n");
        return 2;
      }
    } else if (a == "--shape") {
      std::string v = val();
      if (v == "deep")
        shape = Shape::Deep;
      else if (v == "wide")
        shape = Shape::Wide;
      else if (v == "recurrence")
        recurrence = true;
      else if (v != "normal") {
        std::fprintf(stderr, "loom-gen: bad shape '%s'\n", v.c_str());
        return 2;
      }
      shapeArg = shape == Shape::Normal ? "" : " --shape " + v;
    } else if (a == "-h" || a == "--help") {
      usage(argv[0]);
      return 0;
    } else {
      return usage(argv[0]);
    }
  }
  if (!haveSeed) return usage(argv[0]);
  if (recurrence) {
    Rng R(seed);
    std::fputs(recurrenceProgram(R, seed).c_str(), stdout);
    return 0;
  }
  Config cfg = configFor(size);
  Rng R(seed);
  if (kernels == 0) {
    switch (size) {
    case Size::Small: kernels = static_cast<int>(R.range(1, 2)); break;
    case Size::Medium: kernels = static_cast<int>(R.range(1, 3)); break;
    case Size::Large: kernels = static_cast<int>(R.range(2, 4)); break;
    }
  }
  applyShape(cfg, shape, R);
  std::vector<Kernel> ks;
  for (int i = 0; i < kernels; ++i)
    ks.push_back(genKernel(R, cfg, "k" + std::to_string(i)));
  MainGen mg(R, cfg);
  std::string mainText = mg.gen(ks);
  std::printf("// loom-gen --seed %" PRIu64 " --size %s --kernels %d%s\n", seed, sizeName, kernels,
              shapeArg.c_str());
  for (T t : {T::I32, T::I64, T::F32, T::F64})
    if (mg.printed.count(t))
      std::printf("func.func private @%s(memref<*x%s>)\n", MainGen::printFn(t), tname(t));
  for (auto& k : ks)
    std::printf("\n%s", k.text.c_str());
  std::printf("\n%s", mainText.c_str());
  return 0;
}
