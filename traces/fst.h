// FST, GTKWave's compressed waveform format, written with GTKWave's own FST writer
// (fstapi, built from the copy Debian's verilator package installs: traces/CMakeLists).
//
// The FST file of a run is the VCD of that run in another encoding: the trace writer
// (vcd.h) writes the VCD's header and then its changes as binary records
// (FstWriter, change_records.h) into a TraceOut made here, and the sink turns them into
// the fstapi calls that mean the same ($scope -> fstWriterSetScope, $var ->
// fstWriterCreateVar, a time -> fstWriterEmitTimeChange, a change ->
// fstWriterEmitValueChange). So the two formats hold the same signals, hierarchy, names
// and values by construction, and one writer decides them. What FST adds: each state
// machine's `phase` is an enum (TraceOut::declareEnum), so GTKWave shows the spec's
// phase names, and the file is tens of times smaller (33x on gemm 48^3). The
// conversion runs on a thread of its own while the run goes on (docs/performance.md
// "Traces" has the figures).
#pragma once

#include "traces/trace_out.h"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace loom::traces {

// Creates (or truncates) the FST file at `path`; nullptr and `error` set if it cannot.
std::unique_ptr<TraceOut> createFstOut(const std::string& path, std::string& error);

// How the FST writer drives fstapi, defined once: bench/fst_floor makes the same calls to
// time fstapi alone.
namespace fst {

// A block of the file ends at the first time step after this many value changes. fstapi
// keeps a block's changes as one linked list per variable and walks each list when it
// writes the block out: at its default size (128 MiB) those walks miss the cache and cost
// ten times the run. Blocks of 2^16 to 2^17 changes are fastest; smaller ones pay
// fstapi's costs per block (a header of every current value, the time table through a
// temporary file and zlib) more often (docs/performance.md "Traces").
constexpr size_t kBlockChanges = size_t{1} << 17;

// fstWriterCreate with the writer's settings (LZ4 blocks, no parallel mode); nullptr if
// fstapi cannot create the file.
void* openContext(const std::string& path);

// The words of a VCD header line: "$var wire 8 ! data [7:0] $end".
std::vector<std::string_view> words(std::string_view line);

// A VCD "$var <kind> <width> <code> <name> [<range>] $end" line (its words, at least 5) as
// fstWriterCreateVar takes it: `type` is an fstVarType, `name` has the range appended.
struct Var {
  int type = 0;
  unsigned width = 1;
  bool real = false;
  std::string_view code;
  std::string name;
};
Var declaration(const std::vector<std::string_view>& words);

} // namespace fst

} // namespace loom::traces
