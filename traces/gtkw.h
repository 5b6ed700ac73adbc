// A GTKWave save file (.gtkw): which signals a trace opens with, grouped and named,
// where the cursor and the markers stand and what time range is shown. `gtkwave
// trace.fst view.gtkw` opens the trace as the file says.
//
// The format is GTKWave's own (its savefile.c reads it; one directive per line):
//   [dumpfile] "..."         the trace, absolute
//   [timestart] T            the first time shown
//   *Z C A B ...             zoom (2^-Z time units per 200 pixels), cursor, named markers
//   [markername] Alabel      a named marker's label
//   @FLAGS                   display flags for the signals that follow (hex bits:
//                            0x20 right-justify, 0x8 binary, 0x2 hex, 0x200 a blank
//                            row, 0x800000/0x1000000 a group's begin/end, 0x400000
//                            closed); with no number format bit, a signal that has an
//                            FST enum table is shown by its names
//   -text                    a label row (and a group's title after a group flag)
//   +{alias} name            a signal shown under another name
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom::traces {

struct WaveSignal {
  enum class Show : uint8_t { Bit, Hex, Decimal, Real, Enum };
  std::string path;  // as the trace names it, with a vector's range: "a.b.data[31:0]"
  std::string alias; // the name shown ("" = path)
  Show show = Show::Bit;
};

struct WaveGroup {
  std::string title;
  std::vector<WaveSignal> signals;
  bool closed = false;
};

struct WaveMarker {
  uint64_t time = 0;
  std::string label;
};

struct WaveView {
  std::string dumpFile; // absolute
  std::vector<WaveGroup> groups;
  bool hasCursor = false;
  uint64_t cursor = 0;
  std::vector<WaveMarker> markers; // at most 26 (A..Z); the rest are left out
  uint64_t from = 0, to = 0;       // the time range shown (to > from)
};

std::string gtkwText(const WaveView& v);

} // namespace loom::traces
