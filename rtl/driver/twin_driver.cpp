// The driver of a Verilated twin for `loom-sim run --engine verilator` (docs/rtl.md):
// compiled with one generated top (`loom-sim rtl --probes`, its `<top>_bind.h` given
// with -include) into a shared object that rtl/twin.cpp loads. It plays the host for
// every accelerated call of that function, as the engines' EntrySource and HostSink do:
// each entry token is pushed in the first cycle its channel has room (from the call's
// cycle 0), each return token is popped in the first cycle it is valid. One model lives
// for the whole run, as the engines' network does: nothing is reset between calls.
//
// Cycles (docs/counters.md "Calls"): the invocation settles in the cycle the host takes
// the done token; the drain then ends with the first quiet cycle, one in which no token
// is pushed or popped and no op is busy. A busy op (a pipeline, a memory request) pushes
// within its latency, so the cycle after the last push or pop is quiet once `horizon`
// cycles pass without either; the model is frozen from then on.
#define LOOM_TWIN_DRIVER
#include "twin_abi.h"
#include "twin_dpi.h" // loom_dpi_arith and loom_twin_set_arith

#include <cstring>
#include <ctime>
#include <memory>
#include <vector>
#include <verilated.h>
#ifdef LOOM_TWIN_TRACE
#include <cstdio>
#include <deque>
#include <string>
#include <verilated_vcd_c.h>
#endif

namespace {

#ifdef LOOM_TWIN_TRACE
// The VCD of a traced twin (docs/rtl.md "Waveform"). Cycle c of the run's axis is at
// time c ns (as in loom-sim's --vcd): every signal as the cycle's evaluation leaves it
// (the registers' start-of-cycle state, the cycle's pushes and pops) at c * 1000 ps, the
// falling clock at c * 1000 + 500, the rising edge that ends c at (c + 1) * 1000.
//
// Verilator's writer is given a step number per dump (its times must increase); this
// file turns each "#step" line into the step's time in ps. The cycles the driver runs
// past a call's end (the horizon that proves the quiet cycle; the next call's cycles on
// the run's axis) are written tentatively and cut off when the call ends: the model is
// frozen in them, so only the clock changed.
class TraceFile : public VerilatedVcdFile {
public:
  std::deque<std::pair<uint64_t, uint64_t>> times; // (step, ps), in dump order
  bool open(const std::string& name) override {
    f_ = std::fopen(name.c_str(), "wb");
    return f_ != nullptr;
  }
  void close() override {
    commit();
    if (f_) std::fclose(f_);
    f_ = nullptr;
  }
  ssize_t write(const char* buf, ssize_t len) override {
    line_.append(buf, static_cast<size_t>(len));
    size_t start = 0;
    for (size_t nl; (nl = line_.find('\n', start)) != std::string::npos; start = nl + 1) {
      if (line_[start] == '#') {
        uint64_t step = std::strtoull(line_.c_str() + start + 1, nullptr, 10);
        while (!times.empty() && times.front().first != step)
          times.pop_front();
        if (!times.empty()) {
          out_ += "#" + std::to_string(times.front().second) + "\n";
          times.pop_front();
          continue;
        }
      }
      out_.append(line_, start, nl + 1 - start);
    }
    line_.erase(0, start);
    if (!marked_ && out_.size() > (1u << 16)) commit();
    return len;
  }
  // What is written from now on may be cut off (truncate) or kept (keep).
  void mark() {
    if (!marked_) marked_ = true, mark_ = out_.size();
  }
  void keep() { marked_ = false; }
  bool marked() const { return marked_; }
  void truncate() {
    if (marked_) out_.resize(mark_);
    marked_ = false;
  }
  void commit() {
    if (f_ && !out_.empty()) std::fwrite(out_.data(), 1, out_.size(), f_);
    if (f_) std::fflush(f_);
    out_.clear();
  }

private:
  std::FILE* f_ = nullptr;
  std::string line_, out_;
  bool marked_ = false;
  size_t mark_ = 0;
};

struct Trace {
  TraceFile file;
  VerilatedVcdC vcd{&file};
  uint64_t step = 0;
  void dump(uint64_t ps) {
    file.times.emplace_back(++step, ps);
    vcd.dump(step);
  }
  // The pending text of Verilator's writer into the file.
  void mark() {
    if (file.marked()) return;
    vcd.flush();
    file.mark();
  }
  void truncate() {
    vcd.flush();
    file.truncate();
  }
};
#endif

struct Twin {
  VerilatedContext context;
  std::unique_ptr<LoomTop> top;
  std::vector<uint64_t> held; // per channel, over the whole run
#ifdef LOOM_TWIN_TRACE
  std::unique_ptr<Trace> trace;
#endif
};

void edge(LoomTop& t) {
  t.clk = 0;
  t.eval();
  t.clk = 1;
  t.eval();
}

// The host's words into extmemory m, one per edge through its host port (the network
// is idle between calls: the edges move nothing else).
void load(LoomTop& t, int m, const uint64_t* words, uint64_t n) {
  uint64_t depth = extDepth(m);
  for (uint64_t a = 0; a < n && a < depth; ++a) {
    extHostDrive(t, m, true, a, words[a]);
    edge(t);
  }
  extHostDrive(t, m, false, 0, 0);
  t.eval();
}

void store(LoomTop& t, int m, uint64_t* words, uint64_t n) {
  uint64_t depth = extDepth(m);
  for (uint64_t a = 0; a < n && a < depth; ++a) {
    extHostDrive(t, m, false, a, 0);
    t.eval();
    words[a] = extHostRead(t, m);
  }
  extHostDrive(t, m, false, 0, 0);
  t.eval();
}

} // namespace

