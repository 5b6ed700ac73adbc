#include "dfg/signature.h"

#include "support/text.h"

namespace loom::dfg {

// ---- signature checks ----------------------------------------------------------------

namespace {

using TypePred = bool (*)(const Type&);
bool intLike(const Type& t) {
  return t.isIntLike();
}
bool scalar(const Type& t) {
  return t.isScalar();
}
bool i1(const Type& t) {
  return t.isI1();
}
bool i32(const Type& t) {
  return t.isInteger() && t.width == 32;
}
bool none(const Type& t) {
  return t.isNone();
}

// Collects the first violation; every check after it does nothing.
class Check {
public:
  explicit Check(const Node& n) : n_(n) {}
  std::optional<std::string> error;

  void inputs(size_t want) { count(true, want, false); }
  void outputs(size_t want) { count(false, want, false); }
  void minInputs(size_t want) { count(true, want, true); }
  void minOutputs(size_t want) { count(false, want, true); }

  // Port p (an input if `input`) satisfies `pred`, described as `what`.
  void is(bool input, size_t p, TypePred pred, const char* what) {
    if (error || p >= types(input).size()) return;
    const Type& t = types(input)[p];
    if (!pred(t)) fail(port(input, p) + " of " + op() + " must be " + what + ", got " + t.str());
  }
  // Port p's type is of class `cls`.
  void isClass(bool input, size_t p, TypeClass cls) {
    if (error || p >= types(input).size()) return;
    const Type& t = types(input)[p];
    if (!inClass(t, cls))
      fail(port(input, p) + " of " + op() + " must be " + typeClassText(cls) + ", got " + t.str());
  }
  // Port p has the type of port q.
  void same(bool input, size_t p, bool qInput, size_t q) {
    if (error || p >= types(input).size() || q >= types(qInput).size()) return;
    const Type& t = types(input)[p];
    const Type& u = types(qInput)[q];
    if (t != u)
      fail(port(input, p) + " of " + op() + " must have the type of " + port(qInput, q) + " (" +
           u.str() + "), got " + t.str());
  }
  // Every input from `first` on has the type of input `first`.
  void allInputsSame(size_t first) {
    for (size_t p = first + 1; p < n_.inTypes.size(); ++p)
      same(true, p, true, first);
  }
  // Result 0 is strictly wider (or narrower) than input 0.
  void widens(bool wider) {
    if (error || n_.inTypes.empty() || n_.outTypes.empty()) return;
    unsigned a = n_.inTypes[0].width, b = n_.outTypes[0].width;
    if (wider ? b <= a : b >= a)
      fail("result of " + op() + " must be " + (wider ? "wider" : "narrower") +
           " than its operand (" + n_.inTypes[0].str() + "), got " + n_.outTypes[0].str());
  }
  void sameWidth() {
    if (error || n_.inTypes.empty() || n_.outTypes.empty()) return;
    if (n_.inTypes[0].width != n_.outTypes[0].width)
      fail("result of " + op() + " must have the width of its operand (" + n_.inTypes[0].str() +
           "), got " + n_.outTypes[0].str());
  }
  void fail(std::string msg) {
    if (!error) error = std::move(msg);
  }
  std::string op() const { return "'" + n_.opName() + "'"; }

private:
  const std::vector<Type>& types(bool input) const { return input ? n_.inTypes : n_.outTypes; }
  std::string port(bool input, size_t p) const {
    return std::string(input ? "operand #" : "result #") + std::to_string(p) + " (" +
           n_.portName(input, static_cast<unsigned>(p)) + ")";
  }
  void count(bool input, size_t want, bool atLeast) {
    size_t got = types(input).size();
    if (error || (atLeast ? got >= want : got == want)) return;
    fail(op() + " must have " + (atLeast ? "at least " : "") +
         plural(want, input ? "operand" : "result") + ", got " + std::to_string(got));
  }

