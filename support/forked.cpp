#include "support/forked.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace loom {

namespace {

using Clock = std::chrono::steady_clock;

struct Child {
  size_t job = 0;
  pid_t pid = -1;
  int fd = -1; // the read end of its pipe
  std::string text;
  Clock::time_point started;
  bool timedOut = false;
};

void writeAll(int fd, const std::string& s) {
  size_t at = 0;
  while (at < s.size()) {
    ssize_t n = ::write(fd, s.data() + at, s.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    at += static_cast<size_t>(n);
  }
}

bool start(const std::function<std::string()>& job, size_t index, Child& c) {
  int fds[2];
  if (::pipe(fds) != 0) return false;
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]), ::close(fds[1]);
    return false;
  }
  if (pid == 0) {
    ::close(fds[0]);
    int code = 0;
    try {
      writeAll(fds[1], job());
    } catch (...) {
      code = 3;
    }
    ::close(fds[1]);
    ::_exit(code);
  }
  ::close(fds[1]);
  c = Child{index, pid, fds[0], "", Clock::now(), false};
  return true;
}

ForkedResult finish(Child& c) {
  ::close(c.fd);
  int status = 0;
  while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  ForkedResult r;
  if (c.timedOut)
    r.why = "ran out of its time";
  else if (WIFSIGNALED(status))
    r.why = "killed by signal " + std::to_string(WTERMSIG(status));
  else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    r.why = "exited with " + std::to_string(WEXITSTATUS(status));
  else
    r.ok = true, r.text = std::move(c.text);
  return r;
}

} // namespace

std::vector<ForkedResult> runForked(const std::vector<std::function<std::string()>>& jobs,
                                    unsigned parallel, double limitSeconds) {
  std::vector<ForkedResult> out(jobs.size());
  std::cout.flush(), std::cerr.flush(), std::fflush(nullptr);
  if (parallel == 0) parallel = 1;
  std::vector<Child> running;
  size_t next = 0;
  while (next < jobs.size() || !running.empty()) {
    while (next < jobs.size() && running.size() < parallel) {
      Child c;
      if (start(jobs[next], next, c))
        running.push_back(c);
      else
        out[next].why = "could not start a process";
      ++next;
    }
    if (running.empty()) continue;
    std::vector<pollfd> fds;
    for (const Child& c : running)
      fds.push_back({c.fd, POLLIN, 0});
    ::poll(fds.data(), fds.size(), 50);
    char buf[65536];
    for (size_t i = running.size(); i-- > 0;) {
      Child& c = running[i];
      bool closed = false;
      if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) {
        ssize_t n = ::read(c.fd, buf, sizeof buf);
        if (n > 0)
          c.text.append(buf, static_cast<size_t>(n));
        else if (n == 0 || errno != EINTR)
          closed = true;
      }
      double age = std::chrono::duration<double>(Clock::now() - c.started).count();
      if (!closed && limitSeconds > 0 && age > limitSeconds) {
        ::kill(c.pid, SIGKILL);
        c.timedOut = closed = true;
      }
      if (!closed) continue;
      out[c.job] = finish(c);
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
  return out;
}

} // namespace loom
