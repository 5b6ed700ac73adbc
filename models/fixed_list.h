// FixedList: a list of at most `capacity` elements in one array sized once, for the
// lists an engine fills and clears every cycle (the channels that moved, the ops woken).
// Unlike std::vector::push_back, append() has no growth path, so the loops that call it
// keep their values in registers instead of saving them around a possible reallocation.
// Appending past the capacity is a bug (asserted).
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>
#include <utility>

namespace loom::models {

template <class T> class FixedList {
public:
  FixedList() = default;
  explicit FixedList(size_t capacity) { reset(capacity); }

  // Empties the list and makes room for `capacity` elements.
  void reset(size_t capacity) {
    items_.reset(new T[capacity > 0 ? capacity : 1]);
    capacity_ = capacity;
    size_ = 0;
  }
  void push_back(const T& v) {
    assert(size_ < capacity_ && "FixedList: appended past its capacity");
    items_[size_++] = v;
  }
  void clear() { size_ = 0; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return capacity_; }
  T& operator[](size_t i) { return items_[i]; }
  const T& operator[](size_t i) const { return items_[i]; }
  T* begin() { return items_.get(); }
  T* end() { return items_.get() + size_; }
  const T* begin() const { return items_.get(); }
  const T* end() const { return items_.get() + size_; }
  T* data() { return items_.get(); }
  const T* data() const { return items_.get(); }
  // Swaps contents and capacities with `other` (an engine's current and next lists).
  void swap(FixedList& other) {
    items_.swap(other.items_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

private:
  std::unique_ptr<T[]> items_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

} // namespace loom::models
