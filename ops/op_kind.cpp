#include "ops/op_kind.h"

#include <iterator>
#include <string>
#include <unordered_map>

namespace loom {

namespace {

constexpr std::string_view kOpNames[] = {
#define LOOM_OP(Kind, Name, Group) Name,
#include "ops/op_kinds.def"
};

const std::unordered_map<std::string_view, OpKind>& nameTable() {
  static const auto table = [] {
    std::unordered_map<std::string_view, OpKind> t;
#define LOOM_OP(Kind, Name, Group) t.emplace(Name, OpKind::Kind);
#define LOOM_OP_ALIAS(Kind, Name) t.emplace(Name, OpKind::Kind);
#include "ops/op_kinds.def"
    return t;
  }();
  return table;
}

} // namespace

std::string_view opName(OpKind k) {
  size_t i = static_cast<size_t>(k);
  return i < std::size(kOpNames) ? kOpNames[i] : "?";
}

const char* typeClassText(TypeClass c) {
  switch (c) {
  case TypeClass::Same: return "the operand type";
  case TypeClass::IntLike: return "an integer or index";
  case TypeClass::Integer: return "an integer";
  case TypeClass::Float: return "a float";
  case TypeClass::Scalar: return "a scalar";
  case TypeClass::I1: return "i1";
  }
  return "?";
}

bool lookupOpKind(std::string_view name, OpKind& out) {
  auto& t = nameTable();
  auto it = t.find(name);
  if (it == t.end()) return false;
  out = it->second;
  return true;
}

} // namespace loom
