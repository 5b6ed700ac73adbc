// Recursive-descent parser for the input language. Each grammar production is written
// above the function that parses it. Scanning is character-level (no token stream):
// MLIR's shapes (`4x?xf32`) and affine maps are easier to read that way.
//
// SSA names follow MLIR's scoping: a region opens a scope, sibling regions may reuse
// names, a nested region may not redefine a visible name. Uses before definitions are
// recorded and patched when the definition appears, so that the verifier (not the
// parser) reports dominance violations the way MLIR does.

#include "lowering/parse/parser.h"

#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unordered_map>

namespace loom {
namespace {

struct ParseError {
  Diag diag;
};

bool isIdStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}
bool isSuffixChar(char c) { return isIdChar(c) || c == '-'; }

// A use of a name not yet defined, patched when the definition appears.
struct PendingUse {
  Op* op;
  unsigned index;
  Type expected;
  bool checkType;
};

// A parsed affine expression, kept as a polynomial of degree <= 2 with at most one
// dimension and one symbol per term: coef * d_i * s_j (i or j may be -1 for "none").
struct Poly {
  std::map<std::pair<int, int>, int64_t> terms;
  void add(const Poly& o, int64_t sign) {
    for (auto& [k, v] : o.terms) terms[k] += sign * v;
  }
};

class Parser {
public:
  Parser(const std::string& src, std::shared_ptr<const std::string> file, Module& mod)
      : src_(src), file_(std::move(file)), mod_(mod) {}

  void parseTopLevel();
  Type parseStandaloneType();

private:
  const std::string& src_;
  std::shared_ptr<const std::string> file_;
  Module& mod_;
  size_t pos_ = 0;
  uint32_t line_ = 1, col_ = 1;

  // Per function.
  Function* func_ = nullptr;
  std::vector<std::unordered_map<std::string, Value*>> scopes_;
  std::unordered_map<std::string, std::vector<PendingUse>> pending_;
  std::unordered_map<std::string, Loc> pendingLoc_;
  // Module-level `#name = ...` aliases (affine maps and strided layouts).
  struct AliasDef {
    size_t offset;
    Loc loc;
    std::string text;
  };
  std::unordered_map<std::string, AliasDef> aliases_;

  // ---- errors and positions --------------------------------------------------------

  Loc here() {
    skipWs();
    return Loc{file_, line_, col_};
  }
  [[noreturn]] void fail(const Loc& loc, const std::string& msg) {
    throw ParseError{Diag{loc, msg}};
  }
  [[noreturn]] void failHere(const std::string& msg) { fail(here(), msg); }

