// The "did you mean" of the messages (support/text.h).
#include "support/text.h"

#include <algorithm>

namespace loom {

namespace {

size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

} // namespace

std::string closest(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t bestDistance = std::max<size_t>(1, word.size() / 3) + 1;
  for (const std::string& c : candidates) {
    size_t d = editDistance(word, c);
    if (d < bestDistance) bestDistance = d, best = c;
  }
  if (!best.empty()) return best;
  std::vector<std::string> prefixed;
  for (const std::string& c : candidates)
    if (word.size() >= 3 && c.compare(0, word.size(), word) == 0) prefixed.push_back(c);
  return prefixed.size() == 1 ? prefixed[0] : "";
}

std::string htmlText(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&#39;"; break;
    default: out += c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? '?' : static_cast<char>(c);
    }
  }
  return out;
}

} // namespace loom
