// Timing parameters of the cycle model, in one flat struct whose field names are the
// timing file's JSON keys (one key per field, same spelling; see docs/timing.md).
// Defaults are docs/design.md's. The parser/printer live elsewhere; they walk
// timingFields() so the key list exists exactly once.
#pragma once

#include "ops/op_kind.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace loom::models {

// Per-channel capacities (the timing file's "channels" key; `loom-sim tune` writes them):
// by accelerated function ("dot", no '@'), then by channel as the network names it
// ("dot/for0/carry:0 -> dot/for0/cond_br:1"), the slots of that channel. A channel named
// here gets exactly this capacity, over both channelCapacity and the lowering's own.
using ChannelCapacities = std::map<std::string, std::map<std::string, int>>;

struct TimingConfig {
  int channelCapacity = 2;   // slots of every channel without a per-channel override
  int intAluLatency = 1;     // integer add/sub/logic/shift/compare/select/casts
  int intMulLatency = 3;     // muli
  int intDivLatency = 8;     // div*/rem*/ceildiv*/floordiv*
  int floatAddLatency = 4;   // addf/subf/negf/maxf/minf/cmpf and float casts
  int floatMulLatency = 4;   // mulf
  int floatDivLatency = 12;  // divf/remf
  int floatSignLatency = 1;  // math.absf/copysign/isnan/isfinite (sign and exponent bits)
  int floatRoundLatency = 2; // math.ceil/floor/trunc/round/roundeven
  int floatSqrtLatency = 12; // math.sqrt/rsqrt
  int floatFmaLatency = 4;   // math.fma
  int floatFuncLatency = 20; // math.exp/log/sin/.../powf/fpowi (elementary functions)
  int memoryLatency = 1;     // handshake.memory (alloc/alloca)
  int extmemoryLatency = 10; // handshake.extmemory (function memref arguments)
  int loadsPerCycle = 1;     // load requests a memory accepts per cycle
  int storesPerCycle = 1;    // store requests a memory accepts per cycle
  // Shared, so that copying a configuration (one per network) stays cheap; null: none.
  std::shared_ptr<const ChannelCapacities> channels;
};

// One field of TimingConfig: its JSON key and its member.
struct TimingField {
  const char* key;
  int TimingConfig::*member;
  int minimum; // smallest legal value
};

// Every field, in declaration order. A JSON reader/writer iterates this table.
const std::array<TimingField, 16>& timingFields();

// The latency class of a compute op (LatencyClass, ops/op_kind.h): each is one
// TimingConfig field.
using loom::LatencyClass;

// The class of a compute op (its row of ops/op_kinds.def); nullopt for ops that are not
// compute units (func, memref, scf, vector ops and arith.constant, which becomes
// handshake.constant).
std::optional<LatencyClass> latencyClassOf(OpKind k);

int latencyOf(const TimingConfig& t, LatencyClass c);

} // namespace loom::models
