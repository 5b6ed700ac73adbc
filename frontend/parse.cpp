// The front end's driver: nesting check, MLIR parse into a block with the parser's
// record of positions (AsmParserState, which MLIR's language server uses too), MLIR's
// verifier, then the import. MLIR's diagnostics are caught by a handler and turned
// into loom Diags; nothing is printed from here.

#include "frontend/parse.h"

#include "frontend/big_stack.h"
#include "frontend/import.h"
#include "frontend/mlir_text.h"
#include "frontend/upgrade.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_map>

namespace loom {
namespace {

using namespace frontend;

// One pass over the brackets of `text` (strings and `//` comments skipped): where the
// nesting first passes `limit` (MLIR's parser recurses once per level), and where the
// innermost bracket still open at the end was opened.
struct BracketScan {
  std::optional<std::pair<uint32_t, uint32_t>> tooDeep;
  std::optional<std::pair<uint32_t, uint32_t>> unclosed;
  char unclosedChar = 0;
};

BracketScan scanBrackets(const std::string& text, unsigned limit) {
  BracketScan r;
  struct Open {
    char c;
    uint32_t line, col;
  };
  std::vector<Open> open;
  uint32_t line = 1, col = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    ++col;
    if (c == '\n') {
      ++line;
      col = 0;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
    } else if (c == '"') {
      while (i + 1 < text.size() && text[i + 1] != '"' && text[i + 1] != '\n') {
        if (text[i + 1] == '\\') ++i, ++col;
        ++i, ++col;
      }
      ++i, ++col;
    } else if (c == '{' || c == '(' || c == '[') {
      open.push_back({c, line, col});
      if (open.size() > limit && !r.tooDeep) r.tooDeep = std::make_pair(line, col);
    } else if ((c == '}' || c == ')' || c == ']') && !open.empty()) {
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
  return 1 + static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<long>(end), '\n'));
}

std::optional<Diag> parseInto(const std::string& text, const std::shared_ptr<const std::string>& file,
                              const Upgraded* upgrade, Module& out) {
  auto ctx = makeInputContext();
  MlirText t(*ctx, text, file, upgrade);
  if (auto err = t.parse()) return err;
  if (auto err = t.verify()) return err;
  return importModule(t, out);
}

} // namespace

ParseResult parseModule(std::string text, const std::string& filename) {
  ParseResult res;
  auto mod = std::make_unique<Module>();
  mod->file = std::make_shared<const std::string>(filename);
  mod->source = std::move(text);
  BracketScan brackets = scanBrackets(mod->source, kMaxNestingDepth);
  if (auto deep = brackets.tooDeep) {
    res.error = Diag{Loc{mod->file, deep->first, deep->second},
                     "nesting deeper than " + std::to_string(kMaxNestingDepth) +
                         " levels is not supported"};
    return res;
  }
  // MLIR's parser, verifier and the destruction of deeply nested IR recurse per level.
  runOnLargeStack([&] {
    std::optional<Diag> err = parseInto(mod->source, mod->file, nullptr, *mod);
    if (err && looksLikeMlir14(mod->source)) {
      // MLIR 22 rejects MLIR 14 spellings: read the file upgraded, and say so.
      Upgraded up = upgradeMlir14(mod->source);
      auto again = std::make_unique<Module>();
      again->file = mod->file;
      again->source = mod->source;
      std::string what;
      for (const std::string& c : up.changes) what += (what.empty() ? "" : ", ") + c;
      Diag note{Loc{mod->file, 0, 0}, "read in MLIR 14 spelling, upgraded (" + what + "); `loom-sim upgrade " +
                                          *mod->file + "` writes the current form"};
      err = parseInto(up.text, mod->file, &up, *again);
      if (err) {
        err->notes.push_back(note);
      } else {
        mod = std::move(again);
        res.notes.push_back(note);
      }
    }
    // A missing '}' is found by MLIR only at the end of the file, with a message about
    // what it expected there: say what is missing and point at the '{' left open.
    if (err && brackets.unclosed && brackets.unclosedChar == '{' && err->loc.line >= lastLine(mod->source)) {
      err->message = "unexpected end of file: missing '}'";
      err->notes.push_back(Diag{Loc{mod->file, brackets.unclosed->first, brackets.unclosed->second},
                                "this '{' is never closed"});
    }
    if (err) {
      res.error = std::move(err);
      mod.reset();
    }
  });
  res.module = std::move(mod);
  return res;
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

std::optional<Type> parseTypeString(const std::string& text, std::string& error) {
  auto ctx = makeInputContext();
  std::string msg;
  mlir::ScopedDiagnosticHandler handler(ctx.get(), [&](mlir::Diagnostic& d) {
    if (msg.empty()) msg = d.str();
    return mlir::success();
  });
  size_t consumed = 0;
  mlir::Type t = mlir::parseType(text, ctx.get(), &consumed);
  if (!t) {
    error = msg.empty() ? "malformed type" : msg;
    return std::nullopt;
  }
  if (consumed != text.size() && text.find_first_not_of(" \t\n", consumed) != std::string::npos) {
    error = "unexpected text after the type";
    return std::nullopt;
  }
  if (auto r = importType(t)) return r;
  error = "unsupported type";
  return std::nullopt;
}

} // namespace loom
