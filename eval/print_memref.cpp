// Byte-exact imitation of the runner's printMemref{I8,I32,I64,F32,F64} (MLIR 14's
// print_memref_*; impl::printMemRef in RunnerUtils.h), verified against mlir-runner 22.
#include "eval/arith.h"
#include "eval/memref.h"

#include <algorithm>
#include <locale>
#include <sstream>

namespace loom {
namespace {

// Elements are streamed with operator<< on the element's C++ type: i8 is a `char`
// (the raw byte is written), i32/i64 decimal, f32/f64 like printf("%g"). Types the
// runner cannot print get the nearest sensible spelling: i1 as 0/1, other integers
// and index as signed decimal, f16 like f32.
void printElement(std::ostream& os, Bits b, const Type& t) {
  if (t.isFloat()) {
    os << formatVectorPrint(b, t);
  } else if (t.isInteger() && t.width == 8) {
    os << static_cast<char>(b & 0xFF);
  } else if (t.isI1()) {
    os << (b & 1);
  } else {
    os << signExtend(b & widthMask(t.width), t.width);
  }
}

// The runner reads base[offset] for the first element of every dimension, even one
// of size 0. Inside the buffer that read is deterministic and we reproduce it; past
// the buffer the runner prints whatever memory holds, and we print 0 instead.
Bits elementAt(const MemRefView& v, int64_t linear) {
  if (!v.buf || linear < 0 || static_cast<uint64_t>(linear) >= v.buf->data.size()) return 0;
  return v.buf->data[static_cast<size_t>(linear)];
}

void printSpaces(std::ostream& os, size_t n) {
  os << std::string(n, ' ');
}

// One bracketed level. A dimension of size 0 or 1 prints exactly one sub-element.
// Elements after the first are indented by depth + 1 spaces; the separator is ", "
// plus a newline between sub-arrays (not between scalars).
void printLevel(std::ostream& os, const MemRefView& v, size_t depth, int64_t linear,
                const Type& elem) {
  if (depth == v.rank()) {
    printElement(os, elementAt(v, linear), elem);
    return;
  }
  int64_t count = std::max<int64_t>(v.sizes[depth], 1);
  os << '[';
  for (int64_t i = 0; i < count; ++i) {
    if (i > 0) printSpaces(os, depth + 1);
    // Wrapping arithmetic: a nonsense stride must not be C++ UB.
    int64_t stride = depth < v.strides.size() ? v.strides[depth] : 0;
    uint64_t pos =
        static_cast<uint64_t>(linear) + static_cast<uint64_t>(i) * static_cast<uint64_t>(stride);
    printLevel(os, v, depth + 1, static_cast<int64_t>(pos), elem);
    if (i + 1 < count) os << (depth + 1 < v.rank() ? ", \n" : ", ");
  }
  os << ']';
}

void printList(std::ostream& os, const std::vector<int64_t>& xs) {
  os << '[';
  for (size_t i = 0; i < xs.size(); ++i)
    os << (i ? ", " : "") << xs[i];
  os << ']';
}

} // namespace

std::string formatPrintMemref(const MemRefView& v, uint64_t baseAddress) {
  std::ostringstream os;
  os.imbue(std::locale::classic()); // std::cout in the runner uses the "C" locale
  // Streaming a pointer is how the runner prints it ("0x..." or "0" for null).
  os << "Unranked Memref base@ = "
     << reinterpret_cast<const void*>(static_cast<uintptr_t>(baseAddress)) << " rank = " << v.rank()
     << " offset = " << v.offset << " sizes = ";
  printList(os, v.sizes);
  os << " strides = ";
  printList(os, v.strides);
  os << " data = \n";
  Type elem = v.buf ? v.buf->elem : Type::none();
  if (v.rank() == 0) {
    os << '[';
    printElement(os, elementAt(v, v.offset), elem);
    os << ']';
  } else {
    printLevel(os, v, 0, v.offset, elem);
  }
  os << '\n';
  return os.str();
}

} // namespace loom
