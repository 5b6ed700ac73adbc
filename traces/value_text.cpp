#include "traces/value_text.h"

#include <charconv>
#include <cstring>

namespace loom::traces {

char* putValue(char* p, Bits value, const Type& t) {
  char* end = p + kMaxValueText;
  if (t.kind == TypeKind::F32) {
    float f;
    uint32_t low = static_cast<uint32_t>(value);
    std::memcpy(&f, &low, sizeof f);
    return std::to_chars(p, end, f).ptr;
  }
  if (t.kind == TypeKind::F64) {
    double d;
    std::memcpy(&d, &value, sizeof d);
    return std::to_chars(p, end, d).ptr;
  }
  if (t.width == 0) {
    *p++ = '-';
    return p;
  }
  if (t.width == 1) {
    *p++ = (value & 1) ? '1' : '0';
    return p;
  }
  if (t.kind == TypeKind::F16) {
    *p++ = '0';
    *p++ = 'x';
    return std::to_chars(p, end, value & 0xFFFF, 16).ptr;
  }
  return std::to_chars(p, end, signExtend(value, t.width)).ptr;
}

std::string valueText(Bits value, const Type& t) {
  char buf[kMaxValueText];
  return std::string(buf, putValue(buf, value, t));
}

} // namespace loom::traces
