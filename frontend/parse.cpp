// The front end's driver: nesting check, MLIR parse into a block with the parser's
// record of positions (AsmParserState, which MLIR's language server uses too), MLIR's
// verifier, then the import. MLIR's diagnostics are caught by a handler and turned
// into loom Diags; nothing is printed from here.

#include "frontend/parse.h"

#include "frontend/big_stack.h"
#include "frontend/import.h"
#include "frontend/upgrade.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

#include <fstream>
#include <sstream>
#include <unordered_map>

namespace loom {
namespace {

using namespace frontend;

// The dialects of the input language. One context per parse: MLIR contexts are not
// cheap, but a parse is once per run and a context shared across threads would need
// locking for nothing.
std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry reg;
  reg.insert<mlir::func::FuncDialect, mlir::scf::SCFDialect, mlir::arith::ArithDialect,
             mlir::memref::MemRefDialect, mlir::math::MathDialect, mlir::vector::VectorDialect,
             mlir::cf::ControlFlowDialect>();
  auto ctx = std::make_unique<mlir::MLIRContext>(reg, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  return ctx;
}

// The deepest bracket nesting of `text` and where it first passes `limit`; strings and
// `//` comments do not count. MLIR's parser recurses once per level.
std::optional<std::pair<uint32_t, uint32_t>> tooDeep(const std::string& text, unsigned limit) {
  unsigned depth = 0;
  uint32_t line = 1, col = 1;
  for (size_t i = 0; i < text.size(); ++i, ++col) {
    char c = text[i];
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
      if (++depth > limit) return std::make_pair(line, col);
    } else if ((c == '}' || c == ')' || c == ']') && depth) {
      --depth;
    }
  }
  return std::nullopt;
}

// One parse of one text (the file, or its MLIR-14 upgrade).
class Parse {
public:
  Parse(const std::string& text, std::shared_ptr<const std::string> file, const Upgraded* upgrade)
      : file_(std::move(file)), upgrade_(upgrade), ctx_(makeContext()) {
    auto buf = llvm::MemoryBuffer::getMemBufferCopy(text, *file_);
    bufferStart_ = buf->getBufferStart();
    sm_.AddNewSourceBuffer(std::move(buf), llvm::SMLoc());
  }

  // Parses, verifies and imports into `out`; the first error, if any.
  std::optional<Diag> run(Module& out) {
    mlir::ScopedDiagnosticHandler handler(ctx_.get(), [&](mlir::Diagnostic& d) {
      if (d.getSeverity() == mlir::DiagnosticSeverity::Error && !error_) error_ = convert(d);
      return mlir::success();
    });
    mlir::Block top;
    mlir::ParserConfig config(ctx_.get(), /*verifyAfterParse=*/false);
    if (mlir::failed(mlir::parseAsmSourceFile(sm_, &top, config, &state_)))
      return error_ ? error_ : Diag{Loc{file_, 0, 0}, "cannot parse the file"};
    indexOpLocations();
    for (mlir::Operation& op : top)
      if (mlir::failed(mlir::verify(&op))) return error_ ? error_ : Diag{Loc{file_, 0, 0}, "verification failed"};
    Positions pos{[this](llvm::SMLoc l) { return at(l); },
                  [this](mlir::Location l) { return source(l); }};
    return importModule(top, state_, pos, out);
  }

private:
  std::shared_ptr<const std::string> file_;
  const Upgraded* upgrade_;
  std::unique_ptr<mlir::MLIRContext> ctx_;
  llvm::SourceMgr sm_;
  const char* bufferStart_ = nullptr;
  mlir::AsmParserState state_;
  std::optional<Diag> error_;
  // The first op (in text order) that carries each location: how a verifier message,
  // which knows only the op's location, finds the .mlir line.
  std::unordered_map<const void*, llvm::SMLoc> opAtLocation_;
  std::unordered_map<std::string, std::shared_ptr<const std::string>> sources_;

  Loc lineCol(unsigned line, unsigned col) {
    if (upgrade_) col = originalColumn(*upgrade_, line, col);
    return Loc{file_, line, col};
  }

  Loc at(llvm::SMLoc l) {
    if (!l.isValid()) return Loc{file_, 0, 0};
    auto [line, col] = sm_.getLineAndColumn(l);
    return lineCol(line, col);
  }

  void indexOpLocations() {
    for (const auto& d : state_.getOpDefs()) {
      const void* key = d.op->getLoc().getAsOpaquePointer();
      auto it = opAtLocation_.find(key);
      if (it == opAtLocation_.end() || d.loc.Start.getPointer() < it->second.getPointer())
        opAtLocation_[key] = d.loc.Start;
    }
  }

  std::shared_ptr<const std::string> intern(std::string s) {
    auto& slot = sources_[s];
    if (!slot) slot = std::make_shared<const std::string>(std::move(s));
    return slot;
  }

