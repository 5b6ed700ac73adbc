#include "dfg/loom/dialects.h"

#include "dfg/loom/host_code.h"
#include "dfg/loom/syntax.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionImplementation.h"

namespace loom::dfg::loomform {

// ---- handshake.func ----------------------------------------------------------------------
// CIRCT's FuncOp (HandshakeOps.td, FuncOp::parse/print in HandshakeOps.cpp): an optional
// visibility, @name, a function signature whose argument list may end in `...`, an
// optional `attributes {...}` (argNames, resNames), then the body.

mlir::ParseResult FuncOp::parse(mlir::OpAsmParser& parser, mlir::OperationState& result) {
  mlir::Builder& b = parser.getBuilder();
  mlir::StringAttr name;
  llvm::SmallVector<mlir::OpAsmParser::Argument> args;
  llvm::SmallVector<mlir::Type> resultTypes;
  llvm::SmallVector<mlir::DictionaryAttr> resultAttrs;
  bool variadic = false;
  (void)mlir::impl::parseOptionalVisibilityKeyword(parser, result.attributes);
  if (parser.parseSymbolName(name, kSymName, result.attributes) ||
      mlir::function_interface_impl::parseFunctionSignatureWithArguments(
          parser, /*allowVariadic=*/true, args, variadic, resultTypes, resultAttrs))
    return mlir::failure();
  llvm::SmallVector<mlir::Type> argTypes;
  llvm::SmallVector<mlir::Attribute> argAttrs;
  bool anyArgAttrs = false;
  for (const mlir::OpAsmParser::Argument& a : args) {
    argTypes.push_back(a.type);
    argAttrs.push_back(a.attrs ? a.attrs : b.getDictionaryAttr({}));
    anyArgAttrs |= a.attrs && !a.attrs.empty();
  }
  result.addAttribute(kFunctionType, mlir::TypeAttr::get(b.getFunctionType(argTypes, resultTypes)));
  if (anyArgAttrs) result.addAttribute(kArgAttrs, b.getArrayAttr(argAttrs));
  for (mlir::DictionaryAttr d : resultAttrs)
    if (d && !d.empty())
      return parser.emitError(parser.getNameLoc(),
                              "result attributes of 'handshake.func' are not supported");
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes)) return mlir::failure();
  mlir::Region* body = result.addRegion();
  mlir::OptionalParseResult parsed = parser.parseOptionalRegion(*body, args);
  return parsed.has_value() ? *parsed : mlir::success();
}

void FuncOp::print(mlir::OpAsmPrinter& p) {
  mlir::Operation* op = getOperation();
  p << ' ';
  if (auto vis = op->getAttrOfType<mlir::StringAttr>(kVisibility)) p << vis.getValue() << ' ';
  p.printSymbolName(op->getAttrOfType<mlir::StringAttr>(kSymName).getValue());
  auto type =
      llvm::cast<mlir::FunctionType>(op->getAttrOfType<mlir::TypeAttr>(kFunctionType).getValue());
  auto argAttrs = op->getAttrOfType<mlir::ArrayAttr>(kArgAttrs);
  mlir::Block& entry = op->getRegion(0).front();
  p << '(';
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    llvm::ArrayRef<mlir::NamedAttribute> attrs;
    if (argAttrs) attrs = llvm::cast<mlir::DictionaryAttr>(argAttrs[i]).getValue();
    p.printRegionArgument(entry.getArgument(i), attrs);
    p << ", ";
  }
  p << "...) -> ";
  if (type.getNumResults() == 1) {
    p << type.getResult(0);
  } else {
    p << '(';
    llvm::interleaveComma(type.getResults(), p);
    p << ')';
  }
  p.printOptionalAttrDictWithKeyword(op->getAttrs(),
                                     {kSymName, kFunctionType, kArgAttrs, kResAttrs, kVisibility});
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

