// The attribute half of the DFG text reader (read_mlir.h): typed access to attribute
// values with located errors, the function's scopes, and every attribute of a node op
// (the list is in print_mlir.h). Errors are thrown as ReadError and turned into the
// reader's Diag at its top; nothing escapes read_mlir.cpp.
#pragma once

#include "lowering/dfg/dfg.h"
#include "lowering/dfg/mlir_syntax.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::dfg::read_attrs {

struct ReadError {
  Diag diag;
};
[[noreturn]] void fail(const Loc& loc, std::string msg);

// Interns the file names of loom.loc, so every location of one file shares its string.
class FileNames {
public:
  std::shared_ptr<const std::string> operator()(const std::string& name);

private:
  std::map<std::string, std::shared_ptr<const std::string>> names_;
};

// Rejects a second attribute of the same name on one op.
class AttrSet {
public:
  void add(const syntax::NamedAttr& a);
  bool has(const std::string& name) const;

private:
  std::map<std::string, Loc> seen_;
};

// ---- the function op -------------------------------------------------------------------
const std::string& stringOf(const syntax::NamedAttr& a);
void functionTypeOf(const syntax::NamedAttr& a, std::vector<Type>& args,
                    std::vector<Type>& results);
std::vector<Scope> scopesOf(const syntax::NamedAttr& a); // Scope::op null, opId kept

// ---- node ops --------------------------------------------------------------------------

// A constant or initial value as written, checked against the node's type later.
struct TypedValue {
  Bits bits = 0;
  Type type;
  Loc loc;
};

// What a node op's attributes say beyond the Node fields they set directly.
struct NodeAttrs {
  const syntax::NamedAttr* nameAttr = nullptr;
  const syntax::NamedAttr* scopeAttr = nullptr;
  const syntax::NamedAttr* inPortsAttr = nullptr;
  std::optional<std::vector<Type>> inTypes; // loom.in_types
  std::vector<unsigned> inPorts;            // loom.in_ports, per operand
  std::vector<unsigned> capacities;         // loom.capacities, per operand (empty: none)
  std::vector<Type> edgeTypes;              // loom.edge_types, per operand (empty: none)
  std::vector<Role> edgeRoles;              // loom.edge_roles
  std::vector<Rate> edgeRates;              // loom.edge_rates
  std::vector<TypedValue> values;           // constant value, buffer init
};

// Reads every attribute of `op` into `n`, whose kind and outTypes are already set.
NodeAttrs readNodeAttrs(const syntax::Operation& op, Node& n, FileNames& files);

} // namespace loom::dfg::read_attrs
