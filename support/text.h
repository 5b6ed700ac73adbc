// Text helpers of the messages every layer writes.
#pragma once

#include <cstddef>
#include <cstdint>
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

// FNV-1a, 64 bits, of `text` continuing from `h`: a hash that is the same on every
// machine and build (std::hash need not be), for cache keys and fingerprints.
inline uint64_t fnv1a(const std::string& text, uint64_t h = 14695981039346656037ull) {
  for (unsigned char c : text)
    h = (h ^ c) * 1099511628211ull;
  return h;
}

// Text as HTML or XML character data or a quoted attribute's value: & < > " ' as
// references; the control characters XML cannot hold (all but tab, newline and carriage
// return) as '?'. JUnit files, the sweep's page.
std::string htmlText(const std::string& s);

// The closest of `candidates` to `word` (edit distance at most a third of the word, at
// least 1; or `word` a prefix of exactly one candidate); "" if none is close: the "did you
// mean" of a misspelt command, option, manifest key or timing field.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);

} // namespace loom
