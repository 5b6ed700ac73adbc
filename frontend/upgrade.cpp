#include "frontend/upgrade.h"

#include <algorithm>
#include <cctype>
#include <string_view>

namespace loom {
namespace {

bool isIdent(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}
bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// One rewrite of a line: `len` characters at byte offset `pos` become `text`. `label`
// names it in the change summary.
struct Rewrite {
  size_t pos;
  size_t len;
  std::string text;
  std::string label;
};

// Calls at(i) for every position i of `code` outside string literals, in order; at
// returns the last position it consumed (i itself when it took nothing).
template <typename F> void outsideStrings(std::string_view code, F&& at) {
  bool inStr = false;
  for (size_t i = 0; i < code.size(); ++i) {
    char c = code[i];
    if (inStr) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inStr = false;
    } else if (c == '"') {
      inStr = true;
    } else {
      i = at(i);
    }
  }
}

// The end of a line's code: the start of a `//` comment outside string literals.
size_t codeEnd(std::string_view line) {
  size_t end = line.size();
  outsideStrings(line, [&](size_t i) {
    if (line[i] != '/' || i + 1 >= line.size() || line[i + 1] != '/') return i;
    end = i;
    return line.size(); // stop
  });
  return end;
}

size_t skipSpace(std::string_view s, size_t i) {
  while (i < s.size() && isSpace(s[i]))
    ++i;
  return i;
}

size_t identEnd(std::string_view s, size_t i) {
  while (i < s.size() && isIdent(s[i]))
    ++i;
  return i;
}

// After the leading blanks and an optional result list (`%x = `, `%a:2 = `,
// `%a, %b = `): where the op name starts, or npos if the line starts otherwise.
size_t opPosition(std::string_view code) {
  size_t i = skipSpace(code, 0);
  if (i >= code.size() || code[i] != '%') return i;
  while (true) {
    if (i >= code.size() || code[i] != '%') return std::string_view::npos;
    size_t e = identEnd(code, i + 1);
    if (e == i + 1) return std::string_view::npos;
    i = e;
    if (i < code.size() && code[i] == ':') { // %a:2
      size_t d = i + 1;
      while (d < code.size() && std::isdigit(static_cast<unsigned char>(code[d])))
        ++d;
      if (d == i + 1) return std::string_view::npos;
      i = d;
    }
    i = skipSpace(code, i);
    if (i < code.size() && code[i] == ',') {
      i = skipSpace(code, i + 1);
      continue;
    }
    if (i < code.size() && code[i] == '=') return skipSpace(code, i + 1);
    return std::string_view::npos;
  }
}

// The index just past the bracket group that opens at `i` (`[`, `<`, `{`, `(`), or npos.
size_t groupEnd(std::string_view s, size_t i) {
  int depth = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '[' || c == '<' || c == '{' || c == '(')
      ++depth;
    else if (c == ']' || c == '>' || c == '}' || c == ')') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

bool startsWithWord(std::string_view s, size_t i, std::string_view w) {
  return s.substr(i, w.size()) == w && (i + w.size() >= s.size() || !isIdent(s[i + w.size()]));
}

// `memref.expand_shape %m [[0, 1]] : memref<6xi32> into memref<2x3xi32>` (op name ends
// at `i`): the `output_shape [2, 3]` MLIR 22 requires, if missing and the result shape
// is static.
void expandShape(std::string_view code, size_t i, std::string_view op, std::vector<Rewrite>& out) {
  i = skipSpace(code, i);
  if (i >= code.size() || code[i] != '%') return;
  i = identEnd(code, i + 1);
  i = skipSpace(code, i);
  if (i >= code.size() || code[i] != '[') return;
  size_t reEnd = groupEnd(code, i);
  if (reEnd == std::string_view::npos) return;
  i = skipSpace(code, reEnd);
  if (startsWithWord(code, i, "output_shape")) return; // already current
  if (i < code.size() && code[i] == '{') {             // attribute dictionary
    i = groupEnd(code, i);
    if (i == std::string_view::npos) return;
    i = skipSpace(code, i);
  }
  if (i >= code.size() || code[i] != ':') return;
  i = skipSpace(code, i + 1);
  size_t e = identEnd(code, i); // source type
  if (e >= code.size() || code[e] != '<') return;
  i = groupEnd(code, e);
  if (i == std::string_view::npos) return;
  i = skipSpace(code, i);
  if (!startsWithWord(code, i, "into")) return;
  i = skipSpace(code, i + 4);
  e = identEnd(code, i);
  if (e >= code.size() || code[e] != '<') return;
  i = e + 1;
  // Dimensions: `2x3x` before the element type; any `?` leaves the op alone.
  std::vector<std::string> dims;
  while (true) {
    size_t d = i;
    if (d < code.size() && code[d] == '?') return;
    while (d < code.size() && std::isdigit(static_cast<unsigned char>(code[d])))
      ++d;
    if (d == i || d >= code.size() || code[d] != 'x') break;
    dims.emplace_back(code.substr(i, d - i));
    i = d + 1;
  }
  if (dims.empty()) return;
  std::string ins = " output_shape [";
  for (size_t k = 0; k < dims.size(); ++k)
    ins += (k ? ", " : "") + dims[k];
  ins += "]";
  out.push_back({reEnd, 0, ins, std::string(op) + ": output_shape added"});
}

struct OpRename {
  std::string_view from;
  std::string_view to;
  // Extra requirement on what follows the name: 0 none, '@' a symbol after blanks
  // (optionally after private/public/nested), ' ' at least one blank.
  char follow;
};

// Old op names at an op position and their current ones.
const OpRename kOpRenames[] = {
    {"func", "func.func", '@'},
    {"builtin.func", "func.func", '@'},
    {"return", "func.return", 0},
    {"std.return", "func.return", 0},
    {"call", "func.call", '@'},
    {"std.call", "func.call", 0},
    {"call_indirect", "func.call_indirect", 0},
    {"std.call_indirect", "func.call_indirect", 0},
    {"select", "arith.select", ' '},
    {"std.select", "arith.select", 0},
    {"br", "cf.br", ' '},
    {"std.br", "cf.br", 0},
    {"cond_br", "cf.cond_br", ' '},
    {"std.cond_br", "cf.cond_br", 0},
    {"assert", "cf.assert", ' '},
    {"std.assert", "cf.assert", 0},
    {"switch", "cf.switch", ' '},
    {"std.switch", "cf.switch", 0},
    {"arith.maxf", "arith.maximumf", 0},
    {"arith.minf", "arith.minimumf", 0},
    {"math.abs", "math.absf", 0},
};

// Runtime print functions, renamed wherever they are referenced as @symbol.
const OpRename kSymbolRenames[] = {
    {"print_memref_i8", "printMemrefI8", 0},   {"print_memref_i32", "printMemrefI32", 0},
    {"print_memref_i64", "printMemrefI64", 0}, {"print_memref_f32", "printMemrefF32", 0},
    {"print_memref_f64", "printMemrefF64", 0},
};

bool followOk(std::string_view code, size_t end, char follow) {
  if (follow == 0) return true;
  size_t i = skipSpace(code, end);
  if (follow == ' ') return i > end && i < code.size();
  if (i == end) return false; // `func@f` is not `func @f`
  for (std::string_view vis : {"private", "public", "nested"})
    if (startsWithWord(code, i, vis)) {
      i = skipSpace(code, i + vis.size());
      break;
    }
  return i < code.size() && code[i] == '@';
}

// MLIR 14's shorthand strided layout in a memref type, `memref<4xf32, offset: 2,
// strides: [1]>`, which MLIR 22 no longer parses: `, offset: O, strides: [S]` right
// before the type's `>` becomes `, strided<[S], offset: O>` (outside string literals).
void oldStridedLayouts(std::string_view code, std::vector<Rewrite>& out) {
  const std::string_view key = ", offset:";
  outsideStrings(code, [&](size_t i) {
    if (code.substr(i, key.size()) != key) return i;
    size_t j = skipSpace(code, i + key.size());
    size_t offStart = j;
    if (j < code.size() && (code[j] == '?' || code[j] == '-')) ++j;
    while (j < code.size() && std::isdigit(static_cast<unsigned char>(code[j])))
      ++j;
    std::string_view off = code.substr(offStart, j - offStart);
    if (off.empty() || off == "-" || (off[0] == '?' && off.size() > 1)) return i;
    j = skipSpace(code, j);
    if (j >= code.size() || code[j] != ',') return i;
    j = skipSpace(code, j + 1);
    if (!startsWithWord(code, j, "strides") || code.substr(j + 7, 1) != ":") return i;
    j = skipSpace(code, j + 8);
    if (j >= code.size() || code[j] != '[') return i;
    size_t close = code.find(']', j);
    if (close == std::string_view::npos) return i;
    std::string_view strides = code.substr(j + 1, close - j - 1);
    if (strides.find_first_not_of("0123456789?-, \t") != std::string_view::npos) return i;
    size_t end = skipSpace(code, close + 1);
    if (end >= code.size() || code[end] != '>') return i;
    std::string text =
        ", strided<[" + std::string(strides) + "], offset: " + std::string(off) + ">";
    out.push_back(
        {i, end - i, text, "memref<..., offset: O, strides: [S]> -> strided<[S], offset: O>"});
    return end - 1;
  });
}

// Every rewrite of one line, in increasing position.
std::vector<Rewrite> rewritesOf(std::string_view line) {
  std::vector<Rewrite> out;
  std::string_view code = line.substr(0, codeEnd(line));
  size_t op = opPosition(code);
  if (op != std::string_view::npos && op < code.size()) {
    size_t e = identEnd(code, op);
    std::string_view name = code.substr(op, e - op);
    for (const auto& r : kOpRenames)
      if (name == r.from && followOk(code, e, r.follow)) {
        std::string label = std::string(r.from) + " -> " + std::string(r.to);
        // `constant @f` style: the summary shows the symbol form for func.
        if (r.to == "func.func") label = std::string(r.from) + " @f -> func.func @f";
        out.push_back({op, name.size(), std::string(r.to), label});
        break;
      }
    if (name == "constant" || name == "std.constant") {
      size_t i = skipSpace(code, e);
      if (i > e && i < code.size()) {
        std::string_view to = code[i] == '@' ? "func.constant" : "arith.constant";
        out.push_back(
            {op, name.size(), std::string(to), std::string(name) + " -> " + std::string(to)});
      }
    }
    if (name == "memref.expand_shape" || name == "tensor.expand_shape")
      expandShape(code, e, name, out);
  }
  // @print_memref_* references outside strings.
  outsideStrings(code, [&](size_t i) {
    if (code[i] != '@') return i;
    size_t e = identEnd(code, i + 1);
    std::string_view sym = code.substr(i + 1, e - i - 1);
    for (const auto& r : kSymbolRenames)
      if (sym == r.from) {
        out.push_back({i + 1, sym.size(), std::string(r.to),
                       std::string(r.from) + " -> " + std::string(r.to)});
        break;
      }
    return e - 1;
  });
  oldStridedLayouts(code, out);
  std::sort(out.begin(), out.end(),
            [](const Rewrite& a, const Rewrite& b) { return a.pos < b.pos; });
  return out;
}

// Calls f(lineNumber, lineText) for every line (without its '\n').
template <class F> void forEachLine(const std::string& text, F&& f) {
  size_t start = 0;
  uint32_t no = 1;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl;
    if (!f(no, std::string_view(text).substr(start, end - start))) return;
    if (nl == std::string::npos) break;
    start = nl + 1;
    ++no;
  }
}

} // namespace

