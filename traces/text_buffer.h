// TextBuffer: a growable byte buffer for writers that emit millions of short lines.
// The caller asks for room for a whole event once, writes through a raw pointer with
// no further checks, and commits where it stopped; std::string's per-append capacity
// checks and calls cost more than the writing itself at that rate.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

namespace loom::traces {

class TextBuffer {
public:
  explicit TextBuffer(size_t capacity = 1 << 12) { grow(capacity); }

  // A pointer with at least `n` writable bytes after it.
  char* room(size_t n) {
    if (static_cast<size_t>(cap_ - end_) < n) grow(n);
    return end_;
  }
  // The bytes up to `p` (a pointer from room(), advanced) are now part of the text.
  void commit(char* p) { end_ = p; }

  void append(std::string_view s) {
    char* p = room(s.size());
    std::memcpy(p, s.data(), s.size());
    end_ = p + s.size();
  }

  const char* data() const { return buf_.get(); }
  size_t size() const { return static_cast<size_t>(end_ - buf_.get()); }
  bool empty() const { return end_ == buf_.get(); }
  void clear() { end_ = buf_.get(); }
  std::string_view view() const { return {data(), size()}; }
  void swap(TextBuffer& o) noexcept {
    buf_.swap(o.buf_);
    std::swap(end_, o.end_);
    std::swap(cap_, o.cap_);
  }

private:
  void grow(size_t need) {
    size_t used = buf_ ? size() : 0;
    size_t cap = buf_ ? static_cast<size_t>(cap_ - buf_.get()) : 0;
    size_t next = cap ? cap * 2 : 64;
    while (next < used + need)
      next *= 2;
    std::unique_ptr<char[]> bigger(new char[next]);
    if (used) std::memcpy(bigger.get(), buf_.get(), used);
    buf_ = std::move(bigger);
    end_ = buf_.get() + used;
    cap_ = buf_.get() + next;
  }

  std::unique_ptr<char[]> buf_;
  char* end_ = nullptr;
  char* cap_ = nullptr;
};

} // namespace loom::traces
