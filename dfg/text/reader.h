// Internal to dfg/text (includes MLIR): the parts of the DFG reader (read.cpp) that
// look at one op of the parsed text: where it stands, its source position, its errors
// and its attributes (read_attrs.cpp). Every error is a ReadError located at the op's
// name in the text, caught once in readMlir.
#pragma once

#include "dfg/dfg.h"
#include "dfg/text/dfg_text.h"
#include "frontend/mlir_text.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::dfg::reader {

struct ReadError {
  Diag diag;
};

// What one text's functions share: where ops stand, interned file names.
class TextReader {
public:
  explicit TextReader(frontend::MlirText& text) : text_(text) {}

  // An op's place in the text: its name (where MLIR's own diagnostics put it).
  Loc at(mlir::Operation* op);
  // A block's place: its label.
  Loc at(mlir::Block* b);
  template <typename Where> [[noreturn]] void fail(Where* w, std::string msg) {
    throw ReadError{Diag{at(w), std::move(msg)}};
  }

  // The node's source position, as its MLIR location records it (dfg_mlir.h).
  Loc origin(mlir::Operation* op);
  // A location as the node's source position (dfg_mlir.h's exportLoc read back).
  Loc located(mlir::Location l);
  // What MLIR's dialects (arith, math) ask of an op beyond its signature (signature.h):
  // MLIR's verifier on it, its first error the read's.
  void verify(mlir::Operation* op);

private:
  frontend::MlirText& text_;
  std::map<std::string, std::shared_ptr<const std::string>, std::less<>> strings_;

  std::shared_ptr<const std::string> intern(llvm::StringRef s);
  Loc fileLoc(mlir::Location l);
};

// "'name'", as messages quote an attribute.
std::string quoted(llvm::StringRef name);

// Reads attribute values of one op; `what` names the value in messages ("'slots'",
// "'loom.rates' entry 2").
class AttrReader {
public:
  AttrReader(TextReader& r, mlir::Operation* op) : r_(r), op_(op) {}

  [[noreturn]] void fail(const std::string& msg) { r_.fail(op_, msg); }

  // An integer attribute (of any integer or index type) from lo to hi.
  int64_t intOf(mlir::Attribute a, const std::string& what, int64_t lo, int64_t hi);
  unsigned u32Of(mlir::Attribute a, const std::string& what);
  std::string strOf(mlir::Attribute a, const std::string& what);
  mlir::ArrayAttr arrayOf(mlir::Attribute a, const std::string& what);
  // An array with one entry per `unit` (operand, result, field).
  mlir::ArrayAttr arrayOf(mlir::Attribute a, const std::string& what, size_t n, const char* unit);
  // A type a channel or a memory can have (frontend::importType).
  Type typeOf(mlir::Type t, const std::string& what);
  Type typeOf(mlir::Attribute a, const std::string& what); // a TypeAttr
  // A constant or initial value and its type (checked against the node's later).
  std::pair<Bits, Type> valueOf(mlir::Attribute a, const std::string& what);
  Role roleOf(mlir::Attribute a, const std::string& what);
  Rate rateOf(mlir::Attribute a, const std::string& what); // fields.h
  // Attributes in `<{...}>` of an op MLIR does not know: the DFG has none, and silently
  // dropping them would change what the text says.
  void noProperties(const std::string& opName);

  // One value per entry of `arr`, read by `read(entry, "'name' entry i")`.
  template <typename T, typename F>
  std::vector<T> each(mlir::ArrayAttr arr, const std::string& what, F&& read) {
    std::vector<T> out;
    for (size_t i = 0; i < arr.size(); ++i)
      out.push_back(read(arr[i], what + " entry " + std::to_string(i)));
    return out;
  }

protected:
  TextReader& r_;
  mlir::Operation* op_;
};

// loom.scopes: [kind, name, parent, op id or -1] per scope, every parent chain reaching a
// root. Scope::op stays null, Scope::opId keeps the id.
std::vector<Scope> scopesOf(AttrReader& r, mlir::Attribute a, const std::string& what);

// What a node op's attributes say beyond the Node fields they set directly.
struct NodeAttrs {
  bool named = false;                           // loom.name given
  std::optional<std::vector<Type>> inTypes;     // loom.in_types
  std::optional<std::vector<unsigned>> inPorts; // loom.in_ports, per operand
  std::vector<unsigned> capacities;             // loom.capacities, per operand (empty: none)
  std::vector<Type> edgeTypes;                  // loom.edge_types, per operand (empty: none)
  std::vector<Role> edgeRoles;                  // loom.edge_roles
  std::vector<Rate> edgeRates;                  // loom.edge_rates
  std::vector<Type> valueTypes;                 // of the constant value, the buffer's init
};

// Reads every attribute of node op `op` into `n`, whose kind and outTypes are set: the
// DFG's own (discardable) ones, and an arith op's own (its properties).
NodeAttrs readNodeAttrs(TextReader& r, mlir::Operation* op, Node& n);

// Parses `text` (`filename` in diagnostics) in a context made by `makeContext` and reads
// its functions with `read`, on the large stack (MLIR's parser and the destruction of
// nested IR recurse per level): a parse error (first passed to `onParseError`, which may
// reword it) or a ReadError is the result's error. Both DFG forms read through it.
ReadResult parseAndRead(const std::string& text, const std::string& filename,
                        std::unique_ptr<mlir::MLIRContext> (*makeContext)(),
                        std::vector<Graph> (*read)(frontend::MlirText&),
                        void (*onParseError)(Diag&) = nullptr);

} // namespace loom::dfg::reader
