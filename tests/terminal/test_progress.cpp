// The progress line: drawn in place on a terminal, erased at the end, silent otherwise;
// the status line it is drawn through (the pseudo-terminal test is cli.progress_tty).
#include "terminal/progress.h"
#include "terminal/status_line.h"
#include "tests/traces/fixture.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

using namespace loom;
using namespace loom::terminal;
using namespace loom::traces::test;

namespace {

std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string s;
  for (int c; (c = std::fgetc(f)) != EOF;)
    s.push_back(static_cast<char>(c));
  return s;
}

// A sum loop long enough for a few thousand cycles, with `p` attached. Returns the
// progress line at the end, read while the network is still alive (the line reads
// its counters).
std::string longRun(Progress& p) {
  SumRun run;
  run.tap->add(p.addNetwork(run.net.circuit()));
  run.call(0, 1500, 0, 1500 * 1499 / 2);
  return p.line();
}

} // namespace

TEST_CASE("progress draws a line in place and erases it", "[progress]") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f);
  {
    Progress p(f, Progress::Mode::Always, std::chrono::milliseconds(0));
    CHECK(p.enabled());
    CHECK(longRun(p).find(" cycles, ") != std::string::npos);
    p.finish();
  }
  std::string s = contents(f);
  std::fclose(f);
  // Redrawn (at most once per 1024 cycles), each time from the line's start.
  CHECK(s.rfind("\rloom-sim: 1,024 cycles, ", 0) == 0);
  CHECK(s.find("tokens/s\033[K") != std::string::npos);
  CHECK(s.find("\rloom-sim: 2,048 cycles, ") != std::string::npos);
  // Erased at the end.
  CHECK(s.size() > 6);
  CHECK(s.substr(s.size() - 4) == "\r\033[K");
}

TEST_CASE("progress is silent when the stream is not a terminal", "[progress]") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f);
  {
    Progress p(f, Progress::Mode::Auto, std::chrono::milliseconds(0)); // a file: no tty
    CHECK_FALSE(p.enabled());
    longRun(p);
    p.finish();
    Progress never(f, Progress::Mode::Never);
    CHECK_FALSE(never.enabled());
  }
  CHECK(contents(f).empty());
  std::fclose(f);
}

TEST_CASE("progress redraws at most once per interval", "[progress]") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f);
  {
    Progress p(f, Progress::Mode::Always, std::chrono::hours(1));
    longRun(p);
    p.finish();
  }
  // The first look at the clock is within the hour of the start: nothing drawn.
  CHECK(contents(f).empty());
  std::fclose(f);
}

TEST_CASE("the status line is drawn in place, erased once, and moved whole", "[progress]") {
  std::FILE* a = std::tmpfile();
  std::FILE* b = std::tmpfile();
  REQUIRE((a && b));
  CHECK_FALSE(StatusLine::up());
  CHECK(StatusLine::show(a, "one"));
  CHECK(StatusLine::show(a, "two"));
  CHECK(StatusLine::up());
  CHECK(StatusLine::show(b, "three")); // erased on a first
  StatusLine::clear();
  CHECK_FALSE(StatusLine::up());
  StatusLine::clear(); // nothing up: nothing written
  CHECK(contents(a) == "\rone\033[K\rtwo\033[K\r\033[K");
  CHECK(contents(b) == "\rthree\033[K\r\033[K");
  std::fclose(a);
  std::fclose(b);
}
