// Text helpers of the messages every layer writes.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace loom {

// "1 operand", "3 operands": a count and its noun, plural unless the count is one.
inline std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// `s` and spaces up to `width` characters (a table's column; longer text is kept whole).
inline std::string padRight(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}
// Spaces and `s`, right-aligned in `width` characters (a column of figures).
inline std::string padLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// The closest of `candidates` to `word` (edit distance at most a third of the word, at
// least 1; or `word` a prefix of exactly one candidate); "" if none is close: the "did you
// mean" of a misspelt command, option, manifest key or timing field.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);

} // namespace loom