  // The first file position inside a location: NameLoc and CallSiteLoc lead to the
  // op's own place (the callee side), FusedLoc to its first member that has one.
  static std::optional<mlir::FileLineColLoc> firstFileLoc(mlir::Location l) {
    if (auto f = llvm::dyn_cast<mlir::FileLineColLoc>(l)) return f;
    if (auto r = llvm::dyn_cast<mlir::FileLineColRange>(l))
      return mlir::FileLineColLoc::get(r.getFilename(), r.getStartLine(), r.getStartColumn());
    if (auto n = llvm::dyn_cast<mlir::NameLoc>(l)) return firstFileLoc(n.getChildLoc());
    if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(l)) return firstFileLoc(c.getCallee());
    if (auto f = llvm::dyn_cast<mlir::FusedLoc>(l))
      for (mlir::Location m : f.getLocations())
        if (auto r = firstFileLoc(m)) return r;
    return std::nullopt;
  }

  static std::optional<std::string> firstName(mlir::Location l) {
    if (auto n = llvm::dyn_cast<mlir::NameLoc>(l)) return n.getName().str();
    if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(l)) return firstName(c.getCallee());
    if (auto f = llvm::dyn_cast<mlir::FusedLoc>(l))
      for (mlir::Location m : f.getLocations())
        if (auto r = firstName(m)) return r;
    return std::nullopt;
  }

  bool isThisBuffer(mlir::FileLineColLoc f) const { return f.getFilename().getValue() == *file_; }

  // "kernel.c:12:3", with the name of a NameLoc and the call site of a CallSiteLoc when
  // they say more: "kernel.c:12:3 'acc'", "kernel.c:12:3 called from main.c:30:1".
  std::shared_ptr<const std::string> source(mlir::Location l) {
    std::optional<mlir::FileLineColLoc> f = firstFileLoc(l);
    std::optional<std::string> name = firstName(l);
    if (f && isThisBuffer(*f) && !name && !llvm::isa<mlir::CallSiteLoc>(l)) return nullptr;
    std::string s;
    if (f)
      s = f->getFilename().getValue().str() + ":" + std::to_string(f->getLine()) + ":" +
          std::to_string(f->getColumn());
    if (name) s += (s.empty() ? "'" : " '") + *name + "'";
    if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(l))
      if (auto caller = firstFileLoc(c.getCaller()))
        s += " called from " + caller->getFilename().getValue().str() + ":" +
             std::to_string(caller->getLine()) + ":" + std::to_string(caller->getColumn());
    if (s.empty()) return nullptr;
    return intern(std::move(s));
  }

  // A diagnostic's location: a position in this buffer is used as is; any other (an
  // op's recorded source) is found through the op that carries it.
  Loc locate(mlir::Location l) {
    Loc r{file_, 0, 0};
    std::optional<mlir::FileLineColLoc> f = firstFileLoc(l);
    if (f && isThisBuffer(*f) && !llvm::isa<mlir::NameLoc, mlir::CallSiteLoc, mlir::FusedLoc>(l))
      return lineCol(f->getLine(), f->getColumn());
    auto it = opAtLocation_.find(l.getAsOpaquePointer());
    if (it != opAtLocation_.end()) r = at(it->second);
    else if (f && isThisBuffer(*f)) r = lineCol(f->getLine(), f->getColumn());
    r.source = source(l);
    return r;
  }

  Diag convert(mlir::Diagnostic& d) {
    Diag out{locate(d.getLocation()), d.str()};
    for (mlir::Diagnostic& n : d.getNotes()) out.notes.push_back(Diag{locate(n.getLocation()), n.str()});
    return out;
  }
};

std::optional<Diag> parseInto(const std::string& text, const std::shared_ptr<const std::string>& file,
                              const Upgraded* upgrade, Module& out) {
  Parse p(text, file, upgrade);
  return p.run(out);
}

} // namespace

ParseResult parseModule(std::string text, const std::string& filename) {
  ParseResult res;
  auto mod = std::make_unique<Module>();
  mod->file = std::make_shared<const std::string>(filename);
  mod->source = std::move(text);
  if (auto deep = tooDeep(mod->source, kMaxNestingDepth)) {
    res.error = Diag{Loc{mod->file, deep->first, deep->second},
                     "nesting deeper than " + std::to_string(kMaxNestingDepth) +
                         " levels is not supported"};
    return res;
  }
  // MLIR's parser, verifier and the destruction of deeply nested IR recurse per level.
  runOnLargeStack([&] {
    std::optional<Diag> err = parseInto(mod->source, mod->file, nullptr, *mod);
    if (err && looksLikeMlir14(mod->source)) {
      Upgraded up = upgradeMlir14(mod->source);
      auto again = std::make_unique<Module>();
      again->file = mod->file;
      again->source = mod->source;
      if (!parseInto(up.text, mod->file, &up, *again)) {
        mod = std::move(again);
        std::string what;
        for (const std::string& c : up.changes) what += (what.empty() ? "" : ", ") + c;
        res.notes.push_back(Diag{Loc{mod->file, 0, 0},
                                 "read in MLIR 14 spelling, upgraded (" + what + "); `loom-sim upgrade " +
                                     *mod->file + "` writes the current form"});
        err.reset();
      }
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
  auto ctx = makeContext();
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
