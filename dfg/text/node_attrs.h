// Internal to the DFG text forms (includes MLIR): one reader and one printer per attribute
// of the op table (ops::Attr), used by both the loom.dfg form (dfg/text) and LOOM's form
// (dfg/loom). The row names each attribute in each form; what else the two forms write
// differently (CIRCT's i32 counts, its integer initValues, its memRefType) is a Form.
#pragma once

#include "dfg/dfg.h"
#include "dfg/text/reader.h"
#include "mlir/IR/OperationSupport.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace loom::dfg::node_attrs {

struct Form {
  // Which names: AttrSpec::loomName (and its older name), else AttrSpec::name.
  bool loom = false;
  // The integer type of slots, port counts, groups and indices (CIRCT's are i32).
  unsigned countBits = 64;
  // A buffer's initial tokens: typed literals, else CIRCT's plain integers.
  bool typedInitValues = true;
  // A memory's type is CIRCT's memRefType: a memref with the identity layout and a
  // static shape.
  bool circtMemRefType = false;
};
extern const Form kLoomDfgForm;
extern const Form kLoomForm;

// The attribute of kind `k` that `name` names in `form`, or null.
const ops::AttrSpec* attrNamed(ops::NodeKind k, llvm::StringRef name, const Form& form);

// Reads `v`, the value of attribute `a` written as `name`, into `n` (its kind, arith op
// and outTypes set); the type of a typed literal goes to `valueTypes` (the form's reader
// checks it against the result's). False: `n` takes no such attribute (a predicate on
// an arith op that compares nothing).
bool readAttr(reader::AttrReader& r, const ops::AttrSpec& a, const std::string& name,
              mlir::Attribute v, Node& n, const Form& form, std::vector<Type>& valueTypes);

// Whether `seen`, the attribute names written on an op of kind `k`, holds `attr` (by
// its name in `form` or its older one).
bool given(ops::NodeKind k, ops::Attr attr, const std::set<std::string>& seen, const Form& form);

// Fails, naming the first one, unless `seen` holds every attribute `form` requires of
// `n` (an arith comparison requires its predicate), each by one name only. LOOM's form
// may leave out the attributes its older ops give a default (AttrSpec::loomDefaulted).
void requireAttrs(reader::AttrReader& r, const std::string& opName, const Node& n,
                  const std::set<std::string>& seen, const Form& form);

// An arith or math op's own attributes (its properties): its predicate, and the overflow
// and fast-math flags at their defaults, which mlir-opt writes out; any other value
// would change what the op computes. True if it read a predicate.
bool readArithProperties(reader::AttrReader& r, mlir::Operation* op, Node& n);

// n's attributes as `form` writes them, appended to `out`; an error says which value the
// form has no spelling for.
std::optional<std::string> printAttrs(mlir::MLIRContext& ctx, const Node& n, const Form& form,
                                      mlir::NamedAttrList& out);

} // namespace loom::dfg::node_attrs