Upgraded upgradeMlir14(const std::string& text) {
  Upgraded u;
  std::vector<std::pair<std::string, unsigned>> counts; // label, count
  u.text.reserve(text.size() + text.size() / 16);
  forEachLine(text, [&](uint32_t no, std::string_view line) {
    if (no > 1) u.text += '\n';
    size_t done = 0;
    int32_t shift = 0; // new column - old column so far on this line
    for (const Rewrite& r : rewritesOf(line)) {
      u.text.append(line.substr(done, r.pos - done));
      std::string_view old = line.substr(r.pos, r.len);
      // Common prefix and suffix of the old and new text; the rest is one edit.
      size_t p = 0;
      while (p < old.size() && p < r.text.size() && old[p] == r.text[p])
        ++p;
      size_t s = 0;
      while (s < old.size() - p && s < r.text.size() - p &&
             old[old.size() - 1 - s] == r.text[r.text.size() - 1 - s])
        ++s;
      int32_t delta = int32_t(r.text.size()) - int32_t(old.size());
      // The changed middle: old [p, old.size()-s) became new [p, new.size()-s). Its
      // first min(len) characters are a replacement in place; the surplus is the
      // insertion (or removal) just after them.
      size_t oldMid = old.size() - p - s, newMid = r.text.size() - p - s;
      size_t at = r.pos + p + std::min(oldMid, newMid); // old offset on the line
      if (delta != 0) u.edits.push_back({no, uint32_t(int64_t(at) + shift + 1), delta});
      shift += delta;
      u.text += r.text;
      done = r.pos + r.len;
      auto it = std::find_if(counts.begin(), counts.end(),
                             [&](const auto& c) { return c.first == r.label; });
      if (it == counts.end())
        counts.push_back({r.label, 1});
      else
        ++it->second;
    }
    u.text.append(line.substr(done));
    return true;
  });
  for (const auto& [label, n] : counts)
    u.changes.push_back(n > 1 ? label + " (" + std::to_string(n) + "x)" : label);
  return u;
}

uint32_t originalColumn(const Upgraded& u, uint32_t line, uint32_t newCol) {
  auto it = std::lower_bound(u.edits.begin(), u.edits.end(), line,
                             [](const UpgradeEdit& e, uint32_t l) { return e.line < l; });
  int64_t shift = 0; // new - old for everything before newCol
  for (; it != u.edits.end() && it->line == line; ++it) {
    const UpgradeEdit& e = *it;
    if (newCol < e.col) break;
    if (e.delta > 0) {
      if (newCol < e.col + uint32_t(e.delta)) return uint32_t(int64_t(e.col) - shift);
    }
    shift += e.delta;
  }
  int64_t col = int64_t(newCol) - shift;
  return col < 1 ? 1 : uint32_t(col);
}

bool looksLikeMlir14(const std::string& text) {
  bool found = false;
  forEachLine(text, [&](uint32_t, std::string_view line) {
    found = !rewritesOf(line).empty();
    return !found;
  });
  return found;
}

} // namespace loom
