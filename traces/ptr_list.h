// PtrList: a list of pointers with a fixed capacity, for the per-cycle lists of the
// tracers' hot paths. std::vector::push_back does not inline well enough there (its
// growth path comes along); these lists can never hold more than one entry per
// channel or op, so their capacity is known and a push is one store.
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>

namespace loom::traces {

template <class T> class PtrList {
public:
  // Keeps the entries; capacity only grows.
  void reserve(size_t capacity) {
    if (capacity <= capacity_) return;
    std::unique_ptr<T*[]> bigger(new T*[capacity]);
    for (size_t i = 0; i < size_; ++i)
      bigger[i] = items_[i];
    items_ = std::move(bigger);
    capacity_ = capacity;
  }
  void push(T* p) {
    assert(size_ < capacity_);
    items_[size_++] = p;
  }
  T* const* begin() const { return items_.get(); }
  T* const* end() const { return items_.get() + size_; }
  T*& operator[](size_t i) { return items_[i]; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  // The entries as an array of capacity() slots: fill some past size(), then resize().
  T** data() { return items_.get(); }
  void resize(size_t n) {
    assert(n <= capacity_);
    size_ = n;
  }

private:
  std::unique_ptr<T*[]> items_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

} // namespace loom::traces
