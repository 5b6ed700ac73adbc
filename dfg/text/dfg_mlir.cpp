#include "dfg/text/dfg_mlir.h"

#include "frontend/import.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/Support/raw_ostream.h"

namespace loom::dfg::mlir_form {

mlir::Type exportType(mlir::MLIRContext& ctx, const Type& t) {
  switch (t.kind) {
  case TypeKind::None: return mlir::NoneType::get(&ctx);
  case TypeKind::Integer: return mlir::IntegerType::get(&ctx, t.width);
  case TypeKind::Index: return mlir::IndexType::get(&ctx);
  case TypeKind::F16: return mlir::Float16Type::get(&ctx);
  case TypeKind::F32: return mlir::Float32Type::get(&ctx);
  case TypeKind::F64: return mlir::Float64Type::get(&ctx);
  case TypeKind::UnrankedMemRef:
    return mlir::UnrankedMemRefType::get(exportType(ctx, t.mem->elem), mlir::Attribute());
  case TypeKind::MemRef: break;
  }
  static_assert(kDynamic == mlir::ShapedType::kDynamic, "one marker for dynamic values");
  const MemRefInfo& m = *t.mem;
  mlir::Type elem = exportType(ctx, m.elem);
  if (m.identity) return mlir::MemRefType::get(m.shape, elem);
  return mlir::MemRefType::get(m.shape, elem,
                               mlir::StridedLayoutAttr::get(&ctx, m.offset, m.strides));
}

namespace {

const llvm::fltSemantics& semanticsOf(const Type& t) {
  if (t.kind == TypeKind::F16) return llvm::APFloat::IEEEhalf();
  if (t.kind == TypeKind::F32) return llvm::APFloat::IEEEsingle();
  return llvm::APFloat::IEEEdouble();
}

std::string printed(mlir::Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

} // namespace

mlir::Attribute valueAttr(mlir::MLIRContext& ctx, Bits b, const Type& t) {
  switch (t.kind) {
  case TypeKind::Integer:
  case TypeKind::Index: {
    unsigned width = t.kind == TypeKind::Index ? 64 : t.width;
    return mlir::IntegerAttr::get(exportType(ctx, t), llvm::APInt(width, b & widthMask(width)));
  }
  case TypeKind::F16:
  case TypeKind::F32:
  case TypeKind::F64: {
    llvm::APFloat f(semanticsOf(t), llvm::APInt(t.width, b & widthMask(t.width)));
    return mlir::FloatAttr::get(exportType(ctx, t), f);
  }
  default: return mlir::UnitAttr::get(&ctx); // none (no value of a memref type travels)
  }
}

bool valueOf(mlir::Attribute a, Bits& bits, Type& type, std::string& error) {
  if (llvm::isa<mlir::UnitAttr>(a)) {
    bits = 0;
    type = Type::none();
    return true;
  }
  mlir::Type mt;
  llvm::APInt v;
  if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(a)) {
    mt = i.getType();
    v = i.getValue();
  } else if (auto f = llvm::dyn_cast<mlir::FloatAttr>(a)) {
    mt = f.getType();
    v = f.getValue().bitcastToAPInt();
  } else {
    error = "must be a literal (42 : i32, 1.5 : f32, true, unit)";
    return false;
  }
  std::optional<Type> t = frontend::importType(mt);
  if (!t || !t->isScalar()) {
    error = "has type " + printed(mt) + ", which no channel carries";
    return false;
  }
  type = *t;
  bits = v.getZExtValue();
  return true;
}

mlir::Location exportLoc(mlir::MLIRContext& ctx, const Loc& l) {
  mlir::Location at = mlir::UnknownLoc::get(&ctx);
  if (l.file || l.line || l.col)
    at = mlir::FileLineColLoc::get(&ctx, l.file ? *l.file : std::string(), l.line, l.col);
  if (l.source) return mlir::NameLoc::get(mlir::StringAttr::get(&ctx, *l.source), at);
  return at;
}

} // namespace loom::dfg::mlir_form
