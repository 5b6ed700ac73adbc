// lean_twin CALL_FILE...: a Verilated twin driven the way a Verilator user drives a model
// for speed, for bench/engines.py. Compiled by bench/engines.py with the top and the
// binding header `loom-sim run --engine verilator --rtl-capture DIR` writes (no probes;
// one `active` output, the OR of every channel's push and pop), it replays the captured
// calls in order on one model, as loom-sim's twin driver does (rtl/driver/twin_driver.cpp):
// the same reset, the same loads through the host ports, entry tokens pushed in the first
// cycle their channel has room, return tokens popped in the first cycle they are valid,
// and the same end of a call (docs/counters.md "Calls": the quiet cycle after the host
// took the done token, proven by `horizon` cycles without activity). Unlike that driver,
// it reads no probe and evaluates the model exactly once per clock edge: inputs set, the
// falling edge (which settles the cycle's handshakes; `active` is read there), the
// rising edge. No token log, no per-channel counts.
//
// Per call it prints one JSON line: the call's cycles and latency as it counted them and
// the CPU and wall seconds of its cycle loop (the loads and the read-back excluded). It
// checks the results and the memories coming out against the capture (what loom-sim's
// twin gave, which loom-sim checked against the reference interpreter) and exits 1 on a
// difference, 2 on a file it cannot read.
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <verilated.h>

namespace {

struct Call {
  std::string function;
  uint64_t invocation = 0, horizon = 0, maxCycles = 0;
  std::vector<uint64_t> entry, results;
  std::map<int, std::vector<uint64_t>> in, out; // by function argument
  int status = 0;
  uint64_t settled = 0, end = 0;
};

bool readWords(std::ifstream& f, std::map<int, std::vector<uint64_t>>& to) {
  int arg = 0;
  uint64_t n = 0;
  if (!(f >> arg >> n)) return false;
  std::vector<uint64_t>& w = to[arg];
  w.resize(n);
  f >> std::hex;
  for (uint64_t& x : w)
    f >> x;
  f >> std::dec;
  return static_cast<bool>(f);
}

bool readCall(const char* path, Call& c) {
  std::ifstream f(path);
  std::string key;
  while (f >> key) {
    size_t n = 0;
    if (key == "function")
      f >> c.function;
    else if (key == "invocation")
      f >> c.invocation;
    else if (key == "horizon")
      f >> c.horizon;
    else if (key == "max_cycles")
      f >> c.maxCycles;
    else if (key == "entry" && f >> n)
      for (c.entry.resize(n); n-- > 0;)
        f >> c.entry[c.entry.size() - 1 - n];
    else if (key == "memory") {
      if (!readWords(f, c.in)) return false;
    } else if (key == "status")
      f >> c.status;
    else if (key == "settled")
      f >> c.settled;
    else if (key == "end")
      f >> c.end;
    else if (key == "results" && f >> n)
      for (c.results.resize(n); n-- > 0;)
        f >> c.results[c.results.size() - 1 - n];
    else if (key == "after") {
      if (!readWords(f, c.out)) return false;
    } else if (key == "done")
      return true;
    else
      return false;
    if (!f) return false;
  }
  return false;
}

void edge(LoomTop& t) {
  t.clk = 0;
  t.eval();
  t.clk = 1;
  t.eval();
}

double cpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); // every thread's: --threads 2 counts both
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// The host's words into memory m through its host port, one per edge (untimed).
void load(LoomTop& t, int m, const std::vector<uint64_t>& words) {
  for (uint64_t a = 0; a < words.size() && a < extDepth(m); ++a) {
    extHostDrive(t, m, true, a, words[a]);
    edge(t);
  }
  extHostDrive(t, m, false, 0, 0);
  t.eval();
}

bool same(LoomTop& t, int m, const std::vector<uint64_t>& words) {
  bool ok = true;
  for (uint64_t a = 0; a < words.size() && a < extDepth(m); ++a) {
    extHostDrive(t, m, false, a, 0);
    t.eval();
    ok = ok && extHostRead(t, m) == words[a];
  }
  extHostDrive(t, m, false, 0, 0);
  t.eval();
  return ok;
}

