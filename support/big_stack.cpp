#include "support/big_stack.h"

#include <atomic>
#include <exception>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace loom {
namespace {

thread_local bool onLargeStack = false;
std::atomic<size_t> highWater{0};

struct Job {
  const std::function<void()>* fn;
  std::exception_ptr error;
};

// The bytes between the top of this thread's stack and its lowest page ever touched
// (resident): the stack grows down, and pages are made resident only when touched.
size_t stackPagesTouched() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* base = nullptr;
  size_t size = 0;
  int rc = pthread_attr_getstack(&attr, &base, &size);
  pthread_attr_destroy(&attr);
  long page = sysconf(_SC_PAGESIZE);
  if (rc != 0 || page <= 0) return 0;
  std::vector<unsigned char> resident((size + page - 1) / page);
  if (mincore(base, size, resident.data()) != 0) return 0;
  for (size_t i = 0; i < resident.size(); ++i)
    if (resident[i] & 1) return size - i * static_cast<size_t>(page);
  return 0;
}

void* trampoline(void* p) {
  auto* job = static_cast<Job*>(p);
  onLargeStack = true;
  try {
    (*job->fn)();
  } catch (...) {
    job->error = std::current_exception();
  }
  highWater = stackPagesTouched();
  return nullptr;
}

} // namespace

void runOnLargeStack(const std::function<void()>& fn, size_t bytes) {
  if (onLargeStack) {
    fn();
    return;
  }
  Job job{&fn, nullptr};
  pthread_attr_t attr;
  pthread_t th;
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&th, &attr, trampoline, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    highWater = 0;
    fn();
    return;
  }
  pthread_join(th, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

size_t largeStackHighWater() {
  return highWater;
}

} // namespace loom
