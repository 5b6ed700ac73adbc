// How loom-sim prints a count to a person: digits grouped by commas ("1,234,567"), in
// every message, summary and table alike (machine-read outputs print plain digits).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace loom {

inline std::string withCommas(uint64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
    s.insert(static_cast<size_t>(i), ",");
  return s;
}

// An II or a ratio as the tables and texts show it: two decimals ("13.17").
inline std::string twoDecimals(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

} // namespace loom
