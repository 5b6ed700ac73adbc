#include "traces/vcd_text.h"

#include <array>
#include <charconv>
#include <cstring>

namespace loom::traces {

VcdCode VcdCode::number(uint64_t n) {
  constexpr uint64_t kBase = 94;
  VcdCode c;
  do {
    c.text[c.size++] = static_cast<char>('!' + n % kBase);
    n /= kBase;
  } while (n > 0 && c.size < sizeof(c.text));
  return c;
}

DataShape dataShape(const Type& t) {
  if (t.kind == TypeKind::F32 || t.kind == TypeKind::F64) return DataShape::Real;
  if (t.width == 0) return DataShape::None;
  return t.width == 1 ? DataShape::Bit : DataShape::Vector;
}

unsigned dataWidth(const Type& t) {
  return dataShape(t) == DataShape::Real ? 64 : t.width;
}

std::string vcdRange(unsigned width) {
  return width > 1 ? "[" + std::to_string(width - 1) + ":0]" : "";
}

namespace {

char* putCode(char* p, const VcdCode& code) {
  std::memcpy(p, code.text, sizeof code.text);
  p += code.size;
  *p++ = '\n';
  return p;
}

// The eight binary digits of every byte value, most significant first.
const std::array<std::array<char, 8>, 256>& byteDigits() {
  static const auto table = [] {
    std::array<std::array<char, 8>, 256> t{};
    for (int v = 0; v < 256; ++v)
      for (int b = 0; b < 8; ++b)
        t[v][b] = static_cast<char>('0' + ((v >> (7 - b)) & 1));
    return t;
  }();
  return table;
}

} // namespace

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "putVector reads digit text as a word");

char* putVector(char* p, uint64_t value, const VcdCode& code) {
  // Leading zeros left out: VCD extends a shorter vector with 0s. Eight digits at a
  // time from the table; the top byte's leading zeros are shifted out of its eight
  // (the table's text is read as a little-endian word: the first digit is the low byte).
  *p++ = 'b';
  const auto& digits = byteDigits();
  int top = value == 0 ? 0 : 63 - __builtin_clzll(value);
  int byte = top / 8;
  int lead = 7 - top % 8;
  uint64_t word;
  std::memcpy(&word, digits[(value >> (8 * byte)) & 0xFF].data(), 8);
  word >>= 8 * lead;
  std::memcpy(p, &word, 8);
  p += 8 - lead;
  while (--byte >= 0) {
    std::memcpy(p, digits[(value >> (8 * byte)) & 0xFF].data(), 8);
    p += 8;
  }
  *p++ = ' ';
  return putCode(p, code);
}

void putDigits(char* p, uint64_t value, unsigned width) {
  const auto& digits = byteDigits();
  char* q = p + width;
  for (; width >= 8; width -= 8, value >>= 8) {
    q -= 8;
    std::memcpy(q, digits[value & 0xFF].data(), 8);
  }
  if (width > 0) std::memcpy(p, digits[value & 0xFF].data() + 8 - width, width);
}

char* putReal(char* p, Bits value, const Type& t, const VcdCode& code) {
  *p++ = 'r';
  // The shortest text that reads back as the same number of the channel's type: an
  // f32 0.1 is "0.1", not the 17 digits of the double it widens to (and half the work).
  if (t.kind == TypeKind::F32) {
    float f;
    uint32_t low = static_cast<uint32_t>(value);
    std::memcpy(&f, &low, sizeof f);
    p = std::to_chars(p, p + 40, f).ptr;
  } else {
    double d;
    std::memcpy(&d, &value, sizeof d);
    p = std::to_chars(p, p + 40, d).ptr;
  }
  *p++ = ' ';
  return putCode(p, code);
}

char* putUnknown(char* p, DataShape shape, const VcdCode& code) {
  switch (shape) {
  case DataShape::Bit: *p++ = 'x'; break;
  case DataShape::Vector:
    std::memcpy(p, "bx ", 3);
    p += 3;
    break;
  case DataShape::Real: // reals have no x
    std::memcpy(p, "r0 ", 3);
    p += 3;
    break;
  case DataShape::None: return p;
  }
  return putCode(p, code);
}

char* putData(char* p, DataShape shape, const Type& t, Bits value, const VcdCode& code) {
  switch (shape) {
  case DataShape::Bit: return putScalar(p, value & 1, code);
  case DataShape::Vector: return putVector(p, value & widthMask(t.width), code);
  case DataShape::Real: return putReal(p, value, t, code);
  case DataShape::None: break;
  }
  return p;
}

char* TimeStamp::put(char* p, uint64_t time) {
  if (time == time_ + 1) {
    int i = size_ - 1;
    while (i >= 0 && digits_[i] == '9')
      digits_[i--] = '0';
    if (i >= 0) {
      ++digits_[i];
    } else { // 99..9 + 1
      std::memmove(digits_ + 1, digits_, static_cast<size_t>(size_));
      digits_[0] = '1';
      ++size_;
    }
  } else if (time != time_) {
    size_ = static_cast<int>(std::to_chars(digits_, digits_ + sizeof digits_, time).ptr - digits_);
  }
  time_ = time;
  *p++ = '#';
  // The whole digit array (a fixed-size copy: no library call); callers leave room for
  // a stamp of that size, and only size_ of it counts.
  std::memcpy(p, digits_, sizeof digits_);
  p += size_;
  *p++ = '\n';
  return p;
}

} // namespace loom::traces