extern "C" {

int loom_twin_abi(void) {
  return LOOM_TWIN_ABI;
}
int loom_twin_channels(void) {
  return kChannels;
}
int loom_twin_entry_ports(void) {
  return kEntryPorts;
}
int loom_twin_return_ports(void) {
  return kReturnPorts;
}
int loom_twin_memories(void) {
  return kExtMemories;
}
int loom_twin_memory_arg(int m) {
  return extArgIndex(m);
}
uint64_t loom_twin_memory_depth(int m) {
  return extDepth(m);
}

void* loom_twin_open(void) {
  auto* twin = new Twin;
#ifdef LOOM_TWIN_TRACE
  twin->context.traceEverOn(true);
#endif
  twin->top = std::make_unique<LoomTop>(&twin->context);
  twin->held.assign(kChannels, 0);
  twin->top->rst = 1;
  edge(*twin->top);
  edge(*twin->top);
  twin->top->rst = 0;
  return twin;
}

void loom_twin_close(void* p) {
  auto* twin = static_cast<Twin*>(p);
  twin->top->final();
#ifdef LOOM_TWIN_TRACE
  if (twin->trace) twin->trace->vcd.close();
  twin->trace.reset();
#endif
  delete twin;
}

int loom_twin_trace(void* p, const char* path) {
#ifdef LOOM_TWIN_TRACE
  auto* twin = static_cast<Twin*>(p);
  auto trace = std::make_unique<Trace>();
  trace->vcd.set_time_resolution("1ps");
  twin->top->trace(&trace->vcd, 99);
  trace->vcd.open(path);
  if (!trace->vcd.isOpen()) return -1;
  twin->trace = std::move(trace);
  return 0;
#else
  (void)p, (void)path;
  return -1;
#endif
}

void loom_twin_call(void* p, LoomTwinCall* call) {
  Twin& twin = *static_cast<Twin*>(p);
  LoomTop& t = *twin.top;
  for (int m = 0; m < kExtMemories; ++m) {
    int arg = extArgIndex(m);
    if (call->memories[arg]) load(t, m, call->memories[arg], call->memoryWords[arg]);
  }
  std::memset(call->pushes, 0, sizeof(uint64_t) * kChannels);
  bool pending[kEntryPorts];
  for (int i = 0; i < kEntryPorts; ++i)
    pending[i] = true;
  bool done = false;
  uint64_t lastActive = 0, settled = 0;
  bool active = false; // any activity so far
  call->status = LOOM_TWIN_DONE;
  std::clock_t t0 = std::clock(); // CPU time, as loom-sim times its engines
  uint64_t c = 0;
  for (;; ++c) {
    if (!done && c >= call->maxCycles) {
      call->status = LOOM_TWIN_CYCLE_CAP;
      break;
    }
    if (done && c - settled >= call->maxCycles) {
      call->status = LOOM_TWIN_DRAIN_CAP;
      break;
    }
    // Ready and valid are registers: this cycle's start state, read before acting.
    for (int i = 0; i < kEntryPorts; ++i) {
      bool push = pending[i] && entryReady(t, i);
      entryDrive(t, i, push, call->entry[i]);
      if (push) pending[i] = false;
    }
    bool took = false;
    for (int j = 0; j < kReturnPorts; ++j) {
      bool pop = returnValid(t, j);
      returnPop(t, j, pop);
      if (pop) call->results[j] = returnHead(t, j);
      if (pop && j == kReturnPorts - 1) took = true;
    }
    t.eval(); // the probes show this cycle's pushes and pops
    // Channels in index order, a word of 64 at a time: most are idle in most cycles.
    bool moved = false;
    for (int w = 0; w < kProbeWords; ++w) {
      uint64_t pushed = probePushWord(t, w), popped = probePopWord(t, w);
      for (uint64_t any = pushed | popped; any; any &= any - 1) {
        int bit = __builtin_ctzll(any), k = w * 64 + bit;
        moved = true;
        if ((pushed >> bit) & 1) {
          uint64_t bits = probeData(t, k);
          unsigned width = kChannelTable[k].width;
          bits = width == 0 ? 0 : width < 64 ? bits & ((uint64_t(1) << width) - 1) : bits;
          ++call->pushes[k];
          ++twin.held[k];
          call->token(call->sink, c, static_cast<uint32_t>(k), bits);
        }
        if ((popped >> bit) & 1) --twin.held[k];
      }
    }
#ifdef LOOM_TWIN_TRACE
    if (twin.trace) {
      // A cycle after the quiet one so far with nothing moving may lie past the call's
      // end: written tentatively until something moves or the call ends.
      uint64_t q = active ? lastActive + 1 : 0;
      if (moved)
        twin.trace->file.keep();
      else if (c > q)
        twin.trace->mark();
      uint64_t ps = (call->traceOffset + c) * 1000;
      twin.trace->dump(ps);
      t.clk = 0;
      t.eval();
      twin.trace->dump(ps + 500);
      t.clk = 1;
      t.eval();
    } else
#endif
      edge(t);
    if (moved) lastActive = c, active = true;
    if (took && !done) done = true, settled = c + 1;
    // A quiet cycle: nothing moved in it, and nothing for `horizon` cycles since.
    uint64_t quiet = active ? lastActive + 1 : 0;
    if (c >= quiet + call->horizon && (!done ? true : quiet >= settled)) {
      if (!done) call->status = LOOM_TWIN_DEADLOCK;
      c = quiet;
      break;
    }
  }
  call->modelSeconds = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
#ifdef LOOM_TWIN_TRACE
  // The cycles past the quiet cycle are not the call's (its end is the quiet cycle + 1).
  if (twin.trace) {
    if (call->status == LOOM_TWIN_DONE || call->status == LOOM_TWIN_DEADLOCK)
      twin.trace->truncate();
    else
      twin.trace->file.keep();
  }
#endif
  for (int j = 0; j < kReturnPorts; ++j)
    returnPop(t, j, false);
  for (int i = 0; i < kEntryPorts; ++i)
    entryDrive(t, i, false, 0);
  t.eval();
  call->settled = settled;
  call->end = call->status == LOOM_TWIN_DONE || call->status == LOOM_TWIN_DEADLOCK ? c + 1 : c;
  for (int k = 0; k < kChannels; ++k)
    call->held[k] = twin.held[k];
  for (int m = 0; m < kExtMemories; ++m) {
    int arg = extArgIndex(m);
    if (call->memories[arg]) store(t, m, call->memories[arg], call->memoryWords[arg]);
  }
}

} // extern "C"
