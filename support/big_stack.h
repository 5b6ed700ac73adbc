// Runs a function on a thread with a large stack and waits for it. Recursive code over
// user-controlled nesting (MLIR's parser and verifier, the importer, the interpreter, the
// printers, the destruction of nested IR) gets room for kMaxNestingDepth levels many
// times over; the stack is virtual memory, only the pages used are ever touched.
// loom-sim runs every command on one (cli/main.cpp); docs/design.md "Limits" gives the
// stack each stage uses per nesting level.
#pragma once

#include <cstddef>
#include <functional>

namespace loom {

constexpr size_t kLargeStackBytes = size_t(1) << 30; // 1 GiB

// Calls fn() on a fresh thread with `bytes` of stack; if such a thread cannot be made,
// calls it on the current one. Already on such a thread, calls it in place (the stack
// left is what it was given). Exceptions thrown by fn are rethrown here.
void runOnLargeStack(const std::function<void()>& fn, size_t bytes = kLargeStackBytes);

// The deepest the stack of the last outermost runOnLargeStack call went, in bytes (the
// pages of its stack ever touched, measured when fn returned); 0 if it could not be
// measured or ran on the caller's stack.
size_t largeStackHighWater();

} // namespace loom
