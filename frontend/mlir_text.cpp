#include "frontend/mlir_text.h"

#include "frontend/limits.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace loom::frontend {
namespace {

// The most dimensions a shape may have (`1x1x...x1xi32`): MLIR's lexer reads the rest of
// a shape again for each dimension, so a long one costs its square (100,000 took 17 s).
constexpr unsigned kMaxShapeDims = 1024;

// One pass over the brackets of `text` (strings and `//` comments skipped): where the
// nesting first passes `limit` (MLIR's parser recurses once per level, `tuple<tuple<...>>`
// as much as nested regions), where a shape first has more than kMaxShapeDims
// dimensions, where a dense array first has an element type MLIR 22's parser dies on,
// and where the innermost bracket still open at the end was opened.
struct BracketScan {
  std::optional<std::pair<uint32_t, uint32_t>> tooDeep;
  std::optional<std::pair<uint32_t, uint32_t>> tooManyDims;
  std::optional<std::pair<uint32_t, uint32_t>> badArray;
  std::string badArrayType;
  std::optional<std::pair<uint32_t, uint32_t>> unclosed;
  char unclosedChar = 0;
};

bool isWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}

bool allDigits(const std::string& s, size_t from) {
  return from < s.size() && std::all_of(s.begin() + static_cast<long>(from), s.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c));
         });
}

// i32, si8, ui16; f32, bf16, tf32, f8E5M2 (a float's name: f, digits, then a variant).
bool isIntOrFloatTypeName(const std::string& t) {
  size_t i = t[0] == 's' || t[0] == 'u' ? 1 : 0;
  if (t.compare(i, 1, "i") == 0) return allDigits(t, i + 1);
  if (t == "bf16" || t == "tf32") return true;
  size_t d = 1;
  while (d < t.size() && std::isdigit(static_cast<unsigned char>(t[d])))
    ++d;
  return t[0] == 'f' && d > 1 && (d == t.size() || std::isupper(static_cast<unsigned char>(t[d])));
}

// At the '<' of `array<T: ...>` (the builtin dense array, not `!llvm.array<...>`), T
// when it is no integer or float type: MLIR 22's parser takes its bit width without
// checking and dies of a segmentation fault (`array<index: 1>`).
std::optional<std::string> badArrayElement(const std::string& text, size_t lt) {
  if (lt < 5 || text.compare(lt - 5, 5, "array") != 0 || (lt > 5 && isWordChar(text[lt - 6])))
    return std::nullopt;
  size_t b = lt + 1;
  while (b < text.size() && std::isspace(static_cast<unsigned char>(text[b])))
    ++b;
  size_t e = b;
  while (e < text.size() && (isWordChar(text[e]) || text[e] == '!'))
    ++e;
  std::string t = text.substr(b, e - b);
  return t.empty() || isIntOrFloatTypeName(t) ? std::nullopt : std::optional<std::string>(t);
}

// A '>' that closes a '<' (a type's or an attribute's: `memref<4xtuple<i32>>`), not the
// one of `->` or of an affine constraint's `>=`.
bool closesAngle(const std::string& text, size_t i) {
  return text[i] == '>' && !(i > 0 && text[i - 1] == '-') &&
         !(i + 1 < text.size() && text[i + 1] == '=');
}

