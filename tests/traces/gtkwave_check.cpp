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

  std::string diff = compareWaveforms(vcdText, slurp(back));
  if (diff.empty()) fs::remove_all(dir);
  return diff;
}

std::string fstToVcd(const std::string& fstPath, std::string& error) {
  namespace fs = std::filesystem;
  fs::path out = fs::path(fstPath).string() + ".fst2vcd";
  std::string cmd = "fst2vcd -e '" + fstPath + "' > '" + out.string() + "' 2>/dev/null";
  if (std::system(cmd.c_str()) != 0) {
    error = "fst2vcd failed (is GTKWave installed? scripts/install-deps.sh): " + cmd;
    return "";
  }
  std::string text = slurp(out);
  fs::remove(out);
  if (text.empty()) error = "fst2vcd wrote nothing";
  return text;
}

std::string compareWaveforms(const std::string& expected, const std::string& actual) {
  VcdFile ours = readVcd(expected), theirs = readVcd(actual);
  if (!ours.error.empty()) return "the expected VCD: " + ours.error;
  if (!theirs.error.empty()) return "the VCD compared: " + theirs.error;
  auto a = waveforms(ours), b = waveforms(theirs);
  std::string diff;
  for (const auto& [path, wave] : a) {
    auto it = b.find(path);
    if (it == b.end()) {
      diff += "missing: " + path + "\n";
      continue;
    }
    const std::vector<VcdChange>& w = it->second;
    bool same = w.size() == wave.size();
    for (size_t i = 0; same && i < w.size(); ++i)
      same = w[i].time == wave[i].time && sameValue(w[i].value, wave[i].value);
    if (!same) diff += "different waveform: " + path + "\n";
  }
  if (a.size() != b.size())
    diff += "a different number of signals: " + std::to_string(a.size()) + " vs " +
            std::to_string(b.size()) + "\n";
  return diff;
}

} // namespace loom::traces::test