void FuncOp::getAsmBlockArgumentNames(mlir::Region& region, mlir::OpAsmSetValueNameFn setName) {
  auto names = getOperation()->getAttrOfType<mlir::ArrayAttr>(kArgNames);
  if (!names || region.empty()) return;
  mlir::Block& entry = region.front();
  for (unsigned i = 0; i < entry.getNumArguments() && i < names.size(); ++i)
    if (auto s = llvm::dyn_cast<mlir::StringAttr>(names[i])) setName(entry.getArgument(i), s);
}

// ---- the dialects ------------------------------------------------------------------------

namespace {

std::optional<mlir::Dialect::ParseOpHook> hookFor(llvm::StringRef opName) {
  if (const OpSyntax* s = syntaxOf(opName)) return mlir::Dialect::ParseOpHook(parserOf(s->syntax));
  if (const ParseFn* host = hostOpParser(opName)) return mlir::Dialect::ParseOpHook(*host);
  return mlir::Dialect::ParseOpHook(unknownOpParser());
}

llvm::unique_function<void(mlir::Operation*, mlir::OpAsmPrinter&)> printerFor(mlir::Operation* op) {
  const OpSyntax* s = syntaxOf(op->getName().getStringRef());
  if (!s) return {}; // the generic form
  Syntax syntax = s->syntax;
  return [syntax](mlir::Operation* o, mlir::OpAsmPrinter& p) { printOp(syntax, o, p); };
}

} // namespace

HandshakeDialect::HandshakeDialect(mlir::MLIRContext* ctx)
    : mlir::Dialect(getDialectNamespace(), ctx, mlir::TypeID::get<HandshakeDialect>()) {
  addOperations<FuncOp>();
  allowUnknownOperations();
}

std::optional<mlir::Dialect::ParseOpHook>
HandshakeDialect::getParseOperationHook(llvm::StringRef opName) const {
  return hookFor(opName);
}

llvm::unique_function<void(mlir::Operation*, mlir::OpAsmPrinter&)>
HandshakeDialect::getOperationPrinter(mlir::Operation* op) const {
  return printerFor(op);
}

DataflowDialect::DataflowDialect(mlir::MLIRContext* ctx)
    : mlir::Dialect(getDialectNamespace(), ctx, mlir::TypeID::get<DataflowDialect>()) {
  allowUnknownOperations();
}

std::optional<mlir::Dialect::ParseOpHook>
DataflowDialect::getParseOperationHook(llvm::StringRef opName) const {
  return hookFor(opName);
}

llvm::unique_function<void(mlir::Operation*, mlir::OpAsmPrinter&)>
DataflowDialect::getOperationPrinter(mlir::Operation* op) const {
  return printerFor(op);
}

// The host code of a whole module is in MLIR's own dialects (its CPU version, main, the
// LLVM declarations and debug information) and in CIRCT's (host_code.h). Only the
// handshake.funcs' dialects are loaded up front; MLIR's parser loads the others when the
// text first names them, so a file with just a handshake.func pays nothing for them.
std::unique_ptr<mlir::MLIRContext> makeLoomContext() {
  mlir::DialectRegistry reg;
  reg.insert<HandshakeDialect, DataflowDialect, mlir::arith::ArithDialect, mlir::math::MathDialect,
             mlir::ub::UBDialect>();
  reg.insert<EsiDialect, SeqDialect, mlir::LLVM::LLVMDialect, mlir::DLTIDialect,
             mlir::memref::MemRefDialect, mlir::func::FuncDialect, mlir::scf::SCFDialect,
             mlir::cf::ControlFlowDialect, mlir::index::IndexDialect, mlir::affine::AffineDialect,
             mlir::vector::VectorDialect>();
  auto ctx = std::make_unique<mlir::MLIRContext>(reg, mlir::MLIRContext::Threading::DISABLED);
  ctx->allowUnregisteredDialects();
  for (llvm::StringRef d : {"handshake", "dataflow", "arith", "math", "ub"})
    ctx->getOrLoadDialect(d);
  return ctx;
}

} // namespace loom::dfg::loomform
