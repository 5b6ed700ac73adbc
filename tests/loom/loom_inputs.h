// Test support for tests/loom: the hand-written files in LOOM's form.
#pragma once

#include "dfg/loom/loom_form.h"

#include <catch2/catch.hpp>
#include <string>

namespace loom_test {

// tests/loom/inputs/NAME
inline std::string input(const std::string& name) {
  return std::string(LOOM_LOOM_INPUTS) + "/" + name;
}

// The one function of a DFG file, or the current test fails with the reader's error.
inline loom::dfg::Graph readOne(const std::string& path) {
  loom::dfg::ReadResult r = loom::dfg::readDfgFile(path);
  INFO((r.error ? r.error->str() : ""));
  REQUIRE(!r.error);
  REQUIRE(r.graphs.size() == 1);
  return std::move(r.graphs[0]);
}

} // namespace loom_test
