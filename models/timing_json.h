// The timing file: a JSON object whose keys are TimingConfig's field names (the table
// timingFields() in models/timing.h, so the key list exists once). A file may set any
// subset of the keys; the others keep their defaults.
//
//   {
//     "channelCapacity": 2,
//     "extmemoryLatency": 20,
//     "channels": { "@dot": { "dot/for0/carry:0 -> dot/for0/cond_br:1": 4 } }
//   }
//
// "channels" (ChannelCapacities) gives single channels their own slots, by function and
// by the channel's name in that function's network; whether each name exists is checked
// when the network is built (sim::applyChannelCapacities), not here.
//
// Reading is strict, so that a typo cannot silently leave a default in place: the
// top level must be an object; an unknown key, a value that is not an integer (a
// string, a bool, 1.5) or a value below the field's minimum is an error naming the
// key. Errors are returned as values (nothing throws out of these functions).
#pragma once

#include "models/timing.h"

#include <optional>
#include <string>
#include <string_view>

namespace loom::models {

// Reads `text` over `config` (keys absent from the text keep config's values).
// Returns the error message ("timing key 'x': ..."), or nothing on success; on error
// `config` is left unchanged.
std::optional<std::string> readTimingJson(std::string_view text, TimingConfig& config);

// Reads the file at `path`; error messages start with "<path>: ".
std::optional<std::string> readTimingFile(const std::string& path, TimingConfig& config);

// Every key with its value, in timingFields() order, one key per line.
std::string writeTimingJson(const TimingConfig& config);

} // namespace loom::models
