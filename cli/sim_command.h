// `loom-sim sim`: simulate a DFG file (as `loom-sim lower` writes it) on its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom {

struct SimOptions {
  std::string file;
  std::string func;               // which function of the file (default: the only one)
  std::vector<std::string> args;  // INDEX=VALUE for scalar arguments
  std::vector<std::string> mems;  // INDEX=zeros|random:SEED|FILE[:SHAPE] for memref arguments
  std::string timingFile;
  std::string engine = "event";
  uint64_t maxCycles = 50'000'000; // per call; a few seconds of the event engine; docs/design.md "Limits"
  std::string vcdFile;
};

int simCommand(const SimOptions& o);

} // namespace loom
