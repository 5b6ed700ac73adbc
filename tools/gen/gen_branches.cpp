// FuncGen: scf.if (func_gen.h).
#include "tools/gen/func_gen.h"

namespace loomgen {

void FuncGen::ifOp() {
  Val c = scalar(T::I1, C.exprDepth);
  std::vector<T> ts = R.chance(0.35) ? std::vector<T>{} : pickTypes(3);
  bool hasElse = !ts.empty() || R.chance(0.5);
  std::string prefix;
  std::vector<std::string> rn = resultNames(ts.size(), prefix);
  std::string head = prefix + "scf.if " + c.name;
  if (!ts.empty()) head += " -> (" + typeList(ts) + ")";
  line(head + " {");
  --budget;
  ++ind;
  ++depth;
  push();
  block(C.stmtsInner);
  std::vector<Val> y1 = yieldVals(ts);
  if (!ts.empty() || R.chance(0.3)) line(yieldLine("scf.yield", y1));
  pop();
  std::vector<Val> y2;
  if (hasElse) {
    --ind;
    line("} else {");
    ++ind;
    push();
    if (R.chance(0.7)) block(C.stmtsInner);
    y2 = yieldVals(ts);
    if (!ts.empty() || R.chance(0.3)) line(yieldLine("scf.yield", y2));
    pop();
  }
  --depth;
  --ind;
  line("}");
  for (size_t i = 0; i < ts.size(); ++i) {
    Val r;
    r.name = rn[i];
    r.ty = ts[i];
    if (ts[i] == T::Idx) r.r = unionR(y1[i].r, y2[i].r);
    add(r);
  }
}

} // namespace loomgen
