#include "traces/trace_out.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/aio_abi.h>
#include <sys/syscall.h>
#endif

namespace loom::traces {

namespace {

std::string errorText(int e) {
  return std::strerror(e);
}

size_t roundUp(size_t n, size_t to) {
  return (n + to - 1) / to * to;
}

} // namespace

namespace {

// Copies the text out (to a stream, or with write(2)) and refills one buffer.
class CopySink : public TraceOut::Sink {
public:
  Span start() override {
    reserve(TraceOut::kBlock + TraceOut::kSlack);
    return span();
  }
  Span handOn(size_t used, size_t need, bool, size_t& handed) override {
    if (used) put(buf_.get(), used);
    handed = used;
    reserve(need);
    return span();
  }

protected:
  virtual void put(const char* p, size_t n) = 0;

private:
  void reserve(size_t n) { // the buffer is empty here
    if (n <= cap_) return;
    buf_.reset(new char[n]);
    cap_ = n;
  }
  Span span() { return {buf_.get(), buf_.get() + cap_}; }

  std::unique_ptr<char[]> buf_;
  size_t cap_ = 0;
};

class StreamSink final : public CopySink {
public:
  explicit StreamSink(std::ostream& out) : out_(out) {}
  std::optional<std::string> close() override {
    out_.flush();
    if (!out_) return std::string("the output stream failed");
    return std::nullopt;
  }

private:
  void put(const char* p, size_t n) override { out_.write(p, static_cast<std::streamsize>(n)); }
  std::ostream& out_;
};

class FdSink final : public CopySink {
public:
  explicit FdSink(int fd) : fd_(fd) {}
  ~FdSink() override {
    if (fd_ >= 0) ::close(fd_);
  }
  std::optional<std::string> close() override {
    if (::close(fd_) != 0 && !error_) error_ = errorText(errno);
    fd_ = -1;
    return error_;
  }

private:
  void put(const char* p, size_t n) override {
    while (n > 0 && !error_) {
      ssize_t k = ::write(fd_, p, n);
      if (k < 0) {
        if (errno != EINTR) error_ = errorText(errno);
        continue;
      }
      p += k;
      n -= static_cast<size_t>(k);
    }
  }

  int fd_;
  std::optional<std::string> error_; // the first; later text is dropped
};

#ifdef __linux__

// Files being written directly, for a run killed by SIGINT, SIGTERM or SIGHUP (Ctrl-C
// on a run that hangs, to look at the waveform): the handler waits for the writes in
// flight (io_destroy) and cuts each file after its text known to be written, instead
// of leaving the zeros of the room grown ahead. Only system calls, on values each an
// atomic of its own, so it is safe in a handler. The last few MiB of text are lost, as
// the text still in a buffer always was.
struct DirectFile {
  std::atomic<int> fd{-1};
  std::atomic<aio_context_t> ctx{0};
  std::atomic<off_t> written{0}; // the file's text is whole up to here
};
DirectFile gDirectFiles[16];

extern "C" void cutDirectFiles(int sig) {
  for (DirectFile& f : gDirectFiles) {
    int fd = f.fd.load();
    if (fd < 0) continue;
    if (aio_context_t ctx = f.ctx.load()) syscall(SYS_io_destroy, ctx);
    if (::ftruncate(fd, f.written.load()) != 0) continue; // nothing better to do here
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// The handler goes in once, for the signals nobody else handles.
void installCutOnSignals() {
  static const bool once = [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_DFL) {
        struct sigaction sa {};
        sa.sa_handler = cutDirectFiles;
        sigemptyset(&sa.sa_mask);
        ::sigaction(sig, &sa, nullptr);
      }
    }
    return true;
  }();
  (void)once;
}

DirectFile* registerDirectFile(int fd, aio_context_t ctx) {
  installCutOnSignals();
  for (DirectFile& f : gDirectFiles) {
    int free = -1;
    if (f.fd.load() != -1) continue;
    f.written.store(0);
    f.ctx.store(ctx);
    if (f.fd.compare_exchange_strong(free, fd)) return &f;
  }
  return nullptr; // more files than slots: those are not cut on a signal
}

// Direct, asynchronous writes of a regular file (see trace_out.h). Every write starts at
// a multiple of kAlign, has a length that is one, and comes from memory aligned to it:
// what O_DIRECT asks (4096 covers every logical block size in use).
class DirectSink final : public TraceOut::Sink {
public:
  static constexpr size_t kAlign = 4096;
  static constexpr int kBuffers = 4;
  static constexpr off_t kGrowBy = off_t{8} << 20;

