#include "gtkwave_check.h"

#include "vcd_reader.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace loom::traces::test {

namespace {

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Reals compare as numbers (the two writers format them differently).
bool sameValue(const std::string& a, const std::string& b) {
  if (!a.empty() && !b.empty() && (a[0] == 'r' || a[0] == 'R') && (b[0] == 'r' || b[0] == 'R'))
    return std::strtod(a.c_str() + 1, nullptr) == std::strtod(b.c_str() + 1, nullptr);
  return canonicalValue(a) == canonicalValue(b);
}

// path -> (time, value) with repeated values dropped.
std::map<std::string, std::vector<VcdChange>> waveforms(const VcdFile& f) {
  std::map<std::string, std::vector<VcdChange>> out;
  for (const VcdVar& v : f.vars) {
    auto it = f.changes.find(v.code);
    std::vector<VcdChange>& w = out[v.path];
    if (it == f.changes.end()) continue;
    for (const VcdChange& c : it->second) {
      if (!w.empty() && w.back().time == c.time) w.pop_back(); // the last one at a time wins
      if (!w.empty() && sameValue(w.back().value, c.value)) continue;
      w.push_back(c);
    }
  }
  return out;
}

} // namespace

std::string gtkwaveRoundTrip(const std::string& vcdText, const std::string& stem) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("loom_traces_" + std::to_string(getpid()));
  fs::create_directories(dir);
  fs::path vcd = dir / (stem + ".vcd"), fst = dir / (stem + ".fst"),
           back = dir / (stem + ".back.vcd");
  std::ofstream(vcd, std::ios::binary) << vcdText;
  std::string toFst = "vcd2fst '" + vcd.string() + "' '" + fst.string() + "' > /dev/null 2>&1";
  if (std::system(toFst.c_str()) != 0)
    return "vcd2fst failed (is GTKWave installed? scripts/install-deps.sh): " + toFst;
  if (!fs::exists(fst) || fs::file_size(fst) == 0) return "vcd2fst wrote no FST";
  std::string toVcd = "fst2vcd '" + fst.string() + "' > '" + back.string() + "' 2>/dev/null";
  if (std::system(toVcd.c_str()) != 0) return "fst2vcd failed: " + toVcd;

  VcdFile ours = readVcd(vcdText), theirs = readVcd(slurp(back));
  if (!ours.error.empty()) return "our VCD: " + ours.error;
  if (!theirs.error.empty()) return "fst2vcd's VCD: " + theirs.error;
  auto a = waveforms(ours), b = waveforms(theirs);
  std::string diff;
  for (const auto& [path, wave] : a) {
    auto it = b.find(path);
    if (it == b.end()) {
      diff += "missing after the round trip: " + path + "\n";
      continue;
    }
    const std::vector<VcdChange>& w = it->second;
    bool same = w.size() == wave.size();
    for (size_t i = 0; same && i < w.size(); ++i)
      same = w[i].time == wave[i].time && sameValue(w[i].value, wave[i].value);
    if (!same) diff += "different waveform after the round trip: " + path + "\n";
  }
  if (a.size() != b.size()) diff += "a different number of signals after the round trip\n";
  if (diff.empty()) fs::remove_all(dir);
  return diff;
}

} // namespace loom::traces::test
