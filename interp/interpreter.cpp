#include "interp/interpreter.h"

#include "eval/arith.h"
#include "eval/c_library.h"
#include "interp/address_space.h"
#include "support/big_stack.h"
#include "verify/verifier.h"

#include <set>
#include <tuple>
#include <unordered_map>

namespace loom {
namespace {

struct RuntimeError {
  Diag diag;
};

[[noreturn]] void fail(const Op& op, std::string msg) {
  throw RuntimeError{Diag{op.loc, std::move(msg)}};
}

} // namespace

std::string poisonOrigin(const Op& origin) {
  std::string where = "made by '" + std::string(opName(origin.kind)) + "' at " + origin.loc.str();
  const char* why = poisonReason(origin.kind);
  return why ? where + " (" + why + ")" : where;
}

namespace {} // namespace

void RegionCounts::reset(size_t numOps, bool withTrips) {
  activations.assign(numOps, 0);
  nonEmpty.assign(numOps, 0);
  iterations.assign(numOps, 0);
  elseCount.assign(numOps, 0);
  executions.assign(numOps, 0);
  trips.assign(withTrips ? numOps : 0, {});
}

void ExecutionRecord::reset(size_t numOps) {
  activations.assign(numOps, 0);
  nonEmpty.assign(numOps, 0);
  iterations.assign(numOps, 0);
  elseCount.assign(numOps, 0);
  executions.assign(numOps, 0);
  byContext.clear();
  accesses.clear();
  parallelThreads.clear();
  trips.assign(traceTrips ? numOps : 0, {});
}

int64_t linearIndex(const MemRefView& v, const int64_t* idx) {
  int64_t e = v.offset;
  for (size_t d = 0; d < v.sizes.size(); ++d)
    e += idx[d] * v.strides[d];
  return e;
}

struct Interpreter::Impl {
  const Module& mod;
  std::ostream& out;
  CallHook hook;
  ExecutionRecord* rec = nullptr;
  // The copy of the enclosing while before regions being executed (see
  // ExecutionRecord::byContext); null outside any.
  RegionCounts* ctxCounts = nullptr;
  const std::string* ctxName = nullptr;
  uint64_t stepLimit = 0;
  uint64_t steps = 0;
  uint64_t nextBufferId = 1;
  // What the run holds now, against the limits of interpreter.h.
  unsigned calls = 0;       // calls running
  unsigned blocks = 0;      // blocks running (function bodies and regions)
  uint64_t frameValues = 0; // values in the frames of the running calls
  std::shared_ptr<uint64_t> liveElements = std::make_shared<uint64_t>(0); // see newBuffer
  AddressSpace addresses;                              // the buffers whose address the program took
  std::unordered_map<const Op*, CFunction> cFunctions; // see cFunction
  std::unordered_map<std::string, std::shared_ptr<MemRefView>> globals; // by name, once made

  Impl(const Module& m, std::ostream& o) : mod(m), out(o) {}

  using Frame = std::vector<RtValue>;

  // ---- helpers ---------------------------------------------------------------------

  static const RtValue& get(const Frame& fr, const Value* v) { return fr[v->slot]; }
  // A scalar's bits as `user` observes them (a branch, a bound, an index, a stored or
  // printed value): a poison value stops the run there (docs/design.md "Poison").
  static Bits bits(const Op& user, const Frame& fr, const Value* v) {
    const RtValue& r = fr[v->slot];
    if (r.poison) usesPoison(user, *v, *r.poison);
    return r.bits;
  }
  static int64_t sint(const Op& user, const Frame& fr, const Value* v) {
    return signExtend(bits(user, fr, v), v->type.width);
  }
  [[noreturn]] static void usesPoison(const Op& user, const Value& v, const Op& origin) {
    fail(user, "'" + std::string(opName(user.kind)) + "' uses " + v.name +
                   ", a poison value: " + poisonOrigin(origin));
  }
  // A scalar result; `poison`: the op that made it poison (null: a defined value).
  static void set(Frame& fr, const Value* v, Bits b, const Op* poison = nullptr) {
    RtValue& r = fr[v->slot]; // a scalar's slot: no memref to drop
    r.bits = b;
    r.poison = poison;
  }
  const MemRefView& view(const Frame& fr, const Op& op, unsigned i) {
    const auto& m = fr[op.operand(i)->slot].mem;
    if (!m) fail(op, "internal: memref operand without a value");
    if (m->buf->freed)
      fail(op, "use of memref after 'memref.dealloc' (allocated at " + m->buf->origin + ")");
    return *m;
  }

  // A buffer counts against kMaxLiveElements until its last view is gone (the counter is
  // shared: a buffer may outlive the interpreter, in the host's hands).
  std::shared_ptr<MemRefView> newBuffer(const Type& t, const std::vector<int64_t>& sizes,
                                        bool stack, const std::string& origin) {
    uint64_t n = 1;
    for (int64_t s : sizes) {
      if (s < 0) throw RuntimeError{Diag{Loc{}, "negative allocation size"}};
      if (s != 0 && n > kMaxLiveElements / static_cast<uint64_t>(s))
        n = kMaxLiveElements + 1;
      else
        n *= static_cast<uint64_t>(s);
    }
    if (n > kMaxLiveElements - *liveElements)
      throw RuntimeError{
          Diag{Loc{}, "out of memory: allocating " + sizeText(sizes) + " elements, with " +
                          std::to_string(*liveElements) + " allocated, would exceed the " +
                          std::to_string(kMaxLiveElements) + " elements a run may hold"}};
    *liveElements += n;
    std::shared_ptr<uint64_t> live = liveElements;
    std::shared_ptr<Buffer> buf(new Buffer, [live, n](Buffer* b) {
      *live -= n;
      delete b;
    });
    buf->id = nextBufferId++;
    buf->elem = t.mem->elem;
    buf->data.assign(static_cast<size_t>(n), 0);
    buf->stack = stack;
    buf->origin = origin;
    auto v = std::make_shared<MemRefView>();
    v->buf = std::move(buf);
    v->sizes = sizes;
    v->strides = identityStrides(sizes);
    return v;
  }

