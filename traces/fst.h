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

#include <memory>
#include <string>

namespace loom::traces {

// Creates (or truncates) the FST file at `path`; nullptr and `error` set if it cannot.
std::unique_ptr<TraceOut> createFstOut(const std::string& path, std::string& error);

} // namespace loom::traces
