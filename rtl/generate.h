// The RTL twin's generator (docs/rtl.md): the SystemVerilog library (rtl/sv, one module
// per op kind and the channel FIFO, embedded at build time) and one top module per
// lowered function that instantiates and wires its network.
//
// The top of @f is `module loom_<f>`: one loom_fifo per DFG channel and one op module
// per node, named after the node's place in the DFG hierarchy ("f/for0/gate" becomes
// instance `for0__gate`, its output `idx` the channel `for0__gate__idx`). The entry's
// channels are driven from the top's ports (`entry_<port>_push`, `_data`, `_ready`: the
// host's side), and the return's outputs leave through channels whose consumer side is
// a port (`ret_<port>_valid`, `_data`, `_pop`).
#pragma once

#include "dfg/dfg.h"
#include "models/timing.h"

#include <optional>
#include <string>
#include <vector>

namespace loom::rtl {

struct SvFile {
  const char* name; // "loom_fifo.sv"
  const char* text;
};

// Every module of the library, by file name.
const std::vector<SvFile>& library();

// The SystemVerilog name of the top module of `g`: "loom_" + the function's name, made
// an identifier without "__" (loom_Z10vecsum_dsaPKjjj_esi); "loom_<name>_top" for a function named
// like a library module (@fifo,
// @memory), whose top would otherwise replace that module (and its file).
std::string topModuleName(const dfg::Graph& g);

// The deepest memory array a twin has: Verilator keeps it in the model (8 bytes a word
// of 64 bits), and `loom_memory`'s SIZE is an `int` parameter. A deeper memory (a static
// shape, --ext-words, a buffer under --engine verilator) is refused by name.
constexpr uint64_t kMaxTwinWords = uint64_t(1) << 24;

struct RtlOptions {
  models::TimingConfig timing; // channel capacities, pipeline depths, memory latencies
  // Words of an extmemory whose memref has a dynamic shape (0: such a memory is an
  // error); the twin's array is that deep.
  uint64_t extWords = 0;
  // extWords for every extmemory, a static shape too: `run --engine verilator` binds an
  // argument's whole root buffer (a view's addresses run over it, not over its shape).
  bool extWordsAlways = false;
  // Probes for a testbench (docs/rtl.md "One token log"): the top gets the ports
  // `probe_push_<w>` and `probe_pop_<w>` (64 channels a word) and `probe_data_<k>`,
  // every channel's producer side and its pop, in the token log's channel order (the
  // DFG's channels, then the return's).
  bool probes = false;
  // One output bit, `active`: whether any channel is pushed or popped in the cycle (the
  // evaluation before the rising edge shows it). Without probes it is what a testbench
  // needs to find a call's quiet cycle (docs/counters.md "Calls"), at the cost of one
  // OR over the handshakes rather than a port per channel.
  bool activity = false;
};

// What a testbench needs to drive a top, as C++ (`<top>_bind.h`): accessors for the
// entry's and the return's ports and the extmemories' host ports by number; with
// probes, the token log's channel table, each channel's type and the probes' accessors;
// with activity, loomActive().
std::optional<std::string> testbenchBinding(const dfg::Graph& g, const RtlOptions& options,
                                            std::string& out);

// Writes the top module of `g` into `out`; an error names the first node the library
// cannot build yet (buffers, float compute units, ...).
std::optional<std::string> generateTop(const dfg::Graph& g, const RtlOptions& options,
                                       std::string& out);

} // namespace loom::rtl
