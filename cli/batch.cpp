#include "cli/batch.h"

#include "support/files.h"
#include "support/numbers.h"
#include "terminal/status_line.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace loom::cli {

namespace fs = std::filesystem;

namespace {

bool isKernelFile(const fs::path& p) {
  return p.extension() == ".mlir";
}

} // namespace

std::string firstError(const std::string& log, const std::string& otherwise) {
  std::istringstream in(log);
  std::string line, first;
  while (std::getline(in, line)) {
    if (line.find("error:") != std::string::npos) return line;
    if (first.empty()) first = line;
  }
  return otherwise.empty() ? first : otherwise;
}

std::optional<std::string> expandKernels(const std::vector<std::string>& args,
                                         std::vector<std::string>& kernels) {
  for (const std::string& a : args) {
    std::error_code ec;
    if (!fs::is_directory(a, ec)) {
      kernels.push_back(a); // a missing file is the run's own error ("cannot open file")
      continue;
    }
    std::vector<std::string> found;
    for (const fs::directory_entry& e : fs::directory_iterator(a, ec))
      if (e.is_regular_file() && isKernelFile(e.path())) found.push_back(e.path().string());
    if (ec) return "cannot read the directory '" + a + "': " + ec.message();
    if (found.empty()) return "the directory '" + a + "' holds no kernel (*.mlir)";
    std::sort(found.begin(), found.end());
    kernels.insert(kernels.end(), found.begin(), found.end());
  }
  return std::nullopt;
}

std::string kernelStem(const std::string& file) {
  std::string name = fs::path(file).filename().string();
  if (name.size() > 5 && name.compare(name.size() - 5, 5, ".mlir") == 0)
    name.resize(name.size() - 5);
  return name;
}

void to_json(nlohmann::json& j, const CallVerdict& c) {
  j = {{"name", c.name}, {"passed", c.passed}, {"detail", c.detail}, {"findings", c.findings}};
}
void from_json(const nlohmann::json& j, CallVerdict& c) {
  j.at("name").get_to(c.name);
  j.at("passed").get_to(c.passed);
  j.at("detail").get_to(c.detail);
  j.at("findings").get_to(c.findings);
}
void to_json(nlohmann::json& j, const KernelVerdict& k) {
  j = {{"summary", k.summary}, {"calls", k.calls}, {"findings", k.findings}};
}
void from_json(const nlohmann::json& j, KernelVerdict& k) {
  j.at("summary").get_to(k.summary);
  j.at("calls").get_to(k.calls);
  j.at("findings").get_to(k.findings);
}

const char* verdictWord(const KernelVerdict& k) {
  if (k.signal) return "CRASH";
  return k.exitCode == 0 ? "PASS " : k.exitCode == 1 ? "FAIL " : "ERROR";
}

std::string batchLines(const KernelVerdict& k, size_t fileWidth) {
  std::string what = k.summary;
  if (k.signal)
    what = std::string("killed by signal ") + std::to_string(k.signal) + " (" +
           strsignal(k.signal) + ")";
  else if (what.empty())
    what = k.exitCode == 0 ? "passed" : firstError(k.log);
  std::string file = k.file;
  file.resize(std::max(fileWidth, file.size()), ' ');
  std::string out = std::string(verdictWord(k)) + " " + file + "  " + what + "\n";
  if (k.exitCode == 0 && !k.signal) return out;
  std::istringstream in(k.log);
  for (std::string line; std::getline(in, line);)
    if (line != "loom-sim: " + k.summary && line != what) // what is on the line above
      out += "    " + line + "\n";
  return out;
}

std::string batchTotal(const std::vector<KernelVerdict>& all, double seconds) {
  size_t passed = 0, failed = 0, bad = 0;
  for (const KernelVerdict& k : all)
    ++(k.exitCode == 0 && !k.signal ? passed : k.exitCode == 2 ? bad : failed);
  return std::to_string(all.size()) + " kernel(s): " + std::to_string(passed) + " passed, " +
         std::to_string(failed) + " failed, " + std::to_string(bad) + " bad input, " +
         withCommas(static_cast<uint64_t>(seconds * 1000)) + " ms";
}

int worstExitCode(const std::vector<KernelVerdict>& all) {
  int worst = 0;
  for (const KernelVerdict& k : all)
    worst = std::max(worst, k.signal ? 1 : k.exitCode);
  return worst;
}

namespace {

struct Child {
  size_t item;
  std::chrono::steady_clock::time_point start;
};

// In the child: stdout to /dev/null, stderr to `errPath`; then the work, and out.
[[noreturn]] void childMain(size_t i, const std::string& errPath, const std::string& resultPath,
                            const std::function<int(size_t, const std::string&)>& work) {
  int devnull = ::open("/dev/null", O_WRONLY);
  int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (devnull < 0 || err < 0 || ::dup2(devnull, STDOUT_FILENO) < 0 ||
      ::dup2(err, STDERR_FILENO) < 0)
    ::_exit(2);
  ::close(devnull), ::close(err);
  int rc = 2;
  try {
    rc = work(i, resultPath);
  } catch (const std::exception& e) {
    std::cerr << "loom-sim: error: " << e.what() << "\n";
  }
  std::cout.flush(), std::cerr.flush();
  std::fflush(nullptr);
  ::_exit(rc);
}

} // namespace

