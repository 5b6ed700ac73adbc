// loom-reduce: shrinks an MLIR program while a test command keeps succeeding.
//
//   loom-reduce FILE.mlir --test 'CMD' [-o OUT.mlir] [-v]
//
// CMD is run through `sh -c` with `{}` replaced by the path of a candidate program (or
// the path appended if CMD has no `{}`); exit status 0 means "still interesting" (the
// failure persists). The input must be interesting. Every candidate is parsed back and
// verified with loom-sim's own parser and verifier (what `loom-sim check` runs) before
// the test runs, so only well-formed programs are tested. The best program so far is
// written to OUT (default FILE.reduced.mlir) after every accepted step.
//
// Reductions, repeated until none applies (greedy, each on a fresh parse of the current
// text, printed back with loom's printer, which writes the current MLIR spelling that
// MLIR 22, the oracle, accepts):
//  * delete chunks of ops of a block (halves, quarters, ..., single ops); uses of their
//    scalar results become constants (so calls, loops, ifs and whiles go as a whole);
//  * unwrap: scf.if into its then or else block, scf.for into one copy of its body
//    (iv = lb, iter_args = inits), scf.parallel into one iteration (ivs = lbs, results
//    the values it reduces), scf.while into one copy of its before region; a for or a
//    parallel loop whose results become its inits (zero trip);
//  * drop one iter_arg of an scf.for, one reduction of an scf.parallel, one result of an
//    scf.if, one carried value of an scf.while (before argument or forwarded value);
//  * drop unused functions, unused function arguments (and the call operands), function
//    results (call results become constants);
//  * constants toward 0 / 1 / half; scalar operands replaced by a zero constant.
// scripts/reduce.sh wraps this with a predicate that keeps difftest's failure class.

#include "frontend/parse.h"
#include "ir/ir.h"
#include "ir/printer.h"
#include "support/big_stack.h"
#include "verify/verifier.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <tuple>
#include <vector>

using namespace loom;

