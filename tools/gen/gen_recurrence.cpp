// `--shape recurrence`: a program whose one loop's optimal II is known by construction
// (docs/performance-analysis.md, "The bound"). The kernel is an scf.for whose iter_args
// each go round a chain of 1..6 arith ops, every value used once, so that no fork lies on
// a chain. A carried value goes round its carry (1), the split by raw_will_continue
// (cond_br, 1) and its chain (each op its default latency, docs/timing.md), so
//   II = max over the iter_args of max(2, 2 + sum of the chain's latencies),
// and nothing else holds the loop back: no memory access (no ctrl-done chain), operands
// off the chain are loop invariants. The program's first lines say the II and where the
// loop is: `// loom-gen: known II <N> of the loop at line <L>`; scripts/difftest.sh checks
// that the report's ii_bound and ii_steady are exactly N.
#include "tools/gen/gen_common.h"

#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

namespace loomgen {

namespace {

struct ChainOp {
  const char* name;
  int latency; // models::TimingConfig's default for its class
};

// Integer ops wrap (no overflow flags); float chains add and subtract constants only, so
// their values stay finite (mulf would reach inf within 40 trips).
const std::vector<ChainOp> kIntOps = {{"addi", 1}, {"subi", 1}, {"xori", 1}, {"muli", 3}};
const std::vector<ChainOp> kFloatOps = {{"addf", 4}, {"subf", 4}};

struct Carried {
  bool isFloat;
  std::vector<ChainOp> chain;
  int64_t init;
};

} // namespace

std::string recurrenceProgram(Rng& R, uint64_t seed) {
  std::vector<Carried> carried(static_cast<size_t>(R.range(1, 3)));
  int ii = 2;
  for (Carried& c : carried) {
    c.isFloat = R.chance(0.5);
    c.init = R.range(-9, 9);
    size_t n = static_cast<size_t>(R.range(1, 6));
    int lap = 2; // the carry and the split
    for (size_t k = 0; k < n; ++k) {
      c.chain.push_back(R.pick(c.isFloat ? kFloatOps : kIntOps));
      lap += c.chain.back().latency;
    }
    ii = std::max(ii, lap);
  }
  const int64_t trips = R.range(3, 40);
  auto type = [](const Carried& c) { return c.isFloat ? "f32" : "i32"; };

  std::vector<std::string> lines;
  auto add = [&](const std::string& s) { lines.push_back(s); };
  std::string sig, types, inits, yields;
  for (size_t i = 0; i < carried.size(); ++i) {
    std::string t = type(carried[i]);
    sig += (i ? ", " : "") + std::string("%a") + std::to_string(i) + ": " + t;
    types += (i ? ", " : "") + t;
  }
  add("func.func @k0(%n: index, " + sig + ") -> (" + types + ") {");
  add("  %c0 = arith.constant 0 : index");
  add("  %c1 = arith.constant 1 : index");
  // One invariant operand per chain op (used once each: no fork on a chain).
  for (size_t i = 0; i < carried.size(); ++i)
    for (size_t k = 0; k < carried[i].chain.size(); ++k) {
      std::string name = "%k" + std::to_string(i) + "_" + std::to_string(k);
      int64_t v = R.range(1, 7);
      add("  " + name + " = arith.constant " +
          (carried[i].isFloat ? std::to_string(v) + ".5" : std::to_string(v)) + " : " +
          type(carried[i]));
    }
  std::string args;
  for (size_t i = 0; i < carried.size(); ++i)
    args += (i ? ", " : "") + std::string("%v") + std::to_string(i) + " = %a" + std::to_string(i);
  const size_t loopLine = lines.size() + 3; // two header comments come first
  add("  %r:" + std::to_string(carried.size()) + " = scf.for %i = %c0 to %n step %c1 iter_args(" +
      args + ") -> (" + types + ") {");
  for (size_t i = 0; i < carried.size(); ++i) {
    std::string prev = "%v" + std::to_string(i);
    for (size_t k = 0; k < carried[i].chain.size(); ++k) {
      std::string name = "%t" + std::to_string(i) + "_" + std::to_string(k);
      add("    " + name + " = arith." + carried[i].chain[k].name + " " + prev + ", %k" +
          std::to_string(i) + "_" + std::to_string(k) + " : " + type(carried[i]));
      prev = name;
    }
    yields += (i ? ", " : "") + prev;
  }
  add("    scf.yield " + yields + " : " + types);
  add("  }");
  std::string results;
  for (size_t i = 0; i < carried.size(); ++i)
    results += (i ? ", " : "") + std::string("%r#") + std::to_string(i);
  add("  func.return " + results + " : " + types);
  add("}");
  add("");
  add("func.func @main() {");
  add("  %n = arith.constant " + std::to_string(trips) + " : index");
  std::string callArgs = "%n";
  for (size_t i = 0; i < carried.size(); ++i) {
    std::string name = "%init" + std::to_string(i);
    add("  " + name + " = arith.constant " + std::to_string(carried[i].init) +
        (carried[i].isFloat ? ".0" : "") + " : " + type(carried[i]));
    callArgs += ", " + name;
  }
  add("  %out:" + std::to_string(carried.size()) + " = func.call @k0(" + callArgs + ") : (index, " +
      types + ") -> (" + types + ")");
  for (size_t i = 0; i < carried.size(); ++i)
    add("  vector.print %out#" + std::to_string(i) + " : " + type(carried[i]));
  add("  func.return");
  add("}");

  char head[256];
  std::snprintf(head, sizeof head,
                "// loom-gen --seed %" PRIu64 " --shape recurrence\n"
                "// loom-gen: known II %d of the loop at line %zu\n",
                seed, ii, loopLine);
  std::string text = head;
  for (const std::string& l : lines)
    text += l + "\n";
  return text;
}

} // namespace loomgen
