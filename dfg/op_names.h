// A rate counts the executions of a region by the id of the scf op that holds it
// (Op::id), which no user sees: messages name that op by its kind and place instead.
#pragma once

#include "dfg/dfg.h"

#include <cstdint>
#include <map>
#include <string>

namespace loom {
struct Module;
}

namespace loom::dfg {

// What "op N" stands for in a message: "the scf.for at gcd.mlir:23".
using OpNames = std::map<uint32_t, std::string>;

// Every op of `m` that holds a region, by its kind and its place (the C source's
// file:line where the op records one, else the .mlir file's).
OpNames opNames(const Module& m);
// The scf ops `g`'s nodes come from (each loop by its stream's place where the network
// was read without its program).
OpNames opNames(const Graph& g);
// `text` with every "op #N" and "op N" that `names` holds replaced by its name (a
// number is read whole: "op 12" is not "op 1").
std::string nameOps(const std::string& text, const OpNames& names);

} // namespace loom::dfg
