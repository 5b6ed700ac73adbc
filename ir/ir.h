// The SCF IR: a module of functions; a function body is a region of blocks of ops;
// ops use and define SSA values. Ownership is strictly downward (module -> function ->
// region -> block -> op -> region ...); values are owned by the op or block that
// defines them and referenced by raw pointer.
#pragma once

#include "ir/types.h"
#include "ops/op_kind.h"

#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace loom {

// A position in the .mlir text (`file` is shared by every location of one input), and
// the source location the producer recorded for it, if any: a C front end's
// `loc("kernel.c":12:3)` is kept as "kernel.c:12:3" (docs/design.md "Locations").
struct Loc {
  Loc() = default;
  Loc(std::shared_ptr<const std::string> f, uint32_t l, uint32_t c,
      std::shared_ptr<const std::string> src = nullptr)
      : file(std::move(f)), line(l), col(c), source(std::move(src)) {}

  std::shared_ptr<const std::string> file;
  uint32_t line = 0;
  uint32_t col = 0;
  std::shared_ptr<const std::string> source; // original source, null if none
  std::string str() const;                   // the .mlir position: "file:line:col"
  std::string where() const; // "kernel.c:12:3 (k.mlir:20:5)", or str() without a source
};

// A located error, with notes that point at related places (MLIR's `note:` lines).
// Library code returns these; only main decides the exit code.
struct Diag {
  Diag() = default;
  Diag(Loc l, std::string m, std::vector<Diag> n = {})
      : loc(std::move(l)), message(std::move(m)), notes(std::move(n)) {}

  Loc loc;
  std::string message;
  std::vector<Diag> notes;
  // "where: error: message", then one "where: note: message" line per note.
  std::string str(const char* severity = "error") const;
};

class Op;
class Block;
class Region;

struct Value {
  Type type;
  Op* def = nullptr;      // defining op; null for a block argument
  Block* owner = nullptr; // block of a block argument
  unsigned index = 0;     // result number or argument number
  std::string name;       // as written ("%x", "%r#1"), for messages and printing
  uint32_t slot = 0;      // dense number inside its function (interpreter frame)
  Loc loc;                // where it is defined
};

// Attribute values: what the input language needs, nothing more.
struct Attr;
using AttrList = std::vector<Attr>;
struct Attr {
  enum class Kind : uint8_t { Unit, Int, Float, Bool, String, Symbol, TypeAttr, Array };
  Kind kind = Kind::Unit;
  int64_t i = 0;
  double f = 0;
  std::string s; // String and Symbol (without '@')
  Type type;     // type of Int/Float, or the TypeAttr value
  std::shared_ptr<AttrList> array;
};

class Op {
public:
  OpKind kind;
  Loc loc;
  uint32_t id = 0; // dense over the module, in source order
  std::vector<Value*> operands;
  std::vector<Loc> operandLocs; // where each operand is written (for messages)
  std::vector<std::unique_ptr<Value>> results;
  std::vector<std::unique_ptr<Region>> regions;
  std::map<std::string, Attr> attrs;
  Block* parent = nullptr;

  // Op-specific fields parsed from custom syntax, kept typed so nothing reparses them.
  CmpIPred cmpi = CmpIPred::eq;
  CmpFPred cmpf = CmpFPred::AlwaysFalse;
  Bits constBits = 0; // arith.constant value
  std::string callee; // call, llvm.call, esi_instance (its handshake.func); get_global: the global
  std::vector<int64_t> staticOffsets; // subview / reinterpret_cast (kDynamic -> operand)
  std::vector<int64_t> staticSizes;   // subview / reinterpret_cast / alloc shape
  std::vector<int64_t> staticStrides; // subview / reinterpret_cast
  std::vector<std::vector<int64_t>> reassociation; // collapse_shape / expand_shape
  // cf.br / cf.cond_br: the blocks branched to, and how many of the operands go to each
  // (cf.cond_br: operand 0 is the condition, then the true block's, then the false's).
  std::vector<Block*> successors;
  std::vector<unsigned> successorOperands;
  // scf.index_switch: the case values; region 0 is the default, region i + 1 case i
  // (MLIR's order).
  std::vector<int64_t> cases;
  unsigned numDynOffsets = 0, numDynSizes = 0, numDynStrides = 0; // operand segments

