// One reader and one printer per attribute of the op table, for both DFG text forms
// (node_attrs.h). The switches on ops::Attr have no default: an attribute added to the
// table without its reader or printer does not compile.

#include "dfg/text/node_attrs.h"

#include "dfg/text/dfg_mlir.h"
#include "dfg/text/fields.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#include "llvm/Support/raw_ostream.h"

namespace loom::dfg::node_attrs {

const Form kLoomDfgForm{};
const Form kLoomForm{true, 32, false, true};

namespace {

using ops::Attr;
using reader::AttrReader;
using reader::quoted;

const char* nameIn(const ops::AttrSpec& a, const Form& form) {
  return form.loom ? a.loomName : a.name;
}

// A comparison's predicate is required; other attributes as the row says.
bool required(const ops::AttrSpec& a, const Node& n) {
  if (a.attr == Attr::Predicate) return n.arith == OpKind::CmpI || n.arith == OpKind::CmpF;
  return a.required;
}

std::string printed(mlir::Attribute a) {
  std::string s;
  llvm::raw_string_ostream os(s);
  a.print(os);
  return s;
}

// ---- readers, one per attribute --------------------------------------------------------

bool readPredicate(AttrReader& r, mlir::Attribute v, const std::string& what, Node& n) {
  if (n.arith == OpKind::CmpI)
    n.arithAttrs.cmpi = static_cast<CmpIPred>(r.intOf(v, what, 0, 9));
  else if (n.arith == OpKind::CmpF)
    n.arithAttrs.cmpf = static_cast<CmpFPred>(r.intOf(v, what, 0, 15));
  else
    return false;
  return true;
}

void readStepOp(AttrReader& r, mlir::Attribute v, const std::string& name, Node& n) {
  std::string s = r.strOf(v, quoted(name));
  if (!ops::parseStepOp(s, n.stepOp))
    r.fail("unknown " + name + " '" + s + "' (one of += -= *= /= <<= >>=)");
}

void readContCond(AttrReader& r, mlir::Attribute v, const std::string& name, Node& n) {
  std::string s = r.strOf(v, quoted(name));
  if (!ops::parseContCond(s, n.contCond))
    r.fail("unknown " + name + " '" + s + "' (one of < <= > >= !=)");
}

void readBufferKind(AttrReader& r, mlir::Attribute v, const std::string& name, Node& n) {
  std::string s = r.strOf(v, quoted(name));
  if (!text::bufferKindFromName(s, n.bufferFifo))
    r.fail("unknown buffer kind '" + s + "' (fifo or seq)");
}

// Typed literals; CIRCT's initValues are integers, cut to the buffer's type.
void readInitValues(AttrReader& r, mlir::Attribute v, const std::string& name, Node& n,
                    const Form& form, std::vector<Type>& valueTypes) {
  mlir::ArrayAttr arr = r.arrayOf(v, quoted(name));
  for (size_t i = 0; i < arr.size(); ++i) {
    std::string what = quoted(name) + " entry " + std::to_string(i);
    if (form.typedInitValues) {
      auto [bits, type] = r.valueOf(arr[i], what);
      n.bufferInit.push_back(bits);
      valueTypes.push_back(type);
    } else {
      int64_t x = r.intOf(arr[i], what, INT64_MIN, INT64_MAX);
      unsigned width = n.outTypes.empty() ? 0 : n.outTypes[0].width;
      n.bufferInit.push_back(static_cast<Bits>(x) & widthMask(width));
    }
  }
}

void readMemType(AttrReader& r, mlir::Attribute v, const std::string& name, Node& n,
                 const Form& form) {
  n.memType = r.typeOf(v, quoted(name));
  if (!form.circtMemRefType) return;
  if (!n.memType.isMemRef() || !n.memType.mem->identity)
    r.fail("'handshake.memory' needs a memref type with the identity layout");
  for (int64_t d : n.memType.mem->shape)
    if (d == kDynamic) r.fail("'handshake.memory' needs a static shape, got " + n.memType.str());
}

void readLsq(AttrReader& r, mlir::Attribute v) {
  auto b = llvm::dyn_cast<mlir::BoolAttr>(v);
  if (!b || b.getValue()) r.fail("'lsq' must be false: loom-sim does not model a load-store queue");
}

// ---- printers, one per attribute -------------------------------------------------------

class Printer {
public:
  Printer(mlir::MLIRContext& ctx, const Node& n, const Form& form)
      : ctx_(ctx), b_(&ctx), n_(n), form_(form),
        out_(n.outTypes.empty() ? Type::none() : n.outTypes[0]) {}