BracketScan scanBrackets(const std::string& text, unsigned limit) {
  BracketScan r;
  struct Open {
    char c;
    uint32_t line, col;
  };
  std::vector<Open> open;
  uint32_t line = 1, col = 0;
  unsigned dims = 0; // the `4x?x` run so far
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    ++col;
    if (c == 'x' && i > 0 &&
        (std::isdigit(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '?')) {
      if (++dims > kMaxShapeDims && !r.tooManyDims) r.tooManyDims = std::make_pair(line, col);
    } else if (!std::isdigit(static_cast<unsigned char>(c)) && c != '?') {
      dims = 0;
    }
    if (c == '\n') {
      ++line;
      col = 0;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n')
        ++i;
    } else if (c == '"') {
      while (i + 1 < text.size() && text[i + 1] != '"' && text[i + 1] != '\n') {
        if (text[i + 1] == '\\') ++i, ++col;
        ++i, ++col;
      }
      ++i, ++col;
    } else if (c == '{' || c == '(' || c == '[' || c == '<') {
      if (c == '<' && !r.badArray)
        if (auto t = badArrayElement(text, i))
          r.badArray = std::make_pair(line, col), r.badArrayType = *t;
      open.push_back({c, line, col});
      if (open.size() > limit && !r.tooDeep) r.tooDeep = std::make_pair(line, col);
    } else if ((c == '}' || c == ')' || c == ']' || closesAngle(text, i)) && !open.empty()) {
      open.pop_back();
    }
  }
  if (!open.empty()) {
    r.unclosed = std::make_pair(open.back().line, open.back().col);
    r.unclosedChar = open.back().c;
  }
  return r;
}

// The line of the last character that is not white space.
uint32_t lastLine(const std::string& text) {
  size_t end = text.find_last_not_of(" \t\r\n");
  if (end == std::string::npos) return 1;
  return 1 + static_cast<uint32_t>(
                 std::count(text.begin(), text.begin() + static_cast<long>(end), '\n'));
}

} // namespace

MlirText::MlirText(mlir::MLIRContext& ctx, const std::string& text,
                   std::shared_ptr<const std::string> file, const Upgraded* upgrade)
    : ctx_(ctx), file_(std::move(file)), upgrade_(upgrade) {
  sm_.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, *file_), llvm::SMLoc());
}

// MLIR destroys a region by first dropping every reference inside it, at every level:
// nested N deep, N * N / 2 visits (4,096 nested scf.if spent 60% of their run there).
// With every reference dropped once, ops erased innermost first find their regions empty.
MlirText::~MlirText() {
  top_.dropAllReferences();
  std::vector<mlir::Operation*> postOrder;
  top_.walk<mlir::WalkOrder::PostOrder>([&](mlir::Operation* op) { postOrder.push_back(op); });
  for (mlir::Operation* op : postOrder)
    op->erase();
}

// Runs one step with MLIR's diagnostics caught: the first error becomes the result.
std::optional<Diag> MlirText::capture(const std::function<bool()>& step, const char* what) {
  std::optional<Diag> first;
  mlir::ScopedDiagnosticHandler handler(&ctx_, [&](mlir::Diagnostic& d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error && !first) first = convert(d);
    return mlir::success();
  });
  if (step()) return std::nullopt;
  return first ? first : Diag{Loc{file_, 0, 0}, what};
}

std::optional<Diag> MlirText::parse() {
  llvm::StringRef text = sm_.getMemoryBuffer(sm_.getMainFileID())->getBuffer();
  BracketScan brackets = scanBrackets(text.str(), kMaxBracketDepth);
  if (auto deep = brackets.tooDeep)
    return Diag{lineCol(deep->first, deep->second), "nesting deeper than " +
                                                        std::to_string(kMaxBracketDepth) +
                                                        " levels is not supported"};
  if (auto wide = brackets.tooManyDims)
    return Diag{lineCol(wide->first, wide->second), "a shape of more than " +
                                                        std::to_string(kMaxShapeDims) +
                                                        " dimensions is not supported"};
  if (auto array = brackets.badArray)
    return Diag{lineCol(array->first, array->second),
                "a dense array of '" + brackets.badArrayType +
                    "': its elements must be integers or floats"};
  mlir::ParserConfig config(&ctx_, /*verifyAfterParse=*/false);
  auto err = capture(
      [&] { return mlir::succeeded(mlir::parseAsmSourceFile(sm_, &top_, config, &state_)); },
      "cannot parse the file");
  if (!err) {
    indexParsed();
    return err;
  }
  // A missing '}' is found by MLIR only at the end of the file, with a message about
  // what it expected there: say what is missing and point at the '{' left open.
  if (brackets.unclosed && brackets.unclosedChar == '{' && err->loc.line >= lastLine(text.str())) {
    err->message = "unexpected end of file: missing '}'";
    err->notes.push_back(Diag{lineCol(brackets.unclosed->first, brackets.unclosed->second),
                              "this '{' is never closed"});
  }
  return err;
}

