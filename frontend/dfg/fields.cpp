#include "lowering/dfg/text_attrs.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace loom::dfg::text {

namespace {

// ---- name tables ---------------------------------------------------------------------

const char* const kDomainNames[] = {"entry",          "loop_body", "loop_boundary", "loop_exit",
                                    "loop_body_tail", "if_then",   "if_else",       "guard_enter",
                                    "guard_skip",     "unknown"};
const char* const kCountNames[] = {"invocations", "activations", "non_empty",
                                   "iterations",  "then",        "else"};
const char* const kScopeKindNames[] = {"function", "loop_body", "loop_before",
                                       "if_then",  "if_else",   "guard"};

template <typename Enum, size_t N>
bool fromName(const char* const (&names)[N], std::string_view name, Enum& out) {
  for (size_t i = 0; i < N; ++i)
    if (name == names[i]) {
      out = static_cast<Enum>(i);
      return true;
    }
  return false;
}

// ---- rates ---------------------------------------------------------------------------

// Domains and counts that belong to no scf op print their op only when it is not 0.
bool domainNamesOp(Rate::Domain d) {
  return d != Rate::Domain::FunctionEntry && d != Rate::Domain::Unknown;
}
bool countNamesOp(Count c) {
  return c != Count::Invocations;
}

std::string opSuffix(uint32_t op, bool always) {
  return always || op != 0 ? "#" + std::to_string(op) : std::string();
}

// Magnitude of an int64 as unsigned, without overflow for INT64_MIN.
uint64_t magnitude(int64_t v) {
  return v < 0 ? 0 - static_cast<uint64_t>(v) : v;
}

void appendTerm(std::string& s, const RateTerm& t, bool first) {
  if (first)
    s += t.coef < 0 ? "-" : "";
  else
    s += t.coef < 0 ? " - " : " + ";
  if (magnitude(t.coef) != 1) s += std::to_string(magnitude(t.coef)) + "*";
  s += kCountNames[static_cast<int>(t.count)];
  s += opSuffix(t.op, countNamesOp(t.count));
  if (t.ctx.empty()) return;
  s += "[";
  for (char c : t.ctx) {
    if (c == ']' || c == '\\') s += '\\';
    s += c;
  }
  s += "]";
}

// A small cursor over a rate's text.
struct RateScanner {
  std::string_view s;
  size_t pos = 0;
  std::string error;

  void skipSpaces() {
    while (pos < s.size() && s[pos] == ' ')
      ++pos;
  }
  bool atEnd() {
    skipSpaces();
    return pos == s.size();
  }
  bool accept(char c) {
    skipSpaces();
    if (pos < s.size() && s[pos] == c) return ++pos, true;
    return false;
  }
  std::string_view word() {
    skipSpaces();
    size_t b = pos;
    while (pos < s.size() && (std::isalpha(static_cast<unsigned char>(s[pos])) || s[pos] == '_'))
      ++pos;
    return s.substr(b, pos - b);
  }
  bool number(uint64_t& v) {
    skipSpaces();
    auto [p, ec] = std::from_chars(s.data() + pos, s.data() + s.size(), v);
    if (ec != std::errc() || p == s.data() + pos) return false;
    pos = p - s.data();
    return true;
  }
  bool fail(std::string msg) {
    error = std::move(msg);
    return false;
  }
  // [`#` number]
  bool opId(uint32_t& op) {
    op = 0;
    if (!accept('#')) return true;
    uint64_t v;
    if (!number(v) || v > UINT32_MAX) return fail("expected an op id after '#'");
    op = static_cast<uint32_t>(v);
    return true;
  }
  // [`[` ctx `]`], `]` and `\` escaped by `\`
  bool context(std::string& ctx) {
    if (!accept('[')) return true;
    for (; pos < s.size() && s[pos] != ']'; ++pos) {
      if (s[pos] == '\\' && pos + 1 < s.size()) ++pos;
      ctx += s[pos];
    }
    if (pos == s.size()) return fail("unterminated '[' (a term's context)");
    ++pos;
    return true;
  }
  // [number `*`] count [`#` op] [`[` ctx `]`]
  bool term(bool negative, RateTerm& t) {
    uint64_t mag = 1;
    size_t save = pos;
    if (number(mag) && !accept('*')) return fail("expected '*' after a coefficient");
    if (pos == save) mag = 1;
    if (mag > (negative ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX)))
      return fail("coefficient out of range");
    t.coef = negative ? static_cast<int64_t>(0 - mag) : static_cast<int64_t>(mag);
    std::string_view name = word();
    if (!fromName(kCountNames, name, t.count))
      return fail("unknown count '" + std::string(name) + "'");
    return opId(t.op) && context(t.ctx);
  }
};

} // namespace

std::string rateText(const Rate& r) {
  std::string s = kDomainNames[static_cast<int>(r.domain)];
  s += opSuffix(r.op, domainNamesOp(r.domain));
  for (size_t i = 0; i < r.terms.size(); ++i) {
    if (i == 0) s += " = ";
    appendTerm(s, r.terms[i], i == 0);
  }
  return s;
}

