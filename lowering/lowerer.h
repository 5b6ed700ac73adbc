// Internal state of the lowering of one function. The passes (control.cpp, views.cpp,
// memory.cpp, materialize.cpp) are member functions of Lowerer, one file per pass.
//
// Mapping (spec-dataflow-compilation, docs/design.md):
//   scf.for    -> [zero-trip guard: cmpi slt(lb, ub) + cond_br/mux] dataflow.stream +
//                 dataflow.gate; iter_args: dataflow.carry on raw_will_continue split by
//                 cond_br on raw; outside values: dataflow.invariant on after_cond
//   scf.while  -> guarded do-while (the before region once, then a loop whose body is
//                 the after region followed by the before region, driven by the raw
//                 condition); carries on the raw condition split by cond_br
//   scf.if     -> cond_br of control and of every outside value used in a branch,
//                 mux of the results
//   arith.*    -> compute units; arith.constant -> handshake.constant on region control
//   memref.load/store -> handshake.load/store on the linear index into the root memref
//   memref views      -> address arithmetic (offset + sum index * stride)
//   root memrefs      -> one handshake.memory/extmemory each, with a serial-recursive
//                        ctrl-done network; group done tokens joined into the return
#pragma once

#include "dfg/dfg.h"
#include "lowering/lower.h"

#include <functional>
#include <map>
#include <memory>
#include <unordered_map>

namespace loom::lower {

using dfg::Origin;
using dfg::PortRef;
using dfg::Rate;
using dfg::Role;
using dfg::Vertex;

struct LoweringError {
  Diag diag;
};
[[noreturn]] void fail(const Loc& loc, const std::string& msg);

// What a region environment maps: an SSA value (component -1), one component of a
// memref value's descriptor (0 offset, 1..r sizes, r+1..2r strides), or the region's
// control token (value null).
struct Key {
  const Value* value = nullptr;
  int component = -1;
  bool operator==(const Key& o) const { return value == o.value && component == o.component; }
};
struct KeyHash {
  size_t operator()(const Key& k) const {
    return std::hash<const void*>()(k.value) * 31 + static_cast<size_t>(k.component + 2);
  }
};
inline Key ctrlKey() {
  return {nullptr, -1};
}

// The memory block tree: every region as an entry -> done block holding, in program
// order, its accesses and the child constructs that contain accesses.
struct LRegion;
struct LItem {
  enum class Kind { Access, If, Loop } kind;
  explicit LItem(Kind k) : kind(k) {}
  int access = -1;                   // Access: index into Lowerer::accesses_
  PortRef cond;                      // If: branch condition; Loop: the body condition
  PortRef raw;                       // Loop: raw_will_continue (for mem-ctrl-raw)
  Rate thenRate, elseRate;           // If
  Rate bodyRate, tailRate, exitRate; // Loop
  bool parallel = false;             // Loop of an scf.parallel: iterations not ordered
  uint32_t bodyScope = 0;            // parallel: the body's scope (its memory control's)
  std::unique_ptr<LRegion> a, b;     // If: then, else; Loop: body
  Origin origin;
  uint32_t scope = 0;
};
struct LRegion {
  std::vector<LItem> items;
};

// A memref value's descriptor; a component is static or a value in the environment.
struct Component {
  bool isStatic = true;
  int64_t value = 0;
  Key key; // when dynamic
};
struct MemDesc {
  uint32_t group = 0;
  std::vector<Component> comps; // offset, sizes..., strides...
  size_t rank() const { return (comps.size() - 1) / 2; }
  Component& offset() { return comps[0]; }
  Component& size(size_t d) { return comps[1 + d]; }
  Component& stride(size_t d) { return comps[1 + rank() + d]; }
};

// A root memref: one memory interface.
struct MemGroup {
  Type type;         // root memref type
  int argIndex = -1; // function argument (extmemory), or -1 for an allocation
  Origin origin;
  std::vector<int> accesses; // indices into accesses_, in program order
};

struct Access {
  Vertex node;
  uint32_t group;
  bool isStore;
  Origin origin;
  PortRef done; // set by the memory pass
};

// The two sides of one branch: the rates of its regions and the cond_br already made
// for each outer value (shared by the then and the else state).
struct BranchSplits {
  Rate thenRate, elseRate;
  std::unordered_map<Key, Vertex, KeyHash> made;
};

// A region being lowered.
struct RegionState {
  enum class Boundary { Function, LoopBody, Branch };
  RegionState* parent = nullptr;
  Boundary boundary = Boundary::Function;
  PortRef cond; // LoopBody: the stream invariants use; Branch: the condition
  PortRef raw;  // LoopBody of a for: raw_will_continue (injections)
  bool hasRaw = false;
  bool side = true;                     // Branch: then (true) or else
  std::shared_ptr<BranchSplits> splits; // Branch
  // LoopBody whose condition is not known yet (while): invariants to patch.
  std::vector<Vertex>* pendingCond = nullptr;
  Rate rate;
  uint32_t scope = 0;
  LRegion* block = nullptr;
  std::unordered_map<Key, PortRef, KeyHash> env;
  std::map<int64_t, PortRef> indexConsts; // index constants made in this region
};

// A value's SSA name without its '%', for the labels of the nodes made from it.
inline std::string valueName(const Value* v) {
  return v->name.size() > 1 ? v->name.substr(1) : v->name;
}

class Lowerer {
public:
  Lowerer(const Module& m, const Function& f, const LowerOptions& opts, dfg::Graph& g);
  void run();

private:
  const Module& mod_;
  const Function& func_;
  const LowerOptions& opts_;
  dfg::Graph& g_;
  std::vector<Access> accesses_;
  std::vector<MemGroup> groups_;
  std::unordered_map<const Value*, MemDesc> descs_;
  LRegion root_;
  std::map<std::string, int> nameCount_;
  std::string ctx_; // copy of the enclosing while before regions (dfg::RateTerm::ctx)
  std::vector<uint32_t> parallelScopes_; // the body scopes of the scf.parallel loops

