// What `run` shows on the terminal of its findings: each function by the name its C++
// source gives it (LLVM's demangler), each op by its name within its function (the line's
// tag names the function), and, by default, lines of at most kWidth characters (`--expand`:
// whole lines). The JSON report keeps every name as the network spells it.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace loom::cli {

class TerminalText {
public:
  static constexpr size_t kWidth = 160;

  // `functions`: the names a network or a program's function may be written with;
  // `width`: the longest line (0: lines as long as they are).
  TerminalText(const std::vector<std::string>& functions, size_t width);

  // `text`, line by line, as the terminal shows it.
  std::string operator()(const std::string& text) const;
  // Whether ops are named within their functions: a line then needs its function's tag.
  bool shortens() const { return !names_.empty(); }

private:
  std::string line(std::string s) const;
  std::vector<std::pair<std::string, std::string>> names_; // symbol, short name
  size_t width_;
};

// `line` in lines of at most `width` characters, broken at spaces, each after the first
// starting with `indent` (a word longer than a line is cut).
std::string wrapLine(const std::string& line, size_t width, const std::string& indent);

// `line` cut to `width` characters: the end of a line that closes a "[...]" tag keeps
// it, the cut marked " ...".
std::string fitLine(const std::string& line, size_t width);

} // namespace loom::cli
