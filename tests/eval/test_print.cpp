// formatPrintMemref: layouts transcribed from the runner's output (MLIR 14's; MLIR 22's
// is the same), then a differential test that prints many shapes and element types
// through the runner.
#include "eval/arith.h"
#include "eval/memref.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <sstream>

using namespace loom;

namespace loom_test {
std::string runMlirOracle(const std::string& program); // test_arith.cpp
} // namespace loom_test

namespace {

MemRefView view(Type elem, std::vector<Bits> data, std::vector<int64_t> sizes,
                std::vector<int64_t> strides, int64_t offset = 0) {
  auto buf = std::make_shared<Buffer>();
  buf->elem = elem;
  buf->data = std::move(data);
  MemRefView v;
  v.buf = buf;
  v.offset = offset;
  v.sizes = std::move(sizes);
  v.strides = std::move(strides);
  return v;
}

std::vector<Bits> ints(std::vector<int64_t> xs, const Type& t) {
  std::vector<Bits> out;
  for (int64_t x : xs)
    out.push_back(bitsFromInt(x, t));
  return out;
}

const uint64_t kBase = 0x29045140;

} // namespace

TEST_CASE("print_memref rank 0 and rank 1", "[print]") {
  CHECK(formatPrintMemref(view(Type::f32(), {bitsFromF32(1.5f)}, {}, {}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 0 offset = 0 sizes = [] strides = [] data = \n"
        "[1.5]\n");
  std::vector<Bits> d = {bitsFromF32(0.1f), bitsFromF32(-0.0f), bitsFromF32(1e20f)};
  CHECK(formatPrintMemref(view(Type::f32(), d, {3}, {1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 1 offset = 0 sizes = [3] strides = [1] data = \n"
        "[0.1,  -0,  1e+20]\n");
  CHECK(formatPrintMemref(view(Type::f64(), {bitsFromF64(2.0)}, {1}, {1}), 0) ==
        "Unranked Memref base@ = 0 rank = 1 offset = 0 sizes = [1] strides = [1] data = \n"
        "[2]\n");
}

TEST_CASE("print_memref rank 2 and 3 nesting", "[print]") {
  const Type i32 = Type::integer(32), i64 = Type::integer(64);
  CHECK(formatPrintMemref(view(i32, ints({-7, -7, -7, -7, -7, -7}, i32), {2, 3}, {3, 1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] "
        "data = \n"
        "[[-7,   -7,   -7], \n"
        " [-7,   -7,   -7]]\n");
  std::vector<Bits> big(8, 123456789012);
  CHECK(formatPrintMemref(view(i64, big, {2, 2, 2}, {4, 2, 1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 3 offset = 0 sizes = [2, 2, 2] strides = [4, "
        "2, 1] data = \n"
        "[[[123456789012,    123456789012], \n"
        "  [123456789012,    123456789012]], \n"
        " [[123456789012,    123456789012], \n"
        "  [123456789012,    123456789012]]]\n");
  std::vector<Bits> q(4, bitsFromF32(2.5e-8f));
  CHECK(formatPrintMemref(view(Type::f32(), q, {4, 1}, {1, 1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 2 offset = 0 sizes = [4, 1] strides = [1, 1] "
        "data = \n"
        "[[2.5e-08], \n"
        " [2.5e-08], \n"
        " [2.5e-08], \n"
        " [2.5e-08]]\n");
  CHECK(formatPrintMemref(view(Type::f32(), q, {1, 4}, {4, 1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 2 offset = 0 sizes = [1, 4] strides = [4, 1] "
        "data = \n"
        "[[2.5e-08,   2.5e-08,   2.5e-08,   2.5e-08]]\n");
  CHECK(formatPrintMemref(view(Type::f64(), {bitsFromF64(123456789.0)}, {1, 1, 1}, {1, 1, 1}),
                          kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 3 offset = 0 sizes = [1, 1, 1] strides = [1, "
        "1, 1] data = \n"
        "[[[1.23457e+08]]]\n");
}

TEST_CASE("print_memref strided view with offset", "[print]") {
  const Type i32 = Type::integer(32);
  std::vector<int64_t> xs;
  for (int k = 0; k < 12; ++k)
    xs.push_back(k);
  // Rows 1..2, columns 1 and 3 of a 3x4 buffer.
  CHECK(formatPrintMemref(view(i32, ints(xs, i32), {2, 2}, {4, 2}, 5), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 2 offset = 5 sizes = [2, 2] strides = [4, 2] "
        "data = \n"
        "[[5,   7], \n"
        " [9,   11]]\n");
}

TEST_CASE("print_memref dimensions of size 0 still print one element", "[print]") {
  // The runner reads base[offset] for the first element of every dimension, even an
  // empty one: inside the buffer that is deterministic.
  const Type i32 = Type::integer(32);
  std::vector<Bits> d = ints({10, 11, 12, 13, 14, 15}, i32);
  CHECK(formatPrintMemref(view(i32, d, {0}, {1}, 2), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 1 offset = 2 sizes = [0] strides = [1] data = \n"
        "[12]\n");
  CHECK(formatPrintMemref(view(i32, d, {2, 0}, {3, 1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 2 offset = 0 sizes = [2, 0] strides = [3, 1] "
        "data = \n"
        "[[10], \n"
        " [13]]\n");
  CHECK(formatPrintMemref(view(i32, d, {0, 2}, {2, 1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 2 offset = 0 sizes = [0, 2] strides = [2, 1] "
        "data = \n"
        "[[10,   11]]\n");
  // Past the buffer the runner shows garbage; we show 0.
  CHECK(formatPrintMemref(view(Type::f64(), {}, {0}, {1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 1 offset = 0 sizes = [0] strides = [1] data = \n"
        "[0]\n");
}

TEST_CASE("print_memref_i8 writes raw bytes", "[print]") {
  const Type i8 = Type::integer(8);
  CHECK(formatPrintMemref(view(i8, ints({65, -3, 10}, i8), {3}, {1}), kBase) ==
        "Unranked Memref base@ = 0x29045140 rank = 1 offset = 0 sizes = [3] strides = [1] data = \n"
        "[A,  \xFD,  \n]\n");
}

// ---------------------------------------------------------------------------------
// Oracle.

namespace {

struct PrintCase {
  Type elem;
  std::vector<int64_t> allocShape;
  // Optional subview: offsets, sizes, steps (all static).
  std::vector<int64_t> subOffsets, subSizes, subSteps;
};

std::string mlirElem(const Type& t) {
  if (t.isFloat()) return t.kind == TypeKind::F32 ? "f32" : "f64";
  return "i" + std::to_string(t.width);
}

std::string shapeText(const std::vector<int64_t>& shape, const std::string& elem) {
  std::string s = "memref<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + elem;
}

std::string joined(const std::vector<int64_t>& xs) {
  std::string s;
  for (size_t k = 0; k < xs.size(); ++k)
    s += (k ? ", " : "") + std::to_string(xs[k]);
  return s;
}

// Distinct values that exercise the formatting of each element type.
Bits elementValue(const Type& t, size_t j) {
  static const double floats[] = {0.1,         -0.0,       1e20,   1e-7,     1.5, -2.25,
                                  123456789.0, 16777216.0, -1e-40, 100000.0, 1e6, 3.0,
                                  -7.0,        0.0,        2.5e-8, 65504.0};
  static const char bytes[] = "Hello, MLIR!\n\t~ 0123456789abcdefXYZ";
  if (t.isInteger() && t.width == 8)
    return static_cast<unsigned char>(bytes[j % (sizeof bytes - 1)]);
  if (t.isInteger()) {
    int64_t v = static_cast<int64_t>(j * 37) - 500;
    if (t.width == 64) v *= 1000000007;
    return bitsFromInt(v, t);
  }
  const size_t n = sizeof floats / sizeof floats[0];
  if (j % 17 == 16)
    return t.kind == TypeKind::F32 ? 0xFFC00000ull : 0x7FF0000000000000ull; // -nan, inf
  return bitsFromDouble(floats[j % n] * (j / n + 1), t);
}

std::vector<int64_t> rowMajor(const std::vector<int64_t>& shape) {
  std::vector<int64_t> st(shape.size(), 1);
  for (size_t k = shape.size(); k-- > 1;)
    st[k - 1] = st[k] * shape[k];
  return st;
}

int64_t product(const std::vector<int64_t>& xs) {
  int64_t n = 1;
  for (int64_t x : xs)
    n *= x;
  return n;
}

class PrintProgram {
public:
  void add(const PrintCase& c) {
    const int k = count_++;
    const std::string elem = mlirElem(c.elem);
    const std::string allocType = shapeText(c.allocShape, elem) + ">";
    const int64_t n = product(c.allocShape);
    std::vector<int64_t> strides = rowMajor(c.allocShape);
    body_ << "  %a" << k << " = memref.alloc() : " << allocType << "\n";
    auto buf = std::make_shared<Buffer>();
    buf->elem = c.elem;
    for (int64_t j = 0; j < n; ++j) {
      Bits b = elementValue(c.elem, size_t(j + k));
      buf->data.push_back(b);
      std::string lit =
          c.elem.isFloat() ? hexLiteral(b, c.elem) : std::to_string(signExtend(b, c.elem.width));
      body_ << "  %e" << k << "_" << j << " = arith.constant " << lit << " : " << elem << "\n";
      body_ << "  memref.store %e" << k << "_" << j << ", %a" << k << "[" << indices(j, strides)
            << "] : " << allocType << "\n";
      for (int64_t d : c.allocShape)
        maxIndex_ = std::max(maxIndex_, d);
    }
    MemRefView v;
    v.buf = buf;
    std::string printed = "%a" + std::to_string(k), printedType = allocType;
    if (c.subSizes.empty()) {
      v.sizes = c.allocShape;
      v.strides = strides;
    } else {
      v.offset = 0;
      for (size_t d = 0; d < c.subOffsets.size(); ++d) {
        v.offset += c.subOffsets[d] * strides[d];
        v.strides.push_back(strides[d] * c.subSteps[d]);
      }
      v.sizes = c.subSizes;
      printedType = shapeText(v.sizes, elem) + ", strided<[" + joined(v.strides) +
                    "], offset: " + std::to_string(v.offset) + ">>";
      printed = "%v" + std::to_string(k);
      body_ << "  " << printed << " = memref.subview %a" << k << "[" << joined(c.subOffsets) << "]["
            << joined(c.subSizes) << "][" << joined(c.subSteps) << "] : " << allocType << " to "
            << printedType << "\n";
    }
    body_ << "  %u" << k << " = memref.cast " << printed << " : " << printedType << " to memref<*x"
          << elem << ">\n";
    body_ << "  func.call @" << printFn(elem) << "(%u" << k << ") : (memref<*x" << elem
          << ">) -> ()\n";
    views_.push_back(v);
  }

  std::string program() const {
    std::ostringstream p;
    for (const char* e : {"f32", "f64", "i32", "i64"})
      p << "func.func private @" << printFn(e) << "(memref<*x" << e << ">)\n";
    // printMemrefI8 exists only as _mlir_ciface_printMemrefI8 (C interface).
    p << "func.func private @printMemrefI8(memref<*xi8>) attributes { llvm.emit_c_interface }\n";
    p << "func.func @main() {\n";
    for (int64_t j = 0; j <= maxIndex_; ++j)
      p << "  %i" << j << " = arith.constant " << j << " : index\n";
    p << body_.str() << "  func.return\n}\n";
    return p.str();
  }

  const std::vector<MemRefView>& views() const { return views_; }

private:
  // The runtime's print function for an element type: printMemrefI32 for "i32".
  static std::string printFn(const std::string& elem) {
    return "printMemref" + std::string(1, char(elem[0] - 'a' + 'A')) + elem.substr(1);
  }
  // "%i1, %i0" for the row-major position j.
  static std::string indices(int64_t j, const std::vector<int64_t>& strides) {
    std::string s;
    for (size_t d = 0; d < strides.size(); ++d) {
      s += (d ? ", %i" : "%i") + std::to_string(j / strides[d]);
      j %= strides[d];
    }
    return s;
  }
  static std::string hexLiteral(Bits b, const Type& t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, t.kind == TypeKind::F32 ? "0x%08llX" : "0x%016llX",
                  static_cast<unsigned long long>(b));
    return buf;
  }

  std::ostringstream body_;
  int count_ = 0;
  int64_t maxIndex_ = 0;
  std::vector<MemRefView> views_;
};

} // namespace

TEST_CASE("formatPrintMemref agrees with mlir-runner (MLIR 22)", "[oracle]") {
  const Type i8 = Type::integer(8), i32 = Type::integer(32), i64 = Type::integer(64),
             f32 = Type::f32(), f64 = Type::f64();
  std::vector<PrintCase> cases = {
      {f32, {}, {}, {}, {}},
      {i64, {}, {}, {}, {}},
      {f64, {1}, {}, {}, {}},
      {i32, {3}, {}, {}, {}},
      {i8, {5}, {}, {}, {}},
      {i8, {2, 3}, {}, {}, {}},
      {i64, {2, 3}, {}, {}, {}},
      {f32, {3, 3, 4}, {}, {}, {}},
      {f64, {2, 1, 3}, {}, {}, {}},
      {f64, {1, 1, 1}, {}, {}, {}},
      {f32, {4, 1}, {}, {}, {}},
      {i32, {1, 4}, {}, {}, {}},
      {i32, {2, 2, 2, 2}, {}, {}, {}},
      {f64, {17}, {}, {}, {}},
      {i32, {3, 4}, {1, 1}, {2, 2}, {1, 2}},
      {f32, {3, 4}, {1, 1}, {2, 0}, {1, 1}},
      {f32, {3, 4}, {1, 1}, {0, 2}, {1, 1}},
      {i64, {6}, {2}, {0}, {1}},
      {i32, {2, 3, 4}, {1, 0, 1}, {1, 3, 2}, {1, 1, 2}},
      {f64, {4, 4}, {0, 3}, {4, 1}, {1, 1}},
  };
  PrintProgram prog;
  for (const PrintCase& c : cases)
    prog.add(c);
  const std::string out = loom_test::runMlirOracle(prog.program());

  const std::string marker = "Unranked Memref base@ = ";
  size_t pos = 0;
  for (size_t k = 0; k < prog.views().size(); ++k) {
    INFO("print #" << k);
    REQUIRE(out.compare(pos, marker.size(), marker) == 0);
    uint64_t base = std::strtoull(out.c_str() + pos + marker.size(), nullptr, 16);
    std::string want = formatPrintMemref(prog.views()[k], base);
    CHECK(out.substr(pos, want.size()) == want);
    pos += want.size();
  }
  CHECK(pos == out.size());
}
