// The custom assembly of LOOM's form (syntax.h). Each family's facts are those of its
// ops' definitions, read in llvm/circt include/circt/Dialect/Handshake/HandshakeOps.td
// with the custom parsers in lib/Dialect/Handshake/HandshakeOps.cpp, and in
// PolyArch/loom include/loom/Dialect/Dataflow/DataflowOps.td (its assemblyFormats).
//
// Port order: CIRCT's operand and result order is the op table's for every op
// (ops/op_table.cpp), so operands and results map onto ports one to one, in order:
//   load      operands [addr] data-from-memory, ctrl; results data, addr-to-memory
//             (HandshakeOps.td LoadOp: "address indices, data (from MemoryOp),
//             control-only input"; results "data (to successor), address indices");
//   store     operands [addr] data, ctrl; results data-to-memory, addr-to-memory;
//   memory,   operands: every store's (data, addr), then every load's addr; results:
//   extmemory every load's data, then every store's done, then every load's done
//             (MemoryOp's description, getLoadPorts/getStorePorts); extmemory's first
//             operand, the memref, is no port (the node's arg_index instead);
//   mux       select first, then the data operands (MuxOp: "select, data0, data1");
//   cond_br   cond, data; results true, false (ConditionalBranchOp trueIndex = 0);
//   control_merge results: the data, then the index of the input it came from;
//   constant  its one operand is the trigger (ctrl);
//   never     no operands, one result;
//   dataflow  stream (start, step, bound) -> (index, will_continue); gate (value, cond)
//             -> (value, cond); carry (d, a, b) -> o; invariant (d, a) -> o.
// Loads and stores in CIRCT take one address per memref dimension; loom-sim's memories
// take one (flattened) index, so more than one is refused here.

#include "dfg/loom/syntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "support/text.h"

#include <map>

