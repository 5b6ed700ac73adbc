// Test support for tests/dfg/loom: the hand-written files in LOOM's form.
#pragma once

#include "dfg/loom/loom_form.h"

#include <catch2/catch.hpp>
#include <string>

namespace loom_test {

// tests/dfg/loom/inputs/NAME
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

// The located error of reading `text` in LOOM's form, or "no error".
inline std::string errorOf(const std::string& text) {
  loom::dfg::ReadResult r = loom::dfg::readLoom(text, "t.mlir");
  return r.error ? r.error->str() : "no error";
}

// The node called `name`, or the current test fails.
inline loom::dfg::Vertex named(const loom::dfg::Graph& g, const std::string& name) {
  for (loom::dfg::Vertex v = 0; v < g.numNodes(); ++v)
    if (g.node(v).name == name) return v;
  FAIL("no node " << name);
  return 0;
}

// The output feeding input `port` of `v`.
inline loom::dfg::PortRef producer(const loom::dfg::Graph& g, loom::dfg::Vertex v, unsigned port) {
  loom::dfg::EdgeId e;
  REQUIRE(g.inEdge(v, port, e));
  return {g.src(e), g.edge(e).srcPort};
}

} // namespace loom_test
