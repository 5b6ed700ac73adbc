// A user's module standing in for an op kind (docs/systemc.md "Replacing an op").
//
// Register a factory for an op kind by the model's name ("arith.divui",
// "handshake.fork"; models::Model::kindName()) before the networks are built; every op of
// that kind in a network built afterwards is then the user's module instead of an
// ScOpModule running the op's model. The contract is the op table's (ops/op_table.h):
// for each of the op's ports, an sc_port<ScPopIf> (input) or sc_port<ScPushIf>
// (output) named like the ScOpModule's ("in_0", "in_1", "out_0" for a compute op's
// in%u and out%u), a direct child of the module or an element of a child sc_vector;
// and, optionally, an sc_in<bool> "clk", bound to the network's clock. ScNetwork binds
// them to the channels at construction; a missing port, a port of the wrong direction,
// or an extra ScPopIf/ScPushIf port is an ScContractError naming them, thrown there.
//
// Behaviour: the module's own processes, on the rising edge of clk, under the channel
// rule of sc_channel.h (see the start-of-cycle state, push and pop at most once per
// cycle). busy() says it holds work not yet delivered: while it does, the network's
// cycles are not quiet (an invocation is not a deadlock). The harness checks the run
// as any other (results against the interpreter, the ledger): a module that computes
// something else is a finding. Ops with a memory side, the entry and the host's sinks
// cannot be replaced.
#pragma once

#include "models/model.h"
#include "sim/circuit.h"
#include "systemc/sc_channel.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <systemc>
#include <vector>

namespace loom::systemc {

class ScUserOp : public sc_core::sc_module {
public:
  using sc_core::sc_module::sc_module;
  // Holds tokens (or work) it has not delivered yet.
  virtual bool busy() const = 0;
};

// The op a user module stands in for: its kind and its ports' names, model order.
struct ScOpContract {
  std::string kind;                // "arith.divui"
  std::string op;                  // the op's name in the DFG
  std::vector<std::string> inputs; // "in_0", "in_1"
  std::vector<std::string> outputs;
};

using ScUserOpFactory =
    std::function<std::unique_ptr<ScUserOp>(const char* name, const ScOpContract& contract)>;

class ScContractError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Every op of kind `kind` in the networks built from now on is made by `factory`.
// Throws ScContractError for a kind that cannot be replaced.
void registerOpModule(const std::string& kind, ScUserOpFactory factory);
void clearOpModules();
// The factory for `op` (null: none registered).
const ScUserOpFactory* opModuleFactory(const models::Model& op);

// The contract of `op`: its ports' names as its ScOpModule has them.
ScOpContract contractOf(const models::Model& op);

// Binds `m`'s ports to the channels of `op` (by contract); throws ScContractError.
void bindUserOp(ScUserOp& m, const models::Model& op, const std::vector<ScChannel*>& channels,
                const sim::Circuit& circuit, sc_core::sc_in<bool>& clk);

} // namespace loom::systemc
