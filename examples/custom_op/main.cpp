// gcd64 (kernels/gcd.mlir) twice on one clock: "shipped" with loom-sim's own arith.remui,
// "custom" with PipelinedRem, a remainder unit of our own (an 8-stage pipeline) in its
// place. Both are called on the same pairs; each prints its results as vector.print
// would ("result: ..."), the cycles of both, how many remainders PipelinedRem
// computed, and loom-sim's checks of every call (results against the interpreter).
//
//   custom_op path/to/gcd.mlir
#include "embed/loomsim.h"

#include <deque>
#include <iostream>

using loom::systemc::ScPopIf;
using loom::systemc::ScPushIf;

// arith.remui's contract (the op table: in%u, out%u): inputs in_0 (dividend) and in_1
// (divisor), output out_0. Accepts one pair per cycle while a stage is free; the
// remainder leaves `stages` cycles later, in order.
struct PipelinedRem : loomsim::OpModule {
  sc_core::sc_in<bool> clk{"clk"};
  sc_core::sc_port<ScPopIf> in_0{"in_0"}, in_1{"in_1"};
  sc_core::sc_port<ScPushIf> out_0{"out_0"};
  static inline uint64_t computed = 0; // every instance's remainders

  SC_HAS_PROCESS(PipelinedRem);
  PipelinedRem(sc_core::sc_module_name name, unsigned stages)
      : loomsim::OpModule(name), stages_(stages) {
    SC_METHOD(tick);
    sensitive << clk.pos();
    dont_initialize();
  }
  bool busy() const override { return !pipe_.empty(); }

private:
  void tick() {
    ++cycle_;
    // What the ports show is the start of the cycle's state: deliver, then accept.
    if (!pipe_.empty() && pipe_.front().first <= cycle_ && out_0->can_push()) {
      out_0->push(pipe_.front().second);
      pipe_.pop_front();
    }
    if (in_0->has_token() && in_1->has_token() && pipe_.size() < stages_) {
      const uint64_t x = in_0->front(), y = in_1->front();
      in_0->pop();
      in_1->pop();
      pipe_.emplace_back(cycle_ + stages_, y == 0 ? 0 : x % y); // gcd never divides by 0
      ++computed;
    }
  }
  unsigned stages_;
  uint64_t cycle_ = 0;
  std::deque<std::pair<uint64_t, uint64_t>> pipe_; // (cycle it may leave, remainder)
};

struct Testbench : sc_core::sc_module {
  std::vector<loomsim::Kernel*> kernels;
  SC_HAS_PROCESS(Testbench);
  Testbench(sc_core::sc_module_name name, std::vector<loomsim::Kernel*> k)
      : sc_core::sc_module(name), kernels(std::move(k)) {
    SC_THREAD(run);
  }
  void run() {
    const std::vector<std::pair<int64_t, int64_t>> pairs = {{1071, 462}, {89, 55}, {17, 5}};
    for (loomsim::Kernel* k : kernels)
      for (auto [a, b] : pairs) {
        loomsim::CallResult r = k->call({a, b});
        if (!r.ok) {
          std::cout << k->name() << ": error: " << r.error << "\n";
          continue;
        }
        for (const std::string& v : r.printed)
          std::cout << k->name() << " result: " << v << "\n";
      }
    sc_core::sc_stop();
  }
};

int sc_main(int argc, char* argv[]) {
  if (argc != 2) {
    std::cerr << "usage: custom_op path/to/gcd.mlir\n";
    return 2;
  }
  try {
    const std::string program = loomsim::readFile(argv[1]);
    sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
    loomsim::Kernel shipped("shipped", program, "gcd64");
    // From here on, every arith.remui of a Kernel built is a PipelinedRem.
    loomsim::replaceOp("arith.remui", [](const char* name, const loomsim::OpContract&) {
      return std::make_unique<PipelinedRem>(name, 8);
    });
    loomsim::Kernel custom("custom", program, "gcd64");
    shipped.clk(clk);
    custom.clk(clk);
    Testbench tb("tb", {&shipped, &custom});
    sc_core::sc_start();
    std::cout << "shipped: " << shipped.cycles() << " cycles\n";
    std::cout << "custom: " << custom.cycles() << " cycles\n";
    std::cout << "PipelinedRem: " << PipelinedRem::computed << " remainders\n";
    bool ok = shipped.report(std::cout);
    ok = custom.report(std::cout) && ok;
    return ok ? 0 : 1;
  } catch (const loomsim::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
}
