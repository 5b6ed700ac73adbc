// Tokens each channel of a function's network carried over every checked call, and what
// the reference's counts make its rate expect: what `run --dot` writes on each edge.
#pragma once

#include "harness/checks.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace loom {

// In the order of Graph::edges(); an expected count of -1: a channel without a rate.
struct ChannelTotals {
  std::vector<uint64_t> observed;
  std::vector<int64_t> expected;
};

class ChannelTotalsBook {
public:
  // Adds one checked call's counts to its function's totals.
  void add(const harness::InvocationContext& c);
  // Null before a checked call of `function`.
  const ChannelTotals* find(const std::string& function) const;

private:
  std::map<std::string, ChannelTotals> totals_;
};

} // namespace loom
