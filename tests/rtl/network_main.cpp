// A testbench for one generated top (`loom-sim rtl --probes`): one call of the network
// on the Verilated twin, written as the token log `loom-sim sim --tokens` writes
// (traces/token_log.cpp, docs/rtl.md "One token log"). Built with
//   verilator --cc --exe --build -CFLAGS '-include <top>_bind.h' network_main.cpp ...
// Usage: twin VALUE... [INDEX=FILE...] > LOG: one value per entry port, in order ("-"
// for a none port); a memref argument's initial words (whitespace-separated decimal, as
// `sim --mem INDEX=FILE` reads them) go in through its extmemory's host port before the
// call (others start at zero).
// It plays the host as the engines' EntrySource and HostSink do: each entry token is
// pushed in the first cycle its channel has room (from cycle 0), every return token is
// popped in the first cycle it is valid. The run ends 1,000 cycles after the last
// channel activity once the done token is taken (or at 10,000,000 cycles).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>
#include <verilated.h>

namespace {

void edge(LoomTop& t) {
  t.clk = 0;
  t.eval();
  t.clk = 1;
  t.eval();
}

// value_text.h's format for the integer types and none: signed decimal, i1 as 0/1.
void printValue(uint64_t bits, const LoomChannel& ch) {
  if (std::strcmp(ch.type, "none") == 0) {
    std::printf("-");
    return;
  }
  unsigned w = ch.width;
  if (w == 1) {
    std::printf("%d", static_cast<int>(bits & 1));
    return;
  }
  if (ch.type[0] != 'i') { // floats: the twin has no float op yet
    std::fprintf(stderr, "twin: channel %s of type %s: no float printing yet\n", ch.name, ch.type);
    std::exit(2);
  }
  int64_t v = w >= 64 ? static_cast<int64_t>(bits)
                      : static_cast<int64_t>(bits << (64 - w)) >> (64 - w); // sign-extend
  std::printf("%" PRId64, v);
}

} // namespace

// Writes the words of FILE into the extmemory of argument INDEX ("INDEX=FILE").
bool preload(LoomTop& top, const std::string& spec) {
  size_t eq = spec.find('=');
  int arg = std::atoi(spec.substr(0, eq).c_str());
  std::ifstream in(spec.substr(eq + 1));
  if (!in) return std::fprintf(stderr, "twin: cannot read %s\n", spec.c_str()), false;
  for (int m = 0; m < kExtMemories; ++m) {
    if (extArgIndex(m) != arg) continue;
    long long v = 0;
    for (uint64_t addr = 0; in >> v; ++addr) {
      extHostDrive(top, m, true, addr, static_cast<uint64_t>(v));
      edge(top);
    }
    extHostDrive(top, m, false, 0, 0);
    return true;
  }
  return std::fprintf(stderr, "twin: no extmemory for argument %d\n", arg), false;
}

int main(int argc, char** argv) {
  std::vector<const char*> values;
  std::vector<std::string> memories;
  for (int i = 1; i < argc; ++i)
    (std::strchr(argv[i], '=') ? (void)memories.push_back(argv[i]) : values.push_back(argv[i]));
  if (static_cast<int>(values.size()) != kEntryPorts) {
    std::fprintf(stderr, "twin: %d entry values expected, %zu given\n", kEntryPorts, values.size());
    return 2;
  }
  VerilatedContext context;
  auto top = std::make_unique<LoomTop>(&context);
  top->rst = 1;
  edge(*top);
  edge(*top);
  top->rst = 0;
  for (const std::string& spec : memories)
    if (!preload(*top, spec)) return 2;

  std::printf("# loom-sim token log: one line per token, <cycle> <channel> <value>; <cycle> is the "
              "global cycle its producer pushed it in (the consumer sees it from the next "
              "cycle)\n");
  for (int k = 0; k < kChannels; ++k)
    std::printf("# channel %d %s %s\n", k, kChannelTable[k].type, kChannelTable[k].name);

  bool pending[kEntryPorts];
  uint64_t args[kEntryPorts];
  for (int i = 0; i < kEntryPorts; ++i) {
    pending[i] = true;
    args[i] = std::strcmp(values[i], "-") == 0 ? 0 : std::strtoull(values[i], nullptr, 0);
  }
  bool done = false;
  uint64_t lastActive = 0;
  for (uint64_t c = 0; c < 10000000; ++c) {
    // Ready and valid are registers: this cycle's start state, read before acting.
    for (int i = 0; i < kEntryPorts; ++i) {
      bool push = pending[i] && entryReady(*top, i);
      entryDrive(*top, i, push, args[i]);
      if (push) pending[i] = false;
    }
    for (int j = 0; j < kReturnPorts; ++j) {
      bool pop = returnValid(*top, j);
      returnPop(*top, j, pop);
      if (pop && j == kReturnPorts - 1) done = true;
    }
    top->eval(); // the probes show this cycle's pushes
    for (int k = 0; k < kChannels; ++k) {
      if (!probePush(*top, k)) continue;
      std::printf("%" PRIu64 " %d ", c, k);
      printValue(probeData(*top, k), kChannelTable[k]);
      std::printf("\n");
      lastActive = c;
    }
    edge(*top);
    if (done && c > lastActive + 1000) break;
  }
  if (!done) {
    std::fprintf(stderr, "twin: the call did not return\n");
    return 1;
  }
  return 0;
}
