// Running another program (support/process.h): posix_spawnp with its stdout and stderr
// in temporary files, which need no poll loop however much either stream holds.
#include "support/process.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loom {

namespace {

// A temporary file, removed when this goes.
struct TempFile {
  std::string path = "/tmp/loom-sim-process-XXXXXX";
  int fd = -1;
  TempFile() { fd = ::mkstemp(path.data()); }
  ~TempFile() {
    if (fd >= 0) ::close(fd), std::remove(path.c_str());
  }
  std::string text() const {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
  }
};

} // namespace

ProcessResult runProcess(const std::vector<std::string>& argv) {
  ProcessResult r;
  if (argv.empty()) return r.why = "no program named", r;
  TempFile out, err;
  if (out.fd < 0 || err.fd < 0) return r.why = "cannot make a temporary file", r;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.fd, STDERR_FILENO);
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int e = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (e != 0) return r.why = e == ENOENT ? "not found" : std::strerror(e), r;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  r.started = true;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = out.text();
  r.err = err.text();
  return r;
}

} // namespace loom