  bool atEnd() {
    skipWs();
    return pos_ >= src_.size();
  }
  char peekc() {
    skipWs();
    return pos_ < src_.size() ? src_[pos_] : '\0';
  }
  char rawPeek(size_t k = 0) const { return pos_ + k < src_.size() ? src_[pos_ + k] : '\0'; }
  void advance(size_t n) {
    for (size_t i = 0; i < n && pos_ < src_.size(); ++i, ++pos_) {
      if (src_[pos_] == '\n') {
        ++line_;
        col_ = 1;
      } else {
        ++col_;
      }
    }
  }
  void skipWs() {
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        advance(1);
      } else if (c == '/' && rawPeek(1) == '/') {
        while (pos_ < src_.size() && src_[pos_] != '\n') advance(1);
      } else {
        break;
      }
    }
  }
  // Punctuation or a keyword; a keyword must not run on into an identifier.
  bool accept(std::string_view s) {
    skipWs();
    if (src_.compare(pos_, s.size(), s) != 0) return false;
    if (isIdStart(s.back()) || std::isdigit(static_cast<unsigned char>(s.back())))
      if (isIdChar(rawPeek(s.size()))) return false;
    advance(s.size());
    return true;
  }
  void expect(std::string_view s, std::string_view context = {}) {
    if (accept(s)) return;
    std::string msg = "expected '" + std::string(s) + "'";
    if (!context.empty()) msg += " " + std::string(context);
    failHere(msg + found());
  }
  // ", found 'xyz'" describing what is at the cursor.
  std::string found() {
    skipWs();
    if (pos_ >= src_.size()) return ", found end of file";
    size_t e = pos_;
    if (isIdChar(src_[e]) || src_[e] == '%' || src_[e] == '@' || src_[e] == '^')
      while (e < src_.size() && (e == pos_ || isSuffixChar(src_[e])) && e - pos_ < 40) ++e;
    else
      e = pos_ + 1;
    return ", found '" + src_.substr(pos_, e - pos_) + "'";
  }

  // bare-id ::= (letter|[_]) (letter|digit|[_$.])*
  std::string bareId() {
    skipWs();
    if (!isIdStart(rawPeek())) failHere("expected identifier" + found());
    size_t b = pos_;
    while (isIdChar(rawPeek())) advance(1);
    return src_.substr(b, pos_ - b);
  }
  bool peekBareId(std::string_view s) {
    skipWs();
    return src_.compare(pos_, s.size(), s) == 0 && !isIdChar(rawPeek(s.size()));
  }

  // value-id ::= `%` suffix-id
  std::string valueId() {
    skipWs();
    if (rawPeek() != '%') failHere("expected SSA value" + found());
    size_t b = pos_;
    advance(1);
    if (!isSuffixChar(rawPeek())) failHere("expected SSA value name after '%'");
    while (isSuffixChar(rawPeek())) advance(1);
    return src_.substr(b, pos_ - b);
  }
  // value-use ::= value-id (`#` decimal)?
  std::string valueUse() {
    std::string n = valueId();
    if (rawPeek() == '#' && std::isdigit(static_cast<unsigned char>(rawPeek(1)))) {
      size_t b = pos_;
      advance(1);
      while (std::isdigit(static_cast<unsigned char>(rawPeek()))) advance(1);
      n += src_.substr(b, pos_ - b);
    }
    return n;
  }
  // symbol-ref ::= `@` (bare-id | string)
  std::string symbol() {
    skipWs();
    if (rawPeek() != '@') failHere("expected symbol name" + found());
    advance(1);
    if (rawPeek() == '"') return stringLit();
    if (!isIdStart(rawPeek())) failHere("expected symbol name after '@'");
    size_t b = pos_;
    while (isIdChar(rawPeek())) advance(1);
    return src_.substr(b, pos_ - b);
  }
  std::string stringLit() {
    skipWs();
    if (rawPeek() != '"') failHere("expected string" + found());
    advance(1);
    std::string s;
    while (pos_ < src_.size() && rawPeek() != '"') {
      if (rawPeek() == '\n') failHere("unterminated string");
      if (rawPeek() == '\\' && pos_ + 1 < src_.size()) advance(1);
      s += rawPeek();
      advance(1);
    }
    if (pos_ >= src_.size()) failHere("unterminated string");
    advance(1);
    return s;
  }

  // integer-literal ::= `-`? (decimal | `0x` hex)
  bool peekInt() {
    skipWs();
    size_t k = rawPeek() == '-' ? 1 : 0;
    return std::isdigit(static_cast<unsigned char>(rawPeek(k)));
  }
  int64_t intLit() {
    Loc loc = here();
    bool neg = accept("-");
    skipWs();
    if (!std::isdigit(static_cast<unsigned char>(rawPeek()))) failHere("expected integer" + found());
    uint64_t v = 0;
    bool overflow = false;
    if (rawPeek() == '0' && (rawPeek(1) == 'x' || rawPeek(1) == 'X')) {
      advance(2);
      if (!std::isxdigit(static_cast<unsigned char>(rawPeek()))) fail(loc, "expected hex digits");
      while (std::isxdigit(static_cast<unsigned char>(rawPeek()))) {
        int d = std::isdigit(static_cast<unsigned char>(rawPeek())) ? rawPeek() - '0'
                                                                      : (std::tolower(rawPeek()) - 'a' + 10);
        if (v >> 60) overflow = true;
        v = v * 16 + d;
        advance(1);
      }
    } else {
      while (std::isdigit(static_cast<unsigned char>(rawPeek()))) {
        uint64_t d = rawPeek() - '0';
        if (v > (~uint64_t(0) - d) / 10) overflow = true;
        v = v * 10 + d;
        advance(1);
      }
    }
    if (overflow) fail(loc, "integer literal does not fit in 64 bits");
    return neg ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
  }

  // ---- types -----------------------------------------------------------------------

  // type ::= `index` | `i`N | `f16` | `f32` | `f64` | `none` | memref-type
  Type parseType() {
    Loc loc = here();
    if (accept("memref")) return parseMemRefBody(loc);
    if (rawPeek() == '!') fail(loc, "unsupported type alias or dialect type" + found());
    std::string id = bareId();
    if (id == "index") return Type::index();
    if (id == "f32") return Type::f32();
    if (id == "f64") return Type::f64();
    if (id == "f16") return {TypeKind::F16, 16, nullptr};
    if (id == "none") return Type::none();
    if (id.size() > 1 && id[0] == 'i' && id.find_first_not_of("0123456789", 1) == std::string::npos) {
      unsigned long w = std::stoul(id.substr(1));
      if (w == 0 || w > 64) fail(loc, "unsupported integer width " + id + " (1 to 64 bits)");
      return Type::integer(static_cast<unsigned>(w));
    }
    if (id == "vector" || id == "tensor" || id == "bf16" || id == "complex" || id == "tuple" ||
        id.rfind("ui", 0) == 0 || id.rfind("si", 0) == 0)
      fail(loc, "unsupported type '" + id + "'");
    fail(loc, "unknown type '" + id + "'");
  }

  // memref-type ::= `memref` `<` (`*` `x` type | (dim `x`)* type (`,` layout)?) `>`
  Type parseMemRefBody(const Loc& loc) {
    expect("<", "after 'memref'");
    if (accept("*")) {
      if (!(skipWs(), rawPeek() == 'x')) failHere("expected 'x' after '*'");
      advance(1);
      Type elem = parseType();
      checkElemType(elem, loc);
      expect(">", "to close memref type");
      return makeUnrankedMemRef(elem);
    }
    std::vector<int64_t> shape;
    for (;;) {
      skipWs();
      char c = rawPeek();
      if (c == '?') {
        advance(1);
        shape.push_back(kDynamic);
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        int64_t v = 0;
        while (std::isdigit(static_cast<unsigned char>(rawPeek()))) {
          if (v > (int64_t(1) << 40)) failHere("dimension too large");
          v = v * 10 + (rawPeek() - '0');
          advance(1);
        }
        shape.push_back(v);
      } else {
        break;
      }
      if (rawPeek() != 'x') failHere("expected 'x' in memref shape" + found());
      advance(1);
    }
    Type elem = parseType();
    checkElemType(elem, loc);
    if (!accept(",")) {
      expect(">", "to close memref type");
      return makeMemRef(elem, shape);
    }
    Loc layoutLoc = here();
    size_t layoutBegin = pos_;
    int64_t offset = 0;
    std::vector<int64_t> strides;
    parseLayout(shape.size(), offset, strides);
    std::string text = src_.substr(layoutBegin, pos_ - layoutBegin);
    if (!text.empty() && text[0] == '#') text = aliases_[text].text; // print the map itself
    if (accept(",")) fail(here(), "unsupported memory space on memref type");
    expect(">", "to close memref type");
    (void)layoutLoc;
    return makeStridedMemRef(elem, shape, offset, strides, text);
  }
  void checkElemType(const Type& t, const Loc& loc) {
    if (!t.isScalar()) fail(loc, "memref element type must be an integer, index or float, not " + t.str());
  }

  // layout ::= affine-map | `#`alias | `strided` `<` `[` strides `]` (`,` `offset` `:` dim)? `>`
  void parseLayout(size_t rank, int64_t& offset, std::vector<int64_t>& strides) {
    Loc loc = here();
    if (rawPeek() == '#') {
      advance(1);
      std::string name = "#" + bareId();
      auto it = aliases_.find(name);
      if (it == aliases_.end()) fail(loc, "undefined attribute alias '" + name + "'");
      // Re-parse the alias text in place: save and restore the cursor.
      size_t savePos = pos_;
      uint32_t saveLine = line_, saveCol = col_;
      pos_ = it->second.offset;
      line_ = it->second.loc.line;
      col_ = it->second.loc.col;
      parseLayout(rank, offset, strides);
      pos_ = savePos;
      line_ = saveLine;
      col_ = saveCol;
      return;
    }
    if (accept("strided")) {
      expect("<");
      expect("[");
      if (!accept("]")) {
        do strides.push_back(dimOrDynamic());
        while (accept(","));
        expect("]");
      }
      offset = 0;
      if (accept(",")) {
        expect("offset");
        expect(":");
        offset = dimOrDynamic();
      }
      expect(">");
      if (strides.size() != rank) fail(loc, "strided layout has " + std::to_string(strides.size()) +
                                                " strides for a rank-" + std::to_string(rank) + " memref");
      return;
    }
    if (!accept("affine_map")) fail(loc, "unsupported memref layout" + found());
    parseAffineMapAsStrided(loc, rank, offset, strides);
  }
  int64_t dimOrDynamic() {
    if (accept("?")) return kDynamic;
    return intLit();
  }

  // affine-map ::= `affine_map` `<` `(` dims `)` (`[` syms `]`)? `->` `(` expr `)` `>`
  // Only strided maps are accepted: offset + sum_i d_i * stride_i, where the offset and
  // each stride is a constant or one symbol.
  void parseAffineMapAsStrided(const Loc& loc, size_t rank, int64_t& offset,
                               std::vector<int64_t>& strides) {
    expect("<");
    std::vector<std::string> dims, syms;
    expect("(");
    if (!accept(")")) {
      do dims.push_back(bareId());
      while (accept(","));
      expect(")");
    }
    if (accept("[")) {
      if (!accept("]")) {
        do syms.push_back(bareId());
        while (accept(","));
        expect("]");
      }
    }
    expect("->");
    expect("(");
    Poly p = affineSum(dims, syms);
    if (accept(",")) fail(loc, "unsupported memref layout: affine map with several results");
    expect(")");
    expect(">");
    if (dims.size() != rank) fail(loc, "layout map has " + std::to_string(dims.size()) +
                                           " dimensions for a rank-" + std::to_string(rank) + " memref");
    strides.assign(rank, 0);
    offset = 0;
    for (auto& [key, coef] : p.terms) {
      if (coef == 0) continue;
      auto [d, s] = key;
      if (d >= 0 && s >= 0) {
        if (coef != 1) fail(loc, "unsupported memref layout: not a strided map");
        strides[d] = kDynamic;
      } else if (d >= 0) {
        if (strides[d] == kDynamic) fail(loc, "unsupported memref layout: not a strided map");
        strides[d] += coef;
      } else if (s >= 0) {
        if (coef != 1) fail(loc, "unsupported memref layout: not a strided map");
        offset = kDynamic;
      } else if (offset != kDynamic) {
        offset += coef;
      }
    }
  }
  Poly affineSum(const std::vector<std::string>& dims, const std::vector<std::string>& syms) {
    Poly acc = affineProduct(dims, syms);
    for (;;) {
      if (accept("+")) acc.add(affineProduct(dims, syms), 1);
      else if (accept("-")) acc.add(affineProduct(dims, syms), -1);
      else return acc;
    }
  }
  Poly affineProduct(const std::vector<std::string>& dims, const std::vector<std::string>& syms) {
    Poly acc = affineAtom(dims, syms);
    for (;;) {
      Loc loc = here();
      if (accept("*")) {
        acc = multiply(acc, affineAtom(dims, syms), loc);
      } else if (peekBareId("floordiv") || peekBareId("ceildiv") || peekBareId("mod")) {
        fail(loc, "unsupported memref layout: '" + bareId() + "' in a layout map");
      } else {
        return acc;
      }
    }
  }
  Poly multiply(const Poly& a, const Poly& b, const Loc& loc) {
    Poly r;
    for (auto& [ka, ca] : a.terms)
      for (auto& [kb, cb] : b.terms) {
        if ((ka.first >= 0 && kb.first >= 0) || (ka.second >= 0 && kb.second >= 0))
          fail(loc, "unsupported memref layout: not a strided map");
        std::pair<int, int> k{std::max(ka.first, kb.first), std::max(ka.second, kb.second)};
        r.terms[k] += ca * cb;
      }
    return r;
  }
  Poly affineAtom(const std::vector<std::string>& dims, const std::vector<std::string>& syms) {
    Loc loc = here();
    Poly p;
    if (accept("(")) {
      p = affineSum(dims, syms);
      expect(")");
      return p;
    }
    if (accept("-")) {
      Poly q = affineAtom(dims, syms);
      p.add(q, -1);
      return p;
    }
    if (peekInt()) {
      p.terms[{-1, -1}] = intLit();
      return p;
    }
    std::string id = bareId();
    for (size_t i = 0; i < dims.size(); ++i)
      if (dims[i] == id) {
        p.terms[{static_cast<int>(i), -1}] = 1;
        return p;
      }
    for (size_t i = 0; i < syms.size(); ++i)
      if (syms[i] == id) {
        p.terms[{-1, static_cast<int>(i)}] = 1;
        return p;
      }
    fail(loc, "unknown identifier '" + id + "' in affine map");
  }

  // ---- attributes ------------------------------------------------------------------

  // attribute-value ::= integer (`:` type)? | float (`:` type)? | `true` | `false`
  //                   | string | symbol-ref | `[` values `]` | `unit` | type | affine_map
  Attr parseAttrValue() {
    Loc loc = here();
    Attr a;
    char c = peekc();
    if (c == '"') {
      a.kind = Attr::Kind::String;
      a.s = stringLit();
    } else if (c == '@') {
      a.kind = Attr::Kind::Symbol;
      a.s = symbol();
    } else if (c == '[') {
      advance(1);
      a.kind = Attr::Kind::Array;
      a.array = std::make_shared<AttrList>();
      if (!accept("]")) {
        do a.array->push_back(parseAttrValue());
        while (accept(","));
        expect("]");
      }
    } else if (peekBareId("true") || peekBareId("false")) {
      a.kind = Attr::Kind::Bool;
      a.i = accept("true");
      if (!a.i) expect("false");
    } else if (accept("unit")) {
      a.kind = Attr::Kind::Unit;
    } else if (peekInt()) {
      size_t b = pos_;
      uint32_t bl = line_, bc = col_;
      bool isFloat = scanNumberIsFloat();
      pos_ = b, line_ = bl, col_ = bc;
      if (isFloat) {
        a.kind = Attr::Kind::Float;
        a.f = floatLit();
        a.type = Type::f64();
      } else {
        a.kind = Attr::Kind::Int;
        a.i = intLit();
        a.type = Type::integer(64);
      }
      if (accept(":")) a.type = parseType();
    } else if (c == '{') {
      a.kind = Attr::Kind::Array; // nested dictionaries are parsed and dropped
      parseAttrDict(nullptr);
    } else if (accept("affine_map") || accept("dense") || accept("strided") ||
               accept("array")) {
      a.kind = Attr::Kind::String;
      a.s = skipBalanced('<', '>');
    } else if (isIdStart(c)) {
      a.kind = Attr::Kind::TypeAttr;
      a.type = parseType();
    } else {
      fail(loc, "expected attribute value" + found());
    }
    return a;
  }
  // Skips `<...>` (or another bracket pair) and returns the text inside.
  std::string skipBalanced(char open, char close) {
    expect(std::string(1, open));
    size_t b = pos_;
    int depth = 1;
    while (pos_ < src_.size() && depth > 0) {
      char c = rawPeek();
      if (c == open) ++depth;
      // `->` inside an affine map is not a closing '>'.
      else if (c == close && !(close == '>' && pos_ > 0 && src_[pos_ - 1] == '-')) --depth;
      advance(1);
    }
    if (depth > 0) failHere(std::string("unterminated '") + open + "'");
    return src_.substr(b, pos_ - b - 1);
  }
  bool scanNumberIsFloat() {
    accept("-");
    skipWs();
    if (rawPeek() == '0' && (rawPeek(1) == 'x' || rawPeek(1) == 'X')) return false;
    while (std::isdigit(static_cast<unsigned char>(rawPeek()))) advance(1);
    return rawPeek() == '.' || rawPeek() == 'e' || rawPeek() == 'E';
  }
  double floatLit() {
    Loc loc = here();
    size_t b = pos_;
    if (rawPeek() == '-' || rawPeek() == '+') advance(1);
    while (std::isdigit(static_cast<unsigned char>(rawPeek()))) advance(1);
    if (rawPeek() == '.') {
      advance(1);
      while (std::isdigit(static_cast<unsigned char>(rawPeek()))) advance(1);
    }
    if (rawPeek() == 'e' || rawPeek() == 'E') {
      advance(1);
      if (rawPeek() == '-' || rawPeek() == '+') advance(1);
      if (!std::isdigit(static_cast<unsigned char>(rawPeek()))) fail(loc, "malformed float literal");
      while (std::isdigit(static_cast<unsigned char>(rawPeek()))) advance(1);
    }
    std::string text = src_.substr(b, pos_ - b);
    char* end = nullptr;
    double d = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) fail(loc, "malformed float literal '" + text + "'");
    return d;
  }

  // attr-dict ::= `{` (name (`=` attribute-value)?) (`,` ...)* `}`
  void parseAttrDict(std::map<std::string, Attr>* out) {
    expect("{");
    if (accept("}")) return;
    do {
      skipWs();
      std::string name = rawPeek() == '"' ? stringLit() : bareId();
      Attr v;
      if (accept("=")) v = parseAttrValue();
      if (out) (*out)[name] = v;
    } while (accept(","));
    expect("}", "to close attribute dictionary");
  }
  void maybeAttrDict(Op* op) {
    if (peekc() == '{') parseAttrDict(&op->attrs);
  }

  // ---- SSA names -------------------------------------------------------------------

  Value* lookup(const std::string& name) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) return f->second;
    }
    return nullptr;
  }
  void define(const std::string& name, Value* v, const Loc& loc) {
    if (lookup(name)) fail(loc, "redefinition of SSA value '" + name + "'");
    scopes_.back()[name] = v;
    v->name = name;
    v->loc = loc;
    v->slot = func_->numSlots++;
    auto it = pending_.find(name);
    if (it == pending_.end()) return;
    for (const PendingUse& u : it->second) {
      if (u.checkType && v->type != u.expected)
        fail(u.op->operandLocs[u.index], "use of value '" + name + "' expects type " +
                                             u.expected.str() + " but it is defined as " + v->type.str());
      u.op->operands[u.index] = v;
    }
    pending_.erase(it);
    pendingLoc_.erase(name);
  }

  struct OperandRef {
    std::string name;
    Loc loc;
  };
  OperandRef operandRef() {
    Loc loc = here();
    return {valueUse(), loc};
  }
  std::vector<OperandRef> operandList() {
    std::vector<OperandRef> v;
    if (peekc() != '%') return v;
    do v.push_back(operandRef());
    while (accept(","));
    return v;
  }
  // Appends an operand; `expected` is the type the syntax states for it (checked here
  // or when a forward reference is resolved).
  void addOperand(Op* op, const OperandRef& r, const Type* expected) {
    unsigned idx = static_cast<unsigned>(op->operands.size());
    op->operandLocs.push_back(r.loc);
    Value* v = lookup(r.name);
    op->operands.push_back(v);
    if (v) {
      if (expected && v->type != *expected)
        fail(r.loc, "use of value '" + r.name + "' expects type " + expected->str() +
                        " but it is defined as " + v->type.str());
      return;
    }
    pending_[r.name].push_back({op, idx, expected ? *expected : Type(), expected != nullptr});
    pendingLoc_.emplace(r.name, r.loc);
  }

  // ---- ops -------------------------------------------------------------------------

  struct ResultDef {
    std::string name;
    unsigned count;
    Loc loc;
  };

  Op* newOp(Block& block, OpKind kind, const Loc& loc) {
    auto op = std::make_unique<Op>();
    op->kind = kind;
    op->loc = loc;
    op->id = mod_.numOps++;
    op->parent = &block;
    block.ops.push_back(std::move(op));
    return block.ops.back().get();
  }
  void addResult(Op* op, Type t) {
    auto v = std::make_unique<Value>();
    v->type = std::move(t);
    v->def = op;
    v->index = static_cast<unsigned>(op->results.size());
    op->results.push_back(std::move(v));
  }

  // operation ::= (result-defs `=`)? op-name custom-syntax trailing-location?
  // result-defs ::= value-id (`:` integer)? (`,` value-id (`:` integer)?)*
  void parseOperation(Block& block) {
    Loc loc = here();
    std::vector<ResultDef> defs;
    if (rawPeek() == '%') {
      do {
        Loc dl = here();
        std::string n = valueId();
        unsigned count = 1;
        if (rawPeek() == ':') {
          advance(1);
          int64_t c = intLit();
          if (c < 1 || c > 1024) fail(dl, "invalid result count");
          count = static_cast<unsigned>(c);
        }
        defs.push_back({n, count, dl});
      } while (accept(","));
      expect("=", "after result names");
    }
    Loc opLoc = here();
    if (rawPeek() == '"') fail(opLoc, "generic operation syntax is not supported in the input language; "
                                      "write ops in their custom form");
    std::string name = bareId();
    OpKind kind;
    if (!lookupOpKind(name, kind) || kind == OpKind::Func)
      fail(opLoc, "unsupported operation '" + name + "'");
    Op* op = newOp(block, kind, opLoc);
    parseOpBody(op);
    skipTrailingLoc();
    bindResults(op, defs, loc);
  }

  void skipTrailingLoc() {
    if (accept("loc")) skipBalanced('(', ')');
  }

  void bindResults(Op* op, const std::vector<ResultDef>& defs, const Loc& loc) {
    unsigned n = 0;
    for (auto& d : defs) n += d.count;
    if (n != op->results.size())
      fail(loc, "'" + std::string(op->name()) + "' defines " + std::to_string(op->results.size()) +
                    " result(s) but " + std::to_string(n) + " name(s) are bound");
    unsigned r = 0;
    for (auto& d : defs) {
      if (d.count == 1) {
        define(d.name, op->results[r++].get(), d.loc);
        continue;
      }
      for (unsigned i = 0; i < d.count; ++i)
        define(d.name + "#" + std::to_string(i), op->results[r++].get(), d.loc);
    }
  }

  void parseOpBody(Op* op) {
    switch (op->kind) {
    case OpKind::Func: break; // not reached
    case OpKind::Return: return parseReturnLike(op);
    case OpKind::Yield: return parseReturnLike(op);
    case OpKind::Call: return parseCall(op);
    case OpKind::Constant: return parseConstant(op);
    case OpKind::AddI: case OpKind::SubI: case OpKind::MulI: case OpKind::DivSI:
    case OpKind::DivUI: case OpKind::RemSI: case OpKind::RemUI: case OpKind::CeilDivSI:
    case OpKind::CeilDivUI: case OpKind::FloorDivSI: case OpKind::AndI: case OpKind::OrI:
    case OpKind::XOrI: case OpKind::ShLI: case OpKind::ShRSI: case OpKind::ShRUI:
    case OpKind::MaxSI: case OpKind::MaxUI: case OpKind::MinSI: case OpKind::MinUI:
    case OpKind::AddF: case OpKind::SubF: case OpKind::MulF: case OpKind::DivF:
    case OpKind::RemF: case OpKind::MaxF: case OpKind::MinF:
      return parseSameTypeOp(op, 2);
    case OpKind::NegF: return parseSameTypeOp(op, 1);
    case OpKind::CmpI: case OpKind::CmpF: return parseCompare(op);
    case OpKind::Select: return parseSelect(op);
    case OpKind::ExtSI: case OpKind::ExtUI: case OpKind::TruncI: case OpKind::ExtF:
    case OpKind::TruncF: case OpKind::IndexCast: case OpKind::SIToFP: case OpKind::UIToFP:
    case OpKind::FPToSI: case OpKind::FPToUI: case OpKind::Bitcast:
      return parseCast(op, "to");
    case OpKind::Load: return parseLoad(op);
    case OpKind::Store: return parseStore(op);
    case OpKind::Alloc: case OpKind::Alloca: return parseAlloc(op);
    case OpKind::Dealloc: return parseDealloc(op);
    case OpKind::Cast: return parseCast(op, "to");
    case OpKind::Subview: return parseSubview(op);
    case OpKind::ReinterpretCast: return parseReinterpretCast(op);
    case OpKind::CollapseShape: case OpKind::ExpandShape: return parseReshape(op);
    case OpKind::Dim: return parseDim(op);
    case OpKind::For: return parseFor(op);
    case OpKind::While: return parseWhile(op);
    case OpKind::If: return parseIf(op);
    case OpKind::Condition: return parseCondition(op);
    case OpKind::VectorPrint: return parseVectorPrint(op);
    }
  }

  // type-list-parens ::= `(` (type (`,` type)*)? `)` ; result-types ::= type | type-list-parens
  std::vector<Type> typeListParens() {
    std::vector<Type> v;
    expect("(");
    if (accept(")")) return v;
    do v.push_back(parseType());
    while (accept(","));
    expect(")", "to close type list");
    return v;
  }
  std::vector<Type> resultTypes() {
    if (peekc() == '(') return typeListParens();
    return {parseType()};
  }
  std::vector<Type> typeList() {
    std::vector<Type> v;
    do v.push_back(parseType());
    while (accept(","));
    return v;
  }
  void operandsWithTypes(Op* op, const std::vector<OperandRef>& refs, const std::vector<Type>& types,
                         const Loc& loc) {
    if (refs.size() != types.size())
      fail(loc, std::to_string(refs.size()) + " operand(s) but " + std::to_string(types.size()) +
                    " type(s) given");
    for (size_t i = 0; i < refs.size(); ++i) addOperand(op, refs[i], &types[i]);
  }

  // return-op ::= `return` (values `:` types)? ; yield-op ::= `scf.yield` (values `:` types)?
  void parseReturnLike(Op* op) {
    Loc loc = here();
    auto refs = operandList();
    std::vector<Type> types;
    if (!refs.empty()) {
      expect(":", "before operand types");
      types = typeList();
    }
    operandsWithTypes(op, refs, types, loc);
  }

  // call-op ::= `call` symbol-ref `(` values `)` `:` `(` types `)` `->` result-types
  void parseCall(Op* op) {
    op->callee = symbol();
    expect("(");
    auto refs = operandList();
    expect(")", "to close call operands");
    maybeAttrDict(op);
    expect(":", "before call type");
    Loc tl = here();
    auto ins = typeListParens();
    expect("->");
    auto outs = resultTypes();
    operandsWithTypes(op, refs, ins, tl);
    for (auto& t : outs) addResult(op, t);
  }

  // constant-op ::= `arith.constant` (`true` | `false` | number `:` type)
  void parseConstant(Op* op) {
    Loc loc = here();
    if (peekBareId("true") || peekBareId("false")) {
      op->constBits = accept("true") ? 1 : 0;
      if (!op->constBits) expect("false");
      if (accept(":")) {
        Type t = parseType();
        if (!t.isI1()) fail(loc, "boolean constant must have type i1");
      }
      addResult(op, Type::i1());
      return;
    }
    if (peekc() == 'd' && peekBareId("dense")) fail(loc, "unsupported constant: vector and tensor constants");
    if (!peekInt()) fail(loc, "expected constant value" + found());
    size_t b = pos_;
    uint32_t bl = line_, bc = col_;
    bool isFloatText = scanNumberIsFloat();
    pos_ = b, line_ = bl, col_ = bc;
    double fv = 0;
    int64_t iv = 0;
    bool hexText = false;
    {
      skipWs();
      size_t k = rawPeek() == '-' ? 1 : 0;
      hexText = rawPeek(k) == '0' && (rawPeek(k + 1) == 'x' || rawPeek(k + 1) == 'X');
    }
    if (isFloatText)
      fv = floatLit();
    else
      iv = intLit();
    expect(":", "before constant type");
    Loc tl = here();
    Type t = parseType();
    if (t.isFloat()) {
      if (hexText) {
        op->constBits = static_cast<Bits>(iv) & widthMask(t.width);
      } else {
        if (!isFloatText) fail(loc, "float constant must be written with a decimal point or exponent");
        op->constBits = t.kind == TypeKind::F32 ? floatBits32(static_cast<float>(fv))
                                                : floatBits64(fv);
      }
    } else if (t.isIntLike()) {
      if (isFloatText) fail(loc, "integer constant cannot be a float literal");
      if (t.width < 64) {
        int64_t lo = -(int64_t(1) << (t.width - 1));
        int64_t hi = static_cast<int64_t>((uint64_t(1) << t.width) - 1);
        if (t.width == 1) lo = -1;
        if (iv < lo || iv > hi) fail(loc, "integer constant " + std::to_string(iv) + " out of range for " + t.str());
      }
      op->constBits = static_cast<Bits>(iv) & widthMask(t.width);
    } else {
      fail(tl, "unsupported constant type " + t.str());
    }
    addResult(op, t);
  }
  static Bits floatBits32(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  static Bits floatBits64(double d) {
    uint64_t u;
    std::memcpy(&u, &d, 8);
    return u;
  }

  // binary-op ::= op-name value `,` value `:` type ; unary: op-name value `:` type
  void parseSameTypeOp(Op* op, unsigned arity) {
    std::vector<OperandRef> refs;
    for (unsigned i = 0; i < arity; ++i) {
      if (i) expect(",");
      refs.push_back(operandRef());
    }
    maybeAttrDict(op);
    expect(":", "before type");
    Type t = parseType();
    for (auto& r : refs) addOperand(op, r, &t);
    addResult(op, t);
  }

  // cmp-op ::= op-name predicate `,` value `,` value `:` type
  void parseCompare(Op* op) {
    Loc pl = here();
    std::string pred = peekc() == '"' ? stringLit() : bareId();
    if (op->kind == OpKind::CmpI) {
      static const char* names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
      bool ok = false;
      for (unsigned i = 0; i < 10; ++i)
        if (pred == names[i]) op->cmpi = static_cast<CmpIPred>(i), ok = true;
      if (!ok) fail(pl, "unknown cmpi predicate '" + pred + "'");
    } else {
      static const char* names[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
      bool ok = false;
      for (unsigned i = 0; i < 16; ++i)
        if (pred == names[i]) op->cmpf = static_cast<CmpFPred>(i), ok = true;
      if (!ok) fail(pl, "unknown cmpf predicate '" + pred + "'");
    }
    expect(",");
    OperandRef a = operandRef();
    expect(",");
    OperandRef b = operandRef();
    maybeAttrDict(op);
    expect(":", "before type");
    Type t = parseType();
    addOperand(op, a, &t);
    addOperand(op, b, &t);
    addResult(op, Type::i1());
  }

  // select-op ::= `select` value `,` value `,` value `:` (`i1` `,`)? type
  void parseSelect(Op* op) {
    OperandRef c = operandRef();
    expect(",");
    OperandRef a = operandRef();
    expect(",");
    OperandRef b = operandRef();
    maybeAttrDict(op);
    expect(":", "before type");
    Type t = parseType();
    if (accept(",")) {
      if (!t.isI1()) failHere("select condition type must be i1");
      t = parseType();
    }
    Type i1 = Type::i1();
    addOperand(op, c, &i1);
    addOperand(op, a, &t);
    addOperand(op, b, &t);
    addResult(op, t);
  }

  // cast-op ::= op-name value `:` type `to` type   (memref.cast likewise)
  void parseCast(Op* op, const char* kw) {
    OperandRef a = operandRef();
    maybeAttrDict(op);
    expect(":", "before type");
    Type from = parseType();
    expect(kw);
    Type to = parseType();
    addOperand(op, a, &from);
    addResult(op, to);
  }

  // load-op ::= `memref.load` value `[` indices `]` `:` memref-type
  void parseLoad(Op* op) {
    OperandRef m = operandRef();
    expect("[");
    auto idx = operandList();
    expect("]", "to close indices");
    maybeAttrDict(op);
    expect(":", "before memref type");
    Loc tl = here();
    Type t = parseType();
    if (!t.isMemRef()) fail(tl, "expected a ranked memref type, got " + t.str());
    addOperand(op, m, &t);
    Type index = Type::index();
    for (auto& r : idx) addOperand(op, r, &index);
    addResult(op, t.mem->elem);
  }

  // store-op ::= `memref.store` value `,` value `[` indices `]` `:` memref-type
  void parseStore(Op* op) {
    OperandRef v = operandRef();
    expect(",");
    OperandRef m = operandRef();
    expect("[");
    auto idx = operandList();
    expect("]", "to close indices");
    maybeAttrDict(op);
    expect(":", "before memref type");
    Loc tl = here();
    Type t = parseType();
    if (!t.isMemRef()) fail(tl, "expected a ranked memref type, got " + t.str());
    addOperand(op, v, &t.mem->elem);
    addOperand(op, m, &t);
    Type index = Type::index();
    for (auto& r : idx) addOperand(op, r, &index);
  }

  // alloc-op ::= (`memref.alloc` | `memref.alloca`) `(` dyn-sizes `)` (`[` syms `]`)? attr-dict? `:` memref-type
  void parseAlloc(Op* op) {
    expect("(");
    auto dyn = operandList();
    expect(")");
    if (accept("[")) failHere("unsupported: layout symbols on allocation");
    maybeAttrDict(op);
    expect(":", "before memref type");
    Loc tl = here();
    Type t = parseType();
    if (!t.isMemRef()) fail(tl, "allocation needs a ranked memref type, got " + t.str());
    Type index = Type::index();
    for (auto& r : dyn) addOperand(op, r, &index);
    addResult(op, t);
  }

  void parseDealloc(Op* op) {
    OperandRef m = operandRef();
    expect(":", "before memref type");
    Type t = parseType();
    addOperand(op, m, &t);
  }

  // dim-op ::= `memref.dim` value `,` value `:` memref-type
  void parseDim(Op* op) {
    OperandRef m = operandRef();
    expect(",");
    OperandRef i = operandRef();
    maybeAttrDict(op);
    expect(":", "before memref type");
    Type t = parseType();
    Type index = Type::index();
    addOperand(op, m, &t);
    addOperand(op, i, &index);
    addResult(op, Type::index());
  }

  // mixed-list ::= `[` ((integer | value) (`,` ...)*)? `]` ; values become operands
  std::vector<int64_t> mixedList(std::vector<OperandRef>& dyn) {
    std::vector<int64_t> v;
    expect("[");
    if (accept("]")) return v;
    do {
      if (peekc() == '%') {
        dyn.push_back(operandRef());
        v.push_back(kDynamic);
      } else {
        v.push_back(intLit());
      }
    } while (accept(","));
    expect("]");
    return v;
  }
  unsigned countDynamic(const std::vector<int64_t>& v) {
    unsigned n = 0;
    for (int64_t x : v) n += x == kDynamic;
    return n;
  }
  void addViewOperands(Op* op, const OperandRef& src, const Type& srcType,
                       const std::vector<OperandRef>& dyn) {
    addOperand(op, src, &srcType);
    Type index = Type::index();
    for (auto& r : dyn) addOperand(op, r, &index);
    op->numDynOffsets = countDynamic(op->staticOffsets);
    op->numDynSizes = countDynamic(op->staticSizes);
    op->numDynStrides = countDynamic(op->staticStrides);
  }

  // subview-op ::= `memref.subview` value mixed-list mixed-list mixed-list `:` type `to` type
  void parseSubview(Op* op) {
    OperandRef src = operandRef();
    std::vector<OperandRef> dyn;
    op->staticOffsets = mixedList(dyn);
    op->staticSizes = mixedList(dyn);
    op->staticStrides = mixedList(dyn);
    maybeAttrDict(op);
    expect(":", "before source type");
    Type from = parseType();
    expect("to");
    Type to = parseType();
    addViewOperands(op, src, from, dyn);
    addResult(op, to);
  }

  // reinterpret-op ::= `memref.reinterpret_cast` value `to` `offset` `:` mixed-list `,`
  //                    `sizes` `:` mixed-list `,` `strides` `:` mixed-list `:` type `to` type
  void parseReinterpretCast(Op* op) {
    OperandRef src = operandRef();
    expect("to");
    std::vector<OperandRef> dyn;
    expect("offset");
    expect(":");
    op->staticOffsets = mixedList(dyn);
    expect(",");
    expect("sizes");
    expect(":");
    op->staticSizes = mixedList(dyn);
    expect(",");
    expect("strides");
    expect(":");
    op->staticStrides = mixedList(dyn);
    maybeAttrDict(op);
    expect(":", "before source type");
    Type from = parseType();
    expect("to");
    Type to = parseType();
    addViewOperands(op, src, from, dyn);
    addResult(op, to);
  }

  // reshape-op ::= op-name value `[` `[` ints `]` (`,` ...)* `]` `:` type `into` type
  void parseReshape(Op* op) {
    OperandRef src = operandRef();
    expect("[");
    if (!accept("]")) {
      do {
        expect("[");
        std::vector<int64_t> group;
        if (!accept("]")) {
          do group.push_back(intLit());
          while (accept(","));
          expect("]");
        }
        op->reassociation.push_back(group);
      } while (accept(","));
      expect("]");
    }
    maybeAttrDict(op);
    expect(":", "before source type");
    Type from = parseType();
    expect("into");
    Type to = parseType();
    addOperand(op, src, &from);
    addResult(op, to);
  }

  // vector-print ::= `vector.print` value `:` type
  void parseVectorPrint(Op* op) {
    Loc loc = here();
    if (peekBareId("str")) fail(loc, "unsupported: vector.print of a string");
    OperandRef v = operandRef();
    expect(":", "before type");
    Loc tl = here();
    Type t = parseType();
    if (!t.isScalar()) fail(tl, "vector.print supports scalars only, not " + t.str());
    addOperand(op, v, &t);
  }

  // condition-op ::= `scf.condition` `(` value `)` (values `:` types)?
  void parseCondition(Op* op) {
    expect("(");
    OperandRef c = operandRef();
    expect(")");
    Type i1 = Type::i1();
    addOperand(op, c, &i1);
    Loc loc = here();
    auto refs = operandList();
    std::vector<Type> types;
    if (!refs.empty()) {
      expect(":", "before operand types");
      types = typeList();
    }
    operandsWithTypes(op, refs, types, loc);
  }

  // for-op ::= `scf.for` value-id `=` value `to` value `step` value
  //            (`iter_args` `(` (value-id `=` value) (`,` ...)* `)` `->` result-types)?
  //            (`:` type)? region
  void parseFor(Op* op) {
    Loc ivLoc = here();
    std::string iv = valueId();
    expect("=");
    OperandRef lb = operandRef();
    expect("to");
    OperandRef ub = operandRef();
    expect("step");
    OperandRef step = operandRef();
    std::vector<std::pair<std::string, Loc>> iterNames;
    std::vector<OperandRef> inits;
    std::vector<Type> types;
    if (accept("iter_args")) {
      expect("(");
      do {
        Loc l = here();
        iterNames.push_back({valueId(), l});
        expect("=");
        inits.push_back(operandRef());
      } while (accept(","));
      expect(")");
      expect("->");
      Loc tl = here();
      types = resultTypes();
      if (types.size() != inits.size())
        fail(tl, std::to_string(inits.size()) + " iter_args but " + std::to_string(types.size()) +
                     " result type(s)");
    }
    Type ivType = Type::index();
    if (accept(":")) ivType = parseType();
    addOperand(op, lb, &ivType);
    addOperand(op, ub, &ivType);
    addOperand(op, step, &ivType);
    for (size_t i = 0; i < inits.size(); ++i) addOperand(op, inits[i], &types[i]);
    for (auto& t : types) addResult(op, t);
    std::vector<BlockArgDecl> args{{iv, ivType, ivLoc}};
    for (size_t i = 0; i < iterNames.size(); ++i)
      args.push_back({iterNames[i].first, types[i], iterNames[i].second});
    parseRegion(op, args, /*implicitYield=*/types.empty());
  }

  // if-op ::= `scf.if` value (`->` result-types)? region (`else` region)?
  void parseIf(Op* op) {
    OperandRef c = operandRef();
    Type i1 = Type::i1();
    addOperand(op, c, &i1);
    std::vector<Type> types;
    if (accept("->")) types = resultTypes();
    for (auto& t : types) addResult(op, t);
    parseRegion(op, {}, types.empty());
    if (accept("else")) {
      parseRegion(op, {}, types.empty());
    } else {
      // An omitted else is an empty region with an implicit yield.
      auto r = std::make_unique<Region>();
      r->parent = op;
      op->regions.push_back(std::move(r));
      if (types.empty()) makeImplicitBlock(op->regions.back().get(), op->loc);
    }
  }

  // while-op ::= `scf.while` (`(` (value-id `=` value) (`,` ...)* `)`)? `:` function-type
  //              region `do` region
  void parseWhile(Op* op) {
    std::vector<BlockArgDecl> beforeArgs;
    std::vector<OperandRef> inits;
    if (accept("(") && !accept(")")) {
      do {
        Loc l = here();
        std::string n = valueId();
        expect("=");
        inits.push_back(operandRef());
        beforeArgs.push_back({n, Type(), l});
      } while (accept(","));
      expect(")");
    }
    expect(":", "before while type");
    Loc tl = here();
    auto ins = typeListParens();
    expect("->");
    auto outs = resultTypes();
    if (ins.size() != inits.size())
      fail(tl, std::to_string(inits.size()) + " initial value(s) but " + std::to_string(ins.size()) +
                   " type(s)");
    for (size_t i = 0; i < ins.size(); ++i) {
      addOperand(op, inits[i], &ins[i]);
      beforeArgs[i].type = ins[i];
    }
    for (auto& t : outs) addResult(op, t);
    parseRegion(op, beforeArgs, false);
    expect("do", "between the regions of scf.while");
    parseRegion(op, {}, /*implicitYield=*/false);
  }

  // ---- regions and blocks ----------------------------------------------------------

  struct BlockArgDecl {
    std::string name;
    Type type;
    Loc loc;
  };

  void makeImplicitBlock(Region* r, const Loc& loc) {
    auto b = std::make_unique<Block>();
    b->parent = r;
    b->loc = loc;
    Op* y = newOp(*b, OpKind::Yield, loc);
    (void)y;
    r->blocks.push_back(std::move(b));
  }

  // region ::= `{` block-label? operation* `}`
  // block-label ::= caret-id (`(` value-id `:` type (`,` ...)* `)`)? `:`
  void parseRegion(Op* parentOp, const std::vector<BlockArgDecl>& implicitArgs, bool implicitYield,
                   Region* into = nullptr) {
    Loc loc = here();
    expect("{", "to open region");
    Region* r = into;
    if (!r) {
      auto owned = std::make_unique<Region>();
      owned->parent = parentOp;
      parentOp->regions.push_back(std::move(owned));
      r = parentOp->regions.back().get();
    }
    auto block = std::make_unique<Block>();
    block->parent = r;
    block->loc = loc;
    Block& b = *block;
    r->blocks.push_back(std::move(block));
    scopes_.emplace_back();
    std::vector<BlockArgDecl> args = implicitArgs;
    if (peekc() == '^') {
      Loc ll = here();
      advance(1);
      while (isSuffixChar(rawPeek())) advance(1);
      std::vector<BlockArgDecl> declared;
      if (accept("(")) {
        do {
          Loc al = here();
          std::string n = valueId();
          expect(":");
          declared.push_back({n, parseType(), al});
        } while (accept(","));
        expect(")");
      }
      expect(":", "after block label");
      if (!implicitArgs.empty()) {
        if (declared.size() != implicitArgs.size())
          fail(ll, "block declares " + std::to_string(declared.size()) + " argument(s) where " +
                       std::to_string(implicitArgs.size()) + " are expected");
      }
      args = declared;
    }
    for (auto& a : args) {
      auto v = std::make_unique<Value>();
      v->type = a.type;
      v->owner = &b;
      v->index = static_cast<unsigned>(b.args.size());
      Value* raw = v.get();
      b.args.push_back(std::move(v));
      define(a.name, raw, a.loc);
    }
    while (peekc() != '}') {
      if (atEnd()) fail(loc, "unterminated region (missing '}')");
      if (peekc() == '^') failHere("unsupported: regions with more than one block");
      parseOperation(b);
    }
    Loc endLoc = here();
    advance(1);
    scopes_.pop_back();
    if (implicitYield && (b.ops.empty() || !isTerminator(b.ops.back()->kind)))
      newOp(b, OpKind::Yield, endLoc);
  }

  // ---- functions and the module ----------------------------------------------------

  // func-op ::= (`func` | `func.func`) (`private` | `public` | `nested`)? symbol-ref
  //             `(` args `)` (`->` result-types)? (`attributes` attr-dict)? region?
  // args ::= (value-id `:` type attr-dict? | type attr-dict?) (`,` ...)*
  void parseFunc(const Loc& loc) {
    auto f = std::make_unique<Function>();
    f->loc = loc;
    if (accept("private")) f->isPrivate = true;
    else if (accept("public") || accept("nested")) {
    }
    Loc nameLoc = here();
    f->name = symbol();
    if (mod_.lookup(f->name)) fail(nameLoc, "redefinition of function '@" + f->name + "'");
    func_ = f.get();
    scopes_.clear();
    pending_.clear();
    pendingLoc_.clear();
    std::vector<BlockArgDecl> args;
    expect("(");
    if (!accept(")")) {
      do {
        Loc al = here();
        if (rawPeek() == '%') {
          std::string n = valueId();
          expect(":");
          Type t = parseType();
          args.push_back({n, t, al});
          f->argTypes.push_back(t);
        } else {
          f->argTypes.push_back(parseType());
        }
        if (peekc() == '{') parseAttrDict(nullptr);
      } while (accept(","));
      expect(")", "to close function arguments");
    }
    if (accept("->")) {
      if (peekc() == '(') {
        f->resultTypes = typeListParens();
      } else {
        f->resultTypes.push_back(parseType());
      }
    }
    if (accept("attributes")) parseAttrDict(nullptr);
    f->body.func = f.get();
    Function* raw = f.get();
    mod_.functions.push_back(std::move(f));
    if (peekc() != '{') {
      raw->isDeclaration = true;
      if (!args.empty()) fail(loc, "a function declaration has no argument names");
      func_ = nullptr;
      return;
    }
    if (args.size() != raw->argTypes.size())
      fail(loc, "function with a body must name every argument");
    scopes_.emplace_back();
    parseRegion(nullptr, args, false, &raw->body);
    scopes_.clear();
    if (!pending_.empty()) {
      // Report the earliest use of an undefined name.
      const Loc* best = nullptr;
      std::string bestName;
      for (auto& [name, l] : pendingLoc_)
        if (!best || l.line < best->line || (l.line == best->line && l.col < best->col))
          best = &l, bestName = name;
      fail(*best, "use of undefined value '" + bestName + "'");
    }
    func_ = nullptr;
  }

  // alias-def ::= `#` bare-id `=` attribute-value
  void parseAliasDef() {
    Loc loc = here();
    advance(1);
    std::string name = "#" + bareId();
    expect("=");
    Loc vl = here();
    size_t start = pos_;
    if (aliases_.count(name)) fail(loc, "redefinition of attribute alias '" + name + "'");
    aliases_[name] = {start, vl, ""};
    // Validate now: it must be a layout we understand or at least a balanced attribute.
    if (accept("affine_map") || accept("strided")) {
      skipBalanced('<', '>');
    } else {
      parseAttrValue();
    }
    aliases_[name].text = src_.substr(start, pos_ - start);
  }

  void parseTopLevelItem() {
    Loc loc = here();
    char c = rawPeek();
    if (c == '#') return parseAliasDef();
    if (c == '!') fail(loc, "unsupported type alias definition");
    if (accept("func.func") || accept("func") || accept("builtin.func")) return parseFunc(loc);
    if (c == '"') fail(loc, "generic operation syntax is not supported at the top level");
    fail(loc, "expected a function definition" + found());
  }

public:
  void parseAll() {
    // module ::= (`module` symbol? (`attributes` attr-dict)? `{` item* `}` | item*)
    if (accept("module")) {
      if (peekc() == '@') symbol();
      if (accept("attributes")) parseAttrDict(nullptr);
      Loc open = here();
      expect("{", "to open module body");
      while (peekc() != '}') {
        if (atEnd()) fail(open, "unterminated module (missing '}')");
        parseTopLevelItem();
      }
      advance(1);
      skipTrailingLoc();
      if (!atEnd()) failHere("unexpected text after the module" + found());
      return;
    }
    while (!atEnd()) parseTopLevelItem();
  }
};

void Parser::parseTopLevel() { parseAll(); }

Type Parser::parseStandaloneType() {
  Type t = parseType();
  if (!atEnd()) failHere("unexpected text after the type" + found());
  return t;
}

} // namespace

ParseResult parseModule(std::string text, const std::string& filename) {
  ParseResult res;
  auto mod = std::make_unique<Module>();
  mod->file = std::make_shared<const std::string>(filename);
  mod->source = std::move(text);
  try {
    Parser p(mod->source, mod->file, *mod);
    p.parseTopLevel();
  } catch (ParseError& e) {
    res.error = e.diag;
    return res;
  } catch (std::exception& e) {
    res.error = Diag{Loc{mod->file, 0, 0}, std::string("internal parser error: ") + e.what()};
    return res;
  }
  res.module = std::move(mod);
  return res;
}

std::optional<Type> parseTypeString(const std::string& text, std::string& error) {
  Module scratch;
  auto file = std::make_shared<const std::string>("<type>");
  try {
    Parser p(text, file, scratch);
    return p.parseStandaloneType();
  } catch (ParseError& e) {
    error = e.diag.message;
    return std::nullopt;
  }
}

ParseResult parseFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ParseResult r;
    r.error = Diag{Loc{std::make_shared<const std::string>(path), 0, 0}, "cannot open file"};
    return r;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return parseModule(ss.str(), path);
}

} // namespace loom
