// A parser for the part of MLIR's generic operation syntax that the DFG text format
// uses (print_mlir.h). It knows nothing about the DFG: it builds ops, value uses,
// attributes and types (through parseTypeString) and reports the first syntax error
// at its file:line:col. read_mlir.cpp gives the result its DFG meaning.
//
//   file          ::= op*
//   op            ::= (result-group (`,` result-group)* `=`)? string `(` (use (`,` use)*)? `)`
//                     (`(` region (`,` region)* `)`)? attr-dict? `:` function-type
//                     (`loc` `(` ... `)`)?
//   result-group  ::= `%`id (`:` integer)?
//   use           ::= `%`id (`#` integer)?
//   region        ::= `{` op* `}`                      (one block, no label)
//   attr-dict     ::= `{` (attr-name `=` attr (`,` attr-name `=` attr)*)? `}`
//   attr          ::= string | number (`:` type)? | `true` | `false` | `unit`
//                   | `[` (attr (`,` attr)*)? `]` | type | function-type
//   function-type ::= `(` (type (`,` type)*)? `)` `->` (type | `(` (type (`,` type)*)? `)`)
// `//` comments run to the end of the line.
#pragma once

#include "lowering/ir/ir.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::dfg::syntax {

struct Attr {
  enum class Kind : uint8_t { String, Integer, Float, Bool, Unit, Type, FunctionType, Array };
  Kind kind = Kind::Unit;
  Loc loc;
  std::string text;                  // String: the contents; Integer, Float, Bool: the spelling
  std::optional<Type> type;          // Integer, Float: the `: type` suffix; Type: the value
  std::vector<Type> inputs, results; // FunctionType
  std::vector<Attr> elems;           // Array
};

struct NamedAttr {
  std::string name;
  Loc loc;
  Attr value;
};

struct Use {
  std::string name; // without '%'
  unsigned index = 0;
  bool hasIndex = false;
  Loc loc;
};

struct ResultGroup {
  std::string name; // without '%'
  unsigned count = 1;
  Loc loc;
};

struct Operation {
  Loc loc; // of the op's name
  std::string name;
  std::vector<ResultGroup> results;
  std::vector<Use> operands;
  std::vector<std::vector<Operation>> regions;
  std::vector<NamedAttr> attrs;
  std::vector<Type> operandTypes;
  std::vector<Type> resultTypes;
  Loc typeLoc; // of the function type after ':'
};

struct ParsedText {
  std::vector<Operation> ops;
  std::optional<Diag> error;
};

// Parses `text`; locations name `file`. Never throws.
ParsedText parseGenericOps(const std::string& text, std::shared_ptr<const std::string> file);

} // namespace loom::dfg::syntax