  static std::string sizeText(const std::vector<int64_t>& sizes) {
    std::string s;
    for (int64_t d : sizes)
      s += (s.empty() ? "" : "x") + std::to_string(d);
    return s.empty() ? "1" : s;
  }

  void step(const Op& op) {
    ++steps;
    if (stepLimit && steps > stepLimit) runaway(op);
    if (rec) {
      ++rec->executions[op.id];
      if (ctxCounts) ++ctxCounts->executions[op.id];
    }
  }

  // The step limit is reached: the error names the innermost loop around the op that
  // was about to run (the loop that does not end), located at that loop.
  [[noreturn]] void runaway(const Op& op) {
    const Op* loop = &op;
    while (loop && !isLoop(loop->kind))
      loop = loop->parentOp();
    std::string what =
        "runaway execution: more than " + std::to_string(stepLimit) + " operations executed";
    if (!loop) fail(op, what + " (raise the limit with --max-steps)");
    fail(*loop, what + " in this '" + std::string(loop->name()) +
                    "', still running (raise the limit with --max-steps)");
  }

  // enterBefore's answers for the current record: (enclosing context, while op, first
  // or not) -> the context's entry in rec->byContext (whose keys and values never move),
  // so a while loop does not build and look up its context's name every iteration.
  struct CtxKey {
    const std::string* parent;
    uint32_t op;
    bool first;
    bool operator==(const CtxKey& o) const {
      return parent == o.parent && op == o.op && first == o.first;
    }
  };
  struct CtxKeyHash {
    size_t operator()(const CtxKey& k) const {
      return std::hash<const void*>()(k.parent) ^
             ((size_t(k.op) << 1 | k.first) * 0x9E3779B97F4A7C15ull);
    }
  };
  std::unordered_map<CtxKey, std::pair<RegionCounts*, const std::string*>, CtxKeyHash> ctxCache;

  // Enters the before region of while `w` (first execution of the activation or not).
  std::pair<RegionCounts*, const std::string*> enterBefore(const Op& w, bool first) {
    auto saved = std::make_pair(ctxCounts, ctxName);
    if (!rec) return saved;
    auto& slot = ctxCache[CtxKey{ctxName, w.id, first}];
    if (!slot.first) {
      std::string name = (ctxName ? *ctxName : std::string()) + "W" + std::to_string(w.id) +
                         (first ? ":f/" : ":l/");
      auto it = rec->byContext.find(name);
      if (it == rec->byContext.end()) {
        it = rec->byContext.emplace(name, RegionCounts()).first;
        it->second.reset(mod.numOps, rec->traceTrips);
      }
      slot = {&it->second, &it->first};
    }
    ctxCounts = slot.first;
    ctxName = slot.second;
    return saved;
  }

  // ---- regions ---------------------------------------------------------------------

  // Runs a block whose arguments are already bound; returns its terminator. Each level
  // of blocks running is one level of this recursion: kMaxRunDepth bounds it. An error
  // leaves the counts to Interpreter::call, which restores them.
  const Op& runBlock(const Block& b, Frame& fr) {
    if (++blocks > kMaxRunDepth) tooDeep(b);
    for (size_t i = 0; i + 1 < b.ops.size(); ++i)
      exec(*b.ops[i], fr);
    const Op& t = *b.ops.back();
    step(t);
    --blocks;
    return t;
  }
  [[noreturn]] void tooDeep(const Block& b) {
    const Op* at = b.parent && b.parent->parent ? b.parent->parent : callSite;
    std::string what = "more than " + std::to_string(kMaxRunDepth) +
                       " regions and function bodies running nested (unbounded recursion?)";
    if (at) fail(*at, what);
    throw RuntimeError{Diag{b.loc, what}};
  }
  void bindArgs(const Block& b, Frame& fr, const std::vector<RtValue>& vals) {
    for (size_t i = 0; i < vals.size(); ++i)
      fr[b.args[i]->slot] = vals[i];
  }
  static std::vector<RtValue> operandValues(const Op& op, const Frame& fr, size_t from = 0) {
    std::vector<RtValue> v;
    v.reserve(op.operands.size() - from);
    for (size_t i = from; i < op.operands.size(); ++i)
      v.push_back(fr[op.operands[i]->slot]);
    return v;
  }

  const Op* callSite = nullptr; // the call whose function body is being entered

  std::vector<RtValue> callFunction(const Function& f, std::vector<RtValue> args, const Op* site) {
    if (site && calls >= kMaxCallDepth)
      fail(*site,
           "call depth exceeds " + std::to_string(kMaxCallDepth) + " (unbounded recursion?)");
    if (site && f.numSlots > kMaxFrameValues - frameValues)
      fail(*site, "the running calls would hold more than " + std::to_string(kMaxFrameValues) +
                      " values (" + std::to_string(calls) + " calls deep; unbounded recursion?)");
    ++calls;
    frameValues += f.numSlots;
    Frame fr(f.numSlots);
    const Block* b = &f.body.front();
    bindArgs(*b, fr, args);
    callSite = site;
    const Op* t = &runBlock(*b, fr);
    // A body of several blocks (cf branches on the host): follow the branches.
    while (t->kind == OpKind::CfBr || t->kind == OpKind::CfCondBr) {
      unsigned which = 0, first = 0;
      if (t->kind == OpKind::CfCondBr) {
        first = 1;
        if (!(bits(*t, fr, t->operand(0)) & 1)) which = 1, first += t->successorOperands[0];
      }
      std::vector<RtValue> vals;
      for (unsigned i = 0; i < t->successorOperands[which]; ++i)
        vals.push_back(fr[t->operand(first + i)->slot]);
      b = t->successors[which];
      bindArgs(*b, fr, vals);
      callSite = site;
      t = &runBlock(*b, fr);
    }
    auto res = operandValues(*t, fr);
    --calls;
    frameValues -= f.numSlots;
    return res;
  }

