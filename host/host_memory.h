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
  for (const DescriptorField& f : descriptorFields(t))
    out.push_back(static_cast<Bits>(f.kind == DescriptorField::Offset ? v.offset
                                    : f.kind == DescriptorField::Size ? v.sizes[f.dim]
                                                                      : v.strides[f.dim]));
}

} // namespace loom
