// Test support: a program parsed by the front end and verified, or the current test fails
// with the diagnostic. One definition for every test target that starts from MLIR text.
#pragma once

#include "frontend/parse.h"
#include "verify/verifier.h"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

namespace loom_test {

inline std::unique_ptr<loom::Module> requireVerified(loom::ParseResult r) {
  INFO((r.error ? r.error->str() : ""));
  REQUIRE(r.module);
  auto err = loom::verifyModule(*r.module);
  INFO((err ? err->str() : ""));
  REQUIRE(!err);
  return std::move(r.module);
}

inline std::unique_ptr<loom::Module> parseVerified(const std::string& text,
                                                   const std::string& file = "t.mlir") {
  return requireVerified(loom::parseModule(text, file));
}

inline std::unique_ptr<loom::Module> parseVerifiedFile(const std::string& path) {
  return requireVerified(loom::parseFile(path));
}

} // namespace loom_test
