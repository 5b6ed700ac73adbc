#include "traces/vcd_text.h"

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

namespace {

void appendCode(std::string& out, const VcdCode& code) {
  out.append(code.text, code.size);
  out.push_back('\n');
}

} // namespace

void appendScalar(std::string& out, bool value, const VcdCode& code) {
  out.push_back(value ? '1' : '0');
  appendCode(out, code);
}

void appendVector(std::string& out, uint64_t value, const VcdCode& code) {
  // Leading zeros left out: VCD extends a shorter vector with 0s.
  char buf[80];
  char* p = buf;
  *p++ = 'b';
  int top = value == 0 ? 0 : 63 - __builtin_clzll(value);
  for (int b = top; b >= 0; --b)
    *p++ = static_cast<char>('0' + ((value >> b) & 1));
  *p++ = ' ';
  out.append(buf, static_cast<size_t>(p - buf));
  appendCode(out, code);
}

void appendReal(std::string& out, Bits value, const Type& t, const VcdCode& code) {
  double d;
  if (t.kind == TypeKind::F32) {
    float f;
    uint32_t low = static_cast<uint32_t>(value);
    std::memcpy(&f, &low, sizeof f);
    d = f;
  } else {
    std::memcpy(&d, &value, sizeof d);
  }
  char buf[48];
  buf[0] = 'r';
  auto res = std::to_chars(buf + 1, buf + sizeof buf - 1, d);
  *res.ptr++ = ' ';
  out.append(buf, static_cast<size_t>(res.ptr - buf));
  appendCode(out, code);
}

void appendUnknown(std::string& out, DataShape shape, const VcdCode& code) {
  switch (shape) {
  case DataShape::Bit: out.push_back('x'); break;
  case DataShape::Vector: out.append("bx "); break;
  case DataShape::Real: out.append("r0 "); break; // reals have no x
  case DataShape::None: return;
  }
  appendCode(out, code);
}

void appendData(std::string& out, DataShape shape, const Type& t, Bits value, const VcdCode& code) {
  switch (shape) {
  case DataShape::Bit: appendScalar(out, value & 1, code); break;
  case DataShape::Vector: appendVector(out, value & widthMask(t.width), code); break;
  case DataShape::Real: appendReal(out, value, t, code); break;
  case DataShape::None: break;
  }
}

} // namespace loom::traces
