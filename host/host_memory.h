// What the host hands a network for a memref argument: an extmemory backing over the
// host's buffer (addresses are element indices of the root allocation, as the lowering
// computes them) and the descriptor fields the memref type leaves dynamic, as Entry
// tokens in the lowering's order (offset, sizes, strides).
#pragma once

#include "eval/memref.h"
#include "models/memory.h"

#include <vector>

namespace loom {

class BufferBacking : public models::MemoryBacking {
public:
  explicit BufferBacking(Buffer& b) : buf_(b) {}
  uint64_t size() const override { return buf_.data.size(); }
  Bits read(uint64_t addr) const override { return buf_.data[addr]; }
  void write(uint64_t addr, Bits v) override { buf_.data[addr] = v; }

private:
  Buffer& buf_;
};

inline void descriptorTokens(const Type& t, const MemRefView& v, std::vector<Bits>& out) {
  const MemRefInfo& m = *t.mem;
  std::vector<int64_t> strides = m.identity ? identityStrides(m.shape) : m.strides;
  int64_t offset = m.identity ? 0 : m.offset;
  if (offset == kDynamic) out.push_back(static_cast<Bits>(v.offset));
  for (size_t i = 0; i < m.shape.size(); ++i)
    if (m.shape[i] == kDynamic) out.push_back(static_cast<Bits>(v.sizes[i]));
  for (size_t i = 0; i < strides.size(); ++i)
    if (strides[i] == kDynamic) out.push_back(static_cast<Bits>(v.strides[i]));
}

} // namespace loom