std::optional<Diag> MlirText::verify() {
  return capture(
      [&] {
        for (mlir::Operation& op : top_)
          if (mlir::failed(mlir::verify(&op))) return false;
        return true;
      },
      "verification failed");
}

static std::string rangeText(llvm::SMRange r) {
  if (!r.isValid()) return {};
  return std::string(r.Start.getPointer(), r.End.getPointer() - r.Start.getPointer());
}

void MlirText::indexParsed() {
  for (const auto& d : state_.getOpDefs()) {
    const void* key = d.op->getLoc().getAsOpaquePointer();
    auto it = opAtLocation_.find(key);
    if (it == opAtLocation_.end() || d.loc.Start.getPointer() < it->second.getPointer())
      opAtLocation_[key] = d.loc.Start;
    unsigned n = d.op->getNumResults();
    for (size_t g = 0; g < d.resultGroups.size(); ++g) {
      const auto& grp = d.resultGroups[g];
      unsigned end = g + 1 < d.resultGroups.size() ? d.resultGroups[g + 1].startIndex : n;
      std::string base = rangeText(grp.definition.loc);
      for (unsigned i = grp.startIndex; i < end; ++i)
        names_[d.op->getResult(i)] = {
            end - grp.startIndex == 1 ? base : base + "#" + std::to_string(i - grp.startIndex),
            grp.definition.loc.Start};
    }
  }
  for (const auto& b : state_.getBlockDefs())
    for (size_t i = 0; i < b.arguments.size() && i < b.block->getNumArguments(); ++i)
      names_[b.block->getArgument(i)] = {rangeText(b.arguments[i].loc), b.arguments[i].loc.Start};
}

std::pair<std::string, llvm::SMLoc> MlirText::nameOf(mlir::Value v) const {
  auto it = names_.find(v);
  return it == names_.end() ? std::pair<std::string, llvm::SMLoc>{} : it->second;
}

Loc MlirText::lineCol(unsigned line, unsigned col) const {
  if (upgrade_) col = originalColumn(*upgrade_, line, col);
  return Loc{file_, line, col};
}

Loc MlirText::at(llvm::SMLoc l) const {
  if (!l.isValid()) return Loc{file_, 0, 0};
  auto [line, col] = sm_.getLineAndColumn(l);
  return lineCol(line, col);
}

Loc MlirText::locOf(mlir::Operation* op) {
  Loc l{file_, 0, 0};
  if (const auto* d = state_.getOpDef(op))
    l = at(d->loc.Start);
  else if (mlir::Operation* p = op->getParentOp())
    l = locOf(p);
  l.source = source(op->getLoc());
  return l;
}

// The first location, in a depth-first walk that enters a NameLoc's child, a
// CallSiteLoc's callee and a FusedLoc's members in order, for which `get` gives a value.
// Aliases make locations a DAG that is exponentially large as a tree (`#l2 =
// loc(fused[#l1, "n"(#l1)])`, ...) and as deep as there are aliases: each is visited
// once, with a stack of its own.
template <typename Get> static auto firstIn(mlir::Location l, Get get) -> decltype(get(l)) {
  std::vector<mlir::Location> stack{l};
  llvm::DenseSet<const void*> seen;
  while (!stack.empty()) {
    mlir::Location x = stack.back();
    stack.pop_back();
    if (!seen.insert(x.getAsOpaquePointer()).second) continue;
    if (auto r = get(x)) return r;
    if (auto n = llvm::dyn_cast<mlir::NameLoc>(x)) {
      stack.push_back(n.getChildLoc());
    } else if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(x)) {
      stack.push_back(c.getCallee());
    } else if (auto f = llvm::dyn_cast<mlir::FusedLoc>(x)) {
      llvm::ArrayRef<mlir::Location> members = f.getLocations();
      for (auto it = members.rbegin(); it != members.rend(); ++it)
        stack.push_back(*it);
    }
  }
  return std::nullopt;
}