  // ---- ops -------------------------------------------------------------------------

  void exec(const Op& op, Frame& fr) {
    step(op);
    switch (op.kind) {
    case OpKind::ArithConstant: set(fr, op.result(), op.constBits); return;
    case OpKind::For: return execFor(op, fr);
    case OpKind::Parallel: return execParallel(op, fr);
    case OpKind::While: return execWhile(op, fr);
    case OpKind::If: return execIf(op, fr);
    case OpKind::MemRefLoad: return execLoad(op, fr);
    case OpKind::MemRefStore: return execStore(op, fr);
    case OpKind::Call: return execCall(op, fr);
    case OpKind::VectorPrint:
      out << formatVectorPrint(bits(op, fr, op.operand(0)), op.operand(0)->type) << '\n';
      return;
    case OpKind::CfAssert:
      if (!(bits(op, fr, op.operand(0)) & 1)) {
        auto it = op.attrs.find("msg");
        fail(op, "assertion failed: " + (it == op.attrs.end() ? std::string() : it->second.s));
      }
      return;
    case OpKind::Alloc:
    case OpKind::Alloca: return execAlloc(op, fr);
    case OpKind::Dealloc: return execDealloc(op, fr);
    case OpKind::Cast: return execCast(op, fr);
    case OpKind::Subview: return execSubview(op, fr);
    case OpKind::ReinterpretCast: return execReinterpret(op, fr);
    case OpKind::CollapseShape: return execCollapse(op, fr);
    case OpKind::ExpandShape: return execExpand(op, fr);
    case OpKind::Dim: return execDim(op, fr);
    case OpKind::GetGlobal: fr[op.result()->slot].mem = global(op); return;
    case OpKind::ExtractPointer:
      set(fr, op.result(), addresses.addressOf(view(fr, op, 0).buf));
      return;
    case OpKind::IntToPtr:
      set(fr, op.result(), bits(op, fr, op.operand(0)) & widthMask(op.result()->type.width));
      return;
    case OpKind::Poison: set(fr, op.result(), 0, &op); return;
    case OpKind::ConstClock: set(fr, op.result(), 0); return;
    case OpKind::EsiWrap:
    case OpKind::EsiUnwrap: // a channel's value is its value; ready and valid are true
      fr[op.result(0)->slot] = get(fr, op.operand(0));
      set(fr, op.result(1), 1);
      return;
    case OpKind::LlvmCall: return execCFunction(op, fr, cFunction(op));
    case OpKind::IndexSwitch: return execIndexSwitch(op, fr);
    case OpKind::EsiInstance: return execEsiInstance(op, fr);
    case OpKind::Func:
    case OpKind::FuncReturn:
    case OpKind::Yield:
    case OpKind::Condition:
    case OpKind::Reduce:
    case OpKind::ReduceReturn:
    case OpKind::CfBr:
    case OpKind::CfCondBr: fail(op, "internal: terminator executed as an operation");
#define LOOM_OP(Kind, Name, Group)
#define LOOM_COMPUTE(Kind, ...) case OpKind::Kind:
#include "ops/op_kinds.def"
      return execArith(op, fr);
    }
  }

  void execArith(const Op& op, Frame& fr) {
    if (op.kind == OpKind::Select && op.result()->type.isMemRef()) {
      fr[op.result()->slot] = get(fr, op.operand(bits(op, fr, op.operand(0)) & 1 ? 1 : 2));
      return;
    }
    Bits in[3];
    PoisonMask poisoned = 0;
    for (size_t i = 0; i < op.operands.size() && i < 3; ++i) {
      const RtValue& v = get(fr, op.operand(i));
      in[i] = v.bits;
      if (v.poison) poisoned |= 1u << i;
    }
    ArithAttrs attrs{op.cmpi, op.cmpf};
    const Type& operandType = op.operand(typeOperand(op.kind))->type;
    Bits r = 0;
    ArithOutcome o =
        evalArithPoison(op.kind, attrs, operandType, op.result()->type, in, poisoned, r);
    if (o.error == EvalError::PoisonDivisor)
      usesPoison(op, *op.operand(1), *get(fr, op.operand(1)).poison);
    if (o.error != EvalError::None)
      fail(op, std::string(opName(op.kind)) + ": " + evalErrorMessage(o.error));
    const Op* origin = !o.poison ? nullptr : o.from < 0 ? &op : get(fr, op.operand(o.from)).poison;
    set(fr, op.result(), r, origin);
  }