  // The value of `a`, or null when the node leaves it out; an error names what the form
  // cannot write.
  mlir::Attribute print(Attr a, std::string& error) {
    switch (a) {
    case Attr::Predicate: return predicate();
    case Attr::Value: return mlir_form::valueAttr(ctx_, n_.constValue, out_);
    case Attr::StepOp: return str(stepOpText(n_.stepOp));
    case Attr::ContCond: return str(contCondText(n_.contCond));
    case Attr::Slots: return count(n_.bufferSlots);
    case Attr::BufferKind: return str(text::bufferKindName(n_.bufferFifo));
    case Attr::InitValues: return initValues(error);
    case Attr::MemType: return mlir::TypeAttr::get(mlir_form::exportType(ctx_, n_.memType));
    case Attr::NumStores: return count(n_.numStores);
    case Attr::NumLoads: return count(n_.numLoads);
    case Attr::MemGroup: return count(n_.memGroup);
    case Attr::ArgIndex: return n_.argIndex != -1 ? count(n_.argIndex) : nullptr;
    case Attr::MemPort: return count(n_.memPort);
    case Attr::Lsq: return b_.getBoolAttr(false);
    }
    return nullptr;
  }

private:
  mlir::MLIRContext& ctx_;
  mlir::Builder b_;
  const Node& n_;
  const Form& form_;
  Type out_; // the first result's type: a constant's, a buffer's

  mlir::Attribute str(const char* s) { return b_.getStringAttr(s); }
  mlir::Attribute count(int64_t v) {
    if (form_.countBits == 32) return b_.getI32IntegerAttr(static_cast<int32_t>(v));
    return b_.getI64IntegerAttr(v);
  }

  mlir::Attribute predicate() {
    if (n_.arith == OpKind::CmpI) return b_.getI64IntegerAttr(static_cast<int>(n_.arithAttrs.cmpi));
    if (n_.arith == OpKind::CmpF) return b_.getI64IntegerAttr(static_cast<int>(n_.arithAttrs.cmpf));
    return nullptr;
  }

