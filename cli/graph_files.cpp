#include "cli/graph_files.h"

#include "cli/command.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loom::cli {

namespace {

// `dot -Tsvg -o SVG` on the text (through a temporary file, so that Graphviz's messages
// name a file), with its messages on our stderr.
bool renderSvg(const std::string& svgPath, const std::string& dot) {
  std::string tmp = "/tmp/loom-sim-dot-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) return printError("--svg: cannot make a temporary file: " + tmp), false;
  close(fd);
  {
    std::ofstream os(tmp, std::ios::binary);
    os << dot;
    if (!os.flush())
      return std::remove(tmp.c_str()), printError("--svg: cannot write " + tmp), false;
  }
  std::string out = svgPath;
  char* argv[] = {const_cast<char*>("dot"),
                  const_cast<char*>("-Tsvg"),
                  const_cast<char*>("-o"),
                  out.data(),
                  tmp.data(),
                  nullptr};
  pid_t pid = 0;
  int err = posix_spawnp(&pid, "dot", nullptr, nullptr, argv, environ);
  int status = 0;
  if (!err) waitpid(pid, &status, 0);
  std::remove(tmp.c_str());
  if (err == ENOENT)
    return printError("--svg renders the graph with Graphviz's `dot`, which is not installed "
                      "(Debian: apt install graphviz); --dot writes the text"),
           false;
  if (err) return printError(std::string("--svg: cannot run `dot`: ") + std::strerror(err)), false;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return printError("--svg: Graphviz's `dot` could not render the graph to '" + svgPath + "'"),
           false;
  return true;
}

} // namespace

bool writeGraphFiles(const std::string& dotPath, const std::string& svgPath,
                     const std::string& dot) {
  bool ok = true;
  if (!dotPath.empty()) ok = writeOutput(dotPath, [&](std::ostream& os) { os << dot; });
  if (ok && !svgPath.empty()) ok = renderSvg(svgPath, dot);
  return ok;
}

} // namespace loom::cli