namespace {

// ------------------------------------------------------------------------------ IR helpers
struct Walk {
  std::vector<Op*> ops;        // pre-order over the module
  std::vector<Function*> fnOf; // function of each op
  std::vector<Block*> blocks;  // every block, pre-order
  std::vector<Function*> blockFn;
};

void walkBlock(Block& b, Function* f, Walk& w) {
  w.blocks.push_back(&b);
  w.blockFn.push_back(f);
  for (auto& op : b.ops) {
    w.ops.push_back(op.get());
    w.fnOf.push_back(f);
    for (auto& r : op->regions)
      for (auto& blk : r->blocks)
        walkBlock(*blk, f, w);
  }
}

Walk walkModule(Module& m) {
  Walk w;
  for (auto& f : m.functions)
    if (!f->isDeclaration)
      for (auto& b : f->body.blocks)
        walkBlock(*b, f.get(), w);
  return w;
}

template <typename F> void forEachOp(Region& r, F&& fn) {
  walk(r, fn);
}

void replaceUses(Function& f, const Value* from, Value* to) {
  forEachOp(f.body, [&](Op* op) {
    for (auto& v : op->operands)
      if (v == from) v = to;
  });
}

bool isUsed(Function& f, const Value* v) {
  bool used = false;
  forEachOp(f.body, [&](Op* op) {
    for (auto* x : op->operands)
      if (x == v) used = true;
  });
  return used;
}

size_t posIn(const Block& b, const Op* op) {
  for (size_t i = 0; i < b.ops.size(); ++i)
    if (b.ops[i].get() == op) return i;
  return SIZE_MAX;
}

int nameCounter = 0;
std::set<std::string> usedNames;

void collectNames(Module& m) {
  usedNames.clear();
  for (auto& f : m.functions) {
    if (f->isDeclaration) continue;
    for (auto& a : f->body.front().args)
      usedNames.insert(a->name);
    forEachOp(f->body, [&](Op* op) {
      for (auto& r : op->results) {
        std::string n = r->name;
        usedNames.insert(n.substr(0, n.find('#')));
      }
      for (auto& rg : op->regions)
        for (auto& b : rg->blocks)
          for (auto& a : b->args)
            usedNames.insert(a->name);
    });
  }
}

std::string freshName() {
  for (;;) {
    std::string n = "%red" + std::to_string(nameCounter++);
    if (!usedNames.count(n)) {
      usedNames.insert(n);
      return n;
    }
  }
}

// Inserts `%n = arith.constant <bits> : t` at position pos of block b.
Value* insertConst(Block& b, size_t pos, const Type& t, Bits bits) {
  auto op = std::make_unique<Op>();
  op->kind = OpKind::ArithConstant;
  op->parent = &b;
  op->constBits = bits;
  auto v = std::make_unique<Value>();
  v->type = t;
  v->def = op.get();
  v->name = freshName();
  Attr a;
  if (t.isFloat()) {
    a.kind = Attr::Kind::Float;
  } else {
    a.kind = Attr::Kind::Int;
  }
  a.type = t;
  op->attrs["value"] = a;
  Value* raw = v.get();
  op->results.push_back(std::move(v));
  b.ops.insert(b.ops.begin() + static_cast<long>(pos), std::move(op));
  return raw;
}

void renameResults(Op& op) {
  if (op.results.empty()) return;
  std::string base = op.result(0)->name;
  base = base.substr(0, base.find('#'));
  if (op.results.size() == 1) {
    op.result(0)->name = base;
  } else {
    for (size_t i = 0; i < op.results.size(); ++i)
      op.result(static_cast<unsigned>(i))->name = base + "#" + std::to_string(i);
  }
}

bool isTerm(const Op* op) {
  return op->kind == OpKind::Yield || op->kind == OpKind::Condition ||
         op->kind == OpKind::FuncReturn;
}

// Moves the non-terminator ops of `from` in front of position pos of `to`; returns the
// terminator of `from`.
Op* inlineBlock(Block& from, Block& to, size_t pos) {
  Op* term = from.terminator();
  std::vector<std::unique_ptr<Op>> moved;
  for (auto& op : from.ops)
    if (op.get() != term) moved.push_back(std::move(op));
  from.ops.erase(std::remove(from.ops.begin(), from.ops.end(), nullptr), from.ops.end());
  for (auto& op : moved)
    op->parent = &to;
  to.ops.insert(to.ops.begin() + static_cast<long>(pos), std::make_move_iterator(moved.begin()),
                std::make_move_iterator(moved.end()));
  return term;
}

// ------------------------------------------------------------------------------ edits
// Every edit takes a freshly parsed module and returns false if it does not apply.
using Edit = std::function<bool(Module&)>;

bool deleteRange(Module& m, size_t blockIdx, size_t start, size_t len) {
  Walk w = walkModule(m);
  if (blockIdx >= w.blocks.size()) return false;
  Block& b = *w.blocks[blockIdx];
  Function& f = *w.blockFn[blockIdx];
  size_t n = b.ops.size();
  Op* term = b.terminator();
  if (term && isTerm(term)) --n;
  if (start >= n || len == 0) return false;
  size_t end = std::min(n, start + len);
  std::vector<Op*> victims;
  for (size_t i = start; i < end; ++i)
    victims.push_back(b.ops[i].get());
  // Uses inside the range itself go away with it; uses after it become constants.
  std::set<const Op*> inside;
  for (Op* v : victims) {
    inside.insert(v);
    for (auto& r : v->regions)
      forEachOp(*r, [&](Op* o) { inside.insert(o); });
  }
  for (Op* op : victims) {
    for (auto& r : op->results) {
      bool usedOutside = false;
      forEachOp(f.body, [&](Op* u) {
        if (inside.count(u)) return;
        for (auto* x : u->operands)
          if (x == r.get()) usedOutside = true;
      });
      if (!usedOutside) continue;
      if (!r->type.isScalar()) return false;
      Value* c = insertConst(b, posIn(b, victims.front()), r->type, 0);
      replaceUses(f, r.get(), c);
    }
  }
  for (Op* op : victims)
    b.ops.erase(b.ops.begin() + static_cast<long>(posIn(b, op)));
  return true;
}

bool unwrap(Module& m, size_t opIdx, int variant) {
  Walk w = walkModule(m);
  if (opIdx >= w.ops.size()) return false;
  Op* op = w.ops[opIdx];
  Function& f = *w.fnOf[opIdx];
  Block& outer = *op->parent;
  size_t pos = posIn(outer, op);
  switch (op->kind) {
  case OpKind::If: {
    if (variant > 1) return false;
    Region& r = op->region(static_cast<unsigned>(variant));
    if (r.empty()) {
      if (!op->results.empty()) return false;
      outer.ops.erase(outer.ops.begin() + static_cast<long>(pos));
      return true;
    }
    Op* y = inlineBlock(r.front(), outer, pos);
    for (size_t i = 0; i < op->results.size(); ++i)
      replaceUses(f, op->result(static_cast<unsigned>(i)), y->operand(static_cast<unsigned>(i)));
    outer.ops.erase(outer.ops.begin() + static_cast<long>(posIn(outer, op)));
    return true;
  }
  case OpKind::For: {
    Block& body = op->region(0).front();
    if (variant == 0) { // one copy of the body
      replaceUses(f, body.args[0].get(), op->operand(0));
      for (size_t i = 1; i < body.args.size(); ++i)
        replaceUses(f, body.args[i].get(), op->operand(static_cast<unsigned>(i + 2)));
      Op* y = inlineBlock(body, outer, pos);
      for (size_t i = 0; i < op->results.size(); ++i)
        replaceUses(f, op->result(static_cast<unsigned>(i)), y->operand(static_cast<unsigned>(i)));
    } else if (variant == 1) { // zero trip: results are the inits
      for (size_t i = 0; i < op->results.size(); ++i)
        replaceUses(f, op->result(static_cast<unsigned>(i)),
                    op->operand(static_cast<unsigned>(i + 3)));
    } else {
      return false;
    }
    outer.ops.erase(outer.ops.begin() + static_cast<long>(posIn(outer, op)));
    return true;
  }
  case OpKind::Parallel: {
    Block& body = op->region(0).front();
    size_t d = body.args.size();
    if (variant == 0) { // one iteration (ivs = lbs); results: its reduced values
      for (size_t i = 0; i < d; ++i)
        replaceUses(f, body.args[i].get(), op->operand(static_cast<unsigned>(i)));
      Op* red = inlineBlock(body, outer, pos);
      for (size_t i = 0; i < op->results.size(); ++i)
        replaceUses(f, op->result(static_cast<unsigned>(i)),
                    red->operand(static_cast<unsigned>(i)));
    } else if (variant == 1) { // zero trip: results are the inits
      for (size_t i = 0; i < op->results.size(); ++i)
        replaceUses(f, op->result(static_cast<unsigned>(i)),
                    op->operand(static_cast<unsigned>(3 * d + i)));
    } else {
      return false;
    }
    outer.ops.erase(outer.ops.begin() + static_cast<long>(posIn(outer, op)));
    return true;
  }
  case OpKind::While: {
    if (variant != 0) return false;
    Block& before = op->region(0).front();
    for (size_t i = 0; i < before.args.size(); ++i)
      replaceUses(f, before.args[i].get(), op->operand(static_cast<unsigned>(i)));
    Op* c = inlineBlock(before, outer, pos);
    for (size_t i = 0; i < op->results.size(); ++i)
      replaceUses(f, op->result(static_cast<unsigned>(i)),
                  c->operand(static_cast<unsigned>(i + 1)));
    outer.ops.erase(outer.ops.begin() + static_cast<long>(posIn(outer, op)));
    return true;
  }
  default: return false;
  }
}

// Drops carried value k of a for / if / while (variant selects which list for while).
bool dropCarried(Module& m, size_t opIdx, size_t k, int variant) {
  Walk w = walkModule(m);
  if (opIdx >= w.ops.size()) return false;
  Op* op = w.ops[opIdx];
  Function& f = *w.fnOf[opIdx];
  Block& outer = *op->parent;
  switch (op->kind) {
  case OpKind::For: {
    if (variant != 0 || k >= op->results.size()) return false;
    Block& body = op->region(0).front();
    Value* init = op->operand(static_cast<unsigned>(3 + k));
    replaceUses(f, body.args[1 + k].get(), init);
    replaceUses(f, op->result(static_cast<unsigned>(k)), init);
    Op* y = body.terminator();
    y->operands.erase(y->operands.begin() + static_cast<long>(k));
    body.args.erase(body.args.begin() + static_cast<long>(1 + k));
    op->results.erase(op->results.begin() + static_cast<long>(k));
    op->operands.erase(op->operands.begin() + static_cast<long>(3 + k));
    renameResults(*op);
    return true;
  }
  case OpKind::If: {
    if (variant != 0 || k >= op->results.size()) return false;
    Value* r = op->result(static_cast<unsigned>(k));
    if (isUsed(f, r)) {
      if (!r->type.isScalar()) return false;
      Value* c = insertConst(outer, posIn(outer, op), r->type, 0);
      replaceUses(f, r, c);
    }
    for (auto& rg : op->regions) {
      if (rg->empty()) continue;
      Op* y = rg->front().terminator();
      if (y && k < y->operands.size())
        y->operands.erase(y->operands.begin() + static_cast<long>(k));
    }
    op->results.erase(op->results.begin() + static_cast<long>(k));
    renameResults(*op);
    return true;
  }
  case OpKind::While: {
    Block& before = op->region(0).front();
    Block& after = op->region(1).front();
    if (variant == 0) { // before argument k: its uses take the init
      if (k >= before.args.size()) return false;
      replaceUses(f, before.args[k].get(), op->operand(static_cast<unsigned>(k)));
      Op* y = after.terminator();
      y->operands.erase(y->operands.begin() + static_cast<long>(k));
      before.args.erase(before.args.begin() + static_cast<long>(k));
      op->operands.erase(op->operands.begin() + static_cast<long>(k));
      return true;
    }
    if (variant == 1) { // forwarded value k: result k and after argument k become constants
      if (k >= op->results.size()) return false;
      Value* r = op->result(static_cast<unsigned>(k));
      Value* a = after.args[k].get();
      if (!r->type.isScalar()) return false;
      if (isUsed(f, r)) replaceUses(f, r, insertConst(outer, posIn(outer, op), r->type, 0));
      if (isUsed(f, a)) replaceUses(f, a, insertConst(after, 0, a->type, 0));
      Op* c = before.terminator();
      c->operands.erase(c->operands.begin() + static_cast<long>(1 + k));
      after.args.erase(after.args.begin() + static_cast<long>(k));
      op->results.erase(op->results.begin() + static_cast<long>(k));
      renameResults(*op);
      return true;
    }
    return false;
  }
  case OpKind::Parallel: { // reduction k: its result becomes its init
    if (variant != 0 || k >= op->results.size()) return false;
    size_t d = op->region(0).front().args.size();
    Value* init = op->operand(static_cast<unsigned>(3 * d + k));
    replaceUses(f, op->result(static_cast<unsigned>(k)), init);
    Op* red = op->region(0).front().terminator();
    red->operands.erase(red->operands.begin() + static_cast<long>(k));
    red->regions.erase(red->regions.begin() + static_cast<long>(k));
    op->results.erase(op->results.begin() + static_cast<long>(k));
    op->operands.erase(op->operands.begin() + static_cast<long>(3 * d + k));
    renameResults(*op);
    return true;
  }
  default: return false;
  }
}

std::vector<Op*> callsOf(Module& m, const std::string& name) {
  std::vector<Op*> calls;
  for (auto& f : m.functions)
    if (!f->isDeclaration)
      forEachOp(f->body, [&](Op* op) {
        if (op->kind == OpKind::Call && op->callee == name) calls.push_back(op);
      });
  return calls;
}

Function* ownerOf(Module& m, Op* target) {
  for (auto& f : m.functions) {
    if (f->isDeclaration) continue;
    bool found = false;
    forEachOp(f->body, [&](Op* op) { found |= op == target; });
    if (found) return f.get();
  }
  return nullptr;
}

bool removeFunction(Module& m, size_t fi) {
  if (fi >= m.functions.size()) return false;
  Function& f = *m.functions[fi];
  if (f.name == "main" || !callsOf(m, f.name).empty()) return false;
  m.functions.erase(m.functions.begin() + static_cast<long>(fi));
  return true;
}

bool removeArg(Module& m, size_t fi, size_t k) {
  if (fi >= m.functions.size()) return false;
  Function& f = *m.functions[fi];
  if (f.isDeclaration || f.name == "main" || k >= f.argTypes.size()) return false;
  Block& entry = f.body.front();
  if (isUsed(f, entry.args[k].get())) return false;
  for (Op* c : callsOf(m, f.name))
    c->operands.erase(c->operands.begin() + static_cast<long>(k));
  entry.args.erase(entry.args.begin() + static_cast<long>(k));
  f.argTypes.erase(f.argTypes.begin() + static_cast<long>(k));
  return true;
}

bool removeResult(Module& m, size_t fi, size_t k) {
  if (fi >= m.functions.size()) return false;
  Function& f = *m.functions[fi];
  if (f.isDeclaration || f.name == "main" || k >= f.resultTypes.size()) return false;
  for (Op* c : callsOf(m, f.name)) {
    Function* g = ownerOf(m, c);
    Value* r = c->result(static_cast<unsigned>(k));
    if (isUsed(*g, r)) {
      if (!r->type.isScalar()) return false;
      replaceUses(*g, r, insertConst(*c->parent, posIn(*c->parent, c), r->type, 0));
    }
    c->results.erase(c->results.begin() + static_cast<long>(k));
    renameResults(*c);
  }
  forEachOp(f.body, [&](Op* op) {
    if (op->kind == OpKind::FuncReturn && k < op->operands.size())
      op->operands.erase(op->operands.begin() + static_cast<long>(k));
  });
  f.resultTypes.erase(f.resultTypes.begin() + static_cast<long>(k));
  return true;
}

bool shrinkConstant(Module& m, size_t opIdx, int variant) {
  Walk w = walkModule(m);
  if (opIdx >= w.ops.size()) return false;
  Op* op = w.ops[opIdx];
  if (op->kind != OpKind::ArithConstant) return false;
  const Type& t = op->result()->type;
  Bits old = op->constBits;
  if (t.isFloat()) {
    Bits one = t.kind == TypeKind::F32 ? 0x3F800000ull : 0x3FF0000000000000ull;
    Bits nv = variant == 0 ? 0 : variant == 1 ? one : old;
    if (nv == old) return false;
    op->constBits = nv;
    return true;
  }
  if (!t.isIntLike()) return false;
  int64_t v = signExtend(old, t.width);
  int64_t nv;
  switch (variant) {
  case 0: nv = 0; break;
  case 1: nv = 1; break;
  case 2: nv = v / 2; break;
  default: return false;
  }
  Bits nb = static_cast<Bits>(nv) & widthMask(t.width);
  if (nb == old) return false;
  op->constBits = nb;
  return true;
}

bool operandToConst(Module& m, size_t opIdx, size_t k) {
  Walk w = walkModule(m);
  if (opIdx >= w.ops.size()) return false;
  Op* op = w.ops[opIdx];
  if (k >= op->operands.size()) return false;
  Value* v = op->operand(static_cast<unsigned>(k));
  if (!v->type.isScalar() || (v->def && v->def->kind == OpKind::ArithConstant)) return false;
  if (op->kind == OpKind::Condition && k == 0) return false;
  Block& b = *op->parent;
  op->operands[k] = insertConst(b, posIn(b, op), v->type, 0);
  // The old definition, if it was the last use and has no side effects or regions.
  Op* d = v->def;
  Function* f = w.fnOf[opIdx];
  if (d && d->regions.empty() && d->kind != OpKind::Call && d->kind != OpKind::MemRefStore &&
      d->kind != OpKind::Alloc && d->kind != OpKind::Alloca) {
    bool used = false;
    for (auto& r : d->results)
      used |= isUsed(*f, r.get());
    if (!used)
      d->parent->ops.erase(d->parent->ops.begin() + static_cast<long>(posIn(*d->parent, d)));
  }
  return true;
}

// Progress measure: every accepted step must make it strictly smaller
// (lexicographically), so the reduction terminates and never trades one constant for
// another.
struct Metric {
  size_t nonConstOps = 0, edges = 0, ops = 0, constCost = 0, bytes = 0;
  bool operator<(const Metric& o) const {
    return std::tie(nonConstOps, edges, ops, constCost, bytes) <
           std::tie(o.nonConstOps, o.edges, o.ops, o.constCost, o.bytes);
  }
};

Metric measure(Module& m, size_t bytes) {
  Metric r;
  r.bytes = bytes;
  for (auto& f : m.functions) {
    if (f->isDeclaration) continue;
    ++r.nonConstOps;
    r.edges += f->argTypes.size() + f->resultTypes.size();
    forEachOp(f->body, [&](Op* op) {
      ++r.ops;
      if (op->kind != OpKind::ArithConstant) {
        ++r.nonConstOps;
        r.edges += op->operands.size() + op->results.size();
        return;
      }
      const Type& t = op->result()->type;
      if (t.isFloat()) {
        Bits one = t.kind == TypeKind::F32 ? 0x3F800000ull : 0x3FF0000000000000ull;
        r.constCost += op->constBits == 0 ? 0 : op->constBits == one ? 1 : 8;
      } else {
        int64_t v = signExtend(op->constBits, t.width);
        uint64_t a = v < 0 ? ~static_cast<uint64_t>(v) + 1 : static_cast<uint64_t>(v);
        while (a) {
          ++r.constCost;
          a >>= 1;
        }
        r.constCost += v < 0;
      }
    });
  }
  return r;
}

// ------------------------------------------------------------------------------ driver
class Reducer {
public:
  std::string cur;
  std::string testCmd, outPath, candPath;
  int verbose = 0;
  unsigned tests = 0, accepted = 0, invalid = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();

