// Text helpers of the messages every layer writes.
#pragma once

#include <cstddef>
#include <string>

namespace loom {

// "1 operand", "3 operands": a count and its noun, plural unless the count is one.
inline std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace loom