  bool injected(Injection i) const { return opts_.inject.count(i) != 0; }
  // Whether injection `i` is asked for, at a site where it changes the network: the
  // site is recorded (LowerOptions::applied).
  bool applies(Injection i) const {
    if (!injected(i)) return false;
    if (opts_.applied) opts_.applied->insert(i);
    return true;
  }

  // ---- builder (lowerer.cpp) -------------------------------------------------------
  uint32_t addScope(dfg::Scope::Kind kind, const std::string& name, uint32_t parent, const Op* op);
  Vertex addNode(dfg::NodeKind kind, uint32_t scope, const std::string& label, const Op* origin,
                 std::vector<Type> ins, std::vector<Type> outs, std::vector<Role> roles,
                 std::vector<Rate> rates);
  void connect(PortRef from, Vertex to, unsigned port) { g_.connect(from, to, port); }
  // Re-tags an output (and the channels already leaving it).
  void retag(PortRef p, Role role, const Rate& rate);
  Origin originOf(const Op* op) const;
  Type typeOf(PortRef p) const { return g_.node(p.node).outTypes[p.port]; }

  PortRef lookup(const Key& k, RegionState& s);
  PortRef lookup(const Value* v, RegionState& s) { return lookup(Key{v, -1}, s); }
  PortRef importInto(const Key& k, PortRef outer, RegionState& s);
  void define(RegionState& s, const Value* v, PortRef p) { s.env[Key{v, -1}] = p; }
  bool definedIn(const RegionState& s, const Key& k) const { return s.env.count(k) != 0; }

  RegionState branchState(RegionState& parent, PortRef cond, bool side, Rate rate,
                          const std::string& scopeName, const Op* op, LRegion* block,
                          std::shared_ptr<BranchSplits> splits);
  RegionState loopState(RegionState& parent, PortRef cond, Rate rate, const std::string& scopeName,
                        const Op* op, LRegion* block);

  PortRef constant(RegionState& s, Bits value, const Type& t, const Op* origin,
                   const std::string& label);
  PortRef compute(RegionState& s, OpKind k, std::vector<PortRef> operands, const Type& resultType,
                  const Op* origin, const std::string& label, ArithAttrs attrs = {});
  PortRef mux(RegionState& s, PortRef sel, PortRef ifFalse, PortRef ifTrue, Role role,
              const Op* origin, const std::string& label);
  std::pair<PortRef, PortRef> condBr(RegionState& s, PortRef cond, PortRef data, Rate t, Rate f,
                                     Role role, const Op* origin, const std::string& label);

