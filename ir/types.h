// Types of the input language: index, iN, f32, f64, none (control tokens), ranked and
// unranked memrefs. A Type is a small value; memref details are shared and immutable.
#pragma once

#include "ops/op_kind.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom {

// Raw payload of a scalar: integers and index masked to their width (zero-extended),
// f32 as IEEE single bits in the low 32 bits, f64 as IEEE double bits, none as 0.
using Bits = uint64_t;

// Marks a dynamic size, stride or offset (MLIR's `?`).
constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

enum class TypeKind : uint8_t { None, Integer, Index, F16, F32, F64, MemRef, UnrankedMemRef };

struct MemRefInfo;

struct Type {
  TypeKind kind = TypeKind::None;
  unsigned width = 0; // bits: iN -> N, index -> 64, f32 -> 32, f64 -> 64, none -> 0
  std::shared_ptr<const MemRefInfo> mem; // MemRef and UnrankedMemRef only

  static Type none() { return {TypeKind::None, 0, nullptr}; }
  static Type integer(unsigned w) { return {TypeKind::Integer, w, nullptr}; }
  static Type i1() { return integer(1); }
  static Type index() { return {TypeKind::Index, 64, nullptr}; }
  static Type f32() { return {TypeKind::F32, 32, nullptr}; }
  static Type f64() { return {TypeKind::F64, 64, nullptr}; }

  bool isNone() const { return kind == TypeKind::None; }
  bool isInteger() const { return kind == TypeKind::Integer; }
  bool isIndex() const { return kind == TypeKind::Index; }
  // Integer or index: everything arith's integer ops accept.
  bool isIntLike() const { return kind == TypeKind::Integer || kind == TypeKind::Index; }
  bool isFloat() const {
    return kind == TypeKind::F32 || kind == TypeKind::F64 || kind == TypeKind::F16;
  }
  bool isScalar() const { return isIntLike() || isFloat(); }
  bool isMemRef() const { return kind == TypeKind::MemRef; }
  bool isUnrankedMemRef() const { return kind == TypeKind::UnrankedMemRef; }
  bool isAnyMemRef() const { return isMemRef() || isUnrankedMemRef(); }
  bool isI1() const { return kind == TypeKind::Integer && width == 1; }

  std::string str() const;
};

bool operator==(const Type& a, const Type& b);
inline bool operator!=(const Type& a, const Type& b) {
  return !(a == b);
}

// A memref's element type, shape and layout. The layout is kept in strided form
// (offset + sum(index_i * stride_i)); an identity layout has row-major strides.
struct MemRefInfo {
  Type elem;
  std::vector<int64_t> shape;   // empty for unranked; kDynamic for `?`
  bool identity = true;         // no layout attribute written
  int64_t offset = 0;           // kDynamic allowed when !identity
  std::vector<int64_t> strides; // kDynamic allowed when !identity
  std::string layoutText;       // as written (affine map or strided<>), for printing
};

Type makeMemRef(Type elem, std::vector<int64_t> shape);
Type makeStridedMemRef(Type elem, std::vector<int64_t> shape, int64_t offset,
                       std::vector<int64_t> strides, std::string layoutText);
Type makeUnrankedMemRef(Type elem);

// Row-major strides of a static shape (the identity layout).
std::vector<int64_t> identityStrides(const std::vector<int64_t>& shape);
// A memref's layout in strided form, whether written or the identity.
std::vector<int64_t> layoutStrides(const MemRefInfo& m);
inline int64_t layoutOffset(const MemRefInfo& m) {
  return m.identity ? 0 : m.offset;
}
// The dimensions a rank-reducing subview keeps: unit sizes written as a static 1 are
// dropped, left to right, while the rest still matches `resultShape`. `sizes` are the
// sizes to match (the run-time ones, or the static ones); nullopt if none fit.
std::optional<std::vector<size_t>> subviewKeptDims(const std::vector<int64_t>& sizes,
                                                   const std::vector<int64_t>& staticSizes,
                                                   const std::vector<int64_t>& resultShape);

// Mask for an integer of `width` bits (width 64 gives all ones).
inline Bits widthMask(unsigned width) {
  return width >= 64 ? ~Bits(0) : ((Bits(1) << width) - 1);
}
// Sign-extends the low `width` bits of v to 64 bits.
inline int64_t signExtend(Bits v, unsigned width) {
  if (width == 0 || width >= 64) return static_cast<int64_t>(v);
  unsigned s = 64 - width;
  return static_cast<int64_t>(v << s) >> s;
}

// Is `t` of class `c` (ops/op_kind.h)? Same is relative to another type: never here.
inline bool inClass(const Type& t, TypeClass c) {
  switch (c) {
  case TypeClass::Same: return false;
  case TypeClass::IntLike: return t.isIntLike();
  case TypeClass::Integer: return t.isInteger();
  case TypeClass::Float: return t.isFloat();
  case TypeClass::Scalar: return t.isScalar();
  case TypeClass::I1: return t.isI1();
  }
  return false;
}

// Does a cast's result type `to` stand to its operand type `from` as `w` asks?
inline bool widthHolds(WidthRule w, const Type& from, const Type& to) {
  switch (w) {
  case WidthRule::Any: return true;
  case WidthRule::Wider: return to.width > from.width;
  case WidthRule::Narrower: return to.width < from.width;
  case WidthRule::SameBits: return to.width == from.width && !from.isIndex() && !to.isIndex();
  case WidthRule::IndexSide:
    return (from.isIndex() && to.isInteger()) || (from.isInteger() && to.isIndex());
  }
  return false;
}

} // namespace loom
