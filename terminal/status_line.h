// StatusLine: the one place that knows whether a status line (the progress line,
// progress.h) is up on the terminal, and the only way to draw one.
//
// A status line is text without a newline, redrawn in place ("\r" text "\033[K"). Any
// other output written while it is up would land on its line. So:
// - the first time a line is shown, std::cout and std::cerr are routed through a guard
//   (their own stream buffer behind it) that erases the line before any byte of theirs
//   reaches a terminal. Everything loom-sim prints goes through them: the program's
//   output (vector.print, printMemref), diagnostics, findings, the summary, spdlog
//   (cli/main.cpp logs to std::cerr) and SystemC's reports;
// - a line is drawn only after stdout is flushed, and never while a terminal stream's
//   last byte is not a newline (the "\r" would overwrite that partial line).
// Output to a stream that is not a terminal (stdout redirected to a file) cannot share
// the terminal's line, so it leaves the status line up.
//
// Single-threaded, as the simulation that draws the line is.
#pragma once

#include <cstdio>
#include <string>

namespace loom::terminal {

class StatusLine {
public:
  // Draws `text` as the status line on `out` (replacing the one up, if any), unless a
  // terminal stream holds a partial line. Returns whether it was drawn.
  static bool show(std::FILE* out, const std::string& text);
  // Erases the status line, if one is up.
  static void clear();
  static bool up();
  // Routes std::cout and std::cerr through the guard (show() does it; idempotent).
  static void guardStreams();
};

} // namespace loom::terminal
