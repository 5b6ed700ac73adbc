// The Verilated twin of one network for `loom-sim run --engine verilator` (docs/rtl.md):
// the generated top with probes, rtl/driver/twin_driver.cpp, Verilated and compiled into a
// shared object in a build cache (keyed by a hash of everything that goes into it, so a
// second run reuses the build), loaded with dlopen and called once per accelerated call.
#pragma once

#include "dfg/dfg.h"
#include "rtl/driver/twin_abi.h"
#include "rtl/generate.h"
#include "rtl/twin_arith.h"

#include <memory>
#include <optional>
#include <string>

namespace loom::rtl {

// What a twin build needs that the machine lacks, as a message saying what to install
// (verilator, make, a C++ compiler); nothing if all are there.
std::optional<std::string> missingTwinTools();

// $XDG_CACHE_HOME/loom-sim/rtl, else ~/.cache/loom-sim/rtl.
std::string defaultTwinCache();

class Twin {
public:
  // Builds the twin of `g` (options.probes is set here) in `cacheDir`, or finds it
  // there, and loads it. `fastBuild`: the model's C++ at -O0 (a quicker build, a slower
  // model). `tracePath`: a traced build (Verilator's --trace, another cache entry)
  // writing the VCD of every signal there (docs/rtl.md "Waveform"); empty: untraced.
  // `generatedTop`: the top generateTop() wrote for these options with probes set, if the
  // caller has it (null: generated here). Null and `error` if the build, the load or
  // opening the trace fails.
  static std::unique_ptr<Twin> load(const dfg::Graph& g, RtlOptions options,
                                    const std::string& cacheDir, bool fastBuild, std::string& error,
                                    const std::string& tracePath = {},
                                    const std::string* generatedTop = nullptr);
  ~Twin();
  Twin(const Twin&) = delete;
  Twin& operator=(const Twin&) = delete;

  int channels() const { return channels_; }
  int returnPorts() const { return returnPorts_; }
  bool cached() const { return cached_; }      // found in the cache, not built
  uint64_t extWords() const { return words_; } // the depth of its extmemories
  void call(LoomTwinCall& c) { call_(handle_, &c); }

private:
  Twin() = default;
  void* so_ = nullptr;
  void* handle_ = nullptr;
  void (*call_)(void*, LoomTwinCall*) = nullptr;
  void (*close_)(void*) = nullptr;
  int channels_ = 0, returnPorts_ = 0;
  uint64_t words_ = 0;
  bool cached_ = false;
};

} // namespace loom::rtl
