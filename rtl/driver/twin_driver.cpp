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

namespace {

struct Twin {
  VerilatedContext context;
  std::unique_ptr<LoomTop> top;
  std::vector<uint64_t> held; // per channel, over the whole run
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
  delete twin;
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