  Value* result(unsigned i = 0) const { return results[i].get(); }
  Value* operand(unsigned i) const { return operands[i]; }
  Region& region(unsigned i) const { return *regions[i]; }
  std::string_view name() const { return opName(kind); }
  Op* parentOp() const;
};

class Block {
public:
  std::vector<std::unique_ptr<Value>> args;
  std::vector<std::unique_ptr<Op>> ops;
  Region* parent = nullptr;
  Loc loc;

  Op* terminator() const { return ops.empty() ? nullptr : ops.back().get(); }
};

class Region {
public:
  std::vector<std::unique_ptr<Block>> blocks;
  Op* parent = nullptr; // null for a function body
  struct Function* func = nullptr;

  Block& front() const { return *blocks.front(); }
  bool empty() const { return blocks.empty(); }
};

struct Function {
  std::string name;
  Loc loc;
  std::vector<Type> argTypes;
  std::vector<Type> resultTypes;
  bool isPrivate = false;
  bool isDeclaration = false; // no body (e.g. print_memref_f32)
  Region body;
  uint32_t numSlots = 0; // values defined in this function (see Value::slot)
};

// A memref.global: a buffer the whole run shares, with its initial elements.
struct Global {
  std::string name;
  Loc loc;
  Type type;              // a memref of static shape
  std::vector<Bits> data; // every element, row-major; zeros when uninitialized
  bool constant = false;
};

// A handshake.func of a program LOOM compiled: its network runs each
// handshake.esi_instance of it (docs/loom.md "LOOM's programs"). Its arguments and
// results are those of `reference`, the function of the program that computes what it
// does (LOOM's CPU version), plus the start and done tokens.
struct NetworkFunction {
  std::string name;
  Loc loc;
  std::vector<Type> argTypes, resultTypes; // as written, tokens included
  int startArg = -1;                       // the start token's argument, -1: none
  int doneResult = -1;                     // the done token's result, -1: none
  std::string reference;                   // empty: none found (see docs/loom.md)
};

struct Module {
  Module() = default;
  Module(Module&&) = default;
  Module& operator=(Module&&) = default;
  ~Module(); // level by level, not recursively: regions nest as deep as the program does

  std::shared_ptr<const std::string> file;
  std::string source; // the text, for diagnostics with excerpts
  std::vector<std::unique_ptr<Function>> functions;
  std::vector<Global> globals;
  std::vector<NetworkFunction> networks; // a program LOOM compiled: its handshake.funcs
  uint32_t numOps = 0;                   // Op::id < numOps

  Function* lookup(std::string_view name) const;
  const Global* global(std::string_view name) const;
  const NetworkFunction* network(std::string_view name) const;
  // Every op of the module in source order (walks nested regions), indexable by id.
  std::vector<Op*> opsById() const;
};

// Calls fn(op) on every op nested under `region`, pre-order.
template <typename F> void walk(const Region& region, F&& fn);

// With a stack of its own rather than recursion: regions nest as deep as the program does.
template <typename F> void walk(const Region& region, F&& fn) {
  std::vector<std::pair<const Block*, size_t>> stack; // a block, its next op
  auto enter = [&](const Region& r) {
    for (auto b = r.blocks.rbegin(); b != r.blocks.rend(); ++b)
      stack.emplace_back(b->get(), 0);
  };
  enter(region);
  while (!stack.empty()) {
    const Block* b = stack.back().first;
    size_t i = stack.back().second++;
    if (i == b->ops.size()) {
      stack.pop_back();
      continue;
    }
    Op* op = b->ops[i].get();
    fn(op);
    for (auto r = op->regions.rbegin(); r != op->regions.rend(); ++r)
      enter(**r);
  }
}

} // namespace loom
