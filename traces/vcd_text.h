// The VCD text of identifiers and values (IEEE 1364 section 18, "Value change dump"):
// the pieces vcd.cpp writes for every change. Each put* writes one complete
// value-change line ('\n' included) at `p`, which must have kMaxLine bytes of room, and
// returns where it ended (see text_buffer.h).
#pragma once

#include "ir/types.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace loom::traces {

constexpr size_t kMaxLine = 96;

// A variable's identifier code: printable ASCII '!'..'~', base 94, shortest first.
// Kept in 8 bytes so that writing one is a single fixed-size copy.
struct VcdCode {
  char text[8] = {};
  uint8_t size = 0;
  static VcdCode number(uint64_t n);
  std::string str() const { return std::string(text, size); }
};

// How a channel's data is shown. Integers and index as bit vectors of their width
// (i1 as a scalar bit), f32/f64 as `real` variables (viewers show the number), none
// has no data variable.
enum class DataShape : uint8_t { None, Bit, Vector, Real };
DataShape dataShape(const Type& t);
// Declared width of a data variable ($var ... <width>): 64 for reals.
unsigned dataWidth(const Type& t);
// The range of a vector of `width` bits, "[31:0]" ("" for one bit): declared after the
// variable's name, and part of the name GTKWave shows ("data[31:0]").
std::string vcdRange(unsigned width);

// "1!"; inline: the most frequent line by far.
inline char* putScalar(char* p, bool value, const VcdCode& code) {
  *p++ = value ? '1' : '0';
  std::memcpy(p, code.text, sizeof code.text);
  p += code.size;
  *p++ = '\n';
  return p;
}
char* putVector(char* p, uint64_t value, const VcdCode& code);          // "b101 !"
char* putReal(char* p, Bits value, const Type& t, const VcdCode& code); // "r1.5 !"
char* putUnknown(char* p, DataShape shape, const VcdCode& code);        // "x!", "bx !"
// Exactly `width` binary digits of `value` (most significant first, no '\n'): the
// text of a value as GTKWave's FST writer takes it.
void putDigits(char* p, uint64_t value, unsigned width);

// A data value in the shape of its type.
char* putData(char* p, DataShape shape, const Type& t, Bits value, const VcdCode& code);
// "#<time>\n". Time stamps mostly go up by one, so the decimal text is kept and
// incremented in place rather than converted anew for every cycle. put() writes up to
// kMaxStamp bytes past p (fewer count).
class TimeStamp {
public:
  static constexpr size_t kMaxStamp = 26;
  char* put(char* p, uint64_t time);

private:
  uint64_t time_ = 0;
  char digits_[24] = {'0'};
  int size_ = 1;
};

// The VCD text encoding of a trace writer (vcd.h; the other is change_records.h).
struct VcdText {
  using Code = VcdCode;
  using Stamp = TimeStamp;
  static Code code(uint64_t n) { return VcdCode::number(n); }
  static char* scalar(char* p, bool value, const Code& c) { return putScalar(p, value, c); }
  static char* vector(char* p, uint64_t value, const Code& c) { return putVector(p, value, c); }
  static char* data(char* p, DataShape shape, const Type& t, Bits value, const Code& c) {
    return putData(p, shape, t, value, c);
  }
  static char* unknown(char* p, DataShape shape, const Code& c) { return putUnknown(p, shape, c); }
  static constexpr const char* kValuesBegin = "$dumpvars\n";
  static constexpr const char* kValuesEnd = "$end\n";
};

} // namespace loom::traces
