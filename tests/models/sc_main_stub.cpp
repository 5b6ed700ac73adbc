// The engine library links SystemC, whose shared library defines main() and needs an
// sc_main. This binary's main() is Catch's (loom_catch_main); the stub only satisfies
// the link and is never called.
extern "C" int sc_main(int, char*[]) {
  return 0;
}