  explicit DirectSink(int fd) : fd_(fd) {
    aio_ = syscall(SYS_io_setup, kBuffers, &ctx_) == 0;
    cut_ = registerDirectFile(fd_, aio_ ? ctx_ : 0);
  }
  ~DirectSink() override {
    for (Buffer& b : bufs_) {
      wait(b); // the kernel may still read it
      std::free(b.data);
    }
    unregister();
    if (aio_) syscall(SYS_io_destroy, ctx_);
    if (fd_ >= 0) ::close(fd_);
  }

  Span start() override {
    reserve(bufs_[0], 0, TraceOut::kBlock + TraceOut::kSlack);
    return span(bufs_[0]);
  }

  Span handOn(size_t used, size_t need, bool last, size_t& handed) override {
    Buffer& b = bufs_[cur_];
    size_t n = last ? roundUp(used, kAlign) : used / kAlign * kAlign;
    if (n == 0) { // less than one aligned block: keep it, make room
      handed = 0;
      reserve(b, used, used + need);
      return span(b);
    }
    if (last) std::memset(b.data + used, 0, n - used); // close() cuts it off again
    const size_t rest = last ? 0 : used - n;
    handed = used - rest;
    length_ += static_cast<off_t>(handed);
    write(b, n);
    if (last) return span(b); // not written to again
    cur_ = (cur_ + 1) % kBuffers;
    Buffer& next = bufs_[cur_];
    wait(next);
    reserve(next, 0, std::max(rest + need, TraceOut::kBlock + TraceOut::kSlack));
    std::memcpy(next.data, b.data + n, rest); // b is being written, but not these bytes
    return span(next);
  }

  std::optional<std::string> close() override {
    for (Buffer& b : bufs_)
      wait(b);
    unregister();
    // Drops the padding of the last block and the room grown ahead.
    if (::ftruncate(fd_, length_) != 0) fail(errno);
    if (::close(fd_) != 0) fail(errno);
    fd_ = -1;
    return error_;
  }

  bool direct() const override { return direct_; }

private:
  struct Buffer {
    char* data = nullptr;
    size_t cap = 0;
    bool busy = false; // a write from it is in flight
    iocb cb{};
  };

  static Span span(Buffer& b) { return {b.data, b.data + b.cap}; }

  // Room for `n` bytes in `b` (not busy), keeping its first `keep` bytes.
  static void reserve(Buffer& b, size_t keep, size_t n) {
    if (n <= b.cap) return;
    size_t cap = roundUp(n, kAlign);
    char* data = static_cast<char*>(std::aligned_alloc(kAlign, cap));
    if (!data) throw std::bad_alloc();
    if (keep) std::memcpy(data, b.data, keep);
    std::free(b.data);
    b.data = data;
    b.cap = cap;
  }

  // What a signal handler may keep of the file: everything before the oldest write in
  // flight, or all that was written.
  void publishWritten() {
    if (!cut_) return;
    off_t whole = off_;
    for (const Buffer& b : bufs_)
      if (b.busy) whole = std::min(whole, static_cast<off_t>(b.cb.aio_offset));
    cut_->written.store(std::min(whole, length_));
  }
  void unregister() {
    if (cut_) cut_->fd.store(-1);
    cut_ = nullptr;
  }

  // The first `n` bytes of `b`, at off_.
  void write(Buffer& b, size_t n) {
    if (error_) return;
    const off_t at = off_;
    off_ += static_cast<off_t>(n);
    growAhead();
    if (aio_ && direct_) {
      b.cb = iocb{};
      b.cb.aio_data = static_cast<uint64_t>(&b - bufs_);
      b.cb.aio_lio_opcode = IOCB_CMD_PWRITE;
      b.cb.aio_fildes = static_cast<uint32_t>(fd_);
      b.cb.aio_buf = reinterpret_cast<uint64_t>(b.data);
      b.cb.aio_nbytes = n;
      b.cb.aio_offset = at;
      iocb* list[1] = {&b.cb};
      if (syscall(SYS_io_submit, ctx_, 1, list) == 1) {
        b.busy = true;
        return;
      }
      aio_ = false; // refused: synchronous from now on
    }
    writeNow(b.data, n, at);
    publishWritten();
  }

  // The file is kept longer than what is written, so that no direct write extends it.
  void growAhead() {
    if (!grow_ || off_ <= allocated_) return;
    const off_t to = (off_ + kGrowBy - 1) / kGrowBy * kGrowBy;
    if (::fallocate(fd_, 0, allocated_, to - allocated_) == 0)
      allocated_ = to;
    else
      grow_ = false; // not supported here: writes extend the file, synchronously
  }