  void execFor(const Op& op, Frame& fr) {
    const Type& t = op.operand(0)->type;
    int64_t lb = sint(op, fr, op.operand(0)), ub = sint(op, fr, op.operand(1)),
            st = sint(op, fr, op.operand(2));
    if (st <= 0) fail(op, "scf.for step must be positive, got " + std::to_string(st));
    std::vector<RtValue> iter = operandValues(op, fr, 3);
    const Block& body = op.region(0).front();
    uint64_t trips = 0;
    for (int64_t iv = lb; iv < ub;) {
      ++trips;
      set(fr, body.args[0].get(), static_cast<Bits>(iv) & widthMask(t.width));
      for (size_t i = 0; i < iter.size(); ++i)
        fr[body.args[i + 1]->slot] = iter[i];
      const Op& y = runBlock(body, fr);
      for (size_t i = 0; i < iter.size(); ++i)
        iter[i] = fr[y.operand(i)->slot];
      // Stop on overflow of the induction variable rather than wrapping around.
      int64_t next;
      if (__builtin_add_overflow(iv, st, &next)) break;
      if (t.width < 64 && signExtend(static_cast<Bits>(next), t.width) != next) break;
      iv = next;
    }
    recordLoop(op, trips);
    for (size_t i = 0; i < iter.size(); ++i)
      fr[op.result(i)->slot] = iter[i];
  }

  // ---- scf.parallel ----------------------------------------------------------------

  // One activation of an scf.parallel running: its iteration space and, per element its
  // iterations touched, up to two distinct iterations that loaded and two that stored
  // (enough to find an iteration other than any given one).
  struct Touch {
    uint64_t iter;
    const Op* op;
  };
  struct ElemUses {
    Touch store[2], load[2];
    uint8_t stores = 0, loads = 0;
  };
  struct ElemKey {
    uint64_t buffer;
    int64_t element;
    bool operator==(const ElemKey& o) const { return buffer == o.buffer && element == o.element; }
  };
  struct ElemKeyHash {
    size_t operator()(const ElemKey& k) const {
      return std::hash<uint64_t>()(k.buffer * 0x9E3779B97F4A7C15ull ^
                                   static_cast<uint64_t>(k.element));
    }
  };
  struct ParallelRun {
    const Op* op;
    std::vector<int64_t> lb, step;
    std::vector<uint64_t> trips; // per induction variable
    uint64_t iter = 0;           // the iteration running, flattened (first variable outermost)
    uint64_t thread = 0;         // its AccessEvent::thread
    std::unordered_map<ElemKey, ElemUses, ElemKeyHash> uses;

    std::vector<int64_t> indices(uint64_t it) const {
      std::vector<int64_t> iv(trips.size());
      for (size_t k = trips.size(); k-- > 0;) {
        iv[k] = lb[k] + static_cast<int64_t>(it % trips[k]) * step[k];
        it /= trips[k];
      }
      return iv;
    }
  };
  std::vector<ParallelRun*> parallels; // running, outermost first
  uint32_t segments = 0;               // AccessEvent::segment of the latest outermost activation
  uint64_t threads = 0;
  uint64_t parallelActivations = 0;
  std::vector<Race> races;
  std::set<std::tuple<const Op*, const Op*, const Op*>> raceSeen;

  // A memory access: into the trace, and against the other iterations of every parallel
  // loop running.
  void accessed(const Op& op, const MemRefView& v, int64_t e, bool isStore) {
    if (rec && rec->traceAccesses)
      rec->accesses.push_back({op.id, v.buf->id, e, isStore, parallels.empty() ? 0 : segments,
                               parallels.empty() ? 0 : parallels.back()->thread});
    for (ParallelRun* p : parallels)
      touch(*p, op, v, e, isStore);
  }

  void touch(ParallelRun& p, const Op& op, const MemRefView& v, int64_t e, bool isStore) {
    ElemUses& u = p.uses[ElemKey{v.buf->id, e}];
    auto other = [&](const Touch* t, uint8_t n) -> const Touch* {
      for (uint8_t i = 0; i < n; ++i)
        if (t[i].iter != p.iter) return &t[i];
      return nullptr;
    };
    const Touch* clash = other(u.store, u.stores);
    if (!clash && isStore) clash = other(u.load, u.loads);
    if (clash) race(p, *clash, op, v, e);
    Touch* list = isStore ? u.store : u.load;
    uint8_t& n = isStore ? u.stores : u.loads;
    bool seen = false;
    for (uint8_t i = 0; i < n; ++i)
      seen |= list[i].iter == p.iter;
    if (!seen && n < 2) list[n++] = Touch{p.iter, &op};
  }

  void race(const ParallelRun& p, const Touch& first, const Op& second, const MemRefView& v,
            int64_t e) {
    if (!raceSeen.insert({p.op, first.op, &second}).second) return;
    Race r;
    r.loop = p.op;
    r.first = first.op;
    r.second = &second;
    r.firstIteration = p.indices(first.iter);
    r.secondIteration = p.indices(p.iter);
    r.buffer = v.buf->id;
    r.element = e;
    r.memref = second.operand(second.kind == OpKind::MemRefStore ? 1 : 0)->name;
    races.push_back(std::move(r));
  }