// One call; false if its outcome differs from the capture's.
bool run(LoomTop& t, const Call& call) {
  for (int m = 0; m < kExtMemories; ++m) {
    auto it = call.in.find(extArgIndex(m));
    if (it != call.in.end()) load(t, m, it->second);
  }
  std::vector<uint64_t> results(kReturnPorts, 0);
  bool pending[kEntryPorts + 1] = {};
  for (int i = 0; i < kEntryPorts; ++i)
    pending[i] = true;
  bool done = false, active = false;
  uint64_t lastActive = 0, settled = 0, c = 0;
  int status = 0; // the twin ABI's numbers: done, deadlock, cycle cap, drain cap
  double cpu0 = cpuSeconds();
  auto wall0 = std::chrono::steady_clock::now();
  for (;; ++c) {
    if (!done && c >= call.maxCycles) {
      status = 2;
      break;
    }
    if (done && c - settled >= call.maxCycles) {
      status = 3;
      break;
    }
    // Ready and valid are the start-of-cycle state, read before acting.
    for (int i = 0; i < kEntryPorts; ++i) {
      bool push = pending[i] && entryReady(t, i);
      entryDrive(t, i, push, call.entry[i]);
      if (push) pending[i] = false;
    }
    bool took = false;
    for (int j = 0; j < kReturnPorts; ++j) {
      bool pop = returnValid(t, j);
      returnPop(t, j, pop);
      if (pop) results[j] = returnHead(t, j);
      if (pop && j == kReturnPorts - 1) took = true;
    }
    t.clk = 0;
    t.eval(); // the falling edge: this cycle's handshakes settle
    bool moved = loomActive(t);
    t.clk = 1;
    t.eval(); // the rising edge
    if (moved) lastActive = c, active = true;
    if (took && !done) done = true, settled = c + 1;
    uint64_t quiet = active ? lastActive + 1 : 0;
    if (c >= quiet + call.horizon && (!done || quiet >= settled)) {
      if (!done) status = 1;
      c = quiet;
      break;
    }
  }
  double cpu = cpuSeconds() - cpu0;
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  for (int j = 0; j < kReturnPorts; ++j)
    returnPop(t, j, false);
  for (int i = 0; i < kEntryPorts; ++i)
    entryDrive(t, i, false, 0);
  t.eval();
  uint64_t end = status == 0 || status == 1 ? c + 1 : c;
  std::string wrong;
  if (status != call.status) wrong += " status";
  if (results != call.results) wrong += " results";
  for (int m = 0; m < kExtMemories; ++m) {
    auto it = call.out.find(extArgIndex(m));
    if (it != call.out.end() && !same(t, m, it->second))
      wrong += " memory-" + std::to_string(it->first);
  }
  std::printf("{\"function\": \"%s\", \"invocation\": %" PRIu64 ", \"cycles\": %" PRIu64
              ", \"latency\": %" PRIu64 ", \"status\": %d, \"cpu_s\": %.6f, \"wall_s\": %.6f}\n",
              call.function.c_str(), call.invocation, end, settled, status, cpu, wall);
  if (!wrong.empty())
    std::fprintf(stderr, "lean_twin: @%s call %" PRIu64 ": differs from the capture in:%s\n",
                 call.function.c_str(), call.invocation, wrong.c_str());
  return wrong.empty();
}

} // namespace

int main(int argc, char** argv) {
  std::vector<Call> calls(static_cast<size_t>(argc > 1 ? argc - 1 : 0));
  for (int i = 1; i < argc; ++i)
    if (!readCall(argv[i], calls[static_cast<size_t>(i - 1)])) {
      std::fprintf(stderr, "lean_twin: cannot read the call file %s\n", argv[i]);
      return 2;
    }
  if (calls.empty()) {
    std::fprintf(stderr, "usage: lean_twin CALL_FILE...\n");
    return 2;
  }
  for (const Call& c : calls)
    if (c.entry.size() != static_cast<size_t>(kEntryPorts)) {
      std::fprintf(stderr, "lean_twin: %s call %" PRIu64 " has %zu entry tokens, the top %d\n",
                   c.function.c_str(), c.invocation, c.entry.size(), kEntryPorts);
      return 2;
    }
  VerilatedContext context;
  auto top = std::make_unique<LoomTop>(&context);
  top->rst = 1;
  edge(*top);
  edge(*top);
  top->rst = 0;
  bool ok = true;
  for (const Call& c : calls)
    ok = run(*top, c) && ok;
  top->final();
  return ok ? 0 : 1;
}