std::string progressText(size_t finished, size_t n, const std::vector<std::string>& running) {
  constexpr size_t kBar = 20;
  size_t full = n ? finished * kBar / n : kBar;
  std::string s = "[" + std::string(full, '#') + std::string(kBar - full, '.') + "] " +
                  std::to_string(finished) + "/" + std::to_string(n) + " done, running";
  for (const std::string& r : running)
    s += " " + r;
  return s;
}

namespace {

// The progress line: status(finished, running items) if given, else progressText's.
std::string
statusText(size_t finished, size_t n, const std::map<pid_t, Child>& running,
           const std::function<std::string(size_t)>& name,
           const std::function<std::string(size_t, const std::vector<size_t>&)>& status) {
  std::vector<size_t> items;
  std::vector<std::string> names;
  for (const auto& [pid, c] : running)
    items.push_back(c.item), names.push_back(name(c.item));
  return status ? status(finished, items) : progressText(finished, n, names);
}

// A child that ended (its wait status in `exit`), -1 on an error, or, when `poll`, 0
// after a millisecond without one.
pid_t waitChild(int& exit, bool poll) {
  if (!poll) return ::waitpid(-1, &exit, 0);
  pid_t pid = ::waitpid(-1, &exit, WNOHANG);
  if (pid == 0) ::usleep(1000);
  return pid;
}

} // namespace

std::optional<std::string> runInChildren(
    size_t n, unsigned jobs,
    const std::function<int(size_t i, const std::string& resultPath)>& work,
    const std::function<void(size_t i, KernelVerdict& v, const std::string& result)>& done,
    const std::function<std::string(size_t i)>& name,
    const std::function<std::string(size_t finished, const std::vector<size_t>& running)>& status) {
  std::string tmpl = (fs::temp_directory_path() / "loom-sim-run.XXXXXX").string();
  if (!::mkdtemp(tmpl.data()))
    return "cannot make a temporary directory: " + std::string(strerror(errno));
  const fs::path dir = tmpl;
  auto errPath = [&](size_t i) { return (dir / (std::to_string(i) + ".err")).string(); };
  auto resultPath = [&](size_t i) { return (dir / (std::to_string(i) + ".json")).string(); };
  std::vector<std::optional<KernelVerdict>> finished(n);
  std::map<pid_t, Child> running;
  size_t started = 0, reported = 0, count = 0;
  bool tty = ::isatty(STDERR_FILENO);
  std::string shown;                    // the progress line last shown
  std::cout.flush(), std::cerr.flush(); // a child must not write the parent's buffers again
  std::optional<std::string> problem;
  while (reported < n) {
    while (!problem && started < n && running.size() < std::max(jobs, 1u)) {
      terminal::StatusLine::clear(), shown.clear(); // a child must not believe a line is up
      pid_t pid = ::fork();
      if (pid == 0) childMain(started, errPath(started), resultPath(started), work);
      if (pid < 0) {
        problem = "cannot start a process: " + std::string(strerror(errno));
        break;
      }
      running[pid] = {started++, std::chrono::steady_clock::now()};
    }
    if (running.empty()) break; // only after a problem: nothing left to wait for
    if (tty) {
      std::string text = statusText(count, n, running, name, status);
      if (text != shown) terminal::StatusLine::show(stderr, text), shown = text;
    }
    int exit = 0;
    pid_t pid = waitChild(exit, tty && status);
    if (pid == 0) continue; // a millisecond passed: the line again, if it changed
    if (pid < 0) {
      if (errno == EINTR) continue;
      problem = "cannot wait for a process: " + std::string(strerror(errno));
      break;
    }
    auto it = running.find(pid);
    if (it == running.end()) continue;
    KernelVerdict v;
    v.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - it->second.start).count();
    v.exitCode = WIFEXITED(exit) ? WEXITSTATUS(exit) : 1;
    v.signal = WIFSIGNALED(exit) ? WTERMSIG(exit) : 0;
    v.log = readFileText(errPath(it->second.item));
    finished[it->second.item] = std::move(v);
    running.erase(it);
    ++count;
    for (; reported < n && finished[reported]; ++reported) {
      terminal::StatusLine::clear(), shown.clear();
      done(reported, *finished[reported], readFileText(resultPath(reported)));
    }
  }
  terminal::StatusLine::clear();
  std::error_code ec;
  fs::remove_all(dir, ec);
  return problem;
}

} // namespace loom::cli
