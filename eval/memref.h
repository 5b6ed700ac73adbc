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

// What the runner's printMemref{I8,I32,I64,F32,F64} (print_memref_*) prints for `v`: the
// "Unranked Memref base@ = 0x... rank = ... offset = ... sizes = [...] strides = [...]
// data = " header line and the nested-bracket data, byte for byte. `baseAddress` is
// the pointer shown after base@ (the only part allowed to differ from the runner).
std::string formatPrintMemref(const MemRefView& v, uint64_t baseAddress);

} // namespace loom
