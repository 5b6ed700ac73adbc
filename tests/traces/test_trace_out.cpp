// TraceOut: a trace file holds exactly the text written, whichever way it went out
// (direct asynchronous writes on a regular file, write(2) elsewhere, a stream), and
// errors come back from close().
#include "traces/trace_out.h"
#include "traces/tracer.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

using namespace loom::traces;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("loom_trace_out_" + std::to_string(getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

// Writes events of mixed sizes as the trace writers do (room for an event, part of it
// used, poll between events), and returns the text written. Sizes cross block ends,
// the ring of buffers several times, and ask for more room than a buffer has.
std::string writeEvents(TraceOut& out, size_t total, uint32_t seed) {
  std::mt19937 rng(seed);
  std::string expect;
  size_t k = 0;
  while (expect.size() < total) {
    size_t n;
    switch (rng() % 16) {
    case 0: n = TraceOut::kBlock * 3 + rng() % 5000; break; // bigger than any buffer
    case 1: n = 4096 - expect.size() % 4096; break;         // ends on an aligned offset
    default: n = 1 + rng() % 200; break;
    }
    const size_t asked = n + rng() % 64;
    char* p = out.room(asked);
    for (size_t i = 0; i < n; ++i, ++k)
      p[i] = static_cast<char>('a' + (k * 7 + k / 4099) % 26);
    expect.append(p, n);
    out.commit(p + n);
    if (rng() % 3) out.poll();
  }
  return expect;
}

} // namespace

TEST_CASE("a trace file holds exactly the text written to it", "[trace_out]") {
  TempDir dir;
  const fs::path file = dir.path / "t.txt";
  for (size_t total : {size_t{0}, size_t{1}, size_t{4096}, TraceOut::kBlock, TraceOut::kBlock + 1,
                       size_t{23} << 20}) {
    DYNAMIC_SECTION("about " << total << " bytes") {
      std::string why;
      auto out = TraceOut::create(file.string(), why);
      REQUIRE(out);
      CHECK(why.empty());
      // Direct I/O is what makes big traces cheap; some file systems refuse it, and
      // then the same bytes go out with write(2).
      if (!out->direct()) WARN("no direct I/O in " << dir.path << ": the write(2) path is tested");
      std::string expect = total ? writeEvents(*out, total, static_cast<uint32_t>(total)) : "";
      CHECK(out->size() == expect.size());
      CHECK_FALSE(out->close());
      CHECK(out->size() == expect.size());
      CHECK(fs::file_size(file) == expect.size());
      CHECK(slurp(file) == expect);
    }
  }
}

TEST_CASE("a trace stream gets the same text as a trace file", "[trace_out]") {
  TempDir dir;
  std::ostringstream text;
  std::string expect;
  {
    TraceOut out(text);
    expect = writeEvents(out, 5 << 20, 7);
    CHECK_FALSE(out.direct());
  } // closed by its destructor
  CHECK(text.str() == expect);
  std::string why;
  auto out = TraceOut::create((dir.path / "t.txt").string(), why);
  REQUIRE(out);
  CHECK(writeEvents(*out, 5 << 20, 7) == expect);
  CHECK_FALSE(out->close());
  CHECK(slurp(dir.path / "t.txt") == expect);
}

TEST_CASE("an existing trace file is cut to the new text", "[trace_out]") {
  TempDir dir;
  const fs::path file = dir.path / "t.txt";
  std::ofstream(file) << std::string(3 << 20, 'z');
  std::string why;
  auto out = TraceOut::create(file.string(), why);
  REQUIRE(out);
  out->append("short\n");
  CHECK_FALSE(out->close());
  CHECK(slurp(file) == "short\n");
}

TEST_CASE("trace files that cannot be created or written say why", "[trace_out]") {
  std::string why;
  CHECK_FALSE(TraceOut::create("/nonexistent/dir/t.vcd", why));
  CHECK(why == std::strerror(ENOENT));

  if (!fs::exists("/dev/full")) return;
  // Every write to /dev/full fails with ENOSPC: the run goes on, close() reports it.
  auto out = TraceOut::create("/dev/full", why);
  REQUIRE(out);
  writeEvents(*out, 3 << 20, 1);
  auto err = out->close();
  REQUIRE(err);
  CHECK(*err == std::strerror(ENOSPC));
  CHECK(out->close() == err); // asked again: the same answer

  Tracer tracer(TraceOptions{"", "", "/dev/full", false, false, ""});
  REQUIRE_FALSE(tracer.open());
  auto finish = tracer.finish(); // the token log's header alone cannot be written
  REQUIRE(finish);
  CHECK(*finish == "cannot write the token log '/dev/full': " + std::string(std::strerror(ENOSPC)));
}
