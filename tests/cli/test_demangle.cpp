// cli/demangle.h: LOOM's network names, made from its C++ functions' mangled symbols, as a
// person reads them. The symbols are LOOM's own (its corpus's handshake.funcs and the CPU
// versions beside them); the base names are what their C++ sources call the functions.
#include "cli/demangle.h"

#include <catch2/catch.hpp>

using loom::cli::shortFunctionName;

TEST_CASE("a mangled C++ function is its base name", "[demangle]") {
  CHECK(shortFunctionName("_Z10vecsum_cpuPKjjj") == "vecsum_cpu");
  CHECK(shortFunctionName("_Z11dotprod_dsaPKfS0_i") == "dotprod_dsa");
  CHECK(shortFunctionName("_Z18bitrev_complex_dsaPKfS0_PfS1_j") == "bitrev_complex_dsa");
}

TEST_CASE("the suffix LOOM appends to a symbol is kept", "[demangle]") {
  CHECK(shortFunctionName("_Z10vecsum_dsaPKjjj_esi") == "vecsum_dsa_esi");
  CHECK(shortFunctionName("_Z8cdma_dsaPKjPjm_esi") == "cdma_dsa_esi");
}

TEST_CASE("any other name stays as it is", "[demangle]") {
  CHECK(shortFunctionName("gcd_array") == "gcd_array");
  CHECK(shortFunctionName("_Zfoo") == "_Zfoo");
  CHECK(shortFunctionName("_Z") == "_Z");
  CHECK(shortFunctionName("") == "");
}
