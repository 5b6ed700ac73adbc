// The C interface between loom-sim and a Verilated twin (docs/rtl.md "run --engine
// verilator"): rtl/driver/twin_driver.cpp, compiled with one generated top into a shared
// object, exports these functions; rtl/twin.cpp loads it with dlopen. Plain C types
// only, so that the two sides need no common C++ library. Bump kLoomTwinAbi when the
// struct changes (the cache key includes this file, so old builds are not reused).
#pragma once

#include <stdint.h>

#define LOOM_TWIN_ABI 2

enum LoomTwinStatus {
  LOOM_TWIN_DONE = 0,      // the host took every result; the drain found a quiet cycle
  LOOM_TWIN_DEADLOCK = 1,  // a quiet cycle before the host had every result
  LOOM_TWIN_CYCLE_CAP = 2, // maxCycles cycles without the results
  LOOM_TWIN_DRAIN_CAP = 3, // done, but still active maxCycles cycles after the return
};

// One call. Cycles are the call's own, from 0 (the cycle the entry tokens are offered).
struct LoomTwinCall {
  // In.
  const uint64_t* entry;       // the entry's tokens in port order (a none token: 0)
  uint64_t* const* memories;   // by function argument index: the host's words, or null
  const uint64_t* memoryWords; // by function argument index
  uint64_t maxCycles;          // for the invocation, and again for the drain
  uint64_t horizon;            // cycles without activity that prove a quiet cycle
  void* sink;                  // handed to token()
  void (*token)(void* sink, uint64_t cycle, uint32_t channel, uint64_t bits);
  uint64_t traceOffset; // the call's cycle 0 on the run's axis (the trace's time)
  // Out (arrays the caller sizes: loom_twin_channels(), loom_twin_return_ports()).
  int status;
  uint64_t settled;    // one past the cycle the host took the last result in
  uint64_t end;        // one past the call's last cycle (the quiet cycle)
  uint64_t* results;   // the return's tokens, by port (the last one: done)
  uint64_t* pushes;    // per channel: tokens pushed in this call
  uint64_t* held;      // per channel: tokens it holds after the call
  double modelSeconds; // CPU time evaluating the model (no loads, no host I/O)
};

// Float compute units (rtl/sv/loom_fcompute.sv) call the DPI-C function loom_dpi_arith,
// which the driver forwards to this: loom-sim's evalArith (eval/arith.h), the one
// definition of the arithmetic. Types are coded (kind << 8) | width, TypeKind's numbers.
typedef uint64_t (*LoomTwinArith)(int op, int attr, int operandType, int resultType,
                                  const uint64_t* operands);

// The driver is compiled with -fvisibility=hidden -fno-gnu-unique: each twin's own
// definitions (its channel table, Verilator's runtime) stay its own when several twins
// are loaded into one process; only these functions are exported.
#if defined(LOOM_TWIN_DRIVER)
#define LOOM_TWIN_API __attribute__((visibility("default")))
#else
#define LOOM_TWIN_API
#endif

#ifdef __cplusplus
extern "C" {
#endif
LOOM_TWIN_API int loom_twin_abi(void);
LOOM_TWIN_API void loom_twin_set_arith(LoomTwinArith arith);
LOOM_TWIN_API int loom_twin_channels(void);
LOOM_TWIN_API int loom_twin_entry_ports(void);
LOOM_TWIN_API int loom_twin_return_ports(void);
LOOM_TWIN_API int loom_twin_memory_arg(int m); // the function argument of extmemory m, or -1
LOOM_TWIN_API int loom_twin_memories(void);
LOOM_TWIN_API uint64_t loom_twin_memory_depth(int m);
LOOM_TWIN_API void* loom_twin_open(void);
LOOM_TWIN_API void loom_twin_call(void* twin, struct LoomTwinCall* call);
LOOM_TWIN_API void loom_twin_close(void* twin);
// A traced build (--rtl-trace: Verilator's --trace, LOOM_TWIN_TRACE) writes the VCD of
// every signal to `path` from the next call on; 0 if it could, else -1 (an untraced
// build: always -1).
LOOM_TWIN_API int loom_twin_trace(void* twin, const char* path);
#ifdef __cplusplus
}
#endif
