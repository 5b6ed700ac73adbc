// The generator of one kernel's body. Its parts are by construct: the values and scalar
// expressions (gen_values.cpp), memory (gen_memory.cpp), loops (gen_loops.cpp), branches
// (gen_branches.cpp), scf.parallel and scf.reduce (gen_parallel.cpp), and what they
// share, scopes, region results and the statement mix (func_gen.cpp).
#pragma once

#include "tools/gen/gen_common.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loomgen {

class FuncGen {
public:
  FuncGen(Rng& rng, const Config& cfg) : R(rng), C(cfg) {}

  Rng& R;
  const Config& C;
  std::string out;
  int ind = 1;
  std::vector<Scope> scopes;
  int counter = 0;
  int memCounter = 0;
  int budget = 0;
  int depth = 0;       // structured-op nesting depth
  int spineLeft = 0;   // deep shape: levels the next block still has to nest
  int64_t iterMul = 1; // product of the trip-count bounds of the enclosing loops
  int castNest = 0;    // scalar: conversions of another type's value under way

  // An enclosing scf.parallel. Its iterations must not race: the body stores only to its
  // owner, at indices whose leading coordinates are the loop's induction variables (so
  // two iterations never store one element), and nothing in the body reads the owner's
  // allocation. A parallel loop without an owner stores nothing.
  struct ParLoop {
    std::vector<Val> ivs;
    bool owns = false;
    MemVal owner;
  };
  std::vector<ParLoop> par;

  // How one scf.reduce operand combines: an associative op, or the fold l * k + r whose
  // result depends on the order (the oracle folds in iteration order; so must we).
  struct Combiner {
    std::string op; // "fold" or an arith op name
    Val k;          // fold: the constant, defined before the loop
  };

  std::string fresh(const char* p = "v") {
    return "%" + std::string(p) + std::to_string(counter++);
  }
  void line(const std::string& s) {
    out.append(static_cast<size_t>(ind) * 2, ' ');
    out += s;
    out += "\n";
  }
  Val& add(Val v) {
    scopes.back().vals.push_back(std::move(v));
    return scopes.back().vals.back();
  }
  MemVal& addMem(MemVal m) {
    scopes.back().mems.push_back(std::move(m));
    return scopes.back().mems.back();
  }
  void push() { scopes.emplace_back(); }
  void pop() { scopes.pop_back(); }

  // Scopes, region results, the statement mix (func_gen.cpp).
  Val def(T t, const std::string& rhs, Range r = {}, bool nan = false);
  std::vector<Val> visible(T t) const;
  std::vector<MemVal> visibleMems() const;
  std::vector<T> pickTypes(int maxN);
  static std::string typeList(const std::vector<T>& ts);
  std::vector<std::string> resultNames(size_t n, std::string& prefix);
  std::vector<Val> yieldVals(const std::vector<T>& ts);
  std::string yieldLine(const char* kw, const std::vector<Val>& vs);
  void statement(bool noLoops);
  void block(int n, bool noLoops = false);
  void nest();

  // Constants, picked values, guards, scalar expressions (gen_values.cpp).
  Val cInt(T t, int64_t v);
  Val cFloat(T t, const std::string& txt);
  int64_t interestingInt(T t);
  Val randConst(T t);
  bool pickExisting(T t, Val& out, bool nanFree = false);
  bool hasNonConst(T t) const;
  Val scalar(T t, int d);
  Val sanitize(const Val& v, bool forceClamp = false);
  Val clampF(const Val& v, const std::string& lo, const std::string& hi);
  Val guardDivisor(const Val& d, bool isSigned);
  Val guardFDivisor(const Val& d);
  Val shiftAmount(T t, int d);
  Val intExpr(T t, int d);
  Val boolExpr(int d);
  Val floatExpr(T t, int d);
  Val castTo(T t, int d);

  // Indices, loads and stores, views, local buffers (gen_memory.cpp).
  bool hasDimOf(const Val& v, int id, int d) const;
  bool index(const MemVal& m, int d, Val& out, int lvl = 0);
  bool indices(const MemVal& m, std::string& idx);
  bool accessible(const MemVal& m) const;
  bool readable(const MemVal& m) const;
  bool load(T t, Val& out);
  bool dimValue(Val& out);
  void store();
  void view();
  MemVal newView(const MemVal& src, const MemType& t);
  void subview(const MemVal& m);
  void collapse(const MemVal& m);
  void expand(const MemVal& m);
  void reinterpret(const MemVal& m);
  void localBuffer();

  // scf.for and scf.while (gen_loops.cpp).
  Val bound(int64_t hiMax, int64_t minHi = 0);
  void forLoop();
  int64_t openBody(int64_t trips);
  void closeBody(int64_t savedIterMul);
  void addResult(const std::string& name, T t, Range r);
  Val lowerBound(int64_t maxTrip);
  Val upperBound(const Val& lb, int64_t ubMax);
  Val inductionVar(const char* prefix, const Val& lb, const Val& ub);
  Val loopStep();
  void whileLoop();

  // scf.if (gen_branches.cpp).
  void ifOp();

  // scf.parallel and scf.reduce (gen_parallel.cpp).
  void parallelStore();
  Combiner combiner(T t);
  void reduceRegion(T t, const Combiner& c);
  void parallelLoop();
};

} // namespace loomgen