  mlir::Attribute initValues(std::string& error) {
    if (n_.bufferInit.empty()) return nullptr;
    if (form_.typedInitValues) {
      std::vector<mlir::Attribute> values;
      for (Bits b : n_.bufferInit)
        values.push_back(mlir_form::valueAttr(ctx_, b, out_));
      return b_.getArrayAttr(values);
    }
    if (out_.isFloat()) {
      error =
          "holds initial " + out_.str() + " tokens, which CIRCT's integer initValues cannot write";
      return nullptr;
    }
    std::vector<int64_t> values;
    for (Bits b : n_.bufferInit)
      values.push_back(out_.isNone() ? 0 : signExtend(b, out_.width));
    return b_.getI64ArrayAttr(values);
  }
};

} // namespace

const ops::AttrSpec* attrNamed(ops::NodeKind k, llvm::StringRef name, const Form& form) {
  for (const ops::AttrSpec& a : ops::spec(k).attrs) {
    const char* spelled = nameIn(a, form);
    if ((spelled && name == spelled) || (form.loom && a.loomOlderName && name == a.loomOlderName))
      return &a;
  }
  return nullptr;
}

bool readAttr(AttrReader& r, const ops::AttrSpec& a, const std::string& name, mlir::Attribute v,
              Node& n, const Form& form, std::vector<Type>& valueTypes) {
  switch (a.attr) {
  case Attr::Predicate: return readPredicate(r, v, quoted(name), n);
  case Attr::Value: {
    auto [bits, type] = r.valueOf(v, quoted(name));
    n.constValue = bits;
    valueTypes.push_back(type);
    return true;
  }
  case Attr::StepOp: readStepOp(r, v, name, n); return true;
  case Attr::ContCond: readContCond(r, v, name, n); return true;
  case Attr::Slots: n.bufferSlots = r.u32Of(v, quoted(name)); return true;
  case Attr::BufferKind: readBufferKind(r, v, name, n); return true;
  case Attr::InitValues: readInitValues(r, v, name, n, form, valueTypes); return true;
  case Attr::MemType: readMemType(r, v, name, n, form); return true;
  case Attr::NumStores:
    n.numStores = static_cast<unsigned>(r.intOf(v, quoted(name), 0, 65535));
    return true;
  case Attr::NumLoads:
    n.numLoads = static_cast<unsigned>(r.intOf(v, quoted(name), 0, 65535));
    return true;
  case Attr::MemGroup: n.memGroup = r.u32Of(v, quoted(name)); return true;
  case Attr::ArgIndex:
    n.argIndex = static_cast<int>(r.intOf(v, quoted(name), -1, INT32_MAX));
    return true;
  case Attr::MemPort:
    n.memPort = static_cast<int>(r.intOf(v, quoted(name), -1, INT32_MAX));
    return true;
  case Attr::Lsq: readLsq(r, v); return true;
  }
  return false;
}

bool given(ops::NodeKind k, Attr attr, const std::set<std::string>& seen, const Form& form) {
  for (const ops::AttrSpec& a : ops::spec(k).attrs) {
    if (a.attr != attr) continue;
    const char* name = nameIn(a, form);
    const char* older = form.loom ? a.loomOlderName : nullptr;
    return (name && seen.count(name)) || (older && seen.count(older));
  }
  return false;
}

void requireAttrs(AttrReader& r, const std::string& opName, const Node& n,
                  const std::set<std::string>& seen, const Form& form) {
  for (const ops::AttrSpec& a : ops::spec(n.kind).attrs) {
    const char* name = nameIn(a, form);
    const char* older = form.loom ? a.loomOlderName : nullptr;
    if (name && older && seen.count(name) && seen.count(older))
      r.fail("'" + opName + "' has both '" + name + "' and its older name '" + older + "'");
    if (form.loom && a.loomDefaulted) continue;
    if (name && required(a, n) && !given(n.kind, a.attr, seen, form))
      r.fail("'" + opName + "' needs a '" + name + "' attribute");
  }
}

bool readArithProperties(AttrReader& r, mlir::Operation* op, Node& n) {
  bool predicate = false;
  for (mlir::StringAttr name : op->getName().getAttributeNames()) {
    std::optional<mlir::Attribute> v = op->getInherentAttr(name);
    if (!v || !*v) continue;
    if (name == "predicate" && readPredicate(r, *v, quoted(name), n)) {
      predicate = true;
      continue;
    }
    auto overflow = llvm::dyn_cast<mlir::arith::IntegerOverflowFlagsAttr>(*v);
    if (overflow && overflow.getValue() == mlir::arith::IntegerOverflowFlags::none) continue;
    auto fastmath = llvm::dyn_cast<mlir::arith::FastMathFlagsAttr>(*v);
    if (fastmath && fastmath.getValue() == mlir::arith::FastMathFlags::none) continue;
    r.fail("unsupported attribute '" + name.str() + " = " + printed(*v) + "' on '" +
           op->getName().getStringRef().str() + "'");
  }
  return predicate;
}

std::optional<std::string> printAttrs(mlir::MLIRContext& ctx, const Node& n, const Form& form,
                                      mlir::NamedAttrList& out) {
  Printer p(ctx, n, form);
  for (const ops::AttrSpec& a : ops::spec(n.kind).attrs) {
    const char* name = nameIn(a, form);
    if (!name) continue;
    std::string error;
    mlir::Attribute v = p.print(a.attr, error);
    if (!error.empty()) return error;
    if (v) out.append(name, v);
  }
  return std::nullopt;
}

} // namespace loom::dfg::node_attrs
