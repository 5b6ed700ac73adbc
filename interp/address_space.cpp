#include "interp/address_space.h"

#include <sstream>

namespace loom {
namespace {

std::string hex(uint64_t a) {
  std::ostringstream os;
  os << "0x" << std::hex << a;
  return os.str();
}

uint8_t byteOf(const Buffer& b, uint64_t k) {
  uint64_t w = elementBytes(b.elem);
  return static_cast<uint8_t>(b.data[k / w] >> (8 * (k % w)));
}

void setByte(Buffer& b, uint64_t k, uint8_t v) {
  uint64_t w = elementBytes(b.elem);
  Bits& e = b.data[k / w];
  unsigned s = static_cast<unsigned>(8 * (k % w));
  e = ((e & ~(Bits(0xff) << s)) | (Bits(v) << s)) & widthMask(b.elem.width);
}

} // namespace

uint64_t elementBytes(const Type& t) {
  return t.width <= 8 ? 1 : t.width / 8;
}

uint64_t AddressSpace::addressOf(const std::shared_ptr<Buffer>& buf) {
  buffers_[buf->id] = buf;
  return kBase + (buf->id << 32);
}

uint64_t AddressSpace::addressOf(const MemRefView& v) {
  return addressOf(v.buf) + static_cast<uint64_t>(v.offset) * elementBytes(v.buf->elem);
}

std::optional<AddressSpace::Place> AddressSpace::resolve(uint64_t address, uint64_t bytes,
                                                         std::string& why) const {
  auto it = address >= kBase ? buffers_.find((address - kBase) >> 32) : buffers_.end();
  std::shared_ptr<Buffer> buf = it == buffers_.end() ? nullptr : it->second.lock();
  if (!buf || buf->freed) {
    why = "address " + hex(address) + " is in no buffer of the program";
    return std::nullopt;
  }
  uint64_t byte = address & 0xffffffffu, size = buf->data.size() * elementBytes(buf->elem);
  if (byte > size || bytes > size - byte) {
    why = "bytes " + std::to_string(byte) + " to " + std::to_string(byte + bytes) +
          " of a buffer of " + std::to_string(size) + " bytes (allocated at " + buf->origin + ")";
    return std::nullopt;
  }
  return Place{buf, byte};
}

std::optional<std::string> AddressSpace::readString(uint64_t address, std::string& why) const {
  std::optional<Place> p = resolve(address, 0, why);
  if (!p) return std::nullopt;
  std::string s;
  uint64_t size = p->buf->data.size() * elementBytes(p->buf->elem);
  for (uint64_t k = p->byte; k < size; ++k) {
    uint8_t c = byteOf(*p->buf, k);
    if (c == 0) return s;
    s += static_cast<char>(c);
  }
  why = "the string at " + hex(address) +
        " has no NUL before the end of its buffer (allocated at " + p->buf->origin + ")";
  return std::nullopt;
}

std::optional<std::string> AddressSpace::copy(uint64_t dst, uint64_t src, uint64_t bytes) {
  std::string why;
  std::optional<Place> d = resolve(dst, bytes, why), s = d ? resolve(src, bytes, why) : d;
  if (!d || !s) return why;
  std::vector<uint8_t> tmp(bytes);
  for (uint64_t k = 0; k < bytes; ++k)
    tmp[k] = byteOf(*s->buf, s->byte + k);
  for (uint64_t k = 0; k < bytes; ++k)
    setByte(*d->buf, d->byte + k, tmp[k]);
  return std::nullopt;
}

std::optional<std::string> AddressSpace::set(uint64_t dst, uint8_t value, uint64_t bytes) {
  std::string why;
  std::optional<Place> d = resolve(dst, bytes, why);
  if (!d) return why;
  for (uint64_t k = 0; k < bytes; ++k)
    setByte(*d->buf, d->byte + k, value);
  return std::nullopt;
}

} // namespace loom
