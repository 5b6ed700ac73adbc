// The VCD text of identifiers and values (IEEE 1364 section 18, "Value change dump"):
// the pieces vcd.cpp writes for every change, kept small and allocation-free.
#pragma once

#include "lowering/ir/types.h"

#include <cstdint>
#include <string>

namespace loom::traces {

// A variable's identifier code: printable ASCII '!'..'~', base 94, shortest first.
struct VcdCode {
  char text[6] = {};
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

// Appenders. Each writes one complete value-change line, '\n' included.
void appendScalar(std::string& out, bool value, const VcdCode& code);              // "1!"
void appendVector(std::string& out, uint64_t value, const VcdCode& code);          // "b101 !"
void appendReal(std::string& out, Bits value, const Type& t, const VcdCode& code); // "r1.5 !"
void appendUnknown(std::string& out, DataShape shape, const VcdCode& code);        // "x!", "bx !"
// A data value in the shape of its type.
void appendData(std::string& out, DataShape shape, const Type& t, Bits value, const VcdCode& code);

} // namespace loom::traces
