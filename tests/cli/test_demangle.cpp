// cli/demangle.h: LOOM's network names, made from its C++ functions' mangled symbols, as a
// person reads them. The symbols are LOOM's own (its corpus's handshake.funcs and the CPU
// versions beside them); the base names are what their C++ sources call the functions.
#include "cli/demangle.h"
#include "cli/terminal_text.h"

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

// cli/terminal_text.h: what `run` prints of a LOOM program's findings by default.
TEST_CASE("the terminal names ops within their function and the function as C++ does",
          "[terminal]") {
  loom::cli::TerminalText shown({"_Z10vecsum_dsaPKjjj_esi", "_Z10vecsum_dsaPKjjj"}, 160);
  CHECK(shown("x.mlir:1:2: error: dataflow.carry '_Z10vecsum_dsaPKjjj_esi/%15' input 'd' is "
              "raw_will_continue from '_Z10vecsum_dsaPKjjj_esi/%willContinue.fork' "
              "[@_Z10vecsum_dsaPKjjj_esi, static]\n  rule      L103\n") ==
        "x.mlir:1:2: error: dataflow.carry '%15' input 'd' is raw_will_continue from "
        "'%willContinue.fork' [@vecsum_dsa_esi, static]\n  rule      L103\n");
  // The shorter symbol is a prefix of the longer: each keeps its own short name.
  CHECK(shown("'@_Z10vecsum_dsaPKjjj' and '@_Z10vecsum_dsaPKjjj_esi'") ==
        "'@vecsum_dsa' and '@vecsum_dsa_esi'");
  // --expand: whole lines.
  loom::cli::TerminalText whole({"_Z10vecsum_dsaPKjjj_esi"}, 0);
  std::string tail = " " + std::string(200, 'x') + "\n";
  CHECK(whole("'_Z10vecsum_dsaPKjjj_esi/%15'" + tail) == "'%15'" + tail);
}

TEST_CASE("a long line is cut to the width, keeping its closing tag", "[terminal]") {
  using loom::cli::fitLine;
  std::string head(300, 'a');
  std::string cut = fitLine(head + " [@f, call 1, deadlock]", 160);
  CHECK(cut.size() == 160);
  CHECK(cut == std::string(160 - 4 - 23, 'a') + " ... [@f, call 1, deadlock]");
  CHECK(fitLine(head, 160) == std::string(156, 'a') + " ...");
  CHECK(fitLine("short [x]", 160) == "short [x]");
  // Not in the middle of a character: "é" is two bytes.
  std::string accents;
  for (int i = 0; i < 100; ++i)
    accents += "\xc3\xa9";
  std::string fitted = fitLine(accents, 160);
  CHECK(fitted.size() == 156 + 4);
  CHECK(fitted.substr(156) == " ...");
}
