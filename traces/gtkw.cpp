#include "traces/gtkw.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace loom::traces {

namespace {

constexpr uint64_t kRight = 0x20, kBin = 0x8, kHex = 0x2, kDec = 0x4, kReal = 0x40000;
constexpr uint64_t kBlank = 0x200, kClosed = 0x400000, kGroupBegin = 0x800000,
                   kGroupEnd = 0x1000000;
constexpr int kMarkers = 26;
// The wave pane's width in pixels that the zoom is chosen for ([size] below).
constexpr int kWidth = 1400, kHeight = 900, kWavePane = 900;

std::string flags(uint64_t f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "@%llx\n", static_cast<unsigned long long>(f));
  return buf;
}

uint64_t flagsOf(WaveSignal::Show s) {
  switch (s) {
  case WaveSignal::Show::Bit: return kRight | kBin;
  case WaveSignal::Show::Hex: return kRight | kHex;
  case WaveSignal::Show::Decimal: return kRight | kDec;
  case WaveSignal::Show::Real: return kRight | kReal;
  case WaveSignal::Show::Enum: return kRight; // GTKWave picks the enum table itself
  }
  return kRight;
}

// One line of text: no line breaks, as every directive is one line.
std::string oneLine(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

// GTKWave draws 2^-zoom time units per 200 pixels (its calczoom()): the zoom at which
// [from, to] fills the wave pane.
double zoomFor(uint64_t from, uint64_t to) {
  double span = static_cast<double>(std::max<uint64_t>(to - from, 1));
  return -std::log2(200.0 * span / kWavePane);
}

} // namespace

std::string gtkwText(const WaveView& v) {
  std::string s = "[*] written by loom-sim\n";
  s += "[dumpfile] \"" + oneLine(v.dumpFile) + "\"\n";
  s += "[timestart] " + std::to_string(v.from) + "\n";
  s += "[size] " + std::to_string(kWidth) + " " + std::to_string(kHeight) + "\n";
  char zoom[64];
  std::snprintf(zoom, sizeof zoom, "*%f ", zoomFor(v.from, v.to));
  s += zoom;
  s += v.hasCursor ? std::to_string(v.cursor) : std::string("-1");
  for (int i = 0; i < kMarkers; ++i)
    s += " " + (i < static_cast<int>(v.markers.size()) ? std::to_string(v.markers[i].time)
                                                       : std::string("-1"));
  s += "\n";
  for (size_t i = 0; i < v.markers.size() && i < kMarkers; ++i)
    s += "[markername] " + std::string(1, static_cast<char>('A' + i)) +
         oneLine(v.markers[i].label) + "\n";
  s += "[sst_expanded] 0\n";
  for (const WaveGroup& g : v.groups) {
    s += flags(kBlank | kGroupBegin | (g.closed ? kClosed : 0));
    s += "-" + oneLine(g.title) + "\n";
    uint64_t last = 0;
    for (const WaveSignal& sig : g.signals) {
      uint64_t f = flagsOf(sig.show);
      if (f != last) s += flags(f);
      last = f;
      if (!sig.alias.empty()) s += "+{" + oneLine(sig.alias) + "} ";
      s += sig.path + "\n";
    }
    s += flags(kBlank | kGroupEnd | (g.closed ? kClosed : 0));
    s += "-" + oneLine(g.title) + "\n";
  }
  return s;
}

} // namespace loom::traces
