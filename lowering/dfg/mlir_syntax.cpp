#include "lowering/dfg/mlir_syntax.h"

#include "frontend/parse.h"

#include <cctype>

namespace loom::dfg::syntax {

namespace {

struct SyntaxError {
  Diag diag;
};

// Deeper nesting (arrays in arrays, regions in ops) than any DFG text has; the limit
// keeps the recursion bounded on hostile input.
constexpr int kMaxDepth = 64;

bool isIdChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}
bool isValueIdChar(char c) {
  return isIdChar(c) || c == '-';
}
int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Parser {
public:
  Parser(const std::string& text, std::shared_ptr<const std::string> file)
      : src_(text), file_(std::move(file)) {}

  // file ::= op*
  std::vector<Operation> parseFile() {
    std::vector<Operation> ops;
    while (skipWs(), !atEnd())
      ops.push_back(parseOp(0));
    return ops;
  }

private:
  // ---- cursor --------------------------------------------------------------------------
  bool atEnd() const { return pos_ >= src_.size(); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0';
  }
  void advance() {
    if (atEnd()) return;
    if (src_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }
  Loc here() const { return Loc{file_, line_, col_}; }
  void skipWs() {
    for (;;) {
      if (std::isspace(static_cast<unsigned char>(peek()))) {
        advance();
      } else if (peek() == '/' && peek(1) == '/') {
        while (!atEnd() && peek() != '\n')
          advance();
      } else {
        return;
      }
    }
  }
  bool accept(char c) {
    skipWs();
    if (peek() != c || atEnd()) return false;
    advance();
    return true;
  }
  bool acceptArrow() {
    skipWs();
    if (peek() != '-' || peek(1) != '>') return false;
    advance(), advance();
    return true;
  }
  std::string found() const {
    if (atEnd()) return "end of file";
    return std::string("'") + peek() + "'";
  }
  [[noreturn]] void fail(const Loc& loc, std::string msg) {
    throw SyntaxError{{loc, std::move(msg)}};
  }
  [[noreturn]] void failHere(const std::string& what) {
    skipWs();
    fail(here(), "expected " + what + ", found " + found());
  }
  void expect(char c, const char* context) {
    if (!accept(c)) failHere(std::string("'") + c + "' " + context);
  }
  void checkDepth(int depth) {
    if (depth > kMaxDepth) fail(here(), "nesting deeper than " + std::to_string(kMaxDepth));
  }

  // ---- tokens --------------------------------------------------------------------------
  std::string bareId() {
    skipWs();
    std::string s;
    while (isIdChar(peek()) && !atEnd())
      s += peek(), advance();
    return s;
  }
  unsigned smallInt(const char* what) {
    skipWs();
    if (!std::isdigit(static_cast<unsigned char>(peek()))) failHere(what);
    Loc loc = here();
    uint64_t v = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      v = v * 10 + (peek() - '0');
      if (v > 1'000'000'000) fail(loc, "number too large");
      advance();
    }
    return static_cast<unsigned>(v);
  }
  // string ::= `"` (char | `\\` | `\"` | `\n` | `\t` | `\` hex hex)* `"`
  std::string stringLit() {
    skipWs();
    Loc start = here();
    if (peek() != '"') failHere("a string");
    advance();
    std::string s;
    for (;;) {
      if (atEnd() || peek() == '\n') fail(start, "unterminated string");
      char c = peek();
      advance();
      if (c == '"') return s;
      if (c != '\\') {
        s += c;
        continue;
      }
      s += escape();
    }
  }
  char escape() {
    Loc loc = here();
    char c = peek();
    advance();
    switch (c) {
    case '\\':
    case '"': return c;
    case 'n': return '\n';
    case 't': return '\t';
    default: break;
    }
    int hi = hexDigit(c), lo = hexDigit(peek());
    if (hi < 0 || lo < 0) fail(loc, "unknown escape in string");
    advance();
    return static_cast<char>(hi * 16 + lo);
  }
  // `%` id: MLIR's suffix-id characters.
  std::string valueId() {
    skipWs();
    if (peek() != '%') failHere("a value name");
    advance();
    std::string s;
    while (isValueIdChar(peek()) && !atEnd())
      s += peek(), advance();
    if (s.empty()) failHere("a value name after '%'");
    return s;
  }

  // ---- types ---------------------------------------------------------------------------
  // One non-function type: an identifier, with a balanced `<...>` body if one follows
  // (inside it, `->` of an affine map is not a closing bracket).
  Type parseType() {
    skipWs();
    Loc loc = here();
    size_t begin = pos_;
    while (isIdChar(peek()) && !atEnd())
      advance();
    if (pos_ == begin) failHere("a type");
    if (peek() == '<') skipAngles(loc);
    std::string error;
    std::optional<Type> t = parseTypeString(src_.substr(begin, pos_ - begin), error);
    if (!t) fail(loc, error);
    return *t;
  }
  void skipAngles(const Loc& open) {
    int depth = 0;
    do {
      if (atEnd()) fail(open, "unterminated '<' in type");
      if (peek() == '-' && peek(1) == '>')
        advance();
      else if (peek() == '<')
        ++depth;
      else if (peek() == '>')
        --depth;
      advance();
    } while (depth > 0);
  }
  std::vector<Type> typeList(const char* closing) {
    std::vector<Type> ts;
    if (accept(')')) return ts;
    do
      ts.push_back(parseType());
    while (accept(','));
    expect(')', closing);
    return ts;
  }
  // function-type ::= `(` types `)` `->` (type | `(` types `)`)
  void functionType(std::vector<Type>& inputs, std::vector<Type>& results) {
    expect('(', "to open the operand types");
    inputs = typeList("to close the operand types");
    if (!acceptArrow()) failHere("'->' after the operand types");
    if (accept('('))
      results = typeList("to close the result types");
    else
      results = {parseType()};
  }

  // ---- attributes ----------------------------------------------------------------------
  Attr parseAttr(int depth) {
    checkDepth(depth);
    skipWs();
    Attr a;
    a.loc = here();
    char c = peek();
    if (c == '"') {
      a.kind = Attr::Kind::String;
      a.text = stringLit();
    } else if (c == '[') {
      a.kind = Attr::Kind::Array;
      advance();
      if (!accept(']')) {
        do
          a.elems.push_back(parseAttr(depth + 1));
        while (accept(','));
        expect(']', "to close the array");
      }
    } else if (c == '(') {
      a.kind = Attr::Kind::FunctionType;
      functionType(a.inputs, a.results);
    } else if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      number(a);
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      keywordOrType(a);
    } else {
      failHere("an attribute value");
    }
    return a;
  }
  // number ::= `-`? (`0x` hex+ | digit+ (`.` digit*)? ([eE] [+-]? digit+)?) (`:` type)?
  void number(Attr& a) {
    size_t begin = pos_;
    if (peek() == '-') advance();
    bool isFloat = false;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      advance(), advance();
      while (hexDigit(peek()) >= 0)
        advance();
    } else {
      digits();
      if (peek() == '.') {
        isFloat = true;
        advance();
        while (std::isdigit(static_cast<unsigned char>(peek())))
          advance();
        exponent();
      }
    }
    a.kind = isFloat ? Attr::Kind::Float : Attr::Kind::Integer;
    a.text = src_.substr(begin, pos_ - begin);
    if (accept(':')) a.type = parseType();
  }
  void digits() {
    if (!std::isdigit(static_cast<unsigned char>(peek()))) failHere("a digit");
    while (std::isdigit(static_cast<unsigned char>(peek())))
      advance();
  }
  void exponent() {
    if (peek() != 'e' && peek() != 'E') return;
    advance();
    if (peek() == '+' || peek() == '-') advance();
    digits();
  }
  void keywordOrType(Attr& a) {
    size_t begin = pos_;
    Loc loc = here();
    std::string id = bareId();
    if (id == "true" || id == "false") {
      a.kind = Attr::Kind::Bool;
      a.text = id;
      return;
    }
    if (id == "unit") {
      a.kind = Attr::Kind::Unit;
      return;
    }
    // Not a keyword: re-read it as a type.
    pos_ = begin;
    line_ = loc.line;
    col_ = loc.col;
    a.kind = Attr::Kind::Type;
    a.type = parseType();
  }
  // attr-dict ::= `{` (name `=` attr (`,` name `=` attr)*)? `}`
  std::vector<NamedAttr> attrDict() {
    std::vector<NamedAttr> attrs;
    if (accept('}')) return attrs;
    do {
      skipWs();
      NamedAttr na;
      na.loc = here();
      na.name = peek() == '"' ? stringLit() : bareId();
      if (na.name.empty()) failHere("an attribute name");
      expect('=', "after the attribute name");
      na.value = parseAttr(0);
      attrs.push_back(std::move(na));
    } while (accept(','));
    expect('}', "to close the attribute dictionary");
    return attrs;
  }