  static std::string print(Module& m) { return printModule(m); }

  Metric curMetric;
  Metric candMetric;
  bool valid(const std::string& text) {
    ParseResult r = parseModule(text, candPath);
    if (!r.module) {
      if (verbose > 1)
        std::fprintf(stderr, "  invalid: %s\n", r.error ? r.error->str().c_str() : "?");
      return false;
    }
    auto d = verifyModule(*r.module);
    if (d && verbose > 1) std::fprintf(stderr, "  invalid: %s\n", d->str().c_str());
    if (d) return false;
    candMetric = measure(*r.module, text.size());
    return true;
  }

  bool interesting(const std::string& text) {
    {
      std::ofstream o(candPath);
      o << text;
    }
    std::string cmd = testCmd;
    size_t p = cmd.find("{}");
    if (p == std::string::npos)
      cmd += " '" + candPath + "'";
    else
      while (p != std::string::npos) {
        cmd.replace(p, 2, "'" + candPath + "'");
        p = cmd.find("{}", p + candPath.size() + 2);
      }
    ++tests;
    int rc = std::system(("( " + cmd + " ) >/dev/null 2>&1").c_str());
    return rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 0;
  }

  void save() {
    std::ofstream o(outPath);
    o << cur;
  }

  // Applies an edit to a fresh parse of the current text; keeps the result if it is a
  // different, valid, interesting program.
  bool attempt(const Edit& e, const char* what) {
    ParseResult r = parseModule(cur, "current.mlir");
    if (!r.module) return false;
    collectNames(*r.module);
    if (!e(*r.module)) return false;
    std::string text = print(*r.module);
    if (text == cur) return false;
    if (!valid(text)) {
      ++invalid;
      return false;
    }
    if (!(candMetric < curMetric)) return false;
    if (!interesting(text)) {
      if (verbose > 1) std::fprintf(stderr, "  %s: not interesting\n", what);
      return false;
    }
    cur = text;
    curMetric = candMetric;
    ++accepted;
    save();
    if (verbose) std::fprintf(stderr, "loom-reduce: %s -> %zu lines\n", what, lines());
    return true;
  }

