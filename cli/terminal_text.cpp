#include "cli/terminal_text.h"

#include "cli/demangle.h"

#include <algorithm>
#include <cctype>

namespace loom::cli {

namespace {

void replaceAll(std::string& s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

// "input 'd' (port 0)": the port's name says it.
void dropPortNumbers(std::string& s) {
  for (size_t at = s.find(" (port "); at != std::string::npos; at = s.find(" (port ", at)) {
    size_t end = at + 7;
    while (end < s.size() && std::isdigit(static_cast<unsigned char>(s[end])))
      ++end;
    if (end > at + 7 && end < s.size() && s[end] == ')')
      s.erase(at, end + 1 - at);
    else
      at = end;
  }
}

// "tests/app/vecsum/vecsum.cpp:32:0" as "vecsum.cpp:32:0": a line under a finding
// names the file of a place only (the finding's own line has the whole path).
void dropDirectories(std::string& s) {
  for (size_t colon = s.find(':'); colon != std::string::npos; colon = s.find(':', colon + 1)) {
    if (colon + 1 >= s.size() || !std::isdigit(static_cast<unsigned char>(s[colon + 1]))) continue;
    size_t start = s.find_last_of(" (", colon);
    start = start == std::string::npos ? 0 : start + 1;
    size_t slash = s.rfind('/', colon);
    if (slash == std::string::npos || slash < start || s.find('\'', start) < colon) continue;
    s.erase(start, slash + 1 - start);
    colon = start;
  }
}

} // namespace

TerminalText::TerminalText(const std::vector<std::string>& functions, size_t width)
    : width_(width) {
  for (const std::string& f : functions) {
    std::string s = shortFunctionName(f);
    if (!f.empty()) names_.emplace_back(f, s);
  }
  // A longer symbol first: "_Z3fooi_esi" before "_Z3fooi".
  std::sort(names_.begin(), names_.end(),
            [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  names_.erase(std::unique(names_.begin(), names_.end()), names_.end());
}

std::string TerminalText::line(std::string s) const {
  for (const auto& [symbol, shortName] : names_) {
    replaceAll(s, "'" + symbol + "/", "'"); // an op within its function
    if (shortName != symbol) replaceAll(s, symbol, shortName);
  }
  if (!width_) return s;
  dropPortNumbers(s);
  // A finding's own line, or the tool's, is wrapped; a line under it (an explained
  // finding, a step of a wait-for chain) is cut: --expand shows it whole.
  if (!s.empty() && s[0] != ' ') return wrapLine(s, width_, "    ");
  dropDirectories(s);
  return fitLine(s, width_);
}

std::string TerminalText::operator()(const std::string& text) const {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    out += line(text.substr(at, end - at));
    if (end < text.size()) out += '\n';
    at = end + 1;
  }
  return out;
}

std::string wrapLine(const std::string& line, size_t width, const std::string& indent) {
  std::string out, rest = line;
  while (rest.size() > width) {
    size_t at = rest.rfind(' ', width);
    if (at == std::string::npos || at <= indent.size()) return out + fitLine(rest, width);
    out += rest.substr(0, at) + "\n";
    rest = indent + rest.substr(at + 1);
  }
  return out + rest;
}

std::string fitLine(const std::string& line, size_t width) {
  if (line.size() <= width) return line;
  static const std::string cut = " ...";
  std::string tag;
  size_t open = line.rfind(" [");
  if (!line.empty() && line.back() == ']' && open != std::string::npos &&
      line.size() - open + cut.size() < width / 2)
    tag = line.substr(open);
  size_t keep = width - cut.size() - tag.size();
  // Not in the middle of a UTF-8 sequence.
  while (keep > 0 && (static_cast<unsigned char>(line[keep]) & 0xC0) == 0x80)
    --keep;
  return line.substr(0, keep) + cut + tag;
}

} // namespace loom::cli
