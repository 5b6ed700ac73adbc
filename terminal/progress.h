// Progress: a one-line status on the terminal during long runs:
//
//   loom-sim: 12,345,678 cycles, 34,567,890 tokens, 9.8M tokens/s
//
// redrawn in place (carriage return + erase to end of line) at most once per interval
// (200 ms: 5 times a second), erased by finish(). Silent when the stream is not a
// terminal, so logs and pipes never see it. It is drawn through StatusLine
// (status_line.h), which erases it before anything else is written to stdout or stderr
// and draws it only between whole lines of output, so the program's output and the
// findings never share its line; `out` must stay open until finish(). Cycles are the run's global
// cycles so far, tokens the transfers of every network, the rate their average since the first
// cycle. Its observer only counts cycles, and looks at the clock once per 1024 of them.
#pragma once

#include "sim/circuit.h"
#include "sim/observer.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace loom::terminal {

class Progress {
public:
  enum class Mode { Auto, Always, Never }; // Auto: only when `out` is a terminal

  explicit Progress(std::FILE* out = stderr, Mode mode = Mode::Auto,
                    std::chrono::milliseconds interval = std::chrono::milliseconds(200));
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }
  // The observer to attach to the engine of the network that owns `circuit`.
  sim::CycleObserver& addNetwork(const sim::Circuit& circuit);
  // Erases the line (if one was drawn). Nothing is drawn afterwards.
  void finish();

  // The text of the line for the current counts.
  std::string line() const;

private:
  class NetObserver;
  using Clock = std::chrono::steady_clock;

  void cycleDone();
  void maybeDraw();
  uint64_t tokens() const;

  std::FILE* out_;
  bool enabled_;
  std::chrono::milliseconds interval_;
  std::vector<std::unique_ptr<NetObserver>> nets_;
  std::vector<const sim::Circuit*> circuits_;
  uint64_t cycles_ = 0;
  Clock::time_point start_, lastDraw_;
  bool started_ = false;
  bool drawn_ = false;
};

} // namespace loom::terminal
