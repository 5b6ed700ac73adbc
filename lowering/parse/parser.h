// Parser for the input language (see DESIGN.md "Input language"): MLIR textual syntax
// in both the MLIR-14 spelling (`func @f`, `return`, `call`, `select`) and the current
// one (`func.func`, `func.return`, `func.call`, `arith.select`).
#pragma once

#include "lowering/ir/ir.h"

#include <memory>
#include <optional>
#include <string>

namespace loom {

struct ParseResult {
  std::unique_ptr<Module> module; // null on error
  std::optional<Diag> error;
};

// Parses `text`; `filename` is used in locations. Never throws.
ParseResult parseModule(std::string text, const std::string& filename);

// Parses one type ("i32", "none", "memref<4x?xf32, strided<[?, 1], offset: ?>>").
// On error returns nullopt and sets `error` to the message.
std::optional<Type> parseTypeString(const std::string& text, std::string& error);

// Reads and parses a file; a missing file is an error located at "<file>:0:0".
ParseResult parseFile(const std::string& path);

} // namespace loom