namespace loom::dfg::loomform {

namespace {

using mlir::failure;
using mlir::OpAsmParser;
using mlir::OpAsmPrinter;
using mlir::OperationState;
using mlir::ParseResult;
using mlir::success;
using Operands = llvm::SmallVector<OpAsmParser::UnresolvedOperand, 4>;
using Types = llvm::SmallVector<mlir::Type, 4>;

const OpSyntax& rowOf(llvm::StringRef name) {
  return *syntaxOf(name);
}

const ops::OpSpec& specOf(const OperationState& st) {
  return ops::spec(rowOf(st.name.getStringRef()).kind);
}

// "(d, a, b)": the ports [first, first + n) of one side of the row.
std::string portList(const ops::OpSpec& s, const ops::Shape& shape, bool input, size_t first,
                     size_t n) {
  std::string out;
  for (size_t i = first; i < first + n; ++i)
    out += (out.empty() ? "(" : ", ") + ops::portName(s, shape, input, static_cast<unsigned>(i));
  return out.empty() ? out : out + ")";
}

// The operands (or results) written against what the row takes: "'dataflow.carry' takes
// 3 operands (d, a, b), found 2", at `at`. `skip` ports are written elsewhere (a load's
// address), `prefix` says what the count is for ("[ld = 1, st = 0] ").
ParseResult checkCount(OpAsmParser& p, llvm::SMLoc at, const OperationState& st, size_t found,
                       bool input, const ops::Shape& shape = {}, size_t skip = 0,
                       const std::string& prefix = "") {
  const ops::OpSpec& s = specOf(st);
  ops::PortCount want = ops::expectedPorts(s, shape, input);
  size_t n = want.count - skip;
  if (want.atLeast ? found >= n : found == n) return success();
  std::string what = input ? "operand" : "result";
  std::string msg = prefix + (input ? "takes " : "has ");
  if (want.atLeast)
    msg += "at least " + plural(n, what.c_str());
  else
    msg += plural(n, what.c_str()) + (n ? " " + portList(s, shape, input, skip, n) : "");
  return p.emitError(at, msg + ", found " + std::to_string(found));
}

ParseResult parseOperands(OpAsmParser& p, Operands& ops, llvm::SMLoc& at,
                          OpAsmParser::Delimiter d = OpAsmParser::Delimiter::None) {
  at = p.getCurrentLocation();
  return p.parseOperandList(ops, d);
}

// `%a, %b attrs`: the operands, as many as the row takes, then the attribute dictionary.
ParseResult parseOperandsAttrs(OpAsmParser& p, OperationState& st, Operands& ops, llvm::SMLoc& at) {
  return failure(parseOperands(p, ops, at) || checkCount(p, at, st, ops.size(), true) ||
                 p.parseOptionalAttrDict(st.attributes));
}

// `(T1, T2)` or `T1, T2`.
ParseResult parseTypes(OpAsmParser& p, Types& ts) {
  if (succeeded(p.parseOptionalLParen())) return failure(p.parseTypeList(ts) || p.parseRParen());
  return p.parseTypeList(ts);
}

mlir::IntegerAttr i32(OperationState& st, int64_t v) {
  mlir::Builder b(st.getContext());
  return b.getI32IntegerAttr(static_cast<int32_t>(v));
}

// ---- parse: one function per family -------------------------------------------------------

// fork, lazy_fork: [N] %x attrs : T
ParseResult parseSizedList(OpAsmParser& p, OperationState& st) {
  int64_t n = 0;
  llvm::SMLoc sizeAt = p.getCurrentLocation(), at;
  Operands ops;
  mlir::Type t;
  if (p.parseLSquare() || p.parseInteger(n) || p.parseRSquare()) return failure();
  unsigned least = specOf(st).minVariadic;
  if (n < least || n > 65535)
    return p.emitError(sizeAt, "needs from " + std::to_string(least) + " to 65535 outputs, got [" +
                                   std::to_string(n) + "]");
  if (parseOperandsAttrs(p, st, ops, at) || p.parseColonType(t)) return failure();
  st.addTypes(Types(static_cast<size_t>(n), t));
  return p.resolveOperands(ops, t, st.operands);
}

// merge, br, sink: %a, %b attrs : T
ParseResult parseSameTypeList(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at;
  Operands ops;
  mlir::Type t;
  if (parseOperandsAttrs(p, st, ops, at) || p.parseColonType(t)) return failure();
  if (!specOf(st).outputs.empty()) st.addTypes(t);
  return p.resolveOperands(ops, t, st.operands);
}

// control_merge: %a, %b attrs : T, I
ParseResult parseControlMerge(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at;
  Operands ops;
  mlir::Type t, index;
  if (parseOperandsAttrs(p, st, ops, at) || p.parseColonType(t) || p.parseComma() ||
      p.parseType(index))
    return failure();
  st.addTypes({t, index});
  return p.resolveOperands(ops, t, st.operands);
}

// mux: %select [%a, %b] attrs : S, T
ParseResult parseMux(OpAsmParser& p, OperationState& st) {
  OpAsmParser::UnresolvedOperand select;
  llvm::SMLoc at;
  Operands data;
  mlir::Type s, t;
  if (p.parseOperand(select) || parseOperands(p, data, at, OpAsmParser::Delimiter::Square) ||
      checkCount(p, at, st, data.size() + 1, true) || p.parseOptionalAttrDict(st.attributes) ||
      p.parseColonType(s) || p.parseComma() || p.parseType(t))
    return failure();
  st.addTypes(t);
  if (p.resolveOperand(select, s, st.operands)) return failure();
  return p.resolveOperands(data, t, st.operands);
}

// cond_br: %cond, %data attrs : T
ParseResult parseCondBr(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at;
  Operands ops;
  mlir::Type t;
  if (parseOperandsAttrs(p, st, ops, at) || p.parseColonType(t)) return failure();
  st.addTypes({t, t});
  return p.resolveOperands(ops, Types{p.getBuilder().getI1Type(), t}, at, st.operands);
}

// source: attrs (its result is a control token)
ParseResult parseSource(OpAsmParser& p, OperationState& st) {
  if (p.parseOptionalAttrDict(st.attributes)) return failure();
  st.addTypes(p.getBuilder().getNoneType());
  return success();
}

// constant: %ctrl {value = V} : T
ParseResult parseConstant(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at;
  Operands ops;
  mlir::Type t;
  if (parseOperandsAttrs(p, st, ops, at) || p.parseColonType(t)) return failure();
  st.addTypes(t);
  return p.resolveOperands(ops, p.getBuilder().getNoneType(), st.operands);
}

// join (-> none), sync (-> the same types): %a, %b attrs : T1, T2
ParseResult parseTypedList(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at;
  Operands ops;
  Types ts;
  if (parseOperandsAttrs(p, st, ops, at) || p.parseColonTypeList(ts)) return failure();
  if (rowOf(st.name.getStringRef()).kind == ops::NodeKind::Join)
    st.addTypes(p.getBuilder().getNoneType());
  else
    st.addTypes(ts);
  return p.resolveOperands(ops, ts, at, st.operands);
}

// buffer: [N] seq|fifo %x attrs : T
ParseResult parseBuffer(OpAsmParser& p, OperationState& st) {
  int64_t slots = 0;
  llvm::SMLoc slotsAt = p.getCurrentLocation(), kindAt, at;
  llvm::StringRef kind;
  Operands ops;
  mlir::Type t;
  if (p.parseLSquare() || p.parseInteger(slots) || p.parseRSquare()) return failure();
  if (slots < 1 || slots > INT32_MAX)
    return p.emitError(slotsAt, "needs at least 1 slot, got [" + std::to_string(slots) + "]");
  kindAt = p.getCurrentLocation();
  if (failed(p.parseOptionalKeyword(&kind)) || (kind != "seq" && kind != "fifo"))
    return p.emitError(kindAt, "expected 'seq' or 'fifo' after the slots");
  if (parseOperandsAttrs(p, st, ops, at) || p.parseColonType(t)) return failure();
  st.addAttribute(kSlots, i32(st, slots));
  st.addAttribute(kBufferType, p.getBuilder().getStringAttr(kind));
  st.addTypes(t);
  return p.resolveOperands(ops, t, st.operands);
}

// load, store: [%addr] %a, %ctrl attrs : A, T (load: a is the data from memory; store: the
// data to store); results T, A. One address: loom-sim's memories are flat.
ParseResult parseAccess(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc addrAt, at, typesAt;
  Operands addrs, ops;
  Types ts;
  if (parseOperands(p, addrs, addrAt, OpAsmParser::Delimiter::Square)) return failure();
  if (addrs.size() != 1)
    return p.emitError(addrAt, "takes one address ([%addr]), found " +
                                   std::to_string(addrs.size()) +
                                   ": loom-sim's memories take a flattened index");
  if (parseOperands(p, ops, at) ||
      checkCount(p, at, st, ops.size(), true, {}, 1, "[%addr] then ") ||
      p.parseOptionalAttrDict(st.attributes) || p.parseColon())
    return failure();
  typesAt = p.getCurrentLocation();
  if (p.parseTypeList(ts)) return failure();
  if (ts.size() != 2)
    return p.emitError(typesAt,
                       "needs 2 types (address, data), found " + std::to_string(ts.size()));
  mlir::Type a = ts[0], t = ts[1];
  st.addTypes({t, a});
  addrs.append(ops.begin(), ops.end());
  return p.resolveOperands(addrs, Types{a, t, p.getBuilder().getNoneType()}, addrAt, st.operands);
}

// [ld = N, st = M], with one message for any way it is written wrong.
ParseResult parseLdSt(OpAsmParser& p, int64_t& ld, int64_t& stores) {
  llvm::SMLoc at = p.getCurrentLocation();
  auto count = [&](const char* key, int64_t& v) {
    mlir::OptionalParseResult r;
    bool ok = succeeded(p.parseOptionalKeyword(key)) && succeeded(p.parseOptionalEqual()) &&
              (r = p.parseOptionalInteger(v)).has_value() && succeeded(*r);
    return ok && v >= 0 && v <= 65535;
  };
  if (succeeded(p.parseOptionalLSquare()) && count("ld", ld) && succeeded(p.parseOptionalComma()) &&
      count("st", stores) && succeeded(p.parseOptionalRSquare()))
    return success();
  return p.emitError(at, "expected '[ld = N, st = M]' (load and store port counts, 0 to 65535)");
}

// The memory's ports against [ld = N, st = M] and its functional type.
ParseResult resolveMemoryPorts(OpAsmParser& p, OperationState& st, int64_t ld, int64_t stores,
                               Operands& ins, llvm::SMLoc insAt, mlir::FunctionType ft,
                               llvm::SMLoc typeAt) {
  ops::Shape shape{0, 0, static_cast<unsigned>(stores), static_cast<unsigned>(ld)};
  std::string prefix = "[ld = " + std::to_string(ld) + ", st = " + std::to_string(stores) + "] ";
  if (checkCount(p, insAt, st, ins.size(), true, shape, 0, prefix) ||
      checkCount(p, typeAt, st, ft.getNumResults(), false, shape, 0, prefix))
    return failure();
  st.addAttribute(kLdCount, i32(st, ld));
  st.addAttribute(kStCount, i32(st, stores));
  st.addTypes(ft.getResults());
  return p.resolveOperands(ins, ft.getInputs(), insAt, st.operands);
}

// memory: [ld = N, st = M] (%in) attrs : memref<...>, (Ts) -> (Us)
ParseResult parseMemory(OpAsmParser& p, OperationState& st) {
  int64_t ld = 0, stores = 0;
  llvm::SMLoc insAt, memAt, typeAt;
  Operands ins;
  mlir::Type mem;
  mlir::FunctionType ft;
  if (parseLdSt(p, ld, stores) || parseOperands(p, ins, insAt, OpAsmParser::Delimiter::Paren) ||
      p.parseOptionalAttrDict(st.attributes) || p.parseColon())
    return failure();
  memAt = p.getCurrentLocation();
  if (p.parseType(mem)) return failure();
  if (!llvm::isa<mlir::MemRefType>(mem)) return p.emitError(memAt, "needs its memref type here");
  if (p.parseComma()) return failure();
  typeAt = p.getCurrentLocation();
  if (p.parseType(ft)) return failure();
  st.addAttribute(kMemRefType, mlir::TypeAttr::get(mem));
  return resolveMemoryPorts(p, st, ld, stores, ins, insAt, ft, typeAt);
}

// extmemory: [ld = N, st = M] (%m : memref<...>) (%in) attrs : (Ts) -> (Us)
ParseResult parseExtMemory(OpAsmParser& p, OperationState& st) {
  int64_t ld = 0, stores = 0;
  OpAsmParser::UnresolvedOperand memref;
  mlir::Type memType;
  llvm::SMLoc insAt, typeAt;
  Operands ins;
  mlir::FunctionType ft;
  if (parseLdSt(p, ld, stores) || p.parseLParen() || p.parseOperand(memref) ||
      p.parseColonType(memType) || p.parseRParen() ||
      parseOperands(p, ins, insAt, OpAsmParser::Delimiter::Paren) ||
      p.parseOptionalAttrDict(st.attributes) || p.parseColon())
    return failure();
  typeAt = p.getCurrentLocation();
  if (p.parseType(ft) || p.resolveOperand(memref, memType, st.operands)) return failure();
  return resolveMemoryPorts(p, st, ld, stores, ins, insAt, ft, typeAt);
}

// return: attrs %a, %b : T1, T2 (CIRCT writes the attribute dictionary first)
ParseResult parseReturn(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at;
  Operands ops;
  Types ts;
  if (p.parseOptionalAttrDict(st.attributes) || parseOperands(p, ops, at)) return failure();
  if (!ops.empty() && p.parseColonTypeList(ts)) return failure();
  return p.resolveOperands(ops, ts, at, st.operands);
}

// dataflow ops: %a, %b attrs : T1, T2 -> U1, U2 (each list possibly in parentheses). A
// stream may omit its types, as LOOM's older definition writes it (`$start, $step, $bound
// attr-dict`: its operands are index, its results index and i1).
ParseResult parseFunctional(OpAsmParser& p, OperationState& st) {
  llvm::SMLoc at, resultsAt;
  Operands ops;
  Types ins, outs;
  if (parseOperandsAttrs(p, st, ops, at)) return failure();
  bool stream = rowOf(st.name.getStringRef()).kind == ops::NodeKind::Stream;
  if (stream && failed(p.parseOptionalColon())) {
    mlir::Type index = p.getBuilder().getIndexType();
    st.addTypes({index, p.getBuilder().getI1Type()});
    return p.resolveOperands(ops, index, st.operands);
  }
  if ((!stream && p.parseColon()) || parseTypes(p, ins) || p.parseArrow()) return failure();
  resultsAt = p.getCurrentLocation();
  if (parseTypes(p, outs) || checkCount(p, resultsAt, st, outs.size(), false)) return failure();
  st.addTypes(outs);
  return p.resolveOperands(ops, ins, at, st.operands);
}

// never: attrs : T (its one result, which never carries a token)
ParseResult parseNever(OpAsmParser& p, OperationState& st) {
  mlir::Type t;
  if (p.parseOptionalAttrDict(st.attributes) || p.parseColonType(t)) return failure();
  st.addTypes(t);
  return success();
}

// An op of the dialect that no row reads: its nearest name, and where the ops it reads are
// listed (a list in the message would grow with every op).
ParseResult parseUnknown(OpAsmParser& p, OperationState& st) {
  llvm::StringRef ns = st.name.getDialectNamespace();
  std::vector<std::string> known;
  for (const OpSyntax& s : syntaxTable())
    if (llvm::StringRef(ops::kindName(s.kind)).starts_with(ns))
      known.push_back(llvm::StringRef(ops::kindName(s.kind)).split('.').second.str());
  std::string near = closest(st.name.getStringRef().split('.').second.str(), known);
  return p.emitError(p.getNameLoc(),
                     "is unknown" +
                         (near.empty() ? "" : "; did you mean '" + ns.str() + "." + near + "'?") +
                         " (docs/loom.md, \"What loom-sim reads\", lists the " + ns.str() +
                         " ops loom-sim reads)");
}

// ---- print ---------------------------------------------------------------------------------

// The attribute dictionary without what the syntax already wrote; a stream's step_op and
// cont_cond first, as LOOM declares them.
void printAttrs(OpAsmPrinter& p, mlir::Operation* op) {
  llvm::SmallVector<mlir::NamedAttribute, 4> attrs;
  for (const char* first : {kStepOp, kContCond})
    if (mlir::Attribute a = op->getAttr(first))
      attrs.push_back(mlir::NamedAttribute(mlir::StringAttr::get(op->getContext(), first), a));
  for (mlir::NamedAttribute a : op->getAttrs())
    if (a.getName() != kStepOp && a.getName() != kContCond) attrs.push_back(a);
  p.printOptionalAttrDict(attrs, {kSize, kSlots, kBufferType, kLdCount, kStCount, kMemRefType});
}

void printTypeList(OpAsmPrinter& p, mlir::TypeRange ts, bool parens) {
  if (parens) p << '(';
  llvm::interleaveComma(ts, p);
  if (parens) p << ')';
}

void printSizedList(mlir::Operation* op, OpAsmPrinter& p) {
  p << " [" << op->getNumResults() << "] " << op->getOperands();
  printAttrs(p, op);
  p << " : " << op->getOperand(0).getType();
}

void printSameTypeList(mlir::Operation* op, OpAsmPrinter& p) {
  p << ' ' << op->getOperands();
  printAttrs(p, op);
  p << " : " << op->getOperand(0).getType();
}

void printControlMerge(mlir::Operation* op, OpAsmPrinter& p) {
  printSameTypeList(op, p);
  p << ", " << op->getResult(1).getType();
}

void printMux(mlir::Operation* op, OpAsmPrinter& p) {
  p << ' ' << op->getOperand(0) << " [" << op->getOperands().drop_front() << ']';
  printAttrs(p, op);
  p << " : " << op->getOperand(0).getType() << ", " << op->getResult(0).getType();
}

void printCondBr(mlir::Operation* op, OpAsmPrinter& p) {
  p << ' ' << op->getOperands();
  printAttrs(p, op);
  p << " : " << op->getOperand(1).getType();
}

void printSource(mlir::Operation* op, OpAsmPrinter& p) {
  printAttrs(p, op);
}

void printConstant(mlir::Operation* op, OpAsmPrinter& p) {
  p << ' ' << op->getOperands();
  printAttrs(p, op);
  p << " : " << op->getResult(0).getType();
}

void printTypedList(mlir::Operation* op, OpAsmPrinter& p) {
  p << ' ' << op->getOperands();
  printAttrs(p, op);
  p << " : ";
  printTypeList(p, op->getOperandTypes(), false);
}

void printBuffer(mlir::Operation* op, OpAsmPrinter& p) {
  auto slots = op->getAttrOfType<mlir::IntegerAttr>(kSlots);
  auto kind = op->getAttrOfType<mlir::StringAttr>(kBufferType);
  p << " [" << (slots ? slots.getInt() : 1) << "] " << (kind ? kind.getValue() : "fifo") << ' '
    << op->getOperands();
  printAttrs(p, op);
  p << " : " << op->getResult(0).getType();
}

void printAccess(mlir::Operation* op, OpAsmPrinter& p) {
  p << " [" << op->getOperand(0) << "] " << op->getOperands().drop_front();
  printAttrs(p, op);
  p << " : " << op->getOperand(0).getType() << ", " << op->getOperand(1).getType();
}

void printLdSt(mlir::Operation* op, OpAsmPrinter& p) {
  auto count = [&](const char* name) {
    auto a = op->getAttrOfType<mlir::IntegerAttr>(name);
    return a ? a.getInt() : 0;
  };
  p << "[ld = " << count(kLdCount) << ", st = " << count(kStCount) << "] ";
}

void printFunctionType(mlir::Operation* op, OpAsmPrinter& p, mlir::OperandRange ins) {
  printTypeList(p, ins.getTypes(), true);
  p << " -> ";
  printTypeList(p, op->getResultTypes(), true);
}

void printMemory(mlir::Operation* op, OpAsmPrinter& p) {
  printLdSt(op, p);
  p << '(' << op->getOperands() << ')';
  printAttrs(p, op);
  p << " : ";
  if (auto t = op->getAttrOfType<mlir::TypeAttr>(kMemRefType)) p << t.getValue();
  p << ", ";
  printFunctionType(op, p, op->getOperands());
}

void printExtMemory(mlir::Operation* op, OpAsmPrinter& p) {
  printLdSt(op, p);
  p << '(' << op->getOperand(0) << " : " << op->getOperand(0).getType() << ") ("
    << op->getOperands().drop_front() << ')';
  printAttrs(p, op);
  p << " : ";
  printFunctionType(op, p, op->getOperands().drop_front());
}

void printReturn(mlir::Operation* op, OpAsmPrinter& p) {
  printAttrs(p, op);
  if (op->getNumOperands() == 0) return;
  p << ' ' << op->getOperands() << " : ";
  printTypeList(p, op->getOperandTypes(), false);
}

void printFunctional(mlir::Operation* op, OpAsmPrinter& p) {
  bool parens = rowOf(op->getName().getStringRef()).kind == ops::NodeKind::Stream;
  p << ' ' << op->getOperands();
  printAttrs(p, op);
  p << " : ";
  printTypeList(p, op->getOperandTypes(), parens);
  p << " -> ";
  printTypeList(p, op->getResultTypes(), parens);
}

void printNever(mlir::Operation* op, OpAsmPrinter& p) {
  printAttrs(p, op);
  p << " : " << op->getResult(0).getType();
}

struct Family {
  Syntax syntax;
  ParseFn parse;
  void (*print)(mlir::Operation*, OpAsmPrinter&);
};

// In Syntax order (checked by familyOf), one per family of ops::LoomSyntax.
const Family kFamilies[ops::kNumLoomSyntaxFamilies] = {
    {Syntax::SizedList, parseSizedList, printSizedList},
    {Syntax::SameTypeList, parseSameTypeList, printSameTypeList},
    {Syntax::ControlMerge, parseControlMerge, printControlMerge},
    {Syntax::Mux, parseMux, printMux},
    {Syntax::CondBr, parseCondBr, printCondBr},
    {Syntax::Source, parseSource, printSource},
    {Syntax::Constant, parseConstant, printConstant},
    {Syntax::TypedList, parseTypedList, printTypedList},
    {Syntax::Buffer, parseBuffer, printBuffer},
    {Syntax::Access, parseAccess, printAccess},
    {Syntax::Memory, parseMemory, printMemory},
    {Syntax::ExtMemory, parseExtMemory, printExtMemory},
    {Syntax::Return, parseReturn, printReturn},
    {Syntax::Functional, parseFunctional, printFunctional},
    {Syntax::Never, parseNever, printNever},
};

const Family& familyOf(Syntax s) {
  if (static_cast<int>(s) >= ops::kNumLoomSyntaxFamilies) std::abort(); // no op of the form
  const Family& f = kFamilies[static_cast<size_t>(s)];
  if (f.syntax != s) std::abort(); // a row out of order: a programming error
  return f;
}

const ParseFn kUnknown = parseUnknown;

} // namespace

const std::vector<OpSyntax>& syntaxTable() {
  static const std::vector<OpSyntax> t = [] {
    std::vector<OpSyntax> rows;
    for (const ops::OpSpec& s : ops::table())
      if (static_cast<int>(s.loomSyntax) < ops::kNumLoomSyntaxFamilies)
        rows.push_back({s.kind, s.loomSyntax});
    return rows;
  }();
  return t;
}

const OpSyntax* syntaxOf(llvm::StringRef name) {
  static const std::map<std::string, const OpSyntax*, std::less<>> byName = [] {
    std::map<std::string, const OpSyntax*, std::less<>> m;
    for (const OpSyntax& s : syntaxTable())
      m[ops::kindName(s.kind)] = &s;
    return m;
  }();
  auto it = byName.find(name);
  return it == byName.end() ? nullptr : it->second;
}

const ParseFn& parserOf(Syntax s) {
  return familyOf(s).parse;
}

const ParseFn& unknownOpParser() {
  return kUnknown;
}

void printOp(Syntax s, mlir::Operation* op, mlir::OpAsmPrinter& p) {
  familyOf(s).print(op, p);
}

} // namespace loom::dfg::loomform
