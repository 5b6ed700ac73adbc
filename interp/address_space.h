// Addresses of the interpreter's buffers, for the host code of a program LOOM compiled,
// which takes a buffer's address (memref.extract_aligned_pointer_as_index) and hands it
// to C functions (puts, printf's %s, llvm.memcpy). A buffer's address is fixed when first
// taken: kBase + id * 2^32, its bytes after it, each element little-endian in the bytes
// its type takes (i1: one). Any other address is no buffer's: reading it is an error.
#pragma once

#include "eval/memref.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace loom {

class AddressSpace {
public:
  static constexpr uint64_t kBase = uint64_t(1) << 44;

  // The address of `buf`'s first byte.
  uint64_t addressOf(const std::shared_ptr<Buffer>& buf);
  // The address of a view's first element.
  uint64_t addressOf(const MemRefView& v);

  // The C string at `address` (up to its NUL); nullopt and the reason when the address is
  // no live buffer's or no NUL ends the string inside it.
  std::optional<std::string> readString(uint64_t address, std::string& why) const;
  // memcpy and memset, byte by byte (memmove semantics: overlapping ranges are fine).
  std::optional<std::string> copy(uint64_t dst, uint64_t src, uint64_t bytes);
  std::optional<std::string> set(uint64_t dst, uint8_t value, uint64_t bytes);

private:
  std::unordered_map<uint64_t, std::weak_ptr<Buffer>> buffers_; // by id

  struct Place {
    std::shared_ptr<Buffer> buf;
    uint64_t byte = 0; // from its first byte
  };
  std::optional<Place> resolve(uint64_t address, uint64_t bytes, std::string& why) const;
};

// How many bytes an element of `t` takes in memory (i1 and i8: 1, i32 and f32: 4, ...).
uint64_t elementBytes(const Type& t);

} // namespace loom