  // ---- control (control.cpp) -------------------------------------------------------
  LItem& addItem(LItem::Kind kind, const Op& op, RegionState& s);
  struct Branches {
    RegionState t, e;
  };
  Branches openBranches(const Op& op, RegionState& s, PortRef cond, Rate thenRate, Rate elseRate,
                        const std::string& thenName, const std::string& elseName, bool guard);
  void lowerFunctionBody();
  void refuseDeepNesting() const;
  const Op& lowerRegion(const Block& b, RegionState& s);
  void lowerOp(const Op& op, RegionState& s);
  void lowerIf(const Op& op, RegionState& s);
  void lowerFor(const Op& op, RegionState& s);
  void lowerGuarded(const Op& op, RegionState& s, const std::string& label, bool known,
                    size_t firstInit, const std::function<std::pair<PortRef, PortRef>()>& bounds,
                    const std::function<std::vector<PortRef>(RegionState&, bool)>& loop);
  std::vector<PortRef> lowerForLoop(const Op& op, RegionState& s, bool guarded,
                                    const std::string& label);
  struct LoopParts {
    PortRef index, raw, after;
    Rate boundary, body;
    LItem* item = nullptr;
  };
  LoopParts openLoop(const Op& op, RegionState& s, PortRef lb, PortRef step, PortRef ub,
                     bool guarded, const std::string& label);
  Vertex loopCarry(const Op& op, RegionState& s, const LoopParts& lp, bool guarded, PortRef init,
                   const std::string& label, const std::string& name, PortRef& inBody,
                   PortRef& result);
  void lowerParallel(const Op& op, RegionState& s);
  std::vector<PortRef> lowerParallelLoop(const Op& op, RegionState& s, bool guarded,
                                         const std::string& label);
  void flatTripCounts(const Op& op, RegionState& s);
  void parallelIndices(const Op& op, PortRef flat, RegionState& b);
  void lowerWhile(const Op& op, RegionState& s);
  std::vector<PortRef> lowerWhileRotated(const Op& op, const Op& firstCond, RegionState& thenS,
                                         const std::string& label);
  void lowerWhileSpecLiteral(const Op& op, RegionState& s);
  PortRef whileCondition(const Op& cond, const Rate& rate, LItem& loop, RegionState& b);
  PortRef yieldValue(const Value* v, RegionState& branch, const Region& region);
  bool tripCountAtLeastOne(const Op& forOp) const;
  std::string scopeLabel(const Op& op, const char* kind);

  // ---- memrefs and addresses (views.cpp) -------------------------------------------
  void declareArgMemRef(const Value* v, int argIndex, PortRef entry, unsigned& nextPort,
                        RegionState& s);
  std::vector<Type> argDescriptorTypes(const Type& t) const;
  void lowerAlloc(const Op& op, RegionState& s);
  void lowerView(const Op& op, RegionState& s);
  void lowerDim(const Op& op, RegionState& s);
  void lowerAccess(const Op& op, RegionState& s);
  PortRef componentValue(const Component& c, RegionState& s, const Op* origin);
  Component addC(const Component& a, const Component& b, RegionState& s, const Op& op,
                 const Value* res, int idx);
  Component mulC(const Component& a, const Component& b, RegionState& s, const Op& op,
                 const Value* res, int idx);
  PortRef address(const Op& op, const MemDesc& d, unsigned firstIndex, RegionState& s);

  // ---- memory (memory.cpp) ---------------------------------------------------------
  void lowerMemory(RegionState& fn, std::vector<PortRef>& dones);
  void connectInterface(uint32_t group, RegionState& fn);
  PortRef orderRegion(uint32_t group, LRegion& r, PortRef token, const Rate& rate);
  PortRef orderItem(uint32_t group, LItem& it, PortRef token, const Rate& rate);
  PortRef orderParallel(uint32_t group, LItem& it, PortRef d, PortRef token);
  PortRef join(const std::vector<PortRef>& tokens, uint32_t scope, const Rate& rate,
               const Origin& origin);
  bool regionHasGroup(const LRegion& r, uint32_t group) const;
  bool itemHasGroup(const LItem& it, uint32_t group) const;

  // ---- materialization (materialize.cpp) -------------------------------------------
  void materialize();
  void deepenParallelChannels();
};

} // namespace loom::lower
