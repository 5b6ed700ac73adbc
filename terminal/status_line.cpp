#include "terminal/status_line.h"

#include <iostream>
#include <streambuf>
#include <unistd.h>

namespace loom::terminal {

namespace {

struct State {
  std::FILE* upOn = nullptr; // where the status line is up; null: nowhere
  bool partial = false;      // a terminal stream's last byte was not a newline
};

State& state() {
  static State s;
  return s;
}

// In front of std::cout's or std::cerr's own buffer: every byte passes here first (no
// buffer of its own, so none waits), and if the stream goes to a terminal, the status
// line is erased before it.
class Guard : public std::streambuf {
public:
  Guard(std::streambuf* inner, int fd) : inner_(inner), tty_(::isatty(fd) == 1) {}

protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    char ch = traits_type::to_char_type(c);
    before(&ch, 1);
    return inner_->sputc(ch);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n <= 0) return 0;
    before(s, n);
    return inner_->sputn(s, n);
  }
  int sync() override { return inner_->pubsync(); }

private:
  void before(const char* s, std::streamsize n) {
    if (!tty_) return; // a file or a pipe: not the terminal's line
    StatusLine::clear();
    state().partial = s[n - 1] != '\n';
  }

  std::streambuf* inner_;
  bool tty_;
};

} // namespace

void StatusLine::guardStreams() {
  static bool guarded = false;
  if (guarded) return;
  guarded = true;
  // Never destroyed: the streams are flushed at exit, after static objects are gone.
  std::cout.rdbuf(new Guard(std::cout.rdbuf(), STDOUT_FILENO));
  std::cerr.rdbuf(new Guard(std::cerr.rdbuf(), STDERR_FILENO));
}

bool StatusLine::show(std::FILE* out, const std::string& text) {
  guardStreams();
  State& s = state();
  if (s.partial) return false;
  // The program's output so far goes out before the line, never after it.
  std::cout.flush();
  std::fflush(stdout);
  if (s.upOn && s.upOn != out) clear();
  std::string line = "\r" + text + "\033[K";
  std::fwrite(line.data(), 1, line.size(), out);
  std::fflush(out);
  s.upOn = out;
  return true;
}

void StatusLine::clear() {
  State& s = state();
  if (!s.upOn) return;
  std::fputs("\r\033[K", s.upOn);
  std::fflush(s.upOn);
  s.upOn = nullptr;
}

bool StatusLine::up() {
  return state().upOn != nullptr;
}

} // namespace loom::terminal