  // The iterations in order, the first induction variable outermost (as the oracle's
  // convert-scf-to-cf runs them); each scf.reduce operand folds into its result through
  // its region as reduce(result so far, value), in iteration order.
  void execParallel(const Op& op, Frame& fr) {
    const Block& body = op.region(0).front();
    size_t d = body.args.size();
    ParallelRun pr;
    pr.op = &op;
    uint64_t total = 1;
    for (size_t k = 0; k < d; ++k) {
      int64_t lb = sint(op, fr, op.operand(k)), ub = sint(op, fr, op.operand(d + k)),
              st = sint(op, fr, op.operand(2 * d + k));
      if (st <= 0)
        fail(op, "scf.parallel step #" + std::to_string(k) + " must be positive, got " +
                     std::to_string(st));
      uint64_t n = ub > lb ? (static_cast<uint64_t>(ub) - static_cast<uint64_t>(lb) - 1) /
                                     static_cast<uint64_t>(st) +
                                 1
                           : 0;
      pr.lb.push_back(lb);
      pr.step.push_back(st);
      pr.trips.push_back(n);
      if (n && total > (uint64_t(1) << 62) / n)
        fail(op, "scf.parallel iteration space exceeds 2^62 iterations");
      total *= n;
    }
    std::vector<RtValue> acc = operandValues(op, fr, 3 * d);
    const Op& red = *body.terminator();
    if (parallels.empty()) ++segments;
    uint64_t activation = ++parallelActivations;
    uint64_t parent = parallels.empty() ? 0 : parallels.back()->thread;
    parallels.push_back(&pr);
    for (uint64_t it = 0; it < total; ++it) {
      pr.iter = it;
      pr.thread = ++threads;
      if (rec && rec->traceAccesses) rec->parallelThreads[pr.thread] = {activation, parent};
      std::vector<int64_t> iv = pr.indices(it);
      for (size_t k = 0; k < d; ++k)
        set(fr, body.args[k].get(), static_cast<Bits>(iv[k]));
      runBlock(body, fr);
      for (size_t i = 0; i < acc.size(); ++i) {
        const Block& rb = red.region(i).front();
        fr[rb.args[0]->slot] = acc[i];
        fr[rb.args[1]->slot] = fr[red.operand(i)->slot];
        const Op& rr = runBlock(rb, fr);
        acc[i] = fr[rr.operand(0)->slot];
      }
    }
    parallels.pop_back();
    recordLoop(op, total);
    for (size_t i = 0; i < acc.size(); ++i)
      fr[op.result(i)->slot] = acc[i];
  }

  void recordLoop(const Op& op, uint64_t trips) {
    if (!rec) return;
    ++rec->activations[op.id];
    if (trips) ++rec->nonEmpty[op.id];
    rec->iterations[op.id] += trips;
    if (ctxCounts) {
      ++ctxCounts->activations[op.id];
      if (trips) ++ctxCounts->nonEmpty[op.id];
      ctxCounts->iterations[op.id] += trips;
      if (rec->traceTrips) ctxCounts->trips[op.id].push_back(trips);
    }
    if (rec->traceTrips) rec->trips[op.id].push_back(trips);
  }

  void execWhile(const Op& op, Frame& fr) {
    std::vector<RtValue> args = operandValues(op, fr);
    const Block& before = op.region(0).front();
    const Block& after = op.region(1).front();
    uint64_t trips = 0;
    for (;;) {
      bindArgs(before, fr, args);
      auto saved = enterBefore(op, trips == 0);
      const Op& c = runBlock(before, fr);
      ctxCounts = saved.first;
      ctxName = saved.second;
      std::vector<RtValue> fwd = operandValues(c, fr, 1);
      if (!(bits(c, fr, c.operand(0)) & 1)) {
        for (size_t i = 0; i < fwd.size(); ++i)
          fr[op.result(i)->slot] = fwd[i];
        break;
      }
      ++trips;
      bindArgs(after, fr, fwd);
      const Op& y = runBlock(after, fr);
      args = operandValues(y, fr);
    }
    recordLoop(op, trips);
  }

  void execIf(const Op& op, Frame& fr) {
    bool c = bits(op, fr, op.operand(0)) & 1;
    if (rec) {
      ++rec->activations[op.id];
      ++(c ? rec->iterations : rec->elseCount)[op.id];
      if (ctxCounts) {
        ++ctxCounts->activations[op.id];
        ++(c ? ctxCounts->iterations : ctxCounts->elseCount)[op.id];
      }
    }
    const Region& r = op.region(c ? 0 : 1);
    if (r.empty()) return; // no else
    const Op& y = runBlock(r.front(), fr);
    for (size_t i = 0; i < op.results.size(); ++i)
      fr[op.result(i)->slot] = fr[y.operand(i)->slot];
  }

  // Bounds-checked element index of an access; `first` is the first index operand.
  int64_t element(const Op& op, const Frame& fr, const MemRefView& v, unsigned first) {
    int64_t idx[16];
    size_t rank = v.sizes.size();
    if (rank > 16) fail(op, "memrefs of rank above 16 are not supported");
    for (size_t d = 0; d < rank; ++d) {
      idx[d] = sint(op, fr, op.operand(first + d));
      if (idx[d] < 0 || idx[d] >= v.sizes[d]) {
        fail(op, "out-of-bounds access: index " + std::to_string(idx[d]) + " in dimension " +
                     std::to_string(d) + " of size " + std::to_string(v.sizes[d]) + " of '" +
                     op.operand(first - 1)->name + "'");
      }
    }
    int64_t e = linearIndex(v, idx);
    if (e < 0 || e >= static_cast<int64_t>(v.buf->data.size()))
      fail(op, "out-of-bounds access: element " + std::to_string(e) + " of a buffer of " +
                   std::to_string(v.buf->data.size()) + " elements (view of '" +
                   op.operand(first - 1)->name + "')");
    return e;
  }

  void execLoad(const Op& op, Frame& fr) {
    const MemRefView& v = view(fr, op, 0);
    int64_t e = element(op, fr, v, 1);
    set(fr, op.result(), v.buf->data[static_cast<size_t>(e)]);
    accessed(op, v, e, false);
  }

  void execStore(const Op& op, Frame& fr) {
    const MemRefView& v = view(fr, op, 1);
    if (v.buf->constant) fail(op, "store into a constant memref.global (" + v.buf->origin + ")");
    int64_t e = element(op, fr, v, 2);
    v.buf->data[static_cast<size_t>(e)] = bits(op, fr, op.operand(0));
    accessed(op, v, e, true);
  }