  const Node& n_;
};

constexpr bool kIn = true, kOut = false;

// A compute op's ports as its row of ops/op_kinds.def says: the arity, the class of the
// type operand, the other operands' rule, the result's class and, for casts, its width.
void checkCompute(const Node& n, Check& c) {
  const ComputeSpec* spec = computeSpec(n.arith);
  if (!spec) return c.fail(c.op() + " is not an arith op a compute node can hold");
  size_t t = spec->typeOperand;
  c.inputs(spec->arity);
  c.outputs(1);
  switch (spec->operands) {
  case OperandRule::Same:
    c.isClass(kIn, t, spec->operand);
    c.allInputsSame(t);
    break;
  case OperandRule::CondThenSame:
    c.is(kIn, 0, i1, "i1");
    c.isClass(kIn, t, spec->operand);
    c.allInputsSame(t);
    break;
  case OperandRule::ExponentI32:
    c.isClass(kIn, t, spec->operand);
    c.is(kIn, 1, i32, "i32");
    break;
  }
  if (spec->result == TypeClass::Same)
    c.same(kOut, 0, kIn, t);
  else
    c.isClass(kOut, 0, spec->result);
  switch (spec->width) {
  case WidthRule::Any: return;
  case WidthRule::Wider: return c.widens(true);
  case WidthRule::Narrower: return c.widens(false);
  case WidthRule::SameBits: return c.sameWidth();
  // Which side is index is MLIR's verifier's to say, in its own words: the readers run
  // it on every arith op (index -> index is "cast incompatible" there).
  case WidthRule::IndexSide: return;
  }
}

// What a port of a table row must be: checks one port against its rule.
void checkPort(const Node& n, Check& c, bool input, size_t p) {
  const ops::PortSpec* ps = nullptr;
  unsigned rep = 0;
  if (!ops::portSpec(ops::spec(n.kind), n.shape(), input, static_cast<unsigned>(p), ps, rep))
    return;
  switch (ps->type) {
  case ops::TypeRule::Any:
  case ops::TypeRule::Computed: return;
  case ops::TypeRule::None: return c.is(input, p, none, "none");
  case ops::TypeRule::I1: return c.is(input, p, i1, "i1");
  case ops::TypeRule::IntLike: return c.is(input, p, intLike, "an integer or index");
  case ops::TypeRule::Scalar: return c.is(input, p, scalar, "a scalar");
  case ops::TypeRule::SameAs: return c.same(input, p, kIn, ps->ref);
  case ops::TypeRule::SameAsMatching: return c.same(input, p, kIn, p);
  case ops::TypeRule::Element: {
    const auto& ts = input ? n.inTypes : n.outTypes;
    const Type& elem = n.memType.mem->elem;
    if (!c.error && p < ts.size() && ts[p] != elem)
      c.fail((input ? "operand #" : "result #") + std::to_string(p) + " (" +
             n.portName(input, static_cast<unsigned>(p)) + ") of " + c.op() +
             " must have the element type " + elem.str() + ", got " + ts[p].str());
    return;
  }
  }
}

// An op of the table's fixed rules: the port counts the row allows, then every port's
// type rule, inputs first.
void checkRow(const Node& n, Check& c) {
  const ops::OpSpec& row = ops::spec(n.kind);
  if (row.internal) return c.fail(c.op() + " is made by elaboration and cannot appear in a DFG");
  if (row.family == ops::Family::Memory && (!n.memType.isAnyMemRef() || !n.memType.mem))
    return c.fail(c.op() + " needs a memref mem_type, got " + n.memType.str());
  for (bool input : {kIn, kOut}) {
    ops::PortCount want = ops::expectedPorts(row, n.shape(), input);
    if (input)
      want.atLeast ? c.minInputs(want.count) : c.inputs(want.count);
    else
      want.atLeast ? c.minOutputs(want.count) : c.outputs(want.count);
  }
  for (bool input : {kIn, kOut})
    for (size_t p = 0; p < (input ? n.inTypes.size() : n.outTypes.size()); ++p)
      checkPort(n, c, input, p);
}

// Attributes with rules of their own.
void checkAttrs(const Node& n, Check& c) {
  if (n.kind != NodeKind::Buffer) return;
  if (n.bufferSlots < 1) c.fail(c.op() + " needs at least 1 slot");
  if (n.bufferInit.size() > n.bufferSlots)
    c.fail(c.op() + " has " + plural(n.bufferInit.size(), "initial value") + " for " +
           plural(n.bufferSlots, "slot"));
}

} // namespace

std::optional<std::string> checkSignature(const Node& n) {
  Check c(n);
  if (n.kind == NodeKind::Compute) {
    checkCompute(n, c);
  } else {
    checkRow(n, c);
    checkAttrs(n, c);
  }
  return c.error;
}

} // namespace loom::dfg