bool parseRate(std::string_view text, Rate& out, std::string& error) {
  RateScanner sc;
  sc.s = text;
  Rate r;
  std::string_view domain = sc.word();
  bool ok = fromName(kDomainNames, domain, r.domain);
  if (!ok) sc.fail("unknown rate domain '" + std::string(domain) + "'");
  ok = ok && sc.opId(r.op);
  if (ok && sc.accept('=')) {
    bool negative = sc.accept('-');
    for (;;) {
      RateTerm t;
      if (!(ok = sc.term(negative, t))) break;
      r.terms.push_back(t);
      if (sc.accept('+'))
        negative = false;
      else if (sc.accept('-'))
        negative = true;
      else
        break;
    }
  }
  if (ok && !sc.atEnd()) ok = sc.fail("unexpected '" + std::string(text.substr(sc.pos)) + "'");
  if (!ok) {
    error = sc.error;
    return false;
  }
  out = std::move(r);
  return true;
}

bool isDefaultRate(const Rate& r) {
  return r.domain == Rate::Domain::Unknown && r.op == 0 && r.terms.empty();
}

// ---- scopes and buffers -------------------------------------------------------------

const char* scopeKindName(Scope::Kind k) {
  return kScopeKindNames[static_cast<int>(k)];
}
bool scopeKindFromName(std::string_view name, Scope::Kind& out) {
  return fromName(kScopeKindNames, name, out);
}
const char* bufferKindName(bool fifo) {
  return fifo ? "fifo" : "seq";
}
bool bufferKindFromName(std::string_view name, bool& fifo) {
  if (name != "fifo" && name != "seq") return false;
  fifo = name == "fifo";
  return true;
}

// ---- values ---------------------------------------------------------------------------

namespace {

std::string hexBits(Bits b, unsigned width) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%0*llX", static_cast<int>(width / 4),
                static_cast<unsigned long long>(b & widthMask(width)));
  return buf;
}

// Shortest decimal that reads back to the same float, with a '.' as MLIR's lexer
// requires of a float literal ("1e+10" would lex as the integer 1).
template <typename F> std::string shortestDecimal(F v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, end);
  if (s.find('.') == std::string::npos) {
    size_t e = s.find('e');
    s.insert(e == std::string::npos ? s.size() : e, ".0");
  }
  return s;
}

std::string floatText(Bits b, const Type& t) {
  if (t.kind == TypeKind::F32) {
    float f = f32FromBits(b);
    if (std::isfinite(f)) return shortestDecimal(f);
  } else if (t.kind == TypeKind::F64) {
    double d = f64FromBits(b);
    if (std::isfinite(d)) return shortestDecimal(d);
  }
  return hexBits(b, t.width); // NaN, infinities and every f16
}

// Integer literal (decimal, or hex with 0x) -> two's complement bits that must fit in
// `width` bits as a signed or as an unsigned number, as MLIR requires.
bool intBits(std::string_view s, unsigned width, Bits& out, std::string& error) {
  bool negative = !s.empty() && s[0] == '-';
  std::string_view digits = negative ? s.substr(1) : s;
  bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  uint64_t mag = 0;
  const char* b = digits.data() + (hex ? 2 : 0);
  const char* e = digits.data() + digits.size();
  auto [p, ec] = std::from_chars(b, e, mag, hex ? 16 : 10);
  if (ec == std::errc::result_out_of_range ||
      (p == e && width < 64 && !negative && mag > widthMask(width))) {
    error = "integer " + std::string(s) + " does not fit in " + std::to_string(width) + " bits";
    return false;
  }
  if (ec != std::errc() || p != e) {
    error = "malformed integer '" + std::string(s) + "'";
    return false;
  }
  if (negative) {
    uint64_t limit = width >= 64 ? uint64_t(1) << 63 : uint64_t(1) << (width - 1);
    if (mag > limit) {
      error = "integer " + std::string(s) + " does not fit in " + std::to_string(width) + " bits";
      return false;
    }
    mag = 0 - mag;
  }
  out = mag & widthMask(width);
  return true;
}

bool floatBits(std::string_view s, const Type& t, Bits& out, std::string& error) {
  const char* b = s.data();
  const char* e = s.data() + s.size();
  std::from_chars_result r{};
  if (t.kind == TypeKind::F32) {
    float f = 0;
    r = std::from_chars(b, e, f);
    out = bitsFromF32(f);
  } else if (t.kind == TypeKind::F64) {
    double d = 0;
    r = std::from_chars(b, e, d);
    out = bitsFromF64(d);
  } else {
    error = "write " + t.str() + " values as hexadecimal bits (0x...)";
    return false;
  }
  if (r.ec == std::errc::result_out_of_range) {
    error = "float " + std::string(s) + " is out of range for " + t.str();
    return false;
  }
  if (r.ec != std::errc() || r.ptr != e) {
    error = "malformed float '" + std::string(s) + "'";
    return false;
  }
  return true;
}

} // namespace

