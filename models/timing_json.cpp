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
  return s + ", channels";
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

// Largest per-channel capacity a file may give: a ring of this many tokens per channel.
constexpr int64_t kMaxChannelSlots = 1 << 16;

// "channels": { "@f" or "f": { "channel name": slots, ... }, ... }.
std::optional<std::string> readChannels(const json& value, TimingConfig& config) {
  const std::string key = "channels";
  if (!value.is_object())
    return keyError(key, "expected an object of functions, got " + describeValue(value));
  auto caps = std::make_shared<ChannelCapacities>();
  for (auto f = value.begin(); f != value.end(); ++f) {
    std::string fn = f.key();
    if (!fn.empty() && fn[0] == '@') fn.erase(0, 1);
    if (fn.empty()) return keyError(key, "a function name is empty");
    if (!f.value().is_object())
      return keyError(key, "'" + f.key() + "': expected an object of channels, got " +
                               describeValue(f.value()));
    auto& slots = (*caps)[fn];
    for (auto c = f.value().begin(); c != f.value().end(); ++c) {
      std::string where = "'" + f.key() + "' channel '" + c.key() + "'";
      if (c.key().empty()) return keyError(key, "'" + f.key() + "': a channel name is empty");
      if (!c.value().is_number_integer())
        return keyError(key, where + ": expected an integer, got " + describeValue(c.value()));
      if (c.value().is_number_unsigned() &&
          c.value().get<uint64_t>() > static_cast<uint64_t>(kMaxChannelSlots))
        return keyError(key, where + ": more than " + std::to_string(kMaxChannelSlots) + " slots");
      int64_t v = c.value().get<int64_t>();
      if (v < 1) return keyError(key, where + ": must be >= 1, got " + c.value().dump());
      if (v > kMaxChannelSlots)
        return keyError(key, where + ": more than " + std::to_string(kMaxChannelSlots) + " slots");
      slots[c.key()] = static_cast<int>(v);
    }
  }
  config.channels = std::move(caps);
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
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    auto err = it.key() == "channels" ? readChannels(it.value(), updated)
                                      : applyKey(it.key(), it.value(), updated);
    if (err) return err;
  }
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
  const bool channels = config.channels && !config.channels->empty();
  for (size_t i = 0; i < fields.size(); ++i) {
    s += "  \"" + std::string(fields[i].key) + "\": " + std::to_string(config.*(fields[i].member));
    s += i + 1 < fields.size() || channels ? ",\n" : "\n";
  }
  if (channels) {
    // One channel per line, functions and channels in name order.
    s += "  \"channels\": {\n";
    size_t fi = 0;
    for (const auto& [fn, slots] : *config.channels) {
      s += "    " + json("@" + fn).dump() + ": {";
      size_t ci = 0;
      for (const auto& [name, n] : slots)
        s += std::string(ci++ ? "," : "") + "\n      " + json(name).dump() + ": " +
             std::to_string(n);
      s += slots.empty() ? "}" : "\n    }";
      s += ++fi < config.channels->size() ? ",\n" : "\n";
    }
    s += "  }\n";
  }
  return s + "}\n";
}

} // namespace loom::models
