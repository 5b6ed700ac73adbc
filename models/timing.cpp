#include "models/timing.h"

namespace loom::models {

const std::array<TimingField, 16>& timingFields() {
  static const std::array<TimingField, 16> fields = {{
      {"channelCapacity", &TimingConfig::channelCapacity, 1},
      {"intAluLatency", &TimingConfig::intAluLatency, 1},
      {"intMulLatency", &TimingConfig::intMulLatency, 1},
      {"intDivLatency", &TimingConfig::intDivLatency, 1},
      {"floatAddLatency", &TimingConfig::floatAddLatency, 1},
      {"floatMulLatency", &TimingConfig::floatMulLatency, 1},
      {"floatDivLatency", &TimingConfig::floatDivLatency, 1},
      {"floatSignLatency", &TimingConfig::floatSignLatency, 1},
      {"floatRoundLatency", &TimingConfig::floatRoundLatency, 1},
      {"floatSqrtLatency", &TimingConfig::floatSqrtLatency, 1},
      {"floatFmaLatency", &TimingConfig::floatFmaLatency, 1},
      {"floatFuncLatency", &TimingConfig::floatFuncLatency, 1},
      {"memoryLatency", &TimingConfig::memoryLatency, 1},
      {"extmemoryLatency", &TimingConfig::extmemoryLatency, 1},
      {"loadsPerCycle", &TimingConfig::loadsPerCycle, 1},
      {"storesPerCycle", &TimingConfig::storesPerCycle, 1},
  }};
  return fields;
}

std::optional<LatencyClass> latencyClassOf(OpKind k) {
  const ComputeSpec* spec = computeSpec(k);
  if (!spec) return std::nullopt;
  return spec->latency;
}

int latencyOf(const TimingConfig& t, LatencyClass c) {
  switch (c) {
  case LatencyClass::IntAlu: return t.intAluLatency;
  case LatencyClass::IntMul: return t.intMulLatency;
  case LatencyClass::IntDiv: return t.intDivLatency;
  case LatencyClass::FloatAdd: return t.floatAddLatency;
  case LatencyClass::FloatMul: return t.floatMulLatency;
  case LatencyClass::FloatDiv: return t.floatDivLatency;
  case LatencyClass::FloatSign: return t.floatSignLatency;
  case LatencyClass::FloatRound: return t.floatRoundLatency;
  case LatencyClass::FloatSqrt: return t.floatSqrtLatency;
  case LatencyClass::FloatFma: return t.floatFmaLatency;
  case LatencyClass::FloatFunc: return t.floatFuncLatency;
  }
  return t.intAluLatency;
}

} // namespace loom::models
