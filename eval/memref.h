// Run-time memrefs of the reference interpreter: a Buffer owns the elements of one
// allocation (the root memref); a MemRefView is a strided window onto it, exactly
// MLIR's memref descriptor (offset, sizes, strides, all in elements).
#pragma once

#include "ir/types.h"

#include <memory>
#include <string>
#include <vector>

namespace loom {

// The most memref elements a run holds at once (8 bytes each: 512 MiB): what the
// interpreter may allocate (interp/interpreter.h), a memory inside an accelerated
// function, a memref made from the command line. Beyond it a located error, never an
// allocation of any size a program asks for.
constexpr uint64_t kMaxLiveElements = uint64_t(1) << 26;

struct Buffer {
  uint64_t id = 0;        // unique per run, in allocation order
  Type elem;              // element type
  std::vector<Bits> data; // one Bits per element (see types.h for the encoding)
  bool freed = false;     // after memref.dealloc
  bool stack = false;     // memref.alloca
  bool constant = false;  // a constant memref.global: no store may change it
  std::string origin;     // "file:line:col" of the alloc, for messages
};

struct MemRefView {
  std::shared_ptr<Buffer> buf;
  int64_t offset = 0;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;

  size_t rank() const { return sizes.size(); }
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t s : sizes)
      n *= s;
    return n;
  }
};

// One dynamic field of a memref type's descriptor: what a network receives as an entry
// token for a memref argument beyond its elements.
struct DescriptorField {
  enum Kind : uint8_t { Offset, Size, Stride } kind;
  size_t dim = 0; // Size, Stride: which dimension
  // "offset", "size1", "stride0"
  std::string name() const {
    return kind == Offset ? "offset" : (kind == Size ? "size" : "stride") + std::to_string(dim);
  }
};

// The dynamic fields of `t`'s descriptor, in the one order the host hands them to a
// network (host/host_memory.h) and DFG files name them: the offset (non-identity layouts
// only), then each dynamic size, then each dynamic stride.
inline std::vector<DescriptorField> descriptorFields(const Type& t) {
  const MemRefInfo& m = *t.mem;
  std::vector<DescriptorField> out;
  std::vector<int64_t> strides = m.identity ? identityStrides(m.shape) : m.strides;
  if (!m.identity && m.offset == kDynamic) out.push_back({DescriptorField::Offset});
  for (size_t i = 0; i < m.shape.size(); ++i)
    if (m.shape[i] == kDynamic) out.push_back({DescriptorField::Size, i});
  for (size_t i = 0; i < strides.size(); ++i)
    if (strides[i] == kDynamic) out.push_back({DescriptorField::Stride, i});
  return out;
}

// What the runner's printMemref{I8,I32,I64,F32,F64} (print_memref_*) prints for `v`: the
// "Unranked Memref base@ = 0x... rank = ... offset = ... sizes = [...] strides = [...]
// data = " header line and the nested-bracket data, byte for byte. `baseAddress` is
// the pointer shown after base@ (the only part allowed to differ from the runner).
std::string formatPrintMemref(const MemRefView& v, uint64_t baseAddress);

} // namespace loom
