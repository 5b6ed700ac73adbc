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
  switch (k) {
  case OpKind::AddI:
  case OpKind::SubI:
  case OpKind::AndI:
  case OpKind::OrI:
  case OpKind::XOrI:
  case OpKind::ShLI:
  case OpKind::ShRSI:
  case OpKind::ShRUI:
  case OpKind::MaxSI:
  case OpKind::MaxUI:
  case OpKind::MinSI:
  case OpKind::MinUI:
  case OpKind::CmpI:
  case OpKind::Select:
  case OpKind::ExtSI:
  case OpKind::ExtUI:
  case OpKind::TruncI:
  case OpKind::IndexCast:
  case OpKind::IndexCastUI:
  case OpKind::Bitcast:
  case OpKind::AbsI:
  case OpKind::CtLz:
  case OpKind::CtTz:
  case OpKind::CtPop: return LatencyClass::IntAlu;
  case OpKind::MulI: return LatencyClass::IntMul;
  case OpKind::DivSI:
  case OpKind::DivUI:
  case OpKind::RemSI:
  case OpKind::RemUI:
  case OpKind::CeilDivSI:
  case OpKind::CeilDivUI:
  case OpKind::FloorDivSI: return LatencyClass::IntDiv;
  case OpKind::AddF:
  case OpKind::SubF:
  case OpKind::NegF:
  case OpKind::MaxF:
  case OpKind::MinF:
  case OpKind::CmpF:
  case OpKind::ExtF:
  case OpKind::TruncF:
  case OpKind::SIToFP:
  case OpKind::UIToFP:
  case OpKind::FPToSI:
  case OpKind::FPToUI: return LatencyClass::FloatAdd;
  case OpKind::MulF: return LatencyClass::FloatMul;
  case OpKind::DivF:
  case OpKind::RemF: return LatencyClass::FloatDiv;
  case OpKind::AbsF:
  case OpKind::CopySign:
  case OpKind::IsNaN:
  case OpKind::IsFinite: return LatencyClass::FloatSign;
  case OpKind::Ceil:
  case OpKind::Floor:
  case OpKind::Trunc:
  case OpKind::Round:
  case OpKind::RoundEven: return LatencyClass::FloatRound;
  case OpKind::Sqrt:
  case OpKind::Rsqrt: return LatencyClass::FloatSqrt;
  case OpKind::Fma: return LatencyClass::FloatFma;
  case OpKind::Exp:
  case OpKind::Exp2:
  case OpKind::ExpM1:
  case OpKind::Log:
  case OpKind::Log2:
  case OpKind::Log10:
  case OpKind::Log1p:
  case OpKind::Sin:
  case OpKind::Cos:
  case OpKind::Tan:
  case OpKind::Asin:
  case OpKind::Acos:
  case OpKind::Atan:
  case OpKind::Sinh:
  case OpKind::Cosh:
  case OpKind::Tanh:
  case OpKind::Atan2:
  case OpKind::PowF:
  case OpKind::FPowI: return LatencyClass::FloatFunc;
  case OpKind::Func:
  case OpKind::Return:
  case OpKind::Call:
  case OpKind::Constant:
  case OpKind::Load:
  case OpKind::Store:
  case OpKind::Alloc:
  case OpKind::Alloca:
  case OpKind::Dealloc:
  case OpKind::Cast:
  case OpKind::Subview:
  case OpKind::ReinterpretCast:
  case OpKind::CollapseShape:
  case OpKind::ExpandShape:
  case OpKind::Dim:
  case OpKind::For:
  case OpKind::Parallel:
  case OpKind::Reduce:
  case OpKind::ReduceReturn:
  case OpKind::While:
  case OpKind::If:
  case OpKind::Yield:
  case OpKind::Condition:
  case OpKind::CfBr:
  case OpKind::CfCondBr:
  case OpKind::CfAssert:
  case OpKind::VectorPrint:
  case OpKind::GetGlobal:
  case OpKind::ExtractPointer:
  case OpKind::IntToPtr:
  case OpKind::LlvmCall:
  case OpKind::IndexSwitch:
  case OpKind::Poison:
  case OpKind::EsiWrap:
  case OpKind::EsiUnwrap:
  case OpKind::ConstClock:
  case OpKind::EsiInstance: return std::nullopt;
  }
  return std::nullopt;
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