  void execCall(const Op& op, Frame& fr) {
    const Function* f = mod.lookup(op.callee);
    if (f->isDeclaration && !runtimePrintElemType(op.callee))
      return execCFunction(op, fr, cFunction(op));
    std::vector<RtValue> args = operandValues(op, fr);
    if (f->isDeclaration) return runtimeCall(op, args);
    std::vector<RtValue> res = callOrHook(op, *f, std::move(args));
    for (size_t i = 0; i < op.results.size(); ++i)
      fr[op.result(i)->slot] = res[i];
  }

  // A call the hook may take over (an accelerated one), else run here.
  std::vector<RtValue> callOrHook(const Op& site, const Function& f, std::vector<RtValue> args) {
    if (hook) {
      std::optional<Diag> err;
      auto res = hook(site, f, args, err);
      if (err) throw RuntimeError{*err};
      if (res) return std::move(*res);
    }
    return callFunction(f, std::move(args), &site);
  }

  // handshake.esi_instance: the handshake.func's network through the hook, or the
  // function it stands for; the start token is the call, the done token its end.
  void execEsiInstance(const Op& op, Frame& fr) {
    const NetworkFunction& n = *mod.network(op.callee);
    std::vector<RtValue> args;
    for (size_t i = 0; i < op.operands.size(); ++i)
      if (static_cast<int>(i) != n.startArg) args.push_back(get(fr, op.operand(i)));
    std::vector<RtValue> res = callOrHook(op, *mod.lookup(n.reference), std::move(args));
    size_t k = 0;
    for (size_t i = 0; i < op.results.size(); ++i)
      fr[op.result(i)->slot] = static_cast<int>(i) == n.doneResult ? RtValue{1, nullptr} : res[k++];
  }

  // scf.index_switch: the region of the case equal to the operand, else the default.
  void execIndexSwitch(const Op& op, Frame& fr) {
    int64_t v = sint(op, fr, op.operand(0));
    size_t r = 0;
    for (size_t i = 0; i < op.cases.size() && r == 0; ++i)
      if (op.cases[i] == v) r = i + 1;
    if (rec) ++rec->activations[op.id];
    const Op& y = runBlock(op.region(static_cast<unsigned>(r)).front(), fr);
    for (size_t i = 0; i < op.results.size(); ++i)
      fr[op.result(i)->slot] = fr[y.operand(i)->slot];
  }

  // The buffer of a memref.global, made with its initial value at its first use.
  std::shared_ptr<MemRefView> global(const Op& op) {
    auto& slot = globals[op.callee];
    if (slot) return slot;
    const Global& g = *mod.global(op.callee);
    try {
      slot = newBuffer(g.type, g.type.mem->shape, false, g.loc.str());
    } catch (RuntimeError& e) {
      fail(op, e.diag.message);
    }
    slot->buf->data = g.data;
    slot->buf->constant = g.constant;
    return slot;
  }

  // The C function a call names, resolved at its first run (the verifier has checked it
  // exists): a call in a loop does not parse its name again.
  const CFunction& cFunction(const Op& op) {
    auto it = cFunctions.find(&op);
    if (it == cFunctions.end()) it = cFunctions.emplace(&op, *findCFunction(op.callee)).first;
    return it->second;
  }

  // A pointer argument: a memref (LOOM passes those to intrinsics) or an address.
  uint64_t pointer(const Frame& fr, const Value* v) {
    const RtValue& r = get(fr, v);
    return r.mem ? addresses.addressOf(*r.mem) : r.bits;
  }

  // A C library function or intrinsic (eval/c_library.h), as C runs it.
  void execCFunction(const Op& op, Frame& fr, const CFunction& f) {
    std::vector<Bits> a;
    for (const Value* v : op.operands)
      a.push_back(bits(op, fr, v));
    auto result = [&](Bits b) {
      if (!op.results.empty()) set(fr, op.result(), b & widthMask(op.result()->type.width));
    };
    auto check = [&](std::optional<std::string> err) {
      if (err) fail(op, "'@" + f.name + "': " + *err);
    };
    std::string why;
    switch (f.kind) {
    case CFunctionKind::Pure: return result(evalCFunction(f, a));
    case CFunctionKind::NoEffect: return;
    case CFunctionKind::MemCopy:
      return check(addresses.copy(pointer(fr, op.operand(0)), pointer(fr, op.operand(1)), a[2]));
    case CFunctionKind::MemSet:
      return check(addresses.set(pointer(fr, op.operand(0)), static_cast<uint8_t>(a[1]), a[2]));
    case CFunctionKind::Puts: {
      std::optional<std::string> s = addresses.readString(a[0], why);
      if (!s) check(why);
      out << *s << '\n';
      return result(s->size() + 1);
    }
    case CFunctionKind::Printf: {
      std::optional<std::string> format = addresses.readString(a[0], why);
      if (!format) check("the format: " + why);
      std::vector<Type> types;
      for (size_t i = 1; i < op.operands.size(); ++i)
        types.push_back(op.operand(i)->type);
      check(checkPrintfFormat(*format, types));
      PrintfResult r =
          formatPrintf(*format, std::vector<Bits>(a.begin() + 1, a.end()), types,
                       [&](Bits p, std::string& w) { return addresses.readString(p, w); });
      check(r.error);
      out << r.text;
      return result(r.text.size());
    }
    }
  }

