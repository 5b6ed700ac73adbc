// The host ops of a whole LOOM module (host_code.h). Each syntax is that of its op's
// definition in CIRCT (ESI.td's WrapValidReadyOp and UnwrapValidReadyOp, Seq's
// ConstClockOp, Handshake's ESIInstanceOp), read, not copied.

#include "dfg/loom/host_code.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"

#include <map>

namespace loom::dfg::loomform {

namespace {

using mlir::failure;
using mlir::OpAsmParser;
using mlir::OperationState;
using mlir::ParseResult;
using mlir::success;
using Operand = OpAsmParser::UnresolvedOperand;

std::string printed(mlir::Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

mlir::Type opaque(mlir::MLIRContext* ctx, llvm::StringRef ns, llvm::StringRef data) {
  return mlir::OpaqueType::get(mlir::StringAttr::get(ctx, ns), data);
}

// esi.wrap.vr %x, %valid attrs : T -> (!esi.channel<T>, i1)
ParseResult parseWrapVR(OpAsmParser& p, OperationState& st) {
  Operand data, valid;
  mlir::Type t;
  if (p.parseOperand(data) || p.parseComma() || p.parseOperand(valid) ||
      p.parseOptionalAttrDict(st.attributes) || p.parseColonType(t))
    return failure();
  mlir::Type i1 = p.getBuilder().getI1Type();
  st.addTypes({channelType(t), i1});
  return failure(p.resolveOperand(data, t, st.operands) ||
                 p.resolveOperand(valid, i1, st.operands));
}

// esi.unwrap.vr %ch, %ready attrs : T -> (T, i1)
ParseResult parseUnwrapVR(OpAsmParser& p, OperationState& st) {
  Operand chan, ready;
  mlir::Type t;
  if (p.parseOperand(chan) || p.parseComma() || p.parseOperand(ready) ||
      p.parseOptionalAttrDict(st.attributes) || p.parseColonType(t))
    return failure();
  mlir::Type i1 = p.getBuilder().getI1Type();
  st.addTypes({t, i1});
  return failure(p.resolveOperand(chan, channelType(t), st.operands) ||
                 p.resolveOperand(ready, i1, st.operands));
}

// seq.const_clock low|high attrs -> !seq.clock
ParseResult parseConstClock(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at = p.getCurrentLocation();
  llvm::StringRef level;
  if (failed(p.parseOptionalKeyword(&level, {"low", "high"})))
    return p.emitError(at, "expected 'low' or 'high'");
  st.addAttribute("value", p.getBuilder().getStringAttr(level));
  if (p.parseOptionalAttrDict(st.attributes)) return failure();
  st.addTypes(clockType(st.getContext()));
  return success();
}

// handshake.esi_instance @f "name" clk %clk rst %rst(%args) attrs : (Ts) -> (Us)
ParseResult parseEsiInstance(OpAsmParser& p, OperationState& st) {
  mlir::FlatSymbolRefAttr module;
  mlir::StringAttr name;
  Operand clk, rst;
  llvm::SmallVector<Operand, 4> args;
  llvm::SMLoc argsAt;
  mlir::FunctionType ft;
  if (p.parseAttribute(module, kEsiModule, st.attributes) ||
      p.parseAttribute(name, kEsiInstName, st.attributes) || p.parseKeyword("clk") ||
      p.parseOperand(clk) || p.parseKeyword("rst") || p.parseOperand(rst))
    return failure();
  argsAt = p.getCurrentLocation();
  if (p.parseOperandList(args, OpAsmParser::Delimiter::Paren) ||
      p.parseOptionalAttrDict(st.attributes) || p.parseColonType(ft))
    return failure();
  st.addTypes(ft.getResults());
  return failure(p.resolveOperand(clk, clockType(st.getContext()), st.operands) ||
                 p.resolveOperand(rst, p.getBuilder().getI1Type(), st.operands) ||
                 p.resolveOperands(args, ft.getInputs(), argsAt, st.operands));
}

const std::map<std::string, ParseFn, std::less<>>& hostParsers() {
  static const std::map<std::string, ParseFn, std::less<>> m = {
      {"esi.wrap.vr", parseWrapVR},
      {"esi.unwrap.vr", parseUnwrapVR},
      {"seq.const_clock", parseConstClock},
      {kEsiInstance, parseEsiInstance},
  };
  return m;
}

const ParseFn kUnknownHost = parseUnknownHostOp;

std::optional<mlir::Dialect::ParseOpHook> hostHookFor(llvm::StringRef opName) {
  if (const ParseFn* f = hostOpParser(opName)) return mlir::Dialect::ParseOpHook(*f);
  return mlir::Dialect::ParseOpHook(kUnknownHost);
}

// `!ns.kind` where only `kind` is read: an error naming what is.
mlir::Type unknownType(mlir::DialectAsmParser& parser, llvm::SMLoc at, llvm::StringRef ns,
                       llvm::StringRef kind, const char* known) {
  parser.emitError(at, "unknown type '!" + ns.str() + "." + kind.str() + "' (loom-sim reads " +
                           known + ")");
  return {};
}

} // namespace

mlir::Type channelType(mlir::Type inner) {
  return opaque(inner.getContext(), "esi", "channel<" + printed(inner) + ">");
}

mlir::Type clockType(mlir::MLIRContext* ctx) {
  return opaque(ctx, "seq", "clock");
}

const ParseFn* hostOpParser(llvm::StringRef opName) {
  auto it = hostParsers().find(opName);
  return it == hostParsers().end() ? nullptr : &it->second;
}

ParseResult parseUnknownHostOp(OpAsmParser& p, OperationState& st) {
  std::string known;
  llvm::StringRef ns = st.name.getDialectNamespace();
  for (const auto& [name, parse] : hostParsers())
    if (llvm::StringRef(name).starts_with(ns.str() + "."))
      known += (known.empty() ? "" : ", ") + name;
  return p.emitError(p.getNameLoc(),
                     "is unknown (the " + ns.str() + " ops loom-sim reads: " + known + ")");
}

EsiDialect::EsiDialect(mlir::MLIRContext* ctx)
    : mlir::Dialect(getDialectNamespace(), ctx, mlir::TypeID::get<EsiDialect>()) {
  allowUnknownOperations();
}

std::optional<mlir::Dialect::ParseOpHook>
EsiDialect::getParseOperationHook(llvm::StringRef opName) const {
  return hostHookFor(opName);
}

// channel<T>, with CIRCT's optional signaling standard and data delay kept in the
// spelling: channel<T, FIFO>, channel<T, ValidReady, 1>.
mlir::Type EsiDialect::parseType(mlir::DialectAsmParser& parser) const {
  llvm::SMLoc at = parser.getCurrentLocation();
  llvm::StringRef kind;
  mlir::Type inner;
  if (parser.parseKeyword(&kind)) return {};
  if (kind != "channel") return unknownType(parser, at, "esi", kind, "!esi.channel<T>");
  if (parser.parseLess() || parser.parseType(inner)) return {};
  std::string spec = "channel<" + printed(inner);
  llvm::StringRef signaling;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword(&signaling)) return {};
    spec += ", " + signaling.str();
    uint64_t delay = 0;
    if (succeeded(parser.parseOptionalComma())) {
      if (parser.parseInteger(delay)) return {};
      spec += ", " + std::to_string(delay);
    }
  }
  if (parser.parseGreater()) return {};
  return opaque(getContext(), "esi", spec + ">");
}

SeqDialect::SeqDialect(mlir::MLIRContext* ctx)
    : mlir::Dialect(getDialectNamespace(), ctx, mlir::TypeID::get<SeqDialect>()) {
  allowUnknownOperations();
}

std::optional<mlir::Dialect::ParseOpHook>
SeqDialect::getParseOperationHook(llvm::StringRef opName) const {
  return hostHookFor(opName);
}

mlir::Type SeqDialect::parseType(mlir::DialectAsmParser& parser) const {
  llvm::SMLoc at = parser.getCurrentLocation();
  llvm::StringRef kind;
  if (parser.parseKeyword(&kind)) return {};
  if (kind != "clock") return unknownType(parser, at, "seq", kind, "!seq.clock");
  return clockType(getContext());
}

} // namespace loom::dfg::loomform
