// A struct's JSON form from one list of its fields: each field's key, its member, and
// whether a file may lack it. to_json writes every field; from_json reads them in the
// list's order (so the first bad field is the error), a required one with at() (a missing
// key is an error) and an optional one with value() (a missing key reads as zero).
#pragma once

#include <nlohmann/json.hpp>
#include <tuple>

namespace loom::sweep {

template <typename S, typename M> struct JsonField {
  const char* key;
  M S::*member;
  bool optional;
};

template <typename S, typename M>
constexpr JsonField<S, M> requiredField(const char* key, M S::*m) {
  return {key, m, false};
}
template <typename S, typename M>
constexpr JsonField<S, M> optionalField(const char* key, M S::*m) {
  return {key, m, true};
}

template <typename S, typename... M>
void writeFields(nlohmann::json& j, const S& s, const std::tuple<JsonField<S, M>...>& fields) {
  j = nlohmann::json::object();
  std::apply([&](const auto&... f) { ((j[f.key] = s.*f.member), ...); }, fields);
}

template <typename S, typename M>
void readField(const nlohmann::json& j, S& s, const JsonField<S, M>& f) {
  if (f.optional)
    s.*f.member = j.value(f.key, M{});
  else
    j.at(f.key).get_to(s.*f.member);
}

template <typename S, typename... M>
void readFields(const nlohmann::json& j, S& s, const std::tuple<JsonField<S, M>...>& fields) {
  std::apply([&](const auto&... f) { (readField(j, s, f), ...); }, fields);
}

} // namespace loom::sweep
