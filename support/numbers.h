// How loom-sim prints a count to a person: digits grouped by commas ("1,234,567"), in
// every message, summary and table alike (machine-read outputs print plain digits).
#pragma once

#include <cstdint>
#include <string>

namespace loom {

inline std::string withCommas(uint64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<size_t>(i), ",");
  return s;
}

} // namespace loom
