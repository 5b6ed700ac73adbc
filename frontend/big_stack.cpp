#include "frontend/big_stack.h"

#include <exception>
#include <pthread.h>

namespace loom {
namespace {

struct Job {
  const std::function<void()>* fn;
  std::exception_ptr error;
};

void* trampoline(void* p) {
  auto* job = static_cast<Job*>(p);
  try {
    (*job->fn)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

} // namespace

void runOnLargeStack(const std::function<void()>& fn, size_t bytes) {
  Job job{&fn, nullptr};
  pthread_attr_t attr;
  pthread_t th;
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&th, &attr, trampoline, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    fn();
    return;
  }
  pthread_join(th, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

} // namespace loom
