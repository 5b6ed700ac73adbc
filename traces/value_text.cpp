#include "traces/value_text.h"

#include <charconv>
#include <cstring>

namespace loom::traces {

void appendValue(std::string& out, Bits value, const Type& t) {
  char buf[48];
  std::to_chars_result r{buf, std::errc()};
  if (t.kind == TypeKind::F32) {
    float f;
    uint32_t low = static_cast<uint32_t>(value);
    std::memcpy(&f, &low, sizeof f);
    r = std::to_chars(buf, buf + sizeof buf, f);
  } else if (t.kind == TypeKind::F64) {
    double d;
    std::memcpy(&d, &value, sizeof d);
    r = std::to_chars(buf, buf + sizeof buf, d);
  } else if (t.width == 0) {
    out.push_back('-');
    return;
  } else if (t.width == 1) {
    out.push_back((value & 1) ? '1' : '0');
    return;
  } else if (t.kind == TypeKind::F16) {
    out.append("0x");
    r = std::to_chars(buf, buf + sizeof buf, value & 0xFFFF, 16); // raw bits, hex
  } else {
    r = std::to_chars(buf, buf + sizeof buf, signExtend(value, t.width));
  }
  out.append(buf, static_cast<size_t>(r.ptr - buf));
}

std::string valueText(Bits value, const Type& t) {
  std::string s;
  appendValue(s, value, t);
  return s;
}

} // namespace loom::traces
