#include "models/timing_json.h"

#include <climits>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace loom::models {

namespace {

using nlohmann::json;

const TimingField* findField(const std::string& key) {
  for (const TimingField& f : timingFields())
    if (key == f.key) return &f;
  return nullptr;
}

std::string knownKeys() {
  std::string s;
  for (const TimingField& f : timingFields())
    s += std::string(s.empty() ? "" : ", ") + f.key;
  return s;
}

std::string keyError(const std::string& key, const std::string& what) {
  return "timing key '" + key + "': " + what;
}

// The JSON type as a user would name it, for "expected an integer, got a string".
std::string describeValue(const json& v) {
  switch (v.type()) {
  case json::value_t::null: return "null";
  case json::value_t::object: return "an object";
  case json::value_t::array: return "an array";
  case json::value_t::string: return "a string";
  case json::value_t::boolean: return "a boolean";
  case json::value_t::number_float: return "a non-integer number (" + v.dump() + ")";
  case json::value_t::number_integer:
  case json::value_t::number_unsigned: return v.dump();
  case json::value_t::binary: return "binary data";
  case json::value_t::discarded: return "nothing";
  }
  return "?";
}

// Checks one key/value pair and stores it into `config`.
std::optional<std::string> applyKey(const std::string& key, const json& value,
                                    TimingConfig& config) {
  const TimingField* f = findField(key);
  if (!f) return keyError(key, "unknown key (known keys: " + knownKeys() + ")");
  if (!value.is_number_integer())
    return keyError(key, "expected an integer, got " + describeValue(value));
  // Unsigned values above INT64_MAX parse as number_unsigned; either way compare in
  // the signed range first so that huge values are reported, not wrapped.
  if (value.is_number_unsigned() && value.get<uint64_t>() > static_cast<uint64_t>(INT_MAX))
    return keyError(key, "value " + value.dump() + " is too large");
  int64_t v = value.get<int64_t>();
  if (v < f->minimum)
    return keyError(key, "must be >= " + std::to_string(f->minimum) + ", got " + value.dump());
  if (v > INT_MAX) return keyError(key, "value " + value.dump() + " is too large");
  config.*(f->member) = static_cast<int>(v);
  return std::nullopt;
}

} // namespace

std::optional<std::string> readTimingJson(std::string_view text, TimingConfig& config) {
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    return std::string("timing file is not valid JSON: ") + e.what();
  }
  if (!doc.is_object())
    return "timing file must be a JSON object of keys, got " + describeValue(doc);
  TimingConfig updated = config;
  for (auto it = doc.begin(); it != doc.end(); ++it)
    if (auto err = applyKey(it.key(), it.value(), updated)) return err;
  config = updated;
  return std::nullopt;
}

std::optional<std::string> readTimingFile(const std::string& path, TimingConfig& config) {
  std::ifstream in(path);
  if (!in) return path + ": cannot open timing file";
  // At most a megabyte: /dev/zero has no end.
  std::string text(size_t(1) << 20, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (in && in.peek() != std::char_traits<char>::eof())
    return path + ": timing file larger than 1 MiB";
  if (auto err = readTimingJson(text, config)) return path + ": " + *err;
  return std::nullopt;
}

std::string writeTimingJson(const TimingConfig& config) {
  // Written by hand rather than via json::dump so the keys keep timingFields() order
  // (nlohmann's default object sorts them), which is the order docs/timing.md uses.
  std::string s = "{\n";
  const auto& fields = timingFields();
  for (size_t i = 0; i < fields.size(); ++i) {
    s += "  \"" + std::string(fields[i].key) + "\": " + std::to_string(config.*(fields[i].member));
    s += i + 1 < fields.size() ? ",\n" : "\n";
  }
  return s + "}\n";
}

} // namespace loom::models
