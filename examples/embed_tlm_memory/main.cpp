// A testbench that embeds the dot kernel (kernels/dot.mlir, @dot) twice on one clock:
// "shipped" with the shipped TLM memory (the timing's extmemory latency) and "slow"
// behind a memory of our own, SlowMemory, 6 clock periods slower. Both get the inputs
// dot.mlir's main builds; each prints its results as vector.print would, then its
// cycles, then loom-sim's checks of its calls (results and memories against the
// reference interpreter, the channel ledger, the order of the memory accesses).
//
//   embed_tlm_memory path/to/dot.mlir
#include "embed/loomsim.h"

#include <iostream>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

// A slower memory in front of the storage: it forwards every request and adds its own
// latency to the delay (a loosely-timed target never calls wait()).
struct SlowMemory : sc_core::sc_module {
  tlm_utils::simple_target_socket<SlowMemory> in;
  tlm_utils::simple_initiator_socket<SlowMemory> out;
  sc_core::sc_time extra;
  SlowMemory(sc_core::sc_module_name name, sc_core::sc_time extra)
      : sc_core::sc_module(name), in("in"), out("out"), extra(extra) {
    in.register_b_transport(this, &SlowMemory::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
    out->b_transport(t, delay);
    delay += extra;
  }
};

struct Testbench : sc_core::sc_module {
  loomsim::Kernel& shipped;
  loomsim::Kernel& slow;
  SC_HAS_PROCESS(Testbench);
  Testbench(sc_core::sc_module_name name, loomsim::Kernel& shipped, loomsim::Kernel& slow)
      : sc_core::sc_module(name), shipped(shipped), slow(slow) {
    SC_THREAD(run);
  }
  void run() {
    // dot.mlir's main: a[i] = 0.5 * i - 2, b[i] = 1 / (i + 1), in f32.
    std::vector<double> a, b;
    for (int i = 0; i < 24; ++i) {
      float f = static_cast<float>(i);
      a.push_back(f * 0.5f - 2.0f);
      b.push_back(1.0f / (f + 1.0f));
    }
    for (loomsim::Kernel* k : {&shipped, &slow}) {
      loomsim::Memref ma({24}, a), mb({24}, b);
      for (auto args : {std::vector<loomsim::Arg>{ma, mb, 24}, std::vector<loomsim::Arg>{ma, mb, 5},
                        std::vector<loomsim::Arg>{ma, ma, 24}}) {
        loomsim::CallResult r = k->call(args);
        if (!r.ok) {
          std::cout << k->name() << ": error: " << r.error << "\n";
          continue;
        }
        std::cout << k->name() << ": " << r.printed[0] << " (" << r.cycles << " cycles)\n";
      }
    }
    sc_core::sc_stop(); // the clock would run forever
  }
};

int sc_main(int argc, char* argv[]) {
  if (argc != 2) {
    std::cerr << "usage: embed_tlm_memory path/to/dot.mlir\n";
    return 2;
  }
  try {
    const std::string program = loomsim::readFile(argv[1]);
    sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
    loomsim::Kernel shipped("shipped", program, "dot");
    loomsim::Kernel slow("slow", program, "dot");
    shipped.clk(clk);
    slow.clk(clk);
    // slow's memories (arguments 0 and 1): SlowMemory in front of the shipped storage.
    std::vector<std::unique_ptr<SlowMemory>> lag;
    std::vector<std::unique_ptr<loom::systemc::ScMemoryTarget>> store;
    for (unsigned arg : {0u, 1u}) {
      std::string n = "lag" + std::to_string(arg);
      lag.push_back(std::make_unique<SlowMemory>(n.c_str(), sc_core::sc_time(6, sc_core::SC_NS)));
      n = "store" + std::to_string(arg);
      store.push_back(std::make_unique<loom::systemc::ScMemoryTarget>(
          n.c_str(), slow.memoryBacking(arg), slow.memoryLatency()));
      slow.memorySocket(arg).bind(lag.back()->in);
      lag.back()->out.bind(store.back()->socket);
    }
    Testbench tb("tb", shipped, slow);
    sc_core::sc_start();
    std::cout << "shipped: " << shipped.cycles() << " cycles\n";
    std::cout << "slow: " << slow.cycles() << " cycles\n";
    bool ok = shipped.report(std::cout);
    ok = slow.report(std::cout) && ok;
    return ok ? 0 : 1;
  } catch (const loomsim::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
