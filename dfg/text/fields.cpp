#include "dfg/text/fields.h"

#include <cctype>
#include <charconv>

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

} // namespace loom::dfg::text
