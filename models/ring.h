// Ring: a FIFO of at most `capacity` elements in one fixed array, for the queues that
// models keep per cycle (a compute pipeline, a memory port's requests). Nothing is
// allocated after construction, and the elements stay in one cache-friendly block,
// unlike std::deque. Pushing into a full ring is a bug (asserted).
#pragma once

#include <cassert>
#include <cstddef>
#include <vector>

namespace loom::models {

template <class T> class Ring {
public:
  explicit Ring(size_t capacity = 0) : slots_(capacity) {}

  size_t capacity() const { return slots_.size(); }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // i-th element from the oldest (i < size()).
  T& operator[](size_t i) { return slots_[wrap(head_ + i)]; }
  const T& operator[](size_t i) const { return slots_[wrap(head_ + i)]; }
  T& front() { return slots_[head_]; }
  const T& front() const { return slots_[head_]; }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  void push_back(const T& v) {
    assert(size_ < slots_.size() && "push into a full ring");
    slots_[wrap(head_ + size_)] = v;
    ++size_;
  }
  void pop_front() {
    assert(size_ > 0);
    head_ = wrap(head_ + 1);
    --size_;
  }
  void pop_back() {
    assert(size_ > 0);
    --size_;
  }

private:
  // i < 2 * capacity() everywhere above, so one subtraction wraps it.
  size_t wrap(size_t i) const { return i >= slots_.size() ? i - slots_.size() : i; }

  std::vector<T> slots_;
  size_t head_ = 0, size_ = 0;
};

} // namespace loom::models
