// The main of the SystemC test binaries: SystemC's library wants to own main() and call
// sc_main; this one silences SystemC's banner, then lets it call sc_main, which runs
// Catch. SystemC elaborates once per process, so each binary holds one test case.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cstdlib>
#include <systemc>

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}

extern "C" int sc_main(int argc, char* argv[]) {
  return Catch::Session().run(argc, argv);
}