  size_t lines() const {
    size_t n = 0;
    for (char c : cur)
      n += c == '\n';
    return n;
  }

  Walk currentWalk(std::unique_ptr<Module>& holder) {
    holder = parseModule(cur, "current.mlir").module;
    return walkModule(*holder);
  }

  bool passChunks() {
    bool any = false;
    std::unique_ptr<Module> h;
    Walk w = currentWalk(h);
    for (size_t bi = 0; bi < w.blocks.size(); ++bi) {
      for (;;) {
        std::unique_ptr<Module> h2;
        Walk w2 = currentWalk(h2);
        if (bi >= w2.blocks.size()) break;
        size_t n = w2.blocks[bi]->ops.size();
        if (n && isTerm(w2.blocks[bi]->terminator())) --n;
        bool changed = false;
        for (size_t len = std::max<size_t>(1, n / 2);; len /= 2) {
          for (size_t s = 0; s < n && !changed; s += len) {
            // Try from the end: later ops use earlier ones.
            size_t start = n >= s + len ? n - s - len : 0;
            size_t l = n >= s + len ? len : n - s;
            if (attempt([&](Module& m) { return deleteRange(m, bi, start, l); }, "delete ops"))
              changed = true;
          }
          if (changed || len <= 1) break;
        }
        if (!changed) break;
        any = true;
      }
    }
    return any;
  }

