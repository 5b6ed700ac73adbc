// FuncGen's shared part: values and scopes, the results of a region, the mix of statements
// a block draws from (func_gen.h).
#include "tools/gen/func_gen.h"

namespace loomgen {

// Emits `%n = RHS` and registers a value of type t.
Val FuncGen::def(T t, const std::string& rhs, Range r, bool nan) {
  Val v;
  v.name = fresh();
  v.ty = t;
  v.r = isIntLike(t) ? clampR(t, r) : Range{};
  v.mayNaN = isF(t) && nan;
  line(v.name + " = " + rhs);
  --budget;
  return add(v);
}

// Visible values of type t, innermost scope last.
std::vector<Val> FuncGen::visible(T t) const {
  std::vector<Val> v;
  for (auto& s : scopes)
    for (auto& x : s.vals)
      if (x.ty == t) v.push_back(x);
  return v;
}

std::vector<MemVal> FuncGen::visibleMems() const {
  std::vector<MemVal> v;
  for (auto& s : scopes)
    for (auto& m : s.mems)
      v.push_back(m);
  return v;
}

std::vector<T> FuncGen::pickTypes(int maxN) {
  std::vector<T> ts;
  int n = static_cast<int>(R.range(0, maxN));
  for (int i = 0; i < n; ++i)
    ts.push_back(R.pick(kScalarTypes));
  return ts;
}

std::string FuncGen::typeList(const std::vector<T>& ts) {
  std::string s;
  for (size_t i = 0; i < ts.size(); ++i)
    s += (i ? ", " : "") + std::string(tname(ts[i]));
  return s;
}

// Result names "%r" or "%r#i" for an op with n results; the def prefix.
std::vector<std::string> FuncGen::resultNames(size_t n, std::string& prefix) {
  std::string base = fresh("r");
  std::vector<std::string> names;
  if (n == 1) {
    names.push_back(base);
    prefix = base + " = ";
  } else if (n > 1) {
    for (size_t i = 0; i < n; ++i)
      names.push_back(base + "#" + std::to_string(i));
    prefix = base + ":" + std::to_string(n) + " = ";
  }
  return names;
}

// Values to yield for the given types (floats NaN-free), chosen from what is visible
// (inside or outside the region) or computed now.
std::vector<Val> FuncGen::yieldVals(const std::vector<T>& ts) {
  std::vector<Val> v;
  for (T t : ts)
    v.push_back(sanitize(scalar(t, C.exprDepth)));
  return v;
}

std::string FuncGen::yieldLine(const char* kw, const std::vector<Val>& vs) {
  std::string s = kw;
  if (vs.empty()) return s;
  s += " ";
  for (size_t i = 0; i < vs.size(); ++i)
    s += (i ? ", " : "") + vs[i].name;
  s += " : ";
  for (size_t i = 0; i < vs.size(); ++i)
    s += (i ? ", " : "") + std::string(tname(vs[i].ty));
  return s;
}

void FuncGen::statement(bool noLoops) {
  bool canNest = depth < C.maxDepth && !noLoops;
  std::vector<double> w = {
      3,   2.5, canNest ? 1.6 : 0, canNest ? 0.9 : 0, depth < C.maxDepth ? 1.3 : 0,
      0.5, 0.3, canNest ? 1.0 : 0};
  switch (R.weighted(w)) {
  case 0: scalar(R.pick(kScalarTypes), C.exprDepth); break;
  case 1: store(); break;
  case 2: forLoop(); break;
  case 3: whileLoop(); break;
  case 4: ifOp(); break;
  case 5: view(); break;
  case 6: {
    Val d;
    dimValue(d);
    break;
  }
  default: parallelLoop(); break;
  }
}

void FuncGen::block(int n, bool noLoops) {
  int k = static_cast<int>(R.range(1, n));
  if (budget <= 0) k = 1;
  // The deep shape's path: one statement of this block nests and takes it on; a block
  // without loops (a while's before region) leaves it to the next block.
  int spine = noLoops ? 0 : spineLeft;
  if (spine > 0) spineLeft = 0;
  int at = spine > 0 ? static_cast<int>(R.range(0, k - 1)) : -1;
  for (int i = 0; i < k; ++i) {
    if (i != at) {
      statement(noLoops);
      continue;
    }
    spineLeft = spine - 1;
    nest();
    spineLeft = 0;
  }
}

// A loop or a branch, whatever the nesting depth (the deep shape's path). A loop needs
// room in the nest's iteration budget (a while's before region runs trips + 1 times);
// a branch always fits.
void FuncGen::nest() {
  int64_t room = C.maxIters / iterMul;
  switch (R.weighted({room >= 1 ? 2.0 : 0.0, room >= 4 ? 1.0 : 0.0, 2, room >= 1 ? 1.2 : 0.0})) {
  case 0: forLoop(); break;
  case 1: whileLoop(); break;
  case 2: ifOp(); break;
  default: parallelLoop(); break;
  }
}

} // namespace loomgen