std::string valueText(Bits b, const Type& t) {
  switch (t.kind) {
  case TypeKind::None: return "unit";
  case TypeKind::Integer:
    if (t.width == 1) return b & 1 ? "true" : "false";
    return std::to_string(signExtend(b, t.width)) + " : " + t.str();
  case TypeKind::Index: return std::to_string(static_cast<int64_t>(b)) + " : index";
  case TypeKind::F16:
  case TypeKind::F32:
  case TypeKind::F64: return floatText(b, t) + " : " + t.str();
  case TypeKind::MemRef:
  case TypeKind::UnrankedMemRef: break;
  }
  return "unit"; // no value of a memref type travels on a channel
}

bool valueFromLiteral(LiteralKind kind, std::string_view spelling, const Type& t, Bits& out,
                      std::string& error) {
  switch (kind) {
  case LiteralKind::Unit: out = 0; return true;
  case LiteralKind::Bool: out = spelling == "true"; return true;
  case LiteralKind::Integer: {
    bool hex = spelling.rfind("0x", 0) == 0 || spelling.rfind("0X", 0) == 0;
    if (t.isIntLike()) return intBits(spelling, t.width, out, error);
    if (t.isFloat() && hex) return intBits(spelling, t.width, out, error);
    if (t.isFloat()) {
      error = "integer literal " + std::string(spelling) + " for a " + t.str() +
              " value (write it as " + std::string(spelling) + ".0)";
      return false;
    }
    break;
  }
  case LiteralKind::Float:
    if (t.isFloat()) return floatBits(spelling, t, out, error);
    break;
  }
  error = "a literal of type " + t.str() + " is not a channel value";
  return false;
}

// ---- locations, strings, types ------------------------------------------------------

std::string locText(const Loc& loc) {
  return loc.str();
}
bool hasLoc(const Loc& loc) {
  return loc.file || loc.line || loc.col;
}

bool splitLocText(std::string_view text, std::string_view& file, uint32_t& line, uint32_t& col) {
  size_t c2 = text.rfind(':');
  if (c2 == std::string_view::npos || c2 == 0) return false;
  size_t c1 = text.rfind(':', c2 - 1);
  if (c1 == std::string_view::npos) return false;
  auto num = [](std::string_view s, uint32_t& v) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size() && !s.empty();
  };
  file = text.substr(0, c1);
  return num(text.substr(c1 + 1, c2 - c1 - 1), line) && num(text.substr(c2 + 1), col);
}

std::string quote(std::string_view s) {
  std::string r = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      r += '\\';
      r += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7F) {
      char buf[4];
      std::snprintf(buf, sizeof buf, "\\%02X", c); // MLIR's two-hex-digit escape
      r += buf;
    } else {
      r += static_cast<char>(c);
    }
  }
  return r + "\"";
}

namespace {

// offset + sum d_i * stride_i as an MLIR 14 affine map; each dynamic value is a symbol
// (the offset first), which is how MLIR 14 itself writes strided layouts.
std::string stridedMap(const MemRefInfo& m) {
  std::vector<std::string> syms;
  std::string expr;
  auto add = [&](bool negative, const std::string& term) {
    if (expr.empty())
      expr = negative ? "-" + term : term;
    else
      expr += (negative ? " - " : " + ") + term;
  };
  auto sym = [&]() {
    syms.push_back("s" + std::to_string(syms.size()));
    return syms.back();
  };
  if (m.offset == kDynamic)
    add(false, sym());
  else if (m.offset != 0)
    add(m.offset < 0, std::to_string(magnitude(m.offset)));
  for (size_t i = 0; i < m.strides.size(); ++i) {
    std::string d = "d" + std::to_string(i);
    int64_t st = m.strides[i];
    if (st == kDynamic)
      add(false, d + " * " + sym());
    else if (st == 1 || st == -1)
      add(st < 0, d);
    else if (st != 0)
      add(st < 0, d + " * " + std::to_string(magnitude(st)));
  }
  std::string dims;
  for (size_t i = 0; i < m.strides.size(); ++i)
    dims += (i ? ", d" : "d") + std::to_string(i);
  std::string s = "affine_map<(" + dims + ")";
  if (!syms.empty()) {
    s += "[";
    for (size_t i = 0; i < syms.size(); ++i)
      s += (i ? ", " : "") + syms[i];
    s += "]";
  }
  return s + " -> (" + (expr.empty() ? "0" : expr) + ")>";
}

std::string dimText(int64_t d) {
  return d == kDynamic ? "?" : std::to_string(d);
}

} // namespace

std::string typeText(const Type& t) {
  if (!t.isMemRef() || !t.mem || t.mem->identity) return t.str();
  std::string s = "memref<";
  for (int64_t d : t.mem->shape)
    s += dimText(d) + "x";
  return s + typeText(t.mem->elem) + ", " + stridedMap(*t.mem) + ">";
}

std::string functionTypeText(const std::vector<Type>& args, const std::vector<Type>& results) {
  auto list = [](const std::vector<Type>& ts) {
    std::string s;
    for (size_t i = 0; i < ts.size(); ++i)
      s += (i ? ", " : "") + typeText(ts[i]);
    return s;
  };
  std::string s = "(" + list(args) + ") -> ";
  return s + (results.size() == 1 ? typeText(results[0]) : "(" + list(results) + ")");
}

} // namespace loom::dfg::text
