// TraceOut: the text of a trace file (VCD, token log) on its way out.
//
// Writers fill it like a TextBuffer (room() for a whole event, a raw pointer, commit())
// and call poll() between events; about every kBlock bytes the text is handed on.
//
// A trace of a long run is gigabytes, written once and read later. Copied into the page
// cache, it costs more system time than the simulation takes (fresh page-cache pages are
// expensive, on a VM most of all; docs/performance.md has the figures). So for a regular
// file on Linux the text goes from these buffers straight to the disk (O_DIRECT), and
// asynchronously (kernel AIO), while the run goes on: a few buffers take turns, one
// being filled while the others are written. ext4 waits for a direct write that extends
// the file, so the file is grown ahead of the writes (fallocate) and cut to its length
// by close(). A run killed by SIGINT, SIGTERM or SIGHUP has its files cut after the text
// known to be written (the last few MiB are lost, as text still in a buffer always
// was); one killed by SIGKILL keeps up to 8 MiB of zero bytes after its text. Where any of that is
// refused (not Linux, a pipe, /dev/null, a file system without direct I/O) the text goes out with
// plain write(2), same bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace loom::traces {

class TraceOut {
public:
  static constexpr size_t kBlock = size_t{1} << 20;
  // Room past a block for the event that crosses its end.
  static constexpr size_t kSlack = size_t{256} << 10;

  // Hands the text to `out` (tests, string streams); `out` must outlive this object.
  explicit TraceOut(std::ostream& out);
  // Creates (or truncates) the file at `path`; nullptr and `error` set if it cannot.
  static std::unique_ptr<TraceOut> create(const std::string& path, std::string& error);
  class Sink;
  // Hands the text to a sink of the caller's (traces/fst.h turns it into FST).
  static std::unique_ptr<TraceOut> withSink(std::unique_ptr<Sink> sink);
  ~TraceOut();
  TraceOut(const TraceOut&) = delete;
  TraceOut& operator=(const TraceOut&) = delete;

  // A pointer with at least `n` writable bytes after it, valid until the next room().
  char* room(size_t n) {
    if (static_cast<size_t>(cap_ - end_) < n) makeRoom(n);
    return end_;
  }
  // The bytes up to `p` (from room(), advanced) are now part of the text.
  void commit(char* p) { end_ = p; }
  void append(std::string_view s) {
    char* p = room(s.size());
    std::memcpy(p, s.data(), s.size());
    commit(p + s.size());
  }
  // Hands a full block on, if there is one.
  void poll() {
    if (static_cast<size_t>(end_ - begin_) >= kBlock) handOn(0);
  }

  // All text so far, handed on or not.
  uint64_t size() const { return handed_ + static_cast<uint64_t>(end_ - begin_); }
  // Hands on the rest and closes the file (a stream is flushed). Returns why not all of
  // the text could be written, if it could not. Nothing may be written afterwards.
  std::optional<std::string> close();
  // The text goes to the disk directly (see above).
  bool direct() const;
  // The names of the values 0, 1, ... of the variable with identifier code `code`
  // (a state machine's phases), for a sink that can store them (FST's enum tables).
  void declareEnum(std::string_view code, const std::vector<std::string>& names);

private:
  explicit TraceOut(std::unique_ptr<Sink> sink);
  void makeRoom(size_t n) { handOn(n); }
  void handOn(size_t need);

  std::unique_ptr<Sink> sink_;
  char* begin_ = nullptr;
  char* end_ = nullptr;
  char* cap_ = nullptr;
  uint64_t handed_ = 0;
  bool closed_ = false;
  std::optional<std::string> error_; // close()'s answer
};

// Where the text goes: a file, a stream, a converter.
class TraceOut::Sink {
public:
  struct Span {
    char* begin;
    char* cap;
  };
  virtual ~Sink() = default;
  // The buffer to write in first.
  virtual Span start() = 0;
  // The text is the first `used` bytes of the span last returned. Hands on a prefix of
  // it (all of it when `last`), says how much in `handed`, and returns the span to go
  // on in: it starts with the bytes not handed on, and has `need` bytes of room after
  // them.
  virtual Span handOn(size_t used, size_t need, bool last, size_t& handed) = 0;
  // After the last handOn(): the first error, if any.
  virtual std::optional<std::string> close() = 0;
  virtual bool direct() const { return false; }
  virtual void declareEnum(std::string_view, const std::vector<std::string>&) {}
};

} // namespace loom::traces
