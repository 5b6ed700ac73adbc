// Names in the SystemC hierarchy of a network: the scopes (function, loop, branch)
// from the ops' '/'-separated names, and sanitized, unique names for modules, channels.
//
// SystemC names cannot contain '.' (its hierarchy separator) and should not contain
// other punctuation, so each name component is sanitized ([A-Za-z0-9_] kept, anything
// else becomes '_'; "if1.then" -> "if1_then") and made unique among its siblings by a
// numeric suffix. A channel sits in the scope of its producer, named
// "<producer>__<output port>" ("gate__after_cond").
#pragma once

#include "sim/circuit.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace loom::systemc {

// "if1.then" -> "if1_then"; never empty.
std::string scSafeName(const std::string& component);

// The scope tree the modules are built from (plain data, built before any module).
struct ScopeTree {
  std::string name;                                       // sanitized, unique among siblings
  std::vector<std::unique_ptr<ScopeTree>> scopes;         // child scopes, in first-seen order
  std::vector<std::pair<std::string, uint32_t>> ops;      // (sanitized leaf name, op index)
  std::vector<std::pair<std::string, uint32_t>> channels; // (name, channel index)
};
// Splits every op name at '/' into scopes and a leaf; puts each channel beside its
// producer.
std::unique_ptr<ScopeTree> buildScopeTree(const sim::Circuit& circuit);

// An op's shape for the op table, which names its ports (port counts, a memory's loads
// and stores).
ops::Shape shapeOf(const models::Model& op);

} // namespace loom::systemc
