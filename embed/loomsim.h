// loomsim: one accelerated function of an MLIR program as one SystemC module of a
// user's own model (docs/systemc.md "Embedding a kernel").
//
//   loomsim::Kernel dot("dot", loomsim::readFile("dot.mlir"), "dot");  // elaboration
//   dot.clk(clock);                                   // an sc_clock of Options::period
//   dot.memorySocket(0).bind(myTarget.socket);        // optional: else the shipped one
//   ... in an SC_THREAD of the testbench:
//   loomsim::CallResult r = dot.call({loomsim::Arg(a), loomsim::Arg(b), 24});
//   ... after sc_start:
//   dot.report(std::cout);                            // findings, summary; passed()
//
// Inside, the function is lowered, checked and elaborated as loom-sim run --systemc
// does it (an ScNetwork child: one module per op, one channel per channel, its
// extmemories' TLM-2.0 sockets, systemc/sc_memory_socket.h). call() runs one call the
// way `loom-sim run` runs an accelerated call: the network on the real buffers, one
// cycle per rising edge of clk (the calling SC_THREAD waits for them), the reference
// interpreter on copies, then the harness's checks (results and memories against the
// interpreter, the channel ledger, access order, quiescence). Their findings collect in
// the kernel's report.
//
// Errors of use are loomsim::Error exceptions, thrown where the mistake is made: an
// unknown function, a program that does not parse, a Kernel built after sc_start, a
// memory socket asked for an argument that is no memref, call() outside an SC_THREAD or
// with the wrong arguments, a user module (replaceOp) whose ports do not match its op's
// contract. A memory socket bound twice is SystemC's error report
// "loom/binding" at the end of elaboration (sc_start throws it).
#pragma once

#include "host/accelerator.h"
#include "systemc/sc_memory_socket.h"
#include "systemc/sc_user_op.h"

#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <string>
#include <systemc>
#include <vector>

namespace loomsim {

class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The text of a file (Error if it cannot be read).
std::string readFile(const std::string& path);

// A user module standing in for an op kind (systemc/sc_user_op.h: ports named after
// the op table, busy()). Every op of `kind` ("arith.divui") in the Kernels built from
// now on is made by `factory`; a module whose ports do not match the op's contract is an
// Error when the Kernel is built. Error for a kind that cannot be replaced (memories).
using OpModule = loom::systemc::ScUserOp;
using OpContract = loom::systemc::ScOpContract;
void replaceOp(const std::string& kind, loom::systemc::ScUserOpFactory factory);

// A memref argument: a row-major buffer of `shape`, its elements given as numbers (for
// an integer element type they must be whole). The buffer is made at the first call
// from the function's element type and kept: values() reads what the calls left.
class Memref {
public:
  Memref(std::vector<int64_t> shape, std::vector<double> values);
  const std::vector<int64_t>& shape() const { return shape_; }
  std::vector<double> values() const;

private:
  friend class Kernel;
  std::vector<int64_t> shape_;
  std::vector<double> init_;
  std::shared_ptr<loom::Buffer> buffer_;
};

// One argument: a number (a scalar parameter, in its type) or a memref.
struct Arg {
  Arg(double v) : number(v) {}
  Arg(int v) : number(v) {}
  Arg(int64_t v) : number(static_cast<double>(v)) {}
  Arg(Memref& m) : memref(&m) {}
  double number = 0;
  Memref* memref = nullptr;
};

struct CallResult {
  bool ok = false;                  // completed, results taken (checks: see the report)
  std::string error;                // why not (the run's error, as loom-sim prints it)
  std::vector<double> results;      // the function's results as numbers
  std::vector<std::string> printed; // the same as vector.print prints them
  uint64_t cycles = 0;              // the call's span (docs/counters.md)
};

struct Options {
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS); // clk's period
  uint64_t maxCycles = 50'000'000;                               // per call
  bool checks = true;
  std::string timingFile; // a --timing file (empty: the defaults)
  // loom-sim's info lines (spdlog's default logger); false sets spdlog's level to warn,
  // as loom-sim run does without -v.
  bool verbose = false;
};

class Kernel : public sc_core::sc_module {
public:
  sc_core::sc_in<bool> clk;

  // `mlir`: the program's text (every function it calls must be in it); `function`:
  // the one to accelerate (not "main" if main is its entry; any function with a body).
  Kernel(sc_core::sc_module_name name, const std::string& mlir, const std::string& function,
         Options options = {});
  ~Kernel() override;
  const char* kind() const override { return "loomsim_kernel"; }

  // The TLM-2.0 initiator socket of memref argument `argIndex`. Bind it before
  // sc_start to a target of your own; left unbound, the shipped target
  // (loom::systemc::ScMemoryTarget, the timing's extmemory latency) serves it.
  loom::systemc::ScMemoryInitiatorSocket& memorySocket(unsigned argIndex);
  // The storage the shipped target reads and writes (the buffer of the running call):
  // for a target of your own that forwards to an ScMemoryTarget over it.
  loom::models::MemoryBacking& memoryBacking(unsigned argIndex);
  // The timing's extmemory latency, in cycles (the shipped target's).
  uint64_t memoryLatency() const;
  // The function's network as SystemC (its hierarchy, channels, op modules).
  loom::systemc::ScNetwork& network();

  // One call, from an SC_THREAD: returns when it has settled (its cycles simulated on
  // clk) and been checked. One call at a time per kernel (Error otherwise).
  CallResult call(const std::vector<Arg>& args);

  uint64_t cycles() const; // of every call so far
  size_t calls() const;
  bool passed() const; // every call completed and every check passed
  // Every finding, then "loomsim: NAME: N call(s), C cycles, all checks passed (0
  // finding(s)), L channel ledger(s) checked" (or "checks FAILED (K finding(s))");
  // returns passed().
  bool report(std::ostream& out) const;
  const loom::harness::Report& harnessReport() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace loomsim