  void runtimeCall(const Op& op, const std::vector<RtValue>& args) {
    const MemRefView& v = *args[0].mem;
    if (v.buf->freed)
      fail(op, "use of memref after 'memref.dealloc' (allocated at " + v.buf->origin + ")");
    // A plausible, stable pointer: the runner prints the real one, which differs per run.
    uint64_t base = 0x10000000ull + v.buf->id * 0x1000ull;
    out << formatPrintMemref(v, base);
  }
  void execAlloc(const Op& op, Frame& fr) {
    const Type& t = op.result()->type;
    std::vector<int64_t> sizes;
    unsigned dyn = 0;
    for (int64_t s : t.mem->shape) {
      if (s != kDynamic) {
        sizes.push_back(s);
        continue;
      }
      int64_t v = sint(op, fr, op.operand(dyn++));
      if (v < 0) fail(op, "negative dynamic size " + std::to_string(v));
      sizes.push_back(v);
    }
    try {
      fr[op.result()->slot].mem = newBuffer(t, sizes, op.kind == OpKind::Alloca, op.loc.str());
    } catch (RuntimeError& e) {
      fail(op, e.diag.message);
    }
  }

  void execDealloc(const Op& op, Frame& fr) {
    const MemRefView& v = view(fr, op, 0);
    if (v.buf->stack) fail(op, "'memref.dealloc' of a memref.alloca buffer");
    v.buf->freed = true;
  }

  // Checks that the static parts of `t` agree with the run-time descriptor `v`.
  void checkAgainstType(const Op& op, const MemRefView& v, const Type& t) {
    if (!t.isMemRef()) return;
    const MemRefInfo& m = *t.mem;
    auto mismatch = [&](const std::string& what) {
      fail(op, "result type " + t.str() + " does not match the run-time " + what);
    };
    if (m.shape.size() != v.sizes.size()) mismatch("rank");
    for (size_t d = 0; d < m.shape.size(); ++d)
      if (m.shape[d] != kDynamic && m.shape[d] != v.sizes[d])
        mismatch("size " + std::to_string(v.sizes[d]) + " of dimension " + std::to_string(d));
    std::vector<int64_t> strides = layoutStrides(m);
    int64_t offset = layoutOffset(m);
    for (size_t d = 0; d < strides.size(); ++d)
      if (strides[d] != kDynamic && strides[d] != v.strides[d] && v.sizes[d] != 1)
        mismatch("stride " + std::to_string(v.strides[d]) + " of dimension " + std::to_string(d));
    if (offset != kDynamic && offset != v.offset) mismatch("offset " + std::to_string(v.offset));
  }

  void execCast(const Op& op, Frame& fr) {
    const MemRefView& v = view(fr, op, 0);
    checkAgainstType(op, v, op.result()->type);
    fr[op.result()->slot].mem = fr[op.operand(0)->slot].mem;
  }

  // Static-or-dynamic list: kDynamic entries take the next dynamic operand.
  std::vector<int64_t> mixed(const Op& op, const Frame& fr, const std::vector<int64_t>& stat,
                             unsigned& nextOperand) {
    std::vector<int64_t> v;
    for (int64_t s : stat)
      v.push_back(s == kDynamic ? sint(op, fr, op.operand(nextOperand++)) : s);
    return v;
  }

  void execSubview(const Op& op, Frame& fr) {
    const MemRefView& src = view(fr, op, 0);
    unsigned k = 1;
    auto offs = mixed(op, fr, op.staticOffsets, k);
    auto sizes = mixed(op, fr, op.staticSizes, k);
    auto strides = mixed(op, fr, op.staticStrides, k);
    auto v = std::make_shared<MemRefView>();
    v->buf = src.buf;
    v->offset = src.offset;
    std::vector<int64_t> fullSizes, fullStrides;
    for (size_t d = 0; d < src.sizes.size(); ++d) {
      if (offs[d] < 0 || sizes[d] < 0 || strides[d] < 0 ||
          (sizes[d] > 0 && offs[d] + (sizes[d] - 1) * strides[d] >= src.sizes[d]))
        fail(op, "subview out of bounds in dimension " + std::to_string(d) + ": offset " +
                     std::to_string(offs[d]) + ", size " + std::to_string(sizes[d]) + ", stride " +
                     std::to_string(strides[d]) + " in a dimension of size " +
                     std::to_string(src.sizes[d]));
      v->offset += offs[d] * src.strides[d];
      fullSizes.push_back(sizes[d]);
      fullStrides.push_back(strides[d] * src.strides[d]);
    }
    dropUnitDims(op, fullSizes, fullStrides, op.result()->type, *v);
    checkAgainstType(op, *v, op.result()->type);
    fr[op.result()->slot].mem = std::move(v);
  }

  // Rank-reducing subview: the dimensions subviewKeptDims() keeps. A dynamic size that
  // happens to be 1 at run time is kept (MLIR decides from the op's static sizes).
  void dropUnitDims(const Op& op, const std::vector<int64_t>& sizes,
                    const std::vector<int64_t>& strides, const Type& t, MemRefView& v) {
    auto kept = subviewKeptDims(sizes, op.staticSizes, t.mem->shape);
    if (!kept) fail(op, "cannot match the subview to its result rank");
    for (size_t d : *kept) {
      v.sizes.push_back(sizes[d]);
      v.strides.push_back(strides[d]);
    }
  }

  void execReinterpret(const Op& op, Frame& fr) {
    const MemRefView& src = view(fr, op, 0);
    unsigned k = 1;
    auto offs = mixed(op, fr, op.staticOffsets, k);
    auto v = std::make_shared<MemRefView>();
    v->buf = src.buf;
    v->offset = offs[0];
    v->sizes = mixed(op, fr, op.staticSizes, k);
    v->strides = mixed(op, fr, op.staticStrides, k);
    checkAgainstType(op, *v, op.result()->type);
    fr[op.result()->slot].mem = std::move(v);
  }

