// Does GTKWave read our VCD as we meant it? vcd2fst (GTKWave's converter, the same
// reader the viewer uses) turns the file into FST, fst2vcd turns that back into VCD, and
// every signal's waveform must come back unchanged. (vcd2fst alone exits 0 even on
// garbage, so its exit code proves nothing; the round trip does.)
#pragma once

#include <string>

namespace loom::traces::test {

// Empty if the round trip gives back every signal's changes; otherwise what differs
// (or that the tools are missing: they come with Debian's gtkwave package).
std::string gtkwaveRoundTrip(const std::string& vcdText, const std::string& stem);

// fst2vcd's text of an FST file, with its FST extensions (enum tables as $attrbegin);
// empty and `error` set if it fails.
std::string fstToVcd(const std::string& fstPath, std::string& error);

// Empty if the two VCD texts hold the same signals (by path) with the same changes;
// otherwise what differs.
std::string compareWaveforms(const std::string& expected, const std::string& actual);

} // namespace loom::traces::test
