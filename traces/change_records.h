// The changes of a trace as fixed-size binary records: what the VCD text of a change
// says (vcd_text.h), for a reader in this process (the FST writer, fst.cpp) that would
// otherwise print numbers as text only to parse them back. A trace writer (vcd.h) is
// given one of the two encodings, VcdText or ChangeRecords; the header (declarations,
// scopes, names) stays VCD text in both, and the records follow its $enddefinitions.
//
// A record is a tag byte and its operands, little-endian, unaligned:
//   kZero/kOne code:u32       a one-bit variable
//   kVector    code:u32 v:u64 a vector's value (the reader knows the width)
//   kReal      code:u32 bits:u64, with kRealF32 or kRealF64: the channel's value bits
//   kUnknown   code:u32       x (reals: 0, as the VCD has it)
//   kTime      t:u64          the time of the changes that follow
// A writer commits whole records (TraceOut's contract), so every block handed on ends
// at a record's end.
#pragma once

#include "traces/vcd_text.h"

#include <cstdint>
#include <cstring>

namespace loom::traces {

struct ChangeRecords {
  enum Tag : uint8_t { kZero, kOne, kVector, kRealF32, kRealF64, kUnknown, kTime };

  // A variable's number; in the header it is the VCD code of that number.
  struct Code {
    uint32_t n = 0;
    std::string str() const { return VcdCode::number(n).str(); }
  };
  static Code code(uint64_t n) { return {static_cast<uint32_t>(n)}; }

  static char* scalar(char* p, bool value, Code c) {
    *p++ = static_cast<char>(value ? kOne : kZero);
    return put32(p, c.n);
  }
  static char* vector(char* p, uint64_t value, Code c) {
    *p++ = static_cast<char>(kVector);
    return put64(put32(p, c.n), value);
  }
  static char* data(char* p, DataShape shape, const Type& t, Bits value, Code c) {
    switch (shape) {
    case DataShape::Bit: return scalar(p, value & 1, c);
    case DataShape::Vector: return vector(p, value & widthMask(t.width), c);
    case DataShape::Real:
      *p++ = static_cast<char>(t.kind == TypeKind::F32 ? kRealF32 : kRealF64);
      return put64(put32(p, c.n), static_cast<uint64_t>(value));
    case DataShape::None: break;
    }
    return p;
  }
  static char* unknown(char* p, DataShape shape, Code c) {
    if (shape == DataShape::None) return p;
    *p++ = static_cast<char>(kUnknown);
    return put32(p, c.n);
  }

  class Stamp {
  public:
    char* put(char* p, uint64_t time) {
      *p++ = static_cast<char>(kTime);
      return put64(p, time);
    }
  };

  // Around the initial values: nothing (VCD: $dumpvars ... $end).
  static constexpr const char* kValuesBegin = "";
  static constexpr const char* kValuesEnd = "";

  static char* put32(char* p, uint32_t v) {
    std::memcpy(p, &v, 4);
    return p + 4;
  }
  static char* put64(char* p, uint64_t v) {
    std::memcpy(p, &v, 8);
    return p + 8;
  }
  static uint32_t get32(const char* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  static uint64_t get64(const char* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
};

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "records are read back in the same process, as written");

} // namespace loom::traces