  void execCollapse(const Op& op, Frame& fr) {
    const MemRefView& src = view(fr, op, 0);
    auto v = std::make_shared<MemRefView>();
    v->buf = src.buf;
    v->offset = src.offset;
    for (const auto& group : op.reassociation) {
      int64_t size = 1;
      for (size_t i = 0; i < group.size(); ++i) {
        size_t d = static_cast<size_t>(group[i]);
        size *= src.sizes[d];
        // Contiguity: each dimension must step over exactly the next one's extent.
        if (i + 1 < group.size()) {
          size_t n = static_cast<size_t>(group[i + 1]);
          if (src.sizes[n] != 1 && src.sizes[d] != 1 &&
              src.strides[d] != src.strides[n] * src.sizes[n])
            fail(op, "memref.collapse_shape of non-contiguous dimensions " + std::to_string(d) +
                         " and " + std::to_string(n));
        }
      }
      v->sizes.push_back(size);
      v->strides.push_back(group.empty() ? 1 : src.strides[static_cast<size_t>(group.back())]);
    }
    checkAgainstType(op, *v, op.result()->type);
    fr[op.result()->slot].mem = std::move(v);
  }

  void execExpand(const Op& op, Frame& fr) {
    const MemRefView& src = view(fr, op, 0);
    const auto& shape = op.result()->type.mem->shape;
    auto v = std::make_shared<MemRefView>();
    v->buf = src.buf;
    v->offset = src.offset;
    v->sizes.assign(shape.size(), 0);
    v->strides.assign(shape.size(), 0);
    for (size_t g = 0; g < op.reassociation.size(); ++g) {
      const auto& group = op.reassociation[g];
      int64_t known = 1;
      int dynDim = -1;
      for (int64_t d : group) {
        if (shape[d] == kDynamic) {
          if (dynDim >= 0) fail(op, "memref.expand_shape with two dynamic sizes in one group");
          dynDim = static_cast<int>(d);
        } else {
          known *= shape[d];
        }
      }
      int64_t total = src.sizes[g];
      if (dynDim >= 0) {
        if (known == 0 || total % known != 0)
          fail(op, "memref.expand_shape: size " + std::to_string(total) + " is not divisible by " +
                       std::to_string(known));
      } else if (known != total) {
        fail(op, "memref.expand_shape: group " + std::to_string(g) + " expands " +
                     std::to_string(total) + " elements into " + std::to_string(known));
      }
      int64_t stride = src.strides[g];
      for (size_t i = group.size(); i-- > 0;) {
        size_t d = static_cast<size_t>(group[i]);
        v->sizes[d] = static_cast<int>(d) == dynDim ? total / known : shape[d];
        v->strides[d] = stride;
        stride *= v->sizes[d];
      }
    }
    checkAgainstType(op, *v, op.result()->type);
    fr[op.result()->slot].mem = std::move(v);
  }

  void execDim(const Op& op, Frame& fr) {
    const MemRefView& v = view(fr, op, 0);
    int64_t i = sint(op, fr, op.operand(1));
    if (i < 0 || i >= static_cast<int64_t>(v.sizes.size()))
      fail(op, "memref.dim index " + std::to_string(i) + " out of range for rank " +
                   std::to_string(v.sizes.size()));
    set(fr, op.result(), static_cast<Bits>(v.sizes[static_cast<size_t>(i)]));
  }
};

Interpreter::Interpreter(const Module& m, std::ostream& out)
    : impl_(std::make_unique<Impl>(m, out)) {}
Interpreter::~Interpreter() = default;

void Interpreter::setCallHook(CallHook hook) {
  impl_->hook = std::move(hook);
}
void Interpreter::setStepLimit(uint64_t steps) {
  impl_->stepLimit = steps;
}
const std::vector<Race>& Interpreter::races() const {
  return impl_->races;
}

std::vector<Race> Interpreter::takeRaces(size_t from) {
  std::vector<Race>& all = impl_->races;
  std::vector<Race> taken(std::make_move_iterator(all.begin() + static_cast<long>(from)),
                          std::make_move_iterator(all.end()));
  all.resize(from);
  return taken;
}

uint64_t Interpreter::steps() const {
  return impl_->steps;
}

std::shared_ptr<MemRefView> Interpreter::allocate(const Type& t,
                                                  const std::vector<int64_t>& sizes) {
  try {
    return impl_->newBuffer(t, sizes, false, "<host>");
  } catch (RuntimeError&) {
    return nullptr;
  }
}

CallResult Interpreter::call(const Function& f, std::vector<RtValue> args, ExecutionRecord* rec) {
  CallResult r;
  ExecutionRecord* saved = impl_->rec;
  RegionCounts* savedCtx = impl_->ctxCounts;
  const std::string* savedName = impl_->ctxName;
  impl_->ctxCounts = nullptr;
  impl_->ctxName = nullptr;
  if (rec) {
    rec->reset(impl_->mod.numOps);
    impl_->rec = rec;
    impl_->ctxCache.clear(); // it points into the record's byContext
  }
  // A call from inside a run (a golden run from a call hook) starts where the run is; an
  // error unwinds to here and leaves the counts where they were.
  Impl& I = *impl_;
  auto counts = std::make_tuple(I.calls, I.blocks, I.frameValues, I.callSite);
  size_t parallels = I.parallels.size(); // an error leaves the loops it ran through
  runOnLargeStack([&] {
    try {
      r.results = I.callFunction(f, std::move(args), nullptr);
    } catch (RuntimeError& e) {
      r.error = e.diag;
      std::tie(I.calls, I.blocks, I.frameValues, I.callSite) = counts;
      I.parallels.resize(parallels);
    }
  });
  if (rec) impl_->ctxCache.clear(); // the caller's record, if any, is looked up afresh
  impl_->rec = saved;
  impl_->ctxCounts = savedCtx;
  impl_->ctxName = savedName;
  return r;
}

} // namespace loom
