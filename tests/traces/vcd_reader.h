// A small VCD reader for the tests: the header's scopes and variables, and every value
// change, so a test can ask "what was signal S at time t" and "what was written when".
// Strict where our writer must be: time stamps strictly increase, every change names a
// declared variable, scopes are balanced.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loom::traces::test {

struct VcdVar {
  std::string type; // wire, reg, real, integer
  unsigned width = 0;
  std::string code;
  std::string path; // scopes and name joined by '.', e.g. "f.loop0_stream.start.valid"
};

struct VcdChange {
  uint64_t time = 0;
  std::string value; // "0", "1", "x", "b101", "bx", "r1.5"
};

struct VcdFile {
  std::string timescale;
  std::vector<VcdVar> vars;
  std::vector<std::string> scopes;                       // every scope path, in order
  std::map<std::string, std::vector<VcdChange>> changes; // code -> changes, dumpvars first
  std::vector<uint64_t> stamps;                          // every time stamp, in order
  std::vector<std::pair<uint64_t, size_t>> blockSizes;   // changes after each stamp
  std::string error;                                     // empty if well formed

  const VcdVar* find(const std::string& path) const;
  // The value of the variable at time t (the last change at or before t); "" if none.
  std::string at(const std::string& path, uint64_t t) const;
  // Times at which the variable changed (dumpvars included).
  std::vector<uint64_t> times(const std::string& path) const;
};

VcdFile readVcd(const std::string& text);

// "b000101" -> "b101", "bxxx" -> "bx": the canonical spelling of a value, so that two
// writers (ours, fst2vcd) can be compared.
std::string canonicalValue(const std::string& v);

} // namespace loom::traces::test