  // Direct I/O refused after all (alignment): the page cache it is, synchronously.
  void dropDirect() {
    direct_ = false;
    aio_ = false;
    int flags = ::fcntl(fd_, F_GETFL);
    if (flags < 0 || ::fcntl(fd_, F_SETFL, flags & ~O_DIRECT) != 0) fail(errno);
  }

  void writeNow(const char* p, size_t n, off_t at) {
    while (n > 0 && !error_) {
      ssize_t k = ::pwrite(fd_, p, n, at);
      if (k < 0) {
        if (errno == EINVAL && direct_)
          dropDirect();
        else if (errno != EINTR)
          fail(errno);
        continue;
      }
      p += k;
      at += k;
      n -= static_cast<size_t>(k);
    }
  }

  void wait(Buffer& b) {
    while (b.busy) {
      io_event done[kBuffers];
      long k = syscall(SYS_io_getevents, ctx_, 1, kBuffers, done, nullptr);
      if (k < 0) {
        if (errno == EINTR) continue;
        fail(errno);
        for (Buffer& d : bufs_) // nothing more can be learnt of them
          d.busy = false;
        return;
      }
      for (long i = 0; i < k; ++i)
        finished(bufs_[done[i].data], done[i].res);
      publishWritten();
    }
  }

  void finished(Buffer& b, int64_t res) {
    b.busy = false;
    const uint64_t n = b.cb.aio_nbytes;
    if (res == static_cast<int64_t>(n)) return;
    if (res < 0 && -res == EINVAL && !error_) {
      dropDirect();
      writeNow(b.data, n, static_cast<off_t>(b.cb.aio_offset));
      return;
    }
    if (res < 0)
      fail(static_cast<int>(-res));
    else if (!error_)
      error_ = "wrote " + std::to_string(res) + " of " + std::to_string(n) + " bytes";
  }

  void fail(int e) {
    if (!error_) error_ = errorText(e);
  }

  int fd_;
  bool direct_ = true; // O_DIRECT still set
  bool aio_ = false;   // kernel AIO available and not refused
  bool grow_ = true;   // fallocate() works here
  aio_context_t ctx_ = 0;
  DirectFile* cut_ = nullptr; // its slot for the signal handler
  Buffer bufs_[kBuffers];
  int cur_ = 0;
  off_t off_ = 0;                    // where the next write goes
  off_t length_ = 0;                 // text handed on
  off_t allocated_ = 0;              // the file's length as grown ahead
  std::optional<std::string> error_; // the first; later text is dropped
};

#endif

} // namespace

TraceOut::TraceOut(std::ostream& out) : TraceOut(std::make_unique<StreamSink>(out)) {}

TraceOut::TraceOut(std::unique_ptr<Sink> sink) : sink_(std::move(sink)) {
  Sink::Span s = sink_->start();
  begin_ = end_ = s.begin;
  cap_ = s.cap;
}

std::unique_ptr<TraceOut> TraceOut::create(const std::string& path, std::string& error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    error = errorText(errno);
    return nullptr;
  }
#ifdef __linux__
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_DIRECT) == 0)
      return std::unique_ptr<TraceOut>(new TraceOut(std::make_unique<DirectSink>(fd)));
  }
#endif
  return std::unique_ptr<TraceOut>(new TraceOut(std::make_unique<FdSink>(fd)));
}

TraceOut::~TraceOut() {
  close();
}

void TraceOut::handOn(size_t need) {
  const size_t used = static_cast<size_t>(end_ - begin_);
  size_t handed = 0;
  Sink::Span s = sink_->handOn(used, need, false, handed);
  handed_ += handed;
  begin_ = s.begin;
  end_ = begin_ + (used - handed);
  cap_ = s.cap;
}

std::optional<std::string> TraceOut::close() {
  if (closed_) return error_;
  closed_ = true;
  size_t handed = 0;
  sink_->handOn(static_cast<size_t>(end_ - begin_), 0, true, handed);
  handed_ += handed;
  begin_ = end_ = cap_ = nullptr;
  error_ = sink_->close();
  return error_;
}

bool TraceOut::direct() const {
  return sink_->direct();
}

std::unique_ptr<TraceOut> TraceOut::withSink(std::unique_ptr<Sink> sink) {
  return std::unique_ptr<TraceOut>(new TraceOut(std::move(sink)));
}

void TraceOut::declareEnum(std::string_view code, const std::vector<std::string>& names) {
  sink_->declareEnum(code, names);
}

} // namespace loom::traces