// The first file position inside a location: NameLoc and CallSiteLoc lead to the op's
// own place (the callee side), FusedLoc to its first member that has one.
static std::optional<mlir::FileLineColLoc> firstFileLoc(mlir::Location l) {
  return firstIn(l, [](mlir::Location x) -> std::optional<mlir::FileLineColLoc> {
    if (auto f = llvm::dyn_cast<mlir::FileLineColLoc>(x)) return f;
    if (auto r = llvm::dyn_cast<mlir::FileLineColRange>(x))
      return mlir::FileLineColLoc::get(r.getFilename(), r.getStartLine(), r.getStartColumn());
    return std::nullopt;
  });
}

static std::optional<std::string> firstName(mlir::Location l) {
  return firstIn(l, [](mlir::Location x) -> std::optional<std::string> {
    if (auto n = llvm::dyn_cast<mlir::NameLoc>(x)) return n.getName().str();
    return std::nullopt;
  });
}

static std::string fileLineCol(mlir::FileLineColLoc f) {
  return f.getFilename().getValue().str() + ":" + std::to_string(f.getLine()) + ":" +
         std::to_string(f.getColumn());
}

bool MlirText::isThisBuffer(mlir::FileLineColLoc f) const {
  return f.getFilename().getValue() == *file_;
}

std::shared_ptr<const std::string> MlirText::source(mlir::Location l) {
  std::optional<mlir::FileLineColLoc> f = firstFileLoc(l);
  std::optional<std::string> name = firstName(l);
  auto call = llvm::dyn_cast<mlir::CallSiteLoc>(l);
  if (f && isThisBuffer(*f) && !name && !call) return nullptr;
  std::string s = f ? fileLineCol(*f) : std::string();
  if (name) s += (s.empty() ? "'" : " '") + *name + "'";
  if (call)
    if (auto caller = firstFileLoc(call.getCaller())) s += " called from " + fileLineCol(*caller);
  if (s.empty()) return nullptr;
  auto& slot = sources_[s];
  if (!slot) slot = std::make_shared<const std::string>(s);
  return slot;
}

Loc MlirText::locate(mlir::Location l) {
  std::optional<mlir::FileLineColLoc> f = firstFileLoc(l);
  if (f && isThisBuffer(*f) && llvm::isa<mlir::FileLineColLoc, mlir::FileLineColRange>(l))
    return lineCol(f->getLine(), f->getColumn());
  Loc r{file_, 0, 0};
  auto it = opAtLocation_.find(l.getAsOpaquePointer());
  if (it != opAtLocation_.end())
    r = at(it->second);
  else if (f && isThisBuffer(*f))
    r = lineCol(f->getLine(), f->getColumn());
  r.source = source(l);
  return r;
}

// MLIR 22 writes a NUL where a plural 's' is left out ("expected 1 operand type\0 but
// had 2"); a message is text.
static std::string messageText(const mlir::Diagnostic& d) {
  std::string m = d.str();
  m.erase(std::remove(m.begin(), m.end(), '\0'), m.end());
  return m;
}

Diag MlirText::convert(mlir::Diagnostic& d) {
  Diag out{locate(d.getLocation()), messageText(d)};
  for (mlir::Diagnostic& n : d.getNotes())
    out.notes.push_back(Diag{locate(n.getLocation()), messageText(n)});
  return out;
}

} // namespace loom::frontend
