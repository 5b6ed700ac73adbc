// Internal to the front end (includes MLIR): one MLIR text parsed into a block, with
// the parser's record of where each op, result and block argument stands
// (AsmParserState, which MLIR's language server uses too), and the conversions from
// MLIR's positions, locations and diagnostics to loom Locs and Diags. The SCF import
// (import.h) and the DFG text reader both read through it.
#pragma once

#include "frontend/upgrade.h"
#include "ir/ir.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace loom::frontend {

class MlirText {
public:
  // `upgrade`, if given, is the MLIR-14 upgrade `text` came from: columns are mapped
  // back to the file as written.
  MlirText(mlir::MLIRContext& ctx, const std::string& text, std::shared_ptr<const std::string> file,
           const Upgraded* upgrade = nullptr);
  ~MlirText();

  // MLIR's parser (no verification); the first error, located. Text nested deeper than
  // kMaxBracketDepth brackets is refused first (MLIR's parser recurses per level; call
  // this on a large stack, support/big_stack.h); a missing '}' gets a note at the '{'
  // left open.
  std::optional<Diag> parse();
  // MLIR's verifier on every top-level op; the first error, located.
  std::optional<Diag> verify();

  mlir::Block& top() { return top_; }
  const mlir::AsmParserState& state() const { return state_; }
  const std::shared_ptr<const std::string>& file() const { return file_; }

  // A position in the text, as the user wrote it (1-based line and column).
  Loc at(llvm::SMLoc l) const;
  // An op's place: its name in the text, and the source its location records.
  Loc locOf(mlir::Operation* op);
  // The original source an MLIR location records ("kernel.c:12:3", with a NameLoc's name
  // and a CallSiteLoc's caller when they say more), or null when the location is only
  // this text's own position.
  std::shared_ptr<const std::string> source(mlir::Location l);
  // Where a diagnostic at location `l` points: a position in this text as is; another
  // location through the first op that carries it.
  Loc locate(mlir::Location l);
  Diag convert(mlir::Diagnostic& d);
  // The name an SSA value has in the text ("%x", "%r#1"), and where it is defined; an
  // empty name when the text does not name it.
  std::pair<std::string, llvm::SMLoc> nameOf(mlir::Value v) const;

private:
  mlir::MLIRContext& ctx_;
  std::shared_ptr<const std::string> file_;
  const Upgraded* upgrade_;
  llvm::SourceMgr sm_;
  mlir::Block top_;
  mlir::AsmParserState state_;
  std::unordered_map<const void*, llvm::SMLoc> opAtLocation_;
  std::unordered_map<std::string, std::shared_ptr<const std::string>> sources_;
  llvm::DenseMap<mlir::Value, std::pair<std::string, llvm::SMLoc>> names_;

  Loc lineCol(unsigned line, unsigned col) const;
  bool isThisBuffer(mlir::FileLineColLoc f) const;
  void indexParsed();
  std::optional<Diag> capture(const std::function<bool()>& step, const char* what);
};

} // namespace loom::frontend