  // ---- ops -----------------------------------------------------------------------------
  Operation parseOp(int depth) {
    checkDepth(depth);
    Operation op;
    skipWs();
    if (peek() == '%') resultGroups(op);
    skipWs();
    op.loc = here();
    if (peek() != '"') failHere("an op name (a string)");
    op.name = stringLit();
    expect('(', "after the op name");
    operands(op);
    skipWs();
    if (peek() == '(') regions(op, depth);
    if (accept('{')) op.attrs = attrDict();
    expect(':', "before the op's type");
    skipWs();
    op.typeLoc = here();
    functionType(op.operandTypes, op.resultTypes);
    trailingLoc();
    return op;
  }
  void resultGroups(Operation& op) {
    do {
      ResultGroup g;
      skipWs();
      g.loc = here();
      g.name = valueId();
      if (accept(':')) g.count = smallInt("a result count");
      op.results.push_back(std::move(g));
    } while (accept(','));
    expect('=', "after the result names");
  }
  void operands(Operation& op) {
    if (accept(')')) return;
    do {
      Use u;
      skipWs();
      u.loc = here();
      u.name = valueId();
      if (peek() == '#') {
        advance();
        u.hasIndex = true;
        u.index = smallInt("a result number after '#'");
      }
      op.operands.push_back(std::move(u));
    } while (accept(','));
    expect(')', "to close the operand list");
  }
  // `(` region (`,` region)* `)`; region ::= `{` op* `}`
  void regions(Operation& op, int depth) {
    expect('(', "to open the region list");
    do {
      expect('{', "to open a region");
      std::vector<Operation> ops;
      while (!accept('}')) {
        skipWs();
        if (atEnd()) failHere("'}' to close the region");
        if (peek() == '^')
          fail(here(), "block labels are not supported: a DFG region is one block");
        ops.push_back(parseOp(depth + 1));
      }
      op.regions.push_back(std::move(ops));
    } while (accept(','));
    expect(')', "to close the region list");
  }
  // `loc(...)`: MLIR's trailing location, skipped (the DFG keeps its own in loom.loc).
  void trailingLoc() {
    skipWs();
    if (src_.compare(pos_, 4, "loc(") != 0) return;
    Loc open = here();
    for (int i = 0; i < 4; ++i)
      advance();
    for (int depth = 1; depth > 0;) {
      if (atEnd()) fail(open, "unterminated location");
      if (peek() == '"') {
        stringLit();
        continue;
      }
      depth += peek() == '(' ? 1 : peek() == ')' ? -1 : 0;
      advance();
    }
  }

  const std::string& src_;
  std::shared_ptr<const std::string> file_;
  size_t pos_ = 0;
  uint32_t line_ = 1, col_ = 1;
};

} // namespace

ParsedText parseGenericOps(const std::string& text, std::shared_ptr<const std::string> file) {
  ParsedText r;
  try {
    Parser p(text, file);
    r.ops = p.parseFile();
  } catch (SyntaxError& e) {
    r.error = e.diag;
  }
  return r;
}

} // namespace loom::dfg::syntax
