// fst_floor VCD FST [BLOCK_CHANGES]: what GTKWave's FST writer (fstapi) alone costs to
// write one waveform. The VCD (a `loom-sim run --vcd` file) is read and parsed into
// memory first; the clock then runs only around the fstapi calls loom-sim's FST writer
// makes for the same changes (the context, declarations and block size are its own:
// traces/fst.h, namespace fst; BLOCK_CHANGES overrides the block size; a channel's second
// port is an alias). So the
// seconds printed are a floor under `run --fst`: its conversion thread does this and
// decodes the records besides. Phase enums are left out (header only, no cost).
//
// The FST written holds the VCD's waveform; bench.fst_floor reads it back with fst2vcd.
#include "traces/fst.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstapi.h>
#include <fstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace {

struct Var {
  fstHandle handle = 0;
  unsigned width = 1;
  bool real = false;
};

// A change: the variable's handle and its value at `pool[offset]` (width digits, or a
// double for reals); handle 0 is a time step, offset then indexes `times`.
struct Change {
  fstHandle handle;
  uint32_t offset;
};

struct Trace {
  std::vector<Change> changes;
  std::vector<uint64_t> times;
  std::string pool;
  uint64_t valueChanges = 0;
};

[[noreturn]] void die(const std::string& why) {
  std::fprintf(stderr, "fst_floor: %s\n", why.c_str());
  std::exit(2);
}

// A vector's VCD digits at full width: VCD drops leading zeros (and extends x and z).
std::string fullWidth(const std::string& digits, unsigned width) {
  if (digits.size() >= width) return digits.substr(digits.size() - width);
  char fill = digits[0] == 'x' || digits[0] == 'z' ? digits[0] : '0';
  return std::string(width - digits.size(), fill) + digits;
}

class Replay {
public:
  explicit Replay(void* ctx) : ctx_(ctx) {}

  // "$scope module a $end", "$var wire 64 '' data [63:0] $end", ...
  void declare(const std::string& line) {
    std::vector<std::string_view> w = loom::traces::fst::words(line);
    if (w.empty()) return;
    if (w[0] == "$scope" && w.size() >= 3) {
      fstWriterSetScope(ctx_, FST_ST_VCD_MODULE, std::string(w[2]).c_str(), nullptr);
    } else if (w[0] == "$upscope") {
      fstWriterSetUpscope(ctx_);
    } else if (w[0] == "$timescale" && w.size() >= 2) {
      fstWriterSetTimescaleFromString(ctx_, std::string(w[1]).c_str());
    } else if (w[0] == "$var" && w.size() >= 6) {
      loom::traces::fst::Var d = loom::traces::fst::declaration(w);
      Var& v = vars_[std::string(d.code)];
      fstHandle h = fstWriterCreateVar(ctx_, static_cast<fstVarType>(d.type), FST_VD_IMPLICIT,
                                       d.width, d.name.c_str(), v.handle);
      if (!v.handle) v = {h, d.width, d.real};
    }
  }

  const Var& var(const std::string& code) const {
    auto it = vars_.find(code);
    if (it == vars_.end()) die("a change of an undeclared variable " + code);
    return it->second;
  }

  // The clocked part: every change, as traces/fst.cpp hands it to fstapi.
  void emit(const Trace& t, size_t blockChanges) {
    size_t sinceFlush = 0;
    for (const Change& c : t.changes) {
      if (c.handle == 0) {
        if (sinceFlush >= blockChanges) {
          fstWriterFlushContext(ctx_);
          sinceFlush = 0;
        }
        fstWriterEmitTimeChange(ctx_, t.times[c.offset]);
        continue;
      }
      fstWriterEmitValueChange(ctx_, c.handle, t.pool.data() + c.offset);
      ++sinceFlush;
    }
  }

private:
  void* ctx_;
  std::unordered_map<std::string, Var> vars_;
};

// Reads the VCD: its header lines, then every change into memory.
Trace readVcd(const std::string& path, Replay& replay) {
  std::ifstream in(path);
  if (!in) die("cannot read " + path);
  Trace t;
  std::string line;
  while (std::getline(in, line)) {
    replay.declare(line);
    if (line.rfind("$enddefinitions", 0) == 0) break;
  }
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '$') continue;
    if (line[0] == '#') {
      t.changes.push_back({0, static_cast<uint32_t>(t.times.size())});
      t.times.push_back(std::stoull(line.substr(1)));
      continue;
    }
    const auto offset = static_cast<uint32_t>(t.pool.size());
    if (line[0] == 'b' || line[0] == 'r') {
      size_t space = line.find(' ');
      if (space == std::string::npos) die("a vector change without a code: " + line);
      const Var& v = replay.var(line.substr(space + 1));
      std::string value = line.substr(1, space - 1);
      if (line[0] == 'r') {
        double d = std::strtod(value.c_str(), nullptr);
        t.pool.append(reinterpret_cast<const char*>(&d), sizeof d);
      } else {
        t.pool += fullWidth(value, v.width);
      }
      t.changes.push_back({v.handle, offset});
    } else {
      const Var& v = replay.var(line.substr(1));
      t.pool += line[0];
      t.changes.push_back({v.handle, offset});
    }
    ++t.valueChanges;
  }
  return t;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) die("usage: fst_floor VCD FST [BLOCK_CHANGES]");
  size_t block = argc == 4 ? std::stoul(argv[3]) : loom::traces::fst::kBlockChanges;
  void* ctx = loom::traces::fst::openContext(argv[2]);
  if (!ctx) die(std::string("cannot create ") + argv[2]);
  Replay replay(ctx);
  Trace t = readVcd(argv[1], replay);
  auto start = std::chrono::steady_clock::now();
  replay.emit(t, block);
  fstWriterClose(ctx);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("fstapi: %llu changes at %zu time steps in %.3f s\n",
              static_cast<unsigned long long>(t.valueChanges), t.times.size(), s);
  return 0;
}
