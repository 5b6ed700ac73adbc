// Internal to dfg/text (includes MLIR): the DFG's pieces as MLIR types, attributes
// and locations, in one place for the printer (print.cpp) and the reader (read.cpp), so
// the two cannot disagree on a name or an encoding.
#pragma once

#include "dfg/dfg.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"

#include <string>

namespace loom::dfg::mlir_form {

// ---- names -----------------------------------------------------------------------------
constexpr const char* kFunctionOp = "loom.dfg";

// loom.dfg
constexpr const char* kSymName = "sym_name";
constexpr const char* kFunctionType = "function_type";
constexpr const char* kScopes = "loom.scopes";
// every node
constexpr const char* kName = "loom.name";
constexpr const char* kScope = "loom.scope";
constexpr const char* kOrigin = "loom.origin";
constexpr const char* kRoles = "loom.roles";
constexpr const char* kRates = "loom.rates";
// per operand
constexpr const char* kCapacities = "loom.capacities";
constexpr const char* kInPorts = "loom.in_ports";
constexpr const char* kInTypes = "loom.in_types";
constexpr const char* kEdgeTypes = "loom.edge_types";
constexpr const char* kEdgeRoles = "loom.edge_roles";
constexpr const char* kEdgeRates = "loom.edge_rates";
// The attributes of each kind are named by the op table (ops::AttrSpec).

// ---- types and values ------------------------------------------------------------------

// The inverse of frontend::importType: builtin types; a strided memref layout as a
// StridedLayoutAttr (an identity layout as none).
mlir::Type exportType(mlir::MLIRContext& ctx, const Type& t);

// The typed literal of value `b` of scalar type `t`: IntegerAttr (i1 prints as true /
// false), FloatAttr (MLIR prints a float that would not read back exactly as hex bits),
// UnitAttr for none.
mlir::Attribute valueAttr(mlir::MLIRContext& ctx, Bits b, const Type& t);

// The inverse of valueAttr. On error returns false and sets `error` (without the name
// of the attribute): not a literal, or a literal of a type no channel carries.
bool valueOf(mlir::Attribute a, Bits& bits, Type& type, std::string& error);

// ---- locations -------------------------------------------------------------------------

// A node's source position as an MLIR location: "file":line:col, named by its original
// source when it has one (loc("kernel.c:12:3"("k.mlir":20:5))); unknown when it has
// neither.
mlir::Location exportLoc(mlir::MLIRContext& ctx, const Loc& l);

} // namespace loom::dfg::mlir_form
