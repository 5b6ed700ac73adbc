// Runs a function on a thread with a large stack and waits for it. Recursive code over
// user-controlled nesting (MLIR's parser and verifier, destruction of nested IR) gets
// room for kMaxNestingDepth levels and more; the stack is virtual memory, only the
// pages used are ever touched.
#pragma once

#include <cstddef>
#include <functional>

namespace loom {

constexpr size_t kLargeStackBytes = size_t(1) << 30; // 1 GiB

// Calls fn() on a fresh thread with `bytes` of stack; if such a thread cannot be made,
// calls it on the current one. Exceptions thrown by fn are rethrown here.
void runOnLargeStack(const std::function<void()>& fn, size_t bytes = kLargeStackBytes);

} // namespace loom
