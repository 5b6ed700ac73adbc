// Every row of ops/op_kinds.def holds: its names resolve to it, and each compute op, with
// operand and result types chosen from its row alone, is accepted by MLIR 22's own parser
// and verifier (the generic form: MLIR checks the types the row claims), by loom-sim's
// verifier, printed in its row's form and read back by MLIR as the same op, accepted by
// the DFG's signature check, elaborated into a compute unit with the row's arity and
// latency, evaluated without a crash, and built by the RTL module the row names. A row
// that lies about any of these fails here, named.
//
// Built into test_models (tests/models/CMakeLists.txt).

#include "dfg/signature.h"
#include "frontend/parse.h"
#include "ir/printer.h"
#include "models/compute.h"
#include "models/timing.h"
#include "ops/op_kind.h"
#include "verify/verifier.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

namespace loom {
namespace {

std::vector<OpKind> allKinds() {
  std::vector<OpKind> v;
#define LOOM_OP(Kind, Name, Group) v.push_back(OpKind::Kind);
#include "ops/op_kinds.def"
  return v;
}

// Types of one instance of a compute op, from its row alone.
struct Instance {
  std::vector<Type> operands;
  Type result;
};

Type pick(TypeClass c, WidthRule w, bool result) {
  switch (c) {
  case TypeClass::Float:
    if (result && w == WidthRule::Wider) return Type::f64();
    if (result && w == WidthRule::Narrower) return Type{TypeKind::F16, 16, nullptr};
    return Type::f32();
  case TypeClass::Integer:
    if (result && w == WidthRule::Wider) return Type::integer(64);
    if (result && w == WidthRule::Narrower) return Type::integer(16);
    return Type::integer(32);
  case TypeClass::IntLike:
    return result && w == WidthRule::IndexSide ? Type::index() : Type::integer(32);
  case TypeClass::Scalar:
    return result && w == WidthRule::SameBits ? Type::f32() : Type::integer(32);
  case TypeClass::I1: return Type::i1();
  case TypeClass::Same: break;
  }
  return Type::integer(32);
}

Instance instanceOf(const ComputeSpec& s) {
  Instance in;
  Type operand = pick(s.operand, s.width, false);
  for (unsigned i = 0; i < s.arity; ++i)
    in.operands.push_back(operand);
  if (s.operands == OperandRule::CondThenSame) in.operands[0] = Type::i1();
  if (s.operands == OperandRule::ExponentI32) in.operands[1] = Type::integer(32);
  in.result = s.result == TypeClass::Same ? operand : pick(s.result, s.width, true);
  return in;
}

// The op in MLIR's generic form, which no custom syntax of ours shapes.
std::string genericProgram(OpKind k, const Instance& in) {
  std::ostringstream s;
  s << "func.func @f(";
  for (size_t i = 0; i < in.operands.size(); ++i)
    s << (i ? ", " : "") << "%a" << i << ": " << in.operands[i].str();
  s << ") -> " << in.result.str() << " {\n  %r = \"" << opName(k) << "\"(";
  for (size_t i = 0; i < in.operands.size(); ++i)
    s << (i ? ", " : "") << "%a" << i;
  s << ")";
  if (k == OpKind::CmpI || k == OpKind::CmpF) s << " {predicate = 1 : i64}";
  s << " : (";
  for (size_t i = 0; i < in.operands.size(); ++i)
    s << (i ? ", " : "") << in.operands[i].str();
  s << ") -> " << in.result.str() << "\n  func.return %r : " << in.result.str() << "\n}\n";
  return s.str();
}

const Op* onlyCompute(const Module& m) {
  const Op* found = nullptr;
  walk(m.functions.front()->body, [&](Op* op) {
    if (isComputeOp(op->kind)) found = op;
  });
  return found;
}

std::string libraryText() {
  std::ifstream in(LOOM_SOURCE_DIR "/rtl/sv/loom_compute.sv");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST_CASE("op kinds: every name and alias resolves to its row", "[ops]") {
  std::set<std::string_view> names;
  for (OpKind k : allKinds()) {
    INFO(opName(k));
    CHECK(names.insert(opName(k)).second);
    OpKind back = OpKind::Func;
    REQUIRE(lookupOpKind(opName(k), back));
    CHECK(back == k);
    CHECK((computeSpec(k) != nullptr) == (opGroup(k) == OpGroup::Compute));
  }
  // The spellings of older MLIR that programs still use.
  std::pair<const char*, OpKind> aliases[] = {{"func", OpKind::Func},
                                              {"std.return", OpKind::FuncReturn},
                                              {"arith.maxf", OpKind::MaxF},
                                              {"select", OpKind::Select}};
  for (auto& [alias, kind] : aliases) {
    OpKind got = OpKind::Func;
    REQUIRE(lookupOpKind(alias, got));
    CHECK(got == kind);
  }
  OpKind none;
  CHECK_FALSE(lookupOpKind("arith.frobnicate", none));
  // Host code comes last: what the printer refuses and lowering keeps on the host.
  CHECK(isHostCode(OpKind::GetGlobal));
  CHECK_FALSE(isHostCode(OpKind::CfAssert));
}

TEST_CASE("op kinds: every compute row holds, from MLIR's parser to the RTL", "[ops]") {
  static const std::string library = libraryText();
  REQUIRE(!library.empty());
  models::TimingConfig timing;
  for (OpKind k : allKinds()) {
    const ComputeSpec* spec = computeSpec(k);
    if (!spec) continue;
    std::string name(opName(k));
    INFO(name);
    REQUIRE(spec->arity >= 1);
    REQUIRE(spec->arity <= models::Compute::kMaxOperands);
    REQUIRE(spec->typeOperand < spec->arity);
    Instance in = instanceOf(*spec);

    // MLIR's verifier takes the row's types; so does loom-sim's.
    ParseResult parsed = parseModule(genericProgram(k, in), "row.mlir");
    INFO((parsed.error ? parsed.error->str() : ""));
    REQUIRE(parsed.module);
    auto err = verifyModule(*parsed.module);
    INFO((err ? err->str() : ""));
    REQUIRE(!err);
    const Op* op = onlyCompute(*parsed.module);
    REQUIRE(op);
    CHECK(op->kind == k);

    // Printed in the row's form, MLIR reads the same op back.
    std::string printed = printModule(*parsed.module);
    INFO(printed);
    ParseResult again = parseModule(printed, "printed.mlir");
    INFO((again.error ? again.error->str() : ""));
    REQUIRE(again.module);
    const Op* reread = onlyCompute(*again.module);
    REQUIRE(reread);
    CHECK(reread->kind == k);
    CHECK(reread->result()->type == in.result);

    // The DFG's signature check takes it; so do elaboration's compute unit and evalArith.
    dfg::Node n;
    n.kind = ops::NodeKind::Compute;
    n.arith = k;
    n.name = name;
    n.inTypes = in.operands;
    n.outTypes = {in.result};
    n.outRoles = {dfg::Role::Data};
    n.outRates = {dfg::Rate{}};
    auto sig = dfg::checkSignature(n);
    INFO((sig ? *sig : ""));
    CHECK(!sig);
    CHECK(n.operandType() == in.operands[spec->typeOperand]);
    auto cls = models::latencyClassOf(k);
    REQUIRE(cls);
    CHECK(*cls == spec->latency);
    models::Compute unit(name, k, ArithAttrs{}, n.operandType(), in.result,
                         models::latencyOf(timing, *cls));
    CHECK(unit.numInputs() == spec->arity);
    Bits operands[3] = {1, 1, 1}, result = 0;
    evalArith(k, ArithAttrs{}, n.operandType(), in.result, operands, result);

    // The RTL library's compute module implements exactly the rows that say so: each by
    // its own case, except the integer casts, which its width logic makes of any op.
    std::string shortName = name.substr(name.find('.') + 1);
    bool ownCase = library.find("OP == \"" + shortName + "\"") != std::string::npos;
    if (ownCase) CHECK(spec->rtl == RtlCompute::Library);
    if (spec->rtl == RtlCompute::Library && spec->category != ComputeCategory::Cast) CHECK(ownCase);
  }
}

} // namespace
} // namespace loom