  bool passOps(const std::function<bool(size_t)>& perOp) {
    bool any = false;
    std::unique_ptr<Module> h;
    size_t n = currentWalk(h).ops.size();
    for (size_t i = 0; i < n; ++i) {
      if (perOp(i)) {
        any = true;
        n = currentWalk(h).ops.size();
      }
    }
    return any;
  }

  bool passUnwrap() {
    return passOps([&](size_t i) {
      for (int v = 0; v < 2; ++v)
        if (attempt([&](Module& m) { return unwrap(m, i, v); }, "unwrap")) return true;
      return false;
    });
  }

  bool passCarried() {
    return passOps([&](size_t i) {
      bool any = false;
      for (int v = 0; v < 2; ++v)
        for (size_t k = 0; k < 8; ++k)
          if (attempt([&](Module& m) { return dropCarried(m, i, k, v); }, "drop carried value")) {
            any = true;
            --k;
          }
      return any;
    });
  }

  bool passFunctions() {
    bool any = false;
    for (size_t fi = 0;; ++fi) {
      std::unique_ptr<Module> h;
      currentWalk(h);
      if (fi >= h->functions.size()) break;
      if (attempt([&](Module& m) { return removeFunction(m, fi); }, "remove function")) {
        any = true;
        --fi;
        continue;
      }
      for (size_t k = 0; k < 16; ++k)
        if (attempt([&](Module& m) { return removeResult(m, fi, k); }, "remove function result")) {
          any = true;
          --k;
        }
      for (size_t k = 0; k < 16; ++k)
        if (attempt([&](Module& m) { return removeArg(m, fi, k); }, "remove function argument")) {
          any = true;
          --k;
        }
    }
    return any;
  }

