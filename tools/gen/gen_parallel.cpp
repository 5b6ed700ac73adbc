// FuncGen: scf.parallel with its scf.reduce and its race-free stores (func_gen.h).
#include "tools/gen/func_gen.h"

namespace loomgen {

// A store of the innermost scf.parallel's owner, at [iv0, ..., ivk, any...].
void FuncGen::parallelStore() {
  const ParLoop& p = par.back();
  if (!p.owns) return;
  MemVal m = p.owner;
  Val v = sanitize(scalar(m.type.elem, C.exprDepth));
  std::string idx;
  for (size_t d = 0; d < m.type.rank(); ++d) {
    Val x = d < p.ivs.size() ? p.ivs[d] : Val{};
    if (d >= p.ivs.size() && !index(m, static_cast<int>(d), x)) return;
    idx += (d ? ", " : "") + x.name;
  }
  line("memref.store " + v.name + ", " + m.name + "[" + idx + "] : " + m.type.str());
  --budget;
}

FuncGen::Combiner FuncGen::combiner(T t) {
  static const std::vector<std::string> bools = {"andi", "ori", "xori"};
  static const std::vector<std::string> ints = {"addi",  "muli", "maxsi", "minsi", "maxui",
                                                "minui", "andi", "ori",   "xori",  "fold"};
  static const std::vector<std::string> idx = {"addi", "maxui", "minui", "fold"};
  static const std::vector<std::string> floats = {"addf", "maximumf", "minimumf", "fold"};
  Combiner c;
  c.op = R.pick(t == T::I1 ? bools : t == T::Idx ? idx : isF(t) ? floats : ints);
  if (c.op == "fold")
    c.k = isF(t) ? cFloat(t, "5.000000e-01") : cInt(t, R.pick(std::vector<int64_t>{3, 31}));
  return c;
}

void FuncGen::reduceRegion(T t, const Combiner& c) {
  const char* ty = tname(t);
  std::string l = fresh("l"), r = fresh("rr"), x = fresh();
  line("^bb0(" + l + ": " + ty + ", " + r + ": " + ty + "):");
  ++ind;
  if (c.op == "fold") {
    std::string m = fresh();
    line(m + " = arith." + (isF(t) ? "mulf " : "muli ") + l + ", " + c.k.name + " : " + ty);
    line(x + " = arith." + (isF(t) ? "addf " : "addi ") + m + ", " + r + " : " + ty);
  } else {
    line(x + " = arith." + c.op + " " + l + ", " + r + " : " + ty);
  }
  line(std::string("scf.reduce.return ") + x + " : " + ty);
  --ind;
}

// scf.parallel over 1 or 2 induction variables with 0-2 reductions (race-free: see
// ParLoop). Floats reduced are clamped, so no sum reaches infinity or NaN.
void FuncGen::parallelLoop() {
  int64_t room = C.maxIters / iterMul;
  if (room < 1) return;
  ParLoop p;
  if (par.empty() && R.chance(0.8)) {
    std::vector<MemVal> owners;
    for (auto& m : visibleMems())
      if (m.whole && accessible(m) && m.type.rank() >= 1) owners.push_back(m);
    if (!owners.empty()) {
      p.owner = R.pick(owners);
      p.owns = true;
    }
  }
  size_t maxDims = p.owns ? std::min<size_t>(2, p.owner.type.rank()) : 2;
  size_t nd = maxDims >= 2 && room >= 4 && R.chance(0.35) ? 2 : 1;
  std::vector<Val> lbs, ubs, steps;
  int64_t trips = 1;
  for (size_t d = 0; d < nd; ++d) {
    int64_t maxTrip = std::max<int64_t>(1, std::min<int64_t>(C.maxTrip, room / trips));
    Val lb = lowerBound(maxTrip);
    int64_t ubMax = std::min<int64_t>(lb.r.lo + maxTrip, C.maxDim + 2);
    if (p.owns) ubMax = std::min(ubMax, p.owner.minExt[d]);
    Val ub = upperBound(lb, std::max<int64_t>(ubMax, 0));
    Val iv = inductionVar("p", lb, ub);
    trips *= std::max<int64_t>(1, ub.r.hi - lb.r.lo);
    lbs.push_back(lb);
    ubs.push_back(ub);
    steps.push_back(loopStep());
    p.ivs.push_back(iv);
  }
  std::vector<T> ts = pickTypes(2);
  std::vector<Val> inits;
  std::vector<Combiner> how;
  for (T t : ts) {
    inits.push_back(sanitize(scalar(t, 1), true));
    how.push_back(combiner(t));
  }
  auto names = [](const std::vector<Val>& vs) {
    std::string s;
    for (size_t i = 0; i < vs.size(); ++i)
      s += (i ? ", " : "") + vs[i].name;
    return s;
  };
  std::string prefix;
  std::vector<std::string> rn = resultNames(ts.size(), prefix);
  std::string head = prefix + "scf.parallel (" + names(p.ivs) + ") = (" + names(lbs) + ") to (" +
                     names(ubs) + ") step (" + names(steps) + ")";
  if (!ts.empty()) head += " init (" + names(inits) + ") -> (" + typeList(ts) + ")";
  line(head + " {");
  --budget;
  int64_t saved = openBody(trips);
  for (auto& iv : p.ivs)
    add(iv);
  par.push_back(p);
  block(C.stmtsInner);
  if (R.chance(0.6)) parallelStore();
  std::vector<Val> ys;
  for (T t : ts)
    ys.push_back(sanitize(scalar(t, C.exprDepth), true));
  if (!ys.empty()) {
    line("scf.reduce(" + names(ys) + " : " + typeList(ts) + ") {");
    for (size_t i = 0; i < ts.size(); ++i) {
      if (i) line("}, {");
      reduceRegion(ts[i], how[i]);
    }
    line("}");
  } else if (R.chance(0.3)) {
    line("scf.reduce");
  }
  par.pop_back();
  closeBody(saved);
  for (size_t i = 0; i < ts.size(); ++i)
    addResult(rn[i], ts[i], Range{});
}

} // namespace loomgen
