#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

// Test binaries that link SystemC (through loom_sim) need an sc_main: SystemC's shared
// library defines main() and refers to it. Catch's main() runs instead; this is never
// called. (Binaries that run SystemC's scheduler have their own sc_main and do not link
// loom_catch_main.)
extern "C" int sc_main(int, char*[]) {
  return 0;
}