  bool passConstants() {
    return passOps([&](size_t i) {
      for (int v = 0; v < 3; ++v)
        if (attempt([&](Module& m) { return shrinkConstant(m, i, v); }, "shrink constant"))
          return true;
      return false;
    });
  }

  bool passOperands() {
    return passOps([&](size_t i) {
      bool any = false;
      for (size_t k = 0; k < 8; ++k)
        if (attempt([&](Module& m) { return operandToConst(m, i, k); }, "operand to constant"))
          any = true;
      return any;
    });
  }

  void run() {
    for (int round = 1;; ++round) {
      size_t before = cur.size();
      bool any = false;
      any |= passChunks();
      any |= passFunctions();
      any |= passUnwrap();
      any |= passCarried();
      any |= passChunks();
      any |= passConstants();
      any |= passOperands();
      if (verbose)
        std::fprintf(stderr, "loom-reduce: round %d: %zu -> %zu bytes, %zu lines\n", round, before,
                     cur.size(), lines());
      if (!any) break;
    }
  }
};

int usage() {
  std::fprintf(stderr, "usage: loom-reduce FILE.mlir --test 'CMD [{}]' [-o OUT.mlir] [-v]\n");
  return 2;
}

} // namespace

int reduceMain(int argc, char** argv) {
  std::string in, test, outp;
  int verbose = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if ((a == "--test" || a == "-t") && i + 1 < argc)
      test = argv[++i];
    else if (a == "-o" && i + 1 < argc)
      outp = argv[++i];
    else if (a == "-v")
      verbose = 1;
    else if (a == "-vv")
      verbose = 2;
    else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else if (!a.empty() && a[0] != '-' && in.empty())
      in = a;
    else
      return usage();
  }
  if (in.empty() || test.empty()) return usage();
  ParseResult r = parseFile(in);
  if (!r.module) {
    std::fprintf(stderr, "%s\n",
                 r.error ? r.error->str().c_str() : "loom-reduce: cannot parse input");
    return 2;
  }
  if (auto d = verifyModule(*r.module)) {
    std::fprintf(stderr, "%s\n", d->str().c_str());
    return 2;
  }
  Reducer red;
  red.verbose = verbose;
  red.testCmd = test;
  red.outPath = outp.empty() ? (in.size() > 5 && in.substr(in.size() - 5) == ".mlir"
                                    ? in.substr(0, in.size() - 5)
                                    : in) +
                                   ".reduced.mlir"
                             : outp;
  red.candPath = red.outPath + ".candidate.mlir";
  // Start from the printed form (the reducer only ever produces printed text).
  red.cur = Reducer::print(*r.module);
  red.curMetric = measure(*r.module, red.cur.size());
  if (!red.interesting(red.cur)) {
    std::fprintf(stderr,
                 "loom-reduce: the test does not hold on %s (as printed back); nothing to reduce\n",
                 in.c_str());
    std::remove(red.candPath.c_str());
    return 1;
  }
  red.save();
  size_t startLines = red.lines();
  red.run();
  std::remove(red.candPath.c_str());
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - red.start).count();
  std::fprintf(stderr,
               "loom-reduce: %zu -> %zu lines, %u tests (%u accepted, %u invalid candidates "
               "skipped), %.1f s; wrote %s\n",
               startLines, red.lines(), red.tests, red.accepted, red.invalid, secs,
               red.outPath.c_str());
  return 0;
}

// The reducer walks, prints and destroys programs as deep as the front end accepts
// (kMaxNestingDepth): on a large stack, as loom-sim runs its commands.
int main(int argc, char** argv) {
  int rc = 2;
  runOnLargeStack([&] { rc = reduceMain(argc, argv); });
  return rc;
}
